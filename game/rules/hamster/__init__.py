"""Hamster Burrow (seed 004): a roll-and-write; every player fills the chambers of a burrow
sheet with crosses, all using the same die roll.

The sheet (chambers, tunnels, mushrooms, nuts, the 1-row and the timer) comes from
``data/hamster/side_a.yaml`` / ``side_b.yaml`` (see ``load_sheet``); the variant picks the side.
Cells are grid points ``(x, y)``; inside the rules each chamber keeps its cells sorted by
``(y, x)`` and a player's crosses in a chamber are a bit mask over that list.

Turn structure (one decision per action, see /work/notes/HAMSTER.md):
  roll    - the roller (seat ``turn % players``) rolls the die (chance)
  choose  - every seat, starting at the roller, crosses a legal set of cells or passes
then the turn ends: timer activation check, game-end check, next roll.

Decisions are simultaneous in the rulebook: what a seat crossed for the current roll (and the
1-row slots it spent) stays out of every other seat's view until the turn ends.

Timer (multi-player): after the turn in which a player makes a first cross in their 4th
chamber, the timer is active; from the next roll on a 4+ crosses a box first; the roll that
crosses the last box is still played by everybody, then the game is over.  Solo: the timer runs twice - pass 1 from the start
(a 4+ circles a box); pass 2 (a 4+ crosses a box) starts after the turn that completes pass 1 or
in which the player made a first cross in their 4th chamber; the game ends after the turn that
crosses the last box of pass 2.  In the view, ``timer.active`` is True in solo from the start
(the timer always runs) and ``timer.pass`` says which pass; in multi-player ``pass`` is None.

The package, by job: ``sheet.py`` (the chambers and the sheet read from data/hamster and
checked), ``state.py`` (``HamsterState``: set-up, the timer, the score breakdown, results,
views), ``play.py`` (the legal sets of crosses, an action carried out, the end of a turn and of
the game; its memory of legal sets is bounded by ``SET_CACHE``), ``persist.py`` (the save and
its check), ``refusal.py`` (why a cell or the pass cannot be chosen, for the screen).
"""
from __future__ import annotations

from ...io.data import DataError
from .play import SET_CACHE
from .refusal import explain_pass, explain_refusal
from .sheet import (CHAMBER_COUNT, MAX_CHAMBER_CELLS, MAX_ONES, NUT_COUNT, SIDES, STEPS, Chamber,
                    Sheet, default_sheet, load_sheet)
from .state import HamsterState


__all__ = ["HamsterState", "explain_refusal", "explain_pass", "load_sheet", "default_sheet",
           "Sheet", "Chamber", "DataError", "SIDES", "CHAMBER_COUNT", "NUT_COUNT", "MAX_ONES",
           "MAX_CHAMBER_CELLS", "SET_CACHE", "STEPS"]
