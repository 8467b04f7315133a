"""Hamster Burrow's expert level: the leaf value, the guide and ``EXPERT`` (game/ai/expert.py
reads it)."""
from __future__ import annotations

from .geo import _Clock, geometry
from .planner import HamsterPlanner


# ------------------------------------------------------------------------------------------
# the expert level's hook (game/ai/expert.py reads EXPERT)
# ------------------------------------------------------------------------------------------
_GEO_BY_VARIANT: dict = {}


def expert_lead(state) -> list:
    """The search's leaf value: each sheet's expected final points by the good player's
    evaluation, as shares of the win."""
    from ..expert import lead_shares
    values = []
    for seat in range(state.players):
        view = state.view(seat)
        geo = _GEO_BY_VARIANT.get(state.variant)
        if geo is None:
            geo = _GEO_BY_VARIANT[state.variant] = geometry(view["sheet"])
        own = view["sheets"][seat]
        mine = geo.mask_of(list(own["crosses"]) + list(own.get("this_roll") or []))
        free = geo.one_row - int(own.get("one_row_used", 0)) - int(own.get("one_row_this_roll", 0))
        clock = _Clock(view, geo)
        values.append(geo.evaluate(mine, max(0, free), clock(geo.started(mine)),
                                   view.get("first_cross") == "any"))
    return lead_shares(values, 4.0)


def expert_guide(game: str, seed: int | None) -> HamsterPlanner:
    """The expert's guide: the deeper planner (asked first; the search overrules it only by a
    margin)."""
    return HamsterPlanner(game, seed)


EXPERT = {
    # everyone chooses for the same roll, but nobody's choice changes another's options
    # the planner looks two rolls ahead; the tree (the sheet evaluation at its leaves, the
    # other seats' choices in between) sees less, so it overrules the planner only where its
    # pick looks far better (40 games each vs good, 300 iterations: the search at the shared
    # margin 61% against the planner alone 64-66%).  The planner alone, 100 paired games vs
    # good: 65.5% as it is; 66.0% with the linear weights refitted to good-vs-good final
    # scores; 66.0% with leaves valued as a saturating lead over the rival; 63.5% with a wider
    # second roll (deep 5, beam 3): no gain beyond the noise from any of them.  Playing the
    # last rolls for the win (HamsterPlanner's endgame), the same positions played on from
    # where it first acts, 300 paired endings each vs good: from 1 box left +0.7% (se 1.2),
    # 2 boxes +3.3% (se 1.8), 3 boxes +6.7% (se 2.3; +5.0%, se 2.1, on 300 other endings),
    # 4 boxes against 3 +4.2% (se 1.7, 300 endings) and +5.3% (se 2.3, 200 others): the
    # endgame starts at 4 boxes left (ENDGAME_BOXES 5); the planner alone (3 boxes), 200 whole
    # games from seed 30000: 66.3% against 62.3%; the expert at 100 iterations, 100 games from
    # seed 20000: 65.0% without the endgame, 72.0% from 3 boxes, 74.0% from 4 boxes; from
    # seed 21000: 61.0%, 67.5%, 70.0%
    "tuning": {"depth": 0, "c": 0.7, "defer_secret": False, "margin": 0.15,
               "multi_margin": 0.15},
    "evaluate": expert_lead,
    "guide": expert_guide,
}
