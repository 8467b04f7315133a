"""Mole Dig's animation script: which step each event plays, how long (``DURATIONS``, in
seconds at normal speed) and what moves in it; the display catches up with the view after."""
from __future__ import annotations

import math

import pygame

from ... import eventtext
from ...board import Step
from .. import hexgeom as hg
from ..hexgeom import axial_to_unit
from . import texts
from .common import LAYER_COUNT, MOLE, pt as _pt, winners


class _Mole:
    """Where one mole is drawn right now (unit space) and how."""
    __slots__ = ("seat", "ux", "uy", "scale", "alpha", "hop", "flying", "hidden")

    def __init__(self, seat: int, ux: float = 0.0, uy: float = 0.0):
        self.seat = seat
        self.ux, self.uy = ux, uy
        self.scale = 1.0
        self.alpha = 255
        self.hop = 0.0
        self.flying = False
        self.hidden = False

    def reset(self, ux, uy):
        self.ux, self.uy = ux, uy
        self.scale, self.alpha, self.hop = 1.0, 255, 0.0
        self.flying = self.hidden = False


class MolesAnimation:
    #: the big moment: the lift that opens the last layer, where the race to the centre begins
    #: (the other lifts are told by the board and the log; the table does not stop for them)
    MOMENTS = {"lift": lambda ev: ev.get("layer") == LAYER_COUNT - 2}
    DURATIONS = {"place": 0.34, "move": 0.10, "move_segment": 0.17, "disc": 1.05, "lift": 1.5,
                 "win": 2.0, "toast": 0.45}

    def _reconcile(self) -> None:
        v = self.view
        if v is None:
            return
        new = {}
        for m in v["moles"]:
            ux, uy = axial_to_unit(*m["at"])
            dm = self._disp.get(m["id"])
            if dm is None:
                dm = _Mole(m["seat"])
            dm.seat = m["seat"]
            dm.reset(ux, uy)
            new[m["id"]] = dm
        self._disp = new
        self._disp_layer = v["layer"]
        self._lift_anim = None
        self._disc_anim = None
        self._win_anim = None
        self._won = v.get("winner") is not None
        if self._won:
            win_moles = [m for m in v["moles"] if m["seat"] in winners(v)
                         and tuple(m["at"]) == (0, 0) and v["layer"] == LAYER_COUNT - 1]
            for m in win_moles:
                self._disp[m["id"]].hidden = True
        self._dirty = False
        self.invalidate()

    def steps_for(self, ev: dict, f: float) -> list:
        D = self.DURATIONS
        kind = ev.get("type")
        if kind == "move":
            segs = max(1, len(ev.get("path") or []) - 1)
            return [Step("move", ev, (D["move_segment"] * segs + D["move"]) * f)]
        if kind in ("place", "disc", "lift", "win"):
            return [Step(kind, ev, D[kind] * f)]
        if eventtext.toast(ev, eventtext.for_board(self, "moles")):
            return [Step("toast", ev, D["toast"] * f)]
        return []

    def _prewarm(self) -> None:
        """While nothing moves, render one missing surface the next animations will need (the
        next layer's board and sprites at its zoom), so no animation frame has to."""
        if self.view is None or self.rect is None or not self._box.w:
            return
        i = self.view["layer"]
        jobs = []
        for j in (i, i + 1):
            if j >= LAYER_COUNT:
                continue
            s = self._layout_for(j).spacing
            jobs.append(((j, self.rect.size), lambda j=j: self._static_surface(j), self._static))
            jobs.append((("pieces", j, self.rect.size), lambda j=j: self._static_pieces(j), self._static))
            jobs.append((("hud", j, self.rect.size), lambda j=j: self._hud_static(j), self._static))
            for seat in range(self.view["players"]):
                size = max(6, int(s * MOLE))
                jobs.append((("mole", self._palette(seat)["id"], size),
                             lambda seat=seat, size=size: self._mole_sprite(seat, size), self._sprites))
        if i == LAYER_COUNT - 1:
            s = self._layout_for(i).spacing
            jobs.append((("rays", int(s)), lambda: self._draw_shine(pygame.Surface((1, 1)), "under"),
                         self._sprites))
        for key, make, cache in jobs:
            if key not in cache:
                make()
                return

    def _dm(self, ev: dict, at=None) -> _Mole:
        mid = ev.get("mole")
        dm = self._disp.get(mid)
        if dm is None:
            seat = ev.get("seat", 0) or 0
            ux, uy = axial_to_unit(*(at or (0, 0)))
            dm = _Mole(seat, ux, uy)
            self._disp[mid] = dm
        return dm

    def _step_start(self, st: Step) -> None:
        ev = st.ev
        k = st.kind
        if k == "place":
            at = _pt(ev["at"])
            dm = self._dm(ev, at)
            dm.reset(*axial_to_unit(*at))
            dm.scale = 0.0
        elif k == "move":
            path = [_pt(p) for p in ev.get("path") or [ev["frm"], ev["to"]]]
            st.data["path"] = [axial_to_unit(*p) for p in path]
            dm = self._dm(ev, path[0])
            dm.reset(*st.data["path"][0])
        elif k == "disc":
            self._disc_anim = {"values": list(ev.get("values") or []), "seat": ev.get("seat"),
                               "bonus": bool(ev.get("bonus")), "p": 0.0}
        elif k == "lift":
            old = int(ev.get("layer", self._disp_layer))
            removed = set(ev.get("removed") or [])
            for mid in removed:
                if mid in self._disp:
                    self._disp[mid].flying = True
            self._lift_anim = {"old": old, "removed": removed,
                               "survivors": set(ev.get("survivors") or []), "p": 0.0}
            self._disp_layer = min(LAYER_COUNT - 1, old + 1)
        elif k == "win":
            mid = ev.get("mole")
            self._win_anim = {"mole": mid, "p": 0.0, "seat": ev.get("seat")}
            self._won = True
            self._toast(eventtext.toast(ev, eventtext.for_board(self, "moles")))
        elif k == "toast":
            self._toast(eventtext.toast(ev, eventtext.for_board(self, "moles")))

    def _step_apply(self, st: Step, p: float) -> None:
        k = st.kind
        ev = st.ev
        if k == "place":
            dm = self._dm(ev)
            dm.scale = max(0.0, hg.ease_out_back(p, 2.2))
        elif k == "move":
            path = st.data["path"]
            segs = len(path) - 1
            if segs <= 0:
                return
            D = self.DURATIONS
            move_part = D["move_segment"] * segs / (D["move_segment"] * segs + D["move"])
            dm = self._dm(ev)
            if p >= move_part:
                dm.ux, dm.uy = path[-1]
                dm.hop = 0.0
                settle = (p - move_part) / (1 - move_part)
                dm.scale = 1.0 - 0.10 * math.sin(math.pi * settle) * (1.6 if ev.get("hole") else 1.0)
                return
            q = p / move_part * segs
            i = min(segs - 1, int(q))
            lt = q - i
            e = hg.ease_in_out(lt)
            (ax, ay), (bx, by) = path[i], path[i + 1]
            dm.ux, dm.uy = hg.lerp(ax, bx, e), hg.lerp(ay, by, e)
            dm.hop = math.sin(math.pi * lt) * 0.26
            dm.scale = 1.0 + 0.06 * math.sin(math.pi * lt)
        elif k == "disc":
            if self._disc_anim is not None:
                self._disc_anim["p"] = p
        elif k == "lift":
            la = self._lift_anim
            if la is None:
                return
            la["p"] = p
            for mid in la["survivors"]:
                dm = self._disp.get(mid)
                if dm is None:
                    continue
                if p < 0.3:
                    dm.scale = 1.0 + 0.12 * hg.ease_out_cubic(p / 0.3)
                else:
                    dm.scale = 1.0 + 0.12 * (1 - hg.ease_out_back((p - 0.3) / 0.4, 2.5))
        elif k == "win":
            wa = self._win_anim
            if wa is not None:
                wa["p"] = p
                dm = self._disp.get(wa["mole"])
                if dm is not None:
                    d = hg.clamp01((p - 0.05) / 0.4)
                    dm.scale = max(0.0, 1.0 - hg.ease_in_cubic(d))
                    dm.alpha = int(255 * (1 - d))

    def _step_end(self, st: Step) -> None:
        self.invalidate()            # what can be clicked may have changed
        k = st.kind
        ev = st.ev
        if k == "place":
            self._dm(ev, _pt(ev["at"])).reset(*axial_to_unit(*_pt(ev["at"])))
        elif k == "move":
            dm = self._dm(ev, _pt(ev["to"]))
            dm.reset(*axial_to_unit(*_pt(ev["to"])))
        elif k == "disc":
            self._disc_anim = None
        elif k == "lift":
            la = self._lift_anim or {}
            for mid in la.get("removed", ()):
                self._disp.pop(mid, None)
            for mid in la.get("survivors", ()):
                if mid in self._disp:
                    self._disp[mid].scale = 1.0
            self._disp_layer = min(LAYER_COUNT - 1, int(ev.get("layer", self._disp_layer - 1)) + 1)
            self._lift_anim = None
            self._zoom_scratch.release()     # the zoom's picture (5 MB at 1920x1080) goes with it
            self._plate_scratch.release()
        elif k == "win":
            if self._win_anim is not None:
                self._win_anim["p"] = 1.0
                dm = self._disp.get(self._win_anim.get("mole"))
                if dm is not None:
                    dm.hidden = True
            self._won = True
        elif k == "toast":
            pass

