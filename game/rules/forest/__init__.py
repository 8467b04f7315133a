"""Forest Gold (seed 002): packs of two canines and a hunter explore a square forest of
face-down tiles and carry gold nuggets home to their campfire.

Data: ``data/forest/tiles.yaml`` (the tile types: kind, nuggets, arrow layouts, swamp bumps),
``mixes.yaml`` (how many tiles of each type, per board size) and ``settings.yaml`` (Move Camp
uses, Race targets, round cap, reinforcement delays); see ``load_data``.

Cells are numbered ``y * size + x``; actions and events name them as ``[x, y]`` (y grows
downwards, "N" is up).  Packs sit on the edges in turn order: 2 packs south and north; 3 packs
south, west, north; 4 packs south, west, north, east (allies, with the alliances option, sit
opposite each other: seats 0 + 2 against 1 + 3).

Actions of ``current_player`` (one decision each):
  camp       first round: {"type": "camp", "cell": [x, y]} a tile of the pack's own edge
             (corners belong to two edges and are never campfires); the covered tile leaves
             play unseen
  move       {"type": "move", "piece": id, "to": [x, y], "carry": bool}: one piece one step to
             one of its 8 neighbours; ``carry`` takes a nugget along (the one it carries or one
             lying on its tile); ``carry: False`` while carrying drops the nugget where it stands
  wade       {"type": "wade", "piece": id, "carry": bool}: a piece in a swamp goes one bump on
  move_camp  {"type": "move_camp", "to": [x, y]}: the campfire goes to a neighbouring tile of
             the same edge, stored nuggets and the pack's pieces on it along
  choose     {"type": "choose", "to": [x, y], "why": "arrows" | "hare" | "mole_tunnel"}: a
             choice inside a chain (which arrow, which far corner, which L-move or staying)
  pass       whenever no piece of the pack can move (Move Camp is a choice, never forced)

Readings beyond RULINGS.md (designed, also in the rules text):
  * a forced move (bear, red fox, hare, arrow, Hunter's Call) never goes where its piece could
    not step (a hunter onto a face-down tile, a carrier onto a face-down tile or a Wolf Den...):
    the bear sends it back one tile instead of two, or it stays; an arrow that points off the
    board or to a forbidden tile cannot be followed; with no way to follow, the piece stays;
  * the mole tunnel's L-move is optional: staying on the tunnel is one of the choices;
  * a chain is caught in a loop (RULINGS.md) when it enters a tile it already entered from
    the same direction with nothing opened or chosen since; also (designed) when its player
    must choose and no choice, nor any choice it leads to, can end the chain: every way comes
    back to a choice already met.  A canine dies, a hunter goes home, a carried nugget is
    lost.  Entering a tile again in any other way resolves it again;
  * a hunter on the Serpent is not trapped: its usual rest after a move is the skipped turn;
    a canine of the same pack that steps onto the Serpent frees the trapped one and is not
    caught itself;
  * attacks happen where a piece comes to rest; pieces sent home (bees, attacks) attack nobody;
  * a robber takes the most recently stored nugget; a nugget dropped on a campfire (its carrier
    was attacked there) is stored for that campfire's pack;
  * a bump holds one nugget: a second one arriving sinks the one that was there;
  * Plunder also ends when the only nuggets left lie on Bees tiles (no piece can stop there);
    every game ends after ``round_cap`` rounds (60) at the latest, Race too.

The package, by job: ``data.py`` (the names of tiles and directions, and the tiles, mixes and
settings read from data/forest and checked), ``board.py`` (the geometry of the forest),
``state.py`` (``ForestState``: set-up, queries, results, views), ``legal.py`` (the legal
actions), ``play.py`` (carrying an action out, the end of a turn and of the game),
``chain.py`` (what the tiles a piece enters do to it), ``persist.py`` (the save and its check).
"""
from __future__ import annotations

from .board import geometry
from .data import (AWAY, CHOICES, DIRS, EDGE_NAME, EDGES, KIND_CAP, KIND_LABEL, KINDS, KNIGHT,
                   MOVERS, STEPS, STEPS8, ForestData, default_data, load_data, rotate_dir)
from .state import ForestState

__all__ = ["ForestState", "ForestData", "load_data", "default_data", "geometry", "KINDS",
           "DIRS", "rotate_dir", "KIND_LABEL", "KIND_CAP", "MOVERS", "STEPS8", "KNIGHT", "EDGES",
           "EDGE_NAME", "AWAY", "STEPS", "CHOICES"]
