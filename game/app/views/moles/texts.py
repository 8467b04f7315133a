"""Every sentence the Mole Dig screen shows, through the catalogs (``data/i18n/<lang>/moles.yaml``;
the toasts of events and the refusals of a click: ``game/app/eventtext/moles.py``)."""
from __future__ import annotations

from ....i18n import tr
from ...eventtext.moles import layer_name as _layer_name


# ---- the action bar ---------------------------------------------------------------------------
def names(names: list) -> str:
    """Several seats' names as one phrase ("Ann, Bo and Cy")."""
    names = [str(n) for n in names]
    if len(names) < 2:
        return "".join(names)
    return tr("moles.names", rest=", ".join(names[:-1]), last=names[-1])


def shared_win(seat_names: list) -> str:
    return tr("moles.win.shared", names=names(seat_names))


def winner(name: str, shovel: bool) -> str:
    return tr("moles.win.shovel" if shovel else "moles.win.last_one", name=name)


#: step -> (my turn, someone else's turn); a bonus move has its own sentences
INSTRUCTIONS = {
    "place": ("moles.do.place", "moles.wait.place"),
    "turn": ("moles.do.turn", "moles.wait.turn"),
    "turn_bonus": ("moles.do.turn_bonus", "moles.wait.turn"),
    "keep": ("moles.do.keep", "moles.wait.keep"),
    "move_pick": ("moles.do.move_pick", "moles.wait.move"),
    "move_pick_bonus": ("moles.do.move_pick_bonus", "moles.wait.move_bonus"),
    "move_dest": ("moles.do.move_dest", "moles.wait.move"),
    "move_dest_bonus": ("moles.do.move_dest_bonus", "moles.wait.move_bonus"),
    "bonus": ("moles.do.bonus", "moles.wait.bonus"),
}


def instruction(which: str, mine: bool, **kw) -> str:
    return tr(INSTRUCTIONS[which][0 if mine else 1], **kw)


def turn_disc() -> str:
    return tr("moles.disc.turn")


def keep_disc(value) -> str:
    return tr("moles.disc.keep", value=value)


def take_bonus() -> str:
    return tr("moles.btn.take_bonus")


def no_thanks() -> str:
    return tr("moles.btn.no_thanks")


# ---- on the board -----------------------------------------------------------------------------
LEGEND = {
    "shovel": "moles.legend.shovel",
    "hole": "moles.legend.hole",
    "ghost": "moles.legend.ghost",
    "holebig": "moles.legend.hole_big",
    "big": "moles.legend.big",
    "solid": "moles.legend.solid",
    "dotted": "moles.legend.dotted",
    "dotted_two": "moles.legend.dotted_two",
}


def layer_name(i: int, fallback: str = "") -> str:
    """The name of layer ``i`` (0 = the top) in the player's language, as the log names it."""
    name = _layer_name(i)
    return name if name != "?" else str(fallback)


def lifted(name: str) -> str:
    return tr("moles.layer.lifted", name=name)


def legend(which: str) -> str:
    return tr(LEGEND[which])


def layer_title(i: int, count: int) -> str:
    return tr("moles.layer.title", number=i + 1, total=count)


def holes_filled(n: int, total: int) -> str:
    return tr("moles.holes_filled", filled=n, total=total)


def disc_turned(name: str, values: list, bonus: bool) -> str:
    if len(values) == 1:
        return tr("moles.banner.turned_bonus" if bonus else "moles.banner.turned", name=name, value=values[0])
    return tr("moles.banner.turned_two", name=name, first=values[0], second=values[1])


# ---- the side panel ---------------------------------------------------------------------------
def status_layer(i: int, count: int, name: str) -> str:
    return tr("moles.status.layer", number=i + 1, total=count, name=name)


def still_to_place(n: int) -> str:
    return tr("moles.status.to_place", count=n)


def discs_pending(pending: list, bonus: bool) -> str:
    if len(pending) == 1:
        return tr("moles.status.disc_bonus" if bonus else "moles.status.disc", value=pending[0])
    return tr("moles.status.discs", first=pending[0], second=pending[1])


def wins(seat_names: list) -> str:
    if len(seat_names) > 1:
        return tr("moles.status.win_shared", names=names(seat_names))
    return tr("moles.status.win", name="".join(str(n) for n in seat_names))


# ---- side panel: score column and open discs -------------------------------------------------
def moles_left(n: int, out: bool) -> str:
    if out:
        return tr("moles.score.out")
    return tr("moles.score.left", count=n)


def discs_box_title() -> str:
    return tr("moles.discs_box.title")


def spent_discs(name: str, values: list) -> str:
    return tr("moles.status.spent", name=name, values=", ".join(str(x) for x in values))
