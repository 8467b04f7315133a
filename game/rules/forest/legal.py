"""Forest Gold: every legal action of the pack to move (``ForestLegal``, a part of
``ForestState``: it reads the state's fields, see ``ForestState._blank``)."""
from __future__ import annotations

from ..base import Rec, Record
from .board import _edge_steps, _step_texts, geometry
from .data import KIND_LABEL


class ForestLegal:
    def _camp_targets(self, seat: int) -> list:
        c = self.camps[seat]
        if c is None or self.camp_moves[seat] <= 0:
            return []
        out = []
        taken = None
        for t in _edge_steps(self.n, self.edges[seat])[c]:
            if t not in self._camp_of and self.loose[t] == 0 \
                    and not sum(self.bump_nug.get(t, ())):
                if taken is None:
                    taken = {q["at"] for q in self.pieces}
                if t not in taken:
                    out.append(t)
        return out

    # ---- legal actions ------------------------------------------------------------------------
    def _legal_actions(self) -> list:
        seat = self.current_player
        name = self.names[seat]
        if self.step == "camp":
            return [Record("camp", f"{name} lights its campfire at {self._xyt(c)}.",
                           cell=self.xy(c))
                    for c in geometry(self.n)["edge"][self.edges[seat]] if c not in self._camp_of]
        if self.step == "choose":
            pend = self.pending
            p = self._pid[pend["piece"]]
            out = []
            for c in pend["options"]:
                stay = c == p["at"]
                text = (f"{self._label(p)} stays on the {KIND_LABEL[pend['why']]}." if stay else
                        f"{self._label(p)} goes on to {self._xyt(c)}.")
                out.append(Record("choose", text, to=self.xy(c), why=pend["why"]))
            return out
        out = []
        n = self.n
        camp_of, opened, tile, kind_of = self._camp_of, self.opened, self.tile, self.data.kind_of
        nbs = self._nb
        rest = self.hunter_moved[seat]
        labels = self._labels()
        base = 3 * seat                   # the pieces of a seat: canine, canine, hunter
        for p in self.pieces[base:base + 3]:
            c = p["at"]
            if c is None or p["trapped"]:
                continue
            hunter = p["kind"] == "hunter"
            if hunter and rest:
                continue
            pid = p["id"]
            _label, steps, wades, bare_rec, loaded_rec = labels[pid]
            dot, nug = _step_texts(steps, n)
            b = p["bump"]
            carry_too = p["carry"] or (self.bump_nug[c][b] > 0 if b >= 0 else self.loose[c] > 0)
            if b >= 0 and b < self.data.types[tile[c]]["bumps"] - 1:     # before the last bump
                out.append(Rec(type="wade", piece=pid, carry=False, text=wades + "."))
                if carry_too:
                    out.append(Rec(type="wade", piece=pid, carry=True,
                                   text=wades + " with a nugget."))
                continue
            for t in nbs[c]:
                if t in camp_of:
                    for k in ((False, True) if carry_too else (False,)):
                        if self.can_enter(p, t, k):
                            r = Rec(loaded_rec if k else bare_rec)
                            r["to"] = [t % n, t // n]
                            r["text"] = nug[t] if k else dot[t]
                            out.append(r)
                    continue
                if not opened[t]:
                    bare, loaded = not hunter, False
                else:
                    kind = kind_of[tile[t]]
                    if kind == "wolf_den":
                        bare, loaded = not hunter, False
                    elif hunter:
                        bare = kind != "hunters_call"
                        loaded = bare and kind != "lynx"
                    else:
                        bare = loaded = True
                if bare:
                    r = Rec(bare_rec)
                    r["to"] = [t % n, t // n]
                    r["text"] = dot[t]
                    out.append(r)
                if carry_too and loaded:
                    r = Rec(loaded_rec)
                    r["to"] = [t % n, t // n]
                    r["text"] = nug[t]
                    out.append(r)
        stuck = not out
        for t in self._camp_targets(seat):
            out.append(Rec(type="move_camp", to=[t % n, t // n],
                           text=f"{name} moves its campfire to {self._xyt_s[t]}."))
        if stuck:       # no piece can move: passing is always allowed, Move Camp never forced
            out.append(Rec(type="pass", text=f"{name} can do nothing and passes."))
        return out

