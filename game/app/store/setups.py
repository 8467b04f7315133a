"""The table remembers: the last set-up of each game, player profiles and statistics.

Three JSON files in the user-data folder, each read strictly (``game/safeio.py``: size, depth,
characters) and checked entry by entry, like the settings:

    setups.json    {"version": 1, "games": {game_id: {"count", "seats", "variant", "options",
                                                       "option_text"}}}
    profiles.json  {"version": 1, "profiles": [{"name", "colour"}]}
    stats.json     {"version": 1, "games": [{"game", "variant", "when", "seats":
                                             [{"name", "kind", "level", "score", "won"}]}]}

A missing file is an empty one.  A file that cannot be read, or holds anything that does not
pass the checks, is kept (renamed ``*.damaged`` like a damaged save), what could be understood
of it is used, and the caller gets one sentence to show; a file that cannot be written is
skipped.  Nothing here ever stops the app.
"""
from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path

from ...ai import LEVELS
from ...i18n import tr
from ...io.paths import UserDataUnavailable, atomic_write, move_aside, user_data_dir
from ...rules import GAMES
from ...io.safeio import FileProblem, load_json

log = logging.getLogger(__name__)

VERSION = 1
SETUPS, PROFILES, STATS = "setups.json", "profiles.json", "stats.json"
MAX_BYTES = {SETUPS: 64 * 1024, PROFILES: 32 * 1024, STATS: 2 * 1024 * 1024}
MAX_DEPTH = 8
MAX_NAME = 20
MAX_PROFILES = 40
MAX_GAMES = 1000          # finished games kept in stats.json (the oldest go first)
MAX_TEXT = 40             # a typed option
KINDS = ("human", "computer")
DAMAGED_SUFFIX = ".damaged"
_MESSAGE_KEYS = {SETUPS: "table.damaged_setups", PROFILES: "table.damaged_profiles",
                 STATS: "table.damaged_stats"}
#: the same, when the file could not be renamed (a read-only folder) and was left as it is
_LEFT_KEYS = {SETUPS: "table.damaged_setups_left", PROFILES: "table.damaged_profiles_left",
              STATS: "table.damaged_stats_left"}
_told: set = set()        # files already told about this session while they stay as they are


class Damaged(ValueError):
    """Something in a file that does not pass the checks."""


# ---- reading and writing ------------------------------------------------------------------------
def _path(name: str) -> Path:
    return user_data_dir() / name


def _read(name: str, check, key: str) -> tuple[object, str | None]:
    """(checked content or None, message).  ``check(raw)`` returns (content, all_good); when
    only part of the file passes, the file is kept aside and the part that passed is written
    back under ``key``."""
    try:
        path = _path(name)
    except UserDataUnavailable:
        return None, None
    try:
        raw = load_json(path, name, max_bytes=MAX_BYTES[name], max_depth=MAX_DEPTH)
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
    where, why = move_aside(path, DAMAGED_SUFFIX)
    if where is None:     # left as it is: never written over (what it holds is not lost)
        try:
            st = os.stat(path)
            told = (str(path), st.st_mtime_ns, st.st_size)
        except OSError:
            told = (str(path), None, None)
        if told in _told:
            return raw, None
        _told.add(told)
        return raw, tr(_LEFT_KEYS[name], where=path.name, reason=why)
    if raw:
        _write(name, {"version": VERSION, key: raw})
    return raw, tr(_MESSAGE_KEYS[name], where=where.name)


def _write(name: str, data: dict) -> str | None:
    try:   # the statistics compact (a thousand games), the small files easy to read
        text = json.dumps(data, ensure_ascii=False, sort_keys=True, indent=None if name == STATS else 1,
                          separators=(",", ":") if name == STATS else None)
        atomic_write(_path(name), text)
        return None
    except OSError:     # UserDataUnavailable too: play on without remembering
        return tr("table.cannot_write")


# ---- checks ------------------------------------------------------------------------------------------
def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _name(v) -> str | None:
    if not isinstance(v, str):
        return None
    v = " ".join(v.split())
    return v if 0 < len(v) <= MAX_NAME else None


def _palette_size() -> int:
    from .. import ui
    return max(1, len(ui.seat_palette()))


def _colour(v) -> int | None:
    return v if _is_int(v) and 0 <= v < _palette_size() else None


def _top(raw, key: str, kind: type):
    if not isinstance(raw, dict) or raw.get("version") != VERSION or not isinstance(raw.get(key), kind):
        raise Damaged(key)
    return raw[key]


# ---- set-up memory -------------------------------------------------------------------------------
def _check_seat(s) -> dict | None:
    if not isinstance(s, dict):
        return None
    name, colour = _name(s.get("name")), _colour(s.get("colour"))
    kind, level = s.get("kind"), s.get("level")
    if name is None or colour is None or kind not in KINDS or level not in LEVELS:
        return None
    return {"name": name, "colour": colour, "kind": kind, "level": level}


def _option_ok(opt: dict, value) -> bool:
    choices = opt.get("choices") or []
    return any(c.get("id") == value and type(c.get("id")) is type(value) for c in choices)


def _check_setup(game_id: str, s) -> tuple[dict | None, bool]:
    info = GAMES.get(game_id)
    if info is None or not isinstance(s, dict):
        return None, False
    good = True
    seats = s.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= info.max_players:
        return None, False
    checked = [_check_seat(x) for x in seats]
    if any(c is None for c in checked):
        return None, False
    colours = [c["colour"] for c in checked]
    if len(set(colours)) != len(colours):
        return None, False
    count = s.get("count")
    if not _is_int(count) or not info.min_players <= count <= min(info.max_players, len(checked)):
        return None, False
    out = {"count": count, "seats": checked, "variant": info.default_variant(), "options": {},
           "option_text": {}}
    vids = [v["id"] for v in info.variants]
    if s.get("variant") in vids:
        out["variant"] = s["variant"]
    elif s.get("variant") is not None or vids:
        good = False
    options, texts = s.get("options", {}), s.get("option_text", {})
    if not isinstance(options, dict) or not isinstance(texts, dict):
        return out, False
    known = {o["id"]: o for o in info.options}
    for oid, value in options.items():
        opt = known.get(oid)
        if opt is not None and not opt.get("text") and _option_ok(opt, value):
            out["options"][oid] = value
        else:
            good = False
    for oid, value in texts.items():
        opt = known.get(oid)
        if opt is not None and opt.get("text") and isinstance(value, str) and len(value) <= MAX_TEXT:
            out["option_text"][oid] = value
        else:
            good = False
    return out, good


def _check_setups(raw) -> tuple[dict, bool]:
    games = _top(raw, "games", dict)
    out, good = {}, True
    for gid, s in games.items():
        setup, ok = _check_setup(gid, s) if isinstance(gid, str) else (None, False)
        if setup is not None:
            out[gid] = setup
        good = good and ok
    return out, good


def load_setups() -> tuple[dict, str | None]:
    data, message = _read(SETUPS, _check_setups, "games")
    return data or {}, message


def load_setup(game_id: str) -> tuple[dict | None, str | None]:
    """The last table of this game (checked), or None; and a message if the file was damaged."""
    setups, message = load_setups()
    return setups.get(game_id), message


def save_setup(game_id: str, seats: list[dict], count: int, variant, options: dict,
               option_text: dict) -> str | None:
    """Remember this table for ``game_id``; returns a message when it cannot be written."""
    setups, _ = load_setups()
    setup = {"count": count, "seats": [{k: s[k] for k in ("name", "colour", "kind", "level")}
                                       for s in seats],
             "variant": variant, "options": dict(options), "option_text": dict(option_text)}
    checked, _good = _check_setup(game_id, setup)
    if checked is None:
        return None
    setups[game_id] = checked
    return _write(SETUPS, {"version": VERSION, "games": setups})


def restore_into(scene) -> str | None:
    """Put the remembered table of ``scene.game_id`` into a set-up screen (its ``seats``,
    ``count``, ``variant``, ``options`` and ``option_text``); returns a message or None."""
    setup, message = load_setup(scene.game_id)
    if setup is None:
        return message
    seats = [dict(s) for s in setup["seats"]]
    for i in range(len(seats), len(scene.seats)):    # keep the screen's spare seats, new colours
        spare = dict(scene.seats[i])
        used = {s["colour"] for s in seats}
        if spare["colour"] in used:
            spare["colour"] = next((c for c in range(_palette_size()) if c not in used), spare["colour"])
        seats.append(spare)
    scene.seats = seats
    scene.count = setup["count"]
    scene.variant = setup["variant"]
    scene.options.update(setup["options"])
    scene.option_text.update(setup["option_text"])
    return message


# ---- profiles ---------------------------------------------------------------------------------------
def _check_profiles(raw) -> tuple[list, bool]:
    items = _top(raw, "profiles", list)
    out, seen, good = [], set(), len(items) <= MAX_PROFILES
    for p in items[:MAX_PROFILES]:
        name = _name(p.get("name")) if isinstance(p, dict) else None
        colour = _colour(p.get("colour")) if isinstance(p, dict) else None
        if name is None or colour is None or name.casefold() in seen:
            good = False
            continue
        seen.add(name.casefold())
        out.append({"name": name, "colour": colour})
    return out, good


def load_profiles() -> tuple[list[dict], str | None]:
    data, message = _read(PROFILES, _check_profiles, "profiles")
    return data or [], message


def add_profiles(people: list[dict]) -> str | None:
    """Keep each person (name, colour) as a profile: a new name is added at the front, a known
    one takes the new colour.  Names that are only the screens' defaults are not kept."""
    profiles, _ = load_profiles()
    changed = False
    for p in people:
        name, colour = _name(p.get("name")), _colour(p.get("colour"))
        if name is None or colour is None:
            continue
        old = next((q for q in profiles if q["name"].casefold() == name.casefold()), None)
        if old is None:
            profiles.insert(0, {"name": name, "colour": colour})
            changed = True
        elif old["colour"] != colour or old["name"] != name:
            old.update(name=name, colour=colour)
            changed = True
    if not changed:
        return None
    return _write(PROFILES, {"version": VERSION, "profiles": profiles[:MAX_PROFILES]})


def forget_profile(name: str) -> str | None:
    """Take ``name`` off the saved players (its statistics stay)."""
    profiles, _ = load_profiles()
    kept = [p for p in profiles if p["name"].casefold() != str(name).casefold()]
    if len(kept) == len(profiles):
        return None
    return _write(PROFILES, {"version": VERSION, "profiles": kept})


def next_profile(profiles: list[dict], seats: list[dict], i: int, step: int = 1) -> dict | None:
    """The profile seat ``i`` takes when its profile button is pressed: the next one (after the
    seat's present name) that no other seat uses; None when there is none."""
    if not profiles:
        return None
    others = {str(s.get("name", "")).casefold() for j, s in enumerate(seats) if j != i}
    free = [p for p in profiles if p["name"].casefold() not in others]
    if not free:
        return None
    names = [p["name"].casefold() for p in free]
    cur = str(seats[i].get("name", "")).casefold()
    k = (names.index(cur) + step) % len(free) if cur in names else (0 if step > 0 else len(free) - 1)
    return free[k]


# ---- statistics ----------------------------------------------------------------------------------------
def _number(v) -> bool:
    return (_is_int(v) or isinstance(v, float)) and abs(v) < 1e9 and v == v


def _check_game(g) -> dict | None:
    if not isinstance(g, dict) or not isinstance(g.get("game"), str) or g["game"] not in GAMES:
        return None
    variant, when, seats = g.get("variant"), g.get("when"), g.get("seats")
    if variant is not None and not (isinstance(variant, str) and len(variant) <= 40):
        return None
    if not _is_int(when) or not 0 <= when < 2 ** 40:
        return None
    if not isinstance(seats, list) or not 1 <= len(seats) <= 8:
        return None
    out = []
    for s in seats:
        if not isinstance(s, dict):
            return None
        name, kind, level, score, won = (s.get("name"), s.get("kind"), s.get("level"),
                                         s.get("score"), s.get("won"))
        if _name(name) is None or kind not in KINDS or level not in LEVELS \
                or not (score is None or _number(score)) or not isinstance(won, bool):
            return None
        out.append({"name": _name(name), "kind": kind, "level": level, "score": score, "won": won})
    return {"game": g["game"], "variant": variant, "when": when, "seats": out}


def _check_stats(raw) -> tuple[list, bool]:
    items = _top(raw, "games", list)
    out = [_check_game(g) for g in items[-MAX_GAMES:]]
    good = len(items) <= MAX_GAMES and all(g is not None for g in out)
    return [g for g in out if g is not None], good


def load_stats() -> tuple[list[dict], str | None]:
    """The finished games kept, oldest first."""
    data, message = _read(STATS, _check_stats, "games")
    return data or [], message


def record_game(session, when: int | None = None) -> str | None:
    """Count a finished game once (the session remembers that it was counted); returns a
    message for the player when a file was damaged or cannot be written."""
    if session.recorded or not session.is_over():
        return None
    session.recorded = True
    state = session.final()
    try:
        winners = set(state.winners() or [])
        scores = list(state.scores() or [])
    except Exception:  # noqa: BLE001 - a game without scores still counts its winners
        log.warning("record_game: fell back after an error", exc_info=True)
        winners, scores = set(), []
    seats = []
    for i, s in enumerate(session.seats):
        score = scores[i] if i < len(scores) and _number(scores[i]) else None
        kind = "human" if s.get("kind") == "remote" else s.get("kind")   # a person elsewhere
        seats.append({"name": _name(s.get("name")) or tr("table.unnamed"), "kind": kind,
                      "level": s.get("level") if s.get("level") in LEVELS else LEVELS[-1],
                      "score": score, "won": i in winners})
    game = _check_game({"game": session.game_id, "variant": state.variant,
                        "when": int(time.time() if when is None else when), "seats": seats})
    if game is None:
        return None
    games, message = load_stats()
    games = (games + [game])[-MAX_GAMES:]
    return _write(STATS, {"version": VERSION, "games": games}) or message


def seat_level(seat: dict) -> str:
    """What a statistics row calls the seat's level: "human" or the computer level."""
    return "human" if seat["kind"] == "human" else seat["level"]


def summary(games: list[dict], game_id: str | None = None) -> list[dict]:
    """One row per (name, game, level): played, wins, best and average score; most played first."""
    rows: dict = {}
    for g in games:
        if game_id is not None and g["game"] != game_id:
            continue
        for s in g["seats"]:
            key = (s["name"], g["game"], seat_level(s))
            row = rows.setdefault(key, {"name": key[0], "game": key[1], "level": key[2],
                                        "played": 0, "wins": 0, "scores": []})
            row["played"] += 1
            row["wins"] += 1 if s["won"] else 0
            if s["score"] is not None:
                row["scores"].append(s["score"])
    out = []
    for row in rows.values():
        sc = row.pop("scores")
        row["best"] = max(sc) if sc else None
        row["average"] = sum(sc) / len(sc) if sc else None
        out.append(row)
    out.sort(key=lambda r: (-r["played"], -r["wins"], r["name"].casefold(), r["game"], r["level"]))
    return out


def history(games: list[dict], name: str, game_id: str | None = None) -> list[tuple[float | None, bool]]:
    """(score, won) of ``name`` in each finished game, oldest first."""
    out = []
    for g in games:
        if game_id is not None and g["game"] != game_id:
            continue
        for s in g["seats"]:
            if s["name"] == name:
                out.append((s["score"], s["won"]))
                break
    return out
