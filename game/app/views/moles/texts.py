"""Every sentence the Mole Dig screen shows, in one place (the toasts of events and the refusals
of a click: ``game/app/eventtext/moles.py``)."""
from __future__ import annotations

# ---- the action bar ---------------------------------------------------------------------------
def shared_win(names: list) -> str:
    return " and ".join(names) + " share the win."


def winner(name: str, shovel: bool) -> str:
    return f"{name} wins the golden shovel!" if shovel else f"{name} wins: nobody else has a mole left!"


INSTRUCTIONS = {
    # step: (mine, someone else's turn)
    "place": ("Place a mole on a free point ({left} to place)", "{name} is placing a mole"),
    "turn": ("Turn over one of your discs", "{name} turns over a disc"),
    "turn_bonus": ("Bonus move! Turn over another disc", "{name} turns over a disc"),
    "keep": ("Keep one of the two discs", "{name} chooses a disc"),
    "move_pick": ("Move a mole exactly {value}{extra}: pick a mole", "{name} moves a mole {value}{extra}"),
    "move_dest": ("Move {value}{extra}: pick a lit point", "{name} moves a mole {value}{extra}"),
    "bonus": ("Big space! Take a bonus move?", "{name} thinks about a bonus move"),
}
BONUS_EXTRA = " (bonus)"


def instruction(which: str, mine: bool, **kw) -> str:
    return INSTRUCTIONS[which][0 if mine else 1].format(**kw)


TURN_DISC = "Turn over this disc"
KEEP_DISC = "Keep the {value}"
TAKE_BONUS = "Take bonus move"
NO_THANKS = "No thanks"

# ---- on the board -----------------------------------------------------------------------------
LIFTED = "{name} (lifted)"
LEGEND = {
    "shovel": "Golden shovel",
    "hole": "Molehill: stays in play",
    "ghost": "Hole on the layer below",
    "holebig": "Molehill (big space below: no bonus)",
    "big": "Big space: bonus move",
    "solid": "Solid line",
    "dotted": "Dotted line",
    "dotted_two": "Dotted: into the hole only",
}


def layer_title(i: int, count: int) -> str:
    return f"Layer {i + 1} of {count}"


def holes_filled(n: int, total: int) -> str:
    return f"Holes filled {n} / {total}"


def disc_turned(name: str, values: list, bonus: bool) -> str:
    if len(values) == 1:
        return f"{name} turns over a {values[0]}" + (" for the bonus move" if bonus else "")
    return f"{name} turns over a {values[0]} and a {values[1]}"


# ---- the side panel ---------------------------------------------------------------------------
def status_layer(i: int, count: int, name: str) -> str:
    return f"Layer {i + 1} of {count} \u2014 {name}"


def still_to_place(n: int) -> str:
    return f"Moles still to place: {n}"


def discs_pending(pending: list, bonus: bool) -> str:
    if len(pending) == 1:
        return f"Disc turned: {pending[0]}" + (" (bonus move)" if bonus else "")
    return f"Discs turned: {pending[0]} and {pending[1]}"


def wins(names: list) -> str:
    return " and ".join(names) + (" win" if len(names) > 1 else " wins")


# ---- side panel: score column and open discs -------------------------------------------------
def moles_left(n: int, out: bool) -> str:
    if out:
        return "out"
    return f"{n} mole{'s' if n != 1 else ''} left"


def spent_discs(name: str, values: list) -> str:
    return f"{name}'s spent discs: " + ", ".join(str(x) for x in values)
