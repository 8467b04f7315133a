"""Every sentence the Hamster Burrow screen shows, through the translation catalogs
(``data/i18n/<lang>/hamster.yaml``). Whether a click is allowed comes from ``legal``; these are
only the words for it."""
from __future__ import annotations

from ....i18n import tr
from ...eventtext.hamster import chamber

#: the tags on a sheet's header and thumbnail: whose choice the game waits for
TAGS = {
    "thinking": "hamster.tag.thinking", "to_roll": "hamster.tag.to_roll",
    "to_choose": "hamster.tag.to_choose", "decided": "hamster.tag.decided", "waiting": "hamster.tag.waiting",
}


def room(cid, fallback: str = "") -> str:
    """A room's name in the player's language, as the log names it (``eventtext.hamster``)."""
    return chamber(cid)


def tag(code: str) -> str:
    key = TAGS.get(code)
    return tr(key) if key else ""


def names(seat_names: list) -> str:
    """Several seats' names as one phrase ("Ann, Bo and Cy")."""
    seat_names = [str(n) for n in seat_names]
    if len(seat_names) < 2:
        return "".join(seat_names)
    return tr("hamster.names", rest=", ".join(seat_names[:-1]), last=seat_names[-1])


# ---- the action bar ---------------------------------------------------------------------------
def roll_instruction(mine: bool, solo: bool, name: str) -> str:
    if not mine:
        return tr("hamster.wait.roll", name=name)
    return tr("hamster.do.roll_solo" if solo else "hamster.do.roll")


def waiting_choice(name: str, computer: bool, roll) -> str:
    if computer:
        return tr("hamster.wait.think_roll", name=name, roll=roll) if roll else tr("hamster.wait.think", name=name)
    return tr("hamster.wait.choose_roll", name=name, roll=roll) if roll else tr("hamster.wait.choose", name=name)


def one_row_full() -> str:
    return tr("hamster.do.one_row_full")


def no_room(roll) -> str:
    return tr("hamster.do.no_room", roll=roll)


def cross_ones(picked: int, free: int) -> str:
    """A roll of 1: how many 1-row slots the picked cells use (or may use)."""
    if picked:
        return tr("hamster.do.ones_picked", picked=picked, count=free)
    return tr("hamster.do.ones", count=min(7, free))


def cross_group(roll, picked: int) -> str:
    if picked:
        return tr("hamster.do.cross_picked", roll=roll, picked=picked)
    return tr("hamster.do.cross", count=roll)


def game_over(solo_total=None) -> str:
    if solo_total is not None:
        return tr("hamster.over.solo", count=solo_total)
    return tr("hamster.over")


def winner(name: str) -> str:
    return tr("hamster.over.winner", name=name)


def shared_win() -> str:
    return tr("hamster.over.shared")


def button(which: str) -> str:
    return tr({"roll": "hamster.btn.roll", "pass": "hamster.btn.pass", "clear": "hamster.btn.clear",
               "confirm": "hamster.btn.confirm"}[which])


#: why a click on the sheet or the bar does nothing (whether it does comes from ``legal``)
REFUSALS = {
    "roll_first": "hamster.refuse.roll_first", "pick_first": "hamster.refuse.pick_first",
    "exactly_have": "hamster.refuse.exactly_have", "not_whole": "hamster.refuse.not_whole",
    "one_row_full": "hamster.refuse.one_row_full", "no_one": "hamster.refuse.no_one",
    "no_fit": "hamster.refuse.no_fit", "crossed": "hamster.refuse.crossed", "earth": "hamster.refuse.earth",
    "one_chamber": "hamster.refuse.one_chamber", "exactly": "hamster.refuse.exactly",
    "one_row_left": "hamster.refuse.one_row_left", "ones_max": "hamster.refuse.ones_max",
    "joined": "hamster.refuse.joined", "first_cross": "hamster.refuse.first_cross",
    "too_small": "hamster.refuse.too_small", "connect": "hamster.refuse.connect",
}


def refuse(which: str, **kw) -> str:
    return tr(REFUSALS[which], **kw)


def refusal(code: str, params: dict) -> str:
    """The sentence for a refusal ``(code, params)`` of ``game.rules.hamster.explain_refusal``
    or ``explain_pass``."""
    params = dict(params or {})
    if "chamber" in params:
        params["room"] = room(params.pop("chamber"))
    return refuse(code, **params)


# ---- the side panel ---------------------------------------------------------------------------
def status_roll(roll, turn: int) -> str:
    return tr("hamster.status.roll", roll=roll, turn=turn)


def status_no_roll(turn: int) -> str:
    return tr("hamster.status.no_roll", turn=turn)


def status_timer(solo: bool, second_pass: bool, active: bool, crossed: int, circled: int, length: int) -> str:
    if solo:
        if second_pass:
            return tr("hamster.status.timer_second", crossed=crossed, count=length)
        return tr("hamster.status.timer_first", circled=circled, count=length)
    if active:
        return tr("hamster.status.timer_running", crossed=crossed, count=length)
    return tr("hamster.status.timer_off")


def status_rolling(name: str) -> str:
    return tr("hamster.status.rolling", name=name)


def status_choosing(name: str) -> str:
    return tr("hamster.status.choosing", name=name)


def status_winners(seat_names: list) -> str:
    if not seat_names:
        return tr("hamster.over")
    return tr("hamster.status.winners", names=names(seat_names), count=len(seat_names))


# ---- the sheet --------------------------------------------------------------------------------
def burrow_title(name: str, own: bool) -> str:
    return tr("hamster.sheet.yours") if own else tr("hamster.sheet.of", name=name)


def look_only(name: str) -> str:
    return tr("hamster.sheet.look_only", name=name)


def opened() -> str:
    return tr("hamster.sheet.open")


def one_row() -> str:
    return tr("hamster.sheet.one_row")


def timer() -> str:
    return tr("hamster.sheet.timer")


def room_tip(cid, points: int) -> str:
    """The label shown over a chamber the pointer rests on: its name and what it is worth."""
    return tr("hamster.sheet.room_tip", room=room(cid), count=int(points))


def chamber_points(n: int) -> str:
    return tr("hamster.sheet.chambers", count=n)


def points(n: int) -> str:
    return tr("hamster.sheet.points", count=n)


def total(n: int) -> str:
    return tr("hamster.sheet.total", count=n)


def everyone_uses(value) -> str:
    return tr("hamster.banner.everyone_uses", value=value)


def room_full(points_: int, room_name: str) -> str:
    return tr("hamster.banner.full", count=points_, room=room_name)


# ---- the results picture ----------------------------------------------------------------------
def legend(which: str) -> str:
    return tr({"chambers": "hamster.results.chambers", "mushrooms": "hamster.results.mushrooms",
               "nuts": "hamster.results.nuts"}[which])
