"""Hamster Burrow's computer players: the weights, ``Geo`` (the sheet as bit masks and its
evaluation, shared by every level) and the clock (how many rolls are left)."""
from __future__ import annotations

import json


# weights (tried against random over a few hundred seeded solo and two-player games of both
# sides; most of them sit on a broad plateau)
W = {
    "prog_exp": 1.6,        # chamber promise: points * frac ** prog_exp
    "prog": 0.75,           # ... times this
    "rem1": 0.35,           # promise multiplier for each remnant of 1 cell (slots free)
    "rem1_noslot": 0.1,     # ... when the 1-row is full
    "rem2": 0.75,           # ... for each remnant of 2 cells
    "nut_decay": 0.85,      # nut/mushroom promise per cell of distance
    "nut": 0.55,            # nut promise factor
    "mush": 0.45,           # mushroom promise factor
    "pass": 1.6,            # cost of a roll value with no legal set (per 1/6 chance)
    "slot": 2.0,            # worth of a free 1-row slot (while ones are still expected)
    "noslot": 2.5,          # cost of each coming 1 once the 1-row is full
    "turn": 1.2,            # worth of one roll left
    "open": 0.25,           # an opened (reachable) untouched chamber: points * this
}
LOOKAHEAD = 5               # best sets looked at one roll further (0: static only)
CELLS_PER_ROLL = 3.2        # how many cells a roll crosses on average when planning
MEMO_CAP = 50_000           # entries of each evaluation memo of a sheet (cleared when full)


# ------------------------------------------------------------------------------------------
# geometry of a sheet (cached)
# ------------------------------------------------------------------------------------------
def _byte_tables(per_cell: list) -> list:
    """``t[k][b]``: the union of ``per_cell[i]`` over the bits ``i`` of byte ``b`` at byte
    ``k`` of a mask (so that ``_spread`` unions a whole mask's neighbours bytewise)."""
    tables = []
    for k in range(0, len(per_cell), 8):
        t = [0] * 256
        for b in range(1, 256):
            low = b & -b
            i = k + low.bit_length() - 1
            t[b] = t[b ^ low] | (per_cell[i] if i < len(per_cell) else 0)
        tables.append(t)
    return tables


def _spread(mask: int, tables: list) -> int:
    """The union of the table entries of every bit of ``mask`` (see ``_byte_tables``)."""
    out = 0
    for t in tables:
        if not mask:
            break
        b = mask & 255
        if b:
            out |= t[b]
        mask >>= 8
    return out


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Geo:
    """A sheet as bitmasks: one bit per chamber cell."""

    def __init__(self, sheet: dict):
        self.cells = []
        self.index = {}
        self.chambers = []            # masks
        self.points = []
        self.cell_ch = []
        self.start = 0
        for c, ch in enumerate(sheet["chambers"]):
            mask = 0
            for x, y in ch["cells"]:
                i = len(self.cells)
                self.cells.append((x, y))
                self.index[(x, y)] = i
                self.cell_ch.append(c)
                mask |= 1 << i
            self.chambers.append(mask)
            self.points.append(int(ch["points"]))
            if ch.get("start"):
                self.start = c
        self.ids = {ch["id"]: c for c, ch in enumerate(sheet["chambers"])}
        self.all = (1 << len(self.cells)) - 1
        n = len(self.cells)
        self.nbr = [0] * n
        for i, (x, y) in enumerate(self.cells):
            for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                j = self.index.get((x + d[0], y + d[1]))
                if j is not None and self.cell_ch[j] == self.cell_ch[i]:
                    self.nbr[i] |= 1 << j
        # tunnels both ways: near cell -> far cells
        self.tun = [0] * n
        for t in sheet.get("tunnels", []):
            a = self.index.get(tuple(t[1]))
            b = self.index.get(tuple(t[3]))
            if a is None or b is None:
                continue
            self.tun[a] |= 1 << b
            self.tun[b] |= 1 << a
        self.link = [self.nbr[i] | self.tun[i] for i in range(n)]
        # the same as byte tables: the neighbours of a whole mask in a few look-ups
        self.nbr_t = _byte_tables(self.nbr)
        self.link_t = _byte_tables(self.link)
        self.mush = 0
        for x, y in sheet.get("mushrooms", []):
            if (x, y) in self.index:
                self.mush |= 1 << self.index[(x, y)]
        self.nuts = 0
        for x, y in sheet.get("nuts", []):
            if (x, y) in self.index:
                self.nuts |= 1 << self.index[(x, y)]
        self.nut_points = list(sheet.get("nut_points", [2, 4, 8, 16]))
        self.one_row = int(sheet.get("one_row", 7))
        self.timer = int(sheet.get("timer", 3))
        self.sizes = [bin(m).count("1") for m in self.chambers]
        self._promise: dict = {}     # evaluate's memo of chamber promises (bounded)
        self._room: dict = {}        # room's memo of the biggest anchored piece per chamber
        # every connected subset of each chamber, by size (1..7)
        self.subsets = [self._connected_subsets(m, 7) for m in self.chambers]

    def _connected_subsets(self, chamber: int, top: int) -> list:
        by_size = [[] for _ in range(top + 1)]
        seen = set()
        frontier = [1 << i for i in _bits(chamber)]
        size = 1
        while frontier and size <= top:
            nxt = []
            for s in frontier:
                if s in seen:
                    continue
                seen.add(s)
                by_size[size].append(s)
                if size == top:
                    continue
                grow = 0
                for i in _bits(s):
                    grow |= self.nbr[i]
                grow &= ~s
                for j in _bits(grow):
                    nxt.append(s | (1 << j))
            frontier = nxt
            size += 1
        return by_size

    def mask_of(self, cells) -> int:
        m = 0
        for x, y in cells:
            m |= 1 << self.index[(x, y)]
        return m

    # ---- rules helpers --------------------------------------------------------------------
    def anchors(self, crosses: int, any_first: bool) -> int:
        """Empty cells a set may start from."""
        if not crosses:
            return self.all if any_first else self.chambers[self.start]
        return _spread(crosses, self.link_t) & ~crosses

    def legal_sets(self, crosses: int, size: int, any_first: bool) -> list:
        anch = self.anchors(crosses, any_first)
        out = []
        for c, m in enumerate(self.chambers):
            if not anch & m:
                continue
            for s in self.subsets[c][size]:
                if not s & crosses and s & anch:
                    out.append(s)
        return out

    def score(self, crosses: int) -> int:
        pts = 0
        for c, m in enumerate(self.chambers):
            if crosses & m == m:
                pts += self.points[c]
        pts += bin(crosses & self.mush).count("1")
        k = bin(crosses & self.nuts).count("1")
        if k:
            pts += self.nut_points[min(k, len(self.nut_points)) - 1]
        return pts

    def rank(self, crosses: int) -> tuple:
        """The rulebook's order of a final sheet: total, then chamber, mushroom, nut points."""
        ch = 0
        for c, m in enumerate(self.chambers):
            if crosses & m == m:
                ch += self.points[c]
        mu = bin(crosses & self.mush).count("1")
        k = bin(crosses & self.nuts).count("1")
        nu = self.nut_points[min(k, len(self.nut_points)) - 1] if k else 0
        return (ch + mu + nu, ch, mu, nu)

    def components(self, empty: int) -> list:
        """Sizes of the connected pieces of ``empty`` (cells of one chamber)."""
        out = []
        while empty:
            low = empty & -empty
            comp = low
            front = low
            nbr_t = self.nbr_t
            while front:
                front = _spread(front, nbr_t) & empty & ~comp
                comp |= front
            empty &= ~comp
            out.append(bin(comp).count("1"))
        return out

    def distances(self, crosses: int, anch: int) -> dict:
        """Cells to cross (including the target) to reach each empty cell."""
        dist = {}
        front = anch
        d = 1
        seen = anch | crosses
        while front:
            nxt = 0
            for i in _bits(front):
                dist[i] = d
                nxt |= self.link[i]
            front = nxt & ~seen
            seen |= front
            d += 1
        return dist

    def target_distances(self, crosses: int, anch: int, todo: int, budget: float) -> dict:
        """``distances`` for the cells of ``todo`` only, as far as ``budget`` (faster)."""
        dist = {}
        front = anch
        d = 1
        seen = anch | crosses
        link_t = self.link_t
        while front and todo and d <= budget:
            hit = front & todo
            if hit:
                for i in _bits(hit):
                    dist[i] = d
                todo &= ~hit
            front = _spread(front, link_t) & ~seen
            seen |= front
            d += 1
        return dist

    # ---- the evaluation ---------------------------------------------------------------------
    def evaluate(self, crosses: int, slots_free: int, rolls_left: float, any_first: bool,
                 w: dict = W) -> float:
        val = float(self.score(crosses))
        T = max(0.0, rolls_left)
        budget = T * CELLS_PER_ROLL
        anch = self.anchors(crosses, any_first)
        # a started chamber's promise before the clock: (points x fraction ** prog_exp,
        # cut for each remnant) and the rolls its remnants need, remembered per chamber
        # marks (the planner meets the same chamber in many sheets)
        memo = self._promise
        wkey = (w["prog_exp"], w["prog"], w["rem1"], w["rem1_noslot"], w["rem2"],
                bool(slots_free))
        for c, m in enumerate(self.chambers):
            got = crosses & m
            if got == m:
                continue
            if not got:
                if anch & m and T > 0:
                    size = self.sizes[c]
                    val += w["open"] * self.points[c] * min(1.0, budget / (2 * size))
                continue
            if T <= 0:
                continue
            key = (wkey, got)
            hit = memo.get(key)
            if hit is None:
                hit = memo[key] = self._promise_of(c, got, slots_free, w)
                if len(memo) > MEMO_CAP:
                    memo.clear()
                    memo[key] = hit
            q, need = hit
            if need > T:
                q *= max(0.0, 1.0 - (need - T) / (T + 1.0))
            val += self.points[c] * q
        # nuts and mushrooms still to take
        if T > 0:
            k = bin(crosses & self.nuts).count("1")
            todo = (self.nuts | self.mush) & ~crosses
            if todo:
                dist = self.target_distances(crosses, anch, todo, budget)
                np = self.nut_points
                nut_next = (np[k] - (np[k - 1] if k else 0)) if k < len(np) else 0
                for i in _bits(todo):
                    d = dist.get(i)
                    if d is None or d > budget:
                        continue
                    f = w["nut_decay"] ** (d - 1) * (1.0 - d / (budget + 1.0))
                    if (1 << i) & self.nuts:
                        val += w["nut"] * nut_next * f
                    else:
                        val += w["mush"] * f
            # flexibility: roll values with a legal set next time
            room = self.room(crosses, anch)
            dead = sum(1 for r in range(2, 7) if r > room)
            val -= w["pass"] * dead / 6.0 * min(1.0, T)
            # the 1-row: about T / 6 more ones are coming; slots beyond what they can use
            # are worth little, and an empty row turns every coming 1 into a pass
            ones = T / 6.0
            val += w["slot"] * min(slots_free, 2.5 * ones + 0.5)
            if not slots_free:
                val -= w["noslot"] * ones
        val += w["turn"] * T
        return val

    def _promise_of(self, c: int, got: int, slots_free: int, w: dict) -> tuple:
        """A started chamber's promise before the clock, and the rolls its remnants need."""
        m = self.chambers[c]
        size = self.sizes[c]
        empty = m & ~got
        e = size - bin(got).count("1")
        q = ((size - e) / size) ** w["prog_exp"] * w["prog"]
        need = 0.0
        for k in self.components(empty):
            if k == 1:
                q *= w["rem1"] if slots_free else w["rem1_noslot"]
                need += 1.5
            elif k == 2:
                q *= w["rem2"]
                need += 1.2
            else:
                need += max(1.0, k / CELLS_PER_ROLL)
        return q, need

    def _can_place(self, crosses: int, anch: int, r: int) -> bool:
        for c, m in enumerate(self.chambers):
            a = anch & m
            if not a:
                continue
            empty = m & ~crosses
            if bin(empty).count("1") < r:
                continue
            # each piece of empty cells that holds an anchor, one at a time
            while a:
                comp = front = a & -a
                while front:
                    front = _spread(front, self.nbr_t) & empty & ~comp
                    comp |= front
                if bin(comp).count("1") >= r:
                    return True
                a &= ~comp
        return False

    def room(self, crosses: int, anch: int) -> int:
        """The largest set a roll could cross: the biggest piece of empty cells of one chamber
        that holds an anchor (``_can_place(r)`` is ``r <= room``)."""
        best = 0
        memo = self._room
        for c, m in enumerate(self.chambers):
            a = anch & m
            if not a:
                continue
            key = (crosses & m, a)
            k = memo.get(key)
            if k is None:
                k = memo[key] = self._piece(m & ~crosses, a)
                if len(memo) > MEMO_CAP:
                    memo.clear()
                    memo[key] = k
            if k > best:
                best = k
        return best

    def _piece(self, empty: int, a: int) -> int:
        """The biggest piece of ``empty`` (cells of one chamber) that holds a cell of ``a``."""
        best = 0
        nbr_t = self.nbr_t
        while a:
            comp = front = a & -a
            while front:
                front = _spread(front, nbr_t) & empty & ~comp
                comp |= front
            k = bin(comp).count("1")
            if k > best:
                best = k
            a &= ~comp
        return best

    def started(self, crosses: int) -> int:
        return sum(1 for m in self.chambers if crosses & m)


_GEO_CACHE: dict = {}


def geometry(sheet: dict) -> Geo:
    key = json.dumps(sheet, sort_keys=True, separators=(",", ":"))
    geo = _GEO_CACHE.get(key)
    if geo is None:
        if len(_GEO_CACHE) > 16:
            _GEO_CACHE.clear()
        geo = _GEO_CACHE[key] = Geo(sheet)
    return geo


# ------------------------------------------------------------------------------------------
# the clock: how many rolls are left after this one
# ------------------------------------------------------------------------------------------
def rolls_left(view: dict, geo: Geo, started_after: int) -> float:
    """Expected rolls after the current one, given that this seat will have
    ``started_after`` chambers started once its choice is made."""
    return _Clock(view, geo)(started_after)


class _Clock:
    """``clock(started_after)``: expected rolls left after the current one.  A 4+ crosses a
    box half the time, so ``b`` boxes last about ``2 b`` rolls; entering a 4th chamber starts
    the timer (solo: its second round) after this turn."""

    def __init__(self, view: dict, geo: Geo):
        timer = view.get("timer") or {}
        self.length = int(timer.get("length", geo.timer))
        self.solo = int(view.get("players", 1)) == 1
        self.second = timer.get("pass") == 2
        self.active = bool(timer.get("active"))
        self.crossed = int(timer.get("crossed", 0))
        self.circled = int(timer.get("circled", 0))
        seat = view.get("seat") or 0
        self.others = 0
        for s, sh in enumerate(view.get("sheets", [])):
            if s != seat and sh.get("crosses"):
                self.others = max(self.others, geo.started(geo.mask_of(sh["crosses"])))

    def __call__(self, started_after: int) -> float:
        L = self.length
        if self.solo:
            if self.second:
                return 2.0 * (L - self.crossed)
            if started_after >= 4:
                return 2.0 * L
            return 2.0 * (L - self.circled) + 2.0 * L
        if self.active:
            return 2.0 * (L - self.crossed)
        if started_after >= 4 or self.others >= 4:
            return 2.0 * L
        return 2.0 * L + 3.0 * (4 - max(started_after, self.others))
