"""The journal of a game in progress: every action, durable before the next one is shown.

The save of a game (``saves/<slot>.json``) is written in the background after every action, and
a background writer keeps only the newest pending save: killed at the wrong moment, the app
could lose more than the last action.  So each action (and each take-back) is also appended to
``saves/<slot>.journal`` and flushed to the disk (fsync) before it is shown:

    {"journal":1,"id":"3f0c..."} 1a2b3c4d               the header: which save it extends
    {"n":7,"op":"act","seat":1,"action":"{...}"} 9e8f7a6b     an action (its key, see rules/base.py)
    {"n":8,"op":"undo"} 0c1d2e3f                                    a take-back

Each line ends with the CRC-32 of its JSON.  The save records the journal it belongs to and the
number of the last entry it holds (``"journal": {"id", "n"}``); when a save is on the disk, the
entries it holds are dropped from the journal now and then (``compact``: every
``COMPACT_AFTER`` entries, and when the game closes).  Loading a save replays the entries after
its ``n`` (``read`` + ``replay``): each one must be legal where it is replayed, like everything in
a save; a damaged or illegal entry and everything after it is cut, with a note, never a crash.

The interface is small on purpose (``Journal.append`` / ``compact`` / ``discard``, ``read``,
``replay`` with callables that apply an action and take one back), so the play logic calls it
in a few lines.  No pygame here.
"""
from __future__ import annotations

import json
import logging
import os
import threading
import zlib
from pathlib import Path
from typing import Callable

from ...io.safeio import FileProblem, atomic_write_bytes, read_bytes

log = logging.getLogger(__name__)

SUFFIX = ".journal"
VERSION = 1
COMPACT_AFTER = 32          # entries in the file before it is rewritten without the saved ones
MAX_BYTES = 4 * 1024 * 1024
MAX_LINE = 64 * 1024        # one entry (an action's key is a few hundred bytes)
OPS = ("act", "undo")


def _line(record: dict) -> bytes:
    text = json.dumps(record, separators=(",", ":"), ensure_ascii=True)
    return f"{text} {zlib.crc32(text.encode('ascii')):08x}\n".encode("ascii")


def _parse(raw: bytes) -> dict | None:
    """A line's record when its CRC matches, else None."""
    if len(raw) > MAX_LINE:
        return None
    try:
        text, _, crc = raw.decode("ascii").rpartition(" ")
        if len(crc) != 8 or int(crc, 16) != zlib.crc32(text.encode("ascii")):
            return None
        value = json.loads(text)
    except (UnicodeDecodeError, ValueError):
        return None
    return value if isinstance(value, dict) else None


def new_id() -> str:
    return os.urandom(8).hex()


class Journal:
    """The journal of one game (its save's ``id``); ``n`` is the number of the last entry
    written.  ``append`` may be called from the play thread while the save writer calls
    ``compact``."""

    def __init__(self, path, jid: str | None = None, n: int = 0):
        self.path = Path(path)
        self.id = jid or new_id()
        self.n = int(n)
        self.saved = int(n)               # the newest entry a save on the disk holds
        self._lines: list[tuple[int, bytes]] = []     # the entries in the file
        self._fd: int | None = None
        self._lock = threading.Lock()

    # ---- writing ----------------------------------------------------------------------------
    def _open(self, keep: list[tuple[int, bytes]]) -> None:
        """A new file: the header and ``keep``, written whole (temp file, fsync, rename), then
        opened to append."""
        self._close()
        data = _line({"journal": VERSION, "id": self.id}) + b"".join(line for _, line in keep)
        atomic_write_bytes(self.path, data)
        flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0)
        self._fd = os.open(self.path, flags)
        self._lines = list(keep)

    def _close(self) -> None:
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
            self._fd = None

    def append(self, entry: dict) -> int:
        """Write one entry ({"op": "act", "seat", "action"} or {"op": "undo"}) and flush it to
        the disk; returns its number.  OSError when it cannot be written."""
        with self._lock:
            n = self.n + 1
            line = _line({"n": n, **entry})
            if self._fd is None:
                self._open([])
            os.write(self._fd, line)
            os.fsync(self._fd)
            self.n = n
            self._lines.append((n, line))
            return n

    def compact(self, saved: int | None = None, force: bool = False) -> None:
        """A save holding the entries up to ``saved`` is on the disk: drop them from the file
        once it holds ``COMPACT_AFTER`` entries (``force``: now; no entry left: no file)."""
        with self._lock:
            if saved is not None:
                self.saved = max(self.saved, int(saved))
            if self._fd is None and not self._lines:
                return
            if not force and len(self._lines) < COMPACT_AFTER:
                return
            keep = [(n, line) for n, line in self._lines if n > self.saved]
            try:
                if keep:
                    self._open(keep)
                else:
                    self._close()
                    self._lines = []
                    self.path.unlink(missing_ok=True)
            except OSError:
                pass            # it stays as it is: the entries the save holds are skipped

    def close(self) -> None:
        with self._lock:
            self._close()

    def discard(self) -> None:
        """The game is over or deleted: no journal (after its save is gone)."""
        with self._lock:
            self._close()
            self._lines = []
            try:
                self.path.unlink(missing_ok=True)
            except OSError:
                pass


# ---- reading ----------------------------------------------------------------------------------

def read(path, jid: str, after: int) -> tuple[list[dict], str | None]:
    """The entries after number ``after`` of the journal ``jid`` at ``path``, in order, and
    what was wrong (English words for the note) when a damaged part was cut, else None.  A
    missing journal, or one of another save (another ``id``), has nothing to add."""
    path = Path(path)
    try:
        data = read_bytes(path, path.name, MAX_BYTES)
    except FileNotFoundError:
        return [], None
    except FileProblem as exc:
        return [], exc.problem
    lines = data.split(b"\n")
    torn = lines.pop()                # after the last newline: b"" unless a write was cut
    if not lines:
        return [], ("its last entry was cut off" if torn else None)
    head = _parse(lines[0])
    if head is None or head.get("journal") != VERSION or not isinstance(head.get("id"), str):
        return [], "its first line is damaged"
    if head["id"] != jid:
        return [], None
    out: list[dict] = []
    for k, raw in enumerate(lines[1:], start=2):
        rec = _parse(raw)
        problem = _check(rec, after + len(out) + 1)
        if problem == "old":
            continue
        if problem:
            return out, f"line {k} {problem}"
        out.append(rec)
    if torn:
        return out, "its last entry was cut off"
    return out, None


def _check(rec: dict | None, expected: int) -> str | None:
    """None for the next entry, "old" for one the save already holds, else what is wrong."""
    if rec is None:
        return "is damaged"
    n = rec.get("n")
    if isinstance(n, bool) or not isinstance(n, int):
        return "is damaged"
    if n < expected:
        return "old"
    if n > expected:
        return f"is entry {n} where {expected} was expected"
    op = rec.get("op")
    if op not in OPS:
        return "is damaged"
    if op == "act":
        seat, action = rec.get("seat"), rec.get("action")
        if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(action, str):
            return "is damaged"
    return None


def replay(entries: list[dict], apply: Callable[[int, str], object],
           undo: Callable[[], bool]) -> tuple[int, str | None]:
    """Replay journal entries: ``apply(seat, action_key)`` raises when that seat may not make
    that action now; ``undo()`` returns False when nothing may be taken back.  (entries
    replayed, what stopped the replay or None): the first entry that does not replay and all
    after it are left out."""
    for k, e in enumerate(entries):
        try:
            if e["op"] == "act":
                apply(e["seat"], e["action"])
            elif not undo():
                return k, f"entry {e['n']} takes back an action that cannot be taken back"
        except Exception as exc:  # noqa: BLE001 - a hostile journal must never crash the app
            log.warning("replay: fell back after an error", exc_info=True)
            return k, f"entry {e['n']} is not a legal action there ({exc})"
    return len(entries), None
