"""The one undo and release policy of every game, as pure functions over the marks the rules
put on events (``game/rules/base.py``) and the table's history.

Undo takes back one action at a time, and only a person's own action that nobody has answered
yet: never another seat's action (person or computer), never an action whose events drew from
chance or revealed something (``chance`` / ``reveal``: a disc turned, a die rolled, a card drawn,
a secret disc shown, a turn of simultaneous choices ended), and so never anything before such an
action.  As undo never crosses a roll, restoring the random state with the snapshot cannot turn
into knowledge of the next roll.  With two or more people at the table a person undoes only
while it is still their turn; a lone person may also take back the action that ended their turn
while the computer after them has not acted (``needs_confirm``: the screen asks first).

Release: an event marked ``simultaneous`` is its owner's at once and everybody else's at the
next event marked ``reveal``; an event with ``private_to`` and ``secret`` fields is given to
every other seat without those fields and without its ``text`` (``redact``).
"""
from __future__ import annotations

from typing import Any


def is_point_of_no_return(events) -> bool:
    """Whether these events drew from chance or revealed something."""
    return any(isinstance(e, dict) and (bool(e.get("chance")) or bool(e.get("reveal")))
               for e in events)


def owner(event: Any, actor: int | None) -> int | None:
    """The seat a simultaneous decision belongs to (None: the event is everybody's at once)."""
    if not isinstance(event, dict) or not event.get("simultaneous"):
        return None
    for key in ("private_to", "seat"):
        s = event.get(key)
        if isinstance(s, int) and not isinstance(s, bool):
            return s
    return actor


def redact(event: Any, audience: int | None) -> Any:
    """The event as ``audience`` (a seat, or None for a spectator) may be given it."""
    if not isinstance(event, dict):
        return event
    to = event.get("private_to")
    secret = event.get("secret")
    if to is None or to == audience or not secret:
        return event
    hidden = set(secret) | {"text"} if isinstance(secret, (list, tuple)) else {"text"}
    return {k: v for k, v in event.items() if k not in hidden}


def undo_target(history: list, seat: int | None, current: int | None, over: bool,
                people: list[int]) -> int | None:
    """Index of the history entry an undo by ``seat`` restores (its ``before``), or None.
    ``seat`` None: whichever seat may undo (the local screen's question)."""
    if over or not history or not people:
        return None
    last = history[-1]
    s = last.get("seat")
    if not last.get("human") or s not in people or last.get("chance"):
        return None
    if seat is not None and seat != s:
        return None
    if current != s and (len(people) > 1 or current in people):
        return None          # handed on: only a lone person, and only before anyone answered
    return len(history) - 1


def prune_cut(history: list, people: list[int], limit: int) -> int:
    """How many of the oldest history entries no undo can reach any more."""
    cut = 0
    if not people:
        cut = len(history)
    else:   # nothing before the last point of no return or another seat's action is reachable
        last_seat = history[-1].get("seat") if history else None
        for i in range(len(history) - 1, -1, -1):
            e = history[i]
            if e.get("chance") or not e.get("human") or e.get("seat") != last_seat:
                cut = i
                break
    return max(cut, len(history) - limit)
