"""Gopher's Pantry's computer players: the expert level's hook (``game/ai/expert.py`` reads
``EXPERT``) - the sharp form of the good player (``GopherSharpAgent``) as its guide and
playout player, and ``expert_eval`` (a fitted win model) as its leaf value."""
from __future__ import annotations

import math
from collections import Counter

from ...rules.gopher import DIGGER, OFF, card_kind, card_value, combinations, eligible, reach
from .players import DRAW_VALUE, GopherAgent, _can

_SIGN_COUNTS: dict = {}


def hand_reach(data, hand, subtract: bool) -> float:
    """What a hand can pay: the amount of a sign of the book drawn at random (every page's
    every provision or store sign counted once; 0 where the hand cannot pay it), on average
    over all the book's holes."""
    counts = _SIGN_COUNTS.get(id(data))
    if counts is None:
        tally: dict = {}
        holes = 0
        for page in data.pages.values():
            for what, amount in page.signs.values():
                holes += 1
                if what == "store" or what in data.kinds:
                    tally[(what, amount)] = tally.get((what, amount), 0) + amount
        _SIGN_COUNTS.clear()
        counts = _SIGN_COUNTS[id(data)] = (sorted(tally.items()), max(1, holes))
    tally, holes = counts
    vals: dict = {}
    for c in hand:
        if c != DIGGER:
            vals.setdefault(card_kind(c), []).append(card_value(c))
    masks = {k: reach(v, subtract) for k, v in vals.items()}
    masks["store"] = reach([v for vs in vals.values() for v in vs], subtract)
    total = 0
    for (what, amount), weight in tally:
        m = masks.get(what)
        if m is not None and m >> (OFF + amount) & 1:
            total += weight
    return total / holes


class GopherSharpAgent(GopherAgent):
    """The good player with two lessons learned.  A digger in hand is a dead card (it takes a
    place of the six and pays nothing), so the first digger is played as soon as the level
    change looks nearly as good as the move (``DIG_EAGER``), not kept for later, and a second
    one sooner still (``DIG_MORE``).  And it collects with the fewest cards (``combo_order``):
    a card kept is a sure provision.  Not a level of its own: the expert's guide and playout
    player.  Measured against good (2 players, seats swapped): 59% over 400 games with
    ``DIG_EAGER`` 2 or 3, 54% with 0 or 5, 38% digging at every roll; then over 1,000 paired
    games (seeds 20000...): 55.5% with that alone, 57.6% with ``DIG_MORE``, 59.9% with the
    fewest cards too; on seeds 5000...: 57.9% in all (the figures below each lesson).
    Against beginner 92.5% (600 games); in 3 players against two goods 32.1% (600 games),
    no more than good itself there.  Ideas measured weaker: the other seats' collections at
    a level change at the real odds of a random hand (-4.7%), the next turn's prospects from
    the end hole added to its value (41% against good), ``DIG_EAGER`` 3 (-0.9%), fewest
    cards only when behind late (-0.2%).  Then the end of the game (``near_end``) and the
    pick among equal payments (``pick_combo``): 62.2% against good over 1,000 games (seeds
    5000...), 93.2% against beginner; 38.4% in 3 and 30.7% in 4 players against goods (900
    games, seeds 40000...).  Measured weaker: a present valued 5, 11 or 13 (not 7), a
    collection-less turn valued 0 or 3 (not 1), paying with the most cards when ahead near
    the end, the hand's reach after paying added to the hole's value."""
    DIG_EAGER = 2.0
    DIG_MORE = 3.0     # with two diggers or more (good: 1; 3 measured +2.1% and +4.2% against
    #                    good over twice 1,000 paired games, se 1.3%; always digging: -2.5%)

    @staticmethod
    def combo_order(combo) -> tuple:
        """The fewest cards first (the least subtracted among them): a card kept is a sure
        provision, where a card drawn in its place may be a digger.  Measured against the
        most cards first, each over 1,000 games against good: +2.2% (paired, se 1.7%), +2.4%
        and +0.0% (paired, se 1.6%): a small gain at best."""
        add, sub = combo
        return len(add) + len(sub), sum(map(card_value, sub)), combo

    def pick_combo(self, combos: list) -> tuple:
        """The first by ``combo_order``; among the equals in card count and subtracted points,
        the one that leaves the hand able to pay the most (``hand_reach``).  Measured against
        the first in sorted order, paired over 1,000 games against good: +1.3%, +1.3%, +0.8%
        (se 1.1%, 1.1%, 1.0%) in 2 players, -0.2% in 3 (se 0.8%)."""
        if len(combos) == 1:
            return combos[0]
        keys = [self.combo_order(c)[:2] for c in combos]
        top = min(keys)
        best = [c for c, k in zip(combos, keys) if k == top]
        if len(best) == 1:
            return best[0]
        hand = self.hand
        scored = []
        for c in best:
            rest = list(hand)
            for card in c[0] + c[1]:
                rest.remove(card)
            scored.append((-hand_reach(self.data, rest, self.subtract), c))
        return min(scored)[1]

    def keep_digger(self, view) -> float:
        if view["deck_count"] == 0:
            return -1.0
        if self.hand.count(DIGGER) > 1:
            return -self.DIG_MORE
        return -self.DIG_EAGER

    # ---- the end of the game ----------------------------------------------------------------
    # The game ends after a turn that leaves the deck empty and a hand at 3 cards or fewer,
    # and the number of cards a payment uses decides that.  Near the end (the deck at most
    # ``END_DECK`` cards a seat) the sharp player pays so that the game ends where it then
    # wins (the hole counts ``WIN`` more), goes on where ending would lose, passes where every
    # payment would end it losing, and heads for no hole where that is the only way to pay.
    # Measured against the same player without it, paired over 1,000 games against good:
    # +3.0% and +2.9% in 2 players (se 0.6%), +4.9% in 3 and +4.6% in 4 players (900 games,
    # se 0.7%).
    WIN = 100.0
    END_DECK = 6

    def end_after(self, view, used: int) -> bool:
        """Whether the turn would end the game if this seat now pays with ``used`` more cards
        of its hand (every hand refilled from the deck after the turn, active seat first)."""
        n = view["players"]
        hands = [info["hand_count"] for info in view["seats"]]
        hands[self.me] = len(self.hand) - used
        deck = view["deck_count"]
        active = view["active"]
        for i in range(n):
            t = (active + i) % n
            short = self.data.hand - hands[t]
            if short > 0 and deck:
                got = min(short, deck)
                hands[t] += got
                deck -= got
        return deck == 0 and min(hands) <= self.data.end_hand

    def wins_with(self, view, amount: int, sub: int = 0) -> bool:
        """Whether this seat, collecting ``amount`` with ``sub`` more subtracted, would win if
        the game ended now (the tie rule: fewer subtracted points; a shared win is none)."""
        me = self.me
        seats = view["seats"]
        mine = seats[me]["score"] + amount
        for s, info in enumerate(seats):
            if s == me:
                continue
            if info["score"] > mine:
                return False
            if info["score"] == mine and info["minus"] <= seats[me]["minus"] + sub:
                return False
        return True

    def end_outcome(self, view, what, amount):
        """Near the end, for a collection of ``amount`` at a sign of ``what`` by this seat:
        None where the deck is too full to matter, else (some payment ends the game with this
        seat winning, some payment lets the game go on)."""
        if not self.near_end(view) or amount <= 0:
            return None
        if not self.end_after(view, len(eligible(self.hand, what))):
            return None               # no payment ends it (paying more cards ends it sooner)
        combos = combinations(self.hand, what, amount, self.subtract, limit=400)
        if not combos:
            return None
        win = go_on = False
        for add, sub in combos:
            if self.end_after(view, len(add) + len(sub)):
                if self.wins_with(view, amount, sum(map(card_value, sub))):
                    win = True
            else:
                go_on = True
        return win, go_on

    def near_end(self, view) -> bool:
        return (not self.beginner and not self.rs["baskets"]
                and view["deck_count"] <= self.END_DECK * view["players"])

    def hole_value(self, view, page, hole, jumped=()) -> float:
        v = super().hole_value(view, page, hole, jumped)
        what, amount = self.data.pages[page].signs[hole]
        if what in ("portal", "present", "nothing") or not self.near_end(view):
            return v
        if view["step"] not in ("move", "roll") or v <= DRAW_VALUE:
            return v
        out = self.end_outcome(view, what, amount)
        if out is None:
            return v
        win, go_on = out
        if win:
            return self.WIN + v
        if not go_on:
            return -self.WIN
        return v

    # A digger is a card too: with the deck (nearly) empty, playing one can bring the hand to
    # three cards and so end the game after the turn, the level change's collections made
    # first.  Where it would, the sharp player digs when that wins ``DIG_END_WIN`` of the six
    # pages (each page: its own collection and the others', the other hand known exactly once
    # the deck is empty in 2 players, else a payment counted a 0.3 chance), and does not dig
    # where it wins fewer than 1 - ``DIG_END_WIN``; a move whose payment ends the game winning
    # comes first.  Measured against the same player without it, paired over 1,000 games
    # against good (seeds 20000...): +0.8% (se 0.3%) at 0.7, +0.9% at 0.55, +0.6% at 0.85.
    DIG_END_WIN = 0.7

    def unseen(self, view) -> list:
        """The cards this seat has not seen (the deck and the other hands), sorted."""
        left = Counter(self.data.deck(self.variant))
        left.subtract(self.hand)
        for info in view["seats"]:
            for key in ("face_up", "face_down", "trophies"):
                left.subtract(info[key])
        for key in ("discard", "picks_add", "picks_sub"):
            left.subtract(view[key])
        left.subtract(view["present"] or [])
        return sorted(left.elements())

    def dig_end_chance(self, view):
        """None unless playing a digger now ends the game after this turn; else the share of
        the six pages on which this seat then wins."""
        if DIGGER not in self.hand or not self.near_end(view) or not self.end_after(view, 1):
            return None
        me = self.me
        seats = view["seats"]
        rest = list(self.hand)
        rest.remove(DIGGER)
        known = self.unseen(view) if view["deck_count"] == 0 and view["players"] == 2 else None
        token = seats[me]["token"]
        wins = 0.0
        for p in range(1, 7):
            if p == view["page"]:
                wins += self.wins_with(view, 0)
                continue
            signs = self.data.pages[p].signs
            what, amount = signs[token]
            mine = seats[me]["score"] + (amount if _can(rest, what, amount, self.subtract) else 0)
            chance = 1.0
            for s, info in enumerate(seats):
                if s == me or info["token"] is None:
                    continue
                w, a = signs[info["token"]]
                if info["score"] >= mine:
                    chance = 0.0
                elif info["score"] + a < mine or w in ("portal", "present", "nothing"):
                    continue
                elif known is not None:
                    chance *= 0.0 if _can(known, w, a, self.subtract) else 1.0
                else:
                    chance *= 0.7
            wins += chance
        return wins / 6.0

    def choose(self, view, legal):
        if view["step"] in ("roll", "move") and any(a["type"] == "dig" for a in legal):
            self.setup(view)
            chance = self.dig_end_chance(view)
            if chance is not None:
                page = view["page"]
                if not any(a["type"] == "move" and self.hole_value(view, page, a["to"]) >= self.WIN
                           for a in legal):
                    if chance >= self.DIG_END_WIN:
                        return next(a for a in legal if a["type"] == "dig")
                    if chance < 1.0 - self.DIG_END_WIN:
                        legal = [a for a in legal if a["type"] != "dig"]
        return super().choose(view, legal)

    def choose_combo(self, view, amount: int, combos: list):
        """Near the end: the payment that ends the game winning, else one that lets it go on
        (the fewest cards first, as ever), else none (pass)."""
        if not self.near_end(view):
            return self.pick_combo(combos)
        sub0 = sum(map(card_value, view["picks_sub"]))
        wins, goes = [], []
        for c in combos:
            if self.end_after(view, len(c[0]) + len(c[1])):
                if self.wins_with(view, amount, sub0 + sum(map(card_value, c[1]))):
                    wins.append(c)
            else:
                goes.append(c)
        if wins or goes:
            return self.pick_combo(wins or goes)
        return None


# Leaf evaluation: a logistic model of who wins from the position, fitted on 1,500 2-player
# standard games of the sharp player against itself (positions at turn starts; three games in
# four to fit, the fourth to test: log-loss 0.41, where the plain score lead scores 0.64 and a
# coin 0.69).  Each seat's utility is a weighted sum of its own features; the shares of the win
# are their softmax (for two seats: the logistic of the difference).  Deck-weighted terms count
# more as the deck runs out (``1 / (1 + deck / EVAL_DECK)``).
EVAL_DECK = 4.0
EVAL_WEIGHTS = {
    "score_late": 0.1957,    # score (plus - minus + trophies), deck-weighted
    "score": 0.0677,         # score, at any time
    "hand_late": 0.0254,     # summed values of the provision cards in hand, deck-weighted
    "cards": 0.1162,         # provision cards in hand (more cards: more signs payable)
    "diggers": 0.0,          # diggers in hand: nothing (see below)
    "to_roll": 0.2224,       # the seat about to roll (a turn ahead)
}
# The fit gave a digger in hand -0.46 (it holds a place of the six and pays nothing), but as a
# leaf value inside the search that weight pulled towards playing a digger at once: at 80
# iterations a move, every overrule of the guide (10 of 98 positions) was a dig, where digging
# at every roll measured far weaker (38% against good, 400 games).  Counted as no card (0) the
# overrules fell to 4 of 98, in both directions.


def expert_eval(state) -> list:
    """Each seat's share of the win in a position that is not over (the expert's leaf value):
    the score lead counts more as the deck runs out, and the hand counts too (cards that can
    pay the next signs; a digger counts as none).  The beginner game (no hands, lunches) keeps
    the plain score lead."""
    from ..expert import score_lead
    if state.beginner:
        return score_lead(state)
    w = EVAL_WEIGHTS
    late = 1.0 / (1.0 + len(state.deck) / EVAL_DECK)
    sc = state.scores()
    roll = state.active if state.step == "roll" else None
    us = []
    for s in range(state.players):
        hand = state.hands[s]
        dig = hand.count(DIGGER)
        value = sum(card_value(c) for c in hand if c != DIGGER)
        u = (sc[s] * (w["score_late"] * late + w["score"]) + value * w["hand_late"] * late
             + (len(hand) - dig) * w["cards"] + dig * w["diggers"]
             + (w["to_roll"] if s == roll else 0.0))
        us.append(u)
    top = max(us)
    ex = [math.exp(max(-30.0, u - top)) for u in us]
    total = sum(ex)
    return [x / total for x in ex]


def settled(state, seat) -> bool:
    """The start of ``seat``'s own turn (every hand refilled, no picks pending), where
    ``expert_eval`` was fitted: every leaf of one search then stands at the same phase, and
    the bonus of the seat to roll favours no option."""
    return state.step == "over" or (state.step == "roll" and state.current_player == seat)


def _playout_player(game: str, seed: int):
    return GopherSharpAgent(game, seed)


def _guide(game: str, seed: int):
    return GopherSharpAgent(game, seed)


EXPERT = {
    # the good player is quick here (about a millisecond): its sharp form plays the playouts.
    # A quicker form of it (rolling at once, a few hundred combinations) measured far weaker:
    # 6 of 20 against good, where these playouts won 10 of 16 (think 0.3 s on a busy machine)
    # With the fitted leaf value the playouts stop after 12 actions (about two turns): an
    # iteration costs about half of one to 24 actions, so a move gets nearly twice as many.
    # Every playout then goes on to the deciding seat's next turn start (``settled``), so
    # that all its leaves are valued at one phase, where the leaf value was fitted: stopped
    # after a fixed count of actions instead, the leaves fell at any phase and the search
    # leaned towards digging (the bonus of the seat to roll and the cards drawn at a turn's
    # end fell unevenly).  Checked against 150 playouts to the end per option (sharp against
    # good) on positions where the guide rolls (100 iterations): playouts to one's own next
    # turn start dug in 5 of 42 (4 right), 12 actions and on to one's own turn start in 4 (3
    # right), 12 actions and on to any turn start in 9 of 58 (7 wrong).  The playouts are
    # also shorter: about twice the iterations a second of 12 actions.
    # The search overrules the guide only where sure (``z`` 3.5 standard errors, not 2):
    # valued by 30 paired playouts to the end from the true position (sharp against good),
    # its overrules at 100 iterations and z 2 (80 of 1,520 decisions, 25 games) cost -4.0%
    # of a win each (se 2.0%; at 300 iterations -1.2%, se 2.4%, 51 overrules); at z 3.5 it
    # overruled 6 of 853 decisions, +7.2% each (se 5.7%).
    # Tried and dropped: the ``paired`` search (every root option on common deals) with the
    # usual 2 standard errors, 200 iterations a move: 62.5 of 100 against good from seed
    # 20000, where this search at 100 iterations won 63.  In the sharp player (1,000 paired
    # games against good from seed 20000, 64.9% as it is): the next turn's best collection
    # from the end hole added at 0.03 / 0.1 / 0.3 of its worth -0.2% / -1.2% / -7.0% (se
    # 1.1-1.7%); the cards a payment uses valued against the cards drawn for them (0.15 /
    # 0.3 / 0.6 a point of difference) -0.3% / -1.4% / -3.9%.  Then (the same 1,000 games,
    # se 0.3-2.0%): the others' collections at a level change counted 0.6 or 1.5 times (not
    # 1) -0.3% / -0.9%; another hand's collection guessed at 0.15 or 0.5 of its amount (not
    # 0.3) -1.2% / -3.0%; the token placed by the book's collections within six steps +1.4%
    # (se 1.9%) or by its signs -0.4%; a present's digger taken 2 points more or less readily
    # -0.3% / +0.3%; ``END_DECK`` 4 or 9 +0.0%; ``DIG_EAGER`` 1.5 or 2.5 -0.5% each.
    "tuning": {"depth": 1, "explore": 0.1, "settle": 40, "z": 3.5},
    "playout": _playout_player,
    "guide": _guide,
    "evaluate": expert_eval,
    "settled": settled,
}
