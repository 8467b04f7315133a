"""``Table``: one game with its seats, history, log and a monotonic version, and per-seat
questions about it.  No pygame, no catalogs: a screen, a computer player, a network host and
a test all talk to a game through this.

Mutators (each refuses with a code, never raises for a bad request):
    act(seat, action, version=None) -> Outcome     not_your_turn, illegal, stale, over
    undo(seat, version=None)        -> Outcome     cannot_undo, stale
Per-seat queries (``seat`` None: a spectator, who sees no seat's secrets):
    view_for(seat)     the rules' view plus a public envelope (seats, turn, scores, winners)
    legal_for(seat)    the legal actions while it is that seat's turn, else []
    events_for(seat, update) / entries_for(seat, update)   what one update gives that seat
    log_for(seat, since=None, until=None)   the log entries that seat may read
    can_undo(seat), needs_confirm(seat), result(), setup()
The actions applied so far (``actions``: ``{"seat", "action"}`` each, the rules' record
without its sentence; an undo takes them back too) are kept with the record, so a finished
game is its set-up (``setup()``, the seed, the seats) plus its actions: a replay.  ``None``
when they are not all known (a save of an older version).
Subscribers (``subscribe(fn)``) get every ``Update`` after it happened, while the table still
stands at that version (they are called under the table's lock, in the thread that acted: a
subscriber reads what it needs and hands work elsewhere, it never waits for another thread).
Computer players, autosave, statistics, the guide and network hosts are subscribers.

The log keeps structured entries, never sentences: the events (and, for an action without
events, the action itself) with when each became visible and to whom.  An entry is
``{"e": event, "v": version applied, "r": version released to all (None while held),
"o": owner seat of a simultaneous decision or None, "k": "event" | "note"}``; "note" entries
are told in the log but not played on the board (an action without events, a take-back).
"""
from __future__ import annotations

import copy
import hashlib
import json
import logging
import threading
from dataclasses import dataclass, field
from typing import Callable

from ..rules import IllegalAction, LoadError, load_state
from . import policy
from .seats import Seat, as_seats

log = logging.getLogger(__name__)

HISTORY_LIMIT = 60          # undo snapshots kept at most (fewer are reachable anyway)
LOG_LIMIT = 1000            # log entries kept in memory

NOT_YOUR_TURN, ILLEGAL, STALE, OVER, CANNOT_UNDO, DAMAGED = (
    "not_your_turn", "illegal", "stale", "over", "cannot_undo", "damaged")
CODES = (NOT_YOUR_TURN, ILLEGAL, STALE, OVER, CANNOT_UNDO, DAMAGED)


@dataclass
class Update:
    """One change of the table: an action applied or a take-back."""
    version: int
    kind: str                       # "act" or "undo"
    seat: int | None                # who acted or took back
    action: dict | None = None      # the action applied (the host's own record)
    events: list = field(default_factory=list)    # every event apply() returned (host side)
    undone: int = 0                 # actions taken back
    entries: list = field(default_factory=list)   # the log entries this update made visible


@dataclass
class Outcome:
    ok: bool
    code: str | None = None         # one of CODES when refused
    update: Update | None = None
    detail: str = ""                # the rules' reason (English, for logs and tests)

    def __bool__(self) -> bool:
        return self.ok


def _int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


class Table:
    def __init__(self, game_id: str, seats, state, *, history: list | None = None,
                 log: list | None = None, held: list | None = None, version: int = 0,
                 actions: list | None = None):
        self.game_id = game_id
        self.seats: list[Seat] = as_seats(seats)
        if len(self.seats) != state.players:
            raise ValueError(f"{len(self.seats)} seats for a game of {state.players} players")
        self.state = state
        self.version = version if _int(version) and version >= 0 else 0
        self.history: list[dict] = list(history or [])
        self.actions: list[dict] | None = _actions(actions, state)
        self._entries: list[dict] = []
        self._load_log(log or [], held or [])
        self._subscribers: list[Callable[[Update], None]] = []
        self._lock = threading.RLock()
        self._name_state()

    def _name_state(self) -> None:
        """Before the first move the rules' names follow the seats' (a replay of the game
        names them the same from its record)."""
        state = self.state
        if not self.history and self.version == 0 and state.turn_number == 0 \
                and hasattr(state, "set_names"):
            try:
                state.set_names([s.name for s in self.seats])
            except (ValueError, TypeError):
                pass

    # ---- seats ---------------------------------------------------------------------------
    @property
    def people(self) -> list[int]:
        """The seats a person plays (here or at another computer)."""
        return [i for i, s in enumerate(self.seats) if s.person]

    def is_person(self, seat) -> bool:
        return _int(seat) and 0 <= seat < len(self.seats) and self.seats[seat].person

    def kind(self, seat) -> str | None:
        return self.seats[seat].kind if _int(seat) and 0 <= seat < len(self.seats) else None

    def set_seat(self, seat: int, **changes) -> None:
        """Change a seat's kind, level or name (a person hands an away seat to a computer)."""
        with self._lock:
            s = self.seats[seat]
            self.seats[seat] = Seat.from_dict(dict(s.to_dict(), **changes))
            self._name_state()      # a guest who takes a seat before the start names it

    @property
    def current(self) -> int | None:
        return self.state.current_player

    def is_over(self) -> bool:
        return self.state.is_over()

    # ---- subscribers ------------------------------------------------------------------------
    def subscribe(self, fn: Callable[[Update], None]) -> Callable[[], None]:
        """Call ``fn(update)`` after every change; returns the function that unsubscribes."""
        self._subscribers.append(fn)

        def unsubscribe() -> None:
            if fn in self._subscribers:
                self._subscribers.remove(fn)
        return unsubscribe

    def _publish(self, update: Update) -> None:
        for fn in list(self._subscribers):
            try:
                fn(update)
            except Exception:  # noqa: BLE001 - one broken listener must not stop the table
                log.exception("a table subscriber failed on version %s", update.version)

    # ---- mutators -----------------------------------------------------------------------------
    def act(self, seat, action, version: int | None = None) -> Outcome:
        """Apply ``action`` for ``seat``; refused unless it is that seat's legal move now and
        ``version`` (when given) is the table's current version."""
        with self._lock:
            if self.state.is_over():
                return Outcome(False, OVER)
            if version is not None and version != self.version:
                return Outcome(False, STALE, detail=f"version {version} is not {self.version}")
            if not _int(seat) or seat != self.state.current_player:
                return Outcome(False, NOT_YOUR_TURN)
            try:
                action = self.state.legal_match(action)   # the rules' record, never the caller's
            except IllegalAction as exc:
                return Outcome(False, ILLEGAL, detail=str(exc))
            before = self.state.to_dict()
            events = self.state.apply(action)
            self.version += 1
            v = self.version
            if self.actions is not None:
                self.actions.append({"seat": seat, "action": copy.deepcopy(
                    {k: x for k, x in action.items() if k != "text"})})
            self.history.append({"seat": seat, "human": self.is_person(seat),
                                 "chance": policy.is_point_of_no_return(events),
                                 "before": before, "log": len(self._entries),
                                 "version": v - 1})
            cut = policy.prune_cut(self.history, self.people, HISTORY_LIMIT)
            if cut > 0:
                del self.history[:cut]
            start = len(self._entries)
            held = sum(1 for x in self._entries if x["r"] is None)
            self._record(events, seat, v)
            if not events and isinstance(action, dict) and action.get("type"):
                self._entries.append({"e": dict(action, seat=seat), "v": v, "r": v, "o": None,
                                      "k": "note"})
            # this version's entries, and the held ones a reveal moved after them: all of
            # them stand in the log from where the first held entry was
            tail = self._entries[start - held:]
            entries = [x for x in tail if x["v"] == v or x["r"] == v]
            self._trim()
            update = Update(v, "act", seat, action=action, events=list(events),
                            entries=entries)
            self._publish(update)
        return Outcome(True, update=update)

    def _record(self, events: list, seat: int, v: int) -> None:
        """Log the events of version ``v``.  A reveal releases every held entry: they move to
        right after it, where everyone else is given them (their owner had them at once)."""
        for e in events:
            o = policy.owner(e, seat)
            self._entries.append({"e": e, "v": v, "r": None if o is not None else v, "o": o,
                                  "k": "event"})
            if isinstance(e, dict) and e.get("reveal"):
                held = [x for x in self._entries if x["r"] is None]
                if held:
                    self._entries = [x for x in self._entries if x["r"] is not None]
                    for x in held:
                        x["r"] = v
                    self._entries.extend(held)

    def _trim(self) -> None:
        extra = len(self._entries) - LOG_LIMIT
        if extra > 0:
            n = 0
            while n < extra and self._entries[n]["r"] is not None:
                n += 1
            if n:
                del self._entries[:n]

    def undo(self, seat, version: int | None = None) -> Outcome:
        """Take back ``seat``'s last action (see ``policy.undo_target``)."""
        with self._lock:
            if version is not None and version != self.version:
                return Outcome(False, STALE)
            target = self._undo_target(seat)
            if target is None:
                return Outcome(False, CANNOT_UNDO)
            entry = self.history[target]
            try:
                state = load_state(copy.deepcopy(entry["before"]))
            except (LoadError, OverflowError, ValueError, TypeError, KeyError, IndexError,
                    AttributeError) as exc:
                log.warning("an undo snapshot cannot be restored: %s", exc)
                del self.history[target:]
                return Outcome(False, DAMAGED, detail=f"{type(exc).__name__}: {exc}")
            undone = len(self.history) - target
            self.state = state
            if self.actions is not None:
                del self.actions[state.turn_number:]
            del self.history[target:]
            self._drop_entries_after(entry)
            self.version += 1
            v = self.version
            note = {"e": {"type": "_undo", "count": undone}, "v": v, "r": v, "o": None,
                    "k": "note"}
            self._entries.append(note)
            update = Update(v, "undo", entry.get("seat"), undone=undone, entries=[note])
            self._publish(update)
        return Outcome(True, update=update)

    def _drop_entries_after(self, entry: dict) -> None:
        """The log entries of the actions an undo takes back: those after the snapshot's
        version (older saves: after the snapshot's log length)."""
        ver = entry.get("version")
        if _int(ver):
            self._entries = [e for e in self._entries if e["v"] <= ver]
            return
        cut = entry.get("log")
        if _int(cut) and 0 <= cut <= len(self._entries):
            del self._entries[cut:]

    # ---- undo questions ---------------------------------------------------------------------
    def _undo_target(self, seat) -> int | None:
        return policy.undo_target(self.history, seat, self.state.current_player,
                                  self.state.is_over(), self.people)

    def can_undo(self, seat=None) -> bool:
        """Whether ``seat`` (None: any seat) may take back its last action now."""
        return self._undo_target(seat) is not None

    def undo_seat(self) -> int | None:
        """The seat whose action an undo would take back now, or None."""
        target = self._undo_target(None)
        return None if target is None else self.history[target].get("seat")

    def needs_confirm(self, seat=None) -> bool:
        """Whether that undo reaches back into a turn already handed on (ask first)."""
        target = self._undo_target(seat)
        return target is not None and self.state.current_player != self.history[target].get("seat")

    # ---- per-seat queries ------------------------------------------------------------------------
    def legal_for(self, seat) -> list:
        with self._lock:
            if self.state.is_over() or seat is None or seat != self.state.current_player:
                return []
            return list(self.state.legal_actions())

    def view_for(self, seat) -> dict:
        """The rules' view of ``seat`` in an envelope every seat may see."""
        with self._lock:
            st = self.state
            over = st.is_over()
            return {"version": self.version, "game": self.game_id, "seat": seat,
                    "players": st.players, "variant": st.variant, "options": dict(st.options),
                    "seats": [s.to_dict() for s in self.seats],
                    "turn": st.current_player, "turn_number": st.turn_number, "over": over,
                    "in_play": list(st.seats_in_play()),
                    "scores": list(st.public_scores(seat)),
                    "winners": list(st.winners()) if over else [],
                    "view": st.view(seat)}

    def setup(self) -> dict:
        """What a rematch needs: the game, players, variant and options (all public)."""
        st = self.state
        return {"game": self.game_id, "players": st.players, "variant": st.variant,
                "options": dict(st.options)}

    @staticmethod
    def _visible_at(entry: dict, audience) -> int | None:
        """The version at which ``audience`` was given the entry (None: not yet)."""
        o = entry["o"]
        return entry["v"] if o is None or o == audience else entry["r"]

    def _visible(self, audience, since: int | None = None,
                 until: int | None = None) -> list[dict]:
        """The entries ``audience`` was given, in the order it was given them (by version,
        then in the log's order, where what a reveal released stands right after it)."""
        rows = []
        for i, entry in enumerate(self._entries):
            at = self._visible_at(entry, audience)
            if at is None or (since is not None and at <= since) or (until is not None and at > until):
                continue
            rows.append(((at, i), entry))
        rows.sort(key=lambda r: r[0])
        return [r[1] for r in rows]

    def log_for(self, seat, since: int | None = None, until: int | None = None) -> list:
        """The log entries ``seat`` may read (after version ``since``; up to version ``until``:
        what it had read then, for a replay), oldest first."""
        with self._lock:
            return [policy.redact(e["e"], seat) for e in self._visible(seat, since, until)]

    def entries_for(self, seat, update: Update) -> list:
        """The log entries one update made visible to ``seat``."""
        with self._lock:
            v = update.version
            return [policy.redact(e["e"], seat) for e in update.entries
                    if self._visible_at(e, seat) == v]

    def events_for(self, seat, update: Update) -> list:
        """The events one update gives ``seat`` to play on its board (no log-only notes)."""
        with self._lock:
            v = update.version
            return [policy.redact(e["e"], seat) for e in update.entries
                    if e["k"] == "event" and self._visible_at(e, seat) == v]

    def result(self) -> dict | None:
        """The final result once the game is over (nothing is secret any more), else None."""
        with self._lock:
            st = self.state
            if not st.is_over():
                return None
            return {"game": self.game_id, "players": st.players, "variant": st.variant,
                    "winners": list(st.winners()), "scores": list(st.scores()),
                    "ranking": ranking(st), "final": st.view(None),
                    "facts": st.result_facts(), "summary": st.summary(),
                    "seats": [s.to_dict() for s in self.seats]}

    # ---- the record (saves) ---------------------------------------------------------------------
    def to_record(self) -> dict:
        """JSON-safe: the seats, state, undo snapshots, log and version (a save's payload)."""
        with self._lock:
            return {"game": self.game_id, "seats": [s.to_dict() for s in self.seats],
                    "state": self.state.to_dict(), "undo": copy.deepcopy(self.history),
                    "log": copy.deepcopy(self._entries), "version": self.version,
                    "actions": copy.deepcopy(self.actions)}

    def _load_log(self, log: list, held: list) -> None:
        """Log entries of a record; older saves keep plain events (all released) and a list
        of held events ``{"step", "event"}``."""
        for x in log:
            if isinstance(x, dict) and "e" in x and "v" in x:
                entry = {"e": x["e"], "v": x["v"] if _int(x["v"]) else 0,
                         "r": x.get("r") if _int(x.get("r")) else None,
                         "o": x.get("o") if _int(x.get("o")) else None,
                         "k": "note" if x.get("k") == "note" else "event"}
                if entry["o"] is None and entry["r"] is None:
                    entry["r"] = entry["v"]
                self._entries.append(entry)
            elif isinstance(x, (dict, str)):
                self._entries.append({"e": x, "v": 0, "r": 0, "o": None,
                                      "k": "note" if isinstance(x, str) else "event"})
        for h in held:
            ev = h.get("event") if isinstance(h, dict) else None
            if isinstance(ev, dict):
                o = policy.owner(ev, ev.get("seat"))
                self._entries.append({"e": dict(ev), "v": self.version,
                                      "r": None if o is not None else self.version, "o": o,
                                      "k": "event"})


def _actions(actions, state) -> list[dict] | None:
    """The actions that led to ``state`` (a record's), or None when they cannot be all of them:
    one a turn of the state (``turn_number`` counts the applied actions)."""
    if actions is None:
        return [] if state.turn_number == 0 else None
    if not isinstance(actions, list) or len(actions) != state.turn_number:
        return None
    out = []
    for a in actions:
        if not (isinstance(a, dict) and _int(a.get("seat")) and isinstance(a.get("action"), dict)):
            return None
        out.append({"seat": a["seat"], "action": dict(a["action"])})
    return out


def ranking(state) -> list[int]:
    """Seats best first: winners, then by score (higher first), then seat order."""
    winners = set(state.winners() or [])
    scores = list(state.scores() or [])

    def score(s):
        try:
            return -float(scores[s])
        except (IndexError, TypeError, ValueError):
            return 0.0
    return sorted(range(state.players), key=lambda s: (s not in winners, score(s), s))


def result_digest(result: dict | None) -> str:
    """A short fingerprint of a finished game's result (the winners, the scores and the final
    view), the same wherever the result is read: on the table's own computer, on a table
    server, or by a player's app that received it (JSON and back)."""
    if not isinstance(result, dict):
        return ""
    keep = {k: result.get(k) for k in ("game", "players", "variant", "winners", "scores", "final")}
    plain = json.loads(json.dumps(keep, default=str))      # as a player's app receives it
    text = json.dumps(plain, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
