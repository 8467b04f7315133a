"""Hamster Burrow: the burrow sheet - ``Chamber`` (its cells, their bits and connected
parts), ``Sheet`` read from data/hamster/side_a.yaml or side_b.yaml and checked, and the
small words of the command line."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...io.data import Checker, display_name, load_yaml
from ...io.paths import resource_path


SIDES = {"A": ("data", "hamster", "side_a.yaml"), "B": ("data", "hamster", "side_b.yaml")}
CHAMBER_COUNT = 8
NUT_COUNT = 4
MAX_ONES = 7                # a roll of 1 crosses at most this many cells
MAX_CHAMBER_CELLS = 12      # legal sets are enumerated over bit masks of a chamber's cells
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
        self._yx_of: dict = {}
        self._texts: dict = {}
        self._parts: dict = {}      # mask -> ((cells_of, describe), cells as [x, y] lists)
        # (marks, anchors, size or -largest size of a 1) -> (((index, mask), ...),
        # ((cells_of, describe), ...), (cells as [x, y] lists, ...)), bounded
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

    def part(self, mask: int) -> tuple:
        """((cells_of, describe), the cells as a tuple of [x, y] lists) of ``mask`` (cached;
        the lists are shared by the legal actions, read only)."""
        got = self._parts.get(mask)
        if got is None:
            cells = self.cells_of(mask)
            got = self._parts[mask] = ((cells, self.describe(mask)),
                                       tuple([x, y] for x, y in cells))
        return got

    def cells_of(self, mask: int) -> list:
        """The cells of ``mask`` as (x, y) tuples in (y, x) order (cached)."""
        got = self._cells_of.get(mask)
        if got is None:
            got = tuple(p for i, p in enumerate(self.cells) if mask >> i & 1)
            self._cells_of[mask] = got
        return got

    def yx_of(self, mask: int) -> tuple:
        """The cells of ``mask`` as (y, x) tuples (cached; they sort as a sheet is read)."""
        got = self._yx_of.get(mask)
        if got is None:
            got = self._yx_of[mask] = tuple((y, x) for x, y in self.cells_of(mask))
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
        # what the legal sets read of every chamber, for the rules' hot loop
        self.fast = tuple((c.index, c.full, c.nbr, tuple(c.entries), c._sets, c.start)
                          for c in chambers)

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
