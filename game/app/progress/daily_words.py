"""The words of the deal of the day shared by its screens (the day's list and the calendar):
a date in full, who the person plays against, how they did.  No pygame here."""
from __future__ import annotations

import logging

from babel import dates as babel_dates

from ...i18n import get_language, number, tr
from ...rules import GAMES
from . import daily
from ..store import saves
from ..words.names import level_name, score_text, variant_label

log = logging.getLogger(__name__)


def long_date(date, lang: str | None = None) -> str:
    """A date as the language writes it in full ("Friday, March 14, 2025")."""
    lang = lang or get_language()
    try:
        return babel_dates.format_date(date, "full", locale=lang)
    except Exception:  # noqa: BLE001 - without Babel's data: the ISO date
        log.warning("long_date: fell back after an error", exc_info=True)
        return date.isoformat()


def setup_line(d: daily.Deal) -> str:
    """Who the person plays against today, and the variant."""
    info = GAMES[d.game]
    variant = next((v for v in info.variants if v["id"] == d.variant), None)
    vtext = variant_label(info, variant) if variant else ""
    if d.players == 1:
        return tr("daily.setup_solo", variant=vtext) if vtext else tr("daily.setup_solo_plain")
    key = "daily.setup_vs" if vtext else "daily.setup_vs_plain"
    return tr(key, count=d.players - 1, level=level_name(d.level), variant=vtext)


def result_line(d: daily.Deal, e: dict | None) -> str:
    """How the person did with the deal (or that it waits)."""
    if e is None:
        return tr("daily.not_played")
    if not e["done"]:
        return tr("daily.under_way") if saved_try(d) else tr("daily.not_finished")
    score = "" if e.get("score") is None else score_text(GAMES[d.game], d.variant, e["score"])
    if e["of"] == 1:
        text = tr("daily.done_solo", score=score)
    else:
        key = "daily.done_won" if e["won"] else "daily.done_place"
        text = tr(key, place=number(e["place"]), count=e["of"], score=score)
    if e.get("practice"):
        text = tr("daily.with_practice", result=text, count=e["practice"])
    return text


def slot_of(d: daily.Deal) -> str:
    return f"{d.game}-{d.seed}"


def saved_try(d: daily.Deal) -> bool:
    try:
        return saves.slot_path(slot_of(d)).is_file()
    except (OSError, saves.SaveError):
        return False
