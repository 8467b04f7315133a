"""The Forest Gold animation script: events to steps, one after the other, each with its
one-line caption (a toast): a piece walks or is pushed tile by tile along a chain, a tile flips
when it opens, a campfire is lit or moved, a piece fades when it leaves the hunt.

The display (``self._disp``: the last view drawn, changed event by event) starts from what was
on screen and ends, once nothing moves, as the latest synced view (``_reconcile``)."""
from __future__ import annotations


from ...board import Step
from ...board.anim import data_copy
from . import texts
from .common import xy

DURATIONS = {
    "step": 0.32, "home": 0.5, "reveal": 0.42, "camp": 0.35, "move_camp": 0.45, "death": 0.45,
    "reinforce": 0.35, "attack": 0.4, "effect": 0.55, "trap": 0.45, "free": 0.4, "rob": 0.45,
    "store": 0.35, "pick_up": 0.2, "drop": 0.2, "nuggets": 0.3, "bump": 0.25, "drown": 0.45,
    "sink": 0.35, "lost": 0.35, "loop": 0.45, "stay": 0.25, "pass": 0.3, "round_cap": 0.5,
    "win": 0.8,
}
MOVING = ("step", "home")
BURSTS = ("attack", "effect", "trap", "free", "rob", "drown", "sink", "lost", "reinforce", "store",
          "pick_up", "nuggets", "loop")


class ForestAnimation:
    #: the big moments: an attack, a robbery at a campfire
    MOMENTS = {"attack": True, "rob": True}
    DURATIONS = DURATIONS

    def steps_for(self, ev: dict, f: float) -> list:
        kind = ev.get("type")
        dur = DURATIONS.get(kind)
        if dur is None:
            return []
        if kind == "step" and ev.get("by") == "step" and ev.get("kind") != "face_down":
            dur *= 0.8
        return [Step(kind, ev, dur * f)]

    # ---- the display ----------------------------------------------------------------------------
    def _reconcile(self) -> None:
        if self.view is not None:
            self._disp = data_copy(self.view)
        self._moving = {}
        self._flip = None
        self._fade = {}
        self._burst = None
        self._dirty = False

    def show_step(self, piece, frm, to, t: float = 0.5, hop: bool = True) -> None:
        """Public hook (tests, bench): draw ``piece`` a fraction ``t`` of its way from the tile
        ``frm`` to ``to`` (grid coordinates), as its step animation does."""
        self._moving[piece] = (frm, to, t, hop)

    def _disp_piece(self, pid):
        for p in (self._disp or {}).get("pieces", []):
            if p["id"] == pid:
                return p
        return None

    def _loose_add(self, at, n: int) -> None:
        d = self._disp
        for row in d["loose"]:
            if (row[0], row[1]) == tuple(at):
                row[2] = max(0, row[2] + n)
                return
        if n > 0:
            d["loose"].append([at[0], at[1], n])

    def _final_cell(self, at):
        v = self.view
        i = at[1] * v["size"] + at[0]
        return v["cells"][i]

    # ---- step callbacks ---------------------------------------------------------------------------
    def _step_start(self, st: Step) -> None:
        if self._disp is None:
            self._reconcile()
        ev = st.ev
        spot = ev.get("at") or ev.get("to") or ev.get("cell")
        if spot is not None:
            self._toast_row = xy(spot)[1]
        self._toast(texts.caption(ev, self.ctx()))
        if st.kind in MOVING:
            self._moving[ev.get("piece")] = (xy(ev["frm"]), xy(ev["to"]), 0.0, st.kind == "step")
        elif st.kind == "reveal":
            self._flip = (xy(ev["at"]), 0.0, ev)
        elif st.kind in ("death", "drown") or (st.kind == "loop" and ev.get("died")):
            self._fade[ev.get("piece")] = 0.0
        if st.kind in BURSTS and ev.get("at") is not None:
            self._burst = (xy(ev["at"]), 0.0, st.kind)
        self._changed = True

    def _step_apply(self, st: Step, p: float) -> None:
        ev = st.ev
        if st.kind in MOVING:
            a, b, _t, hop = self._moving.get(ev.get("piece"), (None, None, 0, False))
            if a is not None:
                self._moving[ev.get("piece")] = (a, b, p, hop)
        elif st.kind == "reveal" and self._flip is not None:
            self._flip = (self._flip[0], p, ev)
        elif st.kind == "death" and ev.get("piece") in self._fade:
            self._fade[ev.get("piece")] = p
        if self._burst is not None and st.kind in BURSTS:
            self._burst = (self._burst[0], p, st.kind)
        self._changed = True

    def _step_end(self, st: Step) -> None:
        ev = st.ev
        self._burst = None
        d = self._disp
        kind = st.kind
        pc = self._disp_piece(ev.get("piece"))
        if kind in MOVING and pc is not None:
            pc["at"] = list(ev["to"])
            if kind == "home":
                pc["bump"] = -1
            self._moving.pop(ev.get("piece"), None)
        elif kind == "reveal":
            at = xy(ev["at"])
            cell = self._final_cell(at) or {"kind": ev.get("kind", "empty"), "tile": ev.get("tile")}
            d["cells"][at[1] * d["size"] + at[0]] = cell
            self._flip = None
        elif kind == "camp":
            at = xy(ev["cell"])
            d["camps"][ev["seat"]] = list(at)
            d["cells"][at[1] * d["size"] + at[0]] = {"kind": "campfire", "seat": ev["seat"]}
            for p in d["pieces"]:
                if p["seat"] == ev["seat"]:
                    p["at"] = list(at)
        elif kind == "move_camp":
            frm, to = xy(ev["frm"]), xy(ev["to"])
            d["camps"][ev["seat"]] = list(to)
            d["cells"][frm[1] * d["size"] + frm[0]] = self._final_cell(frm)
            d["cells"][to[1] * d["size"] + to[0]] = {"kind": "campfire", "seat": ev["seat"]}
            for pid in ev.get("pieces") or []:
                q = self._disp_piece(pid)
                if q is not None:
                    q["at"] = list(to)
        elif kind in ("death", "drown") or (kind == "loop" and ev.get("died")):
            if pc is not None and kind != "drown":
                pc["at"] = None
            self._fade.pop(ev.get("piece"), None)
        elif kind == "reinforce" and pc is not None:
            pc["at"] = list(ev["at"])
            pc["dead"] = None
        elif kind == "nuggets":
            self._loose_add(xy(ev["at"]), int(ev.get("count", 0)))
        elif kind == "pick_up" and pc is not None:
            pc["carry"] = True
            if int(ev.get("bump", -1)) < 0:
                self._loose_add(xy(ev["at"]), -1)
        elif kind == "drop" and pc is not None:
            pc["carry"] = False
            if int(ev.get("bump", -1)) < 0:
                self._loose_add(xy(ev["at"]), 1)
        elif kind == "store":
            if pc is not None:
                pc["carry"] = False
            seat = ev.get("seat")
            if seat is not None:
                d["stored"][seat] = [0] * int(ev.get("stored", 0))
        elif kind == "rob" and pc is not None:
            pc["carry"] = True
            victim = ev.get("victim")
            if victim is not None:
                d["stored"][victim] = [0] * int(ev.get("stored", 0))
        elif kind == "bump" and pc is not None:
            pc["bump"] = int(ev.get("bump", 0))
        elif kind == "trap" and pc is not None:
            pc["trapped"] = True
        elif kind == "free":
            for p in d["pieces"]:
                if p["trapped"] and p["seat"] == ev.get("seat") and p["at"] is not None \
                        and xy(p["at"]) == xy(ev["at"]):
                    p["trapped"] = False
        self._changed = True

    def _prewarm(self) -> None:
        pass
