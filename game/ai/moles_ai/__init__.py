"""Computer players for Mole Dig.

``MolesBeginnerAgent`` ("beginner") plays a plausible novice game: it drops a mole into a
hole whenever it can, never pulls one out when another move exists, and otherwise moves at
random.

``MolesAgent`` ("good") is a small expectimax player.  It only ever looks at ``view`` (what its
seat may see) and ``legal``.  From the view it rebuilds a full state with
``MolesState.from_view`` to get the board geometry; the only unknown of Mole Dig is the order
of the face-down discs, and the agent never draws from it: it works with the *odds* of every
player's remaining face-down values (public: ``view["discs"][seat]["face_down"]``; when none is
left, all six come back).

Search model (``Pos``): a light copy of the position - which seat stands on which point, the
layer, every seat's face-down values, whose turn it is - with the rules that matter for
look-ahead: straight moves of exactly the disc value without jumping, the two-player
dotted-line rule of the last layer, filling the last hole lifts the layer (moles outside holes
leave, a seat without moles is out), the first mole into the centre hole wins, seats whose
moles all sit in holes are skipped.  (Bonus moves are searched at the root only.)

Evaluation (``equity``): a share of the win for every seat.
  * Layers 1-3: each seat's expected survivors of the coming lift = moles already in holes
    + the still-empty holes it is expected to fill.  That comes from a small race model: every
    seat's chance to drop a mole into an empty hole on its next turn (exact, over its
    face-down disc odds, with blocking), then a longer-run rate from how many of its moles
    stand one disc-move from an empty hole; nobody fills more holes than it has moles
    outside them.  The chance of being forced to pull a mole out of a hole (no other move for
    the disc) is subtracted; a later fill counts a little less than a mole already in a hole.
    Shares of the win follow the expected survivors.  When only one seat can still fill holes
    (everybody else waits in holes), the position is worth the lift it will bring about.
  * The layer above the last also weighs what the last layer needs: at least one survivor,
    and the disc odds of the race that follows.
  * Last layer: a race to the centre hole, turn by turn in play order, with each seat's
    chance to turn a value that carries a mole into the hole (blocking and the two-player
    dotted-line rule included); discs are turned without putting back until all six are up,
    so a value still face down grows likelier every turn.
Decisions: each candidate move is scored by the equity after it (landing on a big space
scores the better of passing and the expected bonus move); the best few are searched one ply
deeper: the next opponent's best reply by the same evaluation, averaged over their disc odds.
The championship "keep" compares the best move of each kept value.  Placement favours points
from which many holes are one move away for likely values, spread over many holes, and points
that block an opponent's path.

The package, by job: ``pos.py`` (the settings, the geometry taken from the rules, the odds of
face-down discs, ``Pos``), ``equity.py`` (the evaluation and the strength of a placement),
``players.py`` (the beginner, the good player, a match, the strength report), ``hook.py`` (the
expert level: calibration, guide, leaf value, ``EXPERT``).  It keeps the name ``moles_ai`` of
the module it was, as every game's players do (``game/ai/<game>_ai``): ``data/games.yaml``
names its players by it and ``expert.hooks`` finds ``EXPERT`` by it.
"""
from __future__ import annotations

from .equity import _lone_race, _race_at_lift, equity, lone_race_equity, placement_strength
from .hook import (CALIBRATION, CALIBRATION_SEATS, EXPERT, LONE_RACE, MolesExpertGuide, action_id,
                   calibrate, calibrated_equity, expert_equity, expert_guide, expert_value)
from .players import MolesAgent, MolesBeginnerAgent, play_match, strength_report
from .pos import Pos, draw_outcomes, hit_chance


__all__ = ["MolesAgent", "MolesBeginnerAgent", "Pos", "equity", "strength_report", "play_match",
           "EXPERT", "MolesExpertGuide", "CALIBRATION", "CALIBRATION_SEATS", "LONE_RACE",
           "action_id", "calibrate", "calibrated_equity", "expert_equity", "expert_guide",
           "expert_value", "lone_race_equity", "placement_strength", "hit_chance",
           "draw_outcomes"]
