"""Mole Dig: log sentences, toasts, refusals and results from the rules' events
(``game/rules/moles/state.py`` ``EVENT_TYPES``; catalog ``data/i18n/<lang>/events_moles.yaml``).

Places are named as the board shows them: a move says its direction on the screen and its
distance, and whether it ends in a hole or on a big space; layers by their number and name.
No lattice coordinate is ever printed."""
from __future__ import annotations

from ...i18n import tr
from .common import names_list
from ...rules.moles import LAST_RESORT_ROUNDS, LAYER_COUNT

K = "events.moles."

#: the eight screen directions, counter-clockwise from "right", 45 degrees apart (lattice
#: direction (1, 0) points right and r grows downwards: see game/app/views/hexgeom.py)
_DIRS = ("right", "up_right", "up", "up_left", "left", "down_left", "down", "down_right")


def _t(key: str, **kw) -> str:
    return tr(K + key, **kw)


def _int(x, default: int = 0) -> int:
    return x if isinstance(x, int) and not isinstance(x, bool) else default


def direction(frm, to) -> str | None:
    """Where a move goes on the screen, as a catalog phrase (None: no move)."""
    import math
    try:
        dq, dr = float(to[0]) - float(frm[0]), float(to[1]) - float(frm[1])
    except (TypeError, ValueError, IndexError):
        return None
    x, y = dq + dr / 2.0, -dr * math.sqrt(3.0) / 2.0        # y up
    if abs(x) < 1e-9 and abs(y) < 1e-9:
        return None
    sector = int(round(math.degrees(math.atan2(y, x)) / 45.0)) % 8
    return _t("dir." + _DIRS[sector])


def area(at) -> str:
    """Where a point lies on the board as the screen shows it: the middle, or a side."""
    import math
    try:
        q, r = float(at[0]), float(at[1])
    except (TypeError, ValueError, IndexError):
        return _t("area.middle")
    x, y = q + r / 2.0, -r * math.sqrt(3.0) / 2.0
    if math.hypot(x, y) < 1.5:
        return _t("area.middle")
    return _t("area." + _DIRS[int(round(math.degrees(math.atan2(y, x)) / 45.0)) % 8])


def layer_name(i) -> str:
    i = _int(i, -1)
    return _t(f"layer.{i}") if 0 <= i < LAYER_COUNT else "?"


def _names(seats, ctx) -> str:
    return names_list([ctx.name(s) for s in seats or []])


def line(ev: dict, ctx) -> str | None:
    k = ev.get("type")
    name = ctx.name(ev.get("seat"))
    if k == "place":
        if ev.get("at") is None:
            return _t("place_plain", name=name)
        return _t("place", name=name, area=area(ev.get("at")))
    if k == "phase":
        return _t("phase")
    if k == "disc":
        vals = [v for v in ev.get("values") or [] if isinstance(v, int)]
        if len(vals) >= 2:
            return _t("disc_two", name=name, first=vals[0], second=vals[1])
        if vals:
            return _t("disc_bonus" if ev.get("bonus") else "disc", name=name, value=vals[0])
        return _t("disc_plain", name=name)
    if k == "keep":
        back = [v for v in ev.get("returned") or [] if isinstance(v, int)]
        if back:
            return _t("keep", name=name, value=ev.get("value"), other=back[0])
        return _t("keep_only", name=name, value=ev.get("value"))
    if k == "move":
        path = ev.get("path") or []
        count = max(1, len(path) - 1) if isinstance(path, list) else 1
        where = direction(ev.get("frm") or [0, 0], ev.get("to") or [0, 0]) or _t("dir.straight")
        key = "move_hole" if ev.get("hole") else "move_big" if ev.get("big") else "move"
        if ev.get("bonus"):
            key = "bonus_" + key
        elif key == "move" and ev.get("out"):
            key = "move_out"
        return _t(key, name=name, count=count, direction=where)
    if k == "no_move":
        return _t("no_move_bonus" if ev.get("bonus") else "no_move", name=name,
                  value=ev.get("value"))
    if k == "pass":
        return _t("pass", name=name)
    if k == "reshuffle":
        return _t("reshuffle", name=name)
    if k == "skip":
        return _t("skip", name=name)
    if k == "stuck":
        reason = ev.get("reason")
        if reason == "lone_round":
            return _t("stuck_lone_round")
        if reason == "last_resort":
            return _t("stuck_last_resort", count=LAST_RESORT_ROUNDS)
        return _t("stuck_holes" if ev.get("holes") else "stuck")
    if k == "lift":
        layer = _int(ev.get("layer"))
        drop = len(ev.get("survivors") or [])
        gone = len(ev.get("removed") or [])
        if layer >= LAYER_COUNT - 1:
            head = _t("lift_last", number=layer + 1, layer=layer_name(layer))
        else:
            head = _t("lift", number=layer + 1, layer=layer_name(layer))
            head += " " + _t("lift_drop", count=drop, number=layer + 2,
                                  layer=layer_name(layer + 1))
        return head + " " + _t("lift_leave", count=gone)
    if k == "eliminated":
        return _t("eliminated", name=name)
    if k == "win":
        return _win_sentence(ev, ctx)
    return None


def _win_sentence(ev: dict, ctx) -> str:
    seats = [s for s in ev.get("seats") or [ev.get("seat")] if isinstance(s, int)]
    if ev.get("mole"):
        return _t("win_shovel", name=ctx.name(seats[0] if seats else None))
    if "left" in ev and ev.get("left") is not None:
        if len(seats) > 1:
            return _t("win_most_shared", names=_names(seats, ctx), count=_int(ev.get("left")))
        return _t("win_most", name=ctx.name(seats[0] if seats else None),
                  count=_int(ev.get("left")))
    return _t("win_last", name=ctx.name(seats[0] if seats else None))


def toast(ev: dict, ctx) -> str | None:
    """A short line for events with no animation of their own (None: the picture says it)."""
    k = ev.get("type")
    name = ctx.name(ev.get("seat"))
    if k == "win":
        return None if ev.get("mole") else _t("toast.last_standing", name=name)
    if k == "stuck":
        reason = ev.get("reason")
        if reason == "lone_round":
            return _t("toast.stuck_lone_round")
        if reason == "last_resort":
            return _t("toast.stuck_last_resort", count=LAST_RESORT_ROUNDS)
        return _t("toast.stuck")
    if k in ("skip", "reshuffle", "eliminated", "pass"):
        return _t("toast." + k, name=name)
    if k == "no_move":
        return _t("toast.no_move", name=name, value=ev.get("value"))
    if k == "keep":
        return _t("toast.keep", name=name, value=ev.get("value"))
    if k == "phase":
        return _t("toast.phase")
    return None


#: refusal codes of game.rules.moles.explain_refusal
REFUSALS = ("place_hole", "place_taken_mine", "place_taken", "place_no", "turn_first",
            "keep_first", "bonus_first", "not_yours", "too_far", "all_taken", "no_jump",
            "bonus_not_big", "dotted_two", "cannot_move", "pick_first", "wrong_distance",
            "jump", "bonus_big", "not_allowed", "lines_only", "not_straight")


def refusal(code: str, params: dict, ctx) -> str | None:
    if code not in REFUSALS:
        return None
    params = dict(params or {})
    if "seat" in params:
        params["name"] = ctx.name(params.pop("seat"))
    return _t("refusal." + code, **params)


def last_event(ctx, kind: str) -> dict | None:
    """The newest log record of this type (``ctx.extra["log"]``: the game's log), or None."""
    for e in reversed(ctx.extra.get("log") or []):
        if isinstance(e, dict) and e.get("type") == kind:
            return e
    return None


def results(state, ctx) -> dict | None:
    """Head and why, from the winners and the game's 'win' record."""
    winners = list(state.winners() or [])
    if not winners:
        return {"head": tr("events.result_over"), "summary": ""}
    head = tr("events.result_wins", name=ctx.name(winners[0])) if len(winners) == 1 \
        else _t("result_shared", names=_names(winners, ctx))
    ev = last_event(ctx, "win")
    if ev is None:      # a log without the record (cut short): what the state still tells
        ev = {"seats": winners}
        if len(winners) > 1:
            ev["left"] = max((_int(x) for x in state.scores() or []), default=0)
    return {"head": head, "summary": _win_sentence(ev, ctx)}
