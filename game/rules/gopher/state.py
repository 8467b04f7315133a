"""Gopher's Pantry: ``GopherState``, the contract of the rules (set-up, results, views, a
copy); its legal actions are in ``legal.py``, carrying them out in ``play.py``, the save in
``persist.py``."""
from __future__ import annotations

import random

from ..base import GameInfo, GameState
from . import persist
from .data import DIGGER, GopherData, Page, card_kind, card_value, default_data
from .legal import GopherLegal
from .play import GopherPlay
from .search import _move_options


class GopherState(GopherLegal, GopherPlay, GameState):
    EVENT_TYPES = {
        "place": "seat, hole: a token is put on a hole at the start",
        "page": "seat, value, page_from, page_to, changed, extra, chance: a roll for the page",
        "turn": "seat: a turn begins",
        "roll": "seat, value, chance: the die is rolled for a move",
        "dig": "seat, before_roll: a digger is played instead of moving",
        "move": "seat, start, to, path, hops, jumped: a token moves (each hop and leapfrog)",
        "stay": "seat, hole: no end hole can be reached with the roll",
        "pick": "seat, card, sign, private_to, secret: a card is added (+) or subtracted (-) "
                "towards a sign (card and sign: the picking seat's secret until it pays)",
        "collect": "seat, hole, what, amount, add, sub: provisions are collected",
        "take": "seat, hole, kind, take, give, what, amount: beginner cards taken from the table",
        "pass": "seat, returned, table, private_to, secret: the seat does not collect "
                "(returned: the picked cards back to the hand, that seat's secret; table: a "
                "beginner takes nothing from the table)",
        "portal": "seat, hole: a token ends on a portal",
        "present": "seat, hole, count, again, chance, private_to: a present hole is reached "
                   "(only that seat looks at the cards)",
        "present_empty": "seat, hole: a present hole gives nothing",
        "empty_hole": "seat, hole: a hole without provisions",
        "cannot_collect": "seat, hole, what, amount: the table cannot make the sign (beginner; "
                          "a hand's collect step opens even when it cannot pay)",
        "ineffective": "seat: the turn was ineffective",
        "draw": "seat, count, why, chance, private_to: cards drawn (seen by that seat only)",
        "trophy": "seat, card, returned: a present card kept (or a digger used)",
        "baskets": "seat, source, owners: baskets taken from a leapfrogged seat",
        "ransom": "seat, holder, cards: a basket bought back with collected cards",
        "game_over": "winners, scores, end, minus: the game ends (minus: the subtracted points "
                     "of each seat, which break a tie; not in the beginner game)",
    }
    GAME_ID = "gopher"
    TITLE = "Gopher's Pantry"
    PLAYERS = (2, 4)
    FORMAT = 1

    @classmethod
    def describe_setup(cls):
        variants = [{"id": "standard", "label": "Standard"},
                    {"id": "simplified", "label": "Simplified (adding only)"},
                    {"id": "baskets", "label": "With baskets (leapfrog ransom)"},
                    {"id": "beginner", "label": "Beginner (cards open on the table)"}]
        options = [{"id": "single_card", "label": "Beginner: one card may pay a sign",
                    "choices": [{"id": "allowed", "label": "Allowed"},
                                {"id": "not_allowed", "label": "No, combine cards"}],
                    "default": "allowed", "when": {"variant": "beginner"}}]
        return variants, options

    def __init__(self, players: int, seed=None, variant=None, options=None,
                 data: GopherData | None = None):
        super().__init__(players, seed, variant, options)
        self._check_options(options or {})
        self.data = data or default_data()
        self._blank(players)
        cards = self.data.deck(self.variant)
        if self.beginner:
            for c in cards:
                self.table[c] = self.table.get(c, 0) + 1
            self.diggers_left = [self.rs["diggers_each"]] * players
        else:
            self.rng.shuffle(cards)
            self.deck = cards
            for s in range(players):
                self.hands[s] = sorted(self.deck.pop() for _ in range(self.data.hand))
        self.step = "place"
        self.current_player = 0

    def _check_options(self, given: dict) -> None:
        """Refuse an option set to something other than its default where it does nothing
        (its ``when`` does not hold for this rule set), with a sentence for the user."""
        variants, specs = self.describe_setup()
        for spec in specs:
            key = spec["id"]
            if key not in given or given[key] == spec.get("default"):
                continue
            if GameInfo.option_applies(spec, self.variant, self.options):
                continue
            want = (spec.get("when") or {}).get("variant")
            want = want if isinstance(want, list) else [want]
            label = {v["id"]: v["label"] for v in variants}
            names = " or ".join(label[v] for v in want if v in label)
            raise ValueError(f"option '{key}' ({spec['label']}) does nothing with the "
                             f"{label.get(self.variant, self.variant)} rule set of {self.TITLE}"
                             + (f"; it applies to {names} only" if names else ""))

    def _blank(self, players: int) -> None:
        self.names = [f"Player {i + 1}" for i in range(players)]
        self.rs = self.data.rule_sets[self.variant]
        self.beginner = self.variant == "beginner"
        self.subtract = self.rs["subtract"]
        self.baskets = self.rs["baskets"]
        self.page = 1
        self.tokens: list = [None] * players
        self.hands: list = [[] for _ in range(players)]
        self.deck: list = []
        self.discard: list = []
        self.face_up: list = [[] for _ in range(players)]
        self.face_down: list = [[] for _ in range(players)]
        self.trophies: list = [[] for _ in range(players)]
        self.holder: list = list(range(players))     # owner -> seat holding the basket
        self.table: dict = {}
        self.diggers_left: list = [0] * players
        self.step = "place"
        self.active = 0
        self.roll = None
        self.collector = None
        self.picks_add: list = []
        self.picks_sub: list = []
        self.queue: list = []
        self.after_change = False
        self.effective = False
        self.collected_any = False
        self.bonus = False            # beginner: this turn is an extra turn from a present
        self.jumped: list = []
        self.present: list = []
        self.stall = 0
        self.turns = 0
        self.winner_list: list = []
        self.end_reason = ""
        self.end: dict | None = None  # why the game ended: {"why": ..., and its number or kind}
        self._moves = None
        self._legal = None

    # ---- helpers ------------------------------------------------------------------------------
    def page_obj(self) -> Page:
        return self.data.pages[self.page]

    def sign_at(self, seat: int):
        return self.page_obj().signs[self.tokens[seat]]

    def _nm(self, s: int) -> str:
        return self.names[s]

    def _roll_die(self) -> int:
        return self.rng.randint(1, self.data.die)

    def _occupied(self, but: int) -> dict:
        return {h: s for s, h in enumerate(self.tokens) if s != but and h is not None}

    def _move_options(self):
        if self._moves is None:
            self._moves = _move_options(self.page_obj(), self.tokens[self.active], self.roll,
                                       self._occupied(self.active), self.baskets)
        return self._moves

    def _has_digger(self, seat: int) -> bool:
        if self.beginner:
            return self.diggers_left[seat] > 0
        return DIGGER in self.hands[seat]

    # ---- results --------------------------------------------------------------------------------
    def plus(self, s: int) -> int:
        return sum(map(card_value, self.face_up[s]))

    def minus(self, s: int) -> int:
        return sum(map(card_value, self.face_down[s]))

    def trophy_points(self, s: int) -> int:
        return sum(map(card_value, self.trophies[s]))

    def lunches(self, s: int) -> int:
        return min(sum(card_value(c) for c in self.face_up[s] if card_kind(c) == k)
                   for k in self.data.kinds)

    def scores(self) -> list:
        if self.beginner:
            return [self.lunches(s) for s in range(self.players)]
        return [self.plus(s) - self.minus(s) + self.trophy_points(s) for s in range(self.players)]

    def winners(self) -> list:
        return list(self.winner_list) if self.current_player is None else []

    def summary(self) -> str:
        if self.current_player is not None:
            return f"Turn {self.turns + 1} is under way on page {self.page}."
        pts = ", ".join(f"{self.names[s]} {v}" for s, v in enumerate(self.scores()))
        return f"{self.end_reason} Final scores: {pts}."

    # ---- views ----------------------------------------------------------------------------------
    def view(self, seat) -> dict:
        return self._view(seat, False)

    def open_view(self) -> dict:
        """Everything open: every hand, the cards picked towards a payment and the cards of a
        present being looked at (all of them secret during the game)."""
        v = self._view(None, True)
        v["open"] = True
        return v

    def _view(self, seat, everything: bool) -> dict:
        # The cards picked towards a payment are the collector's secret until it is paid
        # (RULINGS): to every other seat (and a spectator) they are still in the hand.
        mine = everything or (seat is not None and seat == self.collector)
        picked = 0 if mine else len(self.picks_add) + len(self.picks_sub)
        seats = []
        for s in range(self.players):
            info = {"name": self.names[s], "token": self.tokens[s],
                    "hand_count": len(self.hands[s]) + (picked if s == self.collector else 0),
                    "hand": list(self.hands[s]) if s == seat or everything else None,
                    "face_up": list(self.face_up[s]), "face_down": list(self.face_down[s]),
                    "trophies": list(self.trophies[s]), "plus": self.plus(s),
                    "minus": self.minus(s), "trophy_points": self.trophy_points(s),
                    "score": self.scores()[s], "diggers_left": self.diggers_left[s],
                    "basket_holder": self.holder[s]}
            seats.append(info)
        look = self.present if ((seat == self.active or everything)
                                and self.step == "present") else None
        return {
            "game": self.GAME_ID, "seat": seat, "players": self.players,
            "variant": self.variant, "options": dict(self.options),
            "current_player": self.current_player, "step": self.step, "active": self.active,
            "page": self.page, "roll": self.roll, "turns": self.turns,
            "deck_count": len(self.deck), "discard": list(self.discard),
            "table": dict(sorted(self.table.items())),
            "collector": self.collector, "picks_add": list(self.picks_add) if mine else [],
            "picks_sub": list(self.picks_sub) if mine else [], "queue": list(self.queue),
            "after_change": self.after_change, "effective": self.effective,
            "collected_any": self.collected_any, "bonus": self.bonus,
            "jumped": list(self.jumped),
            "present_count": len(self.present), "present": list(look) if look else None,
            "stall": self.stall, "seats": seats, "winners": self.winners(),
            "end_reason": self.end_reason, "end": dict(self.end) if self.end else None,
        }

    @classmethod
    def from_view(cls, view: dict, seed: int) -> "GopherState":
        obj = cls.__new__(cls)
        obj.players = n = int(view["players"])
        obj.seed = seed
        obj.variant = view["variant"]
        obj.options = dict(view["options"])
        obj.rng = rng = random.Random(seed)
        obj.turn_number = 0
        obj.data = default_data()
        obj._blank(n)
        obj.current_player = view["current_player"]
        for k in ("step", "active", "page", "roll", "turns", "collector", "after_change",
                  "effective", "collected_any", "bonus", "stall", "end_reason"):
            setattr(obj, k, view[k])
        obj.discard = list(view["discard"])
        obj.table = dict(view["table"])
        obj.picks_add = list(view["picks_add"])
        obj.picks_sub = list(view["picks_sub"])
        obj.queue = list(view["queue"])
        obj.jumped = list(view["jumped"])
        obj.winner_list = list(view["winners"])
        obj.end = dict(view["end"]) if view.get("end") else None
        pool = obj.data.deck(obj.variant)
        known = obj.discard + obj.picks_add + obj.picks_sub + list(view["present"] or [])
        unknown_hands = []
        for s, info in enumerate(view["seats"]):
            obj.names[s] = info["name"]
            obj.tokens[s] = info["token"]
            obj.face_up[s] = list(info["face_up"])
            obj.face_down[s] = list(info["face_down"])
            obj.trophies[s] = list(info["trophies"])
            obj.diggers_left[s] = info["diggers_left"]
            obj.holder[s] = info["basket_holder"]
            known += obj.face_up[s] + obj.face_down[s] + obj.trophies[s]
            if info["hand"] is not None:
                obj.hands[s] = list(info["hand"])
                known += obj.hands[s]
            else:
                unknown_hands.append((s, info["hand_count"]))
        if obj.beginner:
            obj.deck = []
            obj.present = []
            return obj
        for c in known:
            pool.remove(c)
        rng.shuffle(pool)
        for s, k in unknown_hands:
            obj.hands[s] = sorted(pool.pop() for _ in range(k))
        if view["present"] is not None:
            obj.present = list(view["present"])
        else:
            obj.present = [pool.pop() for _ in range(view["present_count"])]
        obj.deck = pool
        return obj

    # ---- persistence (persist.py) ----------------------------------------------------------
    def _state_dict(self) -> dict:
        return persist.state_dict(self)

    def _load_state_dict(self, d: dict) -> None:
        persist.load(self, d)

    def clone(self) -> "GopherState":
        new = GopherState.__new__(GopherState)
        new.__dict__.update(self.__dict__)
        self._share_rng(new)
        new.options = dict(self.options)
        for k in ("names", "tokens", "deck", "discard", "holder", "diggers_left", "picks_add",
                  "picks_sub", "queue", "jumped", "present", "winner_list"):
            setattr(new, k, list(getattr(self, k)))
        for k in ("hands", "face_up", "face_down", "trophies"):
            setattr(new, k, [list(x) for x in getattr(self, k)])
        new.table = dict(self.table)
        new._legal = None
        new._keys = None
        return new
