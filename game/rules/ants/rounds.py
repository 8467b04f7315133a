"""Ants & Grasshopper: the reveal, collecting cards, abilities, the supply market and its
exchange, the win check and the end of a round (``AntsRounds``, a part of ``AntsState``)."""
from __future__ import annotations

from ..base import Rec, Record
from .board import CELLS, N
from .data import _design, _pay_vectors, _plural


class AntsRounds:
    def _reveal(self, ev: list) -> None:
        d = self.data
        choice = self.choice
        grid, card_kind = self.grid, d.card_kind
        hit = card_kind[grid[self.guess]] == choice
        self.revealed = True
        if self.reds:
            reds = {str(s): d.kinds[self.red[s]] for s in self.reds}
            red_txt = "".join(f" {self.names[s]} showed {d.kind_lower[self.red[s]]}."
                              for s in self.reds)
        else:
            reds, red_txt = {}, ""
        who = self.hopper if hit else self.ant
        ev.append(Rec(type="reveal", kind=d.kinds[choice], hit=hit, reds=reds, reveal=True,
                      chance=True,
                      text=f"{self.names[self.ant]} reveals the {d.kind_lower[choice]} disc: "
                           f"the grasshopper {'guessed right' if hit else 'guessed wrong'}."
                           f"{red_txt}"))
        self.collector = who
        cells = [i for i in self.chain if card_kind[grid[i]] == choice]
        cards = [grid[i] for i in cells]
        if not self.winter:
            for i in cells:
                self.grid[i] = None
            self.collected = cards
            sh = self.shelves[who]
            n = len(cards)
            before = sh[choice]
            sh[choice] = min(3, sh[choice] + n)
            for c in cards:
                if d.card_insect[c]:
                    self.insects[who].append(c)
                else:
                    self.box.append(c)
            ins = sum(1 for c in cards if d.card_insect[c])
            moved = ("stays on the top space" if before == sh[choice] else
                     f"moves up to space {sh[choice] + 1}" if before >= 0 else
                     f"goes onto space {sh[choice] + 1}")
            kind = d.kind_lower[choice]
            ev.append(Rec(type="collect", seat=who, cards=cards, shelf=d.kinds[choice],
                          space=sh[choice],
                          text=f"{self.names[who]} collects {_plural(n, kind + ' card')}; the "
                               f"{kind} cube {moved}"
                               f"{'; ' + _plural(ins, 'insect card') + ' kept' if ins else ''}."))
            self._round_end(ev)
            return
        # Winter
        if not hit:
            for s in self.reds:
                if self.red[s] == choice:
                    self._draw_to(s, ev, "a red ant who guessed right")
        for i, c in zip(cells, cards):
            if who == self.ant and d.card_insect[c]:
                self.pending.append(c)
            else:
                self._take(who, c, ev)
        self._next_take(ev)

    def _take(self, seat: int, c: int, ev: list) -> None:
        i = self.grid.index(c)
        self.grid[i] = None
        self.store[seat].append(c)
        self.collected.append(c)
        if seat == self.ant and self.data.card_insect[c]:
            self.round_insects.append(c)
        ev.append(Record("collect", f"{self.names[seat]} takes the {self.data.card_text(c)}.",
                         seat=seat, card=c))

    def _take_options(self) -> list:
        c = self.pending[0]
        ins = self.data.card_insect[c]
        card_insect = self.data.card_insect
        others = sorted(g for g in self.grid if g is not None and g != c and card_insect[g] == ins)
        return ([c] if c in self.grid else []) + others

    def _next_take(self, ev: list) -> None:
        while self.pending:
            opts = self._take_options()
            if len(opts) > 1:
                self.step = "take"
                self.current_player = self.ant
                return
            if opts:
                self._take(self.ant, opts[0], ev)
            self.pending.pop(0)
        self._after_collect(ev)

    def _ability_cards(self) -> list:
        d = self.data
        out = []
        for c in self.round_insects:
            if c not in self.store[self.ant]:
                continue
            aid = d.ability_of_insect[d.card_insect[c]]
            if aid in self.owner and self.owner[aid] != self.ant:
                out.append(c)
        return out

    def _after_collect(self, ev: list) -> None:
        if self.beetle and self.collector == self.ant and self._ability_cards():
            self.step = "ability"
            self.current_player = self.ant
            return
        self._to_buy(ev)

    def _take_ability(self, seat: int, c: int, ev: list) -> None:
        d = self.data
        aid = d.ability_of_insect[d.card_insect[c]]
        self.store[seat].remove(c)
        self.discard.append(c)
        prev = self.owner[aid]
        self.owner[aid] = seat
        self.ability_taken = True
        src = "the centre" if prev is None else self.names[prev]
        ev.append(Record("take_ability", f"{self.names[seat]} discards the {d.card_text(c)} and "
                         f"takes the {aid} ability from {src}.", seat=seat, card=c, ability=aid,
                         source=prev))
        eff = d.abilities[aid]["effect"]
        if eff == "hidden_card":
            if prev is not None and self.hidden[prev] is not None:
                self.discard.append(self.hidden[prev])
                ev.append(Record("discard_hidden", f"{self.names[prev]} discards the hidden "
                                 f"{d.card_text(self.hidden[prev])}.", seat=prev,
                                 card=self.hidden[prev]))
                self.hidden[prev] = None
            h = self._draw(ev)
            self.hidden[seat] = h
            if h is not None:
                ev.append(Record("hide", f"{self.names[seat]} draws a card face down.", seat=seat,
                                 chance=True, private_to=seat))
        if eff == "bonus_point":
            order = [seat] + ([prev] if prev is not None else [])
            self._check_win(order, ev)

    def _to_buy(self, ev: list) -> None:
        who = self.collector
        if self._buy_options(who):
            self.step = "buy"
            self.current_player = who
            return
        if any(x is not None for x in self.display):
            ev.append(Record("no_buy", f"{self.names[who]} cannot pay for any supply card.",
                             seat=who))
        self._to_swap(ev)

    def _buy_options(self, seat: int) -> list:
        d = self.data
        sc = d.scoring
        trade = sc["trade_in_ability"] if self.owns(seat, "two_for_one") else sc["trade_in"]
        by_kind = [[] for _ in range(4)]
        for c in sorted(self.store[seat]):
            by_kind[d.card_kind[c]].append(c)
        have = [len(v) for v in by_kind]
        h = self.hidden[seat]
        hk = d.card_kind[h] if h is not None else None
        total = list(have)
        if hk is not None:
            total[hk] += 1
        out = []
        seen_design = set()
        for sid in self.display:
            if sid is None:
                continue
            des = _design(sid)
            if des in seen_design:
                continue
            seen_design.add(des)
            for pay in _pay_vectors(d.designs[des]["price"], trade, tuple(total)):
                variants = []
                if hk is not None and pay[hk] > 0:
                    if pay[hk] <= have[hk]:
                        variants.append(False)
                    variants.append(True)
                else:
                    variants.append(False)
                for use_hidden in variants:
                    ids = []
                    for k in range(4):
                        m = pay[k] - (1 if use_hidden and k == hk else 0)
                        ids.extend(by_kind[k][:m])
                    if use_hidden:
                        ids.append(h)
                    out.append((sid, ids))
        return out

    def _buy(self, seat: int, sid: str, pay: list, ev: list) -> None:
        d = self.data
        used_hidden = False
        for c in pay:
            if c == self.hidden[seat]:
                self.hidden[seat] = None
                used_hidden = True
            else:
                self.store[seat].remove(c)
            self.discard.append(c)
        slot = self.display.index(sid)
        self.display[slot] = None
        self.supplies[seat].append(sid)
        ev.append(Record("buy", f"{self.names[seat]} buys the {d.designs[_design(sid)]['label']} "
                         f"with {_plural(len(pay), 'path card')}.", seat=seat, card=sid,
                         pay=list(pay)))
        if used_hidden:
            h = self._draw(ev)
            self.hidden[seat] = h
            if h is not None:
                ev.append(Record("hide", f"{self.names[seat]} draws a new card face down.",
                                 seat=seat, chance=True, private_to=seat))
        if not self.store[seat]:
            self._draw_to(seat, ev, "paid exactly")
        self._check_win([seat], ev)

    def _swap_options(self, seat: int) -> list:
        mine = sorted({_design(s): s for s in sorted(self.supplies[seat], reverse=True)}.values())
        others = []
        for s in range(self.players):
            if s != seat:
                others.extend(self.supplies[s])
        others.extend(x for x in self.display if x is not None)
        out, seen = [], set()
        for m in mine:
            for o in sorted(others):
                k = (_design(m), _design(o), self._holder(o))
                if _design(m) == _design(o) or k in seen:
                    continue
                seen.add(k)
                out.append((m, o))
        return out

    def _holder(self, sid: str):
        for s in range(self.players):
            if sid in self.supplies[s]:
                return s
        return None

    def _to_swap(self, ev: list) -> None:
        who = self.collector
        if self.owns(who, "supply_swap") and self._swap_options(who):
            self.step = "swap"
            self.current_player = who
            return
        self._round_end(ev)

    def _supply_swap(self, seat: int, mine: str, other: str, ev: list) -> None:
        d = self.data
        holder = self._holder(other)
        self.supplies[seat].remove(mine)
        self.supplies[seat].append(other)
        if holder is None:
            self.display[self.display.index(other)] = mine
        else:
            self.supplies[holder].remove(other)
            self.supplies[holder].append(mine)
        aid = d.ability_of_effect["supply_swap"]
        self.owner[aid] = None
        src = "the display" if holder is None else self.names[holder]
        ev.append(Record("supply_swap", f"{self.names[seat]} swaps the "
                         f"{d.designs[_design(mine)]['label']} for the "
                         f"{d.designs[_design(other)]['label']} of {src}; the exchange card "
                         "goes back to the centre.", seat=seat, mine=mine, other=other,
                         source=holder))
        self._check_win([seat] + ([holder] if holder is not None else []), ev)

    def _check_win(self, order: list, ev: list) -> None:
        target = self.data.scoring["winter_target"]
        for s in order:
            if self.vp(s) >= target:
                self.winner_list = [s]
                self.end_reason = f"{self.names[s]} reached {self.vp(s)} victory points."
                ev.append(Record("game_over", f"{self.names[s]} has {self.vp(s)} victory points "
                                 "and wins at once!", winners=[s], reason="points", seat=s,
                                 points=self.vp(s)))
                self._finish()
                return

    def _finish(self) -> None:
        self.current_player = None
        self.step = "over"
        self._legal = None

    def _round_end(self, ev: list) -> None:
        d = self.data
        if self.beetle:
            for s in (self.ant, self.hopper):
                if self.owns(s, "consolation") and self.collector != s:
                    self._draw_to(s, ev, "consolation ability")
        empty = [i for i in range(CELLS) if self.grid[i] is None]
        if not self.winter:
            top = d.scoring["cubes_on_top_to_end"]
            full = [s for s in range(self.players) if self.shelves[s].count(3) >= top]
            if full or len(empty) > len(self.deck):
                why = (f"{self.names[full[0]]} has {top} cubes on top spaces" if full
                       else "the deck cannot refill the grid")
                self._end_by_points(why, ev, reason="top" if full else "deck",
                                    seat=full[0] if full else None, points=top)
                return
            for i in empty:
                self.grid[i] = self.deck.pop()
        else:
            if len(empty) > len(self.deck) + len(self.discard):
                self._end_by_points("the path cards ran out", ev, reason="cards")
                return
            for i in empty:
                self.grid[i] = self._draw(ev)
            for j, sid in enumerate(self.display):
                if sid is None and self.supply_deck:
                    self.display[j] = new = self.supply_deck.pop()
                    ev.append(Record("supply", f"A new supply card is laid out: the "
                                     f"{d.designs[_design(new)]['label']}.", card=new,
                                     chance=True))
        if empty:
            ev.append(Rec(type="refill", cells=[[i % N, i // N] for i in empty], chance=True,
                          text=f"{_plural(len(empty), 'new card')} "
                               f"{'fills' if len(empty) == 1 else 'fill'} the grid."))
        # roles
        n = self.players
        if self.collector == self.ant:
            ant = (self.ant + 1) % n
            hopper = (self.hopper + 1) % n
        else:
            ant = self.ant
            if n == 2:
                hopper = self.hopper
            else:
                hopper = (self.hopper + 1) % n
                if hopper == ant:
                    hopper = (ant + 1) % n
        self.ant, self.hopper = ant, hopper
        self._start_round(ev)
