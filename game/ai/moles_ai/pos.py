"""Mole Dig's computer players: the search settings, the geometry taken from the rules, the
odds of face-down discs and ``Pos``, the light search position."""
from __future__ import annotations

from functools import lru_cache
from math import comb

from ...rules.moles import LAYER_COUNT, MolesState


ALPHAS = (1.0, 1.0, 1.0)   # per layer: win share grows with expected survivors ** alpha
# (the numbers below were tried against the beginner over a few hundred seeded games)
BEFORE_LAST = 0.3      # layer above the last: weight of survival and race odds (vs shares)
RACE_TURNS = 12        # turns per seat looked at in a race for the centre
RACE_FLOOR = 0.05      # later-turn chance of a seat that cannot reach the centre now
STALL = 0.01           # projected lift: each hole still to fill costs this much
FILL_DISCOUNT = 0.9    # a hole filled later is worth a little less than one filled now
FORCED_LOSS = 0.5      # a mole forced out of a hole is half lost
TOP_K = 4              # candidates searched one ply deeper
SEARCH_MARGIN = 0.05   # ... unless they trail the best by more than this after one ply
NODE_BUDGET = 1500     # evaluations allowed for the second ply (keeps decisions fast)
EPS = 1e-9


# ------------------------------------------------------------------------------------------
# geometry, taken from the rules (cached per set of layer rotations)
# ------------------------------------------------------------------------------------------
class _Geo:
    __slots__ = ("holes", "holeset", "bigset", "rays", "inrays", "final", "index", "to_hole")

    def __init__(self, layer: dict, index: int, max_value: int):
        self.index = index
        self.holes = list(layer["holes"])
        self.holeset = frozenset(layer["holeset"])
        self.bigset = frozenset(layer["bigset"])
        # rays[p] = [(points..., dotted?)] clipped to the longest disc
        self.rays = {p: [(tuple(ray[:max_value]), style == "dotted") for ray, style in rs]
                     for p, rs in layer["rays"].items()}
        # from a hole outwards: a mole at ray[i] reaches the hole with a move of i + 1
        self.inrays = {h: [tuple((q, 2 << i) for i, q in enumerate(ray))
                           for ray, _ in self.rays[h]] for h in self.holes}
        self.final = index == LAYER_COUNT - 1
        # on an empty layer: the values that take a mole from each point into some hole
        self.to_hole: dict = {}
        for h in self.holes:
            for ray in self.inrays[h]:
                for q, bit in ray:
                    self.to_hole[q] = self.to_hole.get(q, 0) | bit


_GEO_CACHE: dict = {}


def _geometry(view: dict) -> tuple:
    """(layer geometries, the six disc values) for this view's layer rotations.  The full
    state is rebuilt with ``MolesState.from_view`` only to read the rules' own geometry."""
    key = tuple(view["rotations"])
    got = _GEO_CACHE.get(key)
    if got is None:
        state = MolesState.from_view(view, seed=0)
        top = max(state.board.discs)
        geos = tuple(_Geo(layer, i, top) for i, layer in enumerate(state._layers))
        got = (geos, tuple(sorted(state.board.discs)))
        if len(_GEO_CACHE) > 64:
            _GEO_CACHE.clear()
        _GEO_CACHE[key] = got
    return got


# ------------------------------------------------------------------------------------------
# disc odds
# ------------------------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def hit_chance(mask: int, face_down: tuple, draws: int) -> float:
    """Chance that a turn (``draws`` discs turned, one kept) offers a value in ``mask``
    (bit v set = value v is good)."""
    n = len(face_down)
    if n == 0:
        return 0.0
    good = sum(1 for v in face_down if mask >> v & 1)
    d = min(draws, n)
    if d == 1:
        return good / n
    return 1.0 - comb(n - good, d) / comb(n, d)


@lru_cache(maxsize=1024)
def draw_outcomes(face_down: tuple, draws: int) -> tuple:
    """The possible turns for these face-down discs: ((values offered...), probability)."""
    n = len(face_down)
    if draws == 1 or n == 1:
        counts: dict = {}
        for v in face_down:
            counts[v] = counts.get(v, 0) + 1
        return tuple(((v,), c / n) for v, c in sorted(counts.items()))
    pairs: dict = {}
    total = comb(n, 2)
    for i in range(n):
        for j in range(i + 1, n):
            key = tuple(sorted({face_down[i], face_down[j]}))
            pairs[key] = pairs.get(key, 0) + 1
    return tuple((k, c / total) for k, c in sorted(pairs.items()))


@lru_cache(maxsize=8)
def _one_draw_chances(full: tuple) -> tuple:
    """hit_chance(mask, full, 1) for every mask."""
    return tuple(hit_chance(m, full, 1) for m in range(2 << max(full)))


@lru_cache(maxsize=256)
def _mask_of(values: tuple) -> int:
    m = 0
    for v in values:
        m |= 1 << v
    return m


def _without(face_down: tuple, value: int, full: tuple) -> tuple:
    lst = list(face_down)
    if value in lst:
        lst.remove(value)
    return tuple(lst) if lst else full


# ------------------------------------------------------------------------------------------
# the light search position
# ------------------------------------------------------------------------------------------
class Pos:
    __slots__ = ("n", "layer", "occ", "fd", "cur", "winner", "geos", "full", "draws", "lone")

    def copy(self) -> "Pos":
        p = Pos.__new__(Pos)
        p.n, p.layer, p.occ, p.fd = self.n, self.layer, dict(self.occ), list(self.fd)
        p.cur, p.winner, p.geos, p.full, p.draws = (self.cur, self.winner, self.geos,
                                                    self.full, self.draws)
        p.lone = self.lone
        return p

    @classmethod
    def from_view(cls, view: dict) -> "Pos":
        p = cls.__new__(cls)
        p.geos, p.full = _geometry(view)
        p.n = view["players"]
        p.layer = view["layer"]
        p.occ = {(m["at"][0], m["at"][1]): m["seat"] for m in view["moles"] if m["at"]}
        # an empty row of discs is shuffled back before that player's next disc
        p.fd = [tuple(sorted(d["face_down"])) or p.full for d in view["discs"]]
        p.cur = view["current_player"]
        w = view.get("winner")
        p.winner = w[0] if isinstance(w, list) and len(w) == 1 else (None if w == [] else w)
        p.draws = 2 if view.get("championship") else 1
        p.lone = view.get("lone_turns", 0)
        return p

    @classmethod
    def from_state(cls, state) -> "Pos":
        """The same as ``from_view(state.view(None))`` without building the view (the expert's
        leaf evaluation: a state dealt from the deciding seat's view)."""
        got = _GEO_CACHE.get(tuple(state.rotations))
        if got is None:
            return cls.from_view(state.view(None))
        p = cls.__new__(cls)
        p.geos, p.full = got
        p.n = state.players
        p.layer = state.layer
        p.occ = {pt: m["seat"] for pt, m in state._occ.items()}
        p.fd = [tuple(sorted(f)) or p.full for f in state.face_down]
        p.cur = state.current_player
        w = state.winner
        p.winner = w[0] if isinstance(w, list) and len(w) == 1 else (None if w == [] else w)
        p.draws = 2 if state.options.get("championship") else 1
        p.lone = state.lone_turns
        return p

    @property
    def geo(self) -> _Geo:
        return self.geos[self.layer]

    def moves(self, seat: int, value: int, bonus: bool = False) -> list:
        g = self.geo
        occ = self.occ
        two_last = self.n == 2 and g.final
        out = []
        for p, s in occ.items():
            if s != seat:
                continue
            for ray, dotted in g.rays[p]:
                if len(ray) < value:
                    continue
                blocked = False
                for q in ray[:value]:
                    if q in occ:
                        blocked = True
                        break
                if blocked:
                    continue
                dest = ray[value - 1]
                if bonus and dest in g.bigset:
                    continue
                if dotted and two_last and dest not in g.holeset:
                    continue
                out.append((p, dest))
        return out

    # -- changes (in place) -------------------------------------------------------------------
    def move(self, seat: int, frm, to) -> bool:
        """Move a mole; returns True if the turn goes on with a bonus offer (big space)."""
        g = self.geo
        del self.occ[frm]
        self.occ[to] = seat
        if to in g.holeset:
            if g.final:
                self.winner, self.cur = seat, None
                return False
            if all(h in self.occ for h in g.holes):
                self._lift()
                return False
            return False
        return to in g.bigset

    def use_disc(self, seat: int, value: int) -> None:
        self.fd[seat] = _without(self.fd[seat], value, self.full)

    def end_turn(self, seat: int) -> None:
        if self.winner is not None:
            self.cur = None
            return
        start = (seat + 1) % self.n
        for _ in range(2):
            holes = self.geo.holeset
            for k in range(self.n):
                s = (start + k) % self.n
                mine = [p for p, o in self.occ.items() if o == s]
                if not mine or all(p in holes for p in mine):
                    continue
                self.cur = s
                return
            self._lift()
            if self.winner is not None:
                return
        self.cur = None  # pragma: no cover - cannot happen

    def _lift(self) -> None:
        holes = self.geo.holeset
        self.occ = {p: s for p, s in self.occ.items() if p in holes}
        self.layer = min(self.layer + 1, LAYER_COUNT - 1)
        self.lone = 0
        alive = set(self.occ.values())
        if len(alive) == 1:
            self.winner = next(iter(alive))
            self.cur = None

    def play(self, seat: int, value: int, mv) -> "Pos":
        """A copy after ``seat`` turned ``value`` and made move ``mv`` (None: no move)."""
        c = self.copy()
        c.use_disc(seat, value)
        if mv is not None:
            c.move(seat, mv[0], mv[1])
        c.end_turn(seat)
        return c


# ------------------------------------------------------------------------------------------
# evaluation
# ------------------------------------------------------------------------------------------
def _scan(pos: Pos):
    """Which values take each seat's moles into an empty hole (bit masks), per seat and per
    mole, and which holes each seat reaches."""
    g = pos.geo
    occ = pos.occ
    holes = g.holeset
    get = occ.get
    masks = [0] * pos.n
    per_mole: dict = {}
    inrays = g.inrays
    for h in g.holes:
        if h in occ:
            continue
        for ray in inrays[h]:
            for p, bit in ray:
                s = get(p)
                if s is not None:
                    if p not in holes:
                        masks[s] |= bit
                        per_mole[p] = per_mole.get(p, 0) | bit
                    break
    return masks, per_mole


def _forced_values(pos: Pos, seat: int, wanted: int) -> int:
    """The values in ``wanted`` (bit mask) for which ``seat``'s only moves pull a mole out of
    a hole."""
    g = pos.geo
    occ = pos.occ
    holes = g.holeset
    two_last = pos.n == 2 and g.final
    safe = exits = 0
    inside = []
    for p, s in occ.items():
        if s != seat:
            continue
        if p in holes:
            inside.append(p)
            continue
        for ray, dotted in g.rays[p]:
            bit = 2
            for q in ray:
                if q in occ:
                    break
                if not (dotted and two_last and q not in holes):
                    safe |= bit
                bit <<= 1
        if safe & wanted == wanted:
            return 0
    wanted &= ~safe
    for p in inside:
        for ray, dotted in g.rays[p]:
            bit = 2
            for q in ray:
                if q in occ:
                    break
                exits |= bit
                bit <<= 1
    return wanted & exits
