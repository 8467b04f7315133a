"""Forest Gold's computer players: the position value of the good player (``Evaluator``,
``seat_progress``) and the race clock (the turns each pack still needs to its target), which
the good player, the expert's guides and its leaf values share."""
from __future__ import annotations

import math
from collections import deque

from ...rules.forest import ForestState

STORED = 100.0
CARRY = 45.0
CARRY_HOME = 40.0
LOOSE_NEAR = 14.0
FRONTIER = 3.0
FRONTIER_FAR = 0.8  # ... farther from face-down tiles: this share, less with the distance
DEAD = 30.0
TRAPPED = 12.0
DANGER = 28.0
UNGUARDED = 25.0
EXPLORE_BASE = 4.0
GOLD_FOUND = 16.0   # a nugget found, by how near home it lies
TILE_WORTH = {"gold": 0.0, "lynx": -42.0, "bees": -9.0, "serpent": -12.0, "swamp": -5.0,
              "wolf_den": 1.0, "empty": 0.0, "mole_tunnel": 1.0, "bear": -2.0, "red_fox": 0.0,
              "hare": -1.0, "arrows": -1.0, "hunters_call": 0.0}
CARRIER_PATH = {"empty": 1, "gold": 1}     # open kinds a carrier walks through (swamps: bumps)
AVOID = {"bees", "lynx", "wolf_den", "hunters_call"}   # never on a carrier's way home
FACE_DOWN_COST = 3
TOP = 6            # first moves looked at two steps deep
LOOKAHEAD = 0.6    # weight of the best second step
CLOCK = 4.0        # Race: a turn the pack still needs to the target (``race_turns``)
NEAR_BASE, NEAR_POW = 0.1, 2     # gold found: its worth by how near home it lies
SWAMP_TURN = 4.0   # a swamp bump a piece still has to wade through
REPEAT = 4.0       # a piece back on a tile where it rested before, for each time before


def _cheb(a: int, b: int, n: int) -> int:
    return max(abs(a % n - b % n), abs(a // n - b // n))


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def chain_choices(st: ForestState, legal: list) -> list:
    """The choices inside a chain worth making (``st``: a state with the choice pending, e.g.
    dealt from the view; ``legal``: its choices).  A choice that only brings the piece back,
    through forced steps, to a choice already met in this chain changes nothing (the same
    choice again, nothing opened on the way) and is left out; where every choice does so, the
    one with the fewest choices left to a way that ends the chain.  So a player who keeps to
    these never sends a piece round in circles for ever (the rules let a player choose to go
    round again: RULINGS.md, forest, infinite loop)."""
    pend = st.pending
    if st.step != "choose" or pend is None or len(legal) < 2:
        return legal
    p = st._pid[pend["piece"]]
    here = p["at"]
    n = st.n
    met = set(pend["visited"])
    carry = p["carry"]

    def follow(frm: int, opts: list) -> list:
        """Where each option of the choice on ``frm`` leads: None (the chain ends) or the
        next choice, (tile, options)."""
        return [None if t == frm else
                st._trace(p, t, (_sign(t % n - frm % n), _sign(t // n - frm // n)), carry)
                for t in opts]

    opts = [a["to"][1] * n + a["to"][0] for a in legal]
    ends = follow(here, opts)
    fresh = [a for a, e in zip(legal, ends) if e is None or e[0] not in met]
    if fresh:
        return fresh
    # every choice comes back: the fewest choices to one that ends the chain
    graph = {}
    todo = [e for e in ends if e is not None]
    while todo:
        at, o = todo.pop()
        if at in graph:
            continue
        graph[at] = follow(at, o)
        todo.extend(e for e in graph[at] if e is not None and e[0] not in graph)
    far = len(graph) + 1
    dist = {at: far for at in graph}
    changed = True
    while changed:
        changed = False
        for at, nxt in graph.items():
            d = min(0 if e is None else dist[e[0]] + 1 for e in nxt)
            if d < dist[at]:
                dist[at], changed = d, True
    best = min(range(len(legal)), key=lambda i: dist[ends[i][0]])
    return [legal[best]]


class Evaluator:
    """The position value of a full forest state for one seat."""

    def __init__(self, seat: int):
        self.seat = seat

    def home_dist(self, st: ForestState, s: int) -> list:
        """Steps from every tile to pack ``s``'s campfire for a carrier (open tiles only)."""
        n = st.n
        home = st.camps[s]
        INF = 4 * n
        dist = [INF] * (n * n)
        if home is None:
            return dist
        dist[home] = 0
        q = deque([home])
        nb = st._nb
        types = st.data.types
        while q:
            c = q.popleft()
            dc = dist[c]
            for t in nb[c]:
                if dist[t] <= dc + 1:
                    continue
                if st.tile[t] is None:
                    continue
                if not st.opened[t]:
                    cost = FACE_DOWN_COST      # someone must open it first
                else:
                    spec = types[st.tile[t]]
                    k = spec["kind"]
                    if k in CARRIER_PATH:
                        cost = 1
                    elif k == "swamp":
                        cost = spec["bumps"]
                    elif k in AVOID:
                        continue
                    else:
                        cost = 3
                if dist[t] > dc + cost:
                    dist[t] = dc + cost
                    q.append(t)
        return dist

    def value(self, st: ForestState) -> float:
        seat = self.seat
        n = st.n
        P = st.players
        if st.current_player is None:
            if seat in st.winner_list:
                return 1e6 / len(st.winner_list)
            return -1e6
        rivals = [s for s in range(P) if not st.allied(s, seat)]
        w_rival = 1.0 / max(1, len(rivals)) * (2 if st.teams != list(range(P)) else 1)
        total = 0.0
        loose_cells = [c for c in range(n * n) if st.loose[c]
                       and st.tile[c] is not None and st.data.types[st.tile[c]]["kind"] != "bees"]
        loose_cells += [c for c, b in st.bump_nug.items() if sum(b)]
        pieces_at = pieces_by_cell(st)
        clock = race_turns(st) if st.variant == "race" and CLOCK else None
        types = st.data.types
        for s in range(P):
            sign = 1.0 if st.allied(s, seat) else -w_rival
            v = seat_progress(st, s, EVAL_WEIGHTS, pieces_at, loose_cells, cached_home_dist,
                              _frontier_bonus)
            for p in st.pieces[3 * s:3 * s + 3]:     # the bumps still to wade: turns lost
                if p["bump"] >= 0 and p["at"] is not None:
                    v -= SWAMP_TURN * (types[st.tile[p["at"]]]["bumps"] - 1 - p["bump"])
            total += sign * v
            if clock is not None and sign > 0:   # Race: the turns still needed to the target
                total -= CLOCK * clock[s]
        return total


# (stored, dead, trapped, carry, carry_home, danger, loose_near, unguarded): the weights of
# ``seat_progress`` for good's evaluation (in points) and for the expert's (in nuggets)
EVAL_WEIGHTS = (STORED, DEAD, TRAPPED, CARRY, CARRY_HOME, DANGER, LOOSE_NEAR, UNGUARDED)


def _frontier_bonus(st: ForestState, at: int) -> float:
    """good: a free canine next to a face-down tile, and less the farther the nearest one is
    (so that a canine with nothing to do near it heads for the tiles still to open)."""
    opened = st.opened
    if not all(opened[t] for t in st._nb[at]):
        return FRONTIER
    n = st.n
    x, y = at % n, at // n
    tile = st.tile
    best = n
    for c in range(n * n):
        if not opened[c] and tile[c] is not None:
            dx, dy = c % n - x, c // n - y
            d = max(dx if dx > 0 else -dx, dy if dy > 0 else -dy)
            if d < best:
                best = d
    return FRONTIER * FRONTIER_FAR * (1.0 - (best - 1) / n)


def pieces_by_cell(st: ForestState) -> dict:
    """Cell -> the pieces standing on it (pieces off the board left out)."""
    pieces_at: dict = {}
    for p in st.pieces:
        if p["at"] is not None:
            pieces_at.setdefault(p["at"], []).append(p)
    return pieces_at


def carrier_threatened(st: ForestState, p: dict, s: int, pieces_at: dict) -> bool:
    """Whether a rival could attack pack ``s``'s carrier ``p`` next turn: it stands outside its
    own camp and off a wolf den, next to an unallied, untrapped hunter (or, for a canine, any
    such piece)."""
    at = p["at"]
    if st._camp_of.get(at) == s or (
            st.tile[at] is not None and st.data.types[st.tile[at]]["kind"] == "wolf_den"):
        return False
    return any((q["kind"] == "hunter" or p["kind"] == "canine")
               for t in st._nb[at] for q in pieces_at.get(t, ())
               if not (st.allied(q["seat"], s) or q["trapped"]))


def seat_progress(st: ForestState, s: int, weights: tuple, pieces_at: dict, loose_cells: list,
                  home_dist, frontier) -> float:
    """One seat's progress under ``weights``: stored gold, carried gold by its way home (less
    where a rival could attack the carrier next turn), free pieces near loose gold, the
    ``frontier(st, at)`` bonus of a free canine, minus dead and trapped pieces and an unguarded
    campfire with rivals near.  Shared by good's ``Evaluator`` and the expert's
    ``pack_values``; reads only what the view shows."""
    stored_w, dead_w, trapped_w, carry_w, home_w, danger_w, loose_w, unguarded_w = weights
    n = st.n
    types = st.data.types
    v = stored_w * len(st.stored[s])
    dist = None
    for p in st.pieces:
        if p["seat"] != s:
            continue
        at = p["at"]
        if at is None:
            if p["kind"] == "canine":
                v -= dead_w
            continue
        if p["trapped"]:
            v -= trapped_w
        if p["carry"]:
            if dist is None:
                dist = home_dist(st, s)
            d = dist[at]
            if d >= 4 * n:
                d = 2 * _cheb(at, st.camps[s], n) + 4
            v += carry_w + home_w * max(0.0, 1 - d / (2 * n))
            if carrier_threatened(st, p, s, pieces_at):
                v -= danger_w
        else:
            if loose_cells:
                d = min(_cheb(at, c, n) for c in loose_cells)
                v += loose_w * max(0.0, 1 - d / n)
            if p["kind"] == "canine":
                v += frontier(st, at)
    camp = st.camps[s]
    if camp is not None and st.stored[s]:
        if not any(q["at"] == camp for q in st.pieces if q["seat"] == s):
            near = any(q["at"] is not None and not st.allied(q["seat"], s)
                       and _cheb(q["at"], camp, n) <= 2 for q in st.pieces)
            if near:
                v -= unguarded_w * min(2, len(st.stored[s]))
    return v


def _shares(zs: list) -> list:
    out = [1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))) for z in zs]
    total = sum(out)
    return [x / total for x in out]


# ------------------------------------------------------------------------------------------
# the race clock: how many turns each pack still needs (the planner's and the expert's value)
# ------------------------------------------------------------------------------------------
RC_DANGER = 4.0       # turns lost by a carrier a rival can attack next turn
RC_DEAD = 3.0         # turns lost by each dead canine (fewer pieces to spread out)
RC_TRAPPED = 2.0
RC_FLIP = 1.0         # turns a face-down tile costs to open
RC_UNGUARDED = 0.5    # stored nuggets at risk at an unguarded campfire with a rival near
RC_SCALE = 2.3        # logistic scale of the race, per sqrt(turns still needed by both)
RC_CAP_SCALE = 1.3    # ... and of the lead in nuggets home by the round cap
RC_MAX = 200.0


_HOME_CACHE: dict = {}
_HOME_CACHE_MAX = 4096


def cached_home_dist(st: ForestState, s: int) -> list:
    """``Evaluator.home_dist`` remembered by what it depends on (the campfire and the open
    tiles): the planner asks it for many states of one position.  Bounded."""
    camp = st.camps[s]
    cls = _path_classes(st.data)
    key = (st.n, camp, tuple([cls[t] if o else -1 for t, o in zip(st.tile, st.opened)]))
    d = _HOME_CACHE.get(key)
    if d is None:
        if len(_HOME_CACHE) >= _HOME_CACHE_MAX:
            _HOME_CACHE.clear()
        d = _HOME_CACHE[key] = Evaluator(s).home_dist(st, s)
    return d


_CLASSES: dict = {}


def _path_classes(data) -> dict:
    """Tile type -> what it is to a carrier on its way home (``home_dist`` reads no more)."""
    got = _CLASSES.get(id(data))
    if got is None:
        got = {None: -2}
        for t, spec in data.types.items():
            k = spec["kind"]
            got[t] = (0 if k in CARRIER_PATH else 100 + spec["bumps"] if k == "swamp"
                      else 1 if k in AVOID else 2)
        _CLASSES.clear()
        _CLASSES[id(data)] = got
    return got


def nugget_costs(st: ForestState, s: int, odds: float, hidden_gold: int, dist=None) -> tuple:
    """(stored, costs): pack ``s``'s stored nuggets (less those at risk) and the turns each
    further nugget would cost it, cheapest first - carried ones by their way home, loose ones
    by the walk of the nearest free piece plus the way home (and back for the next one of the
    pile), unseen ones by the face-down tiles to open per nugget found plus a way home.
    Reads only what the view shows (the unseen tiles as counts)."""
    n = st.n
    types = st.data.types
    tile, opened = st.tile, st.opened
    if dist is None:
        dist = cached_home_dist(st, s)
    camp = st.camps[s]
    far = 4 * n
    costs = []
    free = []
    penalty = 0.0
    pieces_at = pieces_by_cell(st)
    for p in st.pieces:
        if p["seat"] != s:
            continue
        at = p["at"]
        if at is None:
            if p["kind"] == "canine":
                penalty += RC_DEAD
            continue
        if p["trapped"]:
            penalty += RC_TRAPPED
            continue
        if p["carry"]:
            d = dist[at]
            if d >= far:
                d = 2 * _cheb(at, camp, n) + 4 if camp is not None else 2 * n
            if carrier_threatened(st, p, s, pieces_at):
                d += RC_DANGER
            costs.append(float(d))
        else:
            free.append(at)
    piles = []
    for c in range(n * n):
        k = st.loose[c]
        if k and tile[c] is not None and types[tile[c]]["kind"] != "bees":
            piles.append((c, k, 0))
    for c, b in st.bump_nug.items():
        k = sum(b)
        if k:
            piles.append((c, k, types[tile[c]]["bumps"]))
    for c, k, extra in piles:
        h = dist[c]
        if h >= far:
            h = 2 * _cheb(c, camp, n) + 4 if camp is not None else 2 * n
        h += extra
        a = min((_cheb(f, c, n) for f in free), default=2 * n)
        costs.append(float(a + h))
        for _ in range(k - 1):
            costs.append(float(2 * h + 1))
    if hidden_gold > 0 and odds > 0:
        # a nugget not yet found: the tiles to open per nugget, the walk of the nearest free
        # canine to a face-down tile, and a way home from the typical face-down tile
        home_sum = 0
        cnt = 0
        canines = [(p["at"] % n, p["at"] // n) for p in st.pieces
                   if p["seat"] == s and p["at"] is not None and p["kind"] == "canine"
                   and not p["trapped"] and not p["carry"]]
        walk = n
        n2 = 2 * n
        for c in range(n * n):
            if not opened[c] and tile[c] is not None:
                cnt += 1
                h = dist[c]
                home_sum += h if h < n2 else n2
                if canines and walk > 1:
                    x, y = c % n, c // n
                    for fx, fy in canines:
                        dx = x - fx if x > fx else fx - x
                        dy = y - fy if y > fy else fy - y
                        d = dx if dx > dy else dy
                        if d < walk:
                            walk = d
        if camp is None:
            home_sum = cnt * n
        if cnt:
            per = RC_FLIP / odds + home_sum / cnt
            costs.append(walk + per)
            for _ in range(min(hidden_gold, 8) - 1):
                costs.append(per * 1.3)
    costs.sort()
    stored = len(st.stored[s])
    if camp is not None and stored:
        if not any(q["at"] == camp for q in st.pieces if q["seat"] == s):
            if any(q["at"] is not None and not st.allied(q["seat"], s)
                   and _cheb(q["at"], camp, n) <= 2 for q in st.pieces):
                stored -= RC_UNGUARDED * min(2, stored)
    if penalty and costs:
        costs[0] += penalty
    return stored, costs


def _unseen_odds(st: ForestState) -> tuple:
    """(nuggets per unseen tile, nuggets expected under the face-down tiles): the unseen
    tiles (face-down and under the campfires) are the same multiset in every deal of a view,
    so neither depends on the deal."""
    types = st.data.types
    hidden = len(st.aside)
    gold = sum(types[t]["nuggets"] for t in st.aside if t is not None)
    down = 0
    tile, opened = st.tile, st.opened
    for c in range(st.n * st.n):
        if not opened[c] and tile[c] is not None:
            down += 1
            gold += types[tile[c]]["nuggets"]
    hidden += down
    odds = gold / hidden if hidden else 0.0
    return odds, int(round(odds * down))


def race_clock(st: ForestState) -> list:
    """Each seat's (logit of) win chances from the turns its pack still needs: Race - the
    turns to the target against the best rival's; near the round cap - the nuggets each pack
    gets home in the rounds left.  Allies pool their stored gold."""
    P = st.players
    odds, hidden_gold = _unseen_odds(st)
    per = [nugget_costs(st, s, odds, hidden_gold) for s in range(P)]
    left = max(0, st.data.settings["round_cap"] - st.round
               + (1 if st.current_player is not None else 0))
    target = st.settings_target() if st.variant == "race" else 10 ** 6
    out = []
    fin = []
    home = []
    for s in range(P):
        team = [t for t in range(P) if st.allied(t, s)]
        stored = sum(per[t][0] for t in team)
        costs = sorted(c for t in team for c in per[t][1]) if len(team) > 1 else per[s][1]
        need = target - stored
        # turns to the target (each pack of the team moves once a round), and the nuggets
        # home by the round cap; nuggets beyond the known ones cost 8 turns each
        acc = 0.0
        got = 0
        by_cap = stored
        budget = left * len(team)
        for c in costs:
            if need - got <= 0:
                break
            acc += c
            got += 1
            if acc <= budget:
                by_cap += 1
        if need - got <= 0:
            f = acc / len(team)
        else:
            f = min(RC_MAX, acc / len(team) + (need - got) * 8.0)
        if need <= 0:
            f = 0.0
        fin.append(f)
        home.append(by_cap)
    for s in range(P):
        rivals = [t for t in range(P) if not st.allied(t, s)]
        r = min(rivals, key=lambda t: fin[t])
        z_race = (fin[r] - fin[s]) / (RC_SCALE * math.sqrt(fin[r] + fin[s] + 1.0))
        z_cap = (home[s] - max(home[t] for t in rivals)) / RC_CAP_SCALE
        # which ends the game: the race where someone finishes within the rounds left
        w = 1.0 / (1.0 + math.exp(-(left - min(fin[s], fin[r])) / 3.0))
        out.append(w * z_race + (1 - w) * z_cap)
    return out


def race_turns(st: ForestState) -> list:
    """The turns each seat's pack (with its ally) still needs to the Race target, as the race
    clock counts them (``nugget_costs``): the planner's measure of progress."""
    P = st.players
    odds, hidden_gold = _unseen_odds(st)
    per = [nugget_costs(st, s, odds, hidden_gold) for s in range(P)]
    target = st.settings_target()
    fin = []
    for s in range(P):
        team = [t for t in range(P) if st.allied(t, s)]
        stored = sum(per[t][0] for t in team)
        costs = sorted(c for t in team for c in per[t][1]) if len(team) > 1 else per[s][1]
        need = target - stored
        acc = 0.0
        got = 0
        for c in costs:
            if need - got <= 0:
                break
            acc += c
            got += 1
        f = acc / len(team) if need - got <= 0 else \
            min(RC_MAX, acc / len(team) + (need - got) * 8.0)
        fin.append(0.0 if need <= 0 else f)
    return fin


def race_shares(st: ForestState) -> list:
    """Each seat's share of the win from the race clock alone."""
    return _shares(race_clock(st))


def carrier_walled(st: ForestState, p: dict, at: int) -> bool:
    """Whether carrier ``p``, standing on ``at``, has no way home along open tiles it may
    enter with its nugget (face-down tiles bar a carrier: someone must open them first)."""
    home = st.camps[p["seat"]]
    if home is None or at is None:
        return False
    seen = {at}
    todo = [at]
    nb, opened, camp_of = st._nb, st.opened, st._camp_of
    while todo:
        c = todo.pop()
        if c == home:
            return False
        for t in nb[c]:
            if t not in seen and (opened[t] or t in camp_of) and st.can_enter(p, t, True):
                seen.add(t)
                todo.append(t)
    return True
