"""Hamster Burrow: the legal sets of crosses and the legal actions, carrying an action out
- the roll, the crosses, the release of a roll's secret crosses - and the end of a turn and of
the game (``HamsterPlay``, a part of ``HamsterState``: it changes the state's fields)."""
from __future__ import annotations

from ..base import Rec, Record
from .sheet import MAX_ONES, _plural


SET_CACHE = 4096            # remembered answers of a chamber's legal sets (then forgotten)


class HamsterPlay:
    def _legal_sets(self, seat: int, roll: int) -> list:
        """(chamber index, mask) of every legal set of crosses for ``roll``."""
        return self._legal_parts(seat, roll)[0]

    def _legal_parts(self, seat: int, roll: int, lists: list | None = None) -> tuple:
        """(_legal_sets, and for each set its cells and the end of its action's sentence);
        ``lists``, when given, is extended by each set's cells as a tuple of [x, y] lists
        (made once per set and shared: the legal actions' cells, read only)."""
        marks = self.marks[seat]
        chambers = self.sheet.chambers
        if roll == 1:
            free = self.sheet.one_row - self.one_used[seat]
            sizes = range(1, min(MAX_ONES, free) + 1)
            which = -len(sizes)         # the sizes 1.. this many, remembered together
        else:
            sizes = (roll,)
            which = roll
        if not sizes:
            return [], []
        fresh = not any(marks)
        anywhere = self.options.get("first_cross") == "any"
        out = []
        parts = []
        for ci, full, nbr, entries, cache, start in self.sheet.fast:
            m = marks[ci]
            if m == full:
                continue
            if fresh:
                anchors = full if (anywhere or start) else 0
            else:
                anchors = nbr[m] if m else 0
                for far, other, near in entries:
                    if marks[other] & near:
                        anchors |= far
                anchors &= ~m
            if not anchors:
                continue
            got = cache.get((m, anchors, which))
            if got is None:
                c = chambers[ci]
                by_size = c.by_size
                sets = []
                for k in sizes:
                    if k >= len(by_size):
                        break
                    sets += [p for p in c.pairs_by_size[k] if not p[1] & m and p[1] & anchors]
                info = [c.part(s) for _, s in sets]
                got = (tuple(sets), tuple(i[0] for i in info), tuple(i[1] for i in info))
                if len(cache) >= SET_CACHE:
                    cache.clear()
                cache[(m, anchors, which)] = got
            out += got[0]
            parts += got[1]
            if lists is not None:
                lists += got[2]
        return out, parts

    # ---- contract ---------------------------------------------------------------------------
    def _legal_actions(self) -> list:
        seat = self.current_player
        name = self.names[seat]
        if self.step == "roll":
            acts = [Rec(type="roll", text=f"{name} rolls the die")]
            masks = None
        else:
            lists: list = []
            masks, parts = self._legal_parts(seat, self.roll, lists)
            if not masks:
                acts = [Record("pass", f"{name} cannot cross anything and passes")]
            else:
                # each action's cells: a new list of the set's shared [x, y] cells (nothing
                # changes an action; the event of a cross has cells of its own)
                head = name + " crosses "
                acts = [Rec(type="cross", cells=list(cells), text=head + text)
                        for cells, (_, text) in zip(lists, parts)]
        self._legal_masks = masks
        return acts

    def _apply(self, a: Record, i: int) -> list:
        masks = self._legal_masks
        self._legal_masks = None
        seat = self.current_player
        ev: list = []
        kind = a["type"]
        if kind == "roll":
            self._do_roll(seat, ev)
        elif kind == "cross":
            ci, s = masks[i]
            self._do_cross(seat, ci, s, ev)
            self._next_decider(ev)
        else:   # pass
            ev.append(Record("pass", f"{self.names[seat]} cannot use the {self.roll} and passes.",
                             seat=seat, value=self.roll, **self._secret(seat)))
            self.decided[seat] = True
            self._next_decider(ev)
        return ev

    # ---- turn machinery ---------------------------------------------------------------------
    def _do_roll(self, seat: int, ev: list) -> None:
        v = self.rng.randint(1, 6)
        self.roll = v
        ev.append(Rec(type="roll", seat=seat, value=v, chance=True,
                      text=f"{self.names[seat]} rolls a {v}."))
        if v >= 4 and self.timer_active and self.timer_crossed < self.timer_length:
            L = self.timer_length
            if self.timer_pass == 1:     # solo, first pass: circle a box
                if self.timer_circled < L:
                    self.timer_circled += 1
                    k = self.timer_circled
                    ev.append(Record("timer", f"A {v}: timer box {k} of {L} is circled "
                                     f"(first round of the timer).", boxes=k, length=L,
                                     circled=True, **{"pass": 1}))
            else:
                self.timer_crossed += 1
                k = self.timer_crossed
                last = " - the last one: this is the final roll" if k == L else ""
                ev.append(Record("timer", f"A {v}: timer box {k} of {L} is crossed{last}.",
                                 boxes=k, length=L, circled=False,
                                 **({"pass": 2} if self.players == 1 else {})))
        self.step = "choose"
        self.deciding = 0
        self.decided = [False] * self.players
        self.pending = [None] * self.players
        self.pending_one = [0] * self.players
        self.current_player = seat

    def _do_cross(self, seat: int, ci: int, s: int, ev: list) -> None:
        c = self.sheet.chambers[ci]
        marks = self.marks[seat]
        first_here = marks[ci] == 0
        marks[ci] |= s
        self.pending[seat] = (ci, s)
        self.decided[seat] = True
        cells = c.cells_of(s)
        n = len(cells)
        if self.roll == 1:
            self.one_used[seat] += n
            self.pending_one[seat] = n
        name = self.names[seat]
        cross = Rec(type="cross", seat=seat, cells=[[x, y] for x, y in cells], chamber=c.id,
                    first=first_here)
        if self.roll == 1:
            cross["slots"] = n
            extra = f" (spending {_plural(n, '1-row slot')})"
        else:
            extra = ""
        if self.players > 1:          # the marks of _secret(seat), in their order
            cross["simultaneous"] = True
            cross["private_to"] = seat
        cross["text"] = f"{name} crosses {_plural(n, 'cell')} in the {c.name}{extra}."
        ev.append(cross)
        if marks[ci] == c.full:
            ev.append(Record("chamber_full", f"{name} has filled the {c.name} "
                             f"({_plural(c.points, 'point')}).", seat=seat, chamber=c.id,
                             points=c.points, **self._secret(seat)))

    def _secret(self, seat: int) -> dict:
        """Event marks of a decision the other seats may not know before the turn ends."""
        if self.players == 1:
            return {}
        return {"simultaneous": True, "private_to": seat}

    def _next_decider(self, ev: list) -> None:
        self.deciding += 1
        if self.deciding < self.players:
            self.current_player = (self.roller + self.deciding) % self.players
            return
        self._end_turn(ev)

    def _end_turn(self, ev: list) -> None:
        L = self.timer_length
        if self.players > 1:
            # the simultaneous decisions of this roll become public now (see base.py)
            ev.append(Rec(type="turn_end", turn=self.turn, reveal=True,
                          text=f"Everyone has chosen for the {self.roll}; the crosses "
                               "of this roll are shown:"))
        self.pending = [None] * self.players
        self.pending_one = [0] * self.players
        if self.players == 1:
            if self.timer_pass == 1 and (self.timer_circled >= L or self.chambers_started(0) >= 4):
                why = ("the first round of the timer is complete" if self.timer_circled >= L
                       else f"{self.names[0]} has started a 4th chamber")
                self.timer_pass = 2
                ev.append(Record("timer_on", f"The second round of the timer begins ({why}): "
                                 f"from the next roll, every 4 or more crosses a box.",
                                 **{"pass": 2}))
        elif not self.timer_active:
            who = [s for s in range(self.players) if self.chambers_started(s) >= 4]
            if who:
                self.timer_active = True
                names = " and ".join(self.names[s] for s in who)
                ev.append(Record("timer_on", f"{names} started a 4th chamber: the timer is on. "
                                 f"From the next roll, every 4 or more crosses a timer box.",
                                 seats=who))
        over = self.timer_crossed >= L and (self.players > 1 or self.timer_pass == 2)
        if over:
            self._finish(ev)
            return
        self.turn += 1
        self.step = "roll"
        self.decided = [False] * self.players
        self.deciding = 0
        self.current_player = self.roller

    def _finish(self, ev: list) -> None:
        self.step = "over"
        self.current_player = None
        self._legal = None
        self.winner_list = self._rank()[0]
        ev.append(Record("end", self.summary(), winners=list(self.winner_list),
                         scores=self.scores()))
