"""Mole Dig (seed 003): moles dig down through four stacked layers to the golden shovel.

Board geometry and numbers come from ``data/moles/board.yaml`` (see ``load_board``).
Coordinates are axial lattice points ``(q, r)`` in *table* coordinates: each layer's holes and
big spaces are turned by the layer's dealt rotation, so a mole in a hole simply keeps its point
when the layer above is lifted away.

Turn structure (one decision per action):
  place  - setup: put one of your moles on an empty non-hole point of the top layer
  turn   - turn over a random face-down disc of your own (chance)
  keep   - championship option only: keep one of the two discs you turned over
  move   - move one of your moles exactly the disc's value in a straight line
  bonus / pass - after landing on a big space: turn another disc for a bonus move, or not

Rulings beyond RULINGS.md (designed, documented in the rules screen):
  * if no disc value gives anyone still moving a legal move (every mole in play sits in a hole,
    or every free mole is walled in), the layer is lifted at once (nobody can move);
  * "every game ends" (RULINGS): when all other players are skipped, the one player still
    moving has one round of discs (six turns) to fill the holes, then the layer is lifted as if
    full; as a last resort a layer not filled after 30 rounds of turns is lifted as if full.
    Lifting the last layer ends the game: nobody is in the centre, so every mole leaves and the
    player(s) with the most moles just before share the win;
  * championship option: of the two discs turned over, one that gives a legal move must be kept
    (a dead disc cannot be kept to dodge a move); with only one face-down disc left it is used.

The package, by job: ``board.py`` (the board read from data/moles and checked, and its
geometry: points, rotations, rays, each dealt layer's step tables), ``state.py``
(``MolesState``: set-up, who can move where, the legal actions, results, views), ``play.py``
(an action carried out, the end of a turn, the lift of a layer, the win), ``persist.py`` (the
save and its check), ``refusal.py`` (why a point cannot be chosen, for the screen).
"""
from __future__ import annotations

from ...io.data import DataError
from .board import (BOARD_FILE, DIRECTIONS, LAST_RESORT_ROUNDS, LAYER_COUNT, Board, hex_points,
                    load_board, movement_rays, ring, rotate)
from .refusal import explain_refusal
from .state import MolesState


__all__ = ["MolesState", "load_board", "Board", "DataError", "rotate", "ring", "hex_points",
           "movement_rays", "explain_refusal", "DIRECTIONS", "LAYER_COUNT", "LAST_RESORT_ROUNDS",
           "BOARD_FILE"]
