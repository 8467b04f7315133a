"""Ants & Grasshopper: log sentences, toasts and results from the rules' events
(``game/rules/ants/state.py`` ``EVENT_TYPES``; catalog ``data/i18n/<lang>/events_ants.yaml``).

Ants are numbered as the board draws them, along the trail from 1; a card is named by its kind
(and insect), never by grid coordinates.  Kinds, insects, supply cards and abilities are named
by their ids in ``data/ants/*.yaml``."""
from __future__ import annotations

from ...i18n import has, tr
from .common import names_list

K = "events.ants."


def _t(key: str, **kw) -> str:
    return tr(K + key, **kw)


def _int(x, default: int = 0) -> int:
    return x if isinstance(x, int) and not isinstance(x, bool) else default


def _data():
    from ...rules.ants import default_data
    return default_data()


def _label(group: str, ident) -> str:
    key = f"{K}{group}.{ident}"
    return tr(key) if isinstance(ident, str) and has(key) else _t(f"{group}.other")


def kind(kid) -> str:
    return _label("kind", kid)


def design(sid) -> str:
    return _label("supply", str(sid).rsplit("-", 1)[0] if sid is not None else None)


def ability(aid) -> str:
    return _label("ability", aid)


def card(cid) -> str:
    """A path card by what is printed on it: its kind, and its insect if it has one."""
    d = _data()
    if not isinstance(cid, int) or cid not in d.card_kind:
        return _t("card.unknown")
    k = kind(d.kinds[d.card_kind[cid]])
    ins = d.card_insect.get(cid)
    if ins:
        return _t("card.insect", kind=k, insect=_label("with", ins))
    return _t("card.plain", kind=k)


def _names(seats, ctx) -> str:
    return names_list([ctx.name(s) for s in seats or []])


def line(ev: dict, ctx) -> str | None:
    k = ev.get("type")
    s = ev.get("seat")
    name = ctx.name(s)
    if k == "round":
        text = _t("round", number=ev.get("round"), ant=ctx.name(ev.get("ant")),
                  hopper=ctx.name(ev.get("hopper")))
        if ev.get("reds"):
            text += " " + _t("round_reds", names=_names(ev.get("reds"), ctx))
        return text
    if k == "place":
        n = _int(ev.get("n"))
        what = kind(ev.get("kind"))
        ring = "_ring" if ev.get("ring") else ""
        if not n:                       # a record of an older version: no number, no kind
            return _t("place_plain", name=name)
        if ev.get("end") == "head" and n > 1:
            return _t("place_head" + ring, name=name, kind=what, count=n)
        return _t("place" + ring, name=name, number=n, kind=what)
    if k == "choose":
        return _t("choose", name=name)
    if k == "red_choose":
        return _t("red_choose", name=name)
    if k == "peek":
        return _t("peek", name=name)
    if k == "guess":
        if not ev.get("ant"):
            return _t("guess_plain", name=name)
        return _t("guess", name=name, number=ev.get("ant"), kind=kind(ev.get("kind")))
    if k == "reveal":
        text = _t("reveal_hit" if ev.get("hit") else "reveal_miss", kind=kind(ev.get("kind")))
        reds = ev.get("reds") or {}
        if isinstance(reds, dict):
            for seat, kid in sorted(reds.items(), key=lambda x: str(x[0])):
                try:
                    who = ctx.name(int(seat))
                except (TypeError, ValueError):
                    who = "?"
                text += " " + _t("reveal_red", name=who, kind=kind(kid))
        return text
    if k == "collect":
        return _collect(ev, name)
    if k == "draw":
        why = ev.get("why") if ev.get("why") in ("red_ant", "paid_exactly", "consolation") \
            else "other"
        return _t("draw_" + why, name=name, card=card(ev.get("card")))
    if k == "no_card":
        return _t("no_card", name=name)
    if k == "reshuffle":
        return _t("reshuffle", count=_int(ev.get("cards")))
    if k == "refill":
        return _t("refill", count=len(ev.get("cells") or []))
    if k == "supply":
        return _t("supply", card=design(ev.get("card")))
    if k == "buy":
        return _t("buy", name=name, card=design(ev.get("card")), count=len(ev.get("pay") or []))
    if k in ("no_buy", "skip_buy", "skip_swap", "skip_ability", "hide"):
        return _t(k, name=name)
    if k == "supply_swap":
        src = ev.get("source")
        if isinstance(src, int) and not isinstance(src, bool):
            return _t("swap_seat", name=name, mine=design(ev.get("mine")),
                      other=design(ev.get("other")), owner=ctx.name(src))
        return _t("swap_display", name=name, mine=design(ev.get("mine")),
                  other=design(ev.get("other")))
    if k == "take_ability":
        src = ev.get("source")
        if isinstance(src, int) and not isinstance(src, bool):
            return _t("ability_seat", name=name, card=card(ev.get("card")),
                      ability=ability(ev.get("ability")), owner=ctx.name(src))
        return _t("ability_middle", name=name, card=card(ev.get("card")),
                  ability=ability(ev.get("ability")))
    if k == "discard_hidden":
        return _t("discard_hidden", name=name, card=card(ev.get("card")))
    if k == "game_over":
        return " ".join(x for x in _game_over(ev, ctx) if x)
    return None


def _collect(ev: dict, name: str) -> str:
    if ev.get("card") is not None and not ev.get("cards"):
        return _t("take", name=name, card=card(ev.get("card")))
    cards = [c for c in ev.get("cards") or [] if isinstance(c, int)]
    text = _t("collect", name=name, count=len(cards), kind=kind(ev.get("shelf")))
    space = ev.get("space")
    if isinstance(space, int) and space >= 0:
        text += " " + _t("cube", number=space + 1)
    d = _data()
    insects = sum(1 for c in cards if d.card_insect.get(c))
    if insects:
        text += " " + _t("insects_kept", count=insects)
    return text


def _game_over(ev: dict, ctx) -> list:
    """The sentences of the end: why it ended, who won, how a tie was settled."""
    winners = [w for w in ev.get("winners") or [] if isinstance(w, int)]
    reason = ev.get("reason")
    if reason == "points":
        return [_t("end_points", name=ctx.name(ev.get("seat")), count=_int(ev.get("points")))]
    if reason == "top":
        why = _t("end_top", name=ctx.name(ev.get("seat")), count=_int(ev.get("points")))
    elif reason == "cards":
        why = _t("end_cards")
    elif reason == "deck":
        why = _t("end_deck")
    else:
        why = _t("end_plain")
    if len(winners) == 1:
        who = _t("end_wins", name=ctx.name(winners[0]))
    elif winners:
        who = _t("end_shared", names=_names(winners, ctx))
    else:
        who = ""
    return [why, who, tie_sentence(ev.get("tie"), ctx)]


def tie_sentence(tie, ctx) -> str:
    """How a tie on points was settled (``AntsState.tie_info()``), or ""."""
    if not isinstance(tie, dict) or not tie.get("seats"):
        return ""
    seats = [s for s in tie["seats"] if isinstance(s, int)]
    counts = tie.get("counts") or []
    each = tr("events.list_sep").join(
        _t("tie_count", name=ctx.name(s), count=_int(c)) for s, c in zip(seats, counts))
    by = "store" if tie.get("by") == "store" else "insects"
    which = "tie_shared_" if tie.get("shared") else "tie_broken_"
    return _t(which + by, names=_names(seats, ctx), count=_int(tie.get("points")), counts=each)


def toast(ev: dict, ctx) -> str | None:
    k = ev.get("type")
    s = ev.get("seat")
    me = s is not None and s == ctx.viewer
    name = ctx.name(s)
    if k == "round":
        return _t("toast.round", number=ev.get("round"), ant=ctx.name(ev.get("ant")),
                  hopper=ctx.name(ev.get("hopper")))
    if k == "reveal":
        return _t("toast.hit" if ev.get("hit") else "toast.miss", kind=kind(ev.get("kind")))
    if k == "choose" and not me:
        return _t("toast.choose", name=name)
    if k == "red_choose" and not me:
        return _t("toast.red_choose", name=name)
    if k == "peek":
        view = ctx.extra.get("view") or {}
        if isinstance(view, dict) and ctx.viewer is not None and ctx.viewer == view.get("hopper") \
                and view.get("peek"):
            return _t("toast.spyglass", kind=kind(view.get("peek")))
        return _t("toast.peek", name=name)
    if k == "draw":
        return _t("toast.draw_you" if me else "toast.draw", name=name, card=card(ev.get("card")))
    if k == "buy":
        return _t("toast.buy", name=name, card=design(ev.get("card")))
    if k == "take_ability":
        return _t("toast.ability", name=name, ability=ability(ev.get("ability")))
    if k == "supply_swap":
        return _t("toast.swap", name=name)
    if k == "reshuffle":
        return _t("toast.reshuffle")
    if k == "supply":
        return _t("toast.supply", card=design(ev.get("card")))
    if k == "no_buy":
        return _t("toast.no_buy", name=name)
    if k == "no_card":
        return _t("toast.no_card")
    if k == "game_over":
        win = [w for w in ev.get("winners") or [] if isinstance(w, int)]
        if len(win) == 1:
            return _t("toast.over_win", name=ctx.name(win[0]))
        if win:
            return _t("toast.over_shared", names=_names(win, ctx))
        return tr("events.result_over")
    if k == "discard_hidden":
        return _t("toast.discard_hidden", name=name)
    return None


def results(state, ctx) -> dict | None:
    winners = list(state.winners() or [])
    if not winners:
        return {"head": tr("events.result_over"), "summary": ""}
    head = tr("events.result_wins", name=ctx.name(winners[0])) if len(winners) == 1 \
        else _t("result_shared", names=_names(winners, ctx))
    ev = None
    for e in reversed(ctx.extra.get("log") or []):
        if isinstance(e, dict) and e.get("type") == "game_over":
            ev = e
            break
    if ev is None:
        tie = state.tie_info() if hasattr(state, "tie_info") else None
        return {"head": head, "summary": tie_sentence(tie, ctx)}
    why, _who, tie = _game_over(ev, ctx)
    return {"head": head, "summary": " ".join(x for x in (why, tie) if x)}
