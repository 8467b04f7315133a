"""The guided first game (coach marks), without pygame.

A guide is ``data/coach/<game>.yaml``: a seeded table and an ordered list of steps, each a
catalog key (the words live in ``data/i18n/<lang>/coach.yaml``) and what ends it:

    game: moles
    seed: 11                # the deal of the guided game
    players: 2
    seats: [human, computer]   # seat by seat; exactly one person
    level: beginner         # the computers' level
    variant: null           # optional, like options: {}
    steps:
      - text: coach.moles.welcome
        until: next                     # the player presses Next
      - text: coach.moles.place
        until: {action: [place]}        # the person makes a move of one of these types
        light: [point]                  # board targets (kinds) lit; default: the targets
                                        # whose action is of an awaited type
      - text: coach.moles.watch
        until: {event: [round]}         # anyone's move brings one of these events
        times: 4                        # optional: the awaited move happens 4 times

The last step is always ``until: next``: the player's own game goes on from there.  The
coach never makes or invents a move: the person plays the real moves through the normal play
screen; the coach only explains and lights targets the rules already offer.

Undo stays allowed: every step remembers how many moves had been played when it began, so a
take-back returns to the step the position belongs to (``on_undo``).

A broken or hostile file raises DataError naming the file and the step; ``load_or_problem``
turns that into a sentence, so a broken guide only means no guide.
"""
from __future__ import annotations

import logging

from dataclasses import dataclass, field

from .. import i18n
from ..io.paths import resource_path
from ..io.data import Checker, DataError, display_name, load_yaml

log = logging.getLogger(__name__)

MAX_STEPS = 12
KINDS = ("human", "computer")


@dataclass
class Step:
    text: str                       # catalog key
    until: str = "next"             # "next", "action" or "event"
    types: frozenset = frozenset()  # the awaited action or event types
    light: tuple | None = None      # target kinds to light (None: by the awaited actions)
    times: int = 1                  # how often the awaited action or event must happen


@dataclass
class Guide:
    game: str
    seed: int
    players: int
    seats: list
    level: str
    variant: str | None = None
    options: dict = field(default_factory=dict)
    steps: list = field(default_factory=list)

    @property
    def human(self) -> int:
        return self.seats.index("human")


def guide_path(game_id: str):
    return resource_path("data", "coach", f"{game_id}.yaml")


def load_guide(game_id: str, path=None) -> Guide:
    """``game_id``'s guide, checked; DataError naming the file and entry otherwise."""
    from ..ai import LEVELS
    from ..rules import GAMES
    path = path or guide_path(game_id)
    chk = Checker(display_name(path))
    data = chk.mapping(load_yaml(path), "(top)")
    allowed = {"game", "seed", "players", "seats", "level", "variant", "options", "steps"}
    unknown = sorted(str(k) for k in set(data) - allowed)
    if unknown:
        chk.fail("(top)", f"unknown key '{unknown[0]}' (allowed: {', '.join(sorted(allowed))})")
    chk.str(chk.key(data, "game", "(top)"), "game", choices=[game_id])
    info = GAMES.get(game_id)
    if info is None:
        chk.fail("game", f"'{game_id}' is not a game of this collection")
    seed = chk.int(chk.key(data, "seed", "(top)"), "seed", 0, 2 ** 31 - 1)
    players = chk.int(chk.key(data, "players", "(top)"), "players", info.min_players,
                      info.max_players)
    seats = chk.seq(chk.key(data, "seats", "(top)"), "seats")
    if len(seats) != players:
        chk.fail("seats", f"has {len(seats)} seats for {players} players")
    for i, s in enumerate(seats):
        chk.str(s, f"seats[{i}]", choices=KINDS)
    if seats.count("human") != 1:
        chk.fail("seats", "needs exactly one 'human' seat (the player being guided)")
    level = chk.str(data.get("level", "beginner"), "level", choices=LEVELS)
    variant = data.get("variant")
    if variant is not None:
        chk.str(variant, "variant", choices=[v["id"] for v in info.variants] or ["(none)"])
    options = chk.mapping(data.get("options") or {}, "options")
    known = {o["id"] for o in info.options}
    for k in options:
        if k not in known:
            chk.fail(f"options.{k}", f"not an option of {game_id}")
    raw_steps = chk.seq(chk.key(data, "steps", "(top)"), "steps")
    if not 2 <= len(raw_steps) <= MAX_STEPS:
        chk.fail("steps", f"has {len(raw_steps)} steps; 2 to {MAX_STEPS} make a short guide")
    steps = [_step(chk, raw, f"steps[{i}]") for i, raw in enumerate(raw_steps)]
    if steps[-1].until != "next":
        chk.fail(f"steps[{len(steps) - 1}]", "the last step ends with 'until: next' "
                 "(the player's own game goes on from there)")
    return Guide(game_id, seed, players, list(seats), level, variant, dict(options), steps)


def _step(chk: Checker, raw, where: str) -> Step:
    step = chk.mapping(raw, where)
    unknown = sorted(str(k) for k in set(step) - {"text", "until", "light", "times"})
    if unknown:
        chk.fail(where, f"unknown key '{unknown[0]}' (allowed: text, until, light, times)")
    times = chk.int(step.get("times", 1), f"{where}.times", 1, 20)
    text = chk.str(chk.key(step, "text", where), f"{where}.text")
    if not i18n.has(text):
        chk.fail(f"{where}.text", f"'{text}' is not a key of the catalogs "
                 "(data/i18n/en/coach.yaml)")
    until = chk.key(step, "until", where)
    light = step.get("light")
    if light is not None:
        light = tuple(chk.str(k, f"{where}.light[{j}]")
                      for j, k in enumerate(chk.seq(light, f"{where}.light")))
    if until == "next":
        if times != 1:
            chk.fail(f"{where}.times", "a step closed with Next happens once")
        return Step(text, "next", frozenset(), light)
    until = chk.mapping(until, f"{where}.until")
    if len(until) != 1 or next(iter(until)) not in ("action", "event"):
        chk.fail(f"{where}.until", "expected 'next', {action: [types]} or {event: [types]}")
    kind, types = next(iter(until.items()))
    types = chk.seq(types, f"{where}.until.{kind}")
    if not types:
        chk.fail(f"{where}.until.{kind}", "names no type")
    return Step(text, kind, frozenset(chk.str(t, f"{where}.until.{kind}[{j}]")
                                      for j, t in enumerate(types)), light, times)


def load_or_problem(game_id: str, path=None) -> tuple[Guide | None, str]:
    """The guide, or None and a sentence the player can read."""
    try:
        return load_guide(game_id, path), ""
    except DataError as exc:
        return None, i18n.tr("coach.broken", problem=str(exc))
    except Exception as exc:  # noqa: BLE001 - a hostile file never stops the app
        log.warning("load_or_problem: fell back after an error", exc_info=True)
        return None, i18n.tr("coach.broken", problem=f"{type(exc).__name__}")


def has_guide(game_id: str) -> bool:
    try:
        return guide_path(game_id).is_file()
    except OSError:
        return False


class Coach:
    """Where the player is in a guide.  The play screen tells it every move (``observe``) and
    every take-back (``on_undo``); the player presses Next (``next``) or Skip (``skip``)."""

    def __init__(self, guide: Guide):
        self.guide = guide
        self.index = 0
        self.moves = 0                  # moves played since the guide began
        self.entered = [0]              # self.moves when each step up to index began
        self.hits: list[list[int]] = [[]]   # per step: the moves that brought what it awaits
        self.active = True

    @property
    def step(self) -> Step | None:
        return self.guide.steps[self.index] if self.active else None

    @property
    def last(self) -> bool:
        return self.index == len(self.guide.steps) - 1

    @property
    def waiting_for_next(self) -> bool:
        """A step the player reads and closes with Next: the computers wait meanwhile."""
        s = self.step
        return s is not None and s.until == "next"

    def text(self) -> str:
        s = self.step
        return i18n.tr(s.text) if s is not None else ""

    def _advance(self) -> None:
        if self.last:
            self.active = False
            return
        self.index += 1
        self.entered.append(self.moves)
        self.hits.append([])

    def next(self) -> None:
        if self.waiting_for_next:
            self._advance()

    def skip(self) -> None:
        self.active = False

    def observe(self, action, events, human: bool) -> None:
        """A move was played (``human``: by the person being guided)."""
        self.moves += 1
        if not self.active:
            return
        atype = action.get("type") if isinstance(action, dict) else None
        etypes = {e.get("type") for e in events or [] if isinstance(e, dict)}
        if human:                         # the person played on instead of pressing Next
            while self.waiting_for_next and not self.last:
                self._advance()
        s = self.step
        if s is None:
            return
        if (s.until == "action" and human and atype in s.types) or \
                (s.until == "event" and etypes & s.types):
            self.hits[self.index].append(self.moves)
            if len(self.hits[self.index]) >= s.times:
                self._advance()
                s = self.step          # the same move may already bring what the next awaits
                while s is not None and s.until == "event" and etypes & s.types and s.times == 1:
                    self.hits[self.index].append(self.moves)
                    self._advance()
                    s = self.step

    def on_undo(self) -> None:
        """One move was taken back: back to the step that position belongs to."""
        self.moves = max(0, self.moves - 1)
        if not self.active:
            return
        while len(self.entered) > 1 and self.entered[-1] > self.moves:
            self.entered.pop()
            self.hits.pop()
            self.index -= 1
        self.hits = [[m for m in h if m <= self.moves] for h in self.hits]

    def lit(self, targets: list, chosen=()) -> list:
        """The board targets this step talks about (from those the screen offers now): those
        of the step's ``light`` kinds until a target that makes the awaited move is on offer
        (a picked piece's destinations, Confirm), then that one.  ``chosen``: the keys of
        targets the player has already picked for the move being built (Hamster's cells): they
        are not ringed, only what is still to choose."""
        s = self.step
        if s is None:
            return []
        chosen = {str(k) for k in chosen or ()}
        out, finishing = [], []
        for t in targets:
            if not getattr(t, "enabled", False) or str(t.key) in chosen:
                continue
            act = t.action if isinstance(t.action, dict) else {}
            if s.until == "action" and act.get("type") in s.types:
                finishing.append(t)
            if s.light is not None:
                if t.kind in s.light or act.get("type") in s.light:
                    out.append(t)
            elif s.until == "action" and act.get("type") in s.types:
                out.append(t)
        if s.light is not None and finishing:
            # a piece picked (its destinations on offer), the cells chosen (Confirm on offer):
            # ring the click that makes the awaited move
            return finishing
        return out


def new_session(game_id: str, guide: Guide | None = None):
    """A LocalSession for the guided game, with its ``coach``; ValueError if it cannot be."""
    from ..rules import new_game
    from .session import LocalSession
    from .views import needs_curtain
    if guide is None:
        guide, problem = load_or_problem(game_id)
        if guide is None:
            raise ValueError(problem)
    seats = []
    for i, kind in enumerate(guide.seats):
        name = i18n.tr("seat.player_n" if kind == "human" else "seat.computer_n", number=i + 1)
        seats.append({"name": name, "colour": i, "kind": kind, "level": guide.level})
    try:
        state = new_game(game_id, guide.players, seed=guide.seed, variant=guide.variant,
                         options=dict(guide.options) or None)
    except Exception as exc:  # noqa: BLE001 - an option value the rules refuse: no guide
        raise ValueError(i18n.tr("coach.broken", problem=f"{guide_path(game_id).name}: {exc}")) \
            from None
    session = LocalSession(game_id, seats, state, curtain=needs_curtain(game_id))
    session.coach = Coach(guide)
    return session
