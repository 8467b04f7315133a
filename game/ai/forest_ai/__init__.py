"""Computer players for Forest Gold.

Both decide from ``view`` (their own seat's view) and ``legal`` only.  Face-down tiles are
unknown to every seat: the good player rebuilds a full state with ``ForestState.from_view``
(the face-down tiles dealt at random from the counts the view shows) and never looks further.

``ForestBeginnerAgent`` ("beginner"): a plausible novice.  It delivers a nugget when it stands
next to its campfire, takes a nugget along when it can and steps towards home with it, never
walks a canine onto an open Lynx, never moves its campfire (a pack that cannot move passes),
and otherwise moves at random.

Every level keeps its chains finite: a player may choose to go round to a choice it already
met in a chain (RULINGS.md, forest: such an arrow exit is a normal choice), the computer
players never do (``chain_choices``).

``ForestAgent`` ("good"): a one-move planner with a position value.
  * Every legal action is tried on the rebuilt state.  A canine stepping onto a face-down tile
    is valued as if the tile were Empty Forest plus the expected worth of what may lie there,
    from the counts of tiles still unseen (gold is worth its nuggets, the Lynx costs the
    canine, bees, serpents and swamps cost time).  A choice inside a chain is valued by its
    best continuation.
  * The position value, for the own pack (and ally) minus the rivals: stored nuggets; carried
    nuggets, worth more the closer they are to home along open tiles a carrier may use
    (breadth-first distances); free pieces near loose nuggets; canines next to face-down tiles
    (exploring); dead and trapped canines; a carrier standing next to a rival that can attack
    it; an unguarded campfire with gold while rivals are near (guarding and raiding); and the
    Race target reached.
  * Playing for the target (Race): the turns the own pack still needs to the target, as the
    race clock counts them (``race_turns``, ``CLOCK`` points a turn); the bumps a piece
    still has to wade through; gold found by how near home it lies; a canine far from any
    face-down tile drawn to the nearest ones.  The worth of a tile opened by the first step
    of a two-step plan counts in both steps (else opening it always looked better a turn
    later, and some canines never did).  A piece (or the campfire) brought back where it
    rested before costs ``REPEAT`` for each time before, so a pack does not pace to and fro,
    and a canine carrier walled in by face-down tiles opens its way home (``_unwall``).
    Good against good, 2-pack Race, the 200 games of ``simulate forest --players 2 --games
    200 --seed 9000``: 5 ran to the round cap (the earlier player and rules: 33), the others
    ended by the target after 33 rounds (median; 90% by round 49).  With the race clock alone
    18 of 200 ran to the cap; a lone pack (the rival's pieces held) needs about 36 rounds
    and misses the target by the cap in about one deal in five: the deal decides much.
    Median decision 24 ms (CPU), longest 61 ms, on three such games.

The expert level (``expert.py``) plugs in through ``EXPERT`` at the bottom: ``ForestReplyGuide``
(the good player, its options ranked, each of its first few options also met with the rival's
best answer; a canine carrier walled in by face-down tiles opens its way home instead of
shuttling, and the campfire stays put) is asked first; the search compares its first few
options on common deals (the ``paired`` setting: every option meets the same face-down tiles
and playout seeds), each after short playouts by ``ForestPlayoutAgent`` (the beginner's
habits read straight from the dealt state, a share of random actions mixed in), and ends
them in ``blend_shares``: the position value (``pack_values`` as ``expert_shares``) blended
with the race clock (``race_clock``: the turns each pack still needs to its target, from what
its gold costs to fetch), fitted to the outcomes of 150 seeded games (log-loss 0.417 against
0.449 for the position value alone).
About 1,950 iterations a CPU second, the guide included (the earlier settings: about 2,180).
Expert against good, 2 packs, seats swapped, 200 iterations a move, 40 games from seed 300:
the earlier settings 21.5 (good against good on the same deals: 15), paired alone 21, paired
with the blended leaf 24; the reply guide alone against good 50 of 100 from seed 300 (good
against good on those deals: 41.5).  From seed 5000 (60 games) none of it shows: these
settings 28, the earlier ones 27, the reply guide alone 30.5, good against good 30; against
the beginner 32.5 of 40.  The deal and the first move decide much of a game.

Measured with ``strength_report(200, seed=1)`` (2-pack Race, seats alternating): good wins
97.5% against random and 81% against the beginner; median decision 29 ms, longest 0.62 s
(on a busy machine).

The package, by job: ``value.py`` (the good player's position value and the race clock, shared
by every level), ``players.py`` (the beginner, the good player, the strength report),
``hook.py`` (the expert level's guides, playout player and leaf values, and ``EXPERT``).  It
keeps the name ``forest_ai`` of the module it was, as every game's players do
(``game/ai/<game>_ai``): ``data/games.yaml`` names its players by it and ``expert.hooks``
finds ``EXPERT`` by it.
"""
from __future__ import annotations

from .hook import (EXPERT, REPLY_WEIGHT, ForestGuide, ForestPlayoutAgent, ForestReplyGuide,
                   blend_shares, expert_shares, open_home_dist, pack_values)
from .players import ForestAgent, ForestBeginnerAgent, duel, strength_report
from .value import (EVAL_WEIGHTS, REPEAT, Evaluator, cached_home_dist, carrier_threatened,
                    carrier_walled, chain_choices, nugget_costs, pieces_by_cell, race_clock,
                    race_shares, race_turns, seat_progress)

__all__ = ["ForestAgent", "ForestBeginnerAgent", "Evaluator", "duel", "strength_report",
           "EXPERT", "ForestGuide", "ForestPlayoutAgent", "ForestReplyGuide", "blend_shares",
           "expert_shares", "open_home_dist", "pack_values", "REPLY_WEIGHT", "EVAL_WEIGHTS",
           "REPEAT", "cached_home_dist", "carrier_threatened", "carrier_walled", "chain_choices",
           "nugget_costs", "pieces_by_cell", "race_clock", "race_shares", "race_turns",
           "seat_progress"]
