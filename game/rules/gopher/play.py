"""Gopher's Pantry: carrying out an action and the turn that follows (``GopherPlay``, a part
of ``GopherState``: it changes the state's fields, see ``GopherState._blank``)."""
from __future__ import annotations

from ..base import Rec, Record
from .data import DIGGER, SPECIAL, card_kind


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"



class GopherPlay:
    def _draw(self, seat: int, n: int, ev: list, why: str) -> None:
        got = []
        for _ in range(n):
            if not self.deck:
                break
            got.append(self.deck.pop())
        if got:
            self.hands[seat] = sorted(self.hands[seat] + got)
            ev.append(Rec(type="draw", seat=seat, count=len(got), why=why, chance=True,
                          private_to=seat,
                          text=f"{self.names[seat]} draws {_plural(len(got), 'card')} "
                               f"({'refill' if why == 'refill' else 'ineffective turn'})."))


    def _apply(self, a: Record, index: int) -> list:
        t = a["type"]
        ev: list = []
        s = self.current_player
        if t == "add":
            self.hands[s].remove(a["card"])
            self.picks_add.append(a["card"])
            ev.append(Rec(type="pick", seat=s, card=a["card"], sign="+", private_to=s,
                          secret=["card", "sign"], text=a["text"]))
        elif t == "subtract":
            self.hands[s].remove(a["card"])
            self.picks_sub.append(a["card"])
            ev.append(Rec(type="pick", seat=s, card=a["card"], sign="-", private_to=s,
                          secret=["card", "sign"], text=a["text"]))
        elif t == "roll":
            self.roll = self._roll_die()
            self._moves = None
            ev.append(Rec(type="roll", seat=s, value=self.roll, chance=True,
                          text=f"{self.names[s]} rolls {self.roll}."))
            self.step = "move"
        elif t == "move":
            self._move(s, a, index, ev)
        elif t == "pass":
            self._pass(s, ev)
        elif t == "place":
            self._place(s, a["hole"], ev)
        elif t == "dig":
            self._dig(s, ev)
        elif t == "stay":
            ev.append(Record("stay", f"{self._nm(s)} cannot move exactly {self.roll} steps.",
                             seat=s, hole=self.tokens[s]))
            self._ineffective(ev)
        elif t == "collect":
            self._collect(s, ev)
        elif t == "take":
            self._take(s, a, ev)
        elif t == "keep":
            self._keep(s, a["card"], ev)
        return ev

    def _place(self, s: int, hole: int, ev: list) -> None:
        self.tokens[s] = hole
        ev.append(Record("place", f"{self._nm(s)} puts the token on hole {hole}.", seat=s,
                         hole=hole))
        if s + 1 < self.players:
            self.current_player = s + 1
            return
        roll = self._roll_die()
        self.page = roll
        ev.append(Record("page", f"The roll of {roll} opens the book at page {roll}.",
                         seat=None, value=roll, page_from=None, page_to=roll, changed=True,
                         chance=True))
        self._start_turn(0, ev)

    def _start_turn(self, s: int, ev: list) -> None:
        self.active = s
        self.current_player = s
        self.step = "roll"
        self.roll = None
        self._moves = None
        self.effective = False
        self.collected_any = False
        self.after_change = False
        self.jumped = []
        self.queue = []
        ev.append(Rec(type="turn", seat=s, text=f"{self.names[s]}'s turn."))

    def _dig(self, s: int, ev: list) -> None:
        if self.beginner:
            self.diggers_left[s] -= 1
        else:
            self.hands[s].remove(DIGGER)
            self.discard.append(DIGGER)
        ev.append(Record("dig", f"{self._nm(s)} plays a digger instead of moving.", seat=s,
                         before_roll=self.roll is None))
        self._level_change(s, ev)

    def _move(self, s: int, a: Record, index: int, ev: list) -> None:
        end, path, hops = self._move_options()[index]
        start = self.tokens[s]
        occ = None
        hop_list = []
        for f, to, over in hops:
            if over:
                if occ is None:
                    occ = self._occupied(s)
                jumped = [occ[h] for h in over]
                for j in jumped:
                    if j not in self.jumped:
                        self.jumped.append(j)
                hop_list.append({"from": f, "to": to, "over": list(over), "jumped": jumped})
            else:
                hop_list.append({"from": f, "to": to, "over": [], "jumped": []})
        self.tokens[s] = end
        ev.append(Rec(type="move", seat=s, start=start, to=end, path=list(path), hops=hop_list,
                      jumped=list(self.jumped),
                      text=f"{self.names[s]} moves from hole {start} to hole {end}"
                      + (" leapfrogging " + ", ".join(self._nm(j) for j in self.jumped)
                         if self.jumped else "") + "."))
        self._arrive(s, ev)

    def _arrive(self, s: int, ev: list) -> None:
        what, amount = self.data.pages[self.page].signs[self.tokens[s]]     # sign_at(s)
        if what == "portal":
            ev.append(Record("portal", f"{self._nm(s)} reaches a portal.", seat=s,
                             hole=self.tokens[s]))
            self._level_change(s, ev)
        elif what == "present":
            if self.beginner:             # every present reached, on an extra turn too
                ev.append(Record("present", f"{self._nm(s)} reaches a present and takes "
                                 "another turn.", seat=s, hole=self.tokens[s], again=True))
                self._start_turn(s, ev)
                self.bonus = True
            elif self.deck:
                n = min(self.data.present_look, len(self.deck))
                self.present = [self.deck.pop() for _ in range(n)]
                self.step = "present"
                ev.append(Record("present", f"{self._nm(s)} reaches a present and looks at "
                                 f"the top {_plural(n, 'card')} of the deck.", seat=s,
                                 hole=self.tokens[s], count=n, chance=True, private_to=s))
            else:
                ev.append(Record("present_empty", f"{self._nm(s)} reaches a present, but the "
                                 "deck is empty.", seat=s, hole=self.tokens[s]))
                self._ineffective(ev)
        elif what == "nothing":
            ev.append(Rec(type="empty_hole", seat=s, hole=self.tokens[s],
                          text=f"{self.names[s]} reaches a hole without provisions."))
            self._ineffective(ev)
        else:
            # with a hand the collect step always opens, so that the others learn nothing of
            # what the hidden hand can pay (it may only give up); the open table is public
            if not self.beginner or self._can_collect(s):
                self._open_collect(s)
            else:
                ev.append(Rec(type="cannot_collect", seat=s, hole=self.tokens[s], what=what,
                              amount=amount, text=f"{self.names[s]} cannot collect "
                                                  f"{self.data.sign_text((what, amount))}."))
                self._ineffective(ev)

    def _can_collect(self, s: int) -> bool:
        what, amount = self.data.pages[self.page].signs[self.tokens[s]]     # sign_at(s)
        if what in SPECIAL and what != "store":
            return False
        if self.beginner:
            return bool(self._take_actions(s))
        # the values of eligible(hand, what); can_make with the offset the cards' total
        vals = [v for v in map(self.data.sign_values[what].get, self.hands[s]) if v]
        total = sum(vals)
        if amount > total:            # more than all the cards together
            return False
        if amount in vals:            # one card pays it
            return True
        m = 1 << total
        if self.subtract:
            for v in vals:
                m |= (m << v) | (m >> v)
        else:
            for v in vals:
                m |= m << v
        return bool(m >> (total + amount) & 1)

    def _open_collect(self, s: int) -> None:
        self.step = "collect"
        self.collector = s
        self.current_player = s
        self.picks_add = []
        self.picks_sub = []

    def _ineffective(self, ev: list) -> None:
        s = self.active
        ev.append(Rec(type="ineffective", seat=s, text=f"{self.names[s]}'s turn is ineffective."))
        if not self.beginner:
            self._draw(s, 1, ev, "ineffective")
        self._end_turn(ev)

    def _level_change(self, s: int, ev: list) -> None:
        old = self.page
        roll = self._roll_die()
        changed = roll != old
        self.page = roll
        ev.append(Rec(type="page", seat=s, value=roll, page_from=old, page_to=roll,
                      changed=changed, chance=True,
                      text=f"{self.names[s]} rolls {roll}: "
                      + (f"the book turns from page {old} to page {roll}." if changed
                         else "the page stays.")))
        if not changed:
            self._end_turn(ev)
            return
        if self.sign_at(s)[0] == "portal":
            old = self.page
            roll = self._roll_die()
            self.page = roll
            ev.append(Record("page", f"{self._nm(s)} lands on a portal and rolls once more: "
                             f"{roll}" + (f", the book turns to page {roll}." if roll != old
                                          else ", the page stays."), seat=s, value=roll,
                             page_from=old, page_to=roll, changed=roll != old, extra=True,
                             chance=True))
        self.after_change = True
        self.queue = [(s + i) % self.players for i in range(self.players)]
        self._next_collector(ev)

    def _next_collector(self, ev: list) -> None:
        """The next seat of the queue at a provision or store sign collects or gives up (with
        a hand: whether or not it can pay, which is its secret; the open table: if it can)."""
        while self.queue:
            c = self.queue.pop(0)
            what = self.data.pages[self.page].signs[self.tokens[c]][0]
            if what in SPECIAL and what != "store":
                continue
            if not self.beginner or self._can_collect(c):
                self._open_collect(c)
                return
        self._end_turn(ev)

    def _collect(self, s: int, ev: list) -> None:
        what, amount = self.sign_at(s)
        add, sub = sorted(self.picks_add), sorted(self.picks_sub)
        self.picks_add, self.picks_sub = [], []
        ev.append(Record("collect", f"{self._nm(s)} collects {self.data.sign_text((what, amount))}"
                         f" with {', '.join('+' + self.data.label(c) for c in add)}"
                         + "".join(f", -{self.data.label(c)}" for c in sub) + ".",
                         seat=s, hole=self.tokens[s], what=what, amount=amount, add=add, sub=sub))
        self.face_down[s] += sub
        self.collected_any = True
        if s == self.active:
            self.effective = True
            if self.baskets:
                self._baskets(s, add, ev)
                return self._after_collect(ev)
        self.face_up[s] += add
        self._after_collect(ev)

    def _baskets(self, s: int, add: list, ev: list, piles: list | None = None) -> None:
        """An effective turn of ``s`` with baskets: take the baskets of the seats leapfrogged,
        then pay a basket away with ``add`` (the added cards, or a present's trophy) to its
        holder; else they go to the own pile (``piles``: face up unless said)."""
        piles = self.face_up if piles is None else piles
        for j in self.jumped:
            got = [o for o in range(self.players) if self.holder[o] == j]
            if not got:
                continue
            for o in got:
                self.holder[o] = s
            ev.append(Record("baskets", f"{self._nm(s)} takes {_plural(len(got), 'basket')} from "
                             f"{self._nm(j)}.", seat=s, source=j, owners=got))
        h = self.holder[s]
        if h != s:
            piles[h] += add
            self.holder[s] = s
            ev.append(Record("ransom", f"{self._nm(s)} buys the basket back from {self._nm(h)} "
                             f"with the collected cards.", seat=s, holder=h, cards=list(add)))
        else:
            piles[s] += add

    def _take(self, s: int, a: Record, ev: list) -> None:
        k = a["kind"]
        for v in a["take"]:
            c = f"{k}:{v}"
            self.table[c] -= 1
            self.face_up[s].append(c)
        for v in a["give"]:
            c = f"{k}:{v}"
            self.face_up[s].remove(c)
            self.table[c] += 1
        self.face_up[s].sort()
        what, amount = self.sign_at(s)
        ev.append(Record("take", a["text"], seat=s, hole=self.tokens[s], kind=k,
                         take=list(a["take"]), give=list(a["give"]), what=what, amount=amount))
        self.collected_any = True
        if s == self.active:
            self.effective = True
        self._after_collect(ev)

    def _after_collect(self, ev: list) -> None:
        self.collector = None
        if self.after_change:
            self._next_collector(ev)
        else:
            self._end_turn(ev)

    def _pass(self, s: int, ev: list) -> None:
        if self.beginner:             # nothing in hand: nothing goes back
            ev.append(Rec(type="pass", seat=s, table=True,
                          text=f"{self.names[s]} takes nothing."))
        else:                         # the picks go back, seen by that seat alone
            back = self.picks_add + self.picks_sub
            if back:
                self.hands[s] = sorted(self.hands[s] + back)
                self.picks_add, self.picks_sub = [], []
            ev.append(Rec(type="pass", seat=s, returned=back, private_to=s, secret=["returned"],
                          text=f"{self.names[s]} does not collect."))
        self.collector = None
        if self.after_change:
            self._next_collector(ev)
        else:
            self._ineffective(ev)

    def _keep(self, s: int, card: str, ev: list) -> None:
        rest = list(self.present)
        rest.remove(card)
        self.present = []
        self.deck[:0] = rest             # to the bottom (index 0 is the bottom)
        if card == DIGGER:
            self.discard.append(DIGGER)
            ev.append(Record("trophy", f"{self._nm(s)} takes the digger from the present and "
                             f"uses it at once; {_plural(len(rest), 'card')} go under the deck.",
                             seat=s, card=card, returned=len(rest)))
            self._level_change(s, ev)
            return
        ev.append(Record("trophy", f"{self._nm(s)} keeps {self.data.a_label(card)} as a trophy; "
                         f"{_plural(len(rest), 'card')} go under the deck.", seat=s, card=card,
                         returned=len(rest)))
        # keeping a trophy is collecting (RULINGS): the turn is effective (no card drawn), it
        # takes the baskets of the seats leapfrogged, and it counts against a stalled game
        self.collected_any = self.effective = True
        if self.baskets:
            self._baskets(s, [card], ev, self.trophies)
        else:
            self.trophies[s].append(card)
        self._end_turn(ev)

    def _end_turn(self, ev: list) -> None:
        self.collector = None
        self.bonus = False
        self.queue = []
        self.turns += 1
        n = self.players
        if not self.beginner:
            for i in range(n):
                t = (self.active + i) % n
                short = self.data.hand - len(self.hands[t])
                if short > 0:
                    self._draw(t, short, ev, "refill")
        if self.collected_any or (not self.beginner and self.deck):
            self.stall = 0
        else:
            self.stall += 1
        why = end = None
        if self.beginner:
            for k in self.data.kinds:
                if not any(n_ > 0 for c, n_ in self.table.items() if card_kind(c) == k):
                    why = f"the {self.data.kind_labels[k].lower()} cards ran out"
                    end = {"why": "kind_ran_out", "kind": k}
                    break
        elif not self.deck and any(len(h) <= self.data.end_hand for h in self.hands):
            least = min(len(h) for h in self.hands)
            why = f"the deck is empty and a hand is down to {_plural(least, 'card')}"
            end = {"why": "deck_empty", "cards": least}
        rounds = self.rs["stalled_rounds"] if self.beginner else self.data.stalled_rounds
        if why is None and self.stall >= rounds * n:
            why = f"nobody collected for {rounds} rounds"
            end = {"why": "stalled", "rounds": rounds}
        if why is not None:
            self._finish(why, ev, end)
            return
        self._start_turn((self.active + 1) % n, ev)

    def _finish(self, why: str, ev: list, end: dict | None = None) -> None:
        sc = self.scores()
        best = max(sc)
        top = [s for s in range(self.players) if sc[s] == best]
        if len(top) > 1 and not self.beginner:
            minus = [self.minus(s) for s in top]
            top = [s for s, m in zip(top, minus) if m == min(minus)]
        self.winner_list = top
        self.end = dict(end or {"why": "other"})
        self.step = "over"
        self.current_player = None
        names = " and ".join(self._nm(s) for s in top)
        self.end_reason = f"The game ended because {why}; {names} " \
                          f"{'has' if len(top) == 1 else 'have'} the most provisions."
        ev.append(Record("game_over", f"Game over: {why}. {names} "
                         f"win{'s' if len(top) == 1 else ''}.", winners=list(top),
                         scores=list(sc), end=end or {"why": "other"},
                         **({} if self.beginner else
                            {"minus": [self.minus(x) for x in range(self.players)]})))
