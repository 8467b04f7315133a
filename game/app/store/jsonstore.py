"""Small JSON files of the player's own in the user-data folder, read strictly and checked.

The deal-of-the-day results (``daily.json``), the achievements (``achievements.json``) and
the replays' index (``replays/index.json``) are kept this way, as the set-ups and statistics
are (``table.py``):

    data, message = read("daily.json", check, max_bytes)
    message = write("daily.json", data)

``check(raw)`` returns ``(content, all_good)`` or raises ``Damaged`` (or TypeError, ValueError,
KeyError).  A missing file gives ``(None, None)``.  A file that cannot be read or does not
pass is kept aside (``*.damaged``), what passed is written back, and the message says so in
the player's language.  Writing is atomic; a file that cannot be written gives a message,
never an exception.  Nothing here stops the app.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from ...i18n import tr
from ...io.paths import UserDataUnavailable, atomic_write, user_data_dir
from ...io.safeio import FileProblem, load_json

VERSION = 1
MAX_DEPTH = 12
DAMAGED_SUFFIX = ".damaged"


class Damaged(ValueError):
    """Something in a file that does not pass the checks."""


def path_of(name: str) -> Path:
    """``name`` (may be ``folder/file``) in the user-data folder; UserDataUnavailable."""
    path = user_data_dir().joinpath(*name.split("/"))
    if path.parent != user_data_dir():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserDataUnavailable(path.parent, str(exc.strerror or exc)) from None
    return path


def move_aside(path: Path) -> Path | None:
    for k in range(100):
        target = path.with_name(path.name + DAMAGED_SUFFIX + (f".{k}" if k else ""))
        if not target.exists():
            try:
                os.replace(path, target)
                return target
            except OSError:
                return None
    return None


def read(name: str, check, max_bytes: int) -> tuple[object, str | None]:
    """(checked content or None, a message for the player or None)."""
    try:
        path = path_of(name)
    except UserDataUnavailable:
        return None, None
    try:
        raw = load_json(path, name, max_bytes=max_bytes, max_depth=MAX_DEPTH)
    except FileNotFoundError:
        return None, None
    except FileProblem:
        raw, good = None, False
    else:
        try:
            raw, good = check(raw)
        except (Damaged, TypeError, ValueError, KeyError, AttributeError):
            raw, good = None, False
    if good:
        return raw, None
    where = move_aside(path)
    if raw:
        write(name, raw)
    return raw, tr("store.damaged", where=(where or path).name)


def write(name: str, data) -> str | None:
    """Write ``data`` (JSON-safe) atomically; a message when it cannot be written."""
    try:
        text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        atomic_write(path_of(name), text)
        return None
    except (OSError, TypeError, ValueError):     # UserDataUnavailable too: play on
        return tr("store.cannot_write")


def top(raw, key: str, kind: type):
    """``raw[key]`` of a file ``{"version": 1, key: ...}``; Damaged if it is not that."""
    if not isinstance(raw, dict) or raw.get("version") != VERSION or not isinstance(raw.get(key), kind):
        raise Damaged(key)
    return raw[key]


def is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def is_number(v) -> bool:
    return (is_int(v) or isinstance(v, float)) and v == v and abs(v) < 1e9


def clean_name(v, limit: int = 40) -> str | None:
    """A player's name from a file: a short text without control characters, or None."""
    if not isinstance(v, str):
        return None
    v = " ".join(v.split())
    if not 0 < len(v) <= limit or any(ord(c) < 32 or 0xD800 <= ord(c) <= 0xDFFF for c in v):
        return None
    return v
