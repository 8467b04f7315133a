"""Gopher's Pantry: every legal action of the player to move (``GopherLegal``, a part of
``GopherState``: it reads the state's fields, see ``GopherState._blank``)."""
from __future__ import annotations

from ..base import Rec, Record
from .data import _VALUES, card_kind, card_value
from .search import OFF, reach

PICK_PASSES = 10 ** 6          # the largest card total whose picks come from two passes (any:
                               # their offset is the total; a test lowers it to compare)


class GopherLegal:
    def _legal_actions(self) -> list:
        step = self.step
        s = self.current_player
        if step == "collect" and not self.beginner:           # the most frequent step
            return self._pick_actions(s)
        nm = self.names[s]
        if step == "place":
            taken = set(h for h in self.tokens if h is not None)
            return [Record("place", f"{nm} puts the token on hole {h}.", hole=h)
                    for h in self.data.hole_ids if h not in taken]
        if step == "roll":
            out = [Rec(type="roll", text=f"{nm} rolls the die.")]
            if self._has_digger(s):
                out.append(Rec(type="dig", text=f"{nm} plays a digger instead of moving."))
            return out
        if step == "move":
            occ = None
            out = []
            plain = self.data.move_patterns(nm)
            for end, path, hops in self._move_options():
                for h in hops:
                    if h[2]:
                        break
                else:                                                  # no leapfrog
                    a = Rec(plain.get(end) or self.data.move_pattern(nm, end))
                    a["path"] = path
                    a["jumped"] = []
                    out.append(a)
                    continue
                if occ is None:                                        # a leapfrog
                    occ = self._occupied(s)
                    leaps = self.data.leap_patterns(self.names)
                m = 0                                                  # the seats jumped
                for _, _, o in hops:
                    for h in o:
                        m |= 1 << occ[h]
                pattern = leaps.get((s, end, m)) or self.data.leap_pattern(self.names, s, end, m)
                a = Rec(pattern)
                a["path"] = path
                a["jumped"] = list(pattern["jumped"])
                out.append(a)
            if not out:
                out.append(Rec(type="stay", text=f"{nm} cannot move {self.roll} steps and stays."))
            if self._has_digger(s):
                out.append(Rec(type="dig", text=f"{nm} plays a digger instead of moving."))
            return out
        if step == "collect":
            if self.beginner:
                return self._take_actions(s) + [Record("pass", f"{nm} takes nothing.")]
            return self._pick_actions(s)
        if step == "present":
            return [Record("keep", f"{nm} keeps a card as a trophy.", card=c)
                    for c in sorted(set(self.present))]
        return []

    def _pick_actions(self, s: int) -> list:
        what, amount = self.data.pages[self.page].signs[self.tokens[s]]     # sign_at(s)
        need = amount
        for c in self.picks_add:
            need -= _VALUES[c]
        for c in self.picks_sub:
            need += _VALUES[c]
        nm = self.names[s]
        if need == 0 and self.picks_add:
            out = [Record("collect", f"{nm} collects {self.data.sign_text((what, amount))}.")]
        else:
            out = []
        info = self.data._picks.get(nm) or self.data.pick_rows(nm)
        signs = self.data._pick_signs.get(nm) or self.data.pick_sign_rows(nm)
        # the rows of eligible(hand, what), in hand order
        rows = [r for r in map(signs[what].get, self.hands[s]) if r]
        subtract = self.subtract
        n = len(rows)
        if n <= 2:                          # one or two cards: the other card's totals
            for i in range(n):
                if i and rows[1] is rows[0]:
                    break
                v, adds, subs = rows[i]
                w = rows[1 - i][0] if n == 2 else 0
                t = need - v
                if t == 0 or t == w or (subtract and t == -w):
                    out.append(Rec(adds))
                if subtract:
                    t = need + v
                    if t == 0 or t == w or t == -w:
                        out.append(Rec(subs))
            out.append(Rec(type="pass", text=info.get(None) or self.data.pass_text(nm)))
            return out
        vals = [r[0] for r in rows]
        # A card can be picked when the other cards make the rest: need - v when it is added,
        # need + v when it is subtracted.  The totals of the other cards (all but card i) are
        # those of the cards before i plus those of the cards after i: t is such a total when
        # some total a of the cards before and t - a of the cards after exist.  pre[i] marks
        # the totals a of the cards before i (bit T + a); post[i] marks the totals b of the
        # cards from i on mirrored (bit T - b; with subtraction the totals are symmetric,
        # so mirrored they are the same), so that post[i + 1] << t marks T + a exactly for
        # the a whose t - a the cards after make.  The offset T is the cards' total, beyond
        # which no total lies: no total falls off a bit mask, and the masks stay short.
        total = sum(vals)
        one = 1 << total
        if total > PICK_PASSES:
            pre = post = None
        elif subtract:
            pre = [one]
            m = one
            for v in vals:
                m |= (m << v) | (m >> v)
                pre.append(m)
            post = [one] * (n + 1)
            m = one
            for i in range(n - 1, 0, -1):
                v = vals[i]
                m |= (m << v) | (m >> v)
                post[i] = m
        else:
            pre = [one]
            m = one
            for v in vals:
                m |= m << v
                pre.append(m)
            post = [one] * (n + 1)
            m = one
            for i in range(n - 1, 0, -1):
                m |= m >> vals[i]
                post[i] = m
        last = None                         # the cards are sorted: a copy follows its card
        for i, r in enumerate(rows):
            if r is last:
                continue
            last = r
            v, adds, subs = r
            if pre is None:                 # large values: the other cards' totals in full
                rest = self._rest(vals, v)
                if rest >> (OFF + need - v) & 1:
                    out.append(Rec(adds))
                if subtract and rest >> (OFF + need + v) & 1:
                    out.append(Rec(subs))
                continue
            a, b = pre[i], post[i + 1]
            t = need - v
            if a & (b << t if t >= 0 else b >> -t):
                out.append(Rec(adds))
            if subtract:
                t = need + v
                if a & (b << t if t >= 0 else b >> -t):
                    out.append(Rec(subs))
        out.append(Rec(type="pass", text=info.get(None) or self.data.pass_text(nm)))
        return out

    def _rest(self, vals: list, v: int) -> int:
        """reach of ``vals`` without one card of value ``v``."""
        i = vals.index(v)
        return reach(vals[:i] + vals[i + 1:], self.subtract)

    def _take_actions(self, s: int) -> list:
        what, amount = self.sign_at(s)
        kinds = self.data.kinds if what == "store" else [what]
        most = self.rs["take_most"]
        fewest = 2 if self.options.get("single_card") == "not_allowed" else 1
        out = []
        nm = self._nm(s)
        for k in kinds:
            avail = sorted({card_value(c) for c, n in self.table.items()
                            if n > 0 and card_kind(c) == k})

            def rec(start, left, picked):
                if left == 0:
                    if len(picked) < fewest:
                        return
                    out.append(Record("take", f"{nm} takes {'+'.join(map(str, picked))} "
                                      f"{self.data.kind_labels[k].lower()}.", kind=k,
                                      take=list(picked), give=[]))
                    return
                if len(picked) == most:
                    return
                for v in avail:
                    if v < start or v > left:
                        continue
                    if self.table.get(f"{k}:{v}", 0) <= picked.count(v):
                        continue
                    rec(v, left - v, picked + [v])
            rec(1, amount, [])
            if self.rs["change_most"]:
                pile = {card_value(c) for c in self.face_up[s] if card_kind(c) == k}
                for v in avail:
                    if v > amount and (v - amount) in pile:
                        big = self.data.a_label(f"{k}:{v}")
                        out.append(Record("take", f"{nm} takes {big} and gives {v - amount} "
                                          "back.", kind=k, take=[v], give=[v - amount]))
        return out
