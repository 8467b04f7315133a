"""A finished game, again: its replay record and a ``Run`` of it through the rules.

A replay is a game's set-up plus its actions (the table keeps them, ``Table.actions``):

    {"app": "BurrowBox", "kind": "replay", "format": 1, "version": "0.1.0",
     "game": "moles", "players": 3, "seed": 123, "variant": null, "options": {...},
     "seats": [{"name", "colour", "kind", "level"}], "actions": [{"seat", "action"}],
     "when": 1700000000, "daily": "2025-03-14" or null}

``record_of(table)`` makes one, ``check_record(raw)`` checks one from a file (untrusted: sizes,
types; ``ReplayError`` with a sentence for the player), and ``Run(record)`` plays it through a
``Table``, so that every action is checked by the rules again (an action that is not legal
there refuses the file) and every seat is given exactly what it was given during the game
(``events_for``).  From a run the replay screen asks the state, the view and the events of
every step; the achievements read each person's events (``stream``) and the ``result``.

No pygame here.
"""
from __future__ import annotations

import json
import logging
import time

from ... import __version__
from ...i18n import tr
from ...rules import GAMES, new_game
from ...table import Table
from ...table.seats import KINDS
from ..store.jsonstore import clean_name, is_int

log = logging.getLogger(__name__)

APP_TAG = "BurrowBox"
KIND = "replay"
FORMAT = 1
MAX_ACTIONS = 20000          # the longest game seen is under 2,000 actions
MAX_ACTION_CHARS = 4000      # one action written as JSON
MAX_BYTES = 4 * 1024 * 1024  # a replay file
CHECKPOINT = 16              # a state is kept every this many steps (stepping back is quick)
OPEN = "open"                # the audience that sees everything, face down too (the game is over)


class ReplayError(ValueError):
    """A replay that cannot be used; ``str()`` is a sentence for the player."""


# ---- the record --------------------------------------------------------------------------------

def record_of(table, when: float | None = None, daily: str | None = None) -> dict | None:
    """The replay record of a table's game, or None when its actions are not all known."""
    actions = getattr(table, "actions", None)
    if actions is None:
        return None
    st = table.state
    seed = getattr(st, "seed", None)
    if not is_int(seed):
        return None
    return {"app": APP_TAG, "kind": KIND, "format": FORMAT, "version": __version__,
            "game": table.game_id, "players": st.players, "seed": seed, "variant": st.variant,
            "options": dict(st.options), "seats": [_seat(s.to_dict(), i)
                                                    for i, s in enumerate(table.seats)],
            "actions": [{"seat": a["seat"], "action": dict(a["action"])} for a in actions],
            "when": int(time.time() if when is None else when), "daily": daily}


def _seat(seat: dict, i: int) -> dict:
    name = clean_name(seat.get("name")) or tr("seat.player_n", number=i + 1)
    return dict(seat, name=name)


def _bad(key: str, **params) -> ReplayError:
    return ReplayError(tr(key, **params))


def _option_value(v) -> bool:
    return isinstance(v, (str, bool)) or is_int(v)


def check_record(raw) -> dict:
    """A replay record from a file, checked for its shape (the rules check the actions when
    it is run); ReplayError with a sentence for anything wrong."""
    from ...ai import LEVELS
    if not isinstance(raw, dict) or raw.get("app") != APP_TAG or raw.get("kind") != KIND:
        raise _bad("replay.not_ours")
    fmt = raw.get("format")
    if not is_int(fmt):
        raise _bad("replay.not_ours")
    if fmt > FORMAT:
        raise _bad("replay.newer")
    game = raw.get("game")
    info = GAMES.get(game) if isinstance(game, str) else None
    if info is None or not info.available:
        raise _bad("replay.unknown_game")
    players = raw.get("players")
    if not is_int(players) or not info.min_players <= players <= info.max_players:
        raise _bad("replay.bad_field", field="players")
    seed = raw.get("seed")
    if not is_int(seed) or not 0 <= seed < 2 ** 63:
        raise _bad("replay.bad_field", field="seed")
    variant = raw.get("variant")
    if variant is not None and not (isinstance(variant, str) and len(variant) <= 40):
        raise _bad("replay.bad_field", field="variant")
    options = raw.get("options") or {}
    if not isinstance(options, dict) or len(options) > 30 or not all(
            isinstance(k, str) and len(k) <= 40 and _option_value(v) for k, v in options.items()):
        raise _bad("replay.bad_field", field="options")
    seats = raw.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        raise _bad("replay.bad_field", field="seats")
    checked = []
    for i, s in enumerate(seats):
        if not isinstance(s, dict):
            raise _bad("replay.bad_seat", number=i + 1)
        name, colour, kind, level = (clean_name(s.get("name")), s.get("colour"), s.get("kind"),
                                     s.get("level", "good"))
        if name is None or not is_int(colour) or not 0 <= colour < 64 or kind not in KINDS \
                or level not in LEVELS:
            raise _bad("replay.bad_seat", number=i + 1)
        checked.append({"name": name, "colour": colour, "kind": kind, "level": level})
    actions = raw.get("actions")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise _bad("replay.bad_field", field="actions")
    out_actions = []
    for k, a in enumerate(actions):
        if not (isinstance(a, dict) and is_int(a.get("seat")) and 0 <= a["seat"] < players
                and isinstance(a.get("action"), dict) and isinstance(a["action"].get("type"), str)):
            raise _bad("replay.bad_move", number=k + 1)
        try:
            if len(json.dumps(a["action"])) > MAX_ACTION_CHARS:
                raise _bad("replay.bad_move", number=k + 1)
        except (TypeError, ValueError):
            raise _bad("replay.bad_move", number=k + 1) from None
        out_actions.append({"seat": a["seat"], "action": a["action"]})
    when = raw.get("when")
    when = when if is_int(when) and 0 <= when < 2 ** 40 else 0
    daily = raw.get("daily")
    if not (isinstance(daily, str) and len(daily) == 10 and daily[4] == "-" and daily[7] == "-"
            and (daily[:4] + daily[5:7] + daily[8:]).isdigit()):
        daily = None
    return {"app": APP_TAG, "kind": KIND, "format": FORMAT, "version": str(raw.get("version", ""))[:20],
            "game": game, "players": players, "seed": seed, "variant": variant,
            "options": dict(options), "seats": checked, "actions": out_actions, "when": when,
            "daily": daily}


# ---- the run -------------------------------------------------------------------------------------

class _KeepAll(Table):
    """A table that keeps its whole log (a replay needs every entry of a long game)."""

    def _trim(self) -> None:
        pass


class Run:
    """A checked record played through the rules.  Steps are numbered 0 (the set-up) to
    ``len(self)`` (the end); step k is the position after k actions.  ReplayError when an
    action is not legal where it stands (``require_over``: also when the game does not end)."""

    def __init__(self, record: dict, require_over: bool = True):
        self.record = record
        self.game_id = record["game"]
        self.seats = [dict(s) for s in record["seats"]]
        self.actions = record["actions"]
        try:
            state = new_game(self.game_id, record["players"], seed=record["seed"],
                             variant=record["variant"], options=record["options"])
        except Exception as exc:  # noqa: BLE001 - a file from elsewhere: any refusal is a sentence
            raise _bad("replay.bad_setup", reason=exc) from None
        # computer seats for the run: no undo snapshots are kept (the names tell the events)
        seats = [dict(s, kind="computer") for s in self.seats]
        table = _KeepAll(self.game_id, seats, state)
        self.updates: list = [None]
        self._checkpoints = {0: state.clone()}
        for k, a in enumerate(self.actions):
            seat = a["seat"]
            try:
                out = table.act(seat, a["action"], table.version)
            except Exception:  # noqa: BLE001 - an action from a file the rules cannot take
                log.warning("__init__: fell back after an error", exc_info=True)
                out = None
            if not out:
                raise _bad("replay.bad_move", number=k + 1)
            self.updates.append(out.update)
            if (k + 1) % CHECKPOINT == 0:
                self._checkpoints[k + 1] = table.state.clone()
        if require_over and not table.is_over():
            raise _bad("replay.not_over")
        self.table = table
        self.final = table.state
        self.result = table.result()
        self._entries = table.to_record()["log"]
        self._rounds: list | None = None

    def __len__(self) -> int:
        return len(self.actions)

    # ---- positions -----------------------------------------------------------------------
    def state_at(self, k: int):
        """The game after ``k`` actions (a fresh state the caller may keep)."""
        k = max(0, min(len(self), int(k)))
        if k == len(self):
            return self.final.clone()
        base = max(c for c in self._checkpoints if c <= k)
        st = self._checkpoints[base].clone()
        for a in self.actions[base:k]:
            st.apply(a["action"])
        return st

    def envelope(self, k: int, audience) -> dict:
        """What the board and the side panel show at step ``k`` for ``audience`` (a seat, or
        OPEN: everything open, every score and the rules' ``open_view``: every hand, secret
        choice and face-down thing face up): the shape of ``Table.view_for``.  The only caller
        of ``open_view``: a live table gives each seat its own view alone."""
        st = self.state_at(k)
        seat = None if audience == OPEN else audience
        over = st.is_over()
        scores = list(st.open_scores() if audience == OPEN else st.scores() if over
                      else st.public_scores(seat))
        return {"version": k, "game": self.game_id, "seat": seat, "players": st.players,
                "variant": st.variant, "options": dict(st.options), "seats": self.seats,
                "turn": st.current_player, "turn_number": st.turn_number, "over": over,
                "in_play": list(st.seats_in_play()), "scores": scores,
                "winners": list(st.winners()) if over else [],
                "view": st.open_view() if audience == OPEN else st.view(seat)}

    # ---- what each seat was given ----------------------------------------------------------------
    # A seat's audience asks the table of the run, which gives it what it gave that seat during
    # the game (``Table.events_for`` / ``entries_for`` of each step's update, ``log_for`` up to a
    # step): nothing another seat held secret before it was released, every field of an event
    # private to another seat left out.  OPEN (the game is over) reads the table's master log
    # (``to_record()["log"]``): every entry at the step it happened.
    def _open(self, k: int, kinds=("event", "note")) -> list:
        return [e["e"] for e in self._entries if e["v"] == k and e["k"] in kinds]

    def events_at(self, k: int, audience) -> list:
        """The events step ``k`` (the k-th action) gave ``audience`` to play on its board."""
        if not 1 <= k <= len(self):
            return []
        if audience == OPEN:
            return self._open(k, ("event",))
        return self.table.events_for(audience, self.updates[k])

    def log_at(self, k: int, audience) -> list:
        """The log entries step ``k`` gave ``audience`` (in the log's order)."""
        if not 1 <= k <= len(self):
            return []
        if audience == OPEN:
            return self._open(k)
        return self.table.entries_for(audience, self.updates[k])

    def log_until(self, k: int, audience) -> list:
        """The log entries ``audience`` had read after ``k`` actions, oldest first."""
        if audience == OPEN:
            rows = sorted((e["v"], i) for i, e in enumerate(self._entries) if e["v"] <= k)
            return [self._entries[i]["e"] for _v, i in rows]
        return self.table.log_for(audience, until=k)

    def stream(self, seat: int) -> list:
        """Every event seat ``seat`` was given during the game, in the order it was given
        them (the achievements read these, never anything hidden from the seat)."""
        return [e for u in self.updates[1:] for e in self.table.events_for(seat, u)]

    # ---- rounds --------------------------------------------------------------------------------------
    def rounds(self) -> list[int]:
        """The step at which each round starts (round 1 at step 0).  A round is the game's own
        count where its view has one (``round``; Hamster Burrow: each roll), else one turn of
        every seat, counted from the seat that acted first."""
        if self._rounds is not None:
            return self._rounds
        starts = [0]
        first = self.actions[0]["seat"] if self.actions else None
        last_round, prev_seat = None, None
        st = self.state_at(0)
        for k, a in enumerate(self.actions):
            v = st.view(None)
            mark = v.get("round", v.get("turn")) if isinstance(v, dict) else None
            if is_int(mark):
                if last_round is not None and mark != last_round and k > 0:
                    starts.append(k)
                last_round = mark
            elif k > 0 and a["seat"] == first and prev_seat != first:
                starts.append(k)
            prev_seat = a["seat"]
            st.apply(a["action"])
        self._rounds = starts
        return starts

    def round_of(self, k: int) -> int:
        """The round (from 1) that step ``k`` is in."""
        n = 0
        for start in self.rounds():
            if start <= k:
                n += 1
        return max(1, n)


def run_of(table, daily: str | None = None) -> Run | None:
    """The run of a finished table's game (for its replay and achievements), or None when it
    has no complete record; ReplayError when it does not replay the same (never expected)."""
    record = record_of(table, daily=daily)
    if record is None:
        return None
    run = Run(check_record(json.loads(json.dumps(record))))
    if run.final.to_dict()["state"] != table.state.to_dict()["state"]:
        raise ReplayError("the replay does not end where the game ended")
    return run
