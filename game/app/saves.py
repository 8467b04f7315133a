"""The autosave: one JSON file in user_data_dir(), written after every action.

    {"app": "BurrowBox", "version": "0.1.0", "game": "moles", "seats": [...],
     "state": state.to_dict(), "undo": [history entries], "log": [sentences]}

Writing is atomic (temp file + os.replace), so a crash never leaves half a file.  Reading
validates everything and raises ``SaveError`` with a sentence a player understands.
No pygame here.
"""
from __future__ import annotations

import json
import os
import threading
from typing import Any

from .. import __version__
from ..paths import atomic_write, user_data_dir

APP_TAG = "BurrowBox"
FILE_NAME = "autosave.json"
KINDS = ("human", "computer")


class SaveError(ValueError):
    """The autosave cannot be used; str(error) is a message for the player."""


class Saved:
    def __init__(self, game_id: str, seats: list[dict], state, undo: list[dict], log: list[str]):
        self.game_id = game_id
        self.seats = seats
        self.state = state
        self.undo = undo
        self.log = log


def autosave_path():
    return user_data_dir() / FILE_NAME


def autosave_exists() -> bool:
    flush_autosave()
    try:
        return autosave_path().is_file()
    except OSError:
        return False


def remove_autosave() -> None:
    flush_autosave()
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass
    except OSError:
        pass


def build_payload(game_id: str, seats: list[dict], state, undo: list[dict], log: list[str]) -> dict:
    return {"app": APP_TAG, "version": __version__, "game": game_id,
            "seats": [dict(s) for s in seats], "state": state.to_dict(),
            "undo": list(undo), "log": list(log[-400:])}


def write_autosave(game_id: str, seats: list[dict], state, undo: list[dict],
                   log: list[str] | None = None) -> str | None:
    """Save; returns an error message instead of raising (the game goes on)."""
    try:
        text = json.dumps(build_payload(game_id, seats, state, undo, log or []),
                          separators=(",", ":"))
        atomic_write(autosave_path(), text)
        return None
    except (OSError, TypeError, ValueError) as exc:
        return f"The game could not be saved: {getattr(exc, 'strerror', None) or exc}"


class _Writer:
    """Writes autosaves in a background thread; the newest payload wins."""

    def __init__(self):
        self.lock = threading.Lock()
        self.pending: tuple | None = None
        self.thread: threading.Thread | None = None
        self.error: str | None = None
        self.idle = threading.Event()
        self.idle.set()

    def submit(self, path, payload: dict | None) -> None:
        """payload None: delete the file."""
        with self.lock:
            self.pending = (path, payload)
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
            path, payload = job
            try:
                if payload is None:
                    try:
                        os.unlink(path)
                    except FileNotFoundError:
                        pass
                else:
                    atomic_write(path, json.dumps(payload, separators=(",", ":")))
                self.error = None
            except (OSError, TypeError, ValueError) as exc:
                self.error = f"The game could not be saved: {getattr(exc, 'strerror', None) or exc}"

    def flush(self, timeout: float = 10.0) -> None:
        self.idle.wait(timeout)


_writer = _Writer()


def write_autosave_async(game_id: str, seats: list[dict], state, undo: list[dict],
                         log: list[str] | None = None) -> str | None:
    """Like write_autosave, but the file is written in the background.

    Returns the error of the previous background write, if any.  ``flush_autosave()`` waits.
    """
    _writer.submit(autosave_path(), build_payload(game_id, seats, state, undo, log or []))
    return _writer.error


def remove_autosave_async() -> None:
    _writer.submit(autosave_path(), None)


def flush_autosave(timeout: float = 10.0) -> None:
    _writer.flush(timeout)



def _check_seats(seats: Any, players: int) -> list[dict]:
    from ..ai import DEFAULT_LEVEL, LEVELS
    if not isinstance(seats, list) or len(seats) != players:
        raise SaveError("The saved game is damaged: its list of players does not match the game.")
    out = []
    for i, s in enumerate(seats):
        if not isinstance(s, dict):
            raise SaveError(f"The saved game is damaged: player {i + 1} is not readable.")
        name = s.get("name")
        col = s.get("colour")
        kind = s.get("kind")
        level = s.get("level", DEFAULT_LEVEL)
        if not isinstance(name, str) or not isinstance(col, int) or isinstance(col, bool) \
                or col < 0 or kind not in KINDS:
            raise SaveError(f"The saved game is damaged: player {i + 1} is not readable.")
        if level not in LEVELS:
            level = DEFAULT_LEVEL
        out.append({"name": name[:40], "colour": col, "kind": kind, "level": level})
    return out


def _check_undo(undo: Any, game_id: str) -> list[dict]:
    if not isinstance(undo, list):
        raise SaveError("The saved game is damaged: its undo history is not readable.")
    for e in undo:
        if not (isinstance(e, dict) and isinstance(e.get("before"), dict)
                and e["before"].get("game") == game_id
                and isinstance(e.get("seat"), int) and isinstance(e.get("human"), bool)
                and isinstance(e.get("chance"), bool)):
            raise SaveError("The saved game is damaged: its undo history is not readable.")
    return undo


def parse_payload(raw: Any) -> Saved:
    from ..rules import GAMES, LoadError, load_state
    if not isinstance(raw, dict) or raw.get("app") != APP_TAG:
        raise SaveError("The saved file is not a Burrow Box game.")
    for key in ("seats", "state", "undo"):
        if key not in raw:
            raise SaveError(f"The saved game is incomplete (it has no '{key}').")
    sd = raw["state"]
    if not isinstance(sd, dict):
        raise SaveError("The saved game is damaged: the game itself is missing.")
    game_id = sd.get("game")
    info = GAMES.get(game_id) if isinstance(game_id, str) else None
    if info is None:
        raise SaveError(f"The saved game is of a kind this version does not know ({game_id!r}).")
    if not info.available:
        raise SaveError(f"The saved game is {info.title}, which is not playable in this version.")
    try:
        state = load_state(sd)
    except LoadError as exc:
        raise SaveError(f"Your saved game could not be loaded: {exc}.") from None
    except Exception as exc:  # noqa: BLE001 - a damaged file must never crash the title screen
        raise SaveError(f"Your saved game could not be loaded ({type(exc).__name__}).") from None
    seats = _check_seats(raw["seats"], state.players)
    undo = _check_undo(raw["undo"], game_id)
    log = raw.get("log", [])
    if not isinstance(log, list):
        log = []
    log = [str(x) for x in log]
    return Saved(game_id, seats, state, undo, log)


def read_autosave() -> Saved:
    flush_autosave()
    path = autosave_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError("There is no saved game.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"The saved game could not be read ({type(exc).__name__}).") from None
    try:
        raw = json.loads(text)
    except ValueError:
        raise SaveError("The saved game is damaged (the file is not valid JSON).") from None
    return parse_payload(raw)


def check_autosave() -> tuple[Saved | None, str | None]:
    """For the title screen: (saved game or None, message or None). Never raises."""
    if not autosave_exists():
        return None, None
    try:
        return read_autosave(), None
    except SaveError as exc:
        return None, str(exc)
