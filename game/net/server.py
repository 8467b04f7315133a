"""``TableServer``: many tables on one server that wait for their players (``main.py serve``).

The same rooms as the app's host (``host.Room``), kept in a ``Store`` (SQLite): a table is
created by a player (``create``), joined by its code like a hosted table, played over days
(computer seats move on the server; an optional move timer lets a computer move for a person
who has not moved in time), and kept until it ends (and ``keep_days`` after, for the results).
Each change is written before the server answers, so ``kill -9`` and a restart resume every
table at its last confirmed action; the clients reconnect by themselves.

Limits are settings with safe defaults (``Limits``): tables on the server, tables created from
one address, connections, messages a second, the size of a message, idle connections, and wrong
codes from one address (a code is long enough to be unguessable; guessing is stopped).  Every
refusal is a code the app says in words.  Logs name addresses, never a code or a token.
"""
from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass

from .. import __version__
from ..rules import GAMES, new_game
from ..table import COMPUTER, REMOTE, BotRunner, Seat, Table
from .host import Conn, Hub, Room, refuse
from .protocol import (APP, OTHER_VERSION, PROTOCOL, TOO_FAST, WRONG_CODE, encode,
                       new_code, normal_code)
from .store import SNAPSHOT_EVERY, Store

log = logging.getLogger(__name__)

SERVER_CODE_LENGTH = 10       # 24**10 codes: unguessable with the limit on wrong codes
BUSY, TOO_MANY_TABLES, BAD_SETUP = "busy", "too_many_tables", "bad_setup"
DAY = 24 * 3600
TIMERS = (0, 1, 3)            # days a person may take for a move (0: no timer)


@dataclass
class Limits:
    tables: int = 5000                # tables on the server
    tables_per_address: int = 20      # waiting tables created from one address
    connections: int = 5000
    rate: float = 20.0                # messages a second from one connection, on average
    burst: int = 40
    frame: int = 64 * 1024            # bytes of one message
    idle: float = 3600.0              # seconds a connection may stay silent
    wrong_codes: int = 20             # wrong codes from one address within ...
    wrong_window: float = 600.0       # ... this many seconds, before it is refused a while
    keep_days: float = 7.0            # days a finished table is kept for its results
    abandon_days: float = 60.0        # days a table nobody moves at is kept


class ServerRoom(Room):
    """A room whose every change is kept in the store before it is answered."""

    def __init__(self, server: "TableServer", table: Table, code: str, *, listed: bool,
                 timer: int, turn_since: float, **kw):
        self.server = server
        self.listed = listed
        self.timer = timer                  # days a person may take for a move (0: none)
        self.turn_since = turn_since
        self.last_change = 0
        self.changes = 0
        self.replaying = False
        table.subscribe(self._keep)         # before the room's own listener: kept, then sent
        super().__init__(table, code=code, **kw)
        self.bots = BotRunner(table, pause=0.2)

    def meta(self) -> dict:
        return {"tokens": {str(k): v for k, v in self.seat_tokens.items()},
                "taken": {str(k): v for k, v in self.taken.items()}}

    def _keep(self, update) -> None:
        self.turn_since = time.time()
        if self.replaying:
            return
        store = self.server.store
        if update.kind == "act":
            self.last_change = store.append(self.code, "act", update.seat, update.version,
                                            update.action)
        else:
            self.last_change = store.append(self.code, "undo", update.seat, update.version, {})
        self.changes += 1
        if self.changes >= SNAPSHOT_EVERY or self.table.is_over():
            self.snapshot()

    def snapshot(self) -> None:
        self.server.store.snapshot(self.code, self.table.to_record(), self.last_change,
                                   self.table.is_over())
        self.changes = 0

    def set_seat(self, seat: int, **changes) -> None:
        super().set_seat(seat, **changes)
        if not self.replaying:
            self.last_change = self.server.store.append(self.code, "seat", seat,
                                                        self.table.version, changes)
            self.server.store.set_meta(self.code, self.meta())

    def set_started(self) -> None:
        if not self.replaying:
            self.server.store.set_meta(self.code, self.meta(), started=True)

    def lobby(self) -> dict:
        """The room's lobby, marked as a table server's: a player who joined it by its code
        finds it again in *My tables* of that server."""
        return {**super().lobby(), "server": True}

    def summary(self, seat: int | None) -> dict:
        """What a player's *My tables* list shows of this table."""
        env = self.table.view_for(seat)
        return {"code": self.code, "game": self.table.game_id, "seat": seat,
                "turn": env["turn"], "your_turn": seat is not None and env["turn"] == seat,
                "over": env["over"], "started": self.started, "winners": env["winners"],
                "names": [s["name"] for s in env["seats"]], "updated": self.turn_since,
                "free": len(self.free_seats())}


class TableServer(Hub):
    def __init__(self, store: Store, limits: Limits | None = None):
        super().__init__()
        self.store = store
        self.limits = limits or Limits()
        self.rate, self.burst = self.limits.rate, self.limits.burst
        self.max_frame = self.limits.frame
        self.rooms: dict[str, ServerRoom] = {}
        self.wrong: dict[str, list[float]] = {}
        self._tasks: list[asyncio.Task] = []

    # ---- tables --------------------------------------------------------------------------------
    def load(self) -> int:
        """The stored tables, each replayed to its last confirmed change; returns how many."""
        limits = self.limits
        now = time.time()
        gone = self.store.purge(now - limits.keep_days * DAY, now - limits.abandon_days * DAY)
        if gone:
            log.info("%s finished or abandoned tables were removed", gone)
        for row, changes in self.store.tables():
            try:
                room = self._restore(row, changes)
            except Exception as exc:  # noqa: BLE001 - one damaged table must not stop the rest
                log.warning("a stored table cannot be restored and is left out: %s",
                            type(exc).__name__)
                continue
            self.rooms[room.code] = room
        return len(self.rooms)

    def _restore(self, row: dict, changes: list) -> ServerRoom:
        from ..rules import load_state
        rec = row["snapshot"]
        table = Table(rec["game"], rec["seats"], load_state(rec["state"]), history=rec["undo"],
                      log=rec["log"], version=rec["version"])
        meta = row["meta"]
        tokens = {int(k): str(v) for k, v in (meta.get("tokens") or {}).items()}
        room = ServerRoom(self, table, row["code"], listed=row["listed"], timer=row["timer"],
                          turn_since=row["turn_since"], started=row["started"])
        room.replaying = True
        try:
            for ch in changes:
                if ch["kind"] == "act":
                    out = table.act(ch["seat"], ch["data"], ch["version"] - 1)
                elif ch["kind"] == "undo":
                    out = table.undo(ch["seat"], ch["version"] - 1)
                else:
                    table.set_seat(ch["seat"], **ch["data"])
                    continue
                if not out:
                    raise ValueError(f"change {ch['id']} does not replay ({out.code})")
                room.last_change = ch["id"]
        finally:
            room.replaying = False
        room.seat_tokens = tokens
        room.taken = {int(k): dict(v) for k, v in (meta.get("taken") or {}).items()}
        room.last_change = changes[-1]["id"] if changes else row["snapshot_change"]
        room.changes = len(changes)
        room.turn_since = row["turn_since"]
        if self.loop is not None:
            room.loop = self.loop
        return room

    def create(self, conn: Conn, msg) -> ServerRoom | None:
        limits = self.limits
        if len(self.rooms) >= limits.tables:
            refuse(conn, TOO_MANY_TABLES, "the server is full")
            return None
        mine = sum(1 for r in self.rooms.values()
                   if getattr(r, "address", None) == conn.address and not r.table.is_over())
        if mine >= limits.tables_per_address:
            refuse(conn, TOO_MANY_TABLES, "too many tables from one address")
            return None
        game = msg.get("game")
        info = GAMES.get(game)
        kinds = msg.get("seats")
        if info is None or info.state_class is None:
            refuse(conn, BAD_SETUP, "unknown game")
            return None
        try:
            seats = [Seat(str(s.get("name") or f"Seat {i + 1}")[:40], i,
                          s.get("kind") if s.get("kind") in (REMOTE, COMPUTER) else REMOTE,
                          str(s.get("level") or "good")) for i, s in enumerate(kinds)]
            state = new_game(game, len(seats), variant=msg.get("variant"),
                             options=msg.get("options") or None)
        except (ValueError, TypeError, AttributeError) as exc:
            refuse(conn, BAD_SETUP, str(exc))
            return None
        if not any(s.kind == REMOTE for s in seats):
            refuse(conn, BAD_SETUP, "a table needs a seat for a person")
            return None
        code = new_code(SERVER_CODE_LENGTH)
        while code in self.rooms:
            code = new_code(SERVER_CODE_LENGTH)
        table = Table(game, seats, state)
        self.store.create(code, game, table.to_record(), {"tokens": {}, "taken": {}},
                          listed=bool(msg.get("listed")), timer=int(msg.get("timer") or 0),
                          address=conn.address)
        room = ServerRoom(self, table, code, listed=bool(msg.get("listed")),
                          timer=int(msg.get("timer") or 0), turn_since=time.time())
        room.address = conn.address
        room.loop = self.loop
        room.start_when_ready = True
        self.rooms[code] = room
        log.info("a table of %s was created from %s", game, conn.address)
        return room

    # ---- the hub's decisions --------------------------------------------------------------------
    def attached(self) -> None:
        for room in self.rooms.values():
            room.loop = self.loop

    def allowed(self, conn: Conn) -> bool:
        return self.connections < self.limits.connections

    def _guessing(self, conn: Conn) -> bool:
        now = time.monotonic()
        times = [t for t in self.wrong.get(conn.address, []) if now - t < self.limits.wrong_window]
        self.wrong[conn.address] = times
        return len(times) >= self.limits.wrong_codes

    def route(self, conn: Conn, msg) -> Room | None:
        if self._guessing(conn):
            refuse(conn, TOO_FAST, "too many wrong codes: try again later")
            return None
        token = msg.get("token")
        room = self.rooms.get(normal_code(msg.get("code")) or "")
        if room is None and token:
            room = next((r for r in self.rooms.values() if token in r.seat_tokens.values()),
                        None)
        if room is None:
            self.wrong.setdefault(conn.address, []).append(time.monotonic())
            refuse(conn, WRONG_CODE)
            return None
        return room

    def other(self, conn: Conn, msg) -> None:
        fields = msg.fields
        if msg.type == "create":
            if fields.get("p") != PROTOCOL or fields.get("app") != APP \
                    or fields.get("version") != __version__:
                refuse(conn, OTHER_VERSION)
                return
            room = self.create(conn, msg)
            if room is not None:
                conn.put(encode("created", code=room.code, lobby=room.lobby()))
        elif msg.type == "mine":
            out = []
            for item in fields.get("tables") or []:
                room = self.rooms.get(normal_code(item.get("code")) or "")
                if room is None:
                    out.append({"code": item.get("code"), "gone": True})
                    continue
                seat = next((s for s, t in room.seat_tokens.items() if t == item.get("token")),
                            None)
                if seat is not None:
                    out.append(room.summary(seat))
            conn.put(encode("tables", tables=out))
        elif msg.type == "list":
            out = [r.summary(None) for r in self.rooms.values()
                   if r.listed and not r.started and r.free_seats()][:100]
            conn.put(encode("tables", tables=out))
        else:
            super().other(conn, msg)

    def closing(self, why: str) -> None:
        for room in self.rooms.values():
            for c in room.conns:
                c.put(encode("bye", why=why))

    # ---- the server's own work --------------------------------------------------------------------
    async def run(self, host: str, port: int, ssl=None, stop: asyncio.Event | None = None):
        """Serve until ``stop`` is set: computer seats and timers move, idle rooms wait."""
        await self.serve(host, port, ssl)
        stop = stop or asyncio.Event()
        self._tasks = [asyncio.create_task(self._computers(stop)),
                       asyncio.create_task(self._housekeeping(stop))]
        try:
            await stop.wait()
        finally:
            for t in self._tasks:
                t.cancel()
            await self.close("server stopped")

    async def _computers(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            for room in list(self.rooms.values()):
                if getattr(room, "start_when_ready", False) and not room.started \
                        and room.ready():
                    room.start()
                if room.started and room.bots.computer_to_act():
                    try:
                        room.bots.poll(0.05)
                    except Exception:  # noqa: BLE001 - one table's trouble stays there
                        log.exception("a computer seat failed")
            await asyncio.sleep(0.05)

    async def _housekeeping(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            now = time.time()
            for room in list(self.rooms.values()):
                self._timer(room, now)
                if room.table.is_over() and now - room.turn_since > self.limits.keep_days * DAY:
                    self.store.delete(room.code)
                    self.rooms.pop(room.code, None)
            for conn in self._idle(now):
                conn.loop.create_task(conn.ws.close(1000, "idle"))
            await asyncio.sleep(5.0)

    def _idle(self, now: float) -> list:
        """Connections that said nothing for ``limits.idle`` seconds (their app reconnects
        when its player comes back)."""
        mono = time.monotonic()
        return [c for c in self.open_conns if mono - c.stamp > self.limits.idle]

    def _timer(self, room: ServerRoom, now: float) -> None:
        """A person who has not moved within the table's timer: a computer moves for them."""
        t = room.table
        seat = t.current
        if not room.timer or not room.started or t.is_over() or t.kind(seat) != REMOTE:
            return
        if now - room.turn_since < room.timer * DAY:
            return
        from ..ai import make_agent
        agent = make_agent(t.game_id, "good", seed=t.version)
        try:
            action = agent.decide(t.view_for(seat)["view"], t.legal_for(seat))
        except Exception:  # noqa: BLE001 - the first legal move then
            log.warning("_timer: fell back after an error", exc_info=True)
            action = t.legal_for(seat)[0]
        if t.act(seat, action, t.version):
            log.info("the move timer ran out: a computer moved for a seat")
