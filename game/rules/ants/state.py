"""Ants & Grasshopper: ``AntsState``, the contract of the rules (set-up, the small queries,
scores and results, views, a copy); the legal actions and the turn are in ``play.py``, the
reveal, the market and the end of a round in ``rounds.py``, the save in ``persist.py``."""
from __future__ import annotations

import random

from ..base import GameState, Record
from .board import CELLS, N
from .data import AntsData, _supply_points, default_data
from .persist import AntsPersist
from .play import AntsPlay
from .rounds import AntsRounds


class AntsState(AntsPlay, AntsRounds, AntsPersist, GameState):
    EVENT_TYPES = {
        "round": "round, ant, hopper, reds: a new round and its roles",
        "place": "seat, cell, end, n, kind, ring: an ant is put on a card and joins the trail's "
                 "head or tail end (n: ants on the trail now; kind: of the card; ring: the "
                 "player chose the end)",
        "choose": "seat: the ant lays its secret disc (which one is not said)",
        "red_choose": "seat: a red ant lays its secret disc",
        "peek": "seat: the grasshopper peeks at an unused disc",
        "guess": "seat, cell, ant, kind: the grasshopper jumps onto a card (ant: its number "
                 "along the trail, from 1; kind: of the card)",
        "reveal": "kind, hit, reds, reveal, chance: the disc is shown",
        "collect": "seat, card, cards, shelf, space: cards are collected",
        "draw": "seat, card, why, chance: a card is drawn (why: red_ant, paid_exactly, "
                "consolation)",
        "no_card": "seat, why: a card would be drawn but none is left",
        "reshuffle": "cards, chance: the discard pile becomes the deck",
        "refill": "cells, chance: new cards fill the grid",
        "supply": "card, chance: a new supply card is laid out",
        "buy": "seat, card, pay: a supply card is bought",
        "no_buy": "seat: nothing can be bought",
        "skip_buy": "seat: buying is let go",
        "supply_swap": "seat, mine, other, source: supply cards are swapped",
        "skip_swap": "seat: the swap is let go",
        "take_ability": "seat, ability, card, source: an ability card is taken",
        "skip_ability": "seat: the ability is let go",
        "discard_hidden": "seat, card: the hidden card is discarded",
        "hide": "seat: a card is drawn face down",
        "game_over": "winners, reason, seat, points, tie: the game ends (reason: points, top, "
                     "deck, cards; seat and points: who reached the target; tie: see tie_info)",
    }
    GAME_ID = "ants"
    TITLE = "Ants & Grasshopper"
    PLAYERS = (2, 4)
    FORMAT = 1

    @classmethod
    def describe_setup(cls):
        variants = [{"id": "autumn", "label": "Autumn (pantry shelves)"},
                    {"id": "winter", "label": "Winter (supply cards)"},
                    {"id": "beetle", "label": "Winter with beetles (ability cards)"}]
        options = [
            {"id": "insects", "label": "Autumn insect cards",
             "choices": [{"id": "hidden", "label": "Face down"},
                         {"id": "open", "label": "Face up"}], "default": "hidden",
             "when": {"variant": "autumn"}},
            {"id": "insect_scoring", "label": "Autumn insect scoring",
             "choices": [{"id": "sets", "label": "Sets (1/3/6/10)"},
                         {"id": "linear", "label": "One point per card"}], "default": "sets",
             "when": {"variant": "autumn"}},
            {"id": "first_ant", "label": "First ant",
             "choices": [{"id": "anywhere", "label": "On any card"},
                         {"id": "edge", "label": "On an edge card"}], "default": "anywhere"},
        ]
        return variants, options

    def __init__(self, players: int, seed=None, variant=None, options=None,
                 data: AntsData | None = None):
        super().__init__(players, seed, variant, options)
        self.data = data or default_data()
        self._blank(players)
        rng = self.rng
        deck = list(self.data.card_ids)
        rng.shuffle(deck)
        self.deck = deck
        self.grid = [self.deck.pop() for _ in range(CELLS)]
        ev: list = []
        if self.winter:
            for s in range(players):
                self.store[s].append(self.deck.pop())
            sup = self.data.supply_ids(players)
            rng.shuffle(sup)
            self.supply_deck = sup
            self.display = [self.supply_deck.pop() for _ in range(self.data.display)]
            if self.beetle:
                ab = list(self.data.abilities)
                rng.shuffle(ab)
                self.in_play = sorted(ab[:self.data.in_play])
                self.owner = {a: None for a in self.in_play}
        self.ant, self.hopper = 0, 1
        self._start_round(ev)

    def _blank(self, players: int) -> None:
        self.names = [f"Player {i + 1}" for i in range(players)]
        self.winter = self.variant in ("winter", "beetle")
        self.beetle = self.variant == "beetle"
        self.deck: list = []
        self.grid: list = [None] * CELLS
        self.box: list = []
        self.discard: list = []
        self.shelves = [[-1] * 4 for _ in range(players)]
        self.insects = [[] for _ in range(players)]
        self.store = [[] for _ in range(players)]
        self.hidden = [None] * players
        self.supplies = [[] for _ in range(players)]
        self.supply_deck: list = []
        self.display: list = []
        self.in_play: list = []
        self.owner: dict = {}
        self.ant, self.hopper = 0, 1
        self.round = 0
        self.step = "place"
        self.chain: list = []
        self.choice = None
        self.reds: list = []
        self.red = [None] * players
        self.red_queue: list = []
        self.guess = None
        self.peek = None
        self.revealed = False
        self.collector = None
        self.collected: list = []
        self.pending: list = []
        self.round_insects: list = []
        self.ability_taken = False
        self.winner_list: list = []
        self.end_reason = ""
        self._legal = None

    # ---- helpers ------------------------------------------------------------------------------
    def kind_of_cell(self, i: int) -> int:
        return self.data.card_kind[self.grid[i]]

    def owns(self, seat: int, effect: str) -> bool:
        if not self.beetle:
            return False
        aid = self.data.ability_of_effect[effect]
        return aid in self.owner and self.owner[aid] == seat

    def vp(self, seat: int) -> int:
        """Winter victory points."""
        sc = self.data.scoring
        sup = self.supplies[seat]
        pts = _supply_points(tuple(sup), sc["pair_points"], sc["supply_card_points"]) if sup else 0
        if self.beetle and self.owns(seat, "bonus_point"):
            pts += sc["bonus_point"]
        return pts

    def shelf_points(self, seat: int) -> int:
        vals = self.data.scoring["shelf_values"]
        return sum(vals[p] for p in self.shelves[seat] if p >= 0)

    def insect_points(self, seat: int) -> int:
        cards = self.insects[seat]
        if not cards:
            return 0
        if self.options.get("insect_scoring") == "linear":
            return len(cards)             # one point per insect card
        card_insect = self.data.card_insect
        counts: dict = {}
        for c in cards:
            ins = card_insect[c]
            counts[ins] = counts.get(ins, 0) + 1
        table = self.data.scoring["insect_sets"]
        return sum(table[min(n, 4) - 1] for n in counts.values())

    def autumn_points(self, seat: int) -> int:
        return self.shelf_points(seat) + self.insect_points(seat)

    def _rank_key(self, s: int):
        if self.winter:
            return (self.vp(s), len(self.store[s]) + (self.hidden[s] is not None))
        return (self.autumn_points(s), len(self.insects[s]))

    def _tie_text(self, best, keys: list | None = None) -> str:
        """How a tie on points was broken (by the second part of the rank key), or "".
        ``keys``: every seat's ``_rank_key``, where the caller has them."""
        if keys is None:
            keys = [self._rank_key(s) for s in range(self.players)]
        level = [s for s in range(self.players) if keys[s][0] == best[0]]
        if len(level) < 2:
            return ""
        what = "cards in store" if self.winter else "insect cards"
        counts = ", ".join(f"{self.names[s]} {keys[s][1]}" for s in level)
        names = " and ".join(self.names[s] for s in level)
        if len(level) == len(self.winner_list):
            return f" {names} tie on {best[0]} points and on {what} ({counts}): a shared win."
        return f" {names} tie on {best[0]} points; the most {what} breaks the tie ({counts})."

    def tie_info(self) -> dict | None:
        """How a tie on points at the end is settled, as data (None: no tie on points):
        {"seats": tied on points, "points", "by": "insects" | "store", "counts": one per tied
        seat, "shared": whether the tie-break left them equal too}."""
        return self._tie_info()

    def _tie_info(self, keys: list | None = None) -> dict | None:
        """``tie_info``; ``keys``: every seat's ``_rank_key``, where the caller has them."""
        if self.current_player is not None or not self.winner_list:
            return None
        if keys is None:
            keys = [self._rank_key(s) for s in range(self.players)]
        best = max(keys)
        level = [s for s in range(self.players) if keys[s][0] == best[0]]
        if len(level) < 2:
            return None
        return {"seats": level, "points": best[0], "by": "store" if self.winter else "insects",
                "counts": [keys[s][1] for s in level],
                "shared": len(level) == len(self.winner_list)}

    def _end_by_points(self, why: str, ev: list, reason: str = "deck", seat=None,
                       points=None) -> None:
        keys = [self._rank_key(s) for s in range(self.players)]
        best = max(keys)
        self.winner_list = [s for s in range(self.players) if keys[s] == best]
        names = " and ".join(self.names[s] for s in self.winner_list)
        tie = self._tie_text(best, keys)
        self.end_reason = f"The game ended because {why}; {names} scored best.{tie}"
        self._finish()
        ev.append(Record("game_over", f"Game over: {why}. "
                         f"{names} win{'s' if len(self.winner_list) == 1 else ''}.{tie}",
                         winners=list(self.winner_list), reason=reason, seat=seat,
                         points=points, tie=self._tie_info(keys)))

    # ---- results --------------------------------------------------------------------------------
    def scores(self) -> list:
        if self.winter:
            return [self.vp(s) for s in range(self.players)]
        return [self.autumn_points(s) for s in range(self.players)]

    def winners(self) -> list:
        return list(self.winner_list) if self.current_player is None else []

    def public_scores(self, seat: int | None = None) -> list:
        """Autumn points count face-down insect cards: only their owner knows them before the
        end (Winter points are all on the table)."""
        scores = self.scores()
        if self.winter or self.is_over():
            return scores
        return [v if s == seat else None for s, v in enumerate(scores)]

    def result_facts(self) -> dict:
        return {"tie": self.tie_info()}

    def summary(self) -> str:
        if self.current_player is not None:
            return f"Round {self.round} is under way."
        pts = ", ".join(f"{self.names[s]} {v}" for s, v in enumerate(self.scores()))
        return f"{self.end_reason} Final points: {pts}."

    # ---- views ----------------------------------------------------------------------------------
    def view(self, seat) -> dict:
        return self._view(seat, False)

    def open_view(self) -> dict:
        """Everything open: every player's insect cards and hidden card, every red disc, the
        ant's disc before it is shown and the disc the grasshopper peeked at (``revealed`` says
        whether the discs were still secret then)."""
        v = self._view(None, True)
        v["open"] = True
        return v

    def _view(self, seat, everything: bool) -> dict:
        d = self.data
        over = self.current_player is None
        shown = over or everything        # every secret shown
        names, red, kinds = self.names, self.red, d.kinds
        revealed = self.revealed
        seats = []
        if self.winter:
            store, supplies, hidden = self.store, self.supplies, self.hidden
            for s in range(self.players):
                r = red[s]
                seats.append({"name": names[s], "store": list(store[s]),
                              "supplies": list(supplies[s]), "vp": self.vp(s),
                              "has_hidden": hidden[s] is not None,
                              "hidden": hidden[s] if (s == seat or shown) else None,
                              "red_made": r is not None,
                              "red": kinds[r] if r is not None and (revealed or s == seat or shown)
                              else None})
        else:
            shelves, insects = self.shelves, self.insects
            vals = d.scoring["shelf_values"]
            all_open = shown or self.options.get("insects") == "open"
            for s in range(self.players):
                r = red[s]
                sh = shelves[s]
                ins = insects[s]
                vis = all_open or s == seat
                seats.append({"name": names[s], "shelves": list(sh),
                              "shelf_points": ((vals[sh[0]] if sh[0] >= 0 else 0)
                                               + (vals[sh[1]] if sh[1] >= 0 else 0)
                                               + (vals[sh[2]] if sh[2] >= 0 else 0)
                                               + (vals[sh[3]] if sh[3] >= 0 else 0)),
                              "insect_count": len(ins),
                              "insects": list(ins) if vis else None,
                              "insect_points": self.insect_points(s) if vis else None,
                              "red_made": r is not None,
                              "red": kinds[r] if r is not None and (revealed or s == seat or shown)
                              else None})
        choice, peek, guess = self.choice, self.peek, self.guess
        return {
            "game": self.GAME_ID, "seat": seat, "players": self.players, "variant": self.variant,
            "options": dict(self.options), "kinds": list(kinds),
            "current_player": self.current_player, "step": self.step, "round": self.round,
            "ant": self.ant, "hopper": self.hopper, "reds": list(self.reds),
            "red_queue": list(self.red_queue),
            "grid": list(self.grid), "deck_count": len(self.deck), "box": list(self.box),
            "discard": list(self.discard),
            "chain": [[i % N, i // N] for i in self.chain],
            "guess": [guess % N, guess // N] if guess is not None else None,
            "choice_made": choice is not None,
            "choice": kinds[choice] if choice is not None and (revealed or seat == self.ant
                                                               or shown) else None,
            "peek_done": peek is not None,
            "peek": kinds[peek] if peek is not None and (seat == self.hopper or everything)
            else None,
            "revealed": revealed, "collector": self.collector,
            "collected": list(self.collected), "pending": list(self.pending),
            "round_insects": list(self.round_insects), "ability_taken": self.ability_taken,
            "display": list(self.display), "supply_deck_count": len(self.supply_deck),
            "abilities": {a: self.owner[a] for a in self.in_play},
            "seats": seats, "winners": list(self.winner_list) if over else [],
            "end_reason": self.end_reason,
        }

    @classmethod
    def from_view(cls, view: dict, seed: int) -> "AntsState":
        obj = cls.__new__(cls)
        obj.players = n = int(view["players"])
        obj.seed = seed
        obj.variant = view["variant"]
        obj.options = dict(view["options"])
        obj.rng = rng = random.Random(seed)
        obj.turn_number = 0
        obj.data = d = default_data()
        obj._blank(n)
        obj.current_player = view["current_player"]
        obj.step = view["step"]
        obj.round = int(view["round"])
        obj.ant, obj.hopper = int(view["ant"]), int(view["hopper"])
        obj.reds = list(view["reds"])
        obj.red_queue = list(view["red_queue"])
        obj.grid = list(view["grid"])
        obj.box = list(view["box"])
        obj.discard = list(view["discard"])
        obj.chain = [x + N * y for x, y in view["chain"]]
        obj.guess = None if view["guess"] is None else view["guess"][0] + N * view["guess"][1]
        obj.revealed = bool(view["revealed"])
        obj.collector = view["collector"]
        obj.collected = list(view["collected"])
        obj.pending = list(view["pending"])
        obj.round_insects = list(view["round_insects"])
        obj.ability_taken = bool(view["ability_taken"])
        obj.display = list(view["display"])
        obj.in_play = sorted(view["abilities"])
        obj.owner = dict(view["abilities"])
        obj.winner_list = list(view["winners"])
        obj.end_reason = view["end_reason"]
        seen = set(c for c in obj.grid if c is not None) | set(obj.box) | set(obj.discard)
        hidden_others, insect_others = [], []
        for s, info in enumerate(view["seats"]):
            obj.names[s] = info["name"]
            if obj.winter:
                obj.store[s] = list(info["store"])
                obj.supplies[s] = list(info["supplies"])
                seen.update(obj.store[s])
                if info["hidden"] is not None:
                    obj.hidden[s] = info["hidden"]
                    seen.add(info["hidden"])
                elif info["has_hidden"]:
                    hidden_others.append(s)
            else:
                obj.shelves[s] = list(info["shelves"])
                if info["insects"] is not None:
                    obj.insects[s] = list(info["insects"])
                    seen.update(obj.insects[s])
                else:
                    insect_others.append((s, int(info["insect_count"])))
            if info["red"] is not None:
                obj.red[s] = d.kind_index[info["red"]]
            elif info["red_made"]:
                obj.red[s] = rng.randrange(4)
        pool = [c for c in d.card_ids if c not in seen]
        rng.shuffle(pool)
        for s, k in insect_others:
            for _ in range(k):
                j = next(j for j, c in enumerate(pool) if d.card_insect[c])
                obj.insects[s].append(pool.pop(j))
        for s in hidden_others:
            obj.hidden[s] = pool.pop()
        obj.deck = pool
        # supply deck: the used designs not on display and not bought
        if obj.winter:
            known = set(x for x in obj.display if x is not None)
            for s in range(n):
                known.update(obj.supplies[s])
            sup = [x for x in d.supply_ids(n) if x not in known]
            rng.shuffle(sup)
            obj.supply_deck = sup
        # the ant's disc and the spyglass peek
        if view["choice"] is not None:
            obj.choice = d.kind_index[view["choice"]]
        elif view["choice_made"]:
            kinds = sorted({d.card_kind[obj.grid[i]] for i in obj.chain})
            if view["peek"] is not None:
                kinds = [k for k in kinds if k != d.kind_index[view["peek"]]] or kinds
            obj.choice = rng.choice(kinds)
        if view["peek"] is not None:
            obj.peek = d.kind_index[view["peek"]]
        elif view["peek_done"]:
            obj.peek = rng.choice([k for k in range(4) if k != obj.choice])
        return obj

    def clone(self) -> "AntsState":
        new = AntsState.__new__(AntsState)
        nd = new.__dict__
        nd.update(self.__dict__)
        self._share_rng(new)
        # every list and dict, copied (the other fields are numbers, strings and the data)
        nd["options"] = self.options.copy()
        nd["names"] = self.names[:]
        nd["deck"] = self.deck[:]
        nd["grid"] = self.grid[:]
        nd["box"] = self.box[:]
        nd["discard"] = self.discard[:]
        nd["hidden"] = self.hidden[:]
        nd["supply_deck"] = self.supply_deck[:]
        nd["display"] = self.display[:]
        nd["in_play"] = self.in_play[:]
        nd["chain"] = self.chain[:]
        nd["reds"] = self.reds[:]
        nd["red"] = self.red[:]
        nd["red_queue"] = self.red_queue[:]
        nd["collected"] = self.collected[:]
        nd["pending"] = self.pending[:]
        nd["round_insects"] = self.round_insects[:]
        nd["winner_list"] = self.winner_list[:]
        nd["shelves"] = [x[:] for x in self.shelves]
        nd["insects"] = [x[:] for x in self.insects]
        nd["store"] = [x[:] for x in self.store]
        nd["supplies"] = [x[:] for x in self.supplies]
        nd["owner"] = self.owner.copy()
        nd["_legal"] = nd["_keys"] = None
        return new
