"""Mole Dig's computer players: ``MolesBeginnerAgent``, ``MolesAgent`` (the good player),
one seeded match and the strength report."""
from __future__ import annotations

import statistics

from .. import Agent
from .equity import equity, placement_strength
from .pos import ALPHAS, BEFORE_LAST, EPS, NODE_BUDGET, Pos, SEARCH_MARGIN, TOP_K, draw_outcomes


# ------------------------------------------------------------------------------------------
# the agents
# ------------------------------------------------------------------------------------------
def _holes_of(view: dict) -> set:
    return {tuple(p) for p in view["layers"][view["layer"]]["holes"]}


class MolesBeginnerAgent(Agent):
    """Random, but into a hole whenever possible and never out of one if it can help it."""
    level = "beginner"

    def choose(self, view: dict, legal: list):
        if view.get("step") == "move":
            holes = _holes_of(view)
            into = [a for a in legal if a["type"] == "move"
                    and tuple(a["to"]) in holes and tuple(a["frm"]) not in holes]
            if into:
                return self.rng.choice(into)
            stay = [a for a in legal if a["type"] == "move" and tuple(a["frm"]) not in holes]
            if stay:
                return self.rng.choice(stay)
        return self.rng.choice(legal)


class MolesAgent(Agent):
    """The "good" computer player (see the module text)."""
    level = "good"

    def __init__(self, game: str = "moles", seed: int | None = None, depth: int = 2,
                 top_k: int = TOP_K, margin: float = SEARCH_MARGIN, budget: int = NODE_BUDGET):
        super().__init__(game, seed)
        self.depth = depth
        self.top_k = top_k          # candidates searched one ply deeper
        self.margin = margin        # ... unless they trail the best by more than this
        self.budget = budget        # evaluations allowed for the second ply
        self.alphas = ALPHAS        # the evaluation's weights (see ``equity``)
        self.before_last = BEFORE_LAST
        self.evals = 0

    # -- helpers ------------------------------------------------------------------------------
    def _eq(self, pos: Pos) -> list:
        self.evals += 1
        return equity(pos, self.alphas, self.before_last)

    def _pick(self, scored: list):
        """The best (score, action) pair; ties broken by the agent's own random numbers."""
        best = max(s for s, _ in scored)
        top = [a for s, a in scored if s >= best - 1e-12]
        return top[0] if len(top) == 1 else self.rng.choice(top)

    def _best_move_value(self, pos: Pos, me: int, value: int, bonus: bool) -> float:
        """Value for ``me`` of turning ``value`` now (the disc already taken) and playing the
        best move by one-ply equity; no move: the disc is spent."""
        mvs = pos.moves(me, value, bonus)
        if not mvs:
            c = pos.copy()
            c.end_turn(me)
            return self._eq(c)[me]
        best = -1.0
        for frm, to in mvs:
            c = pos.copy()
            c.move(me, frm, to)
            c.end_turn(me)
            best = max(best, self._eq(c)[me])
        return best

    def _bonus_value(self, pos: Pos, me: int) -> float:
        """Expected value of taking the bonus disc now (``pos``: the mole on the big space)."""
        total = 0.0
        for values, prob in draw_outcomes(pos.fd[me], pos.draws):
            best = -1.0
            for v in values:
                c = pos.copy()
                c.use_disc(me, v)
                best = max(best, self._best_move_value(c, me, v, bonus=True))
            total += prob * best
        return total

    def _after_move(self, pos: Pos, me: int, frm, to, in_bonus: bool):
        """(one-ply value, position at the next player's turn, bonus gain) of a root move."""
        c = pos.copy()
        offer = c.move(me, frm, to) and not in_bonus
        if c.winner is not None:
            return (1.0 if c.winner == me else 0.0), c, 0.0
        after = c.copy()
        after.end_turn(me)
        v_pass = self._eq(after)[me]
        gain = 0.0
        if offer:
            v_bonus = self._bonus_value(c, me)
            gain = max(0.0, v_bonus - v_pass)
        return v_pass + gain, after, gain

    def _reply_value(self, pos: Pos, me: int) -> float:
        """``pos``: the next player's turn.  Their best reply by the same evaluation, averaged
        over their disc odds; our value afterwards."""
        t = pos.cur
        if pos.winner is not None or t is None or t == me:
            return self._eq(pos)[me]
        per_value: dict = {}
        for values, _ in draw_outcomes(pos.fd[t], pos.draws):
            for v in values:
                if v in per_value:
                    continue
                mvs = pos.moves(t, v)
                if not mvs:
                    e = self._eq(pos.play(t, v, None))
                    per_value[v] = (e[t], e[me])
                    continue
                best = None
                for mv in mvs:
                    e = self._eq(pos.play(t, v, mv))
                    if best is None or e[t] > best[0]:
                        best = (e[t], e[me])
                per_value[v] = best
        total = 0.0
        for values, prob in draw_outcomes(pos.fd[t], pos.draws):
            choice = max((per_value[v] for v in values), key=lambda x: x[0])
            total += prob * choice[1]
        return total

    def _reply_cost(self, pos: Pos) -> int:
        t = pos.cur
        if pos.winner is not None or t is None:
            return 0
        return sum(max(1, len(pos.moves(t, v))) for v in set(pos.fd[t]))

    def _search_moves(self, pos: Pos, me: int, value: int, in_bonus: bool, candidates,
                      prune: bool = True):
        """Score ``candidates`` [(action, frm, to)] for disc ``value``: list of (score, action)."""
        first = []
        for action, frm, to in candidates:
            v1, after, gain = self._after_move(pos, me, frm, to, in_bonus)
            first.append((v1, action, after, gain))
        if self.depth < 2 or len(first) < 2:
            return [(v, a) for v, a, _, _ in first]
        first.sort(key=lambda x: -x[0])
        if first[0][0] >= 1.0 - EPS:           # a winning move
            return [(v, a) for v, a, _, _ in first]
        top = first[:self.top_k]
        if prune:   # candidates far behind after one ply are not searched deeper
            top = [x for x in top if x[0] >= first[0][0] - self.margin]
            if len(top) == 1:
                return [(top[0][0], top[0][1])]
        spent = 0
        deeper = []
        for v1, action, after, gain in top:
            if after.winner is not None:
                deeper.append((v1, action))
                continue
            cost = self._reply_cost(after)
            if spent + cost > self.budget and deeper:
                break
            spent += cost
            deeper.append((self._reply_value(after, me) + gain, action))
        return deeper

    # -- decisions ----------------------------------------------------------------------------
    def choose(self, view: dict, legal: list):
        if len(legal) == 1:
            return legal[0]
        pos = Pos.from_view(view)
        me = view["current_player"]
        step = view["step"]
        if step == "place":
            return self._place(pos, me, legal)
        if step == "keep":
            return self._keep(pos, me, view, legal)
        if step == "move":
            value = view["pending"][0]
            cands = [(a, tuple(a["frm"]), tuple(a["to"])) for a in legal if a["type"] == "move"]
            if len(cands) != len(legal):
                return self.rng.choice(legal)
            return self._pick(self._search_moves(pos, me, value, view["in_bonus"], cands))
        if step == "bonus":
            return self._bonus(pos, me, legal)
        return self.rng.choice(legal)

    def _place(self, pos: Pos, me: int, legal: list):
        scored = []
        for a in legal:
            p = tuple(a["at"])
            c = pos.copy()
            c.occ[p] = me
            mine = placement_strength(c, me)
            others = [placement_strength(c, s) for s in range(c.n) if s != me]
            scored.append((mine - (max(others) if others else 0.0), a))
        return self._pick(scored)

    def _keep(self, pos: Pos, me: int, view: dict, legal: list):
        pending = list(view["pending"])
        scored = []
        for a in legal:
            v = a.get("value")
            if a["type"] != "keep" or v not in pending:
                return self.rng.choice(legal)
            rest = list(pending)
            rest.remove(v)
            c = pos.copy()
            fd = [x for x in view["discs"][me]["face_down"]] + rest
            c.fd[me] = tuple(sorted(fd)) or c.full
            mvs = c.moves(me, v, view["in_bonus"])
            if not mvs:
                after = c.copy()
                after.end_turn(me)
                scored.append((self._eq(after)[me], a))
                continue
            cands = [(None, f, t) for f, t in mvs]
            res = self._search_moves(c, me, v, view["in_bonus"], cands, prune=False)
            scored.append((max(s for s, _ in res), a))
        return self._pick(scored)

    def _bonus(self, pos: Pos, me: int, legal: list):
        after = pos.copy()
        after.end_turn(me)
        v_pass = self._eq(after)[me]
        v_bonus = self._bonus_value(pos, me)
        want = "bonus" if v_bonus > v_pass + 1e-6 else "pass"
        for a in legal:
            if a["type"] == want:
                return a
        return self.rng.choice(legal)  # pragma: no cover


# ------------------------------------------------------------------------------------------
# strength report (called by the bench)
# ------------------------------------------------------------------------------------------
def play_match(levels: list, seed: int, players: int = 2, options: dict | None = None,
               timer: list | None = None, good_level: str = "good") -> list:
    """One seeded game; ``levels[seat]`` per seat.  Returns the winners.  Decision times of
    the ``good_level`` seats are appended to ``timer``."""
    from ..arena import play_seeded_game
    state, _ = play_seeded_game("moles", levels, seed, None, options, timer, good_level,
                                players=players)
    return state.winners()


def strength_report(games: int = 200, seed: int = 1) -> dict:
    """Two-player win rates of "good" against "random" and "beginner" over ``games`` seeded
    games each (seats alternate), with the good player's decision times."""
    out: dict = {"games": games, "seed": seed}
    times: list = []
    for opponent in ("random", "beginner"):
        wins = 0
        for i in range(games):
            good_seat = i % 2
            levels = ["good", opponent] if good_seat == 0 else [opponent, "good"]
            winners = play_match(levels, seed + i, timer=times)
            if winners == [good_seat]:
                wins += 1
        out[f"good_vs_{opponent}"] = wins / games
    out["decisions"] = len(times)
    out["median_decide_s"] = statistics.median(times) if times else None
    out["max_decide_s"] = max(times) if times else None
    return out
