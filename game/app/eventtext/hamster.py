"""Hamster Burrow: log sentences, toasts and results from the rules' events
(``game/rules/hamster/state.py`` ``EVENT_TYPES``; catalog ``data/i18n/<lang>/events_hamster.yaml``).
Chambers are named as the sheet names them (by their id in ``data/hamster/side_*.yaml``)."""
from __future__ import annotations

from ...i18n import has, tr
from .common import names_list

K = "events.hamster."


def _t(key: str, **kw) -> str:
    return tr(K + key, **kw)


def _int(x, default: int = 0) -> int:
    return x if isinstance(x, int) and not isinstance(x, bool) else default


def chamber(cid) -> str:
    key = f"{K}chamber.{cid}"
    return tr(key) if isinstance(cid, str) and has(key) else _t("chamber.other")


def _names(seats, ctx) -> str:
    return names_list([ctx.name(s) for s in seats or []])


def line(ev: dict, ctx) -> str | None:
    k = ev.get("type")
    name = ctx.name(ev.get("seat"))
    if k == "roll":
        return _t("roll", name=name, value=ev.get("value"))
    if k == "cross":
        n = len(ev.get("cells") or [])
        text = _t("cross", name=name, count=n, chamber=chamber(ev.get("chamber")))
        if _int(ev.get("slots")):
            text += " " + _t("cross_slots", count=_int(ev.get("slots")))
        return text
    if k == "pass":
        if ev.get("value") is None:
            return _t("pass_plain", name=name)
        return _t("pass", name=name, value=ev.get("value"))
    if k == "chamber_full":
        return _t("full", name=name, chamber=chamber(ev.get("chamber")),
                  count=_int(ev.get("points")))
    if k == "timer":
        number, length = _int(ev.get("boxes")), _int(ev.get("length"))
        if ev.get("circled"):
            return _t("timer_circled", number=number, length=length)
        if number and number == length:
            return _t("timer_last", number=number, length=length)
        return _t("timer_crossed", number=number, length=length)
    if k == "timer_on":
        if ev.get("seats"):
            return _t("timer_on", names=_names(ev.get("seats"), ctx))
        return _t("timer_second")
    if k == "turn_end":
        return _t("turn_end")
    if k == "end":
        return _end_line(ev, ctx)
    return None


def _end_line(ev: dict, ctx) -> str:
    winners = [s for s in ev.get("winners") or [] if isinstance(s, int)]
    scores = ev.get("scores") or []
    best = _int(scores[winners[0]]) if winners and winners[0] < len(scores) else 0
    if len(scores) == 1:
        return _t("end_solo", count=best)
    if len(winners) > 1:
        return _t("end_shared", names=_names(winners, ctx), count=best)
    return _t("end_win", name=ctx.name(winners[0] if winners else None), count=best)


def toast(ev: dict, ctx) -> str | None:
    k = ev.get("type")
    s = ev.get("seat")
    if k == "end":
        return _t("toast.end")
    if k == "pass":
        if s is not None and s == ctx.viewer:
            return _t("toast.pass_you")
        return _t("toast.pass", name=ctx.name(s))
    if k == "chamber_full":
        return _t("toast.full", name=ctx.name(s), chamber=chamber(ev.get("chamber")),
                  count=_int(ev.get("points")))
    if k == "timer_on":
        view = ctx.extra.get("view") or {}
        solo = _int(view.get("players"), 1) == 1 if isinstance(view, dict) else False
        return _t("toast.timer_second" if solo or not ev.get("seats") else "toast.timer_on")
    return None


def results(state, ctx) -> dict | None:
    """Who won and why: the total, else the first tie-break that decides (chambers, mushrooms,
    nuts), as the rules rank them; a solo game gives its score parts."""
    n = state.players
    parts = [state.breakdown(s) for s in range(n)]
    key = [(p["total"], p["chambers"], p["mushrooms"], p["nuts"]) for p in parts]
    winners = list(state.winners() or [])
    if not winners:
        return {"head": tr("events.result_over"), "summary": ""}
    b = parts[winners[0]]
    detail = _t("parts", chambers=b["chambers"], mushrooms=b["mushrooms"], nuts=b["nuts"])
    if n == 1:
        return {"head": _t("result_solo_head", count=b["total"]),
                "summary": _t("result_solo", count=b["total"]) + " " + detail}
    if len(winners) > 1:
        return {"head": tr("events.result_shared"),
                "summary": _t("result_shared", names=_names(winners, ctx), count=b["total"])}
    w = winners[0]
    head = tr("events.result_wins", name=ctx.name(w))
    tied = [s for s in range(n) if s != w and key[s][0] == key[w][0]]
    if not tied:
        return {"head": head, "summary": _t("result_win", name=ctx.name(w), count=b["total"])
                + " " + detail}
    by = "nuts"
    for i, part in ((1, "chambers"), (2, "mushrooms"), (3, "nuts")):
        if any(key[s][i] != key[w][i] for s in tied):
            by = part
            break
    return {"head": head,
            "summary": _t("result_tie_" + by, name=ctx.name(w), names=_names(tied, ctx),
                          count=b["total"]) + " " + detail}
