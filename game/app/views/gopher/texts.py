"""Every sentence of the Gopher's Pantry screen, through the language catalogs
(``data/i18n/<lang>/gopher.yaml``): the bar's sentences and the results panel; event captions,
refusals and the results' sentence come from ``game.app.eventtext.gopher``."""
from __future__ import annotations

from ... import eventtext
from ...eventtext import gopher as gopher_text
from ....i18n import tr

__all__ = ["tr"]


kind = gopher_text.kind
card = gopher_text.card
sign = gopher_text.sign


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
    """Why a click does nothing: a code and its parameters, rendered by ``game.app.eventtext``."""
    return eventtext.refusal(key, kw, ctx_for([]))


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


def legend_name(name: str) -> str:
    """A symbol's name in the book's legend, named like the kinds of food beside it
    ("Portal", not "a portal")."""
    return tr(f"gopher.legend.{name}")


def result_parts(info: dict) -> list:
    """What each number of a final score is, as (pile, text): the face-up food (+), the face-down
    cards (−), the trophies, and the total; the results draw each pile's icon before its text."""
    return [("up", tr("gopher.res.plus", count=info.get("plus", 0))),
            ("down", tr("gopher.res.minus", count=info.get("minus", 0))),
            ("trophy", tr("gopher.res.trophy", count=info.get("trophy_points", 0))),
            (None, tr("gopher.res.total", score=info.get("score", 0)))]


def winners(names: list) -> str:
    if len(names) == 1:
        return tr("result.wins", name=names[0])
    return tr("result.tie", names=", ".join(names))


def ctx_for(names: list) -> eventtext.Ctx:
    return eventtext.Ctx("gopher", list(names))


def caption(ev: dict, ctx: eventtext.Ctx) -> str:
    """The one-line caption of a rules event ('' for none), from ``game.app.eventtext``."""
    return eventtext.toast(ev, ctx)


def store_name() -> str:
    return tr("gopher.sign.store")


def seat_hand(n: int) -> str:
    return tr("gopher.count.hand", count=int(n))


def basket_line(seat: int, holder: int, held: int, name_of) -> str:
    """Where ``seat``'s basket is (with ``holder``), or at home how many baskets of others it
    holds (``held``)."""
    if holder != seat:
        return seat_line("basket", name=name_of(holder))
    if held:
        return seat_line("baskets_held", count=held)
    return seat_line("basket_home")
