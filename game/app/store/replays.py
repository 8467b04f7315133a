"""The replays kept on this computer, and replay files to take to another one.

    <user data>/replays/index.json     {"version": 1, "keep": 50, "items": [...]}, oldest first
    <user data>/replays/<id>.json      one replay record each (``replay.py``)

    keep(record, result) -> (id or None, message)   a finished game (the results screen)
    items(name=None)       the replays kept (of one person), newest first
    open_run(id)           the ``replay.Run`` to watch; ReplayError with a sentence
    export(id) -> path     a ``.bbreplay`` file in the player's documents folder
    import_file(path)      a replay file from elsewhere, checked like a save and replayed
                           through the rules before it is kept (ReplayError otherwise)

The last ``keep`` games (a setting of the Replays screen: 10, 25, 50, 100 or 200) of each
person are kept; a replay none of its people keeps any more is deleted.  Games without a
person (computers only) count as one more "person".  Everything is written atomically.
"""
from __future__ import annotations

import datetime
import json
import logging
import os
import re
from pathlib import Path

from ...i18n import tr
from ...io.paths import UserDataUnavailable, atomic_write, user_data_dir
from ...io.safeio import FileProblem, load_json
from . import jsonstore
from .jsonstore import clean_name, is_int, is_number
from ..progress.replay import MAX_BYTES, ReplayError, Run, check_record

log = logging.getLogger(__name__)

FOLDER = "replays"
INDEX = f"{FOLDER}/index.json"
EXT = ".bbreplay"
KEEP_CHOICES = (10, 25, 50, 100, 200)
KEEP_DEFAULT = 50
MAX_ITEMS = 5000
_ID = re.compile(r"^[0-9]{1,12}-[a-z]{1,12}-[0-9]{1,20}(-[0-9]{1,3})?$")


# ---- the index --------------------------------------------------------------------------------

def _check_item(x) -> dict | None:
    if not isinstance(x, dict) or not isinstance(x.get("id"), str) or not _ID.match(x["id"]):
        return None
    game, when = x.get("game"), x.get("when")
    if not isinstance(game, str) or not is_int(when) or not 0 <= when < 2 ** 40:
        return None
    seats = x.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= 8:
        return None
    out_seats = []
    for s in seats:
        if not isinstance(s, dict) or clean_name(s.get("name")) is None or not is_int(s.get("colour")) \
                or s.get("kind") not in ("human", "computer", "remote"):
            return None
        out_seats.append({"name": clean_name(s["name"]), "colour": s["colour"], "kind": s["kind"],
                          "level": str(s.get("level", ""))[:12]})
    scores = [v if is_number(v) else None for v in (x.get("scores") or [])][:8]
    winners = [w for w in (x.get("winners") or []) if is_int(w)][:8]
    daily = x.get("daily") if isinstance(x.get("daily"), str) and len(x["daily"]) == 10 else None
    steps = x.get("steps") if is_int(x.get("steps")) else 0
    return {"id": x["id"], "game": game, "when": when, "seats": out_seats, "scores": scores,
            "winners": winners, "daily": daily, "steps": steps,
            "imported": bool(x.get("imported", False))}


def _check_index(raw) -> tuple[dict, bool]:
    items = jsonstore.top(raw, "items", list)
    keep = raw.get("keep", KEEP_DEFAULT)
    good = keep in KEEP_CHOICES and len(items) <= MAX_ITEMS
    checked = [_check_item(x) for x in items[-MAX_ITEMS:]]
    good = good and all(c is not None for c in checked)
    return {"keep": keep if keep in KEEP_CHOICES else KEEP_DEFAULT,
            "items": [c for c in checked if c is not None]}, good


def _load() -> tuple[dict, str | None]:
    data, message = jsonstore.read(INDEX, _check_index, 4 * 1024 * 1024)
    return data or {"keep": KEEP_DEFAULT, "items": []}, message


def _write_index(index: dict) -> str | None:
    return jsonstore.write(INDEX, {"version": jsonstore.VERSION, **index})


def _file(rid: str) -> Path:
    if not _ID.match(rid):
        raise ReplayError(tr("replay.missing"))
    return jsonstore.path_of(f"{FOLDER}/{rid}.json")


def get_keep() -> int:
    return _load()[0]["keep"]


def set_keep(n: int) -> str | None:
    """How many games of each person are kept; older ones go at once."""
    if n not in KEEP_CHOICES:
        return None
    index, _ = _load()
    index["keep"] = n
    return _prune(index)


def _people(item: dict) -> list[str]:
    names = [s["name"] for s in item["seats"] if s["kind"] in ("human", "remote")]
    return names or [""]


def _prune(index: dict) -> str | None:
    keep = index["keep"]
    kept: set[str] = set()
    counts: dict[str, int] = {}
    for item in reversed(index["items"]):          # newest first
        take = False
        for name in _people(item):
            if counts.get(name, 0) < keep:
                counts[name] = counts.get(name, 0) + 1
                take = True
        if take:
            kept.add(item["id"])
    gone = [i for i in index["items"] if i["id"] not in kept]
    index["items"] = [i for i in index["items"] if i["id"] in kept]
    message = _write_index(index)
    for item in gone:
        try:
            _file(item["id"]).unlink()
        except (OSError, ReplayError):
            pass
    return message


# ---- keeping, listing, opening -----------------------------------------------------------------------

def _new_id(record: dict, index: dict) -> str:
    base = f"{int(record.get('when') or 0)}-{record['game']}-{int(record['seed'])}"
    ids = {i["id"] for i in index["items"]}
    rid, k = base, 1
    while rid in ids:
        rid, k = f"{base}-{k}", k + 1
    return rid


def keep(record: dict, result: dict, imported: bool = False) -> tuple[str | None, str | None]:
    """Keep a finished game's replay; returns (its id or None, a message or None)."""
    index, message = _load()
    rid = _new_id(record, index)
    try:
        atomic_write(_file(rid), json.dumps(record, ensure_ascii=False, separators=(",", ":")))
    except (OSError, ReplayError, TypeError, ValueError):
        return None, tr("store.cannot_write")
    item = _check_item({"id": rid, "game": record["game"], "when": record.get("when") or 0,
                        "seats": record["seats"], "scores": result.get("scores"),
                        "winners": result.get("winners"), "daily": record.get("daily"),
                        "steps": len(record["actions"]), "imported": imported})
    if item is None:
        return None, None
    index["items"].append(item)
    return rid, _prune(index) or message


def items(name: str | None = None) -> tuple[list[dict], str | None]:
    """The replays kept (with ``name`` at the table, if given), newest first."""
    index, message = _load()
    out = [i for i in reversed(index["items"])
           if name is None or name in [s["name"] for s in i["seats"]]]
    return out, message


def people() -> list[str]:
    index, _ = _load()
    seen: dict[str, int] = {}
    for item in index["items"]:
        for n in _people(item):
            if n:
                seen[n] = seen.get(n, 0) + 1
    return sorted(seen, key=lambda n: (-seen[n], n.casefold()))


def read_record(path: Path, name: str | None = None) -> dict:
    """A replay record from a file, checked (ReplayError with a sentence)."""
    try:
        raw = load_json(path, name or path.name, max_bytes=MAX_BYTES, max_depth=16)
    except FileNotFoundError:
        raise ReplayError(tr("replay.no_file", path=str(path))) from None
    except FileProblem as exc:
        raise ReplayError(tr("replay.unreadable", reason=exc.problem)) from None
    except (OSError, UnicodeError) as exc:
        raise ReplayError(tr("replay.unreadable", reason=getattr(exc, "strerror", None) or exc)) from None
    return check_record(raw)


def open_run(rid: str) -> Run:
    """The run of a kept replay (ReplayError with a sentence when it cannot be watched)."""
    try:
        path = _file(rid)
    except UserDataUnavailable as exc:
        raise ReplayError(tr("replay.unreadable", reason=exc.reason)) from None
    return Run(read_record(path, f"{rid}.json"))


def delete(rid: str) -> str | None:
    index, _ = _load()
    index["items"] = [i for i in index["items"] if i["id"] != rid]
    try:
        _file(rid).unlink()
    except (OSError, ReplayError):
        pass
    return _write_index(index)


# ---- files for another computer ----------------------------------------------------------------------

def export_folder() -> Path:
    """Where exported replays go: the player's documents folder, else the user-data folder."""
    try:
        from platformdirs import user_documents_dir
        docs = Path(user_documents_dir())
        if docs.is_dir() and os.access(docs, os.W_OK) and not os.environ.get("BURROWBOX_HOME"):
            return docs
    except Exception:  # noqa: BLE001 - no documents folder: the user-data folder then
        log.warning("export_folder: fell back after an error", exc_info=True)
        pass
    folder = user_data_dir() / "exports"
    folder.mkdir(exist_ok=True)
    return folder


def export(rid: str, folder: Path | None = None) -> Path:
    """Write the replay ``rid`` as a file for another computer; the path written.
    ReplayError with a sentence when it cannot be read or written."""
    record = read_record(_file(rid), f"{rid}.json")
    when = datetime.date.fromtimestamp(record.get("when") or 0).isoformat()
    try:
        folder = folder or export_folder()
        path = folder / f"BurrowBox-{record['game']}-{when}-{rid.split('-')[-1]}{EXT}"
        atomic_write(path, json.dumps(record, ensure_ascii=False, indent=1))
    except OSError as exc:
        raise ReplayError(tr("replay.cannot_export", reason=getattr(exc, "strerror", None) or exc)) from None
    return path


def import_file(path) -> str:
    """Check a replay file (shape, sizes, and every action legal when replayed), keep it and
    return its id; ReplayError with a sentence otherwise."""
    path = Path(str(path).strip().strip('"').strip("'")).expanduser()
    if path.is_dir():
        raise ReplayError(tr("replay.no_file", path=str(path)))
    record = read_record(path)
    run = Run(record)
    rid, message = keep(record, run.result or {}, imported=True)
    if rid is None:
        raise ReplayError(message or tr("store.cannot_write"))
    return rid


def candidates(limit: int = 8) -> list[Path]:
    """Replay files in the usual folders (exports, documents, downloads, desktop), newest first."""
    folders = []
    try:
        folders.append(export_folder())
    except OSError:
        pass
    if not os.environ.get("BURROWBOX_HOME"):     # a portable (or test) home: its own files only
        try:
            from platformdirs import user_desktop_dir, user_documents_dir, user_downloads_dir
            folders += [Path(f()) for f in (user_documents_dir, user_downloads_dir, user_desktop_dir)]
        except Exception:  # noqa: BLE001
            log.warning("candidates: fell back after an error", exc_info=True)
            pass
    found: dict[str, Path] = {}
    for folder in folders:
        try:
            for p in folder.glob(f"*{EXT}"):
                if p.is_file():
                    found.setdefault(str(p.resolve()), p)
        except OSError:
            continue

    def mtime(p):
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0
    return sorted(found.values(), key=mtime, reverse=True)[:limit]
