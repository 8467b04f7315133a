"""Checking a saved game: every field of a save file (or of an undo snapshot, a journal
reference, a log entry) is checked for its type, range and size before anything is used;
anything wrong is a ``SaveError`` with the player's sentence.  ``saves`` reads and writes."""
from __future__ import annotations

import json
import logging
import re
from typing import Any

from ...i18n import tr
from ...io.safeio import bad_text
from ..words.names import game_title

log = logging.getLogger(__name__)

APP_TAG = "BurrowBox"
KINDS = ("human", "computer", "remote")     # remote: a person at another computer (online)
MAX_UNDO = 400


class SaveError(ValueError):
    """A saved game cannot be used; str(error) is a message for the player."""


class Saved:
    def __init__(self, game_id: str, seats: list[dict], state, undo: list[dict], log: list,
                 slot: str | None = None, saved_at: float | None = None,
                 held: list | None = None, version: int = 0, online: dict | None = None,
                 actions: list | None = None,
                 journal: tuple | None = None):
        self.game_id = game_id
        self.seats = seats
        self.state = state
        self.undo = undo
        self.log = log
        self.held = list(held or [])
        self.version = version            # the table's version (0 in older saves)
        self.online = online              # a hosted table's code, port and seat tokens, or None
        self.actions = actions            # the actions so far (None in older saves: no replay)
        self.slot = slot
        self.saved_at = saved_at
        self.journal = journal          # (id, number of the last entry it holds) or None



def _clean(text: str, limit: int) -> str:
    """A text from a file made safe to show: no NUL, no lone surrogate, bounded length."""
    text = text.replace("\x00", "")
    if bad_text(text):
        text = text.encode("utf-8", "replace").decode("utf-8", "replace")
    return text[:limit]


MAX_SEAT_NAME = 40      # characters of a seat's name kept from a file (as the set-up allows)


def _clip_names(state: dict) -> None:
    """A state's seat names clipped like the seats' own names: an overlong name in a file is
    shortened, never a reason to refuse the whole game."""
    names = state.get("names")
    if isinstance(names, list):
        state["names"] = [_clean(n, MAX_SEAT_NAME) if isinstance(n, str) else n for n in names]


def _check_seats(seats: Any, players: int) -> list[dict]:
    from ...ai import DEFAULT_LEVEL, LEVELS
    if not isinstance(seats, list) or len(seats) != players:
        raise SaveError(tr("saves.bad_players"))
    out = []
    for i, s in enumerate(seats):
        if not isinstance(s, dict):
            raise SaveError(tr("saves.bad_player", number=i + 1))
        name = s.get("name")
        col = s.get("colour")
        kind = s.get("kind")
        level = s.get("level", DEFAULT_LEVEL)
        if not isinstance(name, str) or not isinstance(col, int) or isinstance(col, bool) \
                or not 0 <= col < 64 or kind not in KINDS:
            raise SaveError(tr("saves.bad_player", number=i + 1))
        if not isinstance(level, str) or level not in LEVELS:
            level = DEFAULT_LEVEL
        name = _clean(name, MAX_SEAT_NAME).strip() or tr("seat.player_n", number=i + 1)
        out.append({"name": name, "colour": col, "kind": kind, "level": level})
    return out


def _check_undo(undo: Any, game_id: str, state) -> list[dict]:
    """Every history entry is checked like the game itself: its 'before' must load as a state
    of the same game, players, variant and options."""
    from ...rules import LoadError, load_state
    if not isinstance(undo, list) or len(undo) > MAX_UNDO:
        raise SaveError(tr("saves.bad_undo"))
    out = []
    for i, e in enumerate(undo):
        if not (isinstance(e, dict) and isinstance(e.get("before"), dict)
                and e["before"].get("game") == game_id
                and isinstance(e.get("seat"), int) and not isinstance(e.get("seat"), bool)
                and 0 <= e["seat"] < state.players
                and isinstance(e.get("human"), bool) and isinstance(e.get("chance"), bool)):
            raise SaveError(tr("saves.bad_undo_step", step=i + 1))
        log = e.get("log", 0)
        if isinstance(log, bool) or not isinstance(log, int) or log < 0:
            raise SaveError(tr("saves.bad_undo_step", step=i + 1))
        try:
            before = load_state(e["before"], thorough=False)
        except LoadError as exc:
            raise SaveError(tr("saves.bad_undo_reason", step=i + 1, reason=exc)) from None
        if (before.players, before.variant, before.options) != \
                (state.players, state.variant, state.options) \
                or before.turn_number > state.turn_number:
            raise SaveError(tr("saves.bad_undo_other", step=i + 1))
        entry = {"seat": e["seat"], "human": e["human"], "chance": e["chance"],
                 "before": e["before"], "log": log}
        version = e.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version >= 0:
            entry["version"] = version
        out.append(entry)
    return out


def parse_payload(raw: Any) -> Saved:
    from ...rules import GAMES, LoadError, load_state
    if not isinstance(raw, dict) or raw.get("app") != APP_TAG:
        raise SaveError(tr("saves.not_ours"))
    for key in ("seats", "state", "undo"):
        if key not in raw:
            raise SaveError(tr("saves.incomplete", field=key))
    sd = raw["state"]
    if not isinstance(sd, dict):
        raise SaveError(tr("saves.no_state"))
    game_id = sd.get("game")
    info = GAMES.get(game_id) if isinstance(game_id, str) else None
    if info is None:
        shown = game_id if isinstance(game_id, str) and not bad_text(game_id) else "?"
        raise SaveError(tr("saves.unknown_game", game=repr(_clean(str(shown), 30))))
    if not info.available:
        raise SaveError(tr("saves.not_playable", game=game_title(info)))
    _clip_names(sd)
    for e in raw["undo"] if isinstance(raw["undo"], list) else ():
        if isinstance(e, dict) and isinstance(e.get("before"), dict):
            _clip_names(e["before"])
    try:
        state = load_state(sd)
    except LoadError as exc:
        raise SaveError(tr("saves.not_loaded", reason=exc)) from None
    except Exception as exc:  # noqa: BLE001 - a damaged file must never crash the title screen
        raise SaveError(tr("saves.not_loaded_kind", reason=type(exc).__name__)) from None
    seats = _check_seats(raw["seats"], state.players)
    undo = _check_undo(raw["undo"], game_id, state)
    log = raw.get("log", [])
    if not isinstance(log, list):
        log = []
    log = [e for e in (_log_entry(x) for x in log[-1000:]) if e is not None]
    held = raw.get("held", [])
    if not isinstance(held, list):
        held = []
    held = [h for h in (_held_entry(x, len(undo)) for x in held[:200]) if h is not None]
    version = raw.get("table_version", 0)
    if isinstance(version, bool) or not isinstance(version, int) or not 0 <= version < 10 ** 9:
        version = 0
    online = _check_online(raw.get("online"), len(seats))
    if online is None:      # nobody can take a seat at another computer: a person plays it here
        seats = [dict(s, kind="human") if s["kind"] == "remote" else s for s in seats]
    return Saved(game_id, seats, state, undo, log, held=held, version=version, online=online,
                 actions=_actions(raw.get("actions"), state), journal=_journal_ref(raw))


def _actions(actions: Any, state) -> list | None:
    """The actions of a save (checked against the rules only when replayed): one a turn of
    the state, each a seat and a small record; else None (the game has no replay)."""
    if not isinstance(actions, list) or len(actions) != state.turn_number:
        return None
    for a in actions:
        if not (isinstance(a, dict) and isinstance(a.get("seat"), int)
                and not isinstance(a["seat"], bool) and 0 <= a["seat"] < state.players
                and _record(a.get("action")) is not None):
            return None
    return actions


def _check_online(x: Any, players: int) -> dict | None:
    """A hosted table's code, port and seat tokens, or None when there is none that fits."""
    from ...net.protocol import normal_code
    if not isinstance(x, dict):
        return None
    code, port, tokens = normal_code(x.get("code")), x.get("port"), x.get("tokens")
    if code is None or isinstance(port, bool) or not isinstance(port, int) \
            or not 0 <= port < 65536 or not isinstance(tokens, dict):
        return None
    kept = {}
    for k, v in tokens.items():
        if isinstance(k, str) and k.isdigit() and int(k) < players and isinstance(v, str) \
                and 0 < len(v) <= 200:
            kept[int(k)] = v
    return {"code": code, "port": port, "tokens": kept}


def _journal_ref(raw: dict) -> tuple[str, int] | None:
    """The journal a save extends: (id, last entry held), or None (none, or not readable:
    the save alone is used)."""
    ref = raw.get("journal")
    if not isinstance(ref, dict):
        return None
    jid, n = ref.get("id"), ref.get("n")
    if not (isinstance(jid, str) and re.fullmatch(r"[0-9a-f]{1,64}", jid)
            and isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 2 ** 53):
        return None
    return jid, n


_MAX_ENTRY = 20000      # characters of one log record written as JSON


def _record(x: Any) -> dict | None:
    """An event record from a file: a JSON object with a text "type", not too big; its texts
    made safe to show.  None when it is not one (the entry is dropped, never a crash)."""
    if not isinstance(x, dict) or not isinstance(x.get("type"), str):
        return None
    try:
        if len(json.dumps(x)) > _MAX_ENTRY:
            return None
    except (TypeError, ValueError):
        return None

    def clean(v):
        if isinstance(v, str):
            return _clean(v, 1000)
        if isinstance(v, list):
            return [clean(i) for i in v]
        if isinstance(v, dict):
            return {str(k): clean(i) for k, i in v.items()}
        return v
    return clean(x)


def _log_entry(x: Any):
    """A log entry of this version (the table's ``{"e", "v", "r", "o", "k"}``) or of an older
    one (an event record, or a sentence)."""
    if isinstance(x, str):
        return _clean(x, 1000)
    if isinstance(x, dict) and "e" in x:
        e = x["e"]
        e = _clean(e, 1000) if isinstance(e, str) else _record(e)
        if e is None:
            return None
        out = {"e": e, "k": "note" if x.get("k") == "note" else "event"}
        for key in ("v", "r", "o"):
            n = x.get(key)
            ok = isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 10 ** 9
            out[key] = n if ok else (0 if key == "v" else None)
        return out
    return _record(x)


def _held_entry(x: Any, steps: int) -> dict | None:
    if not isinstance(x, dict):
        return None
    ev = _record(x.get("event"))
    step = x.get("step")
    if ev is None:
        return None
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < steps:
        step = None
    return {"step": step, "event": ev}
