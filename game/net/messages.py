"""What the host sends one seat, built from the table's per-seat questions only.

These functions are the whole of what leaves the host for a seat (besides the lobby, the quick
messages and refusals): a client never receives a full state, a seed, another seat's view or an
event meant for another seat.  They are called while the table stands at the update's version
(``Table`` calls its subscribers under its lock), so a message is one consistent picture.
"""
from __future__ import annotations

from ..table import Table, Update
from .protocol import encode


def picture(table: Table, seat) -> dict:
    """The seat's view in its envelope, its legal actions and whether it may take back."""
    return {"env": table.view_for(seat), "legal": table.legal_for(seat),
            "undo": bool(seat is not None and table.can_undo(seat)),
            "confirm": bool(seat is not None and table.needs_confirm(seat))}


def state_message(table: Table, seat, started: bool = True) -> str:
    """Everything the seat may see, for a (re)join: the picture and the whole log it may read."""
    extra = {"result": table.result()} if table.is_over() else {}
    return encode("state", v=table.version, log=table.log_for(seat), started=started,
                  **extra, **picture(table, seat))


def update_message(table: Table, seat, update: Update) -> str:
    """One change, as the seat may see it.  A take-back also carries the seat's whole log (the
    entries of the actions taken back leave it); the last change of a game carries its result
    (``Table.result()``: nothing is secret once the game is over)."""
    extra = {}
    if update.kind == "undo":
        extra["log"] = table.log_for(seat)
    if table.is_over():
        extra["result"] = table.result()
    return encode("update", v=update.version, kind=update.kind, seat=update.seat,
                  events=table.events_for(seat, update),
                  entries=table.entries_for(seat, update), **extra, **picture(table, seat))
