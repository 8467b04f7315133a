"""Saved games: one JSON file per game in progress, in ``<user data>/saves/``.

    {"app": "BurrowBox", "version": "0.1.0", "game": "moles", "seats": [...],
     "state": state.to_dict(), "undo": [history entries], "log": [entries],
     "table_version": the table's version,
     "online": {"code", "port", "tokens": {seat: token}}}     (a table hosted on the network)

The log holds the table's structured entries (``game/table/table.py``: each event record with
when it became visible and to whom, rendered in the player's language by
``game.app.eventtext``).  Saves of older versions hold plain event records there, or English
sentences, and a list ``held`` of the simultaneous decisions not yet revealed
(``{"step": undo index or null, "event": event}``); they still load.

Every game has its own slot, named after the game and its seed (``moles-123456.json``), so a
new game never replaces another one in progress; the title screen lists them (continue,
delete).  The game being played is the *current* slot: the autosave after every action goes
there, and it is removed when that game ends.

Writing is atomic and fsync'd (temp file + os.replace), and temp files left by a killed write
are cleaned up when the list is read.  Reading uses the strict reader and checks everything:
a file that cannot be used raises ``SaveError`` with a sentence a player understands, and in
the list such a file is moved aside (``*.damaged``, never deleted) with a message saying where.
The ``autosave.json`` of older versions is moved into a slot.  If the user-data folder cannot be
used at all, the game goes on without saving and says so.  No pygame here.
"""
from __future__ import annotations

import json
import logging
import os
import re
import threading
import time
from pathlib import Path
from typing import Any

from ... import __version__
from ...i18n import cannot_save_message, folder_reason, get_language, tr
from ...io.paths import (UserDataUnavailable, atomic_write, move_aside,
                     user_data_dir)
from ...io.safeio import FileProblem, bad_text, clean_temp_files, load_json, read_text
from . import journal as journal_mod
from .savecheck import (APP_TAG, KINDS, MAX_SEAT_NAME, MAX_UNDO, SaveError, Saved,  # noqa: F401
                        parse_payload)
from ..words.names import game_title

log = logging.getLogger(__name__)

FILE_NAME = "autosave.json"          # the single save of older versions (migrated)
SAVES_DIR = "saves"
DAMAGED_SUFFIX = ".damaged"
MAX_SAVE_BYTES = 8 * 1024 * 1024
_SLOT_RE = re.compile(r"^[a-z][a-z0-9_]{0,20}-[0-9x]{1,24}$")


# ---- where ------------------------------------------------------------------------------------

def saves_dir() -> Path:
    """The folder of the slots (created on demand); UserDataUnavailable if it cannot be."""
    path = user_data_dir() / SAVES_DIR
    try:
        path.mkdir(exist_ok=True)
    except OSError as exc:
        raise UserDataUnavailable(path, str(exc.strerror or exc)) from None
    if not path.is_dir():
        raise UserDataUnavailable(path, "it is not a folder", "saves.folder_not_folder")
    return path


def slot_name(game_id: str, state) -> str:
    seed = getattr(state, "seed", None)
    seed_text = str(seed) if isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0 \
        else "x"
    return f"{game_id}-{seed_text}"


def slot_path(slot: str) -> Path:
    if not _SLOT_RE.match(slot):
        raise SaveError(f"'{slot}' is not the name of a saved game.")
    return saves_dir() / f"{slot}.json"


_current: str | None = None      # the slot of the game being played


def set_current(slot: str | None) -> None:
    global _current
    _current = slot


def current_slot() -> str | None:
    return _current


def autosave_path() -> Path:
    """The file of the current game (or of the newest saved game when none is current)."""
    slot = _current
    if slot is None:
        newest = _slot_files()
        if newest:
            return newest[0]
        return saves_dir() / "none.json"
    return slot_path(slot)


def legacy_path() -> Path:
    return user_data_dir() / FILE_NAME


def _slot_entries() -> tuple[list[Path], list[tuple[Path, str]]]:
    """(slot files, newest first; the other entries named like a slot: (path, what it is) for
    a folder, a link to nothing or to something not a file, a named pipe, a device...).  A
    link to a regular file counts as a file."""
    try:
        folder = saves_dir()
        entries = [p for p in folder.iterdir()
                   if p.suffix == ".json" and not p.name.startswith(".")]
    except OSError:
        return [], []
    files, odd = [], []
    for p in entries:
        what = _not_a_file(p)
        if what is None:
            files.append(p)
        elif what:
            odd.append((p, what))

    def mtime(p):
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0
    return sorted(files, key=mtime, reverse=True), odd


def _not_a_file(path: Path) -> str | None:
    """None for a regular file (or a link to one); else what the entry is, in words; "" when
    it is gone."""
    import stat as st
    try:
        link = os.lstat(path)
    except OSError:
        return ""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return tr("saves.what.dangling") if st.S_ISLNK(link.st_mode) else ""
    if st.S_ISREG(mode):
        return None
    key = ("folder" if st.S_ISDIR(mode) else "pipe" if st.S_ISFIFO(mode)
           else "device" if st.S_ISCHR(mode) or st.S_ISBLK(mode) else "other")
    what = tr(f"saves.what.{key}")
    if st.S_ISLNK(link.st_mode):
        what = tr("saves.what.link_to", what=what)
    return what


def _remove_orphan_journals(folder: Path) -> None:
    """A journal whose save is gone (the app was stopped between the two deletions) holds
    nothing that can be played: it goes."""
    try:
        for p in folder.glob("*" + journal_mod.SUFFIX):
            if p.stem not in _journals and not os.path.lexists(p.with_suffix(".json")) \
                    and p.is_file():
                p.unlink()
    except OSError:
        pass


def _slot_files() -> list[Path]:
    """Slot files, newest first."""
    return _slot_entries()[0]


def autosave_exists() -> bool:
    flush_autosave()
    try:
        return autosave_path().is_file()
    except (OSError, SaveError):
        return False


# ---- writing ----------------------------------------------------------------------------------

def build_payload(game_id: str, seats: list[dict], state, undo: list[dict], log: list,
                  held: list | None = None, version: int = 0, journal=None,
                  online: dict | None = None, actions: list | None = None) -> dict:
    payload = {"app": APP_TAG, "version": __version__, "game": game_id,
               "seats": [dict(s) for s in seats], "state": state.to_dict(),
               "undo": list(undo), "log": list(log[-400:]), "held": list(held or []),
               "table_version": version}
    if actions is not None:
        payload["actions"] = list(actions)
    if journal is not None:      # the journal this save extends, and its last entry held here
        payload["journal"] = {"id": journal.id, "n": journal.n}
    if online:                   # a hosted table's code, port and seat tokens
        payload["online"] = dict(online)
    return payload


def journal_path(slot: str) -> Path:
    return slot_path(slot).with_suffix(journal_mod.SUFFIX)


_journals: dict[str, journal_mod.Journal] = {}     # slot -> the journal of the game played


def _drop_journal(slot: str) -> None:
    j = _journals.pop(slot, None)
    if j is not None:
        j.close()


def _error_text(exc: BaseException) -> str:
    if isinstance(exc, UserDataUnavailable):
        return tr("saves.not_saved_folder", folder=exc.folder, reason=folder_reason(exc))
    return tr("saves.not_saved", reason=getattr(exc, "strerror", None) or exc)


def write_autosave(game_id: str, seats: list[dict], state, undo: list[dict],
                   log: list | None = None, held: list | None = None,
                   version: int = 0) -> str | None:
    """Save into the game's own slot; returns an error message instead of raising."""
    slot = slot_name(game_id, state)
    set_current(slot)
    try:
        text = json.dumps(build_payload(game_id, seats, state, undo, log or [], held, version),
                          separators=(",", ":"))
        atomic_write(slot_path(slot), text)
        return None
    except (OSError, TypeError, ValueError) as exc:
        return _error_text(exc)


class _Writer:
    """Writes autosaves in a background thread; the newest payload wins."""

    def __init__(self):
        self.lock = threading.Lock()
        self.pending: tuple | None = None
        self.thread: threading.Thread | None = None
        self.error: str | None = None
        self.idle = threading.Event()
        self.idle.set()

    def submit(self, slot: str, payload: dict | None) -> None:
        """payload None: delete the slot's file."""
        with self.lock:
            if self.pending is not None and self.pending[0] != slot:
                self._do(self.pending)     # another game's last write is not dropped
            self.pending = (slot, payload)
            self.idle.clear()
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self.thread.start()

    def _run(self) -> None:
        while True:
            with self.lock:
                job, self.pending = self.pending, None
                if job is None:
                    self.idle.set()
                    self.thread = None
                    return
            self._do(job)

    def _do(self, job) -> None:
        slot, payload = job
        try:
            path = slot_path(slot)
            if payload is None:
                try:
                    os.unlink(path)
                except FileNotFoundError:
                    pass
                journal_path(slot).unlink(missing_ok=True)     # after the save: never alone
            else:
                atomic_write(path, json.dumps(payload, separators=(",", ":")))
                held = payload.get("journal")
                j = _journals.get(slot)
                if held is not None and j is not None and j.id == held["id"]:
                    j.compact(held["n"])       # the save holds these entries now
            self.error = None
        except (OSError, TypeError, ValueError) as exc:
            self.error = _error_text(exc)

    def flush(self, timeout: float = 10.0) -> None:
        self.idle.wait(timeout)


_writer = _Writer()


def write_autosave_async(game_id: str, seats: list[dict], state, undo: list[dict],
                         log: list | None = None, held: list | None = None,
                         version: int = 0, online: dict | None = None,
                         actions: list | None = None) -> str | None:
    """Like write_autosave, but the file is written in the background.

    Returns the error of the previous background write, if any.  ``flush_autosave()`` waits.
    """
    slot = slot_name(game_id, state)
    set_current(slot)
    _writer.submit(slot, build_payload(game_id, seats, state, undo, log or [], held, version,
                                       _journals.get(slot), online, actions))
    return _writer.error


def record_action(game_id: str, seats: list[dict], state, undo: list[dict],
                  log: list | None = None, held: list | None = None,
                  entry: dict | None = None, version: int = 0,
                  actions: list | None = None) -> str | None:
    """After an action (``entry``: {"op": "act", "seat", "action": its key}) or a take-back
    ({"op": "undo"}): the entry is written to the game's journal and flushed to the disk
    before this returns, so the action is kept even if the app is killed the moment after;
    then the whole save is written in the background (see ``write_autosave_async``).  The
    first action of a game (or of a game continued), or one whose journal cannot be written,
    writes the save itself at once instead.  Returns an error message for the player or None."""
    slot = slot_name(game_id, state)
    set_current(slot)
    j = _journals.get(slot)
    if j is not None and entry is not None:
        try:
            j.append(entry)
        except (OSError, TypeError, ValueError):
            _drop_journal(slot)
            j = None
    if j is None:
        # no save on the disk that a journal could extend: write it now, with a new journal
        _writer.flush()                # an older write of this slot must not land after it
        try:
            j = journal_mod.Journal(journal_path(slot)) if entry is not None else None
            text = json.dumps(build_payload(game_id, seats, state, undo, log or [], held,
                                            version, j, actions=actions), separators=(",", ":"))
            atomic_write(slot_path(slot), text)
        except (OSError, TypeError, ValueError) as exc:
            return _error_text(exc)
        if j is not None:
            for other in list(_journals):    # one game is played at a time: its file only
                _drop_journal(other)
            _journals[slot] = j
        return None
    _writer.submit(slot, build_payload(game_id, seats, state, undo, log or [], held, version,
                                       j, actions=actions))
    return _writer.error


def remove_autosave_async(slot: str | None = None) -> None:
    """A game is over: its slot (default: the current game's) goes, and its journal after it.
    A game continued from its save and ended by its first action has written nothing yet in
    this run, so the session names its slot."""
    slot = slot or _current
    if slot is not None:
        _drop_journal(slot)
        _writer.submit(slot, None)


def remove_autosave(slot: str | None = None) -> None:
    """As ``remove_autosave_async``, at once."""
    flush_autosave()
    slot = slot or _current
    if slot is not None:
        delete_slot(slot)


def delete_slot(slot: str) -> str | None:
    """Delete a saved game (the player asked for it); returns an error message or None."""
    flush_autosave()
    _drop_journal(slot)
    try:
        try:
            slot_path(slot).unlink()
        finally:
            journal_path(slot).unlink(missing_ok=True)
    except FileNotFoundError:
        pass
    except (OSError, SaveError) as exc:
        return tr("saves.not_deleted", reason=getattr(exc, "strerror", None) or exc)
    if slot == _current:
        set_current(None)
    _cache.pop(slot, None)
    return None


def flush_autosave(timeout: float = 10.0) -> None:
    """Wait for the save being written; then the journals hold only what no save holds yet."""
    _writer.flush(timeout)
    for j in list(_journals.values()):
        j.compact(force=True)


def close_journals() -> None:
    """The app closes: saves written, journals compacted and closed."""
    flush_autosave()
    for slot in list(_journals):
        _drop_journal(slot)


def replay_journal(saved: Saved, apply, undo) -> str | None:
    """Replay the journal of a saved game being continued, on top of its save: ``apply(seat,
    action_key)`` (raises when not legal), ``undo()`` (False when nothing can be taken back).
    Returns a note for the player when part of the journal was damaged or not legal there
    (that part and everything after it is left out), else None.  The game's next action writes
    a new save holding all of it (``record_action``)."""
    if not saved.slot or not saved.journal:
        return None
    _drop_journal(saved.slot)
    jid, n = saved.journal
    try:
        entries, problem = journal_mod.read(journal_path(saved.slot), jid, n)
    except (OSError, SaveError) as exc:
        entries, problem = [], str(getattr(exc, "strerror", None) or exc)
    _done, stopped = journal_mod.replay(entries, apply, undo)
    why = stopped or problem
    if why is None:
        return None
    return tr("saves.journal_cut", reason=why)


# ---- reading ----------------------------------------------------------------------------------

# (the checks of a save file are in savecheck.py)

def read_file(path: Path) -> Saved:
    """Read and check one saved game; SaveError with a sentence for anything wrong."""
    try:
        raw = load_json(path, path.name, max_bytes=MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveError(tr("saves.none")) from None
    except FileProblem as exc:
        if "not valid JSON" in exc.problem:
            raise SaveError(tr("saves.not_json")) from None
        raise SaveError(tr("saves.file_problem", problem=exc.problem)) from None
    saved = parse_payload(raw)
    try:
        saved.saved_at = path.stat().st_mtime
    except OSError:
        saved.saved_at = None
    saved.slot = path.stem
    return saved


def read_autosave(slot: str | None = None) -> Saved:
    """The saved game of ``slot`` (default: the current game, else the newest)."""
    flush_autosave()
    try:
        path = slot_path(slot) if slot else autosave_path()
    except UserDataUnavailable as exc:
        raise SaveError(tr("saves.cannot_read", folder=exc.folder, reason=folder_reason(exc))) from None
    return read_file(path)


def check_autosave() -> tuple[Saved | None, str | None]:
    """(newest usable saved game or None, message or None). Never raises."""
    games, messages = list_saves()
    return (games[0] if games else None), (" ".join(messages) or None)


# ---- the list on the title screen --------------------------------------------------------------

_cache: dict[str, tuple] = {}      # slot -> ((mtime, size), Saved)


_told: set = set()        # (file, problem) already told this session while the file stays


def _set_aside_message(path: Path, problem: str, odd: str | None = None) -> str | None:
    """Keep a file that cannot be used, renamed ``*.damaged`` so it is not offered again, and
    say so; when it cannot be renamed (a read-only folder), say that it was left as it is, once
    a session (it is still there at the next start, and is told again then).  ``odd``: what the
    entry is when it is not a file at all (a folder, a link to nothing...)."""
    where, why = move_aside(path, DAMAGED_SUFFIX)
    if where is not None:
        if odd is not None:
            return tr("saves.odd_kept", name=path.name, what=odd, file=where.name)
        return tr("saves.kept", problem=problem, file=where)
    key = (str(path), problem)
    if key in _told:
        return None
    _told.add(key)
    if odd is not None:
        return tr("saves.odd_left", name=path.name, what=odd, reason=why)
    return tr("saves.left", problem=problem, file=path, reason=why)


def set_aside(slot: str, why: str) -> str:
    """A saved game that failed when it was continued: keep the file aside, say where."""
    flush_autosave()
    _cache.pop(slot, None)
    if slot == _current:
        set_current(None)
    try:
        path = slot_path(slot)
    except (OSError, SaveError):
        return tr("saves.not_continued", reason=why)
    if not os.path.lexists(path):
        return tr("saves.not_continued", reason=why)
    _drop_journal(slot)
    if os.path.lexists(journal_path(slot)):      # kept beside it
        move_aside(journal_path(slot), DAMAGED_SUFFIX)
    where, reason = move_aside(path, DAMAGED_SUFFIX)
    if where is None:
        return tr("saves.not_continued_left", reason=why, file=path, why=reason)
    return tr("saves.not_continued_kept", reason=why, file=where)


def _migrate_legacy(messages: list[str]) -> None:
    """Move the single autosave.json of older versions into a slot."""
    try:
        old = legacy_path()
        if not old.is_file():
            return
    except OSError:
        return
    try:
        saved = read_file(old)
    except SaveError as exc:
        message = _set_aside_message(old, str(exc))
        if message:
            messages.append(message)
        return
    slot = slot_name(saved.game_id, saved.state)
    try:
        target = slot_path(slot)
        if not target.exists():
            atomic_write(target, read_text(old, old.name, MAX_SAVE_BYTES))
        old.unlink()
    except (OSError, FileProblem) as exc:
        messages.append(tr("saves.old_not_moved", reason=getattr(exc, "strerror", None) or exc))


def list_saves() -> tuple[list[Saved], list[str]]:
    """(usable saved games, newest first; messages for the player).  Never raises.

    Damaged files are moved aside (kept, renamed ``*.damaged``) and reported once.
    """
    flush_autosave()
    messages: list[str] = []
    try:
        folder = saves_dir()
    except UserDataUnavailable as exc:
        return [], [cannot_save_message(exc)]
    clean_temp_files(folder)
    try:
        clean_temp_files(user_data_dir())
    except OSError:
        pass
    _migrate_legacy(messages)
    games: list[Saved] = []
    files, odd = _slot_entries()
    _remove_orphan_journals(folder)
    for path, what in odd:     # a folder, a link to nothing, a pipe... named like a save
        message = _set_aside_message(path, what, odd=what)
        if message:
            messages.append(message)
    for path in files:
        try:
            st = path.stat()
            key = (st.st_mtime, st.st_size)
        except OSError:
            continue
        hit = _cache.get(path.stem)
        if hit is not None and hit[0] == key:
            games.append(hit[1])
            continue
        try:
            saved = read_file(path)
        except SaveError as exc:
            message = _set_aside_message(path, str(exc))
        except Exception as exc:  # noqa: BLE001 - never crash the title screen
            log.warning("list_saves: fell back after an error", exc_info=True)
            message = _set_aside_message(path, tr("saves.not_loaded_kind",
                                                  reason=type(exc).__name__))
        else:
            _cache[path.stem] = (key, saved)
            games.append(saved)
            continue
        if message:
            messages.append(message)
    return games, messages


def describe_parts(saved: Saved) -> tuple[str, str]:
    """Two lines for the list: (game, progress and date; the seats)."""
    from ...rules import GAMES
    info = GAMES.get(saved.game_id)
    title = game_title(info) if info else saved.game_id
    n = saved.state.turn_number
    when = format_date(saved.saved_at) if saved.saved_at else ""
    if when:
        head = tr("saved.head", game=title, count=n, date=when)
    else:
        head = tr("saved.head_no_date", game=title, count=n)
    return head, ", ".join(s["name"] for s in saved.seats)


def format_date(timestamp: float, lang: str | None = None) -> str:
    """A save's date and time as the language writes them ("Mar 12, 2:05 PM", "12. März, 14:05")."""
    lang = lang or get_language()
    when = time.localtime(timestamp)
    try:
        from datetime import datetime

        from babel.dates import format_skeleton, format_time
        moment = datetime(*when[:6])
        day = format_skeleton("MMMd", moment, locale=lang)
        clock = format_time(moment, "short", locale=lang)
    except Exception:  # noqa: BLE001 - without Babel's data: day, month number and time
        log.warning("format_date: fell back after an error", exc_info=True)
        day, clock = time.strftime("%d.%m.", when), time.strftime("%H:%M", when)
    return tr("saved.when", day=day, time=clock, lang=lang)


def describe(saved: Saved) -> str:
    """One line for the list: game, progress, date, seats."""
    head, seats = describe_parts(saved)
    return f"{head} - {seats}"
