"""Achievements: defined as data (``data/achievements.yaml``, its header tells the condition
words), checked when a game ends, kept per saved player (``achievements.json``).

    for ach in catalog(): ach.id, ach.game, ach.icon, ach.hidden, ach.target
    earned = award(run, [(seat, name), ...], daily_names=...)   # {name: [Achievement, ...]}
    status(name) -> [(Achievement, earned_when or None, progress or None)]

A condition reads one finished game as one person's seat saw it: the events the table gave
that seat (``replay.Run.stream``, the same as ``Table.events_for`` during the game) and the
result (winners, scores, the seats' set-up), never anything hidden from the seat.  Computer
seats never earn anything; each person at the table earns for their own seat.

The data file is checked when first read (``DataError`` naming the file, the entry and the
problem); the app then shows the message and plays on without achievements.
"""
from __future__ import annotations

import time

from ...io.paths import resource_path
from ...rules import GAMES
from ...io.data import Checker, DataError, display_name, load_yaml
from ..store import jsonstore
from ..store.jsonstore import clean_name, is_int, is_number

FILE = "achievements.json"
MAX_BYTES = 1024 * 1024
MAX_PLAYERS = 60
BOX = "box"
MARKS = {"chance", "reveal", "simultaneous", "private_to", "secret", "type"}
GAME_WORDS = {"won", "place", "score", "margin", "players", "variant", "option", "opponents",
              "count", "streak", "sum", "all", "any", "not"}
HISTORY_WORDS = {"total", "distinct", "daily_streak", "daily_days"}
COUNTERS = {"count", "streak", "sum"}
MATCHERS = {"any_of", "at_least", "at_most", "not", "size_at_least", "mine"}


class Achievement:
    def __init__(self, aid: str, game: str, icon: str, hidden: bool, when: dict):
        self.id, self.game, self.icon, self.hidden, self.when = aid, game, icon, hidden, when
        word, body = next(iter(when.items()))
        self.word = word
        # progress counts up to ``target`` for a count, streak, sum or across-games entry
        self.target = None
        if word in ("daily_streak", "daily_days"):
            self.target = body
        elif word in COUNTERS | {"total", "distinct"} and "at_most" not in body:
            self.target = body.get("at_least", 1)
        if self.target is not None and self.target <= 1:
            self.target = None

    @property
    def title_key(self) -> str:
        return f"achievement.{self.id}.title"

    @property
    def line_key(self) -> str:
        return f"achievement.{self.id}.line"

    def __repr__(self) -> str:  # pragma: no cover
        return f"Achievement({self.id})"


# ---- the data --------------------------------------------------------------------------------

def _event_fields(game: str) -> dict[str, set]:
    """Each event type of ``game`` and the fields its description names."""
    cls = GAMES[game].state_class
    out = {}
    for etype, text in (getattr(cls, "EVENT_TYPES", {}) or {}).items():
        head = str(text).split(":", 1)[0]
        out[etype] = {f.strip() for f in head.split(",") if f.strip()} | MARKS
    return out


class _Check:
    def __init__(self, chk: Checker, game: str):
        self.chk, self.game = chk, game
        self.events = _event_fields(game) if game != BOX else {}

    def number(self, v, where: str, lo: int = 0) -> None:
        if is_int(v):
            self.chk.int(v, where, lo, 10 ** 6)
            return
        m = self.chk.mapping(v, where)
        if not m or set(m) - {"at_least", "at_most"}:
            self.chk.fail(where, "expected a number or {at_least: N} / {at_most: N}")
        for k, x in m.items():
            self.chk.int(x, f"{where}.{k}", -10 ** 6, 10 ** 6)

    def matcher(self, v, where: str) -> None:
        if isinstance(v, dict):
            if len(v) != 1 or set(v) - MATCHERS:
                self.chk.fail(where, f"expected one of {', '.join(sorted(MATCHERS))}")
            k, x = next(iter(v.items()))
            if k in ("at_least", "at_most", "size_at_least"):
                self.chk.int(x, f"{where}.{k}", -10 ** 6, 10 ** 6)
            elif k == "any_of":
                self.chk.seq(x, f"{where}.any_of")
            elif k == "mine" and not isinstance(x, bool):
                self.chk.fail(f"{where}.mine", "expected true or false")
        elif isinstance(v, list):
            self.chk.fail(where, "a list here must be {any_of: [...]}")

    def event_filter(self, body, where: str, word: str) -> None:
        allowed = {"event", "who", "owner", "where", "at_least", "at_most", "field"}
        body = self.chk.mapping(body, where)
        if set(body) - allowed:
            self.chk.fail(where, f"unknown key(s): {', '.join(sorted(set(body) - allowed))}")
        if not self.events:
            self.chk.fail(where, "events are counted only in a game's own achievements")
        etype = self.chk.str(self.chk.key(body, "event", where), where + ".event",
                             sorted(self.events))
        fields = self.events[etype]
        if body.get("who", "anyone") not in ("me", "other", "anyone"):
            self.chk.fail(where + ".who", "expected me, other or anyone")
        owner = body.get("owner")
        if owner is not None:
            owner = self.chk.mapping(owner, where + ".owner")
            if set(owner) - {"event", "field"}:
                self.chk.fail(where + ".owner", "expected {event: TYPE, field: FIELD}")
            otype = self.chk.str(self.chk.key(owner, "event", where + ".owner"),
                                 where + ".owner.event", sorted(self.events))
            self.chk.str(owner.get("field", "seat"), where + ".owner.field",
                         sorted(self.events[otype]))
        for f, m in self.chk.mapping(body.get("where", {}), where + ".where").items():
            if f not in fields:
                self.chk.fail(f"{where}.where.{f}", f"'{etype}' events have no field '{f}' "
                                                     f"(they have: {', '.join(sorted(fields - MARKS))})")
            self.matcher(m, f"{where}.where.{f}")
        for k in ("at_least", "at_most"):
            if k in body:
                self.chk.int(body[k], f"{where}.{k}", 0, 10 ** 6)
        if word == "sum":
            self.chk.str(self.chk.key(body, "field", where), where + ".field", sorted(fields))
        elif "field" in body:
            self.chk.fail(where + ".field", "only a sum names a field")
        if word == "streak" and "at_most" in body:
            self.chk.fail(where + ".at_most", "a streak counts up (at_least)")

    def game_cond(self, cond, where: str) -> None:
        cond = self.chk.mapping(cond, where)
        if len(cond) != 1:
            self.chk.fail(where, "expected one condition word a mapping")
        word, body = next(iter(cond.items()))
        at = f"{where}.{word}"
        if word not in GAME_WORDS:
            extra = " (across games only as an entry's whole condition)" if word in HISTORY_WORDS else ""
            self.chk.fail(where, f"unknown condition '{word}'{extra}")
        if word == "won" and not isinstance(body, bool):
            self.chk.fail(at, "expected true or false")
        elif word in ("place", "score", "margin", "players"):
            self.number(body, at, lo=-10 ** 6)
        elif word == "variant":
            self.matcher(body, at)
        elif word == "option":
            for k in self.chk.mapping(body, at):
                if self.game != BOX and k not in {o["id"] for o in GAMES[self.game].options}:
                    self.chk.fail(f"{at}.{k}", f"{self.game} has no option '{k}'")
        elif word == "opponents":
            body = self.chk.mapping(body, at)
            from ...ai import LEVELS
            self.chk.str(self.chk.key(body, "level", at), at + ".level", LEVELS)
            if not isinstance(body.get("all", False), bool) or set(body) - {"level", "all"}:
                self.chk.fail(at, "expected {level: L, all: true|false}")
        elif word in COUNTERS:
            self.event_filter(body, at, word)
        elif word in ("all", "any"):
            for i, c in enumerate(self.chk.seq(body, at)):
                self.game_cond(c, f"{at}[{i}]")
        elif word == "not":
            self.game_cond(body, at)

    def top(self, cond, where: str) -> None:
        cond = self.chk.mapping(cond, where)
        if len(cond) != 1:
            self.chk.fail(where, "expected one condition word a mapping")
        word, body = next(iter(cond.items()))
        at = f"{where}.{word}"
        if word in ("daily_streak", "daily_days"):
            self.chk.int(body, at, 1, 10000)
        elif word in ("total", "distinct"):
            body = self.chk.mapping(body, at)
            if set(body) - {"of", "at_least", "key"}:
                self.chk.fail(at, f"unknown key(s): {', '.join(sorted(set(body) - {'of', 'at_least', 'key'}))}")
            self.chk.int(self.chk.key(body, "at_least", at), at + ".at_least", 1, 10000)
            if word == "distinct":
                self.chk.str(self.chk.key(body, "key", at), at + ".key", ["game", "variant"])
            elif "key" in body:
                self.chk.fail(at + ".key", "only distinct has a key")
            if "of" in body:
                self.game_cond(body["of"], at + ".of")
        else:
            self.game_cond(cond, where)


def load(path=None) -> list[Achievement]:
    """Every achievement of the data file, checked (DataError naming file and entry)."""
    path = path or resource_path("data", "achievements.yaml")
    chk = Checker(display_name(path))
    raw = chk.mapping(load_yaml(path), "top level")
    if set(raw) - {"achievements"}:
        chk.fail("top level", "expected only 'achievements'")
    out, seen = [], set()
    for i, e in enumerate(chk.seq(chk.key(raw, "achievements", "top level"), "achievements")):
        where = f"achievements[{i}]"
        e = chk.mapping(e, where)
        unknown = set(e) - {"id", "game", "icon", "hidden", "when"}
        if unknown:
            chk.fail(where, f"unknown key(s): {', '.join(sorted(map(str, unknown)))}")
        aid = chk.str(chk.key(e, "id", where), where + ".id")
        if not (aid.replace("_", "").isalnum() and aid.isascii() and aid.islower() and len(aid) <= 40):
            chk.fail(where + ".id", f"'{aid}' must be lower-case letters, digits and _")
        if aid in seen:
            chk.fail(where + ".id", f"'{aid}' is given twice")
        seen.add(aid)
        where = f"achievements[{i}] ({aid})"
        game = chk.str(chk.key(e, "game", where), where + ".game",
                       [g for g, info in GAMES.items() if info.available] + [BOX])
        icon = chk.str(chk.key(e, "icon", where), where + ".icon")
        if ".." in icon or icon.startswith("/") or not icon.endswith(".svg") \
                or not resource_path("sprites", *icon.split("/")).is_file():
            chk.fail(where + ".icon", f"no SVG file sprites/{icon}")
        hidden = e.get("hidden", False)
        if not isinstance(hidden, bool):
            chk.fail(where + ".hidden", "expected true or false")
        when = e.get("when")
        _Check(chk, game).top(when, where + ".when")
        out.append(Achievement(aid, game, icon, hidden, when))
    return out


_catalog: list | None = None
_problem: str | None = None


def catalog() -> list[Achievement]:
    """The achievements (read once); [] when the data file is damaged (see ``problem()``)."""
    global _catalog, _problem
    if _catalog is None:
        try:
            _catalog = load()
        except DataError as exc:
            _catalog, _problem = [], str(exc)
    return _catalog


def problem() -> str | None:
    """The data file's error, if it could not be used."""
    catalog()
    return _problem


def by_id(aid: str) -> Achievement | None:
    return next((a for a in catalog() if a.id == aid), None)


# ---- one game, one seat ------------------------------------------------------------------------------

class Seen:
    """One finished game as one person's seat saw it."""

    def __init__(self, seat: int, events: list, result: dict, seats: list[dict]):
        self.seat, self.events, self.result, self.seats = seat, events, result, seats
        self.game = result.get("game")
        self.variant = result.get("variant")
        self.players = int(result.get("players") or len(seats))
        self.options = dict(result.get("options") or {})
        self.winners = list(result.get("winners") or [])
        self.scores = list(result.get("scores") or [])

    @property
    def score(self):
        s = self.scores[self.seat] if self.seat < len(self.scores) else None
        return s if is_number(s) else None

    @property
    def place(self) -> int:
        order = list(self.result.get("ranking") or range(self.players))
        place, prev = 0, None
        for k, s in enumerate(order):
            key = (s in self.winners, self.scores[s] if s < len(self.scores) else None)
            if key != prev:
                place, prev = k + 1, key
            if s == self.seat:
                return place
        return self.players


def _num_ok(v, spec) -> bool:
    if v is None:
        return False
    if is_int(spec):
        return v == spec
    return v >= spec.get("at_least", -10 ** 9) and v <= spec.get("at_most", 10 ** 9)


def _is_mine(v, seat: int) -> bool:
    if is_int(v):
        return v == seat
    if isinstance(v, str):
        return v.split("-", 1)[0] == str(seat) and "-" in v
    if isinstance(v, list):
        return any(_is_mine(x, seat) for x in v)
    return False


def _match(v, m, seat: int) -> bool:
    if not isinstance(m, dict):
        return v == m and type(v) is type(m) or (m is None and v is None)
    k, x = next(iter(m.items()))
    if k == "any_of":
        return any(v == y for y in x)
    if k == "not":
        return v != x
    if k == "mine":
        return _is_mine(v, seat) == x
    if k == "size_at_least":
        return isinstance(v, (list, dict, str)) and len(v) >= x
    if not is_number(v):
        return False
    return v >= x if k == "at_least" else v <= x


def _owned(body: dict, seen: Seen):
    """The events of the filter's type with their owner, in order."""
    etype, owner = body["event"], body.get("owner")
    last = None
    for e in seen.events:
        if not isinstance(e, dict):
            continue
        if owner is not None and e.get("type") == owner["event"]:
            o = e.get(owner.get("field", "seat"))
            last = o if is_int(o) else None
        if e.get("type") != etype:
            continue
        who = last if owner is not None else e.get("seat")
        yield e, who


def _picked(body: dict, seen: Seen):
    whom = body.get("who", "anyone")
    for e, who in _owned(body, seen):
        if whom == "me" and who != seen.seat:
            continue
        if whom == "other" and (who is None or who == seen.seat):
            continue
        yield e


def _where(e: dict, body: dict, seat: int) -> bool:
    return all(_match(e.get(f), m, seat) for f, m in (body.get("where") or {}).items())


def counter(word: str, body: dict, seen: Seen) -> int:
    """The value a count, streak or sum reaches in this game."""
    seat = seen.seat
    if word == "count":
        return sum(1 for e in _picked(body, seen) if _where(e, body, seat))
    if word == "sum":
        total = 0
        for e in _picked(body, seen):
            v = e.get(body["field"])
            if _where(e, body, seat) and is_number(v):
                total += v
        return int(total)
    best = run = 0
    for e in _picked(body, seen):
        run = run + 1 if _where(e, body, seat) else 0
        best = max(best, run)
    return best


def holds(cond: dict, seen: Seen) -> bool:
    """Whether a game condition holds for this seat's game."""
    word, body = next(iter(cond.items()))
    if word == "won":
        return (seen.seat in seen.winners) == body
    if word == "place":
        return _num_ok(seen.place, body)
    if word == "score":
        return _num_ok(seen.score, body)
    if word == "margin":
        others = [s for i, s in enumerate(seen.scores) if i != seen.seat and is_number(s)]
        return bool(others) and seen.score is not None and _num_ok(seen.score - max(others), body)
    if word == "players":
        return _num_ok(seen.players, body)
    if word == "variant":
        return _match(seen.variant, body, seen.seat)
    if word == "option":
        return all(seen.options.get(k) == v for k, v in body.items())
    if word == "opponents":
        others = [s for i, s in enumerate(seen.seats) if i != seen.seat]
        hit = [s.get("kind") == "computer" and s.get("level") == body["level"] for s in others]
        return bool(others) and (all(hit) if body.get("all") else any(hit))
    if word in COUNTERS:
        n = counter(word, body, seen)
        return n >= body.get("at_least", 1) and n <= body.get("at_most", 10 ** 9)
    if word == "all":
        return all(holds(c, seen) for c in body)
    if word == "any":
        return any(holds(c, seen) for c in body)
    if word == "not":
        return not holds(body, seen)
    return False


# ---- the store ---------------------------------------------------------------------------------------

def _check_store(raw) -> tuple[dict, bool]:
    players = jsonstore.top(raw, "players", dict)
    out, good = {}, len(players) <= MAX_PLAYERS
    for name, p in list(players.items())[:MAX_PLAYERS]:
        cname = clean_name(name)
        if cname is None or not isinstance(p, dict):
            good = False
            continue
        earned = {k: v for k, v in (p.get("earned") or {}).items()
                  if isinstance(k, str) and len(k) <= 40 and is_int(v) and 0 <= v < 2 ** 40}
        progress = {k: v for k, v in (p.get("progress") or {}).items()
                    if isinstance(k, str) and len(k) <= 40 and is_int(v) and 0 <= v < 10 ** 7}
        keys = {k: [x for x in v if isinstance(x, str) and len(x) <= 40][:20]
                for k, v in (p.get("keys") or {}).items()
                if isinstance(k, str) and len(k) <= 40 and isinstance(v, list)}
        good = good and len(earned) == len(p.get("earned") or {}) \
            and len(progress) == len(p.get("progress") or {}) and len(keys) == len(p.get("keys") or {})
        out[cname] = {"earned": earned, "progress": progress, "keys": keys}
    return out, good


def load_store() -> tuple[dict, str | None]:
    data, message = jsonstore.read(FILE, _check_store, MAX_BYTES)
    return data or {}, message


def _save_store(players: dict) -> str | None:
    if len(players) > MAX_PLAYERS:      # the players not seen for longest go first
        ranked = sorted(players, key=lambda n: max(players[n]["earned"].values() or [0]))
        for n in ranked[:len(players) - MAX_PLAYERS]:
            del players[n]
    return jsonstore.write(FILE, {"version": jsonstore.VERSION, "players": players})


def status(name: str) -> list[tuple[Achievement, int | None, int | None]]:
    """Each achievement for ``name``: (achievement, when earned or None, progress or None)."""
    store, _ = load_store()
    p = store.get(name) or {"earned": {}, "progress": {}, "keys": {}}
    out = []
    for a in catalog():
        prog = p["progress"].get(a.id)
        if a.id in p["keys"]:
            prog = len(p["keys"][a.id])
        out.append((a, p["earned"].get(a.id), prog if a.target else None))
    return out


def award(run, people: list[tuple[int, str]], when: float | None = None,
          daily_of=None) -> tuple[dict, str | None]:
    """Check every achievement for each person ``(seat, name)`` of a finished game's ``run``
    (``replay.Run``); keep what they earned and how far they got.  ``daily_of(name)`` gives
    (days running, days in all) of their deals of the day.  Returns ({name: [newly earned]},
    a message when the file was damaged or cannot be written)."""
    result = dict(run.result or {})
    result.setdefault("options", run.record.get("options"))
    return award_streams(run.game_id, result, run.seats,
                         [(seat, name, run.stream(seat)) for seat, name in people], when, daily_of)


def award_streams(game_id: str, result: dict, seats: list, people: list,
                  when: float | None = None, daily_of=None) -> tuple[dict, str | None]:
    """``award`` from what each person's seat was given: ``people`` is a list of ``(seat,
    name, events)`` (a guest at an online table has only its own seat's events and the
    table's result: its app checks its achievements from those)."""
    items = catalog()
    if not items or not people:
        return {}, None
    store, message = load_store()
    stamp = int(time.time() if when is None else when)
    new: dict = {}
    for seat, name, stream in people:
        name = clean_name(name)
        if name is None:
            continue
        seen = Seen(seat, list(stream), result, seats)
        p = store.setdefault(name, {"earned": {}, "progress": {}, "keys": {}})
        streak, days = daily_of(name) if daily_of is not None else (0, 0)
        for a in items:
            if a.game not in (BOX, game_id):
                continue
            met, value = _evaluate(a, seen, p, streak, days)
            if value is not None and a.word not in ("distinct",):
                p["progress"][a.id] = max(int(value), p["progress"].get(a.id, 0)) \
                    if a.word in COUNTERS else int(value)
            if met and a.id not in p["earned"]:
                p["earned"][a.id] = stamp
                new.setdefault(name, []).append(a)
    problem_ = _save_store(store)
    return new, problem_ or message


def _of(body: dict, seen: Seen) -> bool:
    """An across-games condition's ``of`` for this game (none: every finished game)."""
    return "of" not in body or holds(body["of"], seen)


def _evaluate(a: Achievement, seen: Seen, p: dict, streak: int, days: int):
    """(met, progress value or None) of one achievement for one seat's game."""
    word, body = a.word, a.when[a.word]
    if word == "daily_streak":
        return streak >= body, streak
    if word == "daily_days":
        return days >= body, days
    if word == "total":
        n = p["progress"].get(a.id, 0) + (1 if _of(body, seen) else 0)
        return n >= body["at_least"], n
    if word == "distinct":
        keys = p["keys"].setdefault(a.id, [])
        if _of(body, seen):
            key = str(seen.game if body["key"] == "game" else seen.variant)
            if key not in keys:
                keys.append(key)
        return len(keys) >= body["at_least"], len(keys)
    if word in COUNTERS:
        value = counter(word, body, seen)
        return holds(a.when, seen), value
    return holds(a.when, seen), None
