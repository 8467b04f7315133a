"""Hamster Burrow's expert guide: ``HamsterPlanner``, a deeper expectimax over the coming rolls
with the timer followed roll by roll, and its endgame played for the win."""
from __future__ import annotations

import math
import time

from .players import HamsterAgent, NEAR_TIE, _chamber_of, _key, _own_sheet


# ------------------------------------------------------------------------------------------
# the expert's planner: a deeper expectimax over the coming rolls
# ------------------------------------------------------------------------------------------
class _Timer:
    """The timer as the planner follows it roll by roll: ``active``, boxes ``left`` and the
    most chambers another seat has started.  ``rolls(started)``: expected rolls after the
    current one (as ``_Clock``); ``next(r, started)``: the timer once the next roll is ``r``
    (a 4+ crosses a box of an active timer; a 4th chamber started by anyone switches the
    timer on for the next roll)."""
    __slots__ = ("length", "active", "left", "others")

    def __init__(self, length: int, active: bool, left: int, others: int):
        self.length, self.active, self.left, self.others = length, active, left, others

    def rolls(self, started: int) -> float:
        if self.active:
            return 2.0 * self.left
        if started >= 4 or self.others >= 4:
            return 2.0 * self.length
        return 2.0 * self.length + 3.0 * (4 - max(started, self.others))

    def over(self) -> bool:
        return self.active and self.left <= 0

    def next(self, r: int, started: int) -> "_Timer":
        active, left = self.active, self.left
        if not active and (started >= 4 or self.others >= 4):
            active, left = True, self.length
        if active and r >= 4:
            left -= 1
        return _Timer(self.length, active, left, self.others)

    def key(self, started: int) -> tuple:
        return (self.active, self.left, self.others >= 4 or started >= 4)


ENDGAME_BOXES = 5   # the planner plays for the win once fewer timer boxes than this are left
END_DEPTH = 2       # rolls the endgame follows after the current one
END_BEAM = 3        # own sets followed at each roll inside the endgame's look
END_TOP = 6         # the static evaluation's best sets also looked at by the endgame
END_EPS = 0.01      # a chance of the win higher by this replaces the planner's order
END_SPREAD = 2.5    # spread of the final lead per sqrt(roll left) at the endgame's horizon


class HamsterPlanner(HamsterAgent):
    """The expert's guide: the good player's sheet evaluation, looked at further ahead.

    Every legal set is scored statically; the best ``wide`` are looked at one roll further
    (the expected best static value over the six faces), the best ``deep`` of those two rolls
    further (at the second roll only the ``beam`` best sets by static value are followed).
    The timer is followed roll by roll (a 4+ crosses a box; the roll that crosses the last one
    ends the game), not averaged.  With other seats, switching the timer on also counts what
    it takes from the leading rival (rolls are worth as much to them), so that a player ahead
    hurries the end and a player behind does not."""
    level = "good"

    def __init__(self, game: str = "hamster", seed: int | None = None,
                 weights: dict | None = None, wide: int = 8, deep: int = 3, beam: int = 2,
                 ones: int = 3, rival: float = 1.0, endgame: int = ENDGAME_BOXES):
        super().__init__(game, seed, weights)
        self.wide, self.deep, self.beam, self.ones, self.rival = wide, deep, beam, ones, rival
        self.endgame = endgame  # timer boxes left from which the endgame plays for the win
        self.deadline = None    # perf_counter time to answer by (the expert sets it), or None

    def choose(self, view: dict, legal: list):
        crosses = [a for a in legal if a.get("type") == "cross"]
        if len(legal) == 1 or not crosses:
            return legal[0]
        geo, mine, free, any_first, roll = _own_sheet(view)
        players = int(view.get("players", 1))
        if players == 1:    # solo: the timer's two rounds; the good player's clock
            return super().choose(view, legal)
        tm = view.get("timer") or {}
        length = int(tm.get("length", geo.timer))
        seat = view.get("seat") or 0
        rivals = []
        others = 0
        for s, sh in enumerate(view.get("sheets", [])):
            if s == seat:
                continue
            m = geo.mask_of(sh.get("crosses", []))
            rivals.append((m, geo.one_row - int(sh.get("one_row_used", 0))))
            others = max(others, geo.started(m))
        timer = _Timer(length, bool(tm.get("active")), length - int(tm.get("crossed", 0)),
                       others)
        self._geo, self._any, self._memo = geo, any_first, {}
        n0 = geo.started(mine)
        # what switching the timer on now takes from the leading rival
        hurry = 0.0
        if self.rival and not timer.active and others < 4 and n0 < 4 and rivals:
            on, off = timer.rolls(4), timer.rolls(n0)
            best = None
            for m, fr in rivals:
                a = geo.evaluate(m, fr, off, any_first, self.w)
                if best is None or a > best[0]:
                    best = (a, geo.evaluate(m, fr, on, any_first, self.w))
            hurry = self.rival * (best[0] - best[1])
        scored = []
        for a in sorted(crosses, key=_key):
            s = geo.mask_of(a["cells"])
            after = mine | s
            slots = free - (len(a["cells"]) if roll == 1 else 0)
            n = geo.started(after)
            v = geo.evaluate(after, slots, timer.rolls(n), any_first, self.w)
            bonus = hurry if n >= 4 > n0 else 0.0
            scored.append([v + bonus, a, after, slots, bonus])
        scored.sort(key=lambda t: -t[0])
        static = scored
        deadline = self.deadline
        for depth, width in ((1, self.wide), (2, self.deep)):
            if width <= 0 or len(scored) < 2:
                break
            top = scored[:width]
            values = []
            for item in top:
                if deadline is not None and time.perf_counter() >= deadline:
                    break       # out of time: the last complete look stands
                values.append(self._value(item[2], item[3], timer, depth) + item[4])
            if len(values) < len(top):
                break
            top = [[v] + item[1:] for v, item in zip(values, top)]
            top.sort(key=lambda t: -t[0])
            scored = top
        if (self.endgame > 0 and rivals and timer.active and timer.left < self.endgame
                and (deadline is None or time.perf_counter() < deadline)):
            # the last rolls: the set that most likely ends ahead of every rival
            order = [(t[1], t[2], t[3]) for t in scored]
            if timer.over():        # this roll is the last: every set, scored exactly
                more = [(a, mine | geo.mask_of(a["cells"]),
                         free - (len(a["cells"]) if roll == 1 else 0))
                        for a in sorted(crosses, key=_key)]
            else:
                more = [(t[1], t[2], t[3]) for t in static[:END_TOP]]
            seen = {id(a) for a, _, _ in order}
            order += [c for c in more if id(c[0]) not in seen]
            return self._endgame(order, rivals, timer, roll, deadline)
        best = scored[0][0]
        slack = NEAR_TIE * max(1.0, abs(best))
        ties = [t[1] for t in scored if t[0] >= best - slack]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    # ---- the last rolls: play for the win ---------------------------------------------------
    def _endgame(self, cands: list, rivals: list, timer: _Timer, roll: int, deadline):
        """The candidate (action, sheet after, slots left), in the planner's order, with the
        best chance to finish ahead of every rival: the rivals choose for each roll as the good
        player's sheet evaluation says (this roll too: their choice is not seen yet), the
        coming rolls are followed ``END_DEPTH`` deep (the roll that crosses the last timer box
        ends the game and is scored by the rulebook's order), and a sheet at the horizon is
        judged by its lead in evaluation against the spread of the rolls still to come.  A
        later candidate replaces an earlier one only if its chance is higher by
        ``END_EPS``."""
        self._wmemo, self._rmemo, self._rival_value = {}, {}, {}
        rnow = tuple(self._rival_move(m, fr, roll, timer) for m, fr in rivals)
        best = None
        for a, after, slots in cands:
            if best is not None and deadline is not None and time.perf_counter() >= deadline:
                break
            if timer.over():
                p = self._win(after, rnow)
            else:
                p = self._win_value(after, slots, rnow, timer, END_DEPTH)
            if best is None or p > best[0] + END_EPS:
                best = (p, a)
        return best[1]

    def _rival_move(self, m: int, fr: int, r: int, timer: _Timer) -> tuple:
        """A rival's sheet (crosses, free slots) after its choice for the roll ``r`` (the
        timer as it is once ``r`` has crossed its box): the best set by the sheet evaluation,
        by the points scored on the last roll."""
        key = (m, fr, r, timer.active, timer.left)
        got = self._rmemo.get(key)
        if got is not None:
            return got
        geo = self._geo
        best, out = None, (m, fr)
        last = timer.over()
        n0 = geo.started(m)
        for k, s in self._options(m, fr, r):
            after = m | s
            if last:
                v = geo.rank(after)
            else:
                n = n0 + (0 if m & _chamber_of(geo, s) else 1)
                v = geo.evaluate(after, fr - k, timer.rolls(n), self._any, self.w)
            if best is None or v > best:
                best, out = v, (after, fr - k)
        self._rmemo[key] = out
        return out

    def _win(self, mine: int, rivals: tuple) -> float:
        """My share of the win when the game ends with these sheets."""
        geo = self._geo
        me = geo.rank(mine)
        tied = 1
        for m, _ in rivals:
            k = geo.rank(m)
            if k > me:
                return 0.0
            if k == me:
                tied += 1
        return 1.0 / tied

    def _lead_odds(self, mine: float, rivals: tuple, timer: _Timer) -> float:
        """The chance that a sheet worth ``mine`` by the evaluation ends ahead of the rivals'
        sheets: the normal odds of its lead over the best of them against ``END_SPREAD`` x
        sqrt(rolls left)."""
        T = timer.rolls(4)
        key = (rivals, T)
        best = self._rival_value.get(key)
        if best is None:
            geo = self._geo
            best = self._rival_value[key] = max(geo.evaluate(m, fr, T, self._any, self.w)
                                                for m, fr in rivals)
        lead = mine - best
        return 0.5 * (1.0 + math.erf(lead / (END_SPREAD * math.sqrt(max(T, 0.5)) * 1.4142)))

    def _win_value(self, mine: int, slots: int, rivals: tuple, timer: _Timer,
                   depth: int) -> float:
        """My expected share of the win from a roll step (``mine``: my sheet after this roll's
        choice), ``depth`` rolls ahead."""
        if depth <= 0:
            v = self._geo.evaluate(mine, slots, timer.rolls(4), self._any, self.w)
            return self._lead_odds(v, rivals, timer)
        key = (mine, slots, rivals, timer.active, timer.left, depth)
        got = self._wmemo.get(key)
        if got is not None:
            return got
        geo = self._geo
        total = 0.0
        for r in range(1, 7):
            t2 = timer.next(r, 4)
            riv = tuple(self._rival_move(m, fr, r, t2) for m, fr in rivals)
            opts = self._options(mine, slots, r) or [(0, 0)]
            if t2.over():
                total += max(self._win(mine | s, riv) for _, s in opts)
                continue
            if depth == 1:     # the odds grow with the evaluation: the best sheet's odds
                T = t2.rolls(4)
                total += self._lead_odds(max(geo.evaluate(mine | s, slots - k, T, self._any,
                                                          self.w) for k, s in opts), riv, t2)
                continue
            if len(opts) > END_BEAM:
                T = t2.rolls(4)
                opts = sorted(opts, key=lambda o: -geo.evaluate(mine | o[1], slots - o[0], T,
                                                                  self._any, self.w))
                opts = opts[:END_BEAM]
            total += max(self._win_value(mine | s, slots - k, riv, t2, depth - 1)
                         for k, s in opts)
        total /= 6.0
        self._wmemo[key] = total
        return total

    def _options(self, crosses: int, slots: int, r: int) -> list:
        geo, anyf = self._geo, self._any
        if r == 1:
            return [(k, s) for k in range(1, min(slots, self.ones) + 1)
                    for s in geo.legal_sets(crosses, k, anyf)]
        return [(0, s) for s in geo.legal_sets(crosses, r, anyf)]

    def _value(self, crosses: int, slots: int, timer: _Timer, depth: int) -> float:
        """Expected value of a sheet after this roll's choice, ``depth`` rolls ahead."""
        geo = self._geo
        n = geo.started(crosses)
        if depth <= 0 or timer.over():
            return geo.evaluate(crosses, slots, timer.rolls(n), self._any, self.w)
        key = (crosses, slots, timer.key(n), depth)
        got = self._memo.get(key)
        if got is not None:
            return got
        total = 0.0
        for r in range(1, 7):
            t2 = timer.next(r, n)
            opts = self._options(crosses, slots, r)
            if not opts:
                total += self._value(crosses, slots, t2, depth - 1)
                continue
            vals = []
            for k, s in opts:
                after = crosses | s
                n2 = n + (0 if crosses & _chamber_of(geo, s) else 1)
                vals.append((geo.evaluate(after, slots - k, t2.rolls(n2), self._any, self.w),
                             after, slots - k))
            if depth == 1 or t2.over():
                total += max(v[0] for v in vals)
                continue
            vals.sort(key=lambda t: -t[0])
            total += max(self._value(after, sl, t2, depth - 1)
                         for _, after, sl in vals[:self.beam])
        total /= 6.0
        self._memo[key] = total
        return total
