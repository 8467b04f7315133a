"""Ants & Grasshopper: the saved state - what ``to_dict`` writes of a game, and the check of
one read back from a file with ``rules/check.py`` (``AntsPersist``, a part of ``AntsState``);
anything wrong raises ValueError naming the field."""
from __future__ import annotations

from .board import CELLS, NEIGHBOURS
from .data import MODES, default_data


class AntsPersist:
    # ---- persistence ------------------------------------------------------------------------
    _FIELDS = ("names", "deck", "grid", "box", "discard", "shelves", "insects", "store", "hidden",
               "supplies", "supply_deck", "display", "in_play", "ant", "hopper", "round", "step",
               "chain", "choice", "reds", "red", "red_queue", "guess", "peek", "revealed",
               "collector", "collected", "pending", "round_insects", "ability_taken",
               "winner_list", "end_reason")

    def _state_dict(self) -> dict:
        out = {k: getattr(self, k) for k in self._FIELDS}
        out["owner"] = [[a, self.owner[a]] for a in self.in_play]
        import json
        return json.loads(json.dumps(out))

    def _load_state_dict(self, d: dict) -> None:
        if self.variant not in MODES:
            raise ValueError(f"unknown mode {self.variant!r}")
        if not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise ValueError("bad player count")
        self.data = data = default_data()
        self._blank(self.players)
        n = self.players
        self._check_fields(d, data, n)
        for k in self._FIELDS:
            setattr(self, k, d[k])
        self.owner = {a: o for a, o in d["owner"]}
        ids = set(data.card_ids)
        if len(self.grid) != CELLS or len(self.names) != n or len(self.shelves) != n \
                or len(self.store) != n or len(self.red) != n:
            raise ValueError("the table has the wrong shape")
        cards = [c for c in self.grid if c is not None] + self.deck + self.box + self.discard
        for s in range(n):
            cards += self.insects[s] + self.store[s]
            if self.hidden[s] is not None:
                cards.append(self.hidden[s])
        if any(c not in ids for c in cards) or len(cards) != len(set(cards)):
            raise ValueError("the path cards do not add up")
        if self.step not in ("place", "choose", "red_choose", "guess", "take", "ability", "buy",
                             "swap", "over"):
            raise ValueError(f"unknown step {self.step!r}")
        if (self.current_player is None) != (self.step == "over"):
            raise ValueError("the current player does not fit the step")
        if self.current_player is not None and not 0 <= self.current_player < n:
            raise ValueError("bad current player")

    @staticmethod
    def _check_fields(d: dict, data: "AntsData", n: int) -> None:
        """Type and range of every saved field (a save is untrusted); ValueError."""
        from .. import check as C
        ids = set(data.card_ids)
        kinds = len(data.kinds)
        supply = set(data.supply_ids(n))

        def card(v, field, none=False):
            if v is None and none:
                return
            if isinstance(v, bool) or v not in ids:
                C.bad(field, f"{C.show(v)} is not a path card of the game")

        def cards(v, field, length=None):
            for i, c in enumerate(C.seq(v, field, length)):
                card(c, f"{field}[{i}]")

        def per_seat(key, fn):
            for s, v in enumerate(C.seq(C.get(d, key), key, n)):
                fn(v, f"{key}[{s}]")

        def kind(v, field):
            if v is not None:
                C.integer(v, field, 0, kinds - 1)

        for k in AntsPersist._FIELDS:
            C.get(d, k)
        C.get(d, "owner")
        C.texts(d["names"], "names", n, max_len=200)
        for k in ("deck", "box", "discard", "collected", "pending", "round_insects"):
            cards(d[k], k)
        grid = C.seq(d["grid"], "grid", CELLS)
        for i, c in enumerate(grid):
            card(c, f"grid[{i}]", none=True)
        per_seat("shelves", lambda v, f: C.ints(v, f, 4, -1,
                                                len(data.scoring["shelf_values"]) - 1))
        per_seat("insects", cards)
        per_seat("store", cards)
        per_seat("hidden", lambda v, f: card(v, f, none=True))
        for key in ("supply_deck", "display"):
            for i, x in enumerate(C.seq(d[key], key)):
                if x is None and key == "display":
                    continue   # an empty place of the display
                if not isinstance(x, str) or x not in supply:
                    C.bad(f"{key}[{i}]", f"{C.show(x)} is not a supply card of the game")

        def supplies(v, f):
            for i, x in enumerate(C.seq(v, f)):
                if not isinstance(x, str) or x not in supply:
                    C.bad(f"{f}[{i}]", f"{C.show(x)} is not a supply card of the game")
        per_seat("supplies", supplies)
        in_play = C.seq(d["in_play"], "in_play", hi=len(data.abilities))
        for i, a in enumerate(in_play):
            if not isinstance(a, str) or a not in data.abilities or in_play.count(a) > 1:
                C.bad(f"in_play[{i}]", f"{C.show(a)} is not an ability card of the game")
        owner = C.seq(d["owner"], "owner", len(in_play))
        for i, pair in enumerate(owner):
            C.seq(pair, f"owner[{i}]", 2)
            if pair[0] != in_play[i]:
                C.bad(f"owner[{i}]", "does not follow the ability cards in play")
            C.seat(pair[1], f"owner[{i}][1]", n, none=True)
        C.seat(d["ant"], "ant", n)
        C.seat(d["hopper"], "hopper", n)
        C.integer(d["round"], "round", 0, 10 ** 6)
        C.text(d["step"], "step", 40)
        chain = C.ints(d["chain"], "chain", None, 0, CELLS - 1, CELLS)
        if len(set(chain)) != len(chain):
            C.bad("chain", "the trail visits a card twice")
        for a, b in zip(chain, chain[1:]):
            if b not in NEIGHBOURS[a]:
                C.bad("chain", f"cards {a} and {b} of the trail are not side by side")
        if d["step"] in ("place", "choose", "red_choose", "guess"):
            for c in chain:
                if grid[c] is None:
                    C.bad("chain", f"the trail runs over an empty place ({c})")
        kind(d["choice"], "choice")
        kind(d["peek"], "peek")
        for i, s_ in enumerate(C.seq(d["reds"], "reds", hi=n)):
            C.seat(s_, f"reds[{i}]", n)
        per_seat("red", kind)
        for i, s_ in enumerate(C.seq(d["red_queue"], "red_queue", hi=n)):
            C.seat(s_, f"red_queue[{i}]", n)
        if d["guess"] is not None:
            C.integer(d["guess"], "guess", 0, CELLS - 1)
        C.boolean(d["revealed"], "revealed")
        C.seat(d["collector"], "collector", n, none=True)
        C.boolean(d["ability_taken"], "ability_taken")
        for i, s_ in enumerate(C.seq(d["winner_list"], "winner_list", hi=n)):
            C.seat(s_, f"winner_list[{i}]", n)
        C.text(d["end_reason"], "end_reason")
