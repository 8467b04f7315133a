"""Gopher's Pantry's computer players: the beginner (``GopherBeginnerAgent``), the good
player (``GopherAgent``) and its strength report (``duel``, ``strength_report``)."""
from __future__ import annotations

import statistics

from .. import Agent
from ...rules.gopher import (DIGGER, OFF, card_kind, card_value, combinations, default_data,
                             eligible, move_options, reach)

PRESENT_VALUE = 7.0       # the best of three cards, on average
DRAW_VALUE = 1.0          # a card drawn after an ineffective turn
DIGGER_KEEP = 2.0         # what a digger in hand is worth for later
BASKET_VALUE = 4.0        # a basket held for ransom


def _can(hand, what, amount, subtract) -> bool:
    if amount <= 0:
        return False
    vals = [card_value(c) for c in eligible(hand, what)]
    return bool(reach(vals, subtract) >> (OFF + amount) & 1)


class _Base(Agent):
    def setup(self, view):
        self.data = default_data()
        self.me = view["current_player"]
        self.variant = view["variant"]
        self.rs = self.data.rule_sets[self.variant]
        self.beginner = self.variant == "beginner"
        self.subtract = self.rs["subtract"]
        info = view["seats"][self.me]
        self.hand = list(info["hand"] or [])

    def sign(self, view, page, seat):
        return self.data.pages[page].signs[view["seats"][seat]["token"]]

    def table_can(self, view, kind, amount, seat) -> bool:
        """Beginner rule set: can ``amount`` of ``kind`` be taken from the table (one to
        ``take_most`` cards, or one card and change from the own pile)?"""
        counts = {}
        for c, n in view["table"].items():
            if n > 0 and card_kind(c) == kind:
                counts[card_value(c)] = n
        fewest = 2 if view["options"].get("single_card") == "not_allowed" else 1

        def rec(left, k, lowest, used):
            if left == 0:
                return used >= fewest
            if k == 0:
                return False
            for v, n in counts.items():
                if lowest <= v <= left and n > 0:
                    counts[v] -= 1
                    ok = rec(left - v, k - 1, v, used + 1)
                    counts[v] += 1
                    if ok:
                        return True
            return False
        if rec(amount, self.rs["take_most"], 1, 0):
            return True
        pile = {card_value(c) for c in view["seats"][seat]["face_up"] if card_kind(c) == kind}
        return any(v > amount and v - amount in pile for v in counts)

    def collect_value(self, view, what, amount, seat=None) -> float:
        """What collecting at a sign is worth to ``seat`` (0 when it cannot)."""
        seat = self.me if seat is None else seat
        if what in ("portal", "present", "nothing"):
            return 0.0
        if self.beginner:
            kinds = self.data.kinds if what == "store" else [what]
            totals = {k: sum(card_value(c) for c in view["seats"][seat]["face_up"]
                             if card_kind(c) == k) for k in self.data.kinds}
            best = 0.0
            for k in kinds:
                if not self.table_can(view, k, amount, seat):
                    continue
                new = dict(totals)
                new[k] += amount
                gain = min(new.values()) - min(totals.values())
                best = max(best, gain * 3 + amount * 0.3 - (new[k] - min(new.values())) * 0.1)
            return best
        if seat != self.me:
            return amount * 0.3        # another hand: unknown; a rough chance
        return float(amount) if _can(self.hand, what, amount, self.subtract) else 0.0


class GopherBeginnerAgent(_Base):
    level = "beginner"

    def choose(self, view, legal):
        self.setup(view)
        step = view["step"]
        if step == "move":
            moves = [a for a in legal if a["type"] == "move"]
            good = [a for a in moves
                    if self.collect_value(view, *self.data.pages[view["page"]].signs[a["to"]]) > 0]
            return self.rng.choice(good or moves or legal)
        if step == "roll":
            if self.hand.count(DIGGER) >= 2:           # too many diggers: spend one
                return next(a for a in legal if a["type"] == "dig")
            return next(a for a in legal if a["type"] == "roll")
        if step == "collect":
            if self.beginner:
                takes = [a for a in legal if a["type"] == "take"]
                return self.rng.choice(takes) if takes else legal[-1]
            for a in legal:
                if a["type"] == "collect":
                    return a
            picks = [a for a in legal if a["type"] in ("add", "subtract")]
            adds = [a for a in picks if a["type"] == "add"]
            return self.rng.choice(adds or picks or legal)
        if step == "present":
            return max(legal, key=lambda a: (card_value(a["card"]), a["card"]))
        return self.rng.choice(legal)


class GopherAgent(_Base):
    level = "good"

    # ---- values -------------------------------------------------------------------------------
    def hole_value(self, view, page, hole, jumped=()) -> float:
        what, amount = self.data.pages[page].signs[hole]
        me = self.me
        info = view["seats"][me]
        if what == "portal":
            return self.change_value(view, page, hole)
        if what == "present":
            if self.beginner:
                return 4.0                # another turn (every present, on an extra turn too)
            if not view["deck_count"]:
                return 0.0                # an empty hole, and no card left to draw
            # keeping the trophy is an effective turn: with baskets it takes baskets too
            return self.basket_value(view, info, PRESENT_VALUE, PRESENT_VALUE, jumped)
        if what == "nothing":
            return 0.0 if self.beginner else DRAW_VALUE
        v = self.collect_value(view, what, amount)
        if v <= 0:
            return 0.0 if self.beginner else DRAW_VALUE
        return self.basket_value(view, info, v, amount, jumped)

    def basket_value(self, view, info, v: float, amount: float, jumped) -> float:
        """``v``, the worth of an effective turn collecting ``amount``, with baskets: less the
        ransom it pays for my basket, plus the baskets it takes from the seats ``jumped``."""
        if not self.rs["baskets"]:
            return v
        me = self.me
        holder = info["basket_holder"]
        free = holder != me and holder in jumped
        if holder != me and not free:
            v = min(v, 6.0) - amount * 0.8     # the collected cards pay the ransom
        for j in jumped:
            got = [o for o, s in enumerate(view["seats"]) if s["basket_holder"] == j]
            v += BASKET_VALUE * sum(1 for o in got if o != me) + (6.0 if me in got else 0)
        return v

    def change_value(self, view, page, hole) -> float:
        """Expected gain of a level change with my token on ``hole`` (the others collect too)."""
        total = 0.0
        for p in range(1, 7):
            if p == page:
                continue
            what, amount = self.data.pages[p].signs[hole]
            mine = self.collect_value(view, what, amount)
            theirs = 0.0
            for s, info in enumerate(view["seats"]):
                if s != self.me and info["token"] is not None:
                    w, a = self.data.pages[p].signs[info["token"]]
                    theirs += self.collect_value(view, w, a, seat=s)
            total += mine - theirs * (0.5 if view["players"] > 2 else 1.0)
        return total / 6.0

    def move_values(self, view, roll):
        me = self.me
        page = view["page"]
        occ = {info["token"]: s for s, info in enumerate(view["seats"])
               if s != me and info["token"] is not None}
        opts = move_options(self.data.pages[page], view["seats"][me]["token"], roll, occ,
                            self.rs["baskets"])
        out = []
        for end, path, hops in opts:
            jumped = sorted({occ[h] for _, _, over in hops for h in over})
            out.append((self.hole_value(view, page, end, jumped), end, jumped))
        return out

    # ---- decisions ------------------------------------------------------------------------------
    def choose(self, view, legal):
        self.setup(view)
        step = view["step"]
        if len(legal) == 1:
            return legal[0]
        if step == "place":
            return self.place(view, legal)
        if step == "roll":
            dig = next((a for a in legal if a["type"] == "dig"), None)
            if dig is not None:
                ev = statistics.mean(max([v for v, _, _ in self.move_values(view, r)] or [0.0])
                                     for r in range(1, 7))
                if self.dig_value(view) > ev + self.keep_digger(view):
                    return dig
            return next(a for a in legal if a["type"] == "roll")
        if step == "move":
            return self.move(view, legal)
        if step == "collect":
            return self.collect(view, legal)
        if step == "present":
            return self.present(view, legal)
        return legal[0]

    def keep_digger(self, view) -> float:
        """What keeping a digger is worth: one is worth keeping for later; more only clog the
        hand, and with the deck empty none is worth keeping."""
        if view["deck_count"] == 0 or self.hand.count(DIGGER) > 1:
            return -1.0
        return DIGGER_KEEP

    def dig_value(self, view) -> float:
        return self.change_value(view, view["page"], view["seats"][self.me]["token"])

    def place(self, view, legal):
        def mobility(h):
            return sum(len(p.adj[h]) for p in self.data.pages.values())
        return max(legal, key=lambda a: (mobility(a["hole"]), -a["hole"]))

    def move(self, view, legal):
        page = view["page"]
        best, best_v = None, None
        for a in legal:
            if a["type"] == "move":
                v = self.hole_value(view, page, a["to"], a["jumped"] if self.rs["baskets"] else ())
            elif a["type"] == "dig":
                v = self.dig_value(view) - self.keep_digger(view)
            else:
                v = 0.0 if self.beginner else DRAW_VALUE
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best

    def collect(self, view, legal):
        types = {a["type"] for a in legal}
        if self.beginner:
            best, best_v = legal[-1], -1.0
            for a in legal:
                if a["type"] != "take":
                    continue
                totals = {k: sum(card_value(c) for c in view["seats"][self.me]["face_up"]
                                 if card_kind(c) == k) for k in self.data.kinds}
                totals[a["kind"]] += sum(a["take"]) - sum(a["give"])
                v = min(totals.values()) * 10 - len(a["take"]) * 0.1 - \
                    (max(totals.values()) - min(totals.values())) * 0.05
                if v > best_v:
                    best, best_v = a, v
            return best
        if "collect" in types:
            return next(a for a in legal if a["type"] == "collect")
        if self.rs["baskets"]:
            info = view["seats"][self.me]
            what, amount = self.sign(view, view["page"], self.me)
            holder = info["basket_holder"]
            if (holder != self.me and view["active"] == self.me and amount > 8
                    and not view["picks_add"] and holder not in view["jumped"]):
                return next(a for a in legal if a["type"] == "pass")
        what, amount = self.sign(view, view["page"], self.me)
        need = amount - sum(map(card_value, view["picks_add"])) + \
            sum(map(card_value, view["picks_sub"]))
        combos = [c for c in combinations(self.hand, what, need, self.subtract, limit=3000)
                  if c[0] or view["picks_add"]] if need != 0 else []
        keys = {(a["type"], a.get("card")) for a in legal}
        if combos:
            pick = self.choose_combo(view, amount, combos)
            if pick is None:
                return next((a for a in legal if a["type"] == "pass"), legal[-1])
            add, sub = pick
            for c in add:
                if ("add", c) in keys:
                    return next(a for a in legal if a["type"] == "add" and a["card"] == c)
            for c in sub:
                if ("subtract", c) in keys:
                    return next(a for a in legal if a["type"] == "subtract" and a["card"] == c)
        picks = [a for a in legal if a["type"] in ("add", "subtract")]
        return picks[0] if picks else legal[-1]

    def choose_combo(self, view, amount: int, combos: list):
        """The combination to collect ``amount`` with (``(add, sub)``), or None to pass."""
        return self.pick_combo(combos)

    def pick_combo(self, combos: list) -> tuple:
        """The combination to collect with (``(add, sub)``): the first by ``combo_order``."""
        return min(combos, key=self.combo_order)

    @staticmethod
    def combo_order(combo) -> tuple:
        """The order of the combinations to collect with, best first: the least subtracted
        (the tie rule), then the most cards, as a sort key of ``(add, sub)``."""
        add, sub = combo
        return sum(map(card_value, sub)), -(len(add) + len(sub)), combo

    def present(self, view, legal):
        best = max((a for a in legal if a["card"] != DIGGER),
                   key=lambda a: (card_value(a["card"]), a["card"]), default=None)
        dig = next((a for a in legal if a["card"] == DIGGER), None)
        if best is None:
            return dig
        if dig is not None and self.dig_value(view) > card_value(best["card"]):
            return dig
        return best


# ------------------------------------------------------------------------------------------
# playing and measuring
# ------------------------------------------------------------------------------------------
def duel(games: int, seed: int, variant: str = "standard", timer: list | None = None,
         opponent: str = "random") -> dict:
    """Two-player games good vs ``opponent``, seats alternating.  A shared win counts half."""
    from .. import play_seeded_game
    wins = 0.0
    outright = 0
    for i in range(games):
        gs = i % 2
        lv = ["good", opponent] if gs == 0 else [opponent, "good"]
        state, _ = play_seeded_game("gopher", lv, seed + i, variant, None, timer)
        w = state.winners()
        if gs in w:
            wins += 1.0 / len(w)
            outright += w == [gs]
    return {"games": games, "good_wins": wins / games, "good_outright": outright / games}


def strength_report(games: int = 200, seed: int = 1, variant: str = "standard") -> dict:
    """Good vs random and good vs beginner win rates in 2-player games (seats alternate; a
    shared win counts half), and the good player's decision times."""
    times: list = []
    out: dict = {"games": games, "seed": seed, "variant": variant,
                 "vs_random": duel(games, seed, variant, times, "random"),
                 "vs_beginner": duel(games, seed, variant, times, "beginner")}
    out["decisions"] = len(times)
    out["median_decide_s"] = statistics.median(times) if times else None
    out["max_decide_s"] = max(times) if times else None
