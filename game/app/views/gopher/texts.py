"""Every sentence of the Gopher's Pantry screen, through the language catalogs
(``data/i18n/<lang>/gopher.yaml``): event captions, the bar's sentences, refusals, results."""
from __future__ import annotations

from ....i18n import tr

__all__ = ["tr"]


def kind(k: str) -> str:
    return tr(f"gopher.kind.{k}")


def card(code: str) -> str:
    if code == "digger":
        return tr("gopher.card.digger")
    k, v = code.split(":")
    return tr("gopher.card", kind=kind(k), value=v)


def sign(what: str, amount) -> str:
    if what in ("portal", "present", "nothing"):
        return tr(f"gopher.sign.{what}")
    return tr(f"gopher.count.{what}", count=int(amount or 0))


def page_name(page: int) -> str:
    return tr(f"gopher.page.{int(page)}")


def page_title(page: int) -> str:
    return tr("gopher.page.title", page=page, name=page_name(page))


def hole_tip(hole: int, what: str, amount) -> str:
    return tr("gopher.hole.tip", hole=hole, what=sign(what, amount))


def button(name: str) -> str:
    return tr(f"gopher.btn.{name}")


def do(key: str, **kw) -> str:
    return tr(f"gopher.do.{key}", **kw)


def refuse(key: str, **kw) -> str:
    return tr(f"gopher.refuse.{key}", **kw)


def hint(key: str, **kw) -> str:
    return tr(f"gopher.hint.{key}", **kw)


def seat_line(key: str, **kw) -> str:
    return tr(f"gopher.seat.{key}", **kw)


def count(key: str, n: int) -> str:
    return tr(f"gopher.count.{key}", count=int(n))


def table_title() -> str:
    return tr("gopher.table")


def end_reason(why: str) -> str:
    return tr(f"gopher.end.{why if why in ('deck_empty', 'kind_ran_out', 'stalled') else 'other'}")


def result_title() -> str:
    return tr("gopher.res.title")


def result_row(name: str, info: dict, beginner: bool) -> str:
    if beginner:
        return tr("gopher.res.row_lunch", name=name, score=info.get("score", 0))
    return tr("gopher.res.row", name=name, plus=info.get("plus", 0), minus=info.get("minus", 0),
              trophy=info.get("trophy_points", 0), score=info.get("score", 0))


def winners(names: list) -> str:
    if len(names) == 1:
        return tr("result.wins", name=names[0])
    return tr("result.tie", names=", ".join(names))


def caption(ev: dict, name) -> str:
    """The one-line caption of a rules event ('' for none). ``name(seat)`` gives seat names."""
    t = ev.get("type")
    s = ev.get("seat")
    nm = name(s) if s is not None else ""
    if t == "place":
        return tr("gopher.ev.place", name=nm, hole=ev.get("hole"))
    if t == "page":
        if ev.get("page_from") is None:
            return tr("gopher.ev.page_open", page=ev.get("page_to"))
        if ev.get("extra"):
            return tr("gopher.ev.page_extra", name=nm, value=ev.get("value"))
        key = "page_turn" if ev.get("changed") else "page_same"
        return tr(f"gopher.ev.{key}", name=nm, value=ev.get("value"), page=ev.get("page_to"))
    if t == "turn":
        return tr("gopher.ev.turn", name=nm)
    if t == "roll":
        return tr("gopher.ev.roll", name=nm, value=ev.get("value"))
    if t == "move":
        jumped = ev.get("jumped") or []
        if jumped:
            return tr("gopher.ev.leap", name=nm, hole=ev.get("to"), others=", ".join(name(j) for j in jumped))
        return tr("gopher.ev.move", name=nm, hole=ev.get("to"))
    if t == "portal":
        return tr("gopher.ev.portal", name=nm)
    if t == "dig":
        return tr("gopher.ev.dig", name=nm)
    if t == "pick":
        return tr("gopher.ev.pick_plus" if ev.get("sign") == "+" else "gopher.ev.pick_minus",
                  name=nm, card=card(ev.get("card", "digger")))
    if t == "collect":
        return tr("gopher.ev.collect", name=nm, what=sign(ev.get("what"), ev.get("amount")))
    if t == "take":
        key = "take_change" if ev.get("give") else "take"
        return tr(f"gopher.ev.{key}", name=nm, what=sign(ev.get("kind"), sum(ev.get("take") or [])))
    if t == "pass":
        return tr("gopher.ev.pass", name=nm)
    if t == "cannot_collect":
        return tr("gopher.ev.cannot", name=nm, what=sign(ev.get("what"), ev.get("amount")))
    if t == "empty_hole":
        return tr("gopher.ev.empty", name=nm, hole=ev.get("hole"))
    if t == "ineffective":
        return tr("gopher.ev.ineffective", name=nm)
    if t == "draw":
        key = "draw_refill" if ev.get("why") == "refill" else "draw_empty"
        return tr(f"gopher.ev.{key}", name=nm, count=int(ev.get("count", 0)))
    if t == "present":
        if ev.get("again"):
            return tr("gopher.ev.present_again", name=nm)
        return tr("gopher.ev.present_look", name=nm, count=int(ev.get("count", 0)))
    if t == "present_empty":
        return tr("gopher.ev.present_empty", name=nm)
    if t == "trophy":
        if ev.get("card") == "digger":
            return tr("gopher.ev.trophy_digger", name=nm)
        return tr("gopher.ev.trophy", name=nm, card=card(ev.get("card", "digger")))
    if t == "baskets":
        return tr("gopher.ev.baskets", name=nm, count=len(ev.get("owners") or []), other=name(ev.get("source")))
    if t == "ransom":
        return tr("gopher.ev.ransom", name=nm, other=name(ev.get("holder")))
    if t == "stay":
        return tr("gopher.ev.stay", name=nm)
    if t == "game_over":
        return tr("gopher.ev.over")
    return ""


def store_name() -> str:
    return tr("gopher.sign.store")


def seat_hand(n: int) -> str:
    return tr("gopher.count.hand", count=int(n))
