"""Where a table server keeps its tables: SQLite (the standard library's ``sqlite3``) in WAL
mode, behind the small interface of ``Store`` so that another store could replace it.

Each table has a row (its set-up, seats, tokens, the last snapshot of its record) and every
change is appended before the server answers (``append``: an action, a take-back, a seat that
changed hands), committed at once: ``kill -9`` at any moment loses nothing that was confirmed.
On start ``tables()`` gives each table's snapshot and the changes after it, which the server
replays through the same ``Table`` calls.  A snapshot is written every ``SNAPSHOT_EVERY``
changes, so a restart replays few.

The schema carries a version (``PRAGMA user_version``); an older file is migrated, a newer one
or a file that is not such a database is refused with a ``StoreError`` that says so.
"""
from __future__ import annotations

import json
import logging
import sqlite3
import time
from pathlib import Path

log = logging.getLogger(__name__)

SCHEMA = 1
SNAPSHOT_EVERY = 50
FILE_NAME = "tables.sqlite3"


class StoreError(Exception):
    """The store cannot be used; ``str()`` says why, for the person running the server."""


_CREATE = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    turn_since REAL NOT NULL,
    started INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0,
    listed INTEGER NOT NULL DEFAULT 0,
    timer INTEGER NOT NULL DEFAULT 0,
    address TEXT NOT NULL DEFAULT '',
    meta TEXT NOT NULL,
    snapshot TEXT NOT NULL,
    snapshot_change INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    kind TEXT NOT NULL,
    seat INTEGER,
    version INTEGER NOT NULL,
    data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS changes_by_table ON changes (code, id);
"""


def _dumps(x) -> str:
    return json.dumps(x, separators=(",", ":"), allow_nan=False)


class Store:
    def __init__(self, folder: Path | str):
        self.folder = Path(folder)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot use the data folder {self.folder}: "
                             f"{exc.strerror or exc}") from None
        self.path = self.folder / FILE_NAME
        if self.path.exists() and not self.path.is_file():
            raise StoreError(f"{self.path} is not a file")
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, timeout=10)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA:
                raise StoreError(f"{self.path} was written by a newer version of Burrow Box "
                                 f"(schema {version}; this one knows {SCHEMA})")
            self.db.executescript(_CREATE)
            self._migrate(version)
            self.db.execute("SELECT count(*) FROM tables").fetchone()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path} is damaged or not a table server's database "
                             f"({exc}); move it aside to start afresh") from None

    def _migrate(self, version: int) -> None:
        """Bring an older schema up to this one (version 0: a new file)."""
        if version < SCHEMA:
            self.db.execute(f"PRAGMA user_version={SCHEMA}")

    def close(self) -> None:
        try:
            self.db.close()
        except sqlite3.Error:
            pass

    # ---- writing ----------------------------------------------------------------------------
    def create(self, code: str, game: str, record: dict, meta: dict, *, listed: bool,
               timer: int, address: str) -> None:
        now = time.time()
        self.db.execute(
            "INSERT INTO tables (code, game, created, updated, turn_since, listed, timer, "
            "address, meta, snapshot) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (code, game, now, now, now, int(listed), int(timer), address, _dumps(meta),
             _dumps(record)))

    def append(self, code: str, kind: str, seat, version: int, data) -> int:
        """One change, committed before the server answers; returns its id."""
        now = time.time()
        cur = self.db.execute(
            "INSERT INTO changes (code, kind, seat, version, data) VALUES (?, ?, ?, ?, ?)",
            (code, kind, seat, version, _dumps(data)))
        self.db.execute("UPDATE tables SET updated=?, turn_since=? WHERE code=?",
                        (now, now, code))
        return cur.lastrowid

    def set_meta(self, code: str, meta: dict, *, started: bool | None = None) -> None:
        self.db.execute("UPDATE tables SET meta=?, updated=? WHERE code=?",
                        (_dumps(meta), time.time(), code))
        if started is not None:
            self.db.execute("UPDATE tables SET started=? WHERE code=?", (int(started), code))

    def snapshot(self, code: str, record: dict, change_id: int, over: bool) -> None:
        """The table's record as of change ``change_id``; older changes go."""
        self.db.execute("BEGIN")
        try:
            self.db.execute("UPDATE tables SET snapshot=?, snapshot_change=?, over=? "
                            "WHERE code=?", (_dumps(record), change_id, int(over), code))
            self.db.execute("DELETE FROM changes WHERE code=? AND id<=?", (code, change_id))
            self.db.execute("COMMIT")
        except sqlite3.Error:
            self.db.execute("ROLLBACK")
            raise

    def delete(self, code: str) -> None:
        self.db.execute("BEGIN")
        self.db.execute("DELETE FROM changes WHERE code=?", (code,))
        self.db.execute("DELETE FROM tables WHERE code=?", (code,))
        self.db.execute("COMMIT")

    def purge(self, finished_before: float, idle_before: float) -> int:
        """Tables that ended before ``finished_before`` or waited with nobody acting since
        ``idle_before`` go; returns how many."""
        codes = [r[0] for r in self.db.execute(
            "SELECT code FROM tables WHERE (over=1 AND updated<?) OR updated<?",
            (finished_before, idle_before))]
        for code in codes:
            self.delete(code)
        return len(codes)

    # ---- reading -------------------------------------------------------------------------------
    def tables(self):
        """Every table as ``(row, changes after its snapshot)``; a row's JSON fields parsed.
        A row that cannot be read is skipped with a warning (its code named in the log)."""
        rows = self.db.execute(
            "SELECT code, game, created, updated, turn_since, started, over, listed, timer, "
            "address, meta, snapshot, snapshot_change FROM tables").fetchall()
        for r in rows:
            try:
                row = {"code": r[0], "game": r[1], "created": r[2], "updated": r[3],
                       "turn_since": r[4], "started": bool(r[5]), "over": bool(r[6]),
                       "listed": bool(r[7]), "timer": int(r[8]), "address": r[9],
                       "meta": json.loads(r[10]), "snapshot": json.loads(r[11]),
                       "snapshot_change": int(r[12])}
                changes = [{"id": c[0], "kind": c[1], "seat": c[2], "version": c[3],
                            "data": json.loads(c[4])} for c in self.db.execute(
                    "SELECT id, kind, seat, version, data FROM changes WHERE code=? AND id>? "
                    "ORDER BY id", (r[0], int(r[12])))]
            except (ValueError, TypeError) as exc:
                log.warning("a stored table cannot be read and is left out: %s", exc)
                continue
            yield row, changes

    def count(self) -> int:
        return self.db.execute("SELECT count(*) FROM tables").fetchone()[0]
