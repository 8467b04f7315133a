"""Forest Gold's computer players: the beginner (``ForestBeginnerAgent``) and the good player
(``ForestAgent``), and the good player's strength report (``duel``, ``strength_report``)."""
from __future__ import annotations

import statistics
from collections import Counter

from .. import Agent
from ...rules.base import action_key
from ...rules.forest import ForestState
from .value import (EXPLORE_BASE, GOLD_FOUND, LOOKAHEAD, NEAR_BASE, NEAR_POW, REPEAT,
                    TILE_WORTH, TOP, Evaluator, _cheb, carrier_walled, chain_choices)


class ForestBeginnerAgent(Agent):
    level = "beginner"

    def choose(self, view: dict, legal: list):
        if len(legal) > 1 and view["step"] == "choose":
            legal = chain_choices(ForestState.from_view(view, 0), legal)
        if len(legal) == 1:
            return legal[0]
        seat = view["seat"]
        n = view["size"]
        camp = view["camps"][seat]
        cells = view["cells"]
        home = None if camp is None else camp[1] * n + camp[0]
        pieces = {p["id"]: p for p in view["pieces"]}
        good, ok = [], []
        for a in legal:
            t = a["type"]
            if t == "move_camp":
                continue
            if t == "move":
                p = pieces[a["piece"]]
                x, y = a["to"]
                c = y * n + x
                cv = cells[c]
                if a["carry"] and home is not None:
                    if c == home:
                        return a
                    here = p["at"][1] * n + p["at"][0]
                    if _cheb(c, home, n) < _cheb(here, home, n):
                        good.append(a)
                        continue
                if cv is not None and cv["kind"] == "lynx" and p["kind"] == "canine":
                    continue
            ok.append(a)
        if good:
            return self.rng.choice(good)
        if ok:
            return self.rng.choice(ok)
        return self.rng.choice(legal)


class ForestAgent(Agent):
    level = "good"
    unwall = True

    def __init__(self, game: str, seed: int | None = None):
        super().__init__(game, seed)
        self._visits: Counter = Counter()  # (piece, tile, nugget, bump) where it came to rest
        self._last: dict = {}              # piece -> where it stood at the last move
        self._round = 0

    def _count_visits(self, st: ForestState, seat: int, rnd: int) -> None:
        """Where the own pieces stand now, counted once each time one comes to rest there."""
        if rnd < self._round:              # another game
            self._visits.clear()
            self._last.clear()
        self._round = rnd
        for p in st.pieces:
            if p["seat"] == seat and p["at"] is not None:
                where = (p["at"], p["carry"], p["bump"])
                if self._last.get(p["id"]) != where:
                    self._last[p["id"]] = where
                    self._visits[(p["id"], *where)] += 1
        camp = st.camps[seat]
        if camp is not None and self._last.get("camp") != camp:
            self._last["camp"] = camp
            self._visits[("camp", camp)] += 1

    def _again(self, base: ForestState, st: ForestState, action, seat: int) -> float:
        """What the action costs for bringing a piece back where it has rested before (each
        time before: REPEAT); nothing where it stores or picks up gold."""
        if action["type"] == "move_camp":        # the campfire back where it stood
            return REPEAT * self._visits.get(("camp", st.camps[seat]), 0)
        pid = action.get("piece")
        if pid is None or len(st.stored[seat]) != len(base.stored[seat]):
            return 0.0
        q = st._pid[pid]
        if q["at"] is None or (q["carry"] and not base._pid[pid]["carry"]):
            return 0.0
        return REPEAT * self._visits.get((pid, q["at"], q["carry"], q["bump"]), 0)

    def choose(self, view: dict, legal: list):
        if len(legal) == 1:
            return legal[0]
        seat = view["seat"]
        if view["step"] == "camp":      # the middle of the own edge: short ways everywhere
            mid = (view["size"] - 1) / 2
            return min(legal, key=lambda a: (abs(a["cell"][0] - mid) + abs(a["cell"][1] - mid),
                                             a["cell"]))
        base = ForestState.from_view(view, self.rng.randrange(2**31))
        ev = self.evaluator(seat)
        unseen = view["unseen"]
        total = sum(unseen.values()) or 1
        types = base.data.types
        risk = EXPLORE_BASE + sum(k / total * TILE_WORTH[types[t]["kind"]]
                                  for t, k in unseen.items() if types[t]["kind"] != "gold")
        gold = sum(k / total * types[t]["nuggets"] for t, k in unseen.items()
                   if types[t]["kind"] == "gold")
        home = ev.home_dist(base, seat) if base.camps[seat] is not None else None
        n2 = 2 * base.n

        def explore(c):
            near = 1.0 if home is None else max(0.0, 1 - home[c] / n2)
            return risk + gold * GOLD_FOUND * (NEAR_BASE + (1 - NEAR_BASE) * near ** NEAR_POW)
        found: dict = {}
        first = self._options(base, ev, seat, explore, found=found)
        if view["step"] == "choose":      # no choice that only goes round to a choice met
            acts = base.legal_actions()
            keep = {action_key(a) for a in chain_choices(base, acts)}
            first = [x for x in first if action_key(acts[x[1]]) in keep]
        again: dict = {}
        if view["step"] == "move":
            # a piece brought back where it rested before costs REPEAT for each time: a
            # pack that only paces to and fro (a carrier walled in, a guard, a canine that
            # would rather not open a tile) tries something else and the race goes on
            self._count_visits(base, seat, view["round"])
            acts = base.legal_actions()
            for _v, i, st in first:
                k = self._again(base, st, acts[i], seat)
                if k:
                    again[i] = k
            if again:
                first = [(v - again.get(i, 0.0), i, st) for v, i, st in first]
        first.sort(key=lambda x: -x[0])
        best_v, best = None, None
        looked = []
        for v1, i, st in first[:TOP]:
            v = v1 + self._answer(st, ev, seat)
            if st.current_player is not None and st.current_player != seat:
                # my next move as if the rivals stood still: plans of two steps
                st.current_player = seat
                st.step = "move"
                st._legal = None
                nxt = self._options(st, ev, seat, explore, keep=False)
                if nxt:
                    # what the first step opened stays found: its worth counts in both
                    # (else opening a tile always looked better one turn later)
                    v = (1 - LOOKAHEAD) * v1 + LOOKAHEAD * (max(x[0] for x in nxt)
                                                            + found.get(i, 0.0)
                                                            - again.get(i, 0.0))
            looked.append((v, i))
            if best_v is None or v > best_v:
                best_v, best = v, i
        self._rank(base, legal, looked, first)
        want = action_key(base.legal_actions()[best])
        return self._habits(view, legal, next((a for a in legal if action_key(a) == want),
                                              legal[0]))

    def _habits(self, view: dict, legal: list, pick):
        """The planner's pick, or what a habit does instead: a canine carrier walled in by
        face-down tiles opens its way home (``_unwall``) rather than pace to and fro."""
        return (self._unwall(view, legal, pick) if self.unwall else None) or pick

    def evaluator(self, seat: int) -> Evaluator:
        """The position value this player plans with (a hook for the expert's guide)."""
        return Evaluator(seat)

    def _answer(self, st: ForestState, ev: Evaluator, seat: int) -> float:
        """Hook for the expert's guide: what the rival's answer to a move costs (good: 0)."""
        return 0.0

    def _rank(self, base, legal, looked, first) -> None:
        """Hook for ``ForestGuide``: the good player itself keeps no ranking."""

    def _options(self, base, ev, seat, explore, keep=True, found=None) -> list:
        """(value, index, state after) of every legal action of ``base``; ``found``: index ->
        the expected worth of the face-down tile that action opens (in its value too)."""
        n = base.n
        out = []
        for i, a in enumerate(base.legal_actions()):
            st = base.clone()
            bonus = 0.0
            if a["type"] == "move":
                x, y = a["to"]
                c = y * n + x
                if not st.opened[c] and st.tile[c] is not None:
                    st.tile[c] = "empty"
                    st.rot[c] = 0
                    bonus = explore(c)
                    if found is not None:
                        found[i] = bonus
            st.apply(st.legal_actions()[i])
            v = self._settle(st, ev, seat, 3) + bonus + self.rng.random() * 1e-3
            out.append((v, i, st if keep else None))
        return out

    def _unwall(self, view: dict, legal: list, pick):
        """The step that opens a walled-in canine carrier's way home instead of ``pick``, where
        ``pick`` moves that carrier to a tile still walled in (else None)."""
        if pick.get("type") != "move" or not pick.get("carry"):
            return None
        pv = next((q for q in view["pieces"] if q["id"] == pick["piece"]), None)
        if pv is None or pv["kind"] != "canine" or pv["at"] is None:
            return None
        cells, size = view["cells"], view["size"]
        x0, y0 = pv["at"]
        if not any(cells[y * size + x] is None for x in range(max(0, x0 - 1), min(size, x0 + 2))
                   for y in range(max(0, y0 - 1), min(size, y0 + 2))):
            return None                         # no face-down tile next to it to open
        st = ForestState.from_view(view, 0)     # reads open tiles only: the deal is moot
        p = st._pid[pick["piece"]]             # a canine on the board (checked in the view)
        if not p["carry"]:
            return None
        n = st.n
        to = pick["to"][1] * n + pick["to"][0]
        if not carrier_walled(st, p, p["at"]) or not carrier_walled(st, p, to):
            return None
        dist = Evaluator(p["seat"]).home_dist(st, p["seat"])
        best = None
        for a in legal:
            if a.get("type") != "move" or a["piece"] != p["id"] or a["carry"]:
                continue
            c = a["to"][1] * n + a["to"][0]
            if st.opened[c]:
                continue
            key = (dist[c], c)
            if best is None or key < best[0]:
                best = (key, a)
        return None if best is None else best[1]

    def _settle(self, st: ForestState, ev: Evaluator, seat: int, depth: int) -> float:
        if st.current_player == seat and st.step == "choose" and depth > 0:
            vals = []
            for i in range(len(st.legal_actions())):
                s2 = st.clone()
                s2.apply(s2.legal_actions()[i])
                vals.append(self._settle(s2, ev, seat, depth - 1))
            return max(vals)
        return ev.value(st)


# ------------------------------------------------------------------------------------------
# strength report
# ------------------------------------------------------------------------------------------
def duel(games: int, seed: int, opponent: str, variant: str = "race", timer=None,
         options=None) -> dict:
    """Good against ``opponent`` in 2-pack games, seats alternating; a shared win counts half."""
    from .. import play_seeded_game
    score = 0.0
    for g in range(games):
        levels = ["good", opponent] if g % 2 == 0 else [opponent, "good"]
        good_seat = g % 2
        state, _ = play_seeded_game("forest", levels, seed + g, variant=variant,
                                    options=options, timer=timer)
        w = state.winners()
        if good_seat in w:
            score += 1.0 / len(w)
    return {"games": games, "good_wins": score, "rate": score / games if games else 0.0}


def strength_report(games: int = 200, seed: int = 1) -> dict:
    """Good vs random and vs beginner in 2-pack Race games, and the good player's times."""
    times: list = []
    out = {"games": games, "seed": seed,
           "vs_random": duel(games, seed, "random", timer=times),
           "vs_beginner": duel(games, seed, "beginner", timer=times)}
    out["decisions"] = len(times)
    out["median_decide_s"] = statistics.median(times) if times else None
    out["max_decide_s"] = max(times) if times else None
    return out
