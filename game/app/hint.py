"""The Hint button's logic, without pygame: the good computer player's choice for the human to
act, and one sentence why.

The choice comes from the same path the computer seats use (``game/table/bots.py``): a
fresh "good" agent decides from a copy of ``view(seat)`` and the legal actions, in a background
thread, so the hidden state is never looked at.  The sentence comes from
``game.app.eventtext.hint``: the game's own ``hint(action, view, ctx)`` when it has one, built
from the events a clone of the seat's own view (``state_from_view``) produces for the action.
The hint never plays the move.

    asker = HintAsker()
    asker.ask(session)               # starts thinking for the person to act
    ...
    hint = asker.poll(session)       # None while thinking; then Hint(action, text, seat, gen)
"""
from __future__ import annotations

import copy
import logging
import threading
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)

HINT_LEVEL = "good"


@dataclass
class Hint:
    action: dict
    text: str
    seat: int
    generation: int
    game: str = ""
    view: dict | None = field(default=None, repr=False)
    names: list | None = None
    language: str = ""

    def relabel(self) -> bool:
        """Say the sentence again in the current language; True if it changed."""
        from ..i18n import get_language
        lang = get_language()
        if lang == self.language or self.view is None:
            return False
        self.text = sentence(self.game, self.action, self.view, self.seat, self.names or [])
        self.language = lang
        return True


def hint_seed(view: dict) -> int:
    """A seed from what the seat sees (the same view gives the same hint)."""
    import json
    import zlib
    try:
        text = json.dumps(view, sort_keys=True, default=str)
    except (TypeError, ValueError):
        text = repr(view)
    return zlib.crc32(text.encode("utf-8")) % (2 ** 31)


def choose(game: str, view: dict, legal: list) -> Any:
    """The good player's choice from a seat's view and the legal actions (one of ``legal``)."""
    from ..ai import make_agent
    from ..rules.base import action_key
    agent = make_agent(game, HINT_LEVEL, hint_seed(view))
    try:
        act = agent.decide(copy.deepcopy(view), copy.deepcopy(legal))
    except Exception:  # noqa: BLE001 - a failing agent: the first legal action
        log.warning("choose: fell back after an error", exc_info=True)
        act = None
    keys = {a.key(): a for a in legal}
    try:
        chosen = keys.get(action_key(act)) if act is not None else None
    except Exception:  # noqa: BLE001
        log.warning("choose: fell back after an error", exc_info=True)
        chosen = None
    return chosen if chosen is not None else legal[0]


def sentence(game: str, action, view: dict, seat: int, names: list[str]) -> str:
    """One sentence why, in the current language."""
    from . import eventtext
    ctx = eventtext.Ctx(game, list(names), extra={"seat": seat, "view": view})
    return eventtext.hint(action, view, ctx)


def make_hint(game: str, view: dict, legal: list, seat: int, names: list[str],
              generation: int = 0) -> Hint:
    """The whole hint at once (tests, and the background thread)."""
    from ..i18n import get_language
    act = choose(game, view, legal)
    action = dict(act) if isinstance(act, dict) else act
    return Hint(action, sentence(game, action, view, seat, names), seat, generation,
                game, view, list(names), get_language())


class HintAsker:
    """Asks for one hint at a time, off the UI thread; an answer for an older position (the
    session's ``version`` moved on) is dropped."""

    def __init__(self):
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._result: Hint | None = None
        self._asked: int | None = None

    @staticmethod
    def available(session) -> bool:
        """A human is to act and may look at the board (no curtain)."""
        return session.human_to_act() and session.curtain_seat is None

    @property
    def thinking(self) -> bool:
        t = self._thread
        return t is not None and t.is_alive()

    def ask(self, session) -> bool:
        if not self.available(session) or self.thinking:
            return False
        seat, gen = session.current, session.version
        view, legal = session.seat_view(seat)
        view, legal = copy.deepcopy(view), copy.deepcopy(legal)
        names = [s.get("name", "") for s in session.seats]
        game = session.game_id
        self._asked = gen
        with self._lock:
            self._result = None

        def work():
            try:
                got = make_hint(game, view, legal, seat, names, gen)
            except Exception:  # noqa: BLE001 - a hint must never stop the game
                log.warning("work: fell back after an error", exc_info=True)
                got = None
            with self._lock:
                self._result = got

        self._thread = threading.Thread(target=work, name="hint", daemon=True)
        self._thread.start()
        return True

    def poll(self, session) -> Hint | None:
        """The finished hint for the current position, once (None while thinking or stale)."""
        with self._lock:
            got, self._result = self._result, None
        if got is None or got.generation != session.version or not self.available(session):
            return None
        return got

    def wait(self, timeout: float = 10.0) -> None:
        """Tests: block until the hint is ready."""
        t = self._thread
        if t is not None:
            t.join(timeout)
