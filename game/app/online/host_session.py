"""``HostSession``: the host's side of a table played from several computers.

It is a ``LocalSession`` (the table, its computer players, the host's own person(s), undo,
autosave) whose table is also served to the players at other computers by a ``TableHost`` in a
``HostThread`` (``game/net/host.py``).  Their moves are applied to the table in the network's
thread; the table's subscribers run in the thread that acted, so a change made there is only
queued here (and the window woken, ``game/app/loop/wake.py``) and the play screen takes it in
``tick``, one at a time and never while the board still plays the one before.  Nothing of the
screen is ever touched from the network's thread: what the host reports (someone joined, went
away, came back, said something) crosses through a queue too and is read with ``poll_notices``.

The computer seats play here (the ``BotRunner``, polled by ``tick`` once a frame) once the game
has started.  The autosave of an online table keeps its code, port and seat tokens
(``saves``' ``online``), so that *Continue* hosts it again with the same code and the others
take their seats back by themselves (``rehost``).
"""
from __future__ import annotations

import logging
import queue
import random
import threading

from ... import __version__
from ...i18n import tr
from ...rules import IllegalAction, new_game
from ...table.seats import HUMAN, REMOTE
from ..loop import wake
from ..session import LocalSession
from ..views import needs_curtain
from .errors import sentence

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765


def bind_address() -> str:
    """Where the table listens: every interface, or only this computer when LAN play is kept
    to the loopback interface (``BURROWBOX_LAN=loopback``: tests, trying it alone)."""
    from ...net import discovery
    return "127.0.0.1" if discovery.mode() == "loopback" else "0.0.0.0"


class HostSession(LocalSession):
    scene_name = "online_play"       # the play screen with the table's messages and seats
    online = "host"
    pause_note = "online.pause.host"

    def __init__(self, game_id: str, seats: list, state, *, code: str | None = None,
                 tokens: dict | None = None, started: bool = False, port: int | None = None,
                 history: list | None = None, log: list | None = None,
                 held: list | None = None, version: int = 0, autosave: bool = True,
                 bind: str | None = None):
        self._main = threading.get_ident()
        self._updates: queue.SimpleQueue = queue.SimpleQueue()   # changes made elsewhere
        self._events: queue.SimpleQueue = queue.SimpleQueue()    # what the host reported
        self._dirty = False
        self._closed = False
        self._lock = threading.Lock()
        super().__init__(game_id, seats, state, history=history, log=log, held=held,
                         version=version, autosave=autosave, curtain=needs_curtain(game_id))
        self.bots.enabled = started
        from ...net.host import TableHost
        self.host = TableHost(self.table, code=code, tokens=tokens, started=started,
                              on_change=self._host_changed)
        self.lobby: dict = self.host.lobby()
        self._away: set[int] = {i for i, s in enumerate(self.lobby["seats"]) if s.get("away")}
        self.thread = None
        self.port: int | None = None
        self.wanted_port = port
        self.announcer = None
        self._listen(port, bind or bind_address())
        if not started:
            threading.Thread(target=self._announce, name="table-announce", daemon=True).start()

    # ---- the network --------------------------------------------------------------------------
    def _listen(self, port: int | None, bind: str) -> None:
        """Listen on ``port`` (a saved table's), else the usual port, else any free one."""
        from ...net.host import HostThread
        tries = []
        for p in (port, DEFAULT_PORT, 0):
            if p is not None and p not in tries:
                tries.append(p)
        for p in tries:
            thread = HostThread(self.host, bind, p)
            try:
                addr = thread.start()
            except OSError as exc:
                log.info("cannot listen on port %s: %s", p, exc)
                continue
            self.thread, self.port, self.bind = thread, addr[1], bind
            return
        raise ValueError(sentence("cannot_listen"))

    def _announce(self) -> None:
        """Tell the home network about the table (zeroconf), in the background."""
        try:
            from ...net.discovery import Announcer
            names = [s.name for s in self.table.seats if s.kind == HUMAN]
            name = names[0] if names else "Burrow Box"
            ann = Announcer(name, self.port,
                            {"game": self.game_id, "code": self.host.code, "host": name,
                             "version": __version__, "players": len(self.table.seats)})
        except Exception:  # noqa: BLE001 - no LAN list, the table still works by address
            log.info("the table is not announced", exc_info=True)
            return
        with self._lock:
            if self._closed or self.host.started:
                keep = None
            else:
                keep, self.announcer = ann, ann
        if keep is None:
            ann.close()

    def _withdraw(self) -> None:
        with self._lock:
            ann, self.announcer = self.announcer, None
        if ann is not None:
            threading.Thread(target=ann.close, name="table-withdraw", daemon=True).start()

    @property
    def code(self) -> str:
        return self.host.code

    @property
    def started(self) -> bool:
        return self.host.started

    def addresses(self) -> list[str]:
        """Where others reach this table: ``address:port`` for each of this computer's
        addresses (only this computer's own when it listens on the loopback interface)."""
        from ...net.commands import lan_addresses
        if self.bind.startswith("127."):
            hosts = ["127.0.0.1"]
        else:
            hosts = lan_addresses() or ["127.0.0.1"]
        return [f"{h}:{self.port}" for h in hosts]

    def ready(self) -> bool:
        return self.host.ready()

    def start(self) -> None:
        """Start the game (once every seat at another computer is taken): in the host's loop,
        so that nobody sits down half-way; ``poll_notices`` says "started"."""
        self._call(self.host.start)

    def give_to_computer(self, seat: int, level: str) -> None:
        """A free or away seat is played by a computer of ``level`` from now on."""
        self.bots.forget(seat)
        self._call(lambda: self.host.give_to_computer(seat, level))

    def say(self, message: str) -> bool:
        """A quick message of the person at this computer, to everybody at the table."""
        seat = self.humans[0] if self.humans else None
        if seat is None:
            return False
        self._call(lambda: self.host.say(seat, message))
        self._host_changed("said", {"seat": seat, "m": message})
        return True

    def _call(self, fn) -> None:
        if self.thread is not None:
            self.thread.call(fn)

    def _host_changed(self, what: str, details: dict) -> None:
        """The host's report (any thread): queued with the lobby as it stands now."""
        self._events.put((what, dict(details), self.host.lobby()))
        wake.post()

    def poll_notices(self) -> list[tuple]:
        """What happened at the table since the last call (main thread): ("started",),
        ("joined", seat), ("away", seat), ("back", seat), ("said", seat, message), ("lobby",)."""
        out = []
        while True:
            try:
                what, details, lobby = self._events.get_nowait()
            except queue.Empty:
                return out
            self.lobby = lobby
            seat = details.get("seat")
            if what == "started":
                self.bots.enabled = True
                self._withdraw()
                out.append(("started",))
            elif what == "away":
                self._away.add(seat)
                out.append(("away", seat))
            elif what == "back":
                if seat in self._away:          # the first "back" is the one of joining
                    self._away.discard(seat)
                    out.append(("back", seat))
            elif what == "joined":
                out.append(("joined", seat))
            elif what == "said":
                out.append(("said", seat, details.get("m")))
            elif what == "note":
                out.append(("note", details.get("text", "")))
            else:
                self._away = {i for i, s in enumerate(lobby["seats"]) if s.get("away")}
                out.append(("lobby",))

    # ---- who is who ---------------------------------------------------------------------------
    @property
    def seats(self) -> list[dict]:
        """The seats, a person's marked ``here`` (at this computer) or not, and ``away``."""
        rows = self.lobby.get("seats") or []
        out = []
        for i, s in enumerate(self.table.seats):
            d = s.to_dict()
            if s.kind == REMOTE:
                row = rows[i] if i < len(rows) else {}
                d["here"] = False
                d["away"] = bool(row.get("away")) or (self.started and not row.get("taken"))
            elif s.kind == HUMAN:
                d["here"] = True
            out.append(d)
        return out

    # ---- changes ------------------------------------------------------------------------------
    def _on_update(self, update) -> None:
        """A subscriber of the table: a change made in the screen's thread (a move here, a
        computer's) is taken at once; one made in the network's thread, or while such changes
        wait, is queued for ``tick`` (never touching the screen's state from there)."""
        if threading.get_ident() != self._main or not self._updates.empty():
            self._updates.put(update)
            wake.post()
            return
        self._take_update(update)
        self._dirty = True

    def act(self, action):
        seat = self.table.current
        if not self.is_human(seat):
            raise IllegalAction("not the turn of a person at this computer")
        out = self.table.act(seat, action, self.table.version)
        if not out:
            raise IllegalAction(out.detail or out.code or "refused")
        return out.update if out.update is self.last_update else None

    def tick(self, dt: float, animating: bool, speed: str = "normal",
             computer_speed: str | None = None, think: float | None = None, before=None):
        if animating:
            return super().tick(dt, True, speed, computer_speed, think, before)
        try:
            update = self._updates.get_nowait()
        except queue.Empty:
            update = None
        if update is not None:
            if before is not None:
                before()
            self._take_update(update)
            self._dirty = True
            return update
        if self._dirty:
            self._dirty = False
            self.save()
        got = super().tick(dt, False, speed, computer_speed, think, before)
        # a computer's move made while a change from the network waited comes by the queue
        return got if got is None or got is self.last_update else None

    def undo(self) -> bool:
        done = super().undo()
        if done:
            self._dirty = True
        return done

    # ---- saving and closing -------------------------------------------------------------------
    def online_record(self) -> dict:
        return {"code": self.host.code, "port": self.port or 0,
                "tokens": {str(k): v for k, v in dict(self.host.seat_tokens).items()}}

    def save(self, entry: dict | None = None) -> None:
        """The autosave, with the table's code, port and seat tokens (once started); a table
        online keeps no journal (``entry`` is not used): its save is written after each
        change."""
        if not self.autosave_enabled or not self.host.started:
            return
        from ..store import saves
        if self.is_over():
            saves.remove_autosave_async(saves.slot_name(self.game_id, self.table.state))
            self.message = None
            return
        rec = self.table.to_record()
        self.message = saves.write_autosave_async(
            self.game_id, rec["seats"], self.table.state, rec["undo"], rec["log"],
            version=rec["version"], online=self.online_record(), actions=rec["actions"])

    def stop(self) -> None:
        """The window closes or the player leaves the table: saved, and the table closes."""
        self.close()

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
        self.bots.stop()
        self.save()                 # as it stands now: the network may have moved it on
        self._withdraw()
        if self.thread is not None:
            self.thread.stop(3.0)

    @property
    def closed(self) -> bool:
        return self._closed

    def can_reconnect(self) -> bool:
        return False


def host_new(game_id: str, seats: list[dict], variant=None, options=None, seed=None,
             port: int | None = None, bind: str | None = None) -> HostSession:
    """A new table for these seats (``kind`` "remote": a person at another computer), waiting
    for them; ValueError with a sentence when it cannot be hosted."""
    seed = random.SystemRandom().randrange(2 ** 31) if seed is None else seed
    state = new_game(game_id, len(seats), seed=seed, variant=variant, options=options)
    return HostSession(game_id, seats, state, port=port, bind=bind)


def rehost(save, bind: str | None = None) -> HostSession:
    """A saved online table (``saves.Saved`` with ``online``) hosted again: the same code, the
    same port if it is free, the seats' tokens, already started."""
    online = save.online
    session = HostSession(save.game_id, save.seats, save.state, history=save.undo,
                          log=save.log, held=getattr(save, "held", None),
                          version=getattr(save, "version", 0), code=online["code"],
                          tokens=online.get("tokens"), started=True, port=online.get("port"),
                          bind=bind)
    if online.get("port") and session.port != online["port"]:   # the others need the address
        session._host_changed("note", {"text": tr("online.port_changed", port=session.port)})
    return session
