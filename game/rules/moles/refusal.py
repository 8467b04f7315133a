"""Mole Dig: why a point cannot be chosen, read from a view (the screen words it; the
legality itself is ``legal_actions``)."""
from __future__ import annotations

from .board import movement_rays


# ------------------------------------------------------------------------------------------
# why a point cannot be chosen (the screen shows this; the legality itself is legal_actions)
# ------------------------------------------------------------------------------------------
def explain_refusal(view: dict, seat, point, selected=None, names=None):
    """Why ``seat`` may not choose ``point`` (q, r) in ``view`` now, from what the view shows:
    ``(code, params)`` for the screen to put into words (``game/app/eventtext/moles.py``), or
    None when the point is no reason to refuse (e.g. one's own mole that can move: choosing it
    selects it).  ``selected`` is the mole the player picked to move.  Codes and params:

      place_hole, place_taken_mine, place_taken {seat}, place_no, turn_first, keep_first,
      bonus_first, not_yours {seat}, too_far {value}, all_taken {value}, no_jump {value},
      bonus_not_big, dotted_two, cannot_move {value}, pick_first,
      wrong_distance {value, distance}, jump, bonus_big, not_allowed, lines_only,
      not_straight {value}

    ``names`` is accepted for older callers and not used (the screen names the seats)."""
    p = (int(point[0]), int(point[1]))
    step = view.get("step")
    L = view["layers"][view["layer"]]
    occ = {tuple(m["at"]): m for m in view["moles"]}
    holes = {tuple(h) for h in L["holes"]}
    if step == "place":
        if p in holes:
            return "place_hole", {}
        if p in occ:
            m = occ[p]
            if m["seat"] == seat:
                return "place_taken_mine", {}
            return "place_taken", {"seat": m["seat"]}
        return "place_no", {}
    if step == "turn":
        return "turn_first", {}
    if step == "keep":
        return "keep_first", {}
    if step == "bonus":
        return "bonus_first", {}
    if step != "move":
        return None
    val = view["pending"][0] if view.get("pending") else 0
    lines = None if not L.get("lines") else [
        {"style": ln["style"], "points": [tuple(q) for q in ln["points"]]} for ln in L["lines"]]
    rays = movement_rays(L["radius"], lines)
    if p in occ:
        m = occ[p]
        if m["seat"] != seat:
            return "not_yours", {"seat": m["seat"]}
        return _why_stuck(view, rays.get(p, []), occ, val)
    if selected is None:
        return "pick_first", {}
    return _why_not(view, L, rays.get(tuple(selected), []), occ, p, val)


def _why_stuck(view, rays, occ, val):
    """Why one's own mole has no move for the disc ``val`` (None: it has one)."""
    long_enough = [ray for ray, _ in rays if len(ray) >= val]
    if not long_enough:
        return "too_far", {"value": val}
    blocked = [ray for ray in long_enough if any(q in occ for q in ray[:val])]
    if len(blocked) == len(long_enough):
        if all(ray[val - 1] in occ and not any(q in occ for q in ray[:val - 1]) for ray in blocked):
            return "all_taken", {"value": val}
        return "no_jump", {"value": val}
    if view.get("in_bonus"):
        return "bonus_not_big", {}
    if view.get("two_player_lines"):
        return "dotted_two", {}
    return "cannot_move", {"value": val}


def _why_not(view, L, rays, occ, dest, val):
    """Why the selected mole cannot go to the empty point ``dest``."""
    for ray, style in rays:
        if dest in ray:
            n = ray.index(dest) + 1
            if n != val:
                return "wrong_distance", {"value": val, "distance": n}
            if any(q in occ for q in ray[:val - 1]):
                return "jump", {}
            if view.get("in_bonus") and dest in {tuple(b) for b in L["big"]}:
                return "bonus_big", {}
            if style == "dotted" and view.get("two_player_lines"):
                return "dotted_two", {}
            return "not_allowed", {}
    if L.get("lines"):
        return "lines_only", {}
    return "not_straight", {"value": val}
