"""Tables served to players at other computers over WebSockets.

The rules run only here (boardgame.io's master is the model): a client sends an action with the
table version it saw; the host checks its seat token, the version and the action against that
seat's legal actions (``Table.act``), applies it, and sends every connected seat what that seat
may see of the change (``messages.update_message``).  The table's own refusal codes go back to
the sender; a malformed, oversized, unknown or too frequent message gets an error reply and is
logged, never a traceback, and never reaches the rules.

* ``Room``: one table, its lobby, seat tokens and connections.  A ``remote`` seat is free until
  someone sits in it (``hello``/``sit``); the sitter gets a secret token (kept by its app) and
  takes the seat back with it after a dropped connection (its seat is *away* meanwhile).  The
  room can give a free or away seat to a computer (``give_to_computer``).  Nothing starts
  before ``start()``.
* ``Hub``: accepts connections (``serve``), reads each message once, routes a hello to a room
  (``route``) and the rest to the connection's room.
* ``TableHost``: a hub with one room (the app's host, ``main.py host``); ``HostThread`` runs it
  in an asyncio loop of its own thread, so the app's frame loop never waits for the network.
  The table server (``server.py``) is a hub with many rooms.
"""
from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import Callable

from .. import __version__
from ..table import COMPUTER, REMOTE, Table, Update
from . import messages
from .protocol import (APP, BAD_MESSAGE, BAD_TOKEN, CLOSED, FULL, MAX_FRAME, NO_SEAT,
                       NOT_JOINED, NOT_STARTED, OTHER_VERSION, PROTOCOL, SEAT_TAKEN, TOO_FAST,
                       WRONG_CODE, Bad, encode, new_code, new_token, normal_code, parse)

log = logging.getLogger(__name__)

RATE = 20.0               # messages a second a client may send, on average
BURST = 40                # ... and at once
BAD_LIMIT = 50            # malformed messages before the host closes the connection
OUTBOX = 512              # messages waiting for one slow client before it is dropped
HELLO_TIMEOUT = 10.0      # seconds a new connection has to say hello


class Conn:
    """One client connection: its room and seat, its outbox (sent in order by one writer
    task) and its rate limit."""

    def __init__(self, ws, loop, rate: float = RATE, burst: int = BURST):
        self.ws = ws
        self.loop = loop
        self.room: Room | None = None
        self.seat: int | None = None
        self.hello = False
        self.outbox: asyncio.Queue = asyncio.Queue(OUTBOX)
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()
        self.bad = 0
        self.closed = False
        self.player = {"name": "", "colour": 0}     # who said hello, before they sit
        peer = getattr(ws, "remote_address", None)
        self.address = str(peer[0]) if peer else "?"

    def put(self, text: str) -> None:
        """Queue a message (from the loop's thread)."""
        if self.closed:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:        # a client that reads nothing: it rejoins later
            log.warning("a client of seat %s reads too slowly: its connection is closed",
                        self.seat)
            self.closed = True
            self.loop.create_task(self.ws.close(1013, "too slow"))

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


def refuse(conn: Conn, code: str, about: str = "") -> None:
    log.info("refused (%s) for %s seat %s", code, conn.address, conn.seat)
    conn.put(encode("error", code=code, about=about[:200]))


class Room:
    """One table with its lobby, its seat tokens and its connections."""

    def __init__(self, table: Table, *, code: str | None = None,
                 tokens: dict[int, str] | None = None, started: bool = False,
                 on_change: Callable[[str, dict], None] | None = None):
        self.table = table
        self.code = normal_code(code) or new_code()
        self.started = started
        self.seat_tokens: dict[int, str] = dict(tokens or {})   # seat -> token
        self.taken: dict[int, dict] = {}        # seat -> {"name", "colour"} of its sitter
        self.conns: tuple[Conn, ...] = ()       # replaced, never changed in place: other
        #                                         threads read it without a lock
        self.loop: asyncio.AbstractEventLoop | None = None
        self.on_change = on_change             # (what, details) for the host's screen
        for seat in self.seat_tokens:
            s = table.seats[seat]
            self.taken[seat] = {"name": s.name, "colour": s.colour}
        self._unsubscribe = table.subscribe(self._on_update)

    # ---- the lobby ----------------------------------------------------------------------------
    def remote_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.table.seats) if s.kind == REMOTE]

    def present(self) -> set[int]:
        return {c.seat for c in self.conns if c.seat is not None and not c.closed}

    def free_seats(self) -> list[int]:
        return [s for s in self.remote_seats() if s not in self.taken]

    def lobby(self) -> dict:
        here = self.present()
        seats = []
        for i, s in enumerate(self.table.seats):
            row = {"name": s.name, "colour": s.colour, "kind": s.kind, "level": s.level}
            if s.kind == REMOTE:
                row["taken"] = i in self.taken
                row["away"] = i in self.taken and i not in here
            seats.append(row)
        setup = self.table.setup()
        return {"game": setup["game"], "players": setup["players"], "variant": setup["variant"],
                "options": setup["options"], "seats": seats, "started": self.started,
                "version": __version__}

    def ready(self) -> bool:
        """Every remote seat is taken (or given to a computer): the game may start."""
        return not self.free_seats()

    def set_seat(self, seat: int, **changes) -> None:
        """A seat's sitter, kind or level changed (a server keeps the change)."""
        self.table.set_seat(seat, **changes)

    def start(self) -> bool:
        if self.started or not self.ready():
            return False
        self.started = True
        self.set_started()
        self._call(self._broadcast_state)
        self._changed("started", {})
        return True

    def give_to_computer(self, seat: int, level: str = "good") -> bool:
        """A free or away remote seat is played by a computer from now on."""
        if self.table.kind(seat) != REMOTE or seat in self.present():
            return False
        self.taken.pop(seat, None)
        if self.seat_tokens.pop(seat, None) is not None:
            log.info("seat %s was handed to a computer", seat + 1)
        self.set_seat(seat, kind=COMPUTER, level=level)
        self._call(self._broadcast_lobby)
        self._changed("lobby", {"seat": seat})
        return True

    def set_started(self) -> None:
        """The game started (a server keeps it)."""

    def say(self, seat: int, message: str) -> bool:
        """A quick message of a person at the host's computer (call it in the host's loop)."""
        from .protocol import QUICK
        if message not in QUICK or self.table.kind(seat) is None:
            return False
        text = encode("said", seat=seat, m=message)
        for c in self.conns:
            c.put(text)
        return True

    def _changed(self, what: str, details: dict) -> None:
        if self.on_change is not None:
            try:
                self.on_change(what, details)
            except Exception:  # noqa: BLE001 - the screen's listener must not stop the host
                log.exception("the host's listener failed")

    # ---- the table's changes ------------------------------------------------------------------
    def _on_update(self, update: Update) -> None:
        """Called under the table's lock in the thread that acted: each connected seat's
        message is built now (the table stands at this version), then queued in the loop."""
        if self.loop is None:
            return
        out = [(c, messages.update_message(self.table, c.seat, update))
               for c in self.conns if c.seat is not None and not c.closed]
        if out:
            self._call(lambda: [c.put(text) for c, text in out])

    def _call(self, fn) -> None:
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            fn()
        else:
            loop.call_soon_threadsafe(fn)

    def _broadcast_state(self) -> None:
        for c in self.conns:
            if c.seat is not None:
                c.put(messages.state_message(self.table, c.seat, self.started))
        self._broadcast_lobby()

    def _broadcast_lobby(self) -> None:
        lobby = self.lobby()
        for c in self.conns:
            c.put(encode("lobby", lobby=lobby))

    def detach(self, conn: Conn) -> None:
        self.conns = tuple(c for c in self.conns if c is not conn)
        if conn.seat is not None:
            log.info("seat %s is away", conn.seat + 1)
            self._broadcast_lobby()
            self._changed("away", {"seat": conn.seat})

    def close_room(self, why: str) -> None:
        for c in self.conns:
            c.put(encode("bye", why=why))
        self._unsubscribe()

    # ---- messages -----------------------------------------------------------------------------
    def hello(self, conn: Conn, msg) -> None:
        """A checked hello that named this room (by code or by one of its tokens)."""
        token = msg.get("token")
        seat = None
        if token:
            seat = next((s for s, t in self.seat_tokens.items() if t == token), None)
            if seat is None:
                refuse(conn, BAD_TOKEN)
                return
        conn.hello = True
        conn.room = self
        self.conns = self.conns + (conn,)
        conn.player = {"name": msg.get("name"), "colour": msg.get("colour")}
        if token:
            self._take(conn, seat, token)
            return
        wish = msg.get("seat")
        if wish is not None:
            self._sit(conn, wish)
            return
        conn.put(encode("welcome", p=PROTOCOL, seat=None, token=None, lobby=self.lobby()))

    def receive(self, conn: Conn, msg) -> None:
        if msg.type == "sit":
            self._sit(conn, msg.get("seat"))
        elif msg.type == "say":
            if conn.seat is None:
                refuse(conn, NO_SEAT)
                return
            text = encode("said", seat=conn.seat, m=msg.get("m"))
            for c in self.conns:
                c.put(text)
            self._changed("said", {"seat": conn.seat, "m": msg.get("m")})
        elif msg.type in ("act", "undo"):
            if conn.seat is None:
                refuse(conn, NO_SEAT)
            elif not self.started:
                refuse(conn, NOT_STARTED)
            elif msg.type == "act":
                out = self.table.act(conn.seat, msg.get("a"), msg.get("v"))
                if not out:
                    refuse(conn, out.code, out.detail)
            else:
                out = self.table.undo(conn.seat, msg.get("v"))
                if not out:
                    refuse(conn, out.code, out.detail)
        else:
            refuse(conn, BAD_MESSAGE, f"{msg.type} is not for a table")

    def _sit(self, conn: Conn, seat: int) -> None:
        player = conn.player
        if conn.seat is not None:
            refuse(conn, SEAT_TAKEN, "already seated")
            return
        if not self.free_seats():
            refuse(conn, FULL)
            return
        if seat not in self.free_seats():
            refuse(conn, SEAT_TAKEN)
            return
        token = new_token()
        self.seat_tokens[seat] = token
        name = (str(player.get("name") or "").strip() or self.table.seats[seat].name)[:40]
        colour = player.get("colour")
        others = {s.colour for i, s in enumerate(self.table.seats) if i != seat}
        if not isinstance(colour, int) or isinstance(colour, bool) or not 0 <= colour < 64 \
                or colour in others:        # two seats of one colour could not be told apart
            colour = self.table.seats[seat].colour
        self.taken[seat] = {"name": name, "colour": colour}
        self.set_seat(seat, name=name, colour=colour)
        log.info("seat %s taken", seat + 1)
        self._take(conn, seat, token)
        self._changed("joined", {"seat": seat, "name": name})

    def _take(self, conn: Conn, seat: int, token: str) -> None:
        for other in self.conns:                # the newest connection of a seat wins
            if other is not conn and other.seat == seat:
                other.seat = None
                other.closed = True
                other.loop.create_task(other.ws.close(1000, "seat taken elsewhere"))
        conn.seat = seat
        conn.put(encode("welcome", p=PROTOCOL, seat=seat, token=token, lobby=self.lobby()))
        conn.put(messages.state_message(self.table, seat, self.started))
        self._broadcast_lobby()
        self._changed("back", {"seat": seat})


class Hub:
    """Accepts connections and routes their messages to rooms."""

    rate, burst = RATE, BURST
    max_frame = MAX_FRAME

    def __init__(self):
        self.loop: asyncio.AbstractEventLoop | None = None
        self.server = None
        self.address: tuple[str, int] | None = None
        self.connections = 0
        self.open_conns: set[Conn] = set()      # the loop's thread only

    # ---- what a kind of hub decides ---------------------------------------------------------
    def route(self, conn: Conn, msg) -> Room | None:
        """The room a hello names, or None (the hub has refused it)."""
        raise NotImplementedError

    def other(self, conn: Conn, msg) -> None:
        """A message a hub may take before a hello (the server's create, mine, list)."""
        refuse(conn, NOT_JOINED)

    def allowed(self, conn: Conn) -> bool:
        """Whether a new connection is let in (the server's limits)."""
        return True

    # ---- serving -------------------------------------------------------------------------------
    async def serve(self, host: str = "127.0.0.1", port: int = 0, ssl=None):
        """Listen (in the running loop); returns (host, port) actually bound."""
        from websockets.asyncio.server import serve
        self.loop = asyncio.get_running_loop()
        self.attached()
        self.server = await serve(self._handler, host, port, max_size=self.max_frame,
                                  max_queue=32, ping_interval=20, ping_timeout=20,
                                  compression=None, ssl=ssl, server_header=None)
        sock = next(iter(self.server.sockets))
        self.address = sock.getsockname()[:2]
        log.info("listening on %s:%s", *self.address)
        return self.address

    def attached(self) -> None:
        """The hub has its loop (rooms created before take it now)."""

    async def close(self, why: str = "closed") -> None:
        self.closing(why)
        await asyncio.sleep(0.05)
        if self.server is not None:
            self.server.close()
            try:
                await asyncio.wait_for(self.server.wait_closed(), 5)
            except asyncio.TimeoutError:
                log.warning("the server did not close within 5 s")

    def closing(self, why: str) -> None:
        """Say goodbye in every room."""

    async def _handler(self, ws) -> None:
        conn = Conn(ws, asyncio.get_running_loop(), self.rate, self.burst)
        log.info("connection from %s", conn.address)
        if not self.allowed(conn):
            await ws.close(1013, "busy")
            return
        self.connections += 1
        self.open_conns.add(conn)
        writer = asyncio.create_task(self._writer(conn))
        try:
            try:
                first = await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT)
            except asyncio.TimeoutError:
                refuse(conn, NOT_JOINED, "no hello")
                await asyncio.sleep(0.05)
                return
            await self._receive(conn, first)
            async for data in ws:
                if conn.closed:
                    break
                await self._receive(conn, data)
        except Exception as exc:  # noqa: BLE001 - a broken connection ends quietly
            if type(exc).__name__ not in ("ConnectionClosedOK", "ConnectionClosedError",
                                          "ConnectionClosed"):
                log.warning("a connection failed: %s", type(exc).__name__)
        finally:
            self.connections -= 1
            self.open_conns.discard(conn)
            conn.closed = True
            writer.cancel()
            if conn.room is not None:
                conn.room.detach(conn)
            log.info("connection from %s closed", conn.address)

    async def _writer(self, conn: Conn) -> None:
        try:
            while True:
                text = await conn.outbox.get()
                await conn.ws.send(text)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - the reader's end sees the closed connection
            log.warning("_writer: fell back after an error", exc_info=True)
            conn.closed = True

    async def _receive(self, conn: Conn, data) -> None:
        if not conn.allow():
            refuse(conn, TOO_FAST)
            return
        try:
            msg = parse(data)
        except Bad as bad:
            conn.bad += 1
            refuse(conn, bad.code, bad.about)
            if conn.bad > BAD_LIMIT:
                conn.closed = True
                await conn.ws.close(1008, "too many bad messages")
            return
        if msg.type == "ping":
            conn.put(encode("pong"))
        elif msg.type == "hello":
            if conn.hello:
                refuse(conn, BAD_MESSAGE, "hello twice")
                return
            if msg.get("p") != PROTOCOL or msg.get("app") != APP \
                    or msg.get("version") != __version__:
                refuse(conn, OTHER_VERSION, f"{msg.get('app')} {msg.get('version')}")
                return
            room = self.route(conn, msg)
            if room is not None:
                room.hello(conn, msg)
        elif conn.room is None:
            self.other(conn, msg)
        else:
            conn.room.receive(conn, msg)


class TableHost(Room, Hub):
    """One table served by itself: the app's host and ``main.py host``."""

    def __init__(self, table: Table, **kw):
        Room.__init__(self, table, **kw)
        Hub.__init__(self)

    def route(self, conn: Conn, msg) -> Room | None:
        if not msg.get("token") and normal_code(msg.get("code")) != self.code:
            refuse(conn, WRONG_CODE)
            return None
        return self

    def closing(self, why: str) -> None:
        self.close_room(why)


class HostThread:
    """A hub in an asyncio loop of its own thread (the app's frame loop never waits for the
    network).  ``start()`` returns the bound address or raises OSError (a port in use, no
    permission); ``stop()`` ends it within a few seconds."""

    def __init__(self, host: Hub, bind: str = "127.0.0.1", port: int = 0):
        self.host = host
        self.bind, self.port = bind, port
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._stop: asyncio.Event | None = None

    def start(self, timeout: float = 10.0) -> tuple[str, int]:
        self.thread = threading.Thread(target=self._run, name="table-host", daemon=True)
        self.thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the table's server did not start in time")
        if self._error is not None:
            raise self._error
        return self.host.address

    def _run(self) -> None:
        loop = self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)

        async def main():
            self._stop = asyncio.Event()
            try:
                await self.host.serve(self.bind, self.port)
            except OSError as exc:
                self._error = exc
                self._ready.set()
                return
            self._ready.set()
            await self._stop.wait()
            await self.host.close()

        try:
            loop.run_until_complete(main())
        finally:
            try:        # a loop left inside "async for" has an async generator to finish
                loop.run_until_complete(loop.shutdown_asyncgens())
            finally:
                loop.close()

    def call(self, fn) -> None:
        """Run ``fn()`` in the host's loop."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(fn)

    def stop(self, timeout: float = 6.0) -> None:
        if self.loop is not None and self._stop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._stop.set)
        if self.thread is not None:
            self.thread.join(timeout)


__all__ = ["Room", "Hub", "TableHost", "HostThread", "Conn", "CLOSED", "BAD_MESSAGE",
           "FULL", "WRONG_CODE"]
