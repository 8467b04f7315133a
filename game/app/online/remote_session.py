"""``RemoteSession``: a seat at a table hosted at another computer, for the play screen.

The rules run on the host; this session only knows what the host sent its seat
(``game/net/messages.py``): the envelope and view of its own seat, its legal actions, whether
it may take back, its log, and each change's events and log entries.  A ``TableClient``
(``game/net/client.py``) receives them in its own thread and wakes the window
(``game/app/loop/wake.py``); ``tick`` takes the next change when the board is still, so the screen
plays them at its own pace, in order, each once.

``act`` sends the move with the version it was chosen at and returns None: the move comes
back as the next update (or as a refusal, said in words).  Undo sends ``undo`` the same way.
The host's lobby says who sits where and who is away; quick messages, away and back, a lost
connection and the host's refusals become notices the screen shows (``poll_notices``).  A
dropped connection is tried again by the client with the seat's token; once it gives up,
``reconnect`` tries again by hand.
"""
from __future__ import annotations

import time
from collections import deque

from ...i18n import tr
from ...rules import IllegalAction
from ...rules.base import Rec
from ...table import Update
from ..session import FinalState, LocalSession
from ..loop import wake
from .errors import sentence

LOG_LIMIT = 1000          # log entries kept
STREAM_LIMIT = 50_000     # events of this seat kept for its achievements (a long game: ~3,000)
SAY_GAP = 1.0             # seconds between two quick messages of this player
PLAY_REFUSALS = ("stale", "not_your_turn", "illegal", "over", "not_started")
#: after the client gave up (the host closed its app, the network is gone for long): the seat
#: is tried again by itself every RETRY_EVERY seconds for RETRY_FOR seconds, for these reasons
RETRY_EVERY = 3.0
RETRY_FOR = 600.0
RETRY_WHY = ("closed", "lost", "unreachable", "no_answer", "timeout")

JOINED, AWAY, CLOSED, CONNECTING = "joined", "away", "closed", "connecting"


def _rec(x):
    return Rec(x) if isinstance(x, dict) else x


class RemoteSession:
    scene_name = "online_play"
    online = "remote"
    coach = None
    curtain_seat = None
    computers_enabled = False
    think_time = None
    search_helpers = False
    thinking = False
    pause_note = "online.pause.remote"

    def __init__(self, client, lobby: dict, pending=(), address: str = "", code: str = ""):
        self.client = client
        self.seat: int = client.seat
        self.address, self.code = address, code
        self.lobby = dict(lobby or {})
        self.game_id = self.lobby.get("game")
        self.message: str | None = None
        self.recorded = False
        self.connection = JOINED
        self.last_update = None
        self.last_entries: list = []
        self.last_events: list = []
        self._pic: dict | None = None
        self._log: list = []
        self.stream: list = []      # every event this seat was given (its achievements)
        self._queue: deque = deque()
        self._notices: list = []
        self._pending: int | None = None        # the version a move or take-back was sent at
        self._said = 0.0
        self.why = ""
        self._closed_at: float | None = None      # when the connection was lost for good
        self._tried_at = 0.0
        self._away = self._away_seats()
        self._take(list(pending))
        while self._pic is None and self._queue:   # the first picture is shown at once
            self._apply(self._queue.popleft())
        if self._pic is None:
            raise ValueError(sentence("not_started"))
        self.game_id = self._pic["env"].get("game") or self.game_id
        self.last_update = None
        self.last_entries, self.last_events = [], []

    # ---- what arrives --------------------------------------------------------------------------
    def _drain(self) -> None:
        self._take(self.client.poll())

    def _take(self, messages) -> None:
        for msg in messages:
            t = msg.get("t")
            if t in ("state", "update"):
                self._queue.append(msg)
            elif t in ("lobby", "welcome"):
                if isinstance(msg.get("lobby"), dict):
                    self._lobby(msg["lobby"])
                if t == "welcome" and self.connection != JOINED:
                    self.connection = JOINED
                    self.message = None
                    self._pending = None
                    self._closed_at = None
                    self._notices.append(("reconnected",))
            elif t == "said":
                self._notices.append(("said", msg.get("seat"), msg.get("m")))
            elif t == "error":
                code = str(msg.get("code") or "")
                if code in PLAY_REFUSALS or code == "cannot_undo":
                    self._pending = None
                self._notices.append(("error", code))
            elif t == "away":
                self.connection = AWAY
                self.message = tr("online.reconnecting")
                self._notices.append(("reconnecting",))
            elif t == "closed":
                self.connection = CLOSED
                why = str(msg.get("why") or "lost")
                if self._closed_at is None or why not in ("unreachable", "no_answer"):
                    self.why = why            # while retrying, the first reason stays
                if self._closed_at is None:
                    self._closed_at = time.monotonic()
                    self._tried_at = self._closed_at
                self.message = None if self.is_over() else sentence(self.why)
                if self.message and self.retry_in() is not None:
                    self.message += " " + tr("online.retrying")
                self._notices.append(("closed", why))

    def _away_seats(self) -> set[int]:
        return {i for i, s in enumerate(self.lobby.get("seats") or []) if s.get("away")}

    def _lobby(self, lobby: dict) -> None:
        self.lobby = lobby
        away = self._away_seats()
        for seat in sorted(away - self._away):
            self._notices.append(("away", seat))
        for seat in sorted(self._away - away):
            self._notices.append(("back", seat))
        self._away = away

    def _apply(self, msg: dict) -> Update | None:
        """Show one state or update message; None when it is older than what is shown."""
        v = msg.get("v") if isinstance(msg.get("v"), int) else 0
        kind = "state" if msg.get("t") == "state" else str(msg.get("kind") or "act")
        if kind != "state" and self._pic is not None and v <= self._pic["v"]:
            return None
        env = msg.get("env") if isinstance(msg.get("env"), dict) else {}
        self._pic = {"v": v, "env": env,
                     "legal": [_rec(a) for a in msg.get("legal") or []],
                     "undo": bool(msg.get("undo")), "confirm": bool(msg.get("confirm")),
                     "result": msg.get("result") if isinstance(msg.get("result"), dict) else None}
        if kind == "state" or "log" in msg:
            self._log = list(msg.get("log") or [])[-LOG_LIMIT:]
        entries = list(msg.get("entries") or []) if kind != "state" else []
        if kind != "state" and "log" not in msg:
            self._log = (self._log + entries)[-LOG_LIMIT:]
        events = [_rec(e) for e in msg.get("events") or []] if kind != "state" else []
        if len(self.stream) < STREAM_LIMIT:
            self.stream.extend(events[:STREAM_LIMIT - len(self.stream)])
        if self._pending is not None and v > self._pending:
            self._pending = None
        self.last_entries, self.last_events = entries, events
        seat = msg.get("seat") if isinstance(msg.get("seat"), int) else None
        self.last_update = Update(v, kind, seat, events=events, entries=entries)
        return self.last_update

    def tick(self, dt: float, animating: bool, speed: str = "normal",
             computer_speed: str | None = None, think: float | None = None, before=None):
        """The next change from the host, once the board is still (else None)."""
        self._drain()
        while self._queue and not animating:
            msg = self._queue.popleft()
            if before is not None:
                before()
            update = self._apply(msg)
            if update is not None:
                return update
        return None

    def poll_notices(self) -> list[tuple]:
        """("said", seat, message), ("away", seat), ("back", seat), ("error", code),
        ("reconnecting",), ("reconnected",), ("closed", why) since the last call; a seat
        lost for good is tried again when it is time (``retry_in``)."""
        self._drain()
        if self.retry_in() == 0.0:
            self._tried_at = time.monotonic()
            self.reconnect(auto=True)
        out, self._notices = self._notices, []
        return out

    def retry_in(self) -> float | None:
        """Seconds until the seat is tried again by itself (0: now), None when it is not."""
        if self.connection != CLOSED or self.why not in RETRY_WHY or not self.can_reconnect() \
                or self._closed_at is None:
            return None
        now = time.monotonic()
        if now - self._closed_at > RETRY_FOR:
            return None
        return max(0.0, self._tried_at + RETRY_EVERY - now)

    # ---- who is who ----------------------------------------------------------------------------
    @property
    def env(self) -> dict:
        return self._pic["env"]

    @property
    def seats(self) -> list[dict]:
        """The seats as the host's lobby tells them; this player's marked ``here``, the
        others' ``away`` while their connection is down."""
        rows = self.lobby.get("seats") or self.env.get("seats") or []
        out = []
        for i, r in enumerate(rows):
            d = {"name": str(r.get("name", "")), "colour": int(r.get("colour") or 0),
                 "kind": r.get("kind", "human"), "level": r.get("level", "good")}
            if d["kind"] != "computer":
                d["here"] = i == self.seat
                d["away"] = bool(r.get("away"))
            out.append(d)
        return out

    @property
    def humans(self) -> list[int]:
        return [self.seat]

    def is_human(self, seat) -> bool:
        return seat == self.seat

    @property
    def current(self):
        return self.env.get("turn")

    @property
    def version(self) -> int:
        return self._pic["v"]

    @property
    def history(self) -> list:
        return []

    def is_over(self) -> bool:
        return bool(self._pic and self.env.get("over"))

    def human_to_act(self) -> bool:
        return (not self.is_over() and self.current == self.seat and bool(self._pic["legal"])
                and self._pending is None and self.connection == JOINED)

    def computer_to_act(self) -> bool:
        return False

    def clear_curtain(self) -> None:
        pass

    def viewing_seat(self):
        return self.seat

    @property
    def audience(self):
        return self.seat

    def envelope(self, seat="viewing") -> dict:
        return self.env

    def board_view(self) -> dict:
        return self.env.get("view") or {}

    def legal_for_board(self):
        return list(self._pic["legal"]) if self.human_to_act() else None

    def seat_view(self, seat: int):
        return self.board_view(), list(self._pic["legal"])

    def setup(self) -> dict:
        env = self.env
        return {"game": self.game_id, "players": env.get("players"),
                "variant": env.get("variant"), "options": dict(env.get("options") or {})}

    def result(self):
        return self._pic["result"]

    def final(self) -> FinalState:
        r = self._pic["result"]
        if r is None:
            env = self.env
            r = {"players": env.get("players"), "variant": env.get("variant"),
                 "winners": list(env.get("winners") or []), "scores": env.get("scores") or [],
                 "final": env.get("view"), "facts": {}}
        return FinalState(r)

    def no_human_in_play(self) -> bool:
        return False

    def finish(self) -> list:
        return []

    # ---- acting --------------------------------------------------------------------------------
    def act(self, action):
        """Send a move of this seat; its result comes back later (None now)."""
        if not self.human_to_act():
            raise IllegalAction("not this seat's turn")
        self._pending = self.version
        self.client.act(dict(action), self.version)
        return None

    def apply(self, action) -> list:
        self.act(action)
        return []

    def can_undo(self) -> bool:
        return self._pic["undo"] and self._pending is None and self.connection == JOINED

    def undo_needs_confirm(self) -> bool:
        return self.can_undo() and self._pic["confirm"]

    def undo_target(self):
        return None

    def undo(self) -> bool:
        """Ask the host to take back this seat's last move; the answer comes as an update
        (False now: nothing changed yet)."""
        if self.can_undo():
            self._pending = self.version
            self.client.undo(self.version)
        return False

    def say(self, message: str) -> bool:
        now = time.monotonic()
        if now - self._said < SAY_GAP or self.connection != JOINED:
            return False
        self._said = now
        self.client.say(message)
        return True

    # ---- the log -------------------------------------------------------------------------------
    @property
    def log(self) -> list:
        return self._log

    text_context = LocalSession.text_context
    render = LocalSession.render
    log_lines = LocalSession.log_lines
    last_lines = LocalSession.last_lines

    # ---- the connection ------------------------------------------------------------------------
    def save(self) -> None:
        """Nothing to save here: the host keeps the table, this computer only its seat's
        token (``store``)."""

    def pause_thinking(self) -> None:
        pass

    def wait_for_computer(self, timeout: float = 10.0) -> None:
        pass

    def can_reconnect(self) -> bool:
        return (self.connection == CLOSED and not self.is_over() and bool(self.client.token)
                and getattr(self, "why", "") not in ("bad_token", "other_version"))

    def reconnect(self, auto: bool = False) -> None:
        """Try the table again with this seat's token (after the client gave up); ``auto``:
        a try of its own (the sentence of why it was lost stays on the screen)."""
        if not self.can_reconnect():
            return
        from ...net.client import TableClient
        old = self.client
        self.client = TableClient(old.url, code=old.code, name=old.name, colour=old.colour,
                                  token=old.token, wake=wake.post)
        self.client.seat = self.seat
        self.connection = CONNECTING
        if not auto:
            self._closed_at = time.monotonic()     # a new round of tries by itself
            self._tried_at = self._closed_at
            self.message = tr("online.reconnecting")
        self.client.start()

    @property
    def closed(self) -> bool:
        return self.connection == CLOSED

    def stop(self) -> None:
        self.close()

    def close(self) -> None:
        self.client.close(2.0)
