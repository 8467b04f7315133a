"""Ants & Grasshopper: the start of a round, the legal actions and carrying an action out up
to the guess (``AntsPlay``, a part of ``AntsState``: it changes the state's fields)."""
from __future__ import annotations

from ..base import IllegalAction, Rec, Record
from .board import CELLS, EDGE_CELLS, N, NEIGHBOURS, _BOTH, _NEAR
from .data import _WHY_CODES, _design, _plural


class AntsPlay:
    def _draw(self, ev: list):
        """Winter: the top card of the deck, reshuffling the discard pile when needed."""
        if not self.deck and self.discard:
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            ev.append(Record("reshuffle", f"The discard pile ({_plural(len(self.deck), 'card')})"
                             " is shuffled into a new deck.", cards=len(self.deck), chance=True))
        return self.deck.pop() if self.deck else None

    def _draw_to(self, seat: int, ev: list, why: str) -> None:
        code = _WHY_CODES.get(why, "other")
        c = self._draw(ev)
        if c is None:
            ev.append(Record("no_card", f"{self.names[seat]} would draw a card ({why}), but none "
                             "is left.", seat=seat, why=code))
            return
        self.store[seat].append(c)
        ev.append(Record("draw", f"{self.names[seat]} draws a {self.data.card_text(c)} ({why}).",
                         seat=seat, card=c, why=code, chance=True))

    # ---- round machinery ----------------------------------------------------------------------
    def _start_round(self, ev: list) -> None:
        self.round += 1
        self.step = "place"
        self.chain = []
        self.choice = None
        self.red = [None] * self.players
        self.reds = ([s for s in range(self.players) if s not in (self.ant, self.hopper)]
                     if self.winter and self.players >= 3 else [])
        self.red_queue = []
        self.guess = None
        self.peek = None
        self.revealed = False
        self.collector = None
        self.collected = []
        self.pending = []
        self.round_insects = []
        self.ability_taken = False
        self.current_player = self.ant
        extra = f"; red ants: {', '.join(self.names[s] for s in self.reds)}" if self.reds else ""
        ev.append(Rec(type="round", round=self.round, ant=self.ant, hopper=self.hopper,
                      reds=list(self.reds),
                      text=f"Round {self.round}: {self.names[self.ant]} is the ant, "
                           f"{self.names[self.hopper]} the grasshopper{extra}."))

    def _place_cells(self) -> list:
        chain = self.chain
        if not chain:
            if self.options.get("first_ant") == "edge":
                return list(EDGE_CELLS)
            return list(range(CELLS))
        return [j for j in _NEAR[chain[0]][chain[-1]] if j not in chain]

    def _legal_actions(self) -> list:
        seat = self.current_player
        name = self.names[seat]
        d = self.data
        step = self.step
        acts: list = []
        if step == "place":
            n = len(self.chain) + 1
            chain = self.chain
            head = f"{name} puts ant {n} on the "
            card_in, grid = d.card_in, self.grid
            cells = self._place_cells()
            both = _BOTH[chain[0]][chain[-1]] if len(chain) >= 2 else ()
            if not both or both.isdisjoint(cells):
                acts = [Rec(type="place", cell=[i % N, i // N], text=head + card_in[grid[i]][i])
                        for i in cells]
            else:
                for i in cells:
                    where = card_in[grid[i]][i]
                    text = head + where
                    if i in both:
                        # next to both ends (the trail closes a ring): the player says which end
                        # it joins, so the trail's two ends are the player's choice, not the order
                        acts.append(Rec(type="place", cell=[i % N, i // N], end="head",
                                        text=f"{name} puts an ant on the {where} as the new "
                                             "ant 1, before the present ant 1"))
                        acts.append(Rec(type="place", cell=[i % N, i // N], end="tail",
                                        text=text + f", after ant {len(chain)}"))
                    else:
                        acts.append(Rec(type="place", cell=[i % N, i // N], text=text))
        elif step == "choose":
            card_kind, grid, lower = d.card_kind, self.grid, d.kind_lower
            kinds = sorted({card_kind[grid[i]] for i in self.chain})
            acts = [Rec(type="choose", kind=d.kinds[k],
                        text=f"{name} secretly picks the {lower[k]} disc") for k in kinds]
        elif step == "red_choose":
            for k, kid in enumerate(d.kinds):
                acts.append(Record("red_choose", f"{name} (red ant) secretly picks the "
                                   f"{d.kind_labels[k].lower()} disc", kind=kid))
        elif step == "guess":
            card_in, grid = d.card_in, self.grid
            acts = [Rec(type="guess", cell=[i % N, i // N],
                        text=f"{name} jumps onto ant {k + 1}, on the {card_in[grid[i]][i]}")
                    for k, i in enumerate(self.chain)]
        elif step == "take":
            for c in self._take_options():
                acts.append(Record("take", f"{name} takes the {d.card_text(c)}", card=c))
        elif step == "ability":
            for c in self._ability_cards():
                ab = d.ability_of_insect[d.card_insect[c]]
                acts.append(Record("take_ability", f"{name} discards the {d.card_text(c)} for "
                                   f"the {ab} ability", card=c))
            acts.append(Record("skip_ability", f"{name} takes no ability card"))
        elif step == "buy":
            for sid, pay in self._buy_options(seat):
                acts.append(Record("buy", f"{name} buys the {d.designs[_design(sid)]['label']} "
                                   f"paying {self._pay_text(pay)}", card=sid, pay=list(pay)))
            acts.append(Record("skip_buy", f"{name} buys nothing"))
        elif step == "swap":
            for mine, other in self._swap_options(seat):
                acts.append(Record("supply_swap", f"{name} swaps the "
                                   f"{d.designs[_design(mine)]['label']} for the "
                                   f"{d.designs[_design(other)]['label']}", mine=mine, other=other))
            acts.append(Record("skip_swap", f"{name} keeps the exchange card for later"))
        return acts

    def _pay_text(self, pay) -> str:
        d = self.data
        parts = []
        for c in pay:
            parts.append("the hidden card" if c == self.hidden[self.current_player]
                         else d.kind_labels[d.card_kind[c]].lower())
        return ", ".join(parts)

    def _apply(self, a: Record, index: int) -> list:
        seat = self.current_player
        name = self.names[seat]
        d = self.data
        ev: list = []
        t = a["type"]
        if t == "place":
            cell = a["cell"]
            i = cell[0] + N * cell[1]
            chain = self.chain
            # next to one end joins there; next to both, the action says which end ("end")
            chosen = a.get("end")
            end = chosen or ("head" if len(chain) >= 2 and i not in NEIGHBOURS[chain[-1]]
                             else "tail")
            if end == "head":
                chain.insert(0, i)
            else:
                chain.append(i)
            n = len(chain)
            ring = ", closing a ring" if chosen else ""
            c = self.grid[i]
            where = d.card_in[c][i]
            if end == "head" and n > 1:
                # the board numbers the ants along the trail: the new first ant is ant 1
                text = (f"{name} puts a new ant 1 on the {where}, at the "
                        f"start of the trail{ring}; the others now count 2 to {n}.")
            else:
                text = f"{name} puts ant {n} on the {where}{ring}."
            ev.append(Rec(type="place", seat=seat, cell=cell, end=end, n=n,
                          kind=d.kinds[d.card_kind[c]], ring=bool(chosen), text=text))
            if n == d.scoring["ants"]:
                self.step = "choose"
        elif t == "choose":
            self.choice = d.kind_index[a["kind"]]
            ev.append(Rec(type="choose", seat=seat, text=f"{name} lays a disc face down."))
            if self.reds:
                self.red_queue = [(self.ant + k) % self.players for k in range(1, self.players)
                                  if (self.ant + k) % self.players in self.reds]
                self.step = "red_choose"
                self.current_player = self.red_queue.pop(0)
            else:
                self._to_guess(ev)
        elif t == "red_choose":
            self.red[seat] = d.kind_index[a["kind"]]
            ev.append(Record("red_choose", f"{name} (red ant) lays a disc face down.", seat=seat))
            if self.red_queue:
                self.current_player = self.red_queue.pop(0)
            else:
                self._to_guess(ev)
        elif t == "guess":
            cell = a["cell"]
            self.guess = i = cell[0] + N * cell[1]
            ant = self.chain.index(i) + 1
            c = self.grid[i]
            ev.append(Rec(type="guess", seat=seat, cell=cell, ant=ant,
                          kind=d.kinds[d.card_kind[c]],
                          text=f"{name} jumps onto ant {ant}, on the {d.card_in[c][i]}."))
            self._reveal(ev)
        elif t == "take":
            self._take(seat, a["card"], ev)
            self.pending.pop(0)
            self._next_take(ev)
        elif t == "take_ability":
            self._take_ability(seat, a["card"], ev)
            if self.current_player is not None:
                self._to_buy(ev)
        elif t == "skip_ability":
            ev.append(Record("skip_ability", f"{name} takes no ability card.", seat=seat))
            self._to_buy(ev)
        elif t == "buy":
            self._buy(seat, a["card"], a["pay"], ev)
            if self.current_player is not None:
                self._to_swap(ev)
        elif t == "skip_buy":
            ev.append(Record("skip_buy", f"{name} buys nothing.", seat=seat))
            self._to_swap(ev)
        elif t == "supply_swap":
            self._supply_swap(seat, a["mine"], a["other"], ev)
            if self.current_player is not None:
                self._round_end(ev)
        elif t == "skip_swap":
            ev.append(Record("skip_swap", f"{name} does not use the exchange card.", seat=seat))
            self._round_end(ev)
        else:   # pragma: no cover - only legal actions get here
            raise IllegalAction(f"unknown action {t!r}")
        return ev

    def _to_guess(self, ev: list) -> None:
        self.step = "guess"
        self.current_player = self.hopper
        if self.owns(self.hopper, "peek"):
            unused = [k for k in range(4) if k != self.choice]
            self.peek = self.rng.choice(unused)
            ev.append(Record("peek", f"{self.names[self.hopper]} peeks at one of the ant's "
                             "unused discs.", seat=self.hopper, chance=True,
                             private_to=self.hopper))
