"""What a finished game leaves behind, worked out once when its results show: the deal of the
day's result (``daily.py``), the replay (``replays.py``) and the achievements each person at
the table earned (``achievements.py``).  Each part is on its own: a problem with one (a file
that cannot be written) never stops the others or the results screen; it becomes a message.

    outcome = finish(session)     # the same object again on a second call
    outcome.replay_id, outcome.earned ({name: [Achievement]}), outcome.daily (the day's
    entry or None), outcome.daily_info, outcome.messages
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field

from . import achievements, daily, replay
from ..store import replays

log = logging.getLogger(__name__)


@dataclass
class Outcome:
    replay_id: str | None = None
    earned: dict = field(default_factory=dict)
    daily: dict | None = None
    daily_info: dict | None = None
    messages: list = field(default_factory=list)

    def note(self, message) -> None:
        if message and message not in self.messages:
            self.messages.append(message)


def finish(session) -> Outcome:
    """The bookkeeping of a finished game, once per session (``session.endgame``)."""
    done = getattr(session, "endgame", None)
    if done is not None:
        return done
    out = Outcome()
    session.endgame = out
    if not session.is_over():
        return out
    if getattr(session, "online", None) == "remote":
        return _finish_remote(session, out)
    try:
        out.daily, message = daily.finish(session)
        out.daily_info = getattr(session, "daily", None)
        out.note(message)
    except Exception:  # noqa: BLE001 - a results screen never fails on the deal of the day
        log.exception("the deal of the day's result was not kept")
    day = out.daily_info.get("date") if out.daily_info else None
    try:
        run = replay.run_of(session.table, daily=day)
    except Exception:  # noqa: BLE001 - never expected: the game replays as it was played
        log.exception("the finished %s game does not replay", session.game_id)
        run = None
    if run is None:
        return out
    try:
        out.replay_id, message = replays.keep(run.record, run.result or {})
        out.note(message)
    except Exception:  # noqa: BLE001
        log.exception("the replay was not kept")
    people = [(i, s.name) for i, s in enumerate(session.table.seats) if s.kind == "human"]
    try:
        out.earned, message = achievements.award(run, people, daily_of=daily.progress_of)
        out.note(message)
        out.note(achievements.problem())
    except Exception:  # noqa: BLE001
        log.exception("the achievements were not checked")
    return out


def _finish_remote(session, out: Outcome) -> Outcome:
    """A guest at an online table: its person's achievements, from the events its seat was
    given and the table's result (the host keeps the replay; no deal of the day online)."""
    result = session.result()
    if not isinstance(result, dict):
        return out
    result = dict(result)
    result.setdefault("options", session.setup().get("options"))
    seats = result.get("seats") if isinstance(result.get("seats"), list) else session.seats
    seat = session.seat
    name = seats[seat].get("name") if 0 <= seat < len(seats) and isinstance(seats[seat], dict) \
        else None
    try:
        out.earned, message = achievements.award_streams(
            session.game_id, result, seats, [(seat, name, session.stream)],
            daily_of=daily.progress_of)
        out.note(message)
        out.note(achievements.problem())
    except Exception:  # noqa: BLE001
        log.exception("the achievements were not checked")
    return out
