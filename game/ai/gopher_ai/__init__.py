"""Computer players for Gopher's Pantry, deciding from ``state.view(seat)`` only (their own
hand, the open piles, the tokens and the page) plus the book and deck data.

``GopherBeginnerAgent``: places and rolls without a plan, prefers an end hole where its hand can
collect (any such hole, at random), builds a random working combination, keeps the best card of
a present and plays a digger only to get rid of a second one.

``GopherAgent`` (good): values every end hole by what it pays now - the amount it can collect
(beginner rule set: weighted towards the kinds it has least of), a present's likely trophy, a
portal's expected collection on the other pages, a card drawn for an ineffective turn, baskets
it would take and the ransom it would owe - and compares the best move with playing a digger
(before the roll against the average over the six rolls, after the roll against this roll).
It collects with the combination that subtracts least (the tie rule) and uses most cards.

The expert level (``game/ai/expert.py``) plays here with ``EXPERT`` at the bottom: the sharp
form of the good player (``GopherSharpAgent``: spends diggers sooner, pays with the fewest
cards keeping the hand that pays most, and near the end pays - or plays a digger - so that
the game ends when it wins and goes on when it would lose) as its guide
and playout player, and ``expert_eval`` (a fitted win model) as its leaf value.

The package, by job: ``players.py`` (the beginner, the good player, the strength report),
``hook.py`` (the expert level's sharp player, leaf value and ``EXPERT``).  It keeps the name
``gopher_ai`` of the module it was, as every game's players do (``game/ai/<game>_ai``):
``data/games.yaml`` names its players by it and ``expert.hooks`` finds ``EXPERT`` by it.
"""
from __future__ import annotations

from .hook import EXPERT, GopherSharpAgent, expert_eval, hand_reach, settled
from .players import GopherAgent, GopherBeginnerAgent, duel, strength_report

__all__ = ["GopherAgent", "GopherBeginnerAgent", "GopherSharpAgent", "duel", "expert_eval",
           "hand_reach", "strength_report", "EXPERT", "settled"]
