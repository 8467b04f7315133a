"""The Mole Dig board: stacked dig layers, moles, discs, and the animations between them.

Everything is drawn from ``state.view(seat)`` (see ``game/rules/moles.py``) and from the
events ``apply()`` returns; the rules internals are never touched.

Drawing is split in two:
  * *static* surfaces per (layer, board size): the stack of layer plates with the lattice
    lines, holes, big spaces and the ghosts of the next layer's holes; and the layer indicator
    and legend.  They are rendered once (the next layer's while nothing moves) and blitted;
  * the *dynamic* part: moles (cached sprites), highlights, the disc bar, toasts, animations.

Each layer is shown as large as the board area allows, so the camera zooms in when a layer is
lifted (the layers shrink from radius 4 to 2); lattice points keep their table coordinates.

Moles are drawn at the view's own *display* positions.  ``play(events)`` queues animation
steps that move the display positions towards the new state one event at a time; when the
queue is empty the display is reconciled with the latest ``sync()``ed view (so a sync that
arrives before or after ``play`` both work, and undo / load simply snap).
"""
from __future__ import annotations

import math
import random
from collections import deque

import pygame

from .. import ui
from ..board_view import AnimatedBoardView, Step
from . import hexgeom as hg
from .hexgeom import HexLayout, axial_to_unit
from ...rules.moles import movement_rays

LAYER_COUNT = 4
PLATE_MARGIN = 0.8    # a layer's plate reaches this far (lattice units) beyond its outer ring
STACK = 0.24          # lattice units between stacked plates (for the radius-4 plate; scaled)
MOLE = 0.82           # mole token size, in lattice units
HOLE = 0.92
BIG = 0.98
DOT = 0.095
PICK = 0.48           # a click within this distance (units) of a point hits it

SPEED_FACTOR = {"normal": 1.0, "fast": 1.0 / 3.0}
TOAST_LIFE = 2.2      # seconds a toast stays on the board (normal speed)

BOX_COLOUR = (58, 40, 28)
GOLD = (232, 176, 75)


def _rgb(value, fallback=(128, 128, 128)) -> tuple:
    try:
        c = pygame.Color(value)
        return (c.r, c.g, c.b)
    except (ValueError, TypeError):
        return fallback


def _mix(a, b, t):
    return ui.mix(a, b, t)


def _winners(v: dict) -> list:
    """The winning seats of a view: one seat, or several sharing the win."""
    w = v.get("winner")
    return list(w) if isinstance(w, list) else ([] if w is None else [w])


def _pt(p) -> tuple:
    return (int(p[0]), int(p[1]))


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


class _Target:
    """Something the player can point at: a lattice point, a mole, or a button."""
    __slots__ = ("kind", "key", "pos", "rect", "action", "label", "value")

    def __init__(self, kind, key, pos=None, rect=None, action=None, label="", value=None):
        self.kind, self.key, self.pos, self.rect = kind, key, pos, rect
        self.action, self.label, self.value = action, label, value


class MolesView(AnimatedBoardView):
    def __init__(self, game_id: str, seats: list[dict], assets):
        if assets is None:
            from ..assets import Assets
            assets = Assets()
        super().__init__(game_id, seats, assets)
        self._layouts: dict = {}
        self._box = pygame.Rect(0, 0, 0, 0)
        self._k = 1.0
        self._bar = pygame.Rect(0, 0, 0, 0)
        self._static: dict = {}
        self._plates: dict = {}
        self._sprites: dict = {}
        self._texts: dict = {}
        # display / animation
        self._disp: dict[str, _Mole] = {}
        self._disp_layer = 0
        self._dirty = True
        self._queue: deque = deque()
        self._cur: Step | None = None
        self._speed = 1.0
        self._toasts: list = []
        self._disc_anim: dict | None = None
        self._lift_anim: dict | None = None
        self._win_anim: dict | None = None
        self._won = False
        self._time = 0.0
        # interaction
        self._targets: list[_Target] | None = None
        self._hover = None
        self._focus = None
        self._keyboard = False
        self._selected: tuple | None = None
        self._rays_cache: dict = {}
        self._bar_cache: list | None = None

    # ========================================================================================
    # layout
    # ========================================================================================
    def _on_resize(self) -> None:
        rect = self.rect
        bar_h = int(round(max(56, 80 * self._k)))
        bar_h = min(bar_h, max(40, rect.h // 4))
        self._bar = pygame.Rect(rect.x, rect.bottom - bar_h, rect.w, bar_h)
        self._box = pygame.Rect(rect.x, rect.y, rect.w, rect.h - bar_h)
        self._layouts = {}
        self._static.clear()
        self._plates.clear()
        self._sprites.clear()
        self._targets = None

    def _plate_radius(self, i: int) -> float:
        r = self.view["layers"][i]["radius"] if self.view else 4
        return r + PLATE_MARGIN

    def _stack(self, i: int) -> float:
        """Distance between stacked plates in layer ``i``'s lattice units (same on screen)."""
        return STACK * self._plate_radius(i) / (4 + PLATE_MARGIN)

    def _layout_for(self, i: int) -> HexLayout:
        """Each layer is shown as large as the board area allows (the camera zooms in as the
        layers get smaller); the points of all layers keep their table coordinates."""
        lay = self._layouts.get(i)
        if lay is None:
            b = self._box
            st = self._stack(i)
            lay = HexLayout.fit(b.x, b.y, b.w, b.h, self._plate_radius(i),
                                extra_below=st * 3 + st, pad=0.12 * self._plate_radius(i) / 4.8)
            self._layouts[i] = lay
        return lay

    @property
    def layout(self) -> HexLayout | None:
        """The camera: the displayed layer's layout (between two layers while lifting)."""
        if self.rect is None or not self._box.w:
            return None
        la = self._lift_anim
        if la is not None and la.get("cam") is not None:
            return la["cam"]
        return self._layout_for(self._disp_layer)

    @property
    def spacing(self) -> float:
        lay = self.layout
        return lay.spacing if lay else 1.0

    def pixel_of(self, p) -> tuple:
        """Screen pixel (ints) of lattice point ``p`` = (q, r)."""
        return self.layout.to_pixel_int(p[0], p[1])

    # ========================================================================================
    # names, colours, sprites, text
    # ========================================================================================
    def _image(self, name: str, size: int):
        """``sprites/<name>`` at a square size (cached by Assets), or None to draw a stand-in."""
        return self.assets.image(name, (size, size))

    def _mole_sprite(self, seat: int, size: int):
        pal = self._palette(seat)
        key = ("mole", pal["id"], size)
        spr = self._sprites.get(key)
        if spr is None:
            spr = self._image(f"moles/mole_{pal['id']}.svg", size)
            if spr is None:
                spr = pygame.Surface((size, size), pygame.SRCALPHA)
                c = size // 2
                pygame.draw.circle(spr, pal["rgb"], (c, c), int(size * 0.40))
                pygame.draw.circle(spr, pal["dark"], (c, c), int(size * 0.40), max(2, size // 16))
                ui.draw_marking(spr, pal["marking"], (c, c), int(size * 0.2), (247, 240, 224),
                                (43, 29, 20))
            self._sprites[key] = spr
        return spr

    def _pill(self, text: str, px: int, colour):
        """Text on a rounded dark label (cached)."""
        key = ("pill", text, px, tuple(colour))
        img = self._sprites.get(key)
        if img is None:
            t = self._text(text, px, colour, True)
            pad_x, pad_y = int(px * 0.8), int(px * 0.35)
            img = pygame.Surface((t.get_width() + 2 * pad_x, t.get_height() + 2 * pad_y), pygame.SRCALPHA)
            pygame.draw.rect(img, (*_mix(ui.colour("panel"), (0, 0, 0), 0.3), 230), img.get_rect(),
                             border_radius=img.get_height() // 2)
            img.blit(t, (pad_x, pad_y))
            self._sprites[key] = img
        return img

    def _glow(self, radius: int, colour, alpha: int):
        key = ("glow", radius, tuple(colour), alpha)
        g = self._sprites.get(key)
        if g is None:
            small = pygame.Surface((64, 64), pygame.SRCALPHA)
            for i in range(32, 0, -1):
                a = alpha * (1 - i / 32.0) ** 0.8
                pygame.draw.circle(small, (*colour, int(a)), (32, 32), i)
            g = pygame.transform.smoothscale(small, (radius * 2 + 2, radius * 2 + 2))
            self._sprites[key] = g
        return g

    # ========================================================================================
    # view helpers
    # ========================================================================================
    def _layer(self, i: int | None = None) -> dict:
        i = self._disp_layer if i is None else i
        return self.view["layers"][i]

    def _rays(self, i: int) -> dict:
        """point -> [(tuple of points, style)] for layer ``i`` (the rules' own geometry)."""
        L = self.view["layers"][i]
        key = (i, L["rotation"])
        if key not in self._rays_cache:
            lines = None if not L.get("lines") else [
                {"style": ln["style"], "points": [_pt(p) for p in ln["points"]]} for ln in L["lines"]]
            self._rays_cache[key] = movement_rays(L["radius"], lines)
        return self._rays_cache[key]

    def _occupied(self) -> dict:
        return {_pt(m["at"]): m for m in self.view["moles"]}

    def _holes_filled(self) -> tuple:
        L = self._layer(self.view["layer"])
        holes = {_pt(h) for h in L["holes"]}
        n = sum(1 for m in self.view["moles"] if _pt(m["at"]) in holes)
        return n, len(holes)

    # ========================================================================================
    # state
    # ========================================================================================
    def sync(self, view: dict, legal: list | None, seat: int | None) -> None:
        old = self.view or {}
        old_step = old.get("step"), old.get("current_player")
        if (old.get("rotations"), old.get("players")) != (view.get("rotations"), view.get("players")):
            # another game (or the first view): the cached boards are of no use
            self._static.clear()
            self._plates.clear()
            self._layouts = {}
        self.view, self.legal, self.seat = view, legal, seat
        self._dirty = True
        self._targets = None
        if (view.get("step"), view.get("current_player")) != old_step:
            self._selected = None
            self._focus = None
        if self._selected is not None and not self._moves_from(self._selected):
            self._selected = None
        if view.get("step") == "move" and self.legal:
            starts = {_pt(a["frm"]) for a in self.legal if a.get("type") == "move"}
            if len(starts) == 1:
                self._selected = next(iter(starts))
        # the display catches up in update()/draw(), after any animation play() queues

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
            win_moles = [m for m in v["moles"] if m["seat"] in _winners(v)
                         and tuple(m["at"]) == (0, 0) and v["layer"] == LAYER_COUNT - 1]
            for m in win_moles:
                self._disp[m["id"]].hidden = True
        self._dirty = False
        self._targets = None

    # ========================================================================================
    # animation
    # ========================================================================================
    def play(self, events: list, speed: str = "normal") -> None:
        if self.view is None:
            return
        if speed not in SPEED_FACTOR:  # "off": everything at once, no toasts (the log has it all)
            self._flush()
            self._toasts = []
            self._dirty = True
            return
        f = SPEED_FACTOR[speed]
        self._speed = f
        for ev in events or []:
            if not isinstance(ev, dict):
                continue
            kind = ev.get("type")
            if kind == "place":
                self._queue.append(Step("place", ev, 0.34 * f))
            elif kind == "move":
                segs = max(1, len(ev.get("path") or []) - 1)
                self._queue.append(Step("move", ev, (0.17 * segs + 0.10) * f))
            elif kind == "disc":
                self._queue.append(Step("disc", ev, 1.05 * f))
            elif kind == "lift":
                self._queue.append(Step("lift", ev, 1.5 * f))
            elif kind == "win":
                self._queue.append(Step("win", ev, 2.0 * f))
            else:
                text = self._toast_text(ev)
                if text:
                    self._queue.append(Step("toast", ev, 0.45 * f))
        self._targets = None

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

    # ---- steps --------------------------------------------------------------------------------
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
            text = self._toast_text(ev)
            if text:
                self._add_toast(text, TOAST_LIFE * max(0.5, self._speed))
        elif k == "toast":
            text = self._toast_text(ev)
            if text:
                self._add_toast(text, TOAST_LIFE * max(0.5, self._speed))

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
            move_part = 0.17 * segs / (0.17 * segs + 0.10)
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
        self._targets = None        # what can be clicked may have changed
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
        elif k == "win":
            if self._win_anim is not None:
                self._win_anim["p"] = 1.0
                dm = self._disp.get(self._win_anim.get("mole"))
                if dm is not None:
                    dm.hidden = True
            self._won = True
        elif k == "toast":
            pass

    # ---- toasts -------------------------------------------------------------------------------
    def _toast_text(self, ev: dict) -> str:
        k = ev.get("type")
        seat = ev.get("seat")
        name = self._name(seat) if seat is not None else ""
        if k == "skip":
            return f"{name} waits: every mole sits in a hole"
        if k == "no_move":
            return f"{name} cannot move {ev.get('value', '')}: the disc is spent"
        if k == "reshuffle":
            return f"{name} shuffles the discs face down again"
        if k == "stuck":
            return {"lone_round": "A round of discs is over: the layer is lifted",
                    "last_resort": "30 rounds on this layer: it is lifted"}.get(
                ev.get("reason"), "Nobody can move: the layer is lifted")
        if k == "eliminated":
            return f"{name} has no moles left"
        if k == "phase":
            return "All moles are placed: start digging!"
        if k == "keep":
            return f"{name} keeps the {ev.get('value', '')}"
        if k == "pass":
            return f"{name} lets the bonus move go"
        if k == "win" and not ev.get("mole"):
            return f"{name} is the last with moles and wins!"
        return ""

    # ========================================================================================
    # static board surfaces
    # ========================================================================================
    def _local(self, i: int) -> HexLayout:
        lay = self._layout_for(i)
        return HexLayout(lay.cx - self.rect.x, lay.cy - self.rect.y, lay.spacing)

    def _plate_box(self, i: int) -> pygame.Rect:
        """Bounding box (board-rect local) of layer ``i``'s plate, with its thickness."""
        lay = self._local(i)
        s = lay.spacing
        pr = self._plate_radius(i)
        w = 2 * pr * s
        h = hg.SQRT3 * pr * s + self._stack(i) * s
        return pygame.Rect(int(lay.cx - w / 2) - 2, int(lay.cy - hg.SQRT3 * pr * s / 2) - 2,
                           int(w) + 5, int(h) + 5)

    def _plate_surface(self, i: int):
        """Layer ``i`` as the top plate: face, lattice, holes, big spaces (plate-box local)."""
        key = (i, self.rect.size)
        surf = self._plates.get(key)
        if surf is not None:
            return surf
        box = self._plate_box(i)
        surf = pygame.Surface(box.size, pygame.SRCALPHA)
        lay = self._local(i)
        lay = HexLayout(lay.cx - box.x, lay.cy - box.y, lay.spacing)
        self._draw_plate(surf, lay, i)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._plates[key] = surf
        return surf

    def _static_surface(self, i: int):
        key = (i, self.rect.size)
        surf = self._static.get(key)
        if surf is not None:
            return surf
        if len(self._static) > 16:
            self._static.clear()
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        lay = self._local(i)
        s = lay.spacing
        st = self._stack(i)
        pr = self._plate_radius(i)
        # the box bottom with the golden shovel's bed, then the layers still under this one
        below = list(range(i + 1, LAYER_COUNT))
        depth = len(below) + 1
        self._draw_slab(surf, lay, depth * st * s, BOX_COLOUR, thick=st * 0.9, size=pr)
        for j in reversed(below):
            col = _mix(_rgb(self.view["layers"][j]["colour"]), (0, 0, 0), 0.18 + 0.06 * (j - i))
            self._draw_slab(surf, lay, (j - i) * st * s, col, thick=st * 0.9, size=pr)
        box = self._plate_box(i)
        surf.blit(self._plate_surface(i), box.topleft)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._static[key] = surf
        return surf

    def _static_pieces(self, i: int) -> list:
        """The static board cut for fast blitting: the block in the middle of the plates is
        opaque (a plain copy), only the strips around it need alpha blending."""
        key = ("pieces", i, self.rect.size)
        got = self._static.get(key)
        if got is not None:
            return got
        full = self._static_surface(i)
        bb = full.get_bounding_rect()
        lay = self._local(i)
        s, pr = lay.spacing, self._plate_radius(i)
        below = LAYER_COUNT - 1 - i + 1
        left, right = int(lay.cx - pr * s / 2) + 2, int(lay.cx + pr * s / 2) - 2
        top = int(lay.cy - hg.SQRT3 * pr * s / 2) + 2
        bottom = int(lay.cy + hg.SQRT3 * pr * s / 2 + below * self._stack(i) * s) - 2
        core = pygame.Rect(left, top, max(0, right - left), max(0, bottom - top)).clip(bb)
        ox, oy = self.rect.topleft
        out = []
        if core.w > 8 and core.h > 8 and pygame.display.get_surface() is not None:
            out.append((full.subsurface(core).convert(), (ox + core.x, oy + core.y)))
            strips = [pygame.Rect(bb.x, bb.y, core.x - bb.x, bb.h),
                      pygame.Rect(core.right, bb.y, bb.right - core.right, bb.h),
                      pygame.Rect(core.x, bb.y, core.w, core.y - bb.y),
                      pygame.Rect(core.x, core.bottom, core.w, bb.bottom - core.bottom)]
            for r in strips:
                if r.w > 0 and r.h > 0:
                    out.append((full.subsurface(r), (ox + r.x, oy + r.y)))
        else:
            out.append((full.subsurface(bb), (ox + bb.x, oy + bb.y)))
        self._static[key] = out
        return out

    def _corners(self, lay: HexLayout, dy: float = 0.0, size: float = 4.8) -> list:
        return [(lay.cx + x * lay.spacing, lay.cy + y * lay.spacing + dy)
                for x, y in hg.unit_corners(size)]

    def _draw_slab(self, surf, lay, dy, colour, thick, size) -> None:
        s = lay.spacing
        side = _mix(colour, (0, 0, 0), 0.35)
        edge = _mix(colour, (0, 0, 0), 0.55)
        pygame.draw.polygon(surf, side, self._corners(lay, dy + thick * s, size))
        face = self._corners(lay, dy, size)
        pygame.draw.polygon(surf, colour, face)
        pygame.draw.aalines(surf, edge, True, face)
        pygame.draw.aalines(surf, edge, True, self._corners(lay, dy + thick * s, size))

    def _draw_plate(self, surf, lay: HexLayout, i: int) -> None:
        v = self.view
        L = v["layers"][i]
        s = lay.spacing
        col = _rgb(L["colour"])
        dark = _mix(col, (0, 0, 0), 0.5)
        radius = L["radius"]
        pr = self._plate_radius(i)
        self._draw_slab(surf, lay, 0, col, thick=self._stack(i) * 0.9, size=pr)
        # the playing field: a slightly lighter hexagon just around the points
        field = self._corners(lay, 0, radius + 0.55)
        pygame.draw.polygon(surf, _mix(col, (255, 255, 255), 0.07), field)
        pygame.draw.aalines(surf, _mix(col, (0, 0, 0), 0.25), True, field)
        # soil texture (seeded, so it never changes)
        rng = random.Random(7919 + i * 31)
        for _ in range(int(220 * (pr / 4.8) ** 2)):
            ux, uy = rng.uniform(-pr, pr), rng.uniform(-pr * 0.87, pr * 0.87)
            if not hg.inside_hexagon(ux, uy, pr - 0.2):
                continue
            x, y = lay.unit_to_pixel(ux, uy)
            rr = max(1, s * rng.uniform(0.02, 0.055))
            shade = _mix(col, (0, 0, 0), 0.12) if rng.random() < 0.6 else _mix(col, (255, 255, 255), 0.14)
            pygame.draw.ellipse(surf, shade, (x - rr, y - rr * 0.7, rr * 2, rr * 1.4))
        pts = hg.hex_points(radius)
        holes = {_pt(h) for h in L["holes"]}
        big = {_pt(b) for b in L["big"]}
        self._decorate(surf, lay, i, radius, col, rng)
        # paths
        lw = max(1, int(round(s * 0.05)))
        line_col = _mix(col, (40, 25, 15), 0.55)
        if L.get("lines"):
            for ln in L["lines"]:
                seq = [_pt(p) for p in ln["points"]]
                a, b = lay.to_pixel(*seq[0]), lay.to_pixel(*seq[-1])
                if ln["style"] == "solid":
                    pygame.draw.aaline(surf, line_col, a, b, max(2, int(round(s * 0.075))))
                else:
                    n = int(math.dist(a, b) / (s * 0.2))
                    for k in range(n + 1):
                        t = k / max(1, n)
                        pygame.draw.aacircle(surf, _mix(line_col, col, 0.15),
                                             (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t),
                                             max(1.5, s * 0.038))
        else:
            for a, b in hg.lattice_edges(radius):
                pygame.draw.aaline(surf, line_col, lay.to_pixel(*a), lay.to_pixel(*b), lw)
        # ghosts of the next layer's holes (where a mole would want to be one layer down)
        if i + 1 < LAYER_COUNT:
            nxt = v["layers"][i + 1]
            ncol = _rgb(nxt["colour"])
            ghost = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            gr = s * 0.27
            for h in nxt["holes"]:
                h = _pt(h)
                if h in holes:
                    continue
                x, y = lay.to_pixel(*h)
                pygame.draw.circle(ghost, (*_mix(ncol, (20, 10, 5), 0.55), 120), (x, y), gr)
                pygame.draw.circle(ghost, (*_mix(ncol, (255, 255, 255), 0.15), 210), (x, y), gr,
                                   max(1, int(s * 0.035)))
            surf.blit(ghost, (0, 0))
        # points
        dot = max(2.0, s * DOT)
        for p in pts:
            if p in holes or p in big:
                continue
            x, y = lay.to_pixel(*p)
            pygame.draw.aacircle(surf, dark, (x, y), dot)
            pygame.draw.aacircle(surf, _mix(col, (255, 255, 255), 0.35), (x, y), dot, 1)
        # big spaces
        bs = max(6, int(s * BIG))
        for p in big:
            x, y = lay.to_pixel(*p)
            img = self._image("moles/big_space.svg", bs)
            if img is not None:
                surf.blit(img, img.get_rect(center=(x, y)))
            else:
                pygame.draw.circle(surf, GOLD, (x, y), s * 0.33, max(2, int(s * 0.06)))
            pygame.draw.aacircle(surf, dark, (x, y), dot * 0.8)
        # holes: a molehill, and through it a glimpse of what lies below
        hs = max(6, int(s * HOLE))
        nxt = v["layers"][i + 1] if i + 1 < LAYER_COUNT else None
        for p in holes:
            x, y = lay.to_pixel(*p)
            img = self._image("moles/hole.svg", hs)
            if img is not None:
                surf.blit(img, img.get_rect(center=(x, y)))
            else:
                pygame.draw.circle(surf, (122, 77, 42), (x, y), s * 0.42)
                pygame.draw.circle(surf, (20, 12, 6), (x, y), s * 0.27)
            if nxt is not None:
                ncol = _rgb(nxt["colour"])
                under_hole = p in {_pt(h) for h in nxt["holes"]}
                under_big = p in {_pt(b) for b in nxt["big"]}
                pygame.draw.circle(surf, _mix(ncol, (0, 0, 0), 0.45), (x, y + s * 0.02), s * 0.16)
                if under_big:
                    pygame.draw.circle(surf, GOLD, (x, y + s * 0.02), s * 0.2, max(2, int(s * 0.045)))
                if under_hole:  # the data forbids it, but say so if it ever happens
                    pygame.draw.circle(surf, ui.colour("warning"), (x, y), s * 0.2, max(2, int(s * 0.05)))
            else:
                sh = self._image("moles/shovel.svg", max(6, int(s * 0.62)))
                if sh is not None:
                    surf.blit(sh, sh.get_rect(center=(x, y + s * 0.02)))

    def _decorate(self, surf, lay, i, radius, col, rng) -> None:
        """Grass on the meadow, pebbles in the clay, grains in the sand, cracks in the rock."""
        s = lay.spacing
        cents = []
        pts = set(hg.hex_points(radius))
        for q, r in pts:
            ux, uy = axial_to_unit(q, r)
            if (q + 1, r) in pts and (q, r + 1) in pts:        # triangle pointing down
                cents.append((ux + 0.5, uy + 0.2887))
            if (q + 1, r) in pts and (q + 1, r - 1) in pts:    # triangle pointing up
                cents.append((ux + 0.5, uy - 0.2887))
        # margins outside the lattice
        pr = radius + PLATE_MARGIN
        for _ in range(40):
            ux, uy = rng.uniform(-pr, pr), rng.uniform(-pr * 0.87, pr * 0.87)
            if hg.inside_hexagon(ux, uy, pr - 0.3) and not hg.inside_hexagon(ux, uy, radius + 0.6):
                cents.append((ux, uy))
        rng.shuffle(cents)
        if i == 0:
            size = max(6, int(s * 0.34))
            img = self._image("moles/grass_tuft.svg", size)
            for ux, uy in cents[: max(8, len(cents) // 7)]:
                x, y = lay.unit_to_pixel(ux, uy)
                if img is not None:
                    surf.blit(img, img.get_rect(center=(x, y - s * 0.04)))
                else:
                    for a in (-0.5, 0, 0.5):
                        pygame.draw.line(surf, (70, 110, 40), (x, y), (x + a * s * 0.15, y - s * 0.16), 2)
        elif i == 1:
            for ux, uy in cents[: len(cents) // 4]:
                x, y = lay.unit_to_pixel(ux, uy)
                w = s * rng.uniform(0.09, 0.16)
                pygame.draw.ellipse(surf, _mix(col, (255, 240, 220), 0.35), (x - w / 2, y - w / 3, w, w * 0.66))
                pygame.draw.ellipse(surf, _mix(col, (0, 0, 0), 0.35), (x - w / 2, y - w / 3, w, w * 0.66), 1)
        elif i == 2:
            for ux, uy in cents[: len(cents) // 3]:
                for _ in range(3):
                    x, y = lay.unit_to_pixel(ux + rng.uniform(-0.08, 0.08), uy + rng.uniform(-0.06, 0.06))
                    pygame.draw.circle(surf, _mix(col, (90, 60, 30), 0.4), (x, y), max(1, s * 0.022))
        else:
            crack = _mix(col, (10, 20, 40), 0.5)
            for ux, uy in cents[: len(cents) // 3]:
                x, y = lay.unit_to_pixel(ux, uy)
                pts = [(x - s * 0.12, y - s * 0.05)]
                for _ in range(3):
                    px, py = pts[-1]
                    pts.append((px + s * rng.uniform(0.04, 0.09), py + s * rng.uniform(-0.05, 0.05)))
                pygame.draw.aalines(surf, crack, False, pts)

    # ---- HUD parts that only change with the layer -----------------------------------------------
    def _hud_static(self, i: int) -> list:
        """The layer indicator (top left) and the legend (top right) of layer ``i``, as
        [(surface, screen position)], rendered once per layer and size."""
        key = ("hud", i, self.rect.size)
        got = self._static.get(key)
        if got is not None:
            return got
        out = []
        full = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        self._draw_hud_static(full, i)
        area = full.get_bounding_rect()
        mid = self.rect.w // 2
        for part in (pygame.Rect(0, 0, mid, self.rect.h), pygame.Rect(mid, 0, self.rect.w - mid, self.rect.h)):
            sub = full.subsurface(part)
            bb = sub.get_bounding_rect()
            if bb.w and bb.h:
                piece = sub.subsurface(bb).copy()
                if pygame.display.get_surface() is not None:
                    piece = piece.convert_alpha()
                out.append((piece, (self.rect.x + part.x + bb.x, self.rect.y + part.y + bb.y)))
        del area
        self._static[key] = out
        return out

    def _draw_hud_static(self, surf, i: int) -> None:
        v = self.view
        k = self._k
        x0, y0 = self._px(12), self._px(10)
        L = v["layers"][i]
        title = self.assets.font(self._px(19), True).render(f"Layer {i + 1} of {LAYER_COUNT}", True,
                                                            ui.colour("text"))
        surf.blit(title, (x0, y0))
        y = y0 + title.get_height()
        sub = self.assets.font(self._px(16), True).render(L["name"], True,
                                                          _mix(_rgb(L["colour"]), (255, 255, 255), 0.35))
        surf.blit(sub, (x0, y))
        y += sub.get_height() + self._px(8)
        # the strip: four slabs stacked, the lifted ones as outlines
        sw, sh, gap = self._px(46), self._px(14), self._px(6)
        f = self.assets.font(self._px(13))
        fb = self.assets.font(self._px(13), True)
        for j, Lj in enumerate(v["layers"]):
            c = _rgb(Lj["colour"])
            poly = [(x0 + sh * 0.5, y), (x0 + sw - sh * 0.5, y), (x0 + sw, y + sh / 2),
                    (x0 + sw - sh * 0.5, y + sh), (x0 + sh * 0.5, y + sh), (x0, y + sh / 2)]
            if j < i:
                pygame.draw.polygon(surf, _mix(c, ui.colour("background"), 0.75), poly)
                pygame.draw.aalines(surf, _mix(c, ui.colour("background"), 0.3), True, poly)
                label = f.render(f"{Lj['name']} (lifted)", True, ui.colour("text_muted"))
            else:
                pygame.draw.polygon(surf, c if j == i else _mix(c, (0, 0, 0), 0.25), poly)
                pygame.draw.aalines(surf, _mix(c, (0, 0, 0), 0.5), True, poly)
                if j == i:
                    pygame.draw.polygon(surf, ui.colour("accent"), poly, max(2, int(2 * k)))
                    label = fb.render(Lj["name"], True, ui.colour("accent"))
                else:
                    label = f.render(Lj["name"], True, ui.colour("text_muted"))
            surf.blit(label, (x0 + sw + self._px(8), y + sh / 2 - label.get_height() / 2))
            y += sh + gap
        sh_img = self._image("moles/shovel.svg", self._px(22))
        if sh_img is not None:
            surf.blit(sh_img, (x0 + sw / 2 - sh_img.get_width() / 2, y - self._px(3)))
        lab = f.render("Golden shovel", True, GOLD)
        surf.blit(lab, (x0 + sw + self._px(8), y + self._px(11) - lab.get_height() / 2))
        # legend (top right)
        items = [("hole", "Molehill: stays in play")]
        if i + 1 < LAYER_COUNT:
            items.append(("ghost", "Hole on the layer below"))
            below_big = {_pt(b) for b in v["layers"][i + 1]["big"]}
            if any(_pt(h) in below_big for h in L["holes"]):
                items.append(("holebig", "Molehill over a big space"))
        if L["big"]:
            items.append(("big", "Big space: bonus move"))
        if L.get("lines"):
            items.append(("solid", "Solid line"))
            items.append(("dotted", "Dotted: into the hole only" if v.get("two_player_lines")
                          else "Dotted line"))
        ih = self._px(24)
        yy = self._px(40)
        right = surf.get_width() - self._px(12)
        labels = [f.render(t, True, ui.colour("text_muted")) for _, t in items]
        wmax = max(lb.get_width() for lb in labels) + ih + self._px(8)
        xx = right - wmax
        col = _rgb(L["colour"])
        for (kind, _), lb in zip(items, labels):
            cx, cy = xx + ih // 2, yy + ih // 2
            if kind == "hole":
                img = self._image("moles/hole.svg", ih)
                if img is not None:
                    surf.blit(img, (xx, yy))
            elif kind == "ghost":
                ncol = _rgb(v["layers"][i + 1]["colour"])
                pygame.draw.circle(surf, _mix(ncol, (20, 10, 5), 0.5), (cx, cy), ih * 0.3)
                pygame.draw.circle(surf, _mix(ncol, (255, 255, 255), 0.15), (cx, cy), ih * 0.3, 2)
            elif kind == "big":
                img = self._image("moles/big_space.svg", ih)
                if img is not None:
                    surf.blit(img, (xx, yy))
            elif kind == "holebig":
                img = self._image("moles/hole.svg", ih)
                if img is not None:
                    surf.blit(img, (xx, yy))
                pygame.draw.circle(surf, GOLD, (cx, cy), ih * 0.22, max(2, int(2 * k)))
            elif kind == "solid":
                pygame.draw.line(surf, _mix(col, (255, 255, 255), 0.2), (xx, cy), (xx + ih, cy), max(2, int(3 * k)))
            elif kind == "dotted":
                for d in range(4):
                    pygame.draw.circle(surf, _mix(col, (255, 255, 255), 0.2), (xx + 3 + d * (ih - 6) / 3, cy),
                                       max(1.5, 2 * k))
            surf.blit(lb, (xx + ih + self._px(8), cy - lb.get_height() / 2))
            yy += ih + self._px(4)

    # ========================================================================================
    # drawing
    # ========================================================================================
    def draw(self, surface) -> None:
        if self.rect is None or self.view is None or not self._box.w:
            return
        if self._dirty and not self.animating:
            self._reconcile()
        la = self._lift_anim
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        if la is not None:
            self._lift_camera(la)
            self._blit_zoomed_static(surface, la)
        else:
            for img, pos in self._static_pieces(self._disp_layer):
                surface.blit(img, pos)
        hud_layer = la["old"] if la is not None and la["p"] < 0.4 else self._disp_layer
        for img, pos in self._hud_static(hud_layer):
            surface.blit(img, pos)
        self._draw_hud_dynamic(surface)
        targets = self._get_targets() if not self.animating else []
        self._draw_targets_under(surface, targets)
        if la is not None:
            self._draw_lifting_plate(surface, la)
        if self._won or self._win_anim is not None:
            self._draw_shine(surface, "under")
        # moles, back to front
        base = self._layout_for(self._disp_layer).spacing
        size = max(6, int(base * MOLE))
        zoom = self.spacing / base
        for mid, dm in sorted(self._disp.items(), key=lambda kv: kv[1].uy):
            if dm.hidden or (la is not None and dm.flying):
                continue
            self._draw_mole(surface, dm, size, extra_scale=zoom)
        if la is not None:
            self._draw_flying(surface, la)
        self._draw_targets_over(surface, targets)
        if self._won or self._win_anim is not None:
            self._draw_shine(surface, "over")
        self._draw_bar(surface, targets)
        if self._disc_anim is not None:
            self._draw_disc_anim(surface)
        self._draw_toasts(surface)
        surface.set_clip(clip)

    def _draw_mole(self, surface, dm: _Mole, size: int, alpha: int | None = None,
                   extra_scale: float = 1.0, at: tuple | None = None) -> None:
        s = self.spacing
        x, y = at if at is not None else self.layout.unit_to_pixel(dm.ux, dm.uy)
        sc = dm.scale * extra_scale
        if sc <= 0.02:
            return
        spr = self._mole_sprite(dm.seat, size)
        if abs(sc - 1.0) > 0.01:
            d = max(2, int(size * sc))
            spr = pygame.transform.smoothscale(spr, (d, d))
        a = dm.alpha if alpha is None else alpha
        if a < 255:
            spr = spr.copy()
            spr.set_alpha(max(0, int(a)))
        if dm.hop > 0:
            # its soft shadow stays on the ground while it hops
            shadow = self._sprites.get(("shadow", size))
            if shadow is None:
                shadow = pygame.Surface((size, max(2, size // 3)), pygame.SRCALPHA)
                pygame.draw.ellipse(shadow, (20, 12, 6, 90), shadow.get_rect())
                self._sprites[("shadow", size)] = shadow
            f = max(0.3, 1 - dm.hop * 1.5) * sc
            img = pygame.transform.scale(shadow, (max(2, int(shadow.get_width() * f)),
                                                  max(2, int(shadow.get_height() * f))))
            surface.blit(img, img.get_rect(center=(int(x), int(y + s * 0.26))))
        cy = y - spr.get_height() * 3 / 64 - dm.hop * s
        surface.blit(spr, spr.get_rect(center=(int(x), int(cy))))

    # ---- lifting a layer: the camera zooms from the old layer to the new one ----------------------
    def _lift_camera(self, la: dict) -> None:
        p = la["p"]
        old, new = self._layout_for(la["old"]), self._layout_for(self._disp_layer)
        ez = hg.ease_in_out(hg.clamp01((p - 0.35) / 0.6))
        la["cam"] = HexLayout(hg.lerp(old.cx, new.cx, ez), hg.lerp(old.cy, new.cy, ez),
                              hg.lerp(old.spacing, new.spacing, ez))

    def _blit_zoomed_static(self, surface, la: dict) -> None:
        cam, new = la["cam"], self._layout_for(self._disp_layer)
        static = self._static_surface(self._disp_layer)
        f = cam.spacing / new.spacing
        if abs(f - 1) < 0.004:
            surface.blit(static, self.rect.topleft)
            return
        w, h = max(1, int(static.get_width() * f)), max(1, int(static.get_height() * f))
        img = pygame.transform.scale(static, (w, h))
        x = cam.cx + (self.rect.x - new.cx) * f
        y = cam.cy + (self.rect.y - new.cy) * f
        surface.blit(img, (int(x), int(y)))

    def _old_plate_map(self, la: dict):
        """(scale, function pixel-of-old-layout -> screen) for the plate being lifted away."""
        p = la["p"]
        cam, old = la["cam"], self._layout_for(la["old"])
        el = hg.ease_in_out(hg.clamp01(p / 0.6))
        lift = 1.0 + 0.25 * el
        f = cam.spacing / old.spacing * lift
        dy = -el * self.rect.h * 0.18

        def to_screen(x, y):
            return (cam.cx + (x - old.cx) * f, cam.cy + (y - old.cy) * f + dy)
        return f, to_screen, (1.0 - el) ** 1.5

    def _draw_lifting_plate(self, surface, la: dict) -> None:
        f, to_screen, keep = self._old_plate_map(la)
        if keep <= 0.01:
            return
        plate = self._plate_surface(la["old"])
        box = self._plate_box(la["old"]).move(self.rect.topleft)
        w, h = max(1, int(box.w * f)), max(1, int(box.h * f))
        img = pygame.transform.scale(plate, (w, h)) if abs(f - 1) > 0.004 else plate.copy()
        img.set_alpha(int(255 * keep ** 1.2))
        surface.blit(img, [int(c) for c in to_screen(box.x, box.y)])

    def _draw_flying(self, surface, la: dict) -> None:
        f, to_screen, keep = self._old_plate_map(la)
        if keep <= 0.01:
            return
        old = self._layout_for(la["old"])
        size = max(6, int(old.spacing * MOLE))
        for mid in la["removed"]:
            dm = self._disp.get(mid)
            if dm is None:
                continue
            at = to_screen(*old.unit_to_pixel(dm.ux, dm.uy))
            self._draw_mole(surface, dm, size, alpha=int(255 * keep), extra_scale=f, at=at)

    def _draw_shine(self, surface, part: str) -> None:
        """The golden shovel shining over the centre hole: ``part`` "under" the moles (glow and
        rays) or "over" them (the shovel)."""
        s = self.spacing
        wa = self._win_anim
        p = wa["p"] if wa is not None else 1.0
        if self._disp_layer != LAYER_COUNT - 1:
            return
        cx, cy = self.layout.to_pixel(0, 0)
        grow = hg.ease_out_back(hg.clamp01((p - 0.35) / 0.5), 1.5)
        if part == "under":
            rays = self._sprites.get(("rays", int(s)))
            if rays is None:
                R = int(s * 1.7)
                rays = pygame.Surface((2 * R, 2 * R), pygame.SRCALPHA)
                g = self._glow(int(R * 0.75), (255, 214, 110), 230)
                rays.blit(g, g.get_rect(center=(R, R)))
                for n in range(12):
                    a0 = n * math.pi / 6
                    for frac, alpha in ((1.0, 35), (0.8, 70), (0.6, 110), (0.42, 150)):
                        L, w = R * frac, 0.13 * (1.2 - frac * 0.4)
                        pts = [(R, R), (R + L * math.cos(a0 - w), R + L * math.sin(a0 - w)),
                               (R + L * math.cos(a0 + w), R + L * math.sin(a0 + w))]
                        pygame.draw.polygon(rays, (255, 206, 84, alpha), pts)
                self._sprites[("rays", int(s))] = rays
            if grow <= 0:
                return
            ang = (self._time * 25) % 360
            r2 = pygame.transform.rotozoom(rays, ang, max(0.05, grow))
            surface.blit(r2, r2.get_rect(center=(int(cx), int(cy))))
            return
        if grow <= 0:
            return
        sh = self._image("moles/shovel.svg", max(8, int(s * 1.25)))
        if sh is not None:
            bob = math.sin(self._time * 2.5) * s * 0.04
            img = sh if abs(grow - 1) < 0.01 else pygame.transform.smoothscale(
                sh, (max(2, int(sh.get_width() * grow)), max(2, int(sh.get_height() * grow))))
            surface.blit(img, img.get_rect(center=(int(cx), int(cy - s * 0.15 + bob))))

    # ---- dynamic HUD -------------------------------------------------------------------------------
    def _draw_hud_dynamic(self, surface) -> None:
        L = self.view["layers"][self._disp_layer]
        holes = {_pt(h) for h in L["holes"]}
        n = 0
        for dm in self._disp.values():
            if not dm.flying:
                if hg.axial_round(*hg.unit_to_axial(dm.ux, dm.uy)) in holes:
                    n += 1
        tot = len(holes)
        img = self._text(f"Holes filled {n} / {tot}", self._px(17), ui.colour("text"), True)
        surface.blit(img, img.get_rect(topright=(self.rect.right - self._px(12), self.rect.y + self._px(10))))

    # ---- toasts ------------------------------------------------------------------------------------
    def _toast_anchor(self) -> tuple[int, int, int]:
        return int(self.layout.cx), self.rect.y + self._px(12), self.rect.w - self._px(40)

    # ---- disc flip -----------------------------------------------------------------------------------
    def _draw_disc_anim(self, surface) -> None:
        da = self._disc_anim
        p = da["p"]
        s = self.spacing
        size = max(16, int(s * 1.9))
        vals = da["values"] or [1]
        flip = hg.clamp01(p / 0.4)
        fade = hg.clamp01((p - 0.85) / 0.15)
        cx, cy = self.layout.cx, self.layout.cy
        # a soft dark veil behind the discs
        veil = self._sprites.get(("veil", size))
        if veil is None:
            veil = self._glow(int(size * 1.1), (20, 12, 6), 150)
            self._sprites[("veil", size)] = veil
        veil = veil.copy()
        veil.set_alpha(int(255 * (1 - fade)))
        surface.blit(veil, veil.get_rect(center=(int(cx), int(cy))))
        n = len(vals)
        for j, val in enumerate(vals):
            x = cx + (j - (n - 1) / 2) * size * 1.15
            if flip < 0.5:
                img = self._image("moles/disc_back.svg", size)
                wf = math.cos(flip * math.pi)
            else:
                img = self._image(f"moles/disc_{int(val)}.svg", size)
                wf = -math.cos(flip * math.pi)
            pop = 1.0 + 0.15 * math.sin(math.pi * hg.clamp01((p - 0.4) / 0.25))
            w = max(2, int(size * max(0.03, wf) * pop))
            h = int(size * pop * (1 - 0.3 * fade))
            if img is None:
                img = pygame.Surface((size, size), pygame.SRCALPHA)
                pygame.draw.circle(img, (200, 150, 90), (size // 2, size // 2), size // 2 - 2)
                if flip >= 0.5:
                    t = self.assets.font(size // 2, True).render(str(val), True, (43, 29, 20))
                    img.blit(t, t.get_rect(center=(size // 2, size // 2)))
            img = pygame.transform.smoothscale(img, (w, max(2, h)))
            if fade > 0:
                img.set_alpha(int(255 * (1 - fade)))
            surface.blit(img, img.get_rect(center=(int(x), int(cy))))
        if flip >= 1.0:
            name = self._name(da["seat"])
            if n == 1:
                text = f"{name} turns over a {vals[0]}" + (" for the bonus move" if da["bonus"] else "")
            else:
                text = f"{name} turns over a {vals[0]} and a {vals[1]}"
            img = self._pill(text, self._px(20), ui.colour("highlight"))
            if fade > 0:
                img = img.copy()
                img.set_alpha(int(255 * (1 - fade)))
            surface.blit(img, img.get_rect(midtop=(int(cx), int(cy + size * 0.6))))

    # ========================================================================================
    # targets: what can be clicked now
    # ========================================================================================
    def _moves_from(self, p) -> list:
        if not self.legal:
            return []
        return [a for a in self.legal if a.get("type") == "move" and _pt(a["frm"]) == tuple(p)]

    def targets(self) -> list[dict]:
        out = []
        for t in self._get_targets():
            centre = t.rect.center if getattr(t, "rect", None) is not None else t.pos
            out.append({"kind": t.kind, "key": str(t.key), "center": centre})
        return out

    def _get_targets(self) -> list:
        if self._targets is not None:
            return self._targets
        self._targets = self._build_targets()
        keys = [t.key for t in self._targets]
        if self._focus not in keys:
            self._focus = None
        if self._hover not in keys:
            self._hover = None
        return self._targets

    def _build_targets(self) -> list:
        out: list[_Target] = []
        v = self.view
        bar_items = self._bar_items()
        self._bar_cache = bar_items
        if not self.legal or v is None or self.layout is None:
            return out
        step = v["step"]
        for it in bar_items:
            if it.get("action") is not None:
                out.append(_Target("button", it["key"], rect=it["rect"], action=it["action"],
                                   label=it.get("label", ""), value=it.get("value")))
        if step == "place":
            pts = sorted((_pt(a["at"]) for a in self.legal if a.get("type") == "place"),
                         key=lambda p: (axial_to_unit(*p)[1], axial_to_unit(*p)[0]))
            by_at = {_pt(a["at"]): a for a in self.legal if a.get("type") == "place"}
            for p in pts:
                out.append(_Target("point", ("pt", p), pos=self.pixel_of(p), action=by_at[p]))
        elif step == "move":
            starts = sorted({_pt(a["frm"]) for a in self.legal if a.get("type") == "move"},
                            key=lambda p: (axial_to_unit(*p)[1], axial_to_unit(*p)[0]))
            if self._selected is not None:
                for a in self._moves_from(self._selected):
                    p = _pt(a["to"])
                    out.append(_Target("dest", ("dest", p), pos=self.pixel_of(p), action=a))
            for p in starts:
                if p != self._selected or len(starts) > 1:
                    out.append(_Target("mole", ("mole", p), pos=self.pixel_of(p)))
        return out

    # ---- bottom bar ---------------------------------------------------------------------------------
    def _instruction(self) -> str:
        v = self.view
        cp = v.get("current_player")
        if v.get("winner") is not None:
            if len(_winners(v)) > 1:   # a lift that left no mole: a shared result
                return " and ".join(self._name(s) for s in _winners(v)) + " share the win."
            w = _winners(v)[0]
            shovel = v["layer"] == LAYER_COUNT - 1 and any(
                m["seat"] == w and _pt(m["at"]) == (0, 0) for m in v["moles"])
            if shovel:
                return f"{self._name(w)} wins the golden shovel!"
            return f"{self._name(w)} wins: nobody else has a mole left!"
        if cp is None:
            return ""
        step = v["step"]
        val = v["pending"][0] if v.get("pending") else None
        mine = self.legal is not None
        name = self._name(cp)
        if step == "place":
            left = v["to_place"][cp]
            return f"Place a mole on a free point ({left} to place)" if mine else f"{name} is placing a mole"
        if step == "turn":
            return ("Bonus move! Turn over another disc" if v.get("in_bonus") else "Turn over one of your discs") \
                if mine else f"{name} turns over a disc"
        if step == "keep":
            return "Keep one of the two discs" if mine else f"{name} chooses a disc"
        if step == "move":
            extra = " (bonus)" if v.get("in_bonus") else ""
            if mine:
                if self._selected is None:
                    return f"Move a mole exactly {val}{extra}: pick a mole"
                return f"Move {val}{extra}: pick a lit point"
            return f"{name} moves a mole {val}{extra}"
        if step == "bonus":
            return "Big space! Take a bonus move?" if mine else f"{name} thinks about a bonus move"
        return ""

    def _bar_items(self) -> list:
        """The bottom bar: the current player's discs and the step's buttons (absolute rects)."""
        v = self.view
        bar = self._bar
        items: list = []
        if v is None or bar.w <= 0:
            return items
        cp = v.get("current_player")
        k = self._k
        pad = self._px(10)
        d = int(min(bar.h - 2 * pad, 54 * k))
        small = int(d * 0.7)
        gap = self._px(6)
        step = v.get("step")
        legal = self.legal or []
        if cp is not None:
            discs = v["discs"][cp]
            face_down = len(discs["face_down"])
            face_up = list(discs["face_up"])
            pending = list(v.get("pending") or [])
            # which face-up discs are the pending ones (turned this turn): the last ones
            spent = list(face_up)
            for val in pending:
                for idx in range(len(spent) - 1, -1, -1):
                    if spent[idx] == val:
                        spent.pop(idx)
                        break
            turn_act = next((a for a in legal if a.get("type") in ("turn", "bonus")), None) \
                if step == "turn" else None
            for j in range(face_down):
                items.append({"kind": "disc_back", "w": d, "key": ("down", j),
                              "action": turn_act, "label": "Turn over this disc"})
            if pending:
                items.append({"kind": "gap", "w": gap * 2})
                keep = {a["value"]: a for a in legal if a.get("type") == "keep"} if step == "keep" else {}
                for j, val in enumerate(pending):
                    items.append({"kind": "disc_face", "w": int(d * 1.12), "value": val,
                                  "key": ("keep", val, j), "action": keep.get(val),
                                  "label": f"Keep the {val}", "glow": True})
            if spent:
                items.append({"kind": "gap", "w": gap * 2})
                for j, val in enumerate(sorted(spent)):
                    items.append({"kind": "disc_spent", "w": small, "value": val})
        if step == "bonus" and legal:
            f = self.assets.font(self._px(16), True)
            for a, label in ((next((a for a in legal if a.get("type") == "bonus"), None), "Take bonus move"),
                             (next((a for a in legal if a.get("type") == "pass"), None), "No thanks")):
                if a is None:
                    continue
                w = f.size(label)[0] + self._px(28)
                items.append({"kind": "gap", "w": gap * 2})
                items.append({"kind": "button", "w": w, "label": label, "key": ("btn", a["type"]),
                              "action": a, "primary": a["type"] == "bonus"})
        # label on the left
        text = self._instruction()
        label_img = self._text(text, self._px(17), ui.colour("text"), True) if text else None
        lw = label_img.get_width() + self._px(40) if label_img is not None else 0
        room = bar.w - 2 * pad - lw

        def width():
            return sum(it["w"] for it in items) + gap * max(0, len(items) - 1)
        # too tight (small window, bonus buttons): shrink the discs, then leave out the spent
        # ones, then the face-down ones that cannot be clicked now
        for shrink in (0.85, 0.7):
            if width() <= room:
                break
            for it in items:
                if it["kind"].startswith("disc"):
                    it["w"] = int(it["w"] * shrink)
        if width() > room:
            items = [it for it in items if it["kind"] != "disc_spent"]
        if width() > room:
            items = [it for it in items if not (it["kind"] == "disc_back" and it.get("action") is None)]
        while items and items[0]["kind"] == "gap":
            items.pop(0)
        total = width()
        x = bar.x + max(pad, (bar.w - total - lw) // 2)
        if x + lw + total > bar.right - pad:
            x = bar.x + pad
        cy = bar.centery
        out = [{"kind": "label", "rect": pygame.Rect(x, cy - self._px(14), lw, self._px(28)),
                "img": label_img, "seat": cp if cp is not None else (_winners(v) or [None])[0]}]
        x += lw
        for it in items:
            w = it["w"]
            h = w if it["kind"] != "button" else self._px(40)
            if it["kind"] == "gap":
                h = 1
            it["rect"] = pygame.Rect(x, cy - h // 2, w, h)
            x += w + gap
            out.append(it)
        return out

    def _draw_bar(self, surface, targets) -> None:
        bar = self._bar
        k = self._k
        if self._targets is None or self.animating:
            items = self._bar_items()
        else:
            items = self._bar_cache or self._bar_items()
        panel = self._sprites.get(("bar", bar.size))
        if panel is None:
            panel = pygame.Surface(bar.size, pygame.SRCALPHA)
            r = panel.get_rect().inflate(-self._px(8), -self._px(6))
            pygame.draw.rect(panel, (*ui.colour("panel"), 235), r, border_radius=int(14 * k))
            pygame.draw.rect(panel, ui.colour("panel_edge"), r, width=max(1, int(2 * k)),
                             border_radius=int(14 * k))
            self._sprites[("bar", bar.size)] = panel
        surface.blit(panel, bar.topleft)
        active = {t.key for t in targets if t.kind == "button"}
        for it in items:
            r = it.get("rect")
            kind = it["kind"]
            key = it.get("key")
            hot = key is not None and key in active and key == self._hover
            foc = key is not None and key in active and key == self._focus and self._keyboard
            if kind == "label":
                if it.get("img") is None:
                    continue
                if it.get("seat") is not None:
                    spr = self._mole_sprite(it["seat"], self._px(30))
                    surface.blit(spr, spr.get_rect(midleft=(r.x, r.centery)))
                surface.blit(it["img"], it["img"].get_rect(midleft=(r.x + self._px(36), r.centery)))
            elif kind == "disc_back":
                rr = r.move(0, -self._px(5)) if hot or foc else r
                if key in active:
                    g = self._glow(int(r.w * 0.62), ui.colour("highlight"), 120 if hot or foc else 60)
                    surface.blit(g, g.get_rect(center=rr.center))
                img = self._image("moles/disc_back.svg", r.w)
                if img is not None:
                    surface.blit(img, rr)
                else:
                    pygame.draw.circle(surface, (160, 102, 47), rr.center, r.w // 2 - 1)
            elif kind == "disc_face":
                rr = r.move(0, -self._px(5)) if hot or foc else r
                g = self._glow(int(r.w * 0.66), ui.colour("accent"), 150 if (hot or foc) else 90)
                surface.blit(g, g.get_rect(center=rr.center))
                img = self._image(f"moles/disc_{int(it['value'])}.svg", r.w)
                if img is not None:
                    surface.blit(img, rr)
                num = self._text(str(it["value"]), self._px(15), ui.colour("text_dark"), True)
                badge = pygame.Rect(0, 0, num.get_width() + self._px(8), num.get_height())
                badge.midtop = (rr.right - self._px(4), rr.y - self._px(2))
                pygame.draw.rect(surface, ui.colour("accent"), badge, border_radius=badge.h // 2)
                surface.blit(num, num.get_rect(center=badge.center))
            elif kind == "disc_spent":
                img = self._sprites.get(("spent", it["value"], r.w))
                if img is None:
                    base = self._image(f"moles/disc_{int(it['value'])}.svg", r.w)
                    if base is not None:
                        img = base.copy()
                        img.set_alpha(120)
                    self._sprites[("spent", it["value"], r.w)] = img
                if img is not None:
                    surface.blit(img, r)
            elif kind == "button":
                prim = it.get("primary")
                fill = ui.colour("accent") if prim else _mix(ui.colour("panel"), ui.colour("panel_edge"), 0.5)
                if hot or foc:
                    fill = _mix(fill, (255, 255, 255), 0.2)
                pygame.draw.rect(surface, fill, r, border_radius=int(10 * k))
                pygame.draw.rect(surface, ui.colour("highlight") if hot else ui.colour("panel_edge"), r,
                                 width=max(1, int(2 * k)), border_radius=int(10 * k))
                col = ui.colour("text_dark") if prim else ui.colour("text")
                t = self._text(it["label"], self._px(16), col, True)
                surface.blit(t, t.get_rect(center=r.center))
            if foc and r is not None:
                fr = r.inflate(self._px(10), self._px(10))
                pygame.draw.rect(surface, ui.colour("accent"), fr, width=max(2, int(3 * k)),
                                 border_radius=int(12 * k))

    # ---- highlights on the board --------------------------------------------------------------------
    def _pulse(self) -> float:
        return 0.5 + 0.5 * math.sin(self._time * 4.0)

    def _draw_targets_under(self, surface, targets) -> None:
        if not targets:
            return
        s = self.spacing
        hl = ui.colour("highlight")
        pulse = self._pulse()
        sel = self._selected
        # the path of the hovered (or focused) destination
        look = self._hover if (self._hover and self._hover[0] == "dest") else (
            self._focus if (self._focus and self._focus[0] == "dest") else None)
        if sel is not None and look is not None:
            pts = [sel] + hg.points_between(sel, look[1]) + [look[1]]
            pix = [self.pixel_of(p) for p in pts]
            pygame.draw.lines(surface, hl, False, pix, max(3, int(s * 0.09)))
            for p in pix[1:-1]:
                pygame.draw.circle(surface, hl, p, max(3, int(s * 0.1)))
        for t in targets:
            if t.kind in ("point", "dest"):
                hot = t.key == self._hover or (t.key == self._focus and self._keyboard)
                r = int(s * (0.36 if hot else 0.2 + 0.04 * pulse))
                if hot or t.kind == "dest":
                    g = self._glow(max(4, int(s * 0.42)), hl, 150 if hot else 70)
                    surface.blit(g, g.get_rect(center=t.pos))
                else:
                    pygame.draw.circle(surface, _mix(hl, (0, 0, 0), 0.2), t.pos, int(s * 0.13))
                pygame.draw.circle(surface, hl, t.pos, r, max(2, int(s * 0.05)))
            elif t.kind == "mole":
                hot = t.key == self._hover or (t.key == self._focus and self._keyboard)
                rad = int(s * (0.47 if hot else 0.43 + 0.02 * pulse))
                pygame.draw.circle(surface, hl, t.pos, rad, max(2, int(s * (0.07 if hot else 0.045))))
        if sel is not None:
            pos = self.pixel_of(sel)
            pygame.draw.circle(surface, ui.colour("accent"), pos, int(s * 0.5), max(3, int(s * 0.08)))

    def _draw_targets_over(self, surface, targets) -> None:
        if not targets:
            return
        s = self.spacing
        for t in targets:
            if t.kind in ("point", "dest", "mole") and t.key == self._focus and self._keyboard:
                pygame.draw.circle(surface, ui.colour("accent"), t.pos, int(s * 0.56), max(3, int(s * 0.07)))
            if t.kind == "dest" and self._selected is not None:
                # a small arrow head showing the way from the selected mole
                a = self.pixel_of(self._selected)
                b = t.pos
                ang = math.atan2(b[1] - a[1], b[0] - a[0])
                tip = (b[0] - math.cos(ang) * s * 0.24, b[1] - math.sin(ang) * s * 0.24)
                w = s * 0.12
                pts = [tip, (tip[0] - math.cos(ang) * w * 1.6 + math.sin(ang) * w,
                             tip[1] - math.sin(ang) * w * 1.6 - math.cos(ang) * w),
                       (tip[0] - math.cos(ang) * w * 1.6 - math.sin(ang) * w,
                        tip[1] - math.sin(ang) * w * 1.6 + math.cos(ang) * w)]
                pygame.draw.polygon(surface, ui.colour("accent"), pts)

    # ========================================================================================
    # input
    # ========================================================================================
    def handle_event(self, event):
        if self.view is None or self.layout is None:
            return None
        et = event.type
        if et == pygame.MOUSEMOTION:
            self._keyboard = False
            self._hover = self._hit(event.pos)
            return None
        if not self.legal or self.animating:
            return None
        if et == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self._keyboard = False
            return self._click(event.pos)
        if et == pygame.KEYDOWN:
            return self._key(event)
        return None

    def _hit(self, pos):
        """The key of the target under ``pos`` (None if nothing clickable is there)."""
        if not self.legal or self.animating:
            return None
        targets = self._get_targets()
        for t in targets:
            if t.kind == "button" and t.rect.collidepoint(pos):
                return t.key
        p, dist = self.layout.from_pixel(*pos)
        if dist > PICK:
            return None
        for t in targets:
            if t.kind != "button" and t.key[1] == p:
                if t.kind == "dest" or t.kind == "point":
                    return t.key
        for t in targets:
            if t.kind == "mole" and t.key[1] == p:
                return t.key
        return None

    def _activate(self, t: _Target):
        if t.kind in ("button", "point", "dest"):
            return t.action
        if t.kind == "mole":
            p = t.key[1]
            self._selected = None if self._selected == p else p
            self._targets = None
            if self._keyboard and self._selected is not None:
                tg = self._get_targets()
                dests = [x for x in tg if x.kind == "dest"]
                if dests:
                    self._focus = dests[0].key
            return None
        return None

    def _click(self, pos):
        targets = self._get_targets()
        for t in targets:
            if t.kind == "button" and t.rect.collidepoint(pos):
                return t.action
        p, dist = self.layout.from_pixel(*pos)
        v = self.view
        layer = v["layers"][v["layer"]]
        if dist > PICK or hg.ring(p) > layer["radius"]:
            if self._bar.collidepoint(pos):
                return None
            return None
        step = v["step"]
        occ = self._occupied()
        holes = {_pt(h) for h in layer["holes"]}
        if step == "place":
            for t in targets:
                if t.kind == "point" and t.key[1] == p:
                    return t.action
            if p in holes:
                return "Moles start on the grass, not in a molehill: pick a point without a hole."
            if p in occ:
                m = occ[p]
                who = "your" if m["seat"] == self.seat else f"{self._name(m['seat'])}'s"
                return f"That point already holds {who} mole: one mole per point."
            return "You cannot place a mole there."
        if step in ("turn", "bonus", "keep"):
            if step == "turn":
                return "First turn over one of your discs (below the board)."
            if step == "keep":
                return "First choose which of the two discs to keep (below the board)."
            return "First take the bonus move or let it go (below the board)."
        if step != "move":
            return None
        val = v["pending"][0] if v.get("pending") else 0
        for t in targets:
            if t.kind == "dest" and t.key[1] == p:
                return t.action
        if p in occ:
            m = occ[p]
            if m["seat"] != self.seat:
                return f"That is {self._name(m['seat'])}'s mole."
            if self._moves_from(p):
                self._selected = None if (self._selected == p and self._movable_count() > 1) else p
                self._targets = None
                return None
            return self._why_stuck(p, val)
        if self._selected is None:
            return "Pick one of your moles first."
        return self._why_not(self._selected, p, val)

    def _movable_count(self) -> int:
        return len({_pt(a["frm"]) for a in (self.legal or []) if a.get("type") == "move"})

    def _why_stuck(self, p, val) -> str:
        """Why the player's own mole at ``p`` has no legal move for the disc ``val``."""
        v = self.view
        occ = self._occupied()
        rays = self._rays(v["layer"]).get(p, [])
        long_enough = [ray for ray, _ in rays if len(ray) >= val]
        if not long_enough:
            return f"This mole cannot move {val} points in a straight line from here."
        blocked = [ray for ray in long_enough if any(q in occ for q in ray[:val])]
        if len(blocked) == len(long_enough):
            if all(ray[val - 1] in occ and not any(q in occ for q in ray[:val - 1]) for ray in blocked):
                return f"Every point {val} away from this mole is taken."
            return f"This mole cannot move {val} from here: moles may not jump over other moles."
        if v.get("in_bonus"):
            return "A bonus move may not end on a big space, so this mole cannot move."
        if v.get("two_player_lines"):
            return "With two players the dotted lines only lead into the centre hole."
        return f"This mole cannot move {val} from here."

    def _why_not(self, start, dest, val) -> str:
        """Why the selected mole at ``start`` cannot go to the empty point ``dest``."""
        v = self.view
        L = v["layers"][v["layer"]]
        occ = self._occupied()
        rays = self._rays(v["layer"]).get(start, [])
        for ray, style in rays:
            if dest in ray:
                n = ray.index(dest) + 1
                if n != val:
                    return f"The disc says {val}: this point is {n} away. Moles move exactly the disc's number."
                if any(q in occ for q in ray[:val - 1]):
                    return "Moles may not jump over other moles."
                if v.get("in_bonus") and dest in {_pt(b) for b in L["big"]}:
                    return "A bonus move may not end on a big space."
                if style == "dotted" and v.get("two_player_lines"):
                    return "With two players the dotted lines only lead into the centre hole."
                return "That move is not allowed."
        if L.get("lines"):
            return "On this layer moles move only along the lines through the centre."
        return f"This mole cannot move {val} points in a straight line to there: moles go straight along the lines."

    # ---- keyboard --------------------------------------------------------------------------------
    def _key(self, event):
        key = event.key
        targets = self._get_targets()
        if not targets:
            return None
        keys = [t.key for t in targets]
        cur = self._focus if self._focus in keys else None
        if key in (pygame.K_TAB, pygame.K_n, pygame.K_p):
            back = key == pygame.K_p or bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            self._keyboard = True
            if cur is None:
                self._focus = keys[-1 if back else 0]
            else:
                i = keys.index(cur)
                self._focus = keys[(i + (-1 if back else 1)) % len(keys)]
            return None
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self._keyboard = True
            if cur is None:
                self._focus = self._default_focus(targets)
                return None
            self._focus = self._spatial(targets, cur, key)
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if cur is None:
                self._keyboard = True
                self._focus = self._default_focus(targets)
                return None
            t = targets[keys.index(cur)]
            return self._activate(t)
        if key == pygame.K_ESCAPE and self._selected is not None and self._movable_count() > 1:
            self._selected = None
            self._targets = None
            return None
        return None

    def handle_escape(self) -> bool:
        if self._selected is not None and self._movable_count() > 1:
            self._selected = None
            self._targets = None
            return True
        return False

    def _default_focus(self, targets):
        for kind in ("button", "dest", "mole", "point"):
            for t in targets:
                if t.kind == kind:
                    return t.key
        return targets[0].key

    def _centre(self, t: _Target):
        return t.rect.center if t.kind == "button" else t.pos

    def _spatial(self, targets, cur, key):
        """The nearest target in the arrow's direction (wraps to cycling when none is there)."""
        keys = [t.key for t in targets]
        ct = targets[keys.index(cur)]
        cx, cy = self._centre(ct)
        dx, dy = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0),
                  pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}[key]
        best, best_score = None, None
        for t in targets:
            if t.key == cur:
                continue
            x, y = self._centre(t)
            ox, oy = x - cx, y - cy
            along = ox * dx + oy * dy
            if along <= 0:
                continue
            across = abs(ox * dy - oy * dx)
            score = along + across * 2.2
            if best_score is None or score < best_score:
                best, best_score = t.key, score
        if best is None:
            i = keys.index(cur)
            step = 1 if (dx > 0 or dy > 0) else -1
            best = keys[(i + step) % len(keys)]
        return best

    # ========================================================================================
    # side panel
    # ========================================================================================
    def status_lines(self) -> list[str]:
        v = self.view
        if v is None:
            return []
        i = v["layer"]
        L = v["layers"][i]
        lines = [f"Layer {i + 1} of {LAYER_COUNT} \u2014 {L['name']}"]
        n, tot = self._holes_filled()
        lines.append(f"Holes filled {n} / {tot}")
        if v.get("step") == "place":
            lines.append(f"Moles still to place: {sum(v['to_place'])}")
        elif v.get("pending"):
            pend = v["pending"]
            if len(pend) == 1:
                lines.append(f"Disc turned: {pend[0]}" + (" (bonus move)" if v.get("in_bonus") else ""))
            else:
                lines.append(f"Discs turned: {pend[0]} and {pend[1]}")
        elif v.get("winner") is not None:
            lines.append(" and ".join(self._name(s) for s in _winners(v))
                         + (" win" if len(_winners(v)) > 1 else " wins"))
        return lines


__all__ = ["MolesView"]
