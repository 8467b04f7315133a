"""Mole Dig's computer players: ``equity``, a share of the win for every seat - the holes each
seat is expected to fill, the projected lift, the race for the centre (also when one seat is
left moving), survival before the last layer - and the strength of a placement."""
from __future__ import annotations

from functools import lru_cache
from math import comb

from ...rules.moles import LAYER_COUNT
from .pos import ALPHAS, BEFORE_LAST, EPS, FILL_DISCOUNT, FORCED_LOSS, Pos, RACE_FLOOR, RACE_TURNS, STALL, _forced_values, _mask_of, _one_draw_chances, _scan, _without, hit_chance


# Bounded small on purpose: a table is ~14 kB of floats, 8192 of them took 12 MB of a long
# session; 256 / 1024 give the same speed (6 good games 4.8 s CPU either way, search
# iterations the same) with 20 MB less at the peak.
@lru_cache(maxsize=256)
def _stationary(empty: int, long: tuple, extra: int = 0) -> tuple:
    """G[e][t]: expected holes filled by each seat (turn-order index) when ``e`` of the
    ``empty`` holes are left and index ``t`` moves, with per-turn rates ``long`` that fade as
    holes fill (a rate p for all holes becomes 1 - (1 - p) ** (e / all); ``extra`` holes
    stay empty to the end because there are not enough moles for them)."""
    m = len(long)
    G = [[(0.0,) * m for _ in range(m)]]
    for e in range(1, empty + 1):
        frac = (e + extra) / (empty + extra)
        ps = [1.0 - (1.0 - p) ** frac for p in long]
        row = []
        for t in range(m):
            probs = [0.0] * m
            none = 1.0
            for k in range(m):
                i = (t + k) % m
                probs[i] = none * ps[i]
                none *= 1.0 - ps[i]
            tot = 1.0 - none
            vec = [0.0] * m
            if tot > EPS:
                for i in range(m):
                    w = probs[i] / tot
                    if w:
                        nxt = G[e - 1][(i + 1) % m]
                        for j in range(m):
                            vec[j] += w * nxt[j]
                        vec[i] += w
            row.append(tuple(vec))
        G.append(row)
    return tuple(G)


@lru_cache(maxsize=1024)
def _fills(empty: int, first: tuple, long: tuple, extra: int = 0) -> tuple:
    """Expected holes filled by each seat (in turn order, index 0 moves next) before the
    ``empty`` holes are full: first-turn chances ``first``, then the longer-run rates."""
    m = len(first)
    G = _stationary(empty, long, extra)
    dist = [0.0] * (empty + 1)
    dist[empty] = 1.0
    fills = [0.0] * m
    for i in range(m):
        p = first[i]
        if not p:
            continue
        new = [0.0] * (empty + 1)
        new[0] = dist[0]
        for e in range(1, empty + 1):
            mass = dist[e]
            if mass:
                fills[i] += mass * p
                new[e - 1] += mass * p
                new[e] += mass * (1.0 - p)
        dist = new
    for e in range(1, empty + 1):
        if dist[e]:
            vec = G[e][0]
            for j in range(m):
                fills[j] += dist[e] * vec[j]
    return tuple(fills)


def _capped_fills(empty: int, first: tuple, long: tuple, caps: list) -> list:
    """Expected fills per seat (turn order) when nobody can fill more holes than it has moles
    outside them: only as many holes get filled as there are such moles, and what a seat
    cannot take goes to the others, in proportion to their rates."""
    e_eff = min(empty, sum(caps))
    if e_eff <= 0:
        return [0.0] * len(caps)
    fills = list(_fills(e_eff, first, long, empty - e_eff))
    for _ in range(len(caps)):
        excess = 0.0
        for i, c in enumerate(caps):
            if fills[i] > c:
                excess += fills[i] - c
                fills[i] = float(c)
        if excess <= 1e-9:
            break
        room = [i for i, c in enumerate(caps) if fills[i] < c - 1e-9]
        if not room:
            break
        w = sum(long[i] + 0.01 for i in room)
        for i in room:
            fills[i] += excess * (long[i] + 0.01) / w
    return fills


def _long_rate(per_mole_chances: list, outside: int, empty_frac: float) -> float:
    """A seat's longer-run chance per turn to fill a hole: moles one move from a hole count
    most, the others may still walk into range."""
    if outside <= 0:
        return 0.0
    miss = 1.0
    for r in per_mole_chances:
        miss *= 1.0 - 0.6 * r
    miss *= (1.0 - 0.08 * empty_frac) ** outside
    return min(0.95, 1.0 - miss)


def equity(pos: Pos, alphas: tuple = ALPHAS, before_last: float = BEFORE_LAST,
           lone_odds: bool = False) -> list:
    """Each seat's share of the win (sums to 1).  ``alphas`` (per layer) and ``before_last``
    as the module's constants.  ``lone_odds`` (the expert's form): a seat that moves alone
    with no mole in a hole may fail to fill one in the turns the stall rule leaves it, and is
    then out (see ``_lone_lift``)."""
    n = pos.n
    if pos.winner is not None:
        won = pos.winner if isinstance(pos.winner, list) else [pos.winner]
        return [1.0 / len(won) if s in won else 0.0 for s in range(n)]
    g = pos.geo
    masks, per_mole = _scan(pos)
    inside = [0] * n
    outside = [0] * n
    chances = [[] for _ in range(n)]
    full = pos.full
    one = _one_draw_chances(full)
    holes = g.holeset
    for p, s in pos.occ.items():
        if p in holes:
            inside[s] += 1
        else:
            outside[s] += 1
            mk = per_mole.get(p)
            if mk:
                chances[s].append(one[mk])
    cur = pos.cur if pos.cur is not None else 0
    order = [(cur + k) % n for k in range(n)]
    order = [s for s in order if outside[s]]
    if g.final:
        return _race(pos, order, masks)
    empty = sum(1 for h in g.holes if h not in pos.occ)
    if len(order) == 1:
        s = order[0]
        if lone_odds and not inside[s]:
            return _lone_lift(pos, s, empty, outside[s], masks[s], chances[s], alphas,
                              before_last)
        return _projected_lift(pos, s, empty, outside[s])
    frac = empty / len(g.holes)
    first = tuple(round(hit_chance(masks[s], pos.fd[s], pos.draws), 2) for s in order)
    long = tuple(round(_long_rate(chances[s], outside[s], frac), 2) for s in order)
    fills = _capped_fills(empty, first, long, [outside[s] for s in order]) if order else ()
    surv = [float(x) for x in inside]
    loss = [0.0] * n
    for i, s in enumerate(order):
        surv[s] += FILL_DISCOUNT * fills[i]
        if inside[s] and outside[s] <= 3:
            fd = pos.fd[s]
            allv = _mask_of(fd)
            bad = _forced_values(pos, s, allv)
            if bad:
                forced = 1.0 - hit_chance(allv & ~bad, fd, pos.draws)
                loss[s] = FORCED_LOSS * forced
                surv[s] -= loss[s]
    late = None
    if before_last and pos.layer == LAYER_COUNT - 2:
        late = _before_last(pos, order, inside, outside, fills, loss)
        if before_last >= 1.0:
            return late
    alpha = alphas[pos.layer]
    w = [max(x, 0.0) ** alpha for x in surv]
    tot = sum(w)
    if tot <= EPS:
        alive = [s for s in range(n) if inside[s] + outside[s]]
        return [1.0 / len(alive) if s in alive else 0.0 for s in range(n)]
    share = [x / tot for x in w]
    if late is not None:
        return [(1.0 - before_last) * a + before_last * b for a, b in zip(share, late)]
    return share


def _projected_lift(pos: Pos, seat: int, empty: int, outside: int) -> list:
    """Only ``seat`` can still fill holes (every other mole sits in a hole): nothing happens
    until it does, so the position is worth the lift it will bring about - every hole it can
    fill filled, then the next layer - a little less for each hole still to fill (so that
    filling them is progress, never a stall)."""
    c = pos.copy()
    g = c.geo
    left = min(empty, outside)
    taken = 0
    for h in g.holes:
        if taken >= left:
            break
        if h not in c.occ:
            # any of the seat's moles outside the holes will do: it leaves that point
            frm = next(p for p, o in c.occ.items() if o == seat and p not in g.holeset)
            del c.occ[frm]
            c.occ[h] = seat
            taken += 1
    c._lift()
    if c.winner is None:
        c.end_turn(seat)
    eq = equity(c)
    cost = STALL * (empty + 1)
    n = pos.n
    if n > 1 and eq[seat] > cost:
        others = sum(eq) - eq[seat]
        eq = [x - cost if s == seat else
              x + cost * (x / others if others > EPS else 1.0 / (n - 1))
              for s, x in enumerate(eq)]
    return eq


LONE_ROUND = 6   # turns the one seat still moving has before the layer is lifted (RULINGS)


def _lone_lift(pos: Pos, seat: int, empty: int, outside: int, mask: int, chances: list,
               alphas: tuple, before_last: float) -> list:
    """Only ``seat`` moves and none of its moles sits in a hole: it survives the lift only if
    it drops a mole into a hole within the turns the stall rule leaves it (its first turn at
    its real disc odds, later ones at its longer-run rate); else the lift removes it."""
    turns = max(1, LONE_ROUND - pos.lone)
    first = hit_chance(mask, pos.fd[seat], pos.draws)
    rate = _long_rate(chances, outside, empty / max(1, len(pos.geo.holes)))
    miss = (1.0 - first) * (1.0 - rate) ** (turns - 1)
    made = _projected_lift(pos, seat, empty, outside)
    if miss <= EPS:
        return made
    c = pos.copy()
    c._lift()
    if c.winner is None:
        c.end_turn(seat)
    failed = equity(c, alphas, before_last, True)
    return [(1.0 - miss) * a + miss * b for a, b in zip(made, failed)]


@lru_cache(maxsize=16384)
def _lone_race(row: tuple, other: tuple, turns: int, empty: int, fill: int, safe: bool,
               race: tuple, full: tuple) -> float:
    """Two seats, the layer above the last, the other seat waiting in holes (its disc row
    ``other`` stays as it is) while this one moves alone: its chance to win, when it lifts the
    layer at the best moment.  ``row``: its face-down discs before its next turn; ``turns``:
    turns left before the stall rule lifts the layer; ``empty``: holes still empty; ``fill``:
    the values that drop one of its moles into an empty hole (bit mask, taken as fixed);
    ``safe``: a mole of its own already sits in a hole (else the lift puts it out);
    ``race``: the race masks (this seat, the other).  The race on the last layer is a race
    for the values that reach the centre (a 1 from where the moles land): the disc rows at
    the lift decide it, and the other seat, next in turn, moves first.  A lift while the
    seat's own 1 waits face down in a short row is worth much more than one just after it
    came up, so waiting a turn or two can beat filling the last hole at once."""
    if turns <= 0:
        return _race_at_lift(row, other, race, full) if safe else 0.0
    n = len(row)
    seen: dict = {}
    total = 0.0
    for v in row:
        if v in seen:
            total += seen[v]
            continue
        rest = _without(row, v, full)
        wait = _lone_race(rest, other, turns - 1, empty, fill, safe, race, full) \
            if turns > 1 else (_race_at_lift(rest, other, race, full) if safe else 0.0)
        best = wait
        if fill >> v & 1 and empty:
            if empty == 1:
                now = _race_at_lift(rest, other, race, full)
            elif turns > 1:
                now = _lone_race(rest, other, turns - 1, empty - 1, fill, True, race, full)
            else:
                now = _race_at_lift(rest, other, race, full)
            best = max(best, now)
        seen[v] = best
        total += best
    return total / n


@lru_cache(maxsize=4096)
def _race_at_lift(row: tuple, other: tuple, race: tuple, full: tuple) -> float:
    """The race on the last layer right after this seat lifted the layer: the other seat
    moves first (see ``_lone_race``)."""
    hz = {0: _with_floor(_hazards(race[0], row, full, 1)),
          1: _with_floor(_hazards(race[1], other, full, 1))}
    return _race_odds([1, 0], hz, 2)[0]


def lone_race_equity(pos: Pos):
    """``_lone_race`` for a two-seat position on the layer above the last where one seat moves
    alone (the other waits with every mole in a hole); None where it does not apply."""
    if pos.n != 2 or pos.winner is not None or pos.layer != LAYER_COUNT - 2 or pos.draws != 1:
        return None
    g = pos.geo
    holes = g.holeset
    inside = [0, 0]
    outside = [0, 0]
    for p, s in pos.occ.items():
        if p in holes:
            inside[s] += 1
        else:
            outside[s] += 1
    movers = [s for s in (0, 1) if outside[s]]
    if len(movers) != 1:
        return None
    me = movers[0]
    you = 1 - me
    if not inside[you]:
        return None
    last = pos.geos[LAYER_COUNT - 1]
    masks, _ = _scan(pos)
    race = [0, 0]
    empty = 0
    for h in g.holes:
        o = pos.occ.get(h)
        if o is None:
            empty += 1
            race[0] |= last.to_hole.get(h, 0)
        elif o == me:
            race[0] |= last.to_hole.get(h, 0)
        else:
            race[1] |= last.to_hole.get(h, 0)
    turns = max(0, LONE_ROUND - pos.lone - 1)
    fill = masks[me] if outside[me] else 0
    v = _lone_race(pos.fd[me], pos.fd[you], turns, empty, fill, inside[me] > 0,
                   tuple(race), pos.full)
    out = [0.0, 0.0]
    out[me], out[you] = v, 1.0 - v
    return out


@lru_cache(maxsize=8192)
def _hazards(mask: int, face_down: tuple, full: tuple, draws: int) -> tuple:
    """Chance that each of a seat's next RACE_TURNS turns offers a value in ``mask``, given
    that none before did: discs are turned without putting back until all six are up."""
    k = len(face_down)
    good = sum(1 for v in face_down if mask >> v & 1)
    good_full = sum(1 for v in full if mask >> v & 1)
    out = []
    for _ in range(RACE_TURNS):
        if k == 0:
            k, good = len(full), good_full
        d = min(draws, k)
        out.append(1.0 - comb(k - good, d) / comb(k, d) if good else 0.0)
        k -= 1   # a miss: one disc without the value is used up, the other goes back
    return tuple(out)


def _race_odds(order: list, hazards: dict, n: int) -> list:
    """Who first succeeds, turn by turn in ``order``, with per-turn chances ``hazards``."""
    res = [0.0] * n
    none = 1.0
    for r in range(RACE_TURNS):
        for s in order:
            h = hazards[s][r]
            if h:
                res[s] += none * h
                none *= 1.0 - h
        if none < 1e-4:
            break
    got = sum(res)
    if got > EPS:
        return [x + none * x / got for x in res]
    return [1.0 / len(order) if s in order else 0.0 for s in range(n)]


def _with_floor(h: tuple) -> tuple:
    """A seat that cannot reach the target now may still walk into reach later."""
    return h[:1] + tuple(max(x, RACE_FLOOR) for x in h[1:])


def _race(pos: Pos, order: list, masks: list) -> list:
    """Last layer: the race to the centre hole."""
    n = pos.n
    if not order:
        return [1.0 / n] * n
    hz = {s: _with_floor(_hazards(masks[s], pos.fd[s], pos.full, pos.draws)) for s in order}
    return _race_odds(order, hz, n)


def _before_last(pos: Pos, order: list, inside: list, outside: list, fills: tuple,
                 surv_loss: list) -> list:
    """The layer above the last: what counts is to keep at least one mole (a seat left with
    none is out) and the disc odds of the race that follows on the last layer."""
    n = pos.n
    g = pos.geo
    last = pos.geos[LAYER_COUNT - 1]
    empty_holes = [h for h in g.holes if h not in pos.occ]
    empty = len(empty_holes)
    fill = {s: fills[i] for i, s in enumerate(order)}
    alive = []
    for s in range(n):
        if inside[s] + outside[s] == 0:
            continue
        f = FILL_DISCOUNT * min(fill.get(s, 0.0), outside[s])
        if inside[s]:
            p = 1.0 - surv_loss[s] if inside[s] == 1 else 1.0
        elif empty and f > 0:
            p = 1.0 - (1.0 - min(1.0, f / empty)) ** empty
        else:
            p = 0.0
        if p <= 0:
            continue
        m = 0
        for h, o in pos.occ.items():
            if o == s and h in g.holeset:
                m |= last.to_hole.get(h, 0)
        if f > 0:
            for h in empty_holes:
                m |= last.to_hole.get(h, 0)
        alive.append((s, min(1.0, max(0.0, p)), m))
    if not alive:
        return [1.0 / n] * n
    cur = pos.cur if pos.cur is not None else 0
    turn = {(cur + k) % n: k for k in range(n)}
    hz = {s: _with_floor(_hazards(m, pos.fd[s], pos.full, pos.draws)) for s, _, m in alive}
    res = [0.0] * n
    total = 0.0
    k = len(alive)
    for bits in range(1, 1 << k):
        prob = 1.0
        group = []
        for i, (s, p, _) in enumerate(alive):
            if bits >> i & 1:
                prob *= p
                group.append(s)
            else:
                prob *= 1.0 - p
        if prob <= EPS:
            continue
        total += prob
        if len(group) == 1:
            res[group[0]] += prob
        else:
            group.sort(key=lambda s: turn[s])
            odds = _race_odds(group, hz, n)
            for s in group:
                res[s] += prob * odds[s]
    if total <= EPS:
        return [1.0 / n] * n
    return [x / total for x in res]


def placement_strength(pos: Pos, seat: int) -> float:
    """How well a seat's moles stand at setup: chance of each mole to reach a hole with one
    disc, chance that some mole can, and how many holes are in reach."""
    masks, per_mole = _scan(pos)
    full = pos.full
    total = 0.0
    reached = 0
    for p, s in pos.occ.items():
        if s == seat:
            mk = per_mole.get(p)
            if mk:
                total += hit_chance(mk, full, pos.draws)
    g = pos.geo
    for h in g.holes:
        for ray in g.inrays[h]:
            hit = False
            for p in ray:
                s = pos.occ.get(p)
                if s is not None:
                    hit = s == seat
                    break
            if hit:
                reached += 1
                break
    return total + 2.0 * hit_chance(masks[seat], full, pos.draws) + 0.25 * reached
