"""Forest Gold: a piece entering tiles - what an opened tile does to it, where a moving tile
sends it, and whether a chain of choices can end at all (``ForestChain``, a part of
``ForestState``)."""
from __future__ import annotations

from ..base import Rec, Record
from .board import geometry
from .data import AWAY, KIND_CAP, KIND_LABEL, MOVERS, _sign, rotate_dir
from .play import _plural


class ForestChain:
    def _reveal(self, c: int, ev: list) -> None:
        self.opened[c] = True
        tid = self.tile[c]
        spec = self.data.types[tid]
        k = spec["kind"]
        extra = {}
        if k == "arrows":
            extra["directions"] = [list(rotate_dir(d, self.rot[c])) for d in spec["directions"]]
        if k == "swamp":
            extra["bumps"] = spec["bumps"]
            self.bump_nug[c] = [0] * spec["bumps"]
        ev.append(Rec(type="reveal", at=self.xy(c), kind=k, tile=tid, chance=True, **extra,
                      text=f"The tile at {self._xyt(c)} opens: {KIND_LABEL[k]}."))
        if k == "gold":
            self.loose[c] += spec["nuggets"]
            ev.append(Record("nuggets", f"{_plural(spec['nuggets'], 'nugget')} glitter there.",
                             at=self.xy(c), count=spec["nuggets"]))

    def _chain(self, p, c: int, d, visited: list, ev: list) -> None:
        """Piece ``p`` enters tile ``c`` (direction ``d``); effects chain until it rests or its
        player must choose.  ``visited``: the tiles the chain entered so far (this turn).

        The chain is caught in a loop when it enters a tile it already entered from the same
        direction with nothing opened or chosen since (``seen``: those entries): then it would
        repeat itself for ever.  Entering a tile again in any other way resolves it again."""
        seat = p["seat"]
        seen = set()
        n = self.n
        while True:
            if (c, d) in seen:
                self._loop(p, c, ev)
                return
            visited.append(c)
            p["at"] = c
            p["bump"] = -1
            if not self.opened[c]:
                self._reveal(c, ev)
                seen.clear()          # something opened: the chain can go another way now
            seen.add((c, d))
            owner = self._camp_of.get(c)
            if owner is not None:
                self._at_campfire(p, owner, c, ev)
                self._rest(p, ev)
                return
            k = self.data.kind_of[self.tile[c]]
            if k == "swamp":
                p["bump"] = -1
                self._enter_bump(p, c, 0, ev)
                self._after_rest(ev)
                return
            if k == "bees":
                ev.append(Record("effect", f"Bees! {self._label(p)} runs home.", piece=p["id"],
                                 seat=seat, kind=k, at=self.xy(c)))
                if p["carry"] and self.options["bees_nugget"] == "drop":
                    p["carry"] = False
                    self.loose[c] += 1
                    ev.append(Record("drop", f"{self._label(p)} drops its nugget on the bees.",
                                     piece=p["id"], seat=seat, at=self.xy(c), bump=-1,
                                     how="bees"))
                self._send_home(p, ev, "bees")
                self._after_rest(ev)
                return
            if k == "lynx":
                if p["kind"] == "canine":
                    ev.append(Record("effect", f"The lynx kills {self._label(p)}.",
                                     piece=p["id"], seat=seat, kind=k, at=self.xy(c)))
                    self._kill(p, ev, "lynx")
                    self._after_rest(ev)
                    return
                ev.append(Record("effect", f"{self._label(p)} faces the lynx and survives.",
                                 piece=p["id"], seat=seat, kind=k, at=self.xy(c)))
            nxt = self._goes(p, c, d, k, p["carry"]) if k in MOVERS else None
            if nxt is None:
                self._rest(p, ev)
                return
            if type(nxt) is list:           # the player chooses where the piece goes
                if not self._way_out(p, c, nxt):
                    self._loop(p, c, ev)      # every choice comes back here: for ever
                    return
                ev.append(Record("effect", f"{KIND_LABEL[k].capitalize()}: "
                                 f"{self.names[seat]} chooses where {self._label(p)} goes.",
                                 piece=p["id"], seat=seat, kind=k, at=self.xy(c),
                                 options=[self.xy(t) for t in nxt]))
                self.pending = {"piece": p["id"], "why": k, "options": nxt,
                                "visited": list(visited)}
                self.step = "choose"
                return
            t, why = nxt
            d = (_sign(t % n - c % n), _sign(t // n - c // n))
            ev.append(Rec(type="step", piece=p["id"], seat=seat, frm=[c % n, c // n],
                          to=[t % n, t // n], by=why, carry=p["carry"], kind=self._seen_kind(t),
                          text=f"{KIND_CAP[why]}: {self._label(p)} goes on to {self._xyt_s[t]}."))
            c = t

    def _goes(self, p, c: int, d, k: str, carry: bool):
        """Where the open tile ``c`` (kind ``k``, not a campfire) sends piece ``p`` that entered
        it going ``d``: None (it rests there), ``(tile, why)`` (it goes on) or the sorted
        list of tiles its player chooses from (two or more)."""
        n = self.n
        if k == "bear":
            if d != (0, 0):
                for back in (2, 1):
                    x, y = c % n - back * d[0], c // n - back * d[1]
                    if 0 <= x < n and 0 <= y < n and self.can_enter(p, y * n + x, carry):
                        return (y * n + x, "bear")
            return None
        if k == "red_fox":
            dx, dy = AWAY[self.edges[p["seat"]]]
            x, y = c % n + dx, c // n + dy
            while 0 <= x < n and 0 <= y < n:
                t = y * n + x
                if not self.opened[t] and t not in self._camp_of:
                    return (t, "red_fox") if self.can_enter(p, t, carry) else None
                x, y = x + dx, y + dy
            return None
        if k == "hunters_call":
            if p["kind"] != "canine":
                return None
            h = self._pid[f"{p['seat']}-h"]["at"]
            if h is not None and h != c and self.can_enter(p, h, carry):
                return (h, "hunters_call")
            return None
        if k == "arrows":
            opts = []
            for dd in self.data.types[self.tile[c]]["directions"]:
                dx, dy = rotate_dir(dd, self.rot[c])
                x, y = c % n + dx, c // n + dy
                if 0 <= x < n and 0 <= y < n and self.can_enter(p, y * n + x, carry):
                    opts.append(y * n + x)
        elif k == "hare":
            opts = [t for t in geometry(n)["far"][self.edges[p["seat"]]]
                    if t != c and self.can_enter(p, t, carry)]
        elif k == "mole_tunnel":
            opts = [t for t in self._kn[c] if self.can_enter(p, t, carry)]
            if opts:
                opts.append(c)
        else:
            return None
        if len(opts) == 1:
            return (opts[0], k)
        return sorted(opts) if opts else None

    def _way_out(self, p, c: int, options: list) -> bool:
        """Whether the chain of ``p``, to choose among ``options`` on tile ``c``, can end at
        all: some choice here, or at a choice it leads to, ends it (the piece rests, a tile
        opens, it dies ...) rather than bringing it back to a choice already met.  Without
        one, the chain would repeat itself for ever whatever its player chooses."""
        carry = p["carry"]
        n = self.n
        met = {c}
        todo = [(c, options)]
        while todo:
            at, opts = todo.pop()
            if at in opts:              # staying on the mole tunnel
                return True
            for t in opts:
                nxt = self._trace(p, t, (_sign(t % n - at % n), _sign(t // n - at // n)),
                                  carry)
                if nxt is None:
                    return True
                if nxt[0] not in met:
                    met.add(nxt[0])
                    todo.append(nxt)
        return False

    def _trace(self, p, c: int, d, carry: bool):
        """Where piece ``p`` entering tile ``c`` going ``d`` is next asked to choose, as
        ``(tile, options)``, if nothing opens on the way; None where the chain ends first (the
        piece rests, a tile opens, bees, the lynx, a swamp, a loop).  Changes nothing."""
        n = self.n
        seen = set()
        canine = p["kind"] == "canine"
        while (c, d) not in seen:
            seen.add((c, d))
            if not self.opened[c] or c in self._camp_of:
                return None
            k = self.data.types[self.tile[c]]["kind"]
            if k == "swamp" or k == "bees" or (k == "lynx" and canine):
                return None
            nxt = self._goes(p, c, d, k, carry)
            if nxt is None:
                return None
            if type(nxt) is list:
                return (c, nxt)
            t = nxt[0]
            d = (_sign(t % n - c % n), _sign(t // n - c // n))
            c = t
        return None

    def _loop(self, p, c: int, ev: list) -> None:
        if p["carry"]:
            p["carry"] = False
            self.destroyed += 1
            ev.append(Record("lost", "The nugget is lost in the loop.", piece=p["id"],
                             at=self.xy(c)))
        if p["kind"] == "canine":
            ev.append(Record("loop", f"{self._label(p)} is caught in a loop and dies.",
                             piece=p["id"], seat=p["seat"], at=self.xy(c), died=True))
            p["at"] = c
            self._kill(p, ev, "loop")
        else:
            ev.append(Record("loop", f"{self._label(p)} is caught in a loop and goes home.",
                             piece=p["id"], seat=p["seat"], at=self.xy(c), died=False))
            self._send_home(p, ev, "loop")
        self._after_rest(ev)

