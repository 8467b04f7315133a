"""Hamster Burrow (seed 004): a roll-and-write; every player fills the chambers of a burrow
sheet with crosses, all using the same die roll.

The sheet (chambers, tunnels, mushrooms, nuts, the 1-row and the timer) comes from
``data/hamster/side_a.yaml`` / ``side_b.yaml`` (see ``load_sheet``); the variant picks the side.
Cells are grid points ``(x, y)``; inside the rules each chamber keeps its cells sorted by
``(y, x)`` and a player's crosses in a chamber are a bit mask over that list.

Turn structure (one decision per action, see /work/notes/HAMSTER.md):
  roll    - the roller (seat ``turn % players``) rolls the die (chance)
  choose  - every seat, starting at the roller, crosses a legal set of cells or passes
then the turn ends: timer activation check, game-end check, next roll.

Decisions are simultaneous in the rulebook: what a seat crossed for the current roll (and the
1-row slots it spent) stays out of every other seat's view until the turn ends.

Timer (multi-player): after the turn in which a player makes a first cross in their 4th
chamber, the timer is active; from the next roll on a 4+ crosses a box first; the roll that
crosses the last box is still played by everybody, then the game is over.  Solo: the timer runs twice - pass 1 from the start
(a 4+ circles a box); pass 2 (a 4+ crosses a box) starts after the turn that completes pass 1 or
in which the player made a first cross in their 4th chamber; the game ends after the turn that
crosses the last box of pass 2.  In the view, ``timer.active`` is True in solo from the start
(the timer always runs) and ``timer.pass`` says which pass; in multi-player ``pass`` is None.
"""
from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

from ..io.paths import resource_path
from .base import GameState, Rec, Record
from ..io.data import Checker, DataError, display_name, load_yaml

SIDES = {"A": ("data", "hamster", "side_a.yaml"), "B": ("data", "hamster", "side_b.yaml")}
CHAMBER_COUNT = 8
NUT_COUNT = 4
MAX_ONES = 7                # a roll of 1 crosses at most this many cells
MAX_CHAMBER_CELLS = 12      # legal sets are enumerated over bit masks of a chamber's cells
SET_CACHE = 4096            # remembered answers of a chamber's legal sets (then forgotten)
STEPS = ("roll", "choose", "over")


# ------------------------------------------------------------------------------------------
# the sheet
# ------------------------------------------------------------------------------------------
class Chamber:
    """One chamber with its precomputed tables (immutable once built)."""

    def __init__(self, index: int, cid: str, name: str, points: int, start: bool, cells: list):
        self.index = index
        self.id = cid
        self.name = name
        self.points = points
        self.start = start
        self.cells = sorted(cells, key=lambda p: (p[1], p[0]))    # (x, y) tuples
        self.bit = {p: 1 << i for i, p in enumerate(self.cells)}
        n = len(self.cells)
        self.full = (1 << n) - 1
        adj = []
        for (x, y) in self.cells:
            m = 0
            for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                m |= self.bit.get(q, 0)
            adj.append(m)
        self.adj = adj
        # neighbours of every mask (cells next to it, inside the chamber)
        nbr = [0] * (1 << n)
        for m in range(1, 1 << n):
            low = m & -m
            i = low.bit_length() - 1
            nbr[m] = nbr[m ^ low] | adj[i]
        self.nbr = nbr
        # connected subsets by size
        by_size: list = [[] for _ in range(n + 1)]
        for m in range(1, 1 << n):
            if self._connected(m):
                by_size[bin(m).count("1")].append(m)
        self.by_size = by_size
        # the same as (chamber index, mask) pairs, made once and shared by every legal list
        self.pairs_by_size = [[(index, m) for m in ms] for ms in by_size]
        self.mushrooms = 0           # masks, filled in by the sheet
        self.nuts = 0
        self.entries: list = []      # (far bit here, other chamber index, near bit there)
        self._cells_of: dict = {}
        self._texts: dict = {}
        # (marks, anchors, size or -largest size of a 1) -> (((index, mask), ...),
        # ((cells_of, describe), ...)), bounded
        self._sets: dict = {}

    def _connected(self, m: int) -> bool:
        low = m & -m
        seen = low
        while True:
            grown = (seen | self.nbr[seen]) & m
            if grown == seen:
                return seen == m
            seen = grown

    def describe(self, mask: int) -> str:
        """'3 cells in the Den: (4,3) (5,3) (6,3)' (cached)."""
        got = self._texts.get(mask)
        if got is None:
            cells = self.cells_of(mask)
            got = (f"{_plural(len(cells), 'cell')} in the {self.name}: "
                   + " ".join(f"({x},{y})" for x, y in cells))
            self._texts[mask] = got
        return got

    def cells_of(self, mask: int) -> list:
        """The cells of ``mask`` as (x, y) tuples in (y, x) order (cached)."""
        got = self._cells_of.get(mask)
        if got is None:
            got = tuple(p for i, p in enumerate(self.cells) if mask >> i & 1)
            self._cells_of[mask] = got
        return got


class Sheet:
    """The validated contents of a side's YAML file."""

    def __init__(self, side, name, size, one_row, timer, nut_points, chambers, tunnels,
                 mushrooms, nuts, short_timer: int | None = None):
        self.side = side
        self.name = name
        self.size = size
        self.one_row = one_row
        self.timer = timer
        self.short_timer = short_timer if short_timer is not None else timer
        self.nut_points = nut_points
        self.chambers: list[Chamber] = chambers
        self.tunnels = tunnels          # [(chamber index, cell, chamber index, cell)]
        self.mushrooms = mushrooms      # [(x, y)]
        self.nuts = nuts
        self.cell_chamber = {p: c.index for c in chambers for p in c.cells}
        self.start = next(c.index for c in chambers if c.start)
        self.by_id = {c.id: c for c in chambers}
        for c in chambers:
            c.mushrooms = sum(c.bit.get(p, 0) for p in mushrooms)
            c.nuts = sum(c.bit.get(p, 0) for p in nuts)
        for a, pa, b, pb in tunnels:
            ca, cb = chambers[a], chambers[b]
            ca.entries.append((ca.bit[pa], b, cb.bit[pb]))
            cb.entries.append((cb.bit[pb], a, ca.bit[pa]))

    def to_view(self) -> dict:
        return {
            "side": self.side, "name": self.name, "size": list(self.size),
            "chambers": [{"id": c.id, "name": c.name, "points": c.points, "start": c.start,
                          "cells": [[x, y] for x, y in c.cells]} for c in self.chambers],
            "tunnels": [[self.chambers[a].id, list(pa), self.chambers[b].id, list(pb)]
                        for a, pa, b, pb in self.tunnels],
            "mushrooms": [list(p) for p in self.mushrooms],
            "nuts": [list(p) for p in self.nuts],
            "one_row": self.one_row, "timer": self.timer, "short_timer": self.short_timer,
            "nut_points": list(self.nut_points),
        }


def load_sheet(path: str | Path | None = None, side: str = "A") -> Sheet:
    """Load and validate one side; every problem is a DataError naming file and entry."""
    path = Path(path) if path else resource_path(*SIDES[side])
    name = display_name(path)
    chk = Checker(name)
    raw = chk.mapping(load_yaml(path), "top level")

    side_id = chk.str(chk.key(raw, "side", "top level"), "side", ["A", "B"])
    title = chk.str(chk.key(raw, "name", "top level"), "name")
    size = chk.seq(chk.key(raw, "size", "top level"), "size")
    if len(size) != 2:
        chk.fail("size", "expected [columns, rows]")
    cols = chk.int(size[0], "size[0]", 3, 20)
    rows = chk.int(size[1], "size[1]", 3, 20)
    one_row = chk.int(chk.key(raw, "one_row", "top level"), "one_row", 1, 12)
    timer = chk.int(chk.key(raw, "timer", "top level"), "timer", 1, 10)
    short_timer = chk.int(chk.key(raw, "short_timer", "top level"), "short_timer", 1, timer)
    nut_points = chk.seq(chk.key(raw, "nut_points", "top level"), "nut_points")
    if len(nut_points) != NUT_COUNT:
        chk.fail("nut_points", f"expected {NUT_COUNT} numbers (for 1 to {NUT_COUNT} nuts), "
                 f"found {len(nut_points)}")
    nut_points = [chk.int(v, f"nut_points[{i}]", 0, 100) for i, v in enumerate(nut_points)]

    def cell(v, entry):
        if (not isinstance(v, list) or len(v) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
            chk.fail(entry, f"expected a cell [x, y], found {v!r}")
        if not (0 <= v[0] < cols and 0 <= v[1] < rows):
            chk.fail(entry, f"cell {v} lies outside the {cols}x{rows} grid")
        return (v[0], v[1])

    chambers_raw = chk.seq(chk.key(raw, "chambers", "top level"), "chambers")
    if len(chambers_raw) != CHAMBER_COUNT:
        chk.fail("chambers", f"expected {CHAMBER_COUNT} chambers, found {len(chambers_raw)}")
    owner: dict = {}        # cell -> chamber id
    ids: dict = {}          # id -> index
    chambers = []
    for i, cr in enumerate(chambers_raw):
        where = f"chambers[{i}]"
        chk.mapping(cr, where)
        cid = chk.str(chk.key(cr, "id", where), where + ".id")
        if cid in ids:
            chk.fail(where + ".id", f"the chamber id '{cid}' is used twice")
        ids[cid] = i
        where = f"chambers[{i}] ({cid})"
        cname = chk.str(chk.key(cr, "name", where), where + ".name")
        points = chk.int(chk.key(cr, "points", where), where + ".points", 0, 50)
        start = cr.get("start", False)
        if not isinstance(start, bool):
            chk.fail(where + ".start", f"expected true or false, found {start!r}")
        cells_raw = chk.seq(chk.key(cr, "cells", where), where + ".cells")
        if not 1 <= len(cells_raw) <= MAX_CHAMBER_CELLS:
            chk.fail(where + ".cells", f"a chamber needs 1 to {MAX_CHAMBER_CELLS} cells, "
                     f"found {len(cells_raw)}")
        cells = []
        for j, v in enumerate(cells_raw):
            p = cell(v, f"{where}.cells[{j}]")
            if p in cells:
                chk.fail(f"{where}.cells[{j}]", f"cell {list(p)} is listed twice")
            if p in owner:
                chk.fail(f"{where}.cells[{j}]", f"cell {list(p)} overlaps chamber "
                         f"'{owner[p]}'")
            owner[p] = cid
            cells.append(p)
        # orthogonally connected
        todo, seen = [cells[0]], {cells[0]}
        while todo:
            x, y = todo.pop()
            for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if q in cells and q not in seen:
                    seen.add(q)
                    todo.append(q)
        if len(seen) != len(cells):
            lost = next(p for p in cells if p not in seen)
            chk.fail(where + ".cells", f"the chamber is not connected: cell {list(lost)} "
                     f"cannot be reached from {list(cells[0])} through neighbouring cells")
        chambers.append(Chamber(i, cid, cname, points, start, cells))
    starts = [c.id for c in chambers if c.start]
    if len(starts) != 1:
        chk.fail("chambers", "exactly one chamber must have start: true, found "
                 + (", ".join(starts) if starts else "none"))

    tunnels = []
    seen_pairs: set = set()
    for i, t in enumerate(chk.seq(chk.key(raw, "tunnels", "top level"), "tunnels")):
        where = f"tunnels[{i}]"
        if not isinstance(t, list) or len(t) != 4:
            chk.fail(where, f"expected [chamber, [x, y], chamber, [x, y]], found {t!r}")
        ends = []
        for k in (0, 2):
            cid = chk.str(t[k], f"{where}[{k}]")
            if cid not in ids:
                chk.fail(f"{where}[{k}]", f"unknown chamber id '{cid}' (known: "
                         f"{', '.join(ids)})")
            p = cell(t[k + 1], f"{where}[{k + 1}]")
            if owner.get(p) != cid:
                inside = f"it lies in chamber '{owner[p]}'" if p in owner else "it is rock"
                chk.fail(f"{where}[{k + 1}]", f"cell {list(p)} is not inside chamber "
                         f"'{cid}' ({inside})")
            ends.append((ids[cid], p))
        (a, pa), (b, pb) = ends
        if a == b:
            chk.fail(where, f"a tunnel must join two different chambers, not "
                     f"'{chambers[a].id}' to itself")
        pair = frozenset([(a, pa), (b, pb)])
        if pair in seen_pairs:
            chk.fail(where, "the same tunnel is listed twice")
        seen_pairs.add(pair)
        tunnels.append((a, pa, b, pb))
    # every chamber reachable from the start chamber
    start_index = next(c.index for c in chambers if c.start)
    reach, todo = {start_index}, [start_index]
    while todo:
        c = todo.pop()
        for a, _, b, _ in tunnels:
            for u, v in ((a, b), (b, a)):
                if u == c and v not in reach:
                    reach.add(v)
                    todo.append(v)
    for c in chambers:
        if c.index not in reach:
            chk.fail("tunnels", f"chamber '{c.id}' cannot be reached from the start chamber "
                     f"'{chambers[start_index].id}' through the tunnels")

    def items(key, count=None):
        out = []
        for j, v in enumerate(chk.seq(chk.key(raw, key, "top level"), key)):
            p = cell(v, f"{key}[{j}]")
            if p not in owner:
                chk.fail(f"{key}[{j}]", f"cell {list(p)} lies outside every chamber")
            if p in out:
                chk.fail(f"{key}[{j}]", f"cell {list(p)} is listed twice")
            out.append(p)
        if count is not None and len(out) != count:
            chk.fail(key, f"expected exactly {count}, found {len(out)}")
        return out

    mushrooms = items("mushrooms")
    nuts = items("nuts", NUT_COUNT)
    for j, p in enumerate(nuts):
        if p in mushrooms:
            chk.fail(f"nuts[{j}]", f"cell {list(p)} already holds a mushroom")
    return Sheet(side_id, title, (cols, rows), one_row, timer, nut_points, chambers, tunnels,
                 mushrooms, nuts, short_timer=short_timer)


@lru_cache(maxsize=4)
def default_sheet(side: str) -> Sheet:
    return load_sheet(side=side)


def _label(p) -> str:
    return f"({p[0]},{p[1]})"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ------------------------------------------------------------------------------------------
# the state
# ------------------------------------------------------------------------------------------
class HamsterState(GameState):
    EVENT_TYPES = {
        "roll": "seat, value, chance: the die is rolled",
        "cross": "seat, cells, chamber, first, slots: cells of a chamber are crossed (slots: "
                 "1-row slots spent on a 1)",
        "pass": "seat, value: the roll cannot be used",
        "chamber_full": "seat, chamber, points: a chamber is full",
        "timer": "boxes, length, circled, pass: a timer box is circled or crossed",
        "timer_on": "pass, seats: the timer (or its second round) starts",
        "turn_end": "turn: everyone has chosen for this roll; the crosses are shown",
        "end": "scores, winners: the game ends",
    }
    GAME_ID = "hamster"
    TITLE = "Hamster Burrow"
    PLAYERS = (1, 6)
    FORMAT = 1

    @classmethod
    def describe_setup(cls):
        sheet = default_sheet("A")      # both sides have the same timer (a data test says so)
        full, short = sheet.timer, sheet.short_timer
        variants = [{"id": "A", "label": "Side A (tidy chambers)"},
                    {"id": "B", "label": "Side B (crooked chambers)"}]
        options = [{"id": "first_cross", "label": "First cross",
                    "choices": [{"id": "start", "label": "In the start chamber"},
                                {"id": "any", "label": "In any chamber"}],
                    "default": "start"},
                   {"id": "timer", "label": "Timer",
                    "choices": [{"id": "full", "label": f"Full timer ({full} boxes)"},
                                {"id": "short", "label": f"Short timer ({short} boxes)"}],
                    "default": "full"}]
        return variants, options

    @property
    def timer_length(self) -> int:
        """Timer boxes in play: the sheet's count, or its short count with the short timer."""
        if self.options.get("timer") == "short":
            return self.sheet.short_timer
        return self.sheet.timer

    def __init__(self, players: int, seed=None, variant=None, options=None,
                 sheet: Sheet | None = None):
        super().__init__(players, seed, variant, options)
        self.sheet = sheet or default_sheet(self.variant)
        self.names = [f"Player {i + 1}" for i in range(players)]
        n = len(self.sheet.chambers)
        self.marks = [[0] * n for _ in range(players)]     # crossed mask per chamber
        self.one_used = [0] * players                        # 1-row slots used (this roll too)
        self.pending: list = [None] * players                # (chamber, mask) crossed this roll
        self.pending_one = [0] * players                     # slots spent this roll
        self.decided = [False] * players
        self.turn = 0
        self.roll: int | None = None
        self.step = "roll"
        self.deciding = 0                                    # how many seats decided this roll
        self.timer_active = players == 1
        self.timer_pass = 1 if players == 1 else None
        self.timer_crossed = 0
        self.timer_circled = 0
        self.winner_list: list = []
        self.current_player = 0
        self._legal = None
        self._legal_masks = None

    # ---- queries ----------------------------------------------------------------------------
    @property
    def roller(self) -> int:
        return self.turn % self.players

    def chambers_started(self, seat: int) -> int:
        return sum(1 for m in self.marks[seat] if m)

    def _visible_marks(self, seat: int, viewer) -> list:
        marks = self.marks[seat]
        pend = self.pending[seat]
        if pend is None or viewer == seat:
            return marks
        marks = list(marks)
        marks[pend[0]] &= ~pend[1]
        return marks

    def _breakdown(self, marks: list) -> dict:
        chambers = mushrooms = nuts = 0
        for c, m in zip(self.sheet.chambers, marks):
            if m == c.full:
                chambers += c.points
            if m & c.mushrooms:
                mushrooms += bin(m & c.mushrooms).count("1")
            if m & c.nuts:
                nuts += bin(m & c.nuts).count("1")
        nut_pts = self.sheet.nut_points[nuts - 1] if nuts else 0
        return {"chambers": chambers, "mushrooms": mushrooms, "nuts": nut_pts,
                "total": chambers + mushrooms + nut_pts}

    def breakdown(self, seat: int) -> dict:
        """Score parts of ``seat`` as everybody knows them (crosses of the running roll that
        are still hidden do not count yet): chambers, mushrooms, nuts, total."""
        return self._breakdown(self._visible_marks(seat, None))

    def _legal_sets(self, seat: int, roll: int) -> list:
        """(chamber index, mask) of every legal set of crosses for ``roll``."""
        return self._legal_parts(seat, roll)[0]

    def _legal_parts(self, seat: int, roll: int) -> tuple:
        """(_legal_sets, and for each set its cells and the end of its action's sentence)."""
        marks = self.marks[seat]
        chambers = self.sheet.chambers
        if roll == 1:
            free = self.sheet.one_row - self.one_used[seat]
            sizes = range(1, min(MAX_ONES, free) + 1)
            which = -len(sizes)         # the sizes 1.. this many, remembered together
        else:
            sizes = (roll,)
            which = roll
        if not sizes:
            return [], []
        fresh = not any(marks)
        anywhere = self.options.get("first_cross") == "any"
        out = []
        parts = []
        for c in chambers:
            m = marks[c.index]
            if m == c.full:
                continue
            if fresh:
                anchors = c.full if (anywhere or c.start) else 0
            else:
                anchors = c.nbr[m] if m else 0
                for far, other, near in c.entries:
                    if marks[other] & near:
                        anchors |= far
                anchors &= ~m
            if not anchors:
                continue
            cache = c._sets
            got = cache.get((m, anchors, which))
            if got is None:
                by_size = c.by_size
                sets = []
                for k in sizes:
                    if k >= len(by_size):
                        break
                    sets += [p for p in c.pairs_by_size[k] if not p[1] & m and p[1] & anchors]
                got = (tuple(sets), tuple((c.cells_of(s), c.describe(s)) for _, s in sets))
                if len(cache) >= SET_CACHE:
                    cache.clear()
                cache[(m, anchors, which)] = got
            out += got[0]
            parts += got[1]
        return out, parts

    # ---- contract ---------------------------------------------------------------------------
    def _legal_actions(self) -> list:
        seat = self.current_player
        name = self.names[seat]
        if self.step == "roll":
            acts = [Rec(type="roll", text=f"{name} rolls the die")]
            masks = None
        else:
            masks, parts = self._legal_parts(seat, self.roll)
            if not masks:
                acts = [Record("pass", f"{name} cannot cross anything and passes")]
            else:
                head = name + " crosses "
                acts = []
                for cells, text in parts:
                    acts.append(Rec(type="cross", cells=[[x, y] for x, y in cells],
                                    text=head + text))
        self._legal_masks = masks
        return acts

    def _apply(self, a: Record, i: int) -> list:
        masks = self._legal_masks
        self._legal_masks = None
        seat = self.current_player
        ev: list = []
        kind = a["type"]
        if kind == "roll":
            self._do_roll(seat, ev)
        elif kind == "cross":
            ci, s = masks[i]
            self._do_cross(seat, ci, s, ev)
            self._next_decider(ev)
        else:   # pass
            ev.append(Record("pass", f"{self.names[seat]} cannot use the {self.roll} and passes.",
                             seat=seat, value=self.roll, **self._secret(seat)))
            self.decided[seat] = True
            self._next_decider(ev)
        return ev

    # ---- turn machinery ---------------------------------------------------------------------
    def _do_roll(self, seat: int, ev: list) -> None:
        v = self.rng.randint(1, 6)
        self.roll = v
        ev.append(Rec(type="roll", seat=seat, value=v, chance=True,
                      text=f"{self.names[seat]} rolls a {v}."))
        if v >= 4 and self.timer_active and self.timer_crossed < self.timer_length:
            L = self.timer_length
            if self.timer_pass == 1:     # solo, first pass: circle a box
                if self.timer_circled < L:
                    self.timer_circled += 1
                    k = self.timer_circled
                    ev.append(Record("timer", f"A {v}: timer box {k} of {L} is circled "
                                     f"(first round of the timer).", boxes=k, length=L,
                                     circled=True, **{"pass": 1}))
            else:
                self.timer_crossed += 1
                k = self.timer_crossed
                last = " - the last one: this is the final roll" if k == L else ""
                ev.append(Record("timer", f"A {v}: timer box {k} of {L} is crossed{last}.",
                                 boxes=k, length=L, circled=False,
                                 **({"pass": 2} if self.players == 1 else {})))
        self.step = "choose"
        self.deciding = 0
        self.decided = [False] * self.players
        self.pending = [None] * self.players
        self.pending_one = [0] * self.players
        self.current_player = seat

    def _do_cross(self, seat: int, ci: int, s: int, ev: list) -> None:
        c = self.sheet.chambers[ci]
        marks = self.marks[seat]
        first_here = marks[ci] == 0
        marks[ci] |= s
        self.pending[seat] = (ci, s)
        self.decided[seat] = True
        cells = c.cells_of(s)
        n = len(cells)
        if self.roll == 1:
            self.one_used[seat] += n
            self.pending_one[seat] = n
        name = self.names[seat]
        extra = f" (spending {_plural(n, '1-row slot')})" if self.roll == 1 else ""
        ev.append(Rec(type="cross", seat=seat, cells=[[x, y] for x, y in cells], chamber=c.id,
                      first=first_here, **({"slots": n} if self.roll == 1 else {}),
                      **self._secret(seat),
                      text=f"{name} crosses {_plural(n, 'cell')} in the {c.name}{extra}."))
        if marks[ci] == c.full:
            ev.append(Record("chamber_full", f"{name} has filled the {c.name} "
                             f"({_plural(c.points, 'point')}).", seat=seat, chamber=c.id,
                             points=c.points, **self._secret(seat)))

    def _secret(self, seat: int) -> dict:
        """Event marks of a decision the other seats may not know before the turn ends."""
        if self.players == 1:
            return {}
        return {"simultaneous": True, "private_to": seat}

    def _next_decider(self, ev: list) -> None:
        self.deciding += 1
        if self.deciding < self.players:
            self.current_player = (self.roller + self.deciding) % self.players
            return
        self._end_turn(ev)

    def _end_turn(self, ev: list) -> None:
        L = self.timer_length
        if self.players > 1:
            # the simultaneous decisions of this roll become public now (see base.py)
            ev.append(Rec(type="turn_end", turn=self.turn, reveal=True,
                          text=f"Everyone has chosen for the {self.roll}; the crosses "
                               "of this roll are shown:"))
        self.pending = [None] * self.players
        self.pending_one = [0] * self.players
        if self.players == 1:
            if self.timer_pass == 1 and (self.timer_circled >= L or self.chambers_started(0) >= 4):
                why = ("the first round of the timer is complete" if self.timer_circled >= L
                       else f"{self.names[0]} has started a 4th chamber")
                self.timer_pass = 2
                ev.append(Record("timer_on", f"The second round of the timer begins ({why}): "
                                 f"from the next roll, every 4 or more crosses a box.",
                                 **{"pass": 2}))
        elif not self.timer_active:
            who = [s for s in range(self.players) if self.chambers_started(s) >= 4]
            if who:
                self.timer_active = True
                names = " and ".join(self.names[s] for s in who)
                ev.append(Record("timer_on", f"{names} started a 4th chamber: the timer is on. "
                                 f"From the next roll, every 4 or more crosses a timer box.",
                                 seats=who))
        over = self.timer_crossed >= L and (self.players > 1 or self.timer_pass == 2)
        if over:
            self._finish(ev)
            return
        self.turn += 1
        self.step = "roll"
        self.decided = [False] * self.players
        self.deciding = 0
        self.current_player = self.roller

    def _finish(self, ev: list) -> None:
        self.step = "over"
        self.current_player = None
        self._legal = None
        self.winner_list = self._rank()[0]
        ev.append(Record("end", self.summary(), winners=list(self.winner_list),
                         scores=self.scores()))

    def _rank(self) -> list:
        """Seats grouped by the rulebook order: total, then chambers, mushrooms, nuts."""
        keys = {}
        for s in range(self.players):
            b = self.breakdown(s)
            keys[s] = (b["total"], b["chambers"], b["mushrooms"], b["nuts"])
        order = sorted(keys.values(), reverse=True)
        groups = []
        for k in sorted(set(order), reverse=True):
            groups.append([s for s in range(self.players) if keys[s] == k])
        return groups

    # ---- results ------------------------------------------------------------------------------
    def scores(self) -> list:
        return [self.breakdown(s)["total"] for s in range(self.players)]

    def winners(self) -> list:
        return list(self.winner_list) if self.step == "over" else []

    def result_facts(self) -> dict:
        return {"breakdown": [self.breakdown(s) for s in range(self.players)]}

    def summary(self) -> str:
        if self.step != "over":
            return ""
        groups = self._rank()
        best = groups[0]
        b = self.breakdown(best[0])
        if self.players == 1:
            return (f"{self.names[0]} scored {b['total']} points ({b['chambers']} for chambers, "
                    f"{b['mushrooms']} for mushrooms, {b['nuts']} for nuts).")
        names = " and ".join(self.names[s] for s in best)
        if len(best) > 1:
            return (f"{names} share the win with {b['total']} points each, equal on every "
                    f"tie-break.")
        # why: the total, or the first tie-break that decides
        rivals = [s for s in range(self.players) if s not in best]
        rb = [self.breakdown(s) for s in rivals]
        text = f"{names} wins with {b['total']} points"
        if any(r["total"] == b["total"] for r in rb):
            for part, label in (("chambers", "chamber"), ("mushrooms", "mushroom"),
                                ("nuts", "nut")):
                tied = [r for r in rb if r["total"] == b["total"]]
                if any(r[part] != b[part] for r in tied) or part == "nuts":
                    text += f" (tied on points, but ahead on {label} points)"
                    break
        return text + (f": {b['chambers']} for chambers, {b['mushrooms']} for mushrooms, "
                       f"{b['nuts']} for nuts.")

    # ---- views --------------------------------------------------------------------------------
    def view(self, seat) -> dict:
        sheets = []
        for s in range(self.players):
            marks = self._visible_marks(s, seat)
            crosses = []
            for c, m in zip(self.sheet.chambers, marks):
                if m:
                    crosses.extend(c.cells_of(m))
            crosses.sort(key=lambda p: (p[1], p[0]))
            own = s == seat
            used = self.one_used[s] - (0 if own else self.pending_one[s])
            pend = self.pending[s] if own else None
            this_roll = [] if pend is None else [
                [x, y] for x, y in self.sheet.chambers[pend[0]].cells_of(pend[1])]
            sheets.append({"crosses": [[x, y] for x, y in crosses], "one_row_used": used,
                           "decided": self.decided[s], "breakdown": self._breakdown(marks),
                           "this_roll": this_roll,
                           "one_row_this_roll": self.pending_one[s] if own else 0})
        return {
            "game": self.GAME_ID, "seat": seat, "players": self.players,
            "names": list(self.names), "variant": self.variant, "sheet": self.sheet.to_view(),
            "current_player": self.current_player, "step": self.step, "turn": self.turn,
            "roller": self.roller, "roll": self.roll, "sheets": sheets,
            "timer": {"active": self.timer_active, "crossed": self.timer_crossed,
                      "length": self.timer_length, "pass": self.timer_pass,
                      "circled": self.timer_circled},
            "first_cross": self.options.get("first_cross", "start"),
            "timer_option": self.options.get("timer", "full"),
            "winners": self.winners(),
        }

    @classmethod
    def from_view(cls, view: dict, seed: int) -> "HamsterState":
        obj = cls.__new__(cls)
        obj.players = int(view["players"])
        obj.seed = seed
        obj.variant = view["variant"]
        obj.options = {"first_cross": view.get("first_cross", "start"),
                       "timer": view.get("timer_option", "full")}
        obj.rng = random.Random(seed)
        obj.turn_number = 0
        obj.current_player = view["current_player"]
        obj.sheet = default_sheet(obj.variant)
        obj.names = list(view["names"])
        n = len(obj.sheet.chambers)
        obj.marks = [[0] * n for _ in range(obj.players)]
        obj.pending = [None] * obj.players
        obj.pending_one = [0] * obj.players
        obj.one_used = [0] * obj.players
        for s, sh in enumerate(view["sheets"]):
            obj._mark_cells(s, sh["crosses"])
            obj.one_used[s] = int(sh["one_row_used"])
            if sh.get("this_roll"):
                obj.pending[s] = obj._pending_of(s, sh["this_roll"])
            obj.pending_one[s] = int(sh.get("one_row_this_roll", 0))
        obj.decided = [bool(sh["decided"]) for sh in view["sheets"]]
        obj.turn = int(view["turn"])
        obj.roll = view["roll"]
        obj.step = view["step"]
        obj.deciding = sum(obj.decided) if obj.step == "choose" else 0
        t = view["timer"]
        obj.timer_active = bool(t["active"])
        obj.timer_pass = t["pass"]
        obj.timer_crossed = int(t["crossed"])
        obj.timer_circled = int(t["circled"])
        obj.winner_list = list(view.get("winners") or [])
        obj._legal = None
        obj._legal_masks = None
        return obj

    def _mark_cells(self, seat: int, cells) -> None:
        cc = self.sheet.cell_chamber
        for v in cells:
            p = (int(v[0]), int(v[1]))
            if p not in cc:
                raise ValueError(f"a cross on rock at {list(p)}")
            c = self.sheet.chambers[cc[p]]
            self.marks[seat][c.index] |= c.bit[p]

    def _pending_of(self, seat: int, cells):
        cc = self.sheet.cell_chamber
        ci, mask = None, 0
        for v in cells:
            p = (int(v[0]), int(v[1]))
            if p not in cc or (ci is not None and cc[p] != ci):
                raise ValueError("the crosses of one roll must lie in one chamber")
            ci = cc[p]
            mask |= self.sheet.chambers[ci].bit[p]
        if ci is None or self.marks[seat][ci] & mask != mask:
            raise ValueError("a cross of this roll is missing from the sheet")
        return (ci, mask)

    # ---- persistence ------------------------------------------------------------------------
    def _state_dict(self) -> dict:
        def cells(s):
            out = []
            for c, m in zip(self.sheet.chambers, self.marks[s]):
                out.extend([x, y] for x, y in c.cells_of(m))
            return out

        return {
            "names": list(self.names),
            "crosses": [cells(s) for s in range(self.players)],
            "one_used": list(self.one_used),
            "this_roll": [None if p is None else
                          [[x, y] for x, y in self.sheet.chambers[p[0]].cells_of(p[1])]
                          for p in self.pending],
            "pending_one": list(self.pending_one), "decided": list(self.decided),
            "turn": self.turn, "roll": self.roll, "step": self.step, "deciding": self.deciding,
            "timer_active": self.timer_active, "timer_pass": self.timer_pass,
            "timer_crossed": self.timer_crossed, "timer_circled": self.timer_circled,
            "winners": list(self.winner_list),
        }

    def _load_state_dict(self, d: dict) -> None:
        if self.variant not in SIDES:
            raise ValueError(f"unknown side {self.variant!r}")
        if not 1 <= self.players <= 6:
            raise ValueError("bad player count")
        if self.options.get("first_cross", "start") not in ("start", "any"):
            raise ValueError("bad first_cross option")
        from . import check as C
        self.sheet = default_sheet(self.variant)
        n = self.players
        self.names = C.texts(C.get(d, "names"), "names", n, max_len=200)
        n_ch = len(self.sheet.chambers)
        self.marks = [[0] * n_ch for _ in range(n)]
        n_cells = sum(len(c.cells) for c in self.sheet.chambers)
        C.seq(C.get(d, "crosses"), "crosses", n)
        for s in range(n):
            cells = C.seq(d["crosses"][s], f"crosses[{s}]", hi=n_cells)
            for i, c in enumerate(cells):
                C.ints(c, f"crosses[{s}][{i}]", 2, 0, 100)
            self._mark_cells(s, [list(c) for c in cells])
        self.one_used = C.ints(C.get(d, "one_used"), "one_used", n, 0, 100)
        rolls = C.seq(C.get(d, "this_roll"), "this_roll", n)
        for s, p in enumerate(rolls):
            if p is not None:
                for i, c in enumerate(C.seq(p, f"this_roll[{s}]", hi=n_cells)):
                    C.ints(c, f"this_roll[{s}][{i}]", 2, 0, 100)
        self.pending = [None if p is None else self._pending_of(s, [list(c) for c in p])
                        for s, p in enumerate(rolls)]
        self.pending_one = C.ints(C.get(d, "pending_one"), "pending_one", n, 0, 100)
        decided = C.seq(C.get(d, "decided"), "decided", n)
        self.decided = [C.boolean(x, f"decided[{i}]") for i, x in enumerate(decided)]
        self.turn = C.integer(C.get(d, "turn"), "turn", 0, 10 ** 6)
        roll = C.get(d, "roll")
        self.roll = None if roll is None else C.integer(roll, "roll", 1, 6)
        self.step = C.text(C.get(d, "step"), "step", 40)
        self.deciding = C.integer(C.get(d, "deciding"), "deciding", 0, n)
        self.timer_active = C.boolean(C.get(d, "timer_active"), "timer_active")
        tp = C.get(d, "timer_pass")
        self.timer_pass = None if tp is None else C.integer(tp, "timer_pass", 1, 2)
        self.timer_crossed = C.integer(C.get(d, "timer_crossed"), "timer_crossed", 0)
        self.timer_circled = C.integer(C.get(d, "timer_circled"), "timer_circled", 0)
        self.winner_list = C.ints(C.get(d, "winners"), "winners", None, 0, n - 1, n)
        if len(set(self.winner_list)) != len(self.winner_list):
            C.bad("winners", "a seat is listed twice")
        L = self.timer_length
        if (len(self.names) != n or len(self.one_used) != n or len(self.pending) != n
                or len(self.pending_one) != n or len(self.decided) != n):
            raise ValueError("inconsistent saved game")
        if self.step not in STEPS:
            raise ValueError(f"unknown step {self.step!r}")
        if (self.current_player is None) != (self.step == "over"):
            raise ValueError("inconsistent turn information")
        if any(p is not None and not dec for p, dec in zip(self.pending, self.decided)):
            raise ValueError("crosses of this roll from a seat that has not decided")
        if self.step == "choose":
            if sum(self.decided) != self.deciding or any(self.decided[(self.turn + k) % n]
                                                         != (k < self.deciding) for k in range(n)):
                raise ValueError("inconsistent decisions")
            if self.roll not in range(1, 7) or not 0 <= self.deciding < n \
                    or self.current_player != (self.turn % n + self.deciding) % n:
                raise ValueError("inconsistent decision order")
        elif self.step == "roll" and self.current_player != self.turn % n:
            raise ValueError("the wrong seat is to roll")
        if not all(0 <= u <= self.sheet.one_row for u in self.one_used) \
                or not all(0 <= k <= u for k, u in zip(self.pending_one, self.one_used)):
            raise ValueError("bad 1-row counts")
        if not (0 <= self.timer_crossed <= L and 0 <= self.timer_circled <= L and self.turn >= 0):
            raise ValueError("bad timer")
        if (n == 1) != (self.timer_pass is not None) or self.timer_pass not in (None, 1, 2):
            raise ValueError("bad timer pass")
        if not all(0 <= w < n for w in self.winner_list) or \
                (self.step == "over") != bool(self.winner_list):
            raise ValueError("bad winners")
        self._legal = None
        self._legal_masks = None

    def clone(self) -> "HamsterState":
        new = HamsterState.__new__(HamsterState)
        new.__dict__.update(self.__dict__)
        self._share_rng(new)
        new.options = dict(self.options)
        new.names = list(self.names)
        new.marks = [list(m) for m in self.marks]
        new.one_used = list(self.one_used)
        new.pending = list(self.pending)
        new.pending_one = list(self.pending_one)
        new.decided = list(self.decided)
        new.winner_list = list(self.winner_list)
        new._legal = None
        new._legal_masks = None
        return new   # the sheet is immutable and shared


# ------------------------------------------------------------------------------------------
# why a cell or the pass cannot be chosen (the screen shows this; the legality is legal_actions)
# ------------------------------------------------------------------------------------------
def _pt(p) -> tuple:
    return (int(p[0]), int(p[1]))


def explain_refusal(view: dict, seat: int, cell, selected=()):
    """Why ``seat`` may not add ``cell`` (x, y) to the cells ``selected`` for the roll in
    ``view`` (that seat's view), from what the view shows: ``(code, params)`` for the screen to
    put into words (``game/app/views/hamster/texts.py``).  Ask it for a cell that
    ``legal_actions`` does not offer; the legality itself is always ``legal_actions``.
    Codes and params:

      crossed, earth, one_chamber, exactly {count}, one_row_left {count}, ones_max {count},
      joined, first_cross {chamber} (the start chamber's id), too_small {count, roll} (count:
      the free cells joined to ``cell`` in its chamber), connect
    """
    cell = _pt(cell)
    selected = [_pt(c) for c in selected or ()]
    sheet = view["sheet"]
    cell_ch = {_pt(c): ch["id"] for ch in sheet["chambers"] for c in ch["cells"]}
    start = next((ch["id"] for ch in sheet["chambers"] if ch.get("start")), None)
    mine = view["sheets"][seat]
    crossed = {_pt(c) for c in mine["crosses"]}
    roll = view.get("roll") or 0
    ch = cell_ch.get(cell)
    if cell in crossed:
        return "crossed", {}
    if ch is None:
        return "earth", {}
    if selected:
        if ch != cell_ch.get(selected[0]):
            return "one_chamber", {}
        if roll >= 2 and len(set(selected)) >= roll:
            return "exactly", {"count": roll}
        if roll == 1:
            free = int(sheet["one_row"]) - int(mine.get("one_row_used", 0))
            if len(set(selected)) >= free:
                return "one_row_left", {"count": free}
            if len(set(selected)) >= MAX_ONES:
                return "ones_max", {"count": MAX_ONES}
        return "joined", {}
    if not crossed and view.get("first_cross", "start") == "start" and ch != start:
        return "first_cross", {"chamber": start}
    if roll >= 2 and any(cell_ch.get(c) == ch for c in crossed):
        room = _free_group(cell_ch, cell, ch, crossed)
        if room < roll:
            return "too_small", {"count": room, "roll": roll}
    return "connect", {}


def explain_pass(view: dict, seat: int):
    """Why ``seat`` can only pass on the roll in ``view``: ``(code, params)``, one of
    one_row_full (a 1 and the 1-row is full), no_one (a 1 that fits nowhere), no_fit {roll}."""
    if view.get("roll") == 1:
        full = int(view["sheets"][seat].get("one_row_used", 0)) >= int(view["sheet"]["one_row"])
        return ("one_row_full", {}) if full else ("no_one", {})
    return "no_fit", {"roll": view.get("roll")}


def _free_group(cell_ch: dict, cell, ch, crossed) -> int:
    """How many free cells of chamber ``ch`` join up with ``cell`` (side by side)."""
    seen, todo = {cell}, [cell]
    while todo:
        x, y = todo.pop()
        for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if q not in seen and q not in crossed and cell_ch.get(q) == ch:
                seen.add(q)
                todo.append(q)
    return len(seen)


__all__ = ["HamsterState", "explain_refusal", "explain_pass", "load_sheet", "default_sheet", "Sheet", "Chamber", "DataError"]
