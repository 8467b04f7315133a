"""Computer players for Hamster Burrow.

Both players look only at ``view`` (``state.view(seat)``) and ``legal``.  The sheet geometry
comes from ``view["sheet"]`` (static, public); the agent's own crosses from
``view["sheets"][seat]``; the other seats' visible crosses only feed the guess of when the
timer starts.  The die is rolled before anyone decides, so there is nothing hidden to guess.

``HamsterBeginnerAgent`` ("beginner"): random among the legal sets, but a set that finishes a
chamber or takes a nut or a mushroom is taken when there is one.  Cheap: it is used for long
random playouts.

``HamsterAgent`` ("good"): a one-decision planner.  Every legal set is scored by a static
evaluation of the sheet it leaves (``Geo.evaluate``):
  * the points already made (full chambers, mushrooms, nuts 2/4/8/16);
  * each started chamber's promise: its points x (fraction crossed) ** 1.6, discounted when
    its empty cells are split into remnants of 1-2 cells (only exact small rolls or the 1-row
    can fill those) and when the rolls left are too few to finish it;
  * nuts and mushrooms still to take, by how many cells away they are (a nut's worth is the
    marginal value of the next one: 2, 2, 4, 8), fading as the rolls run out;
  * flexibility: the odds that the next roll has a legal set at all (a pass wastes a turn);
  * the 1-row: a free slot is worth something while ones are still to come (about one
    roll in six), and a full row costs a pass for every coming 1;
  * the clock: an estimate of the rolls left, from the timer (solo: both passes) and from the
    chamber counts (entering a 4th chamber starts the timer); rolls left are worth points.
The best few sets are then looked at one roll further: the expected best evaluation over the
six faces of the next roll (``LOOKAHEAD``).

``HamsterPlanner`` (the expert's guide, not a level of its own): the same evaluation looked at
two rolls further for the best sets, the timer followed roll by roll, and the leading rival's
loss counted when starting a 4th chamber switches the timer on.  In the last rolls (fewer than
``ENDGAME_BOXES`` timer boxes left) it stops maximising its own points and plays for the win:
the rivals' sheets are public, so their choices are modelled roll by roll (the sheet evaluation
picks for them), the roll that crosses the last box is scored by the rulebook's order (total,
then chamber, mushroom and nut points), and it takes the set with the best chance to finish
ahead - a risky set when behind, a safe one when ahead.

The package, by job: ``geo.py`` (the weights, the sheet as bit masks and its evaluation, the
clock of rolls left), ``players.py`` (the beginner, the good player, a game, the strength
report), ``planner.py`` (the expert's deeper planner and its endgame), ``hook.py`` (the expert
level's leaf value, guide and ``EXPERT``).  It keeps the name ``hamster_ai`` of the module it
was, as every game's players do (``game/ai/<game>_ai``): ``data/games.yaml`` names its players
by it and ``expert.hooks`` finds ``EXPERT`` by it.
"""
from __future__ import annotations

from .geo import LOOKAHEAD, W, Geo, geometry, rolls_left
from .hook import EXPERT, expert_guide, expert_lead
from .planner import HamsterPlanner, _Timer
from .players import HamsterAgent, HamsterBeginnerAgent, play_game, strength_report


__all__ = ["HamsterAgent", "HamsterBeginnerAgent", "HamsterPlanner", "Geo", "geometry",
           "rolls_left", "play_game", "strength_report", "EXPERT", "expert_guide",
           "expert_lead", "W", "LOOKAHEAD"]
