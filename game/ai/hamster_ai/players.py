"""Hamster Burrow's computer players: ``HamsterBeginnerAgent``, ``HamsterAgent`` (the good
player), one seeded game and the strength report."""
from __future__ import annotations

import statistics

from .. import Agent
from .geo import Geo, LOOKAHEAD, W, _Clock, geometry


# ------------------------------------------------------------------------------------------
# agents
# ------------------------------------------------------------------------------------------
def _key(action) -> tuple:
    """A cheap canonical order for actions (decisions must not depend on list order)."""
    return (action.get("type", ""), tuple(tuple(c) for c in action.get("cells", ())))


def _own(view: dict) -> dict:
    seat = view.get("seat") or 0
    sheets = view.get("sheets") or []
    return sheets[seat] if seat < len(sheets) else {}


def _own_sheet(view: dict) -> tuple:
    """The deciding seat's sheet from its view: (geometry, crossed cells as a mask, 1-row
    slots still free, whether the first cross may go anywhere, the roll)."""
    geo = geometry(view["sheet"])
    own = _own(view)
    return (geo, geo.mask_of(own.get("crosses", [])),
            geo.one_row - int(own.get("one_row_used", 0)),
            view.get("first_cross") == "any", view.get("roll"))


class HamsterBeginnerAgent(Agent):
    """Random, but it finishes a chamber or takes a nut or a mushroom when it can."""
    level = "beginner"

    def choose(self, view: dict, legal: list):
        if len(legal) == 1:
            return legal[0]
        crosses = [a for a in legal if a.get("type") == "cross"]
        if not crosses:
            return self.rng.choice(sorted(legal, key=_key))
        crosses.sort(key=_key)
        sheet = view.get("sheet")
        if sheet:
            prized = {tuple(c) for c in sheet.get("nuts", []) + sheet.get("mushrooms", [])}
            mine = {tuple(c) for c in _own(view).get("crosses", [])}
            home = {}
            for ch in sheet["chambers"]:
                cells = [tuple(c) for c in ch["cells"]]
                for c in cells:
                    home[c] = cells
            good = []
            for a in crosses:
                cells = {tuple(c) for c in a["cells"]}
                if cells & prized:
                    good.append(a)
                    continue
                room = home.get(next(iter(cells)))
                if room and all(c in cells or c in mine for c in room):
                    good.append(a)
            if good:
                return self.rng.choice(good)
        return self.rng.choice(crosses)


NEAR_TIE = 0.02   # options within 2% of the best count as equally good


class HamsterAgent(Agent):
    """The planner described in the module text."""
    level = "good"

    def __init__(self, game: str = "hamster", seed: int | None = None,
                 weights: dict | None = None, lookahead: int = LOOKAHEAD):
        super().__init__(game, seed)
        self.w = dict(W, **(weights or {}))
        self.lookahead = lookahead

    def choose(self, view: dict, legal: list):
        crosses = [a for a in legal if a.get("type") == "cross"]
        if len(legal) == 1 or not crosses:
            return legal[0]
        geo, mine, free, any_first, roll = _own_sheet(view)
        clock = _Clock(view, geo)
        scored = []
        for a in sorted(crosses, key=_key):
            s = geo.mask_of(a["cells"])
            after = mine | s
            slots = free - (len(a["cells"]) if roll == 1 else 0)
            v = geo.evaluate(after, slots, clock(geo.started(after)), any_first, self.w)
            scored.append([v, a, after, slots])
        scored.sort(key=lambda t: -t[0])
        if self.lookahead and len(scored) > 1:
            top = scored[:self.lookahead]
            for item in top:
                item[0] = self._expect(geo, item[2], item[3], clock, any_first)
            top.sort(key=lambda t: -t[0])
            scored = top
        best = scored[0][0]
        # near-equal options are drawn by the agent's own seed, so that two computer players
        # at one table (who see the same rolls) do not fill their sheets in lockstep
        slack = NEAR_TIE * max(1.0, abs(best))
        ties = [t[1] for t in scored if t[0] >= best - slack]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    def _expect(self, geo: Geo, crosses: int, slots: int, clock, any_first: bool) -> float:
        """Expected best evaluation after the next roll (one roll fewer left)."""
        T = clock(geo.started(crosses))
        if T <= 0:
            return geo.evaluate(crosses, slots, 0.0, any_first, self.w)
        n0 = geo.started(crosses)
        total = 0.0
        for r in range(1, 7):
            best = None
            options = ([(k, s) for k in range(1, min(slots, 3) + 1)
                        for s in geo.legal_sets(crosses, k, any_first)] if r == 1 else
                       [(0, s) for s in geo.legal_sets(crosses, r, any_first)])
            for k, s in options:
                after = crosses | s
                n = n0 + (0 if crosses & _chamber_of(geo, s) else 1)
                v = geo.evaluate(after, slots - k, max(0.0, clock(n) - 1.0), any_first, self.w)
                if best is None or v > best:
                    best = v
            if best is None:
                best = geo.evaluate(crosses, slots, max(0.0, T - 1.0), any_first, self.w)
            total += best
        return total / 6.0


def _chamber_of(geo: Geo, s: int) -> int:
    low = (s & -s).bit_length() - 1
    return geo.chambers[geo.cell_ch[low]]


# ------------------------------------------------------------------------------------------
# matches and the strength report
# ------------------------------------------------------------------------------------------
def play_game(levels: list, seed: int, variant: str = "A", options: dict | None = None,
              timer: list | None = None, good_level: str = "good") -> dict:
    """One seeded game, ``levels[seat]`` per seat.  Returns {"scores", "rolls", "winners"};
    decision times of the ``good_level`` seats are appended to ``timer``."""
    from ..arena import play_seeded_game
    state, kinds = play_seeded_game("hamster", levels, seed, variant, options, timer, good_level)
    return {"scores": list(state.scores()), "rolls": kinds["roll"], "winners": state.winners()}


def strength_report(games: int = 200, seed: int = 1, levels=("random", "beginner", "good"),
                    two_player: bool = True) -> dict:
    """Mean solo scores per side and level over ``games`` seeded games (the same seeds for
    every level), the mean number of rolls, two-player good-vs-random means (seats
    alternate) and the good player's decision times."""
    out: dict = {"games": games, "seed": seed, "solo": {}}
    times: list = []
    for side in ("A", "B"):
        per = {}
        for level in levels:
            scores, rolls = [], []
            for i in range(games):
                res = play_game([level], seed + i, variant=side, timer=times)
                scores.append(res["scores"][0])
                rolls.append(res["rolls"])
            per[level] = {"mean_score": statistics.mean(scores),
                          "mean_rolls": statistics.mean(rolls)}
        out["solo"][side] = per
    if two_player:
        duel = {}
        for side in ("A", "B"):
            good, rnd, rolls, wins = [], [], [], 0
            for i in range(games):
                gs = i % 2
                lv = ["good", "random"] if gs == 0 else ["random", "good"]
                res = play_game(lv, seed + i, variant=side, timer=times)
                good.append(res["scores"][gs])
                rnd.append(res["scores"][1 - gs])
                rolls.append(res["rolls"])
                wins += res["winners"] == [gs]
            duel[side] = {"good": statistics.mean(good), "random": statistics.mean(rnd),
                          "mean_rolls": statistics.mean(rolls), "good_wins": wins / games}
        out["two_player"] = duel
    out["decisions"] = len(times)
    out["median_decide_s"] = statistics.median(times) if times else None
    out["max_decide_s"] = max(times) if times else None
    return out
