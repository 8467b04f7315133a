"""The Hamster Burrow board: the viewing seat's sheet drawn as a burrow, the other sheets as
thumbnails, the shared die, and cell picking with a live preview.

Everything is drawn from ``state.view(seat)`` (see the spec in ``game/rules/hamster.py``) and
the events ``apply()`` returns.  No rule is re-implemented here: a selection is legal iff it
equals the cells of one of ``self.legal``'s actions, and a cell "can extend" the selection iff
selection + cell is a subset of some legal action's cells.  The texts that explain a refused
click are only explanations; whether a click is refused comes from ``self.legal``.

Drawing is split in two:
  * cached surfaces: the empty sheet per cell size (earth, rooms with walls, tunnels, badges,
    mushrooms and nuts, the 1-row and the timer), and a composite per (seat, crosses, row,
    timer) for the big sheet and for each thumbnail, rebuilt only when its crosses change;
  * the per-frame part: the selection preview, the cursor, the bar, tags and animations.

``play(events)`` queues animation steps; the display (crosses, timer, roll) lags behind the
synced view until the queue is empty, then it is reconciled with the latest view.
"""
from __future__ import annotations

import math
import random
from collections import deque

import pygame

from .. import ui
from ..board_view import AnimatedBoardView, Step

SPEED_FACTOR = {"normal": 1.0, "fast": 1.0 / 3.0}
TOAST_LIFE = 2.2
CROSS_VARIANTS = 6

INK = (42, 30, 24)
EARTH = (86, 58, 38)
EARTH_DARK = (58, 38, 24)
FLOOR = (232, 205, 158)
FLOOR_START = (178, 136, 92)
WALL = (64, 40, 24)
TUNNEL = (196, 160, 112)
GOLD = (232, 176, 75)
GREEN = (88, 176, 96)
AMBER = (240, 168, 60)
PAPER = (247, 236, 212)

SEG_COLOURS = {"chambers": (201, 142, 74), "mushrooms": (210, 78, 52), "nuts": (150, 96, 40)}


def _pt(p) -> tuple:
    return (int(p[0]), int(p[1]))


def _mix(a, b, t):
    return ui.mix(a, b, t)


def _ease_out(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


def _ease_back(t: float, s: float = 1.8) -> float:
    t = max(0.0, min(1.0, t)) - 1
    return t * t * ((s + 1) * t + s) + 1


class HamsterView(AnimatedBoardView):
    def __init__(self, game_id: str, seats: list[dict], assets):
        if assets is None:
            from ..assets import Assets
            assets = Assets()
        super().__init__(game_id, seats, assets)
        self._k = 1.0
        self._bar = pygame.Rect(0, 0, 0, 0)
        self._area = pygame.Rect(0, 0, 0, 0)
        self._main = pygame.Rect(0, 0, 0, 0)      # the big sheet (paper) rect
        self._grid_org = (0, 0)
        self._c = 10
        self._thumbs: list = []                   # [(seat, rect, grid_org, cell)]
        self._thumb_col = pygame.Rect(0, 0, 0, 0)
        self._cache: dict = {}
        self._sprites: dict = {}
        self._texts: dict = {}
        self._sheet_key = None
        # sheet geometry (from the view)
        self._cols = 11
        self._rows = 9
        self._cell_ch: dict = {}
        self._chambers: dict = {}
        self._start_id = None
        self._badge_cells: set = set()
        self._tunnels: list = []
        self._mushrooms: set = set()
        self._nuts: set = set()
        self._one_row = 7
        self._timer_len = 3
        self._label_right = 0
        # display / animation
        self._disp_crosses: dict = {}
        self._disp_row: dict = {}
        self._disp_timer: tuple = (False, 0, 0, 1)
        self._disp_roll = None
        self._dirty = True
        self._queue: deque = deque()
        self._cur: Step | None = None
        self._speed = 1.0
        self._speed_name = "normal"
        self._toasts: list = []
        self._time = 0.0
        # interaction
        self._opened: int | None = None
        self._sel: list = []
        self._legal_sets: list = []
        self._lit_cache = None
        self._drag: str | None = None
        self._drag_seen: set = set()
        self._drag_pos = None
        self._hover_cell = None
        self._cursor = None
        self._keyboard = False
        self._hover_btn = None
        self._buttons: list | None = None

    # ========================================================================================
    # layout
    # ========================================================================================
    def _on_resize(self) -> None:
        self._cache.clear()
        self._sprites.clear()
        self._buttons = None
        self._layout()

    def _layout(self) -> None:
        if self.rect is None:
            return
        rect = self.rect
        bar_h = int(round(max(56, 76 * self._k)))
        bar_h = min(bar_h, max(40, rect.h // 4))
        self._bar = pygame.Rect(rect.x, rect.bottom - bar_h, rect.w, bar_h)
        self._area = pygame.Rect(rect.x, rect.y, rect.w, rect.h - bar_h - self._px(4))
        others = self._others()
        cols, rows = self._cols, self._rows
        gap = self._px(10)
        a = self._area
        self._thumbs = []
        if others:
            frac = 0.27 if len(others) <= 2 else (0.24 if len(others) <= 3 else 0.2)
            tw = int(max(min(self._px(120), a.w * 0.3), a.w * frac))
            col = pygame.Rect(a.right - tw, a.y, tw, a.h)
            self._thumb_col = col
            main_area = pygame.Rect(a.x, a.y, a.w - tw - gap, a.h)
            label_h = self._px(22)
            m = len(others)
            th = min((col.h - gap * (m - 1)) / m, tw * rows / cols + label_h + self._px(12))
            th = int(th)
            y = col.y
            for s in others:
                r = pygame.Rect(col.x, y, col.w, th)
                inner_w = r.w - self._px(10)
                inner_h = r.h - label_h - self._px(8)
                cell = max(2, int(min(inner_w / cols, inner_h / rows)))
                gw, gh = cell * cols, cell * rows
                org = (r.x + (r.w - gw) // 2, r.y + label_h + self._px(3) + (inner_h - gh) // 2)
                self._thumbs.append((s, r, org, cell))
                y += th + gap
        else:
            self._thumb_col = pygame.Rect(0, 0, 0, 0)
            main_area = a
        # the big sheet: header (0.9 c) + grid + strip (1.55 c) + margins
        c = int(min(main_area.w / (cols + 0.8), main_area.h / (rows + 0.9 + 1.45 + 0.45)))
        c = max(6, c)
        self._c = c
        w = int(c * (cols + 0.8))
        h = int(c * (rows + 0.9 + 1.45 + 0.45))
        self._main = pygame.Rect(main_area.x + (main_area.w - w) // 2, main_area.y + (main_area.h - h) // 2, w, h)
        self._grid_org = (self._main.x + int(0.4 * c), self._main.y + int(0.9 * c) + int(0.2 * c))

    # ========================================================================================
    # names, colours, text, sprites
    # ========================================================================================
    def _image(self, name: str, size: int):
        """``sprites/<name>`` at a square size (cached by Assets), or None to draw a stand-in."""
        return self.assets.image(name, (size, size))

    def _icon(self, kind: str, size: int):
        """A nut, mushroom, hourglass or hamster sprite, or a drawn stand-in."""
        size = max(4, int(size))
        key = ("icon", kind, size)
        img = self._sprites.get(key)
        if img is not None:
            return img
        img = self._image(f"hamster/{kind}.svg", size)
        if img is None:
            img = pygame.Surface((size, size), pygame.SRCALPHA)
            c = size // 2
            if kind == "nut":
                pygame.draw.ellipse(img, (160, 100, 45), (size * 0.18, size * 0.25, size * 0.64, size * 0.68))
                pygame.draw.ellipse(img, (110, 80, 40), (size * 0.15, size * 0.12, size * 0.7, size * 0.3))
            elif kind == "mushroom":
                pygame.draw.rect(img, (246, 231, 200), (size * 0.38, size * 0.5, size * 0.24, size * 0.4))
                pygame.draw.ellipse(img, (200, 60, 40), (size * 0.1, size * 0.15, size * 0.8, size * 0.5))
            else:
                pygame.draw.circle(img, (230, 159, 0), (c, c), int(size * 0.4))
        self._sprites[key] = img
        return img

    def _cross_sprite(self, variant: int, size: int, colour=INK):
        """A pencil cross with slightly irregular strokes (pre-rendered, ``variant`` 0..5)."""
        size = max(4, int(size))
        key = ("cross", variant, size, tuple(colour))
        img = self._sprites.get(key)
        if img is not None:
            return img
        ss = 3  # draw big, then smooth-scale down: soft pencil edges
        S = size * ss
        big = pygame.Surface((S, S), pygame.SRCALPHA)
        rng = random.Random(911 + variant * 37)
        for stroke in range(2):
            if stroke == 0:
                a = (S * rng.uniform(0.12, 0.22), S * rng.uniform(0.12, 0.22))
                b = (S * rng.uniform(0.78, 0.88), S * rng.uniform(0.80, 0.90))
            else:
                a = (S * rng.uniform(0.78, 0.88), S * rng.uniform(0.10, 0.20))
                b = (S * rng.uniform(0.12, 0.22), S * rng.uniform(0.80, 0.90))
            bend = rng.uniform(-0.06, 0.06) * S
            dx, dy = b[0] - a[0], b[1] - a[1]
            ln = math.hypot(dx, dy) or 1
            nx, ny = -dy / ln, dx / ln
            w0 = S * rng.uniform(0.11, 0.135)
            n = 28
            for i in range(n + 1):
                t = i / n
                off = bend * math.sin(math.pi * t) + S * 0.008 * math.sin(t * 9 + variant)
                x = a[0] + dx * t + nx * off
                y = a[1] + dy * t + ny * off
                # pencil pressure: thin at the start, heavy in the middle, lifting off at the end
                w = w0 * (0.55 + 0.45 * math.sin(math.pi * min(1.0, t * 1.15 + 0.05)))
                pygame.draw.circle(big, (*colour, 235), (x, y), max(1.0, w / 2))
        img = self._alpha(pygame.transform.smoothscale(big, (size, size)))
        self._sprites[key] = img
        return img

    def _die_face(self, value: int, size: int, tint=None):
        size = max(8, int(size))
        key = ("die", value, size, tint)
        img = self._sprites.get(key)
        if img is not None:
            return img
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        r = img.get_rect().inflate(-2, -2)
        rad = max(3, size // 5)
        pygame.draw.rect(img, (0, 0, 0, 70), r.move(max(1, size // 24), max(1, size // 18)), border_radius=rad)
        face = tint or (252, 246, 232)
        pygame.draw.rect(img, face, r, border_radius=rad)
        pygame.draw.rect(img, (90, 62, 40), r, width=max(1, size // 20), border_radius=rad)
        pip = max(2, int(size * 0.09))
        q = size * 0.27
        cx = cy = size / 2
        spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
                 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
                 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}.get(int(value), [])
        for sx, sy in spots:
            pygame.draw.circle(img, (43, 29, 20), (cx + sx * q, cy + sy * q), pip)
        img = self._alpha(img)
        self._sprites[key] = img
        return img

    @staticmethod
    def _alpha(surf):
        """``surf`` in the display's alpha format (fast blits), when there is a display."""
        if pygame.display.get_surface() is not None:
            try:
                return surf.convert_alpha()
            except pygame.error:
                return surf
        return surf

    def _glow(self, radius: int, colour, alpha: int):
        key = ("glow", radius, tuple(colour), alpha)
        g = self._sprites.get(key)
        if g is None:
            small = pygame.Surface((64, 64), pygame.SRCALPHA)
            for i in range(32, 0, -1):
                a = alpha * (1 - i / 32.0) ** 0.8
                pygame.draw.circle(small, (*colour, int(a)), (32, 32), i)
            g = self._alpha(pygame.transform.smoothscale(small, (radius * 2 + 2, radius * 2 + 2)))
            self._sprites[key] = g
        return g

    def _tile(self, kind: str, c: int):
        """Translucent cell overlays for the preview: lit / green / amber / cursor."""
        key = ("tile", kind, c)
        img = self._sprites.get(key)
        if img is None:
            img = pygame.Surface((c, c), pygame.SRCALPHA)
            r = img.get_rect().inflate(-max(2, c // 10), -max(2, c // 10))
            w = max(2, c // 14)
            if kind == "lit":
                pygame.draw.rect(img, (*ui.colour("highlight"), 70), r, border_radius=c // 6)
                pygame.draw.rect(img, (*_mix(ui.colour("highlight"), AMBER, 0.3), 230), r, width=w,
                                 border_radius=c // 6)
            elif kind in ("green", "amber"):
                col = GREEN if kind == "green" else AMBER
                pygame.draw.rect(img, (*col, 120), r, border_radius=c // 6)
                pygame.draw.rect(img, (*_mix(col, (0, 0, 0), 0.25), 255), r, width=w + 1, border_radius=c // 6)
            elif kind == "cursor":
                rr = img.get_rect().inflate(-2, -2)
                pygame.draw.rect(img, (*ui.colour("accent"), 255), rr, width=max(3, c // 10), border_radius=c // 5)
            elif kind == "hover":
                pygame.draw.rect(img, (*ui.colour("highlight"), 110), r, border_radius=c // 6)
                pygame.draw.rect(img, (*ui.colour("highlight"), 255), r, width=w + 1, border_radius=c // 6)
            elif kind == "full":
                pygame.draw.rect(img, (*GOLD, 120), img.get_rect(), border_radius=c // 5)
            img = self._alpha(img)
            self._sprites[key] = img
        return img

    # ========================================================================================
    # sheet geometry
    # ========================================================================================
    def _load_sheet(self, view: dict) -> bool:
        sh = view.get("sheet") or {}
        key = (view.get("variant"), repr(sh.get("size")), len(sh.get("chambers") or []),
               (view.get("timer") or {}).get("length"), sh.get("one_row"),
               tuple(ch.get("id") for ch in sh.get("chambers") or []))
        if key == self._sheet_key:
            return False
        self._sheet_key = key
        size = sh.get("size") or [11, 9]
        self._cols, self._rows = int(size[0]), int(size[1])
        self._cell_ch = {}
        self._chambers = {}
        self._start_id = None
        for ch in sh.get("chambers") or []:
            cells = [_pt(c) for c in ch.get("cells") or []]
            self._chambers[ch["id"]] = {"name": ch.get("name", ch["id"]), "points": ch.get("points", 0),
                                        "start": bool(ch.get("start")), "cells": cells}
            if ch.get("start"):
                self._start_id = ch["id"]
            for c in cells:
                self._cell_ch[c] = ch["id"]
        self._badge_cells = {min(ch["cells"], key=lambda p: (p[1], p[0]))
                             for ch in self._chambers.values() if ch["cells"]}
        self._tunnels = [(t[0], _pt(t[1]), t[2], _pt(t[3])) for t in sh.get("tunnels") or []]
        self._mushrooms = {_pt(m) for m in sh.get("mushrooms") or []}
        self._nuts = {_pt(m) for m in sh.get("nuts") or []}
        self._one_row = int(sh.get("one_row", 7))
        try:
            self._timer_len = int((view.get("timer") or {}).get("length") or sh.get("timer", 3))
        except (TypeError, ValueError):
            self._timer_len = 3
        self._cache.clear()
        return True

    def _shown_seat(self) -> int:
        if self._opened is not None:
            return self._opened
        return self._home_seat()

    def _home_seat(self) -> int:
        if self.seat is not None:
            return int(self.seat)
        v = self.view or {}
        if v.get("seat") is not None:
            return int(v["seat"])
        return 0

    def _others(self) -> list:
        if not self.view:
            return []
        home = self._home_seat()
        return [s for s in range(int(self.view.get("players", 1))) if s != home]

    def _cell_rect(self, cell, org=None, c=None) -> pygame.Rect:
        ox, oy = org or self._grid_org
        c = c or self._c
        return pygame.Rect(ox + cell[0] * c, oy + cell[1] * c, c, c)

    def _cell_at(self, pos):
        ox, oy = self._grid_org
        c = self._c
        x, y = (pos[0] - ox) // c, (pos[1] - oy) // c
        if 0 <= x < self._cols and 0 <= y < self._rows:
            return (int(x), int(y))
        return None

    def _crossed(self, seat) -> set:
        if not self.view:
            return set()
        try:
            return {_pt(c) for c in self.view["sheets"][seat]["crosses"]}
        except (KeyError, IndexError, TypeError):
            return set()

    # ========================================================================================
    # state
    # ========================================================================================
    def sync(self, view: dict, legal: list | None, seat: int | None) -> None:
        old = self.view or {}
        old_key = (old.get("step"), old.get("current_player"), old.get("turn"), old.get("roll"))
        players_changed = old.get("players") != view.get("players")
        home_before = self._home_seat() if self.view else None
        sheet_changed = self._load_sheet(view)
        self.view, self.legal, self.seat = view, legal, seat
        self._legal_sets = [frozenset(_pt(c) for c in a.get("cells") or [])
                            for a in (legal or []) if a.get("type") == "cross"]
        new_key = (view.get("step"), view.get("current_player"), view.get("turn"), view.get("roll"))
        if new_key != old_key or not legal:
            self._sel = []
            self._drag = None
        elif self._sel and not any(set(self._sel) <= s for s in self._legal_sets):
            self._sel = []
        self._lit_cache = None
        self._buttons = None
        if players_changed or sheet_changed or home_before != self._home_seat():
            self._layout()
            if self._opened is not None and self._opened not in self._others():
                self._opened = None
        if self._opened is not None and legal and self._opened != self._home_seat() and new_key != old_key:
            self._opened = None      # your choice is awaited: back to your own burrow
        self._dirty = True
        self._queue_revealed(old)

    def _queue_revealed(self, old: dict) -> None:
        """Crosses that appear on the big sheet without an animation of their own (another
        seat's choice revealed at the end of the turn) are drawn in one by one as well."""
        if not old or self._speed_name == "off" or old.get("players") != self.view.get("players"):
            return
        shown = self._shown_seat()
        disp = self._disp_crosses.get(shown)
        if disp is None:
            return
        now = self._crossed(shown)
        if not disp <= now:
            return                   # undo or another game: the display simply snaps
        pending = set()
        for st in ([self._cur] if self._cur is not None else []) + list(self._queue):
            if st.kind == "cross" and st.ev.get("seat") == shown:
                pending |= {_pt(c) for c in st.ev.get("cells") or []}
        new = now - disp - pending
        if 0 < len(new) <= 7:
            cells = sorted(new, key=lambda p: (p[1], p[0]))
            ev = {"type": "cross", "seat": shown, "cells": [list(c) for c in cells]}
            self._queue.append(Step("cross", ev, (0.14 * len(cells) + 0.12) * self._speed))

    def _reconcile(self) -> None:
        v = self.view
        if v is None:
            return
        self._disp_crosses = {s: self._crossed(s) for s in range(int(v.get("players", 1)))}
        self._disp_row = {s: int(sh.get("one_row_used", 0)) for s, sh in enumerate(v.get("sheets") or [])}
        self._disp_timer = self._timer_tuple(v)
        self._disp_roll = v.get("roll")
        self._dirty = False

    @staticmethod
    def _timer_tuple(v) -> tuple:
        t = v.get("timer") or {}
        return (bool(t.get("active")), int(t.get("crossed", 0) or 0), int(t.get("circled", 0) or 0),
                int(t.get("pass", 1) or 1))

    # ========================================================================================
    # animation
    # ========================================================================================
    def play(self, events: list, speed: str = "normal") -> None:
        if self.view is None:
            return
        if speed not in SPEED_FACTOR:
            self._speed_name = "off"
            self._flush()
            self._queue.clear()
            self._cur = None
            self._toasts = []
            self._dirty = True
            return
        f = SPEED_FACTOR[speed]
        self._speed = f
        self._speed_name = speed
        shown = self._shown_seat()
        for ev in events or []:
            if not isinstance(ev, dict):
                continue
            kind = ev.get("type")
            if kind == "roll":
                self._queue.append(Step("roll", ev, 1.0 * f))
            elif kind == "cross":
                # your own crosses are drawn in now; other crosses when a view shows them (sync)
                s = ev.get("seat")
                if s == shown and s == self.seat and ev.get("cells"):
                    n = len(ev["cells"])
                    self._queue.append(Step("cross", ev, (0.14 * n + 0.12) * f))
            elif kind == "timer":
                self._queue.append(Step("timer", ev, 0.7 * f))
            elif kind == "timer_on":
                self._queue.append(Step("timer_on", ev, 0.8 * f))
            elif kind == "chamber_full":
                self._queue.append(Step("full", ev, (0.9 if ev.get("seat") == shown else 0.3) * f))
            elif kind == "end":
                self._queue.append(Step("toast", ev, 0.4 * f))
            elif kind == "pass" and ev.get("seat") == shown and (self.seat is None or ev.get("seat") == self.seat):
                self._queue.append(Step("toast", ev, 0.3 * f))

    def _prewarm(self) -> None:
        """While nothing moves, build one missing cached surface (so no frame has to)."""
        if self.view is None or self.rect is None:
            return
        if ("cross", 0, max(4, int(self._c * 0.86)), INK) not in self._sprites:
            for v in range(CROSS_VARIANTS):
                self._cross_sprite(v, int(self._c * 0.86))
            return
        for s, r, org, cell in self._thumbs:
            self._thumb_surface(s, cell)

    def _step_start(self, st: Step) -> None:
        ev = st.ev
        k = st.kind
        if k == "roll":
            self._disp_roll = None
            st.data["seed"] = random.Random(int(ev.get("value", 1)) * 7 + len(self._queue)).random()
        elif k == "toast":
            text = self._toast_text(ev)
            if text:
                self._add_toast(text, TOAST_LIFE * max(0.5, self._speed))
        elif k == "full":
            s = ev.get("seat")
            ch = self._chambers.get(ev.get("chamber"), {})
            if s != self._shown_seat():
                text = f"{self._name(s)} fills the {ch.get('name', 'chamber')}: +{ev.get('points', ch.get('points', 0))}"
                self._add_toast(text, TOAST_LIFE * max(0.5, self._speed))
        elif k == "timer_on":
            solo = int((self.view or {}).get("players", 1)) == 1
            text = ("Second round of the timer: a 4, 5 or 6 now crosses a box" if solo
                    else "The timer is running: from now on a 4, 5 or 6 ticks it down")
            self._add_toast(text, TOAST_LIFE * 1.3 * max(0.5, self._speed))

    def _step_end(self, st: Step) -> None:
        ev = st.ev
        k = st.kind
        if k == "roll":
            self._disp_roll = ev.get("value")
        elif k == "cross":
            s = ev.get("seat")
            self._disp_crosses.setdefault(s, set()).update(_pt(c) for c in ev.get("cells") or [])
        elif k == "timer":
            a, crossed, circled, pss = self._disp_timer
            idx, mark = self._timer_anim_target(ev)
            if mark == "circle":
                circled = max(circled, idx + 1)
            else:
                crossed = max(crossed, idx + 1)
            self._disp_timer = (a, crossed, circled, pss)
        elif k == "timer_on":
            a, crossed, circled, pss = self._disp_timer
            try:
                pss = int(ev.get("pass") or pss)
            except (TypeError, ValueError):
                pass
            self._disp_timer = (True, crossed, circled, pss)

    def _timer_anim_target(self, ev) -> tuple:
        """(box index, "cross" | "circle") that a timer event marks."""
        a, crossed, circled, pss = self._disp_timer
        solo = self.view and int(self.view.get("players", 1)) == 1
        boxes = ev.get("boxes")
        if "circled" in ev:
            cnt = circled if ev.get("circled") else crossed
            idx = int(boxes) - 1 if isinstance(boxes, int) else cnt
            return max(0, min(self._timer_len - 1, idx)), ("circle" if ev.get("circled") else "cross")
        if solo and pss != 2:
            idx = int(boxes) - 1 if isinstance(boxes, int) else circled
            return max(0, min(self._timer_len - 1, idx)), "circle"
        idx = int(boxes) - 1 if isinstance(boxes, int) else crossed
        return max(0, min(self._timer_len - 1, idx)), "cross"

    # ---- toasts -------------------------------------------------------------------------------
    def _toast_text(self, ev: dict) -> str:
        k = ev.get("type")
        if k == "end":
            return "The last timer box is crossed: game over!"
        if k == "pass":
            s = ev.get("seat")
            if s == self.seat:
                return "No crosses fit this roll: you pass"
            return f"{self._name(s)} passes this roll"
        return ""

    # ========================================================================================
    # static sheet surfaces
    # ========================================================================================
    def _static_sheet(self, c: int, thumb: bool = False):
        """The empty burrow grid at cell size ``c`` (grid-local, cols*c x rows*c)."""
        key = ("static", c, thumb)
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        cols, rows = self._cols, self._rows
        surf = pygame.Surface((cols * c, rows * c))
        surf.fill(EARTH)
        rng = random.Random(4004 + c)
        if not thumb:
            # soil texture: pebbles and roots in the rock
            for _ in range(int(cols * rows * 1.6)):
                x, y = rng.uniform(0, cols * c), rng.uniform(0, rows * c)
                rr = max(1.0, c * rng.uniform(0.03, 0.08))
                shade = _mix(EARTH, (0, 0, 0), 0.22) if rng.random() < 0.6 else _mix(EARTH, (255, 230, 190), 0.15)
                pygame.draw.ellipse(surf, shade, (x - rr, y - rr * 0.7, rr * 2, rr * 1.4))
            for _ in range(max(3, cols // 2)):
                x, y = rng.uniform(0, cols * c), rng.uniform(0, rows * c)
                pts = [(x, y)]
                for _ in range(5):
                    x += c * rng.uniform(0.1, 0.3)
                    y += c * rng.uniform(-0.12, 0.2)
                    pts.append((x, y))
                pygame.draw.lines(surf, _mix(EARTH, (20, 10, 4), 0.3), False, pts, max(1, c // 28))
        inset = max(1, int(c * (0.08 if not thumb else 0.06)))
        edge = max(1, int(c * 0.045)) if not thumb else 0
        rad = max(0, int(c * 0.28))
        # tunnels under the rooms: the passage across the earth between two doorway cells
        tw = max(2, int(c * (0.34 if not thumb else 0.4)))
        for ca, a, cb, b in self._tunnels:
            pa = ((a[0] + 0.5) * c, (a[1] + 0.5) * c)
            pb = ((b[0] + 0.5) * c, (b[1] + 0.5) * c)
            if not thumb:
                pygame.draw.line(surf, WALL, pa, pb, tw + max(2, int(c * 0.1)))
            pygame.draw.line(surf, TUNNEL, pa, pb, tw)
        # rooms: cells inset where a wall is, rounded at convex corners
        for cid, ch in self._chambers.items():
            cells = set(ch["cells"])
            floor = FLOOR_START if ch["start"] else FLOOR
            for layer, col in (((0, WALL),) if edge else ()) + ((edge, floor),):
                for (x, y) in cells:
                    t = (x, y - 1) not in cells
                    b = (x, y + 1) not in cells
                    le = (x - 1, y) not in cells
                    ri = (x + 1, y) not in cells
                    m = inset + layer
                    r = pygame.Rect(x * c + (m if le else 0), y * c + (m if t else 0), 0, 0)
                    r.w = (x + 1) * c - (m if ri else 0) - r.x
                    r.h = (y + 1) * c - (m if b else 0) - r.y
                    rr = max(0, rad - layer)
                    pygame.draw.rect(surf, col, r,
                                     border_top_left_radius=rr if (t and le) else 0,
                                     border_top_right_radius=rr if (t and ri) else 0,
                                     border_bottom_left_radius=rr if (b and le) else 0,
                                     border_bottom_right_radius=rr if (b and ri) else 0)
            if not thumb:
                # the floor's cell lines, so cells can be counted
                line = _mix(floor, (90, 60, 35), 0.28)
                for (x, y) in cells:
                    if (x + 1, y) in cells:
                        X = (x + 1) * c
                        pygame.draw.line(surf, line, (X, y * c + c * 0.16), (X, (y + 1) * c - c * 0.16), max(1, c // 30))
                    if (x, y + 1) in cells:
                        Y = (y + 1) * c
                        pygame.draw.line(surf, line, (x * c + c * 0.16, Y), ((x + 1) * c - c * 0.16, Y), max(1, c // 30))
                # a little floor grain
                for (x, y) in cells:
                    for _ in range(2):
                        px, py = x * c + rng.uniform(0.2, 0.8) * c, y * c + rng.uniform(0.2, 0.8) * c
                        pygame.draw.circle(surf, _mix(floor, (120, 80, 40), 0.2), (px, py), max(1, c // 30))
        # doorways: where a tunnel enters its cell
        for ca, a, cb, b in self._tunnels:
            for p, q in ((a, b), (b, a)):
                cx, cy = (p[0] + 0.5) * c, (p[1] + 0.5) * c
                dx, dy = q[0] - p[0], q[1] - p[1]
                ln = math.hypot(dx, dy) or 1
                ux, uy = dx / ln, dy / ln
                end = (cx + ux * c * 0.62, cy + uy * c * 0.62)
                start = (cx + ux * c * 0.30, cy + uy * c * 0.30)
                if not thumb:
                    pygame.draw.line(surf, _mix(TUNNEL, WALL, 0.55), start, end, tw + max(2, int(c * 0.06)))
                pygame.draw.line(surf, TUNNEL, start, end, tw)
                if not thumb:
                    pygame.draw.circle(surf, _mix(TUNNEL, WALL, 0.55), start, tw / 2 + max(1, c * 0.03))
                    pygame.draw.circle(surf, _mix(TUNNEL, (255, 255, 255), 0.1), start, tw / 2)
        # mushrooms and nuts
        isz = int(c * (0.66 if not thumb else 0.8))
        for kind, cells in (("mushroom", self._mushrooms), ("nut", self._nuts)):
            if thumb:
                col = (200, 64, 44) if kind == "mushroom" else (150, 92, 36)
                for (x, y) in cells:
                    pygame.draw.circle(surf, col, ((x + 0.5) * c, (y + 0.5) * c), max(1, c * 0.3))
                continue
            img = self._icon(kind, isz)
            for (x, y) in cells:
                surf.blit(img, img.get_rect(center=(int((x + 0.5) * c), int((y + 0.52) * c))))
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        self._cache[key] = surf
        return surf

    def _badges(self, c: int):
        """Chamber points in gold badges (grid-local overlay, drawn over the crosses)."""
        key = ("badges", c)
        got = self._cache.get(key)
        if got is not None:
            return got
        surf = pygame.Surface((self._cols * c, self._rows * c), pygame.SRCALPHA)
        inset = max(1, int(c * 0.08))
        bs = max(8, int(c * 0.44))
        fpx = max(7, int(c * 0.27))
        for cid, ch in self._chambers.items():
            if not ch["cells"]:
                continue
            x, y = min(ch["cells"], key=lambda p: (p[1], p[0]))
            cx, cy = x * c + inset + bs * 0.36, y * c + inset + bs * 0.36
            pygame.draw.circle(surf, WALL, (cx, cy + 1), bs / 2 + 1)
            pygame.draw.circle(surf, GOLD, (cx, cy), bs / 2)
            pygame.draw.circle(surf, _mix(GOLD, WALL, 0.5), (cx, cy), bs / 2, max(1, c // 28))
            t = self.assets.font(fpx, True).render(str(ch["points"]), True, ui.colour("text_dark"))
            surf.blit(t, t.get_rect(center=(int(cx), int(cy))))
        surf = self._alpha(surf)
        self._cache[key] = surf
        return surf

    def _row_geometry(self, c: int):
        """Rects (grid-local) of the 1-row slots, the hourglass and the timer boxes."""
        key = ("rowgeo", c)
        got = self._cache.get(key)
        if got is not None:
            return got
        y = self._rows * c + int(c * 0.5)
        count = self._one_row + 1 + self._timer_len
        room = self._cols * c - c * 2.6
        s = int(min(c * 0.78, room / (count * 1.16)))
        gap = max(2, int(s * 0.16))
        x = int(c * 1.05)
        slots = []
        for i in range(self._one_row):
            slots.append(pygame.Rect(x, y, s, s))
            x += s + gap
        x += int(c * 0.3)
        hour = pygame.Rect(x + int(c * 0.9), y, s, s)
        x = hour.right + gap
        boxes = []
        for i in range(self._timer_len):
            boxes.append(pygame.Rect(x, y, s, s))
            x += s + gap
        got = (slots, hour, boxes)
        self._cache[key] = got
        return got

    def _strip_static(self, c: int):
        """The 1-row and timer labels and empty boxes (grid-local, below the grid)."""
        key = ("strip", c)
        got = self._cache.get(key)
        if got is not None:
            return got
        slots, hour, boxes = self._row_geometry(c)
        w = self._cols * c
        h = int(c * 1.3)
        y0 = self._rows * c
        surf = pygame.Surface((w, h), pygame.SRCALPHA)

        def loc(r):
            return r.move(0, -y0)
        lab_px = max(7, int(c * 0.26))
        die = self._die_face(1, int(c * 0.62))
        surf.blit(die, die.get_rect(center=(int(c * 0.55), loc(slots[0]).centery if slots else c)))
        t = self._text("1-row", lab_px, ui.colour("text_muted"), True)
        if slots:
            surf.blit(t, (slots[0].x, loc(slots[0]).y - t.get_height() - 1))
        bw = max(1, c // 18)
        for r in slots:
            r = loc(r)
            pygame.draw.rect(surf, PAPER, r, border_radius=max(2, c // 8))
            pygame.draw.rect(surf, WALL, r, width=bw + 1, border_radius=max(2, c // 8))
        hr = loc(hour)
        t = self._text("Timer", lab_px, ui.colour("text_muted"), True)
        surf.blit(t, (hr.x - int(c * 0.9), hr.y - t.get_height() - 1))
        hg = self._icon("hourglass", int(c * 0.78))
        surf.blit(hg, hg.get_rect(center=(hr.x - int(c * 0.45), hr.centery)))
        pygame.draw.rect(surf, PAPER, hr, border_radius=max(2, c // 8))
        pygame.draw.rect(surf, WALL, hr, width=bw + 1, border_radius=max(2, c // 8))
        small_h = self._icon("hourglass", int(c * 0.56))
        small_h = small_h.copy()
        small_h.set_alpha(110)
        surf.blit(small_h, small_h.get_rect(center=hr.center))
        for r in boxes:
            r = loc(r)
            pygame.draw.rect(surf, PAPER, r, border_radius=max(2, c // 8))
            pygame.draw.rect(surf, WALL, r, width=bw + 1, border_radius=max(2, c // 8))
        self._cache[key] = surf
        return surf

    def _variant(self, cell, seat) -> int:
        return (cell[0] * 73856093 ^ cell[1] * 19349663 ^ (seat + 1) * 83492791) % CROSS_VARIANTS

    def _sheet_surface(self, seat: int):
        """The big sheet of ``seat`` with its displayed crosses, 1-row and timer (cached)."""
        c = self._c
        crosses = self._disp_crosses.get(seat, set())
        row = self._disp_row.get(seat, 0)
        key = ("sheet", seat, c, frozenset(crosses), row, self._disp_timer, self._sheet_key)
        got = self._cache.get("sheet_cur")
        if got is not None and got[0] == key:
            return got[1]
        self._paper_pieces()
        base = self._static_sheet(c)
        strip = self._strip_static(c)
        w = max(base.get_width(), strip.get_width())
        h = base.get_height() + strip.get_height()
        surf = pygame.Surface((w, h))          # opaque: one fast blit per frame
        surf.fill(EARTH_DARK)
        surf.blit(base, (0, 0))
        surf.blit(strip, (0, base.get_height()))
        cs = int(c * 0.86)
        off = (c - cs) // 2
        for cell in crosses:
            surf.blit(self._cross_sprite(self._variant(cell, seat), cs), (cell[0] * c + off, cell[1] * c + off))
        surf.blit(self._badges(c), (0, 0))
        slots, hour, boxes = self._row_geometry(c)
        rs = int(slots[0].w * 0.9) if slots else cs
        for i, r in enumerate(slots[:row]):
            surf.blit(self._cross_sprite((i + seat) % CROSS_VARIANTS, rs), r.move((r.w - rs) // 2, (r.h - rs) // 2))
        active, crossed, circled, pss = self._disp_timer
        solo = int((self.view or {}).get("players", 1)) == 1
        if solo and pss != 2:
            if active:
                pygame.draw.ellipse(surf, INK, hour.inflate(-max(2, hour.w // 8), -max(2, hour.h // 8)),
                                    max(2, c // 16))
        elif active:
            surf.blit(self._cross_sprite(3, rs), hour.move((hour.w - rs) // 2, (hour.h - rs) // 2))
        for i, r in enumerate(boxes):
            if i < circled:
                pygame.draw.ellipse(surf, INK, r.inflate(-max(2, r.w // 8), -max(2, r.h // 8)), max(2, c // 16))
            if i < crossed:
                surf.blit(self._cross_sprite((i + 2) % CROSS_VARIANTS, rs), r.move((r.w - rs) // 2, (r.h - rs) // 2))
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        # bake it into the paper's opaque core: the frame then needs one big blit, not two
        core = self._cache.get(("paper_core", self._main.size, self._main.topleft))
        pos = self._grid_org
        if core is not None:
            img, cpos = core
            gx, gy = self._grid_org[0] - cpos[0], self._grid_org[1] - cpos[1]
            if gx >= 0 and gy >= 0 and gx + surf.get_width() <= img.get_width() \
                    and gy + surf.get_height() <= img.get_height():
                full = img.copy()
                full.blit(surf, (gx, gy))
                surf, pos = full, cpos
        self._cache["sheet_cur"] = (key, (surf, pos))
        return surf, pos

    def _thumb_surface(self, seat: int, cell: int):
        v = self.view
        crosses = self._disp_crosses.get(seat)
        if crosses is None:
            crosses = self._crossed(seat)
        key = (frozenset(crosses), cell, self._sheet_key)
        ck = ("thumb", seat)
        got = self._cache.get(ck)
        if got is not None and got[0] == key:
            return got[1]
        base = self._static_sheet(cell, thumb=True)
        surf = base.copy()
        w = max(1, cell // 6)
        for (x, y) in crosses:
            r = pygame.Rect(x * cell, y * cell, cell, cell).inflate(-max(2, cell // 3), -max(2, cell // 3))
            pygame.draw.line(surf, INK, r.topleft, r.bottomright, w + 1)
            pygame.draw.line(surf, INK, r.topright, r.bottomleft, w + 1)
        del v
        self._cache[ck] = (key, surf)
        return surf

    # ========================================================================================
    # drawing
    # ========================================================================================
    def draw(self, surface) -> None:
        if self.rect is None or self.view is None or not self._bar.w:
            return
        if self._dirty and not self.animating:
            self._reconcile()
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        self._draw_main(surface)
        self._draw_thumbs(surface)
        self._draw_bar(surface)
        if self._cur is not None and self._cur.kind == "roll":
            self._draw_roll_anim(surface, self._cur)
        self._draw_toasts(surface)
        surface.set_clip(clip)

    def _paper(self):
        key = ("paper", self._main.size)
        img = self._cache.get(key)
        if img is None:
            img = pygame.Surface((self._main.w + 6, self._main.h + 6), pygame.SRCALPHA)
            r = pygame.Rect(0, 0, self._main.w, self._main.h)
            rad = max(6, int(self._c * 0.3))
            pygame.draw.rect(img, (0, 0, 0, 80), r.move(4, 5), border_radius=rad)
            pygame.draw.rect(img, EARTH_DARK, r, border_radius=rad)
            pygame.draw.rect(img, _mix(EARTH, (255, 220, 170), 0.2), r, width=max(2, self._c // 16), border_radius=rad)
            # grass along the top: the burrow lies under a meadow
            g = pygame.Rect(r.x + 2, r.y + 2, r.w - 4, int(self._c * 0.9))
            pygame.draw.rect(img, (92, 128, 56), g, border_top_left_radius=rad, border_top_right_radius=rad)
            rng = random.Random(5)
            for i in range(int(r.w / max(3, self._c * 0.18))):
                x = r.x + 4 + i * self._c * 0.18
                hh = self._c * rng.uniform(0.12, 0.26)
                pygame.draw.line(img, (122, 160, 70), (x, g.bottom), (x + rng.uniform(-3, 3), g.bottom - hh),
                                 max(1, self._c // 24))
            pygame.draw.line(img, (70, 46, 28), (g.x, g.bottom), (g.right, g.bottom), max(2, self._c // 14))
            if pygame.display.get_surface() is not None:
                img = img.convert_alpha()
            self._cache[key] = img
        return img

    def _paper_pieces(self) -> list:
        """The paper cut for fast blitting: an opaque core and alpha strips around it."""
        key = ("paper_pieces", self._main.size, self._main.topleft)
        got = self._cache.get(key)
        if got is not None:
            return got
        full = self._paper()
        rad = max(6, int(self._c * 0.3)) + 2
        W, H = full.get_size()
        core = pygame.Rect(rad, rad, self._main.w - 2 * rad, self._main.h - 2 * rad)
        ox, oy = self._main.topleft
        out = []
        if core.w > 8 and core.h > 8 and pygame.display.get_surface() is not None:
            core_img = full.subsurface(core).convert()
            self._cache[("paper_core", self._main.size, self._main.topleft)] = (core_img, (ox + core.x, oy + core.y))
            out.append((core_img, (ox + core.x, oy + core.y)))
            for r in (pygame.Rect(0, 0, W, core.y), pygame.Rect(0, core.bottom, W, H - core.bottom),
                      pygame.Rect(0, core.y, core.x, core.h), pygame.Rect(core.right, core.y, W - core.right, core.h)):
                if r.w > 0 and r.h > 0:
                    out.append((full.subsurface(r), (ox + r.x, oy + r.y)))
        else:
            out.append((full, (ox, oy)))
        self._cache[key] = out
        return out

    def _draw_main(self, surface) -> None:
        seat = self._shown_seat()
        c = self._c
        pieces = self._paper_pieces()
        sheet, spos = self._sheet_surface(seat)
        core = self._cache.get(("paper_core", self._main.size, self._main.topleft))
        for img, pos in pieces:
            if core is not None and img is core[0] and spos == core[1]:
                continue             # the sheet surface already holds the paper's core
            surface.blit(img, pos)
        ox, oy = self._grid_org
        surface.blit(sheet, spos)
        self._draw_header(surface, seat)
        st = self._cur
        if st is not None:
            if st.kind == "cross" and st.ev.get("seat") == seat:
                self._draw_cross_anim(surface, st, seat)
            elif st.kind in ("timer", "timer_on"):
                self._draw_timer_anim(surface, st)
            elif st.kind == "full" and st.ev.get("seat") == seat:
                self._draw_full_anim(surface, st)
        if self._opened is None and self._choosing():
            self._draw_preview(surface)
            if self._badge_cells & (self._lit() | set(self._sel)):
                surface.blit(self._badges(c), (ox, oy))
        if self._keyboard and self._cursor is not None and self._opened is None and self.legal:
            surface.blit(self._tile("cursor", c), self._cell_rect(self._cursor))
        if self._opened is not None:
            t = self._pill(f"{self._name(seat)}'s burrow (look only): click it to go back to yours",
                           self._px(15), ui.colour("highlight"))
            surface.blit(t, t.get_rect(midbottom=(self._main.centerx, self._main.bottom - self._px(4))))

    def _pill(self, text: str, px: int, colour):
        key = ("pill", text, px, tuple(colour))
        img = self._sprites.get(key)
        if img is None:
            t = self._text(text, px, colour, True)
            pad_x, pad_y = int(px * 0.8), int(px * 0.3)
            img = pygame.Surface((t.get_width() + 2 * pad_x, t.get_height() + 2 * pad_y), pygame.SRCALPHA)
            pygame.draw.rect(img, (*_mix(ui.colour("panel"), (0, 0, 0), 0.3), 235), img.get_rect(),
                             border_radius=img.get_height() // 2)
            img.blit(t, (pad_x, pad_y))
            img = self._alpha(img)
            self._sprites[key] = img
        return img

    def _breakdown(self, seat) -> dict:
        try:
            b = self.view["sheets"][seat].get("breakdown") or {}
        except (KeyError, IndexError, TypeError, AttributeError):
            b = {}
        return {k: int(b.get(k, 0) or 0) for k in ("chambers", "mushrooms", "nuts", "total")}

    def _draw_header(self, surface, seat) -> None:
        c = self._c
        m = self._main
        y = m.y + int(c * 0.45)
        x = m.x + int(c * 0.35)
        key = ("header", seat, tuple(self._breakdown(seat).items()), self._tag(seat), m.size)
        got = self._cache.get("header_cur")
        if got is None or got[0] != key:
            got = (key, self._alpha(self._render_header(seat)))
            self._cache["header_cur"] = got
        img = got[1]
        surface.blit(img, img.get_rect(midleft=(x, y)))

    def _render_header(self, seat):
        c = self._c
        m = self._main
        h = int(c * 0.8)
        w = m.w - int(c * 0.7)
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        pal = self._palette(seat)
        sw = pygame.Rect(0, (h - int(c * 0.56)) // 2, int(c * 0.56), int(c * 0.56))
        ui.draw_swatch(img, pal, sw)
        px = max(8, int(c * 0.34))
        name = self._name(seat)
        title = f"{name}'s burrow" if seat != self.seat else "Your burrow"
        b = self._breakdown(seat)
        # right: the score in pictures
        parts = []
        ipx = int(c * 0.5)
        small = max(7, int(c * 0.28))
        parts.append(("text", self._text(f"Chambers {b['chambers']}", small, ui.colour("text"), True)))
        parts.append(("icon", self._icon("mushroom", ipx)))
        parts.append(("text", self._text(str(b["mushrooms"]), small, ui.colour("text"), True)))
        parts.append(("icon", self._icon("nut", ipx)))
        parts.append(("text", self._text(str(b["nuts"]), small, ui.colour("text"), True)))
        tot = self._text(f"{b['total']} pts", max(8, int(c * 0.34)), GOLD, True)
        parts.append(("text", tot))
        gap = max(3, int(c * 0.12))
        total_w = sum(p[1].get_width() for p in parts) + gap * (len(parts) - 1) + gap * 2
        x = w - total_w
        for i, (kind, im) in enumerate(parts):
            if i == len(parts) - 1:
                x += gap * 2
            img.blit(im, im.get_rect(midleft=(x, h // 2)))
            x += im.get_width() + gap
        tag = self._tag(seat)
        tag_img = None
        if tag:
            tag_img = self._pill(tag, max(7, int(c * 0.25)), ui.colour("highlight") if tag != "decided" else GREEN)
        room = w - total_w - sw.right - int(c * 0.3) - (tag_img.get_width() + gap if tag_img else 0)
        t = self._text(title, px, ui.colour("text"), True, room)
        img.blit(t, t.get_rect(midleft=(sw.right + int(c * 0.2), h // 2)))
        if tag_img is not None:
            img.blit(tag_img, tag_img.get_rect(midleft=(sw.right + int(c * 0.2) + t.get_width() + gap, h // 2)))
        return img

    def _tag(self, seat) -> str:
        v = self.view or {}
        step = v.get("step")
        cp = v.get("current_player")
        if step == "over":
            return ""
        try:
            decided = bool(v["sheets"][seat].get("decided"))
        except (KeyError, IndexError, TypeError, AttributeError):
            decided = False
        if step == "roll":
            if cp == seat:
                return "thinking…" if self._is_computer(seat) else "to roll"
            return ""
        if step == "choose":
            if cp == seat:
                return "thinking…" if self._is_computer(seat) else "to choose"
            if decided:
                return "decided"
            return "waiting"
        return ""

    # ---- preview ---------------------------------------------------------------------------------
    def _choosing(self) -> bool:
        return bool(self.legal) and (self.view or {}).get("step") == "choose" and bool(self._legal_sets)

    def _lit(self) -> set:
        """Cells that could extend the current selection towards some legal set."""
        key = tuple(self._sel)
        if self._lit_cache is not None and self._lit_cache[0] == key:
            return self._lit_cache[1]
        sel = set(self._sel)
        out: set = set()
        for s in self._legal_sets:
            if sel <= s:
                out |= s
        out -= sel
        self._lit_cache = (key, out)
        return out

    def _matching_action(self):
        if not self._sel or not self.legal:
            return None
        sel = frozenset(self._sel)
        for a, s in zip((a for a in self.legal if a.get("type") == "cross"), self._legal_sets):
            if s == sel:
                return a
        return None

    def _draw_preview(self, surface) -> None:
        c = self._c
        lit = self._lit()
        pulse = 0.5 + 0.5 * math.sin(self._time * 4.0)
        tile = self._tile("lit", c)
        if lit:
            a = int(150 + 105 * pulse)
            if tile.get_alpha() != a:
                tile.set_alpha(a)
            for cell in lit:
                surface.blit(tile, self._cell_rect(cell))
        hc = self._hover_cell
        if hc is not None and (hc in lit or hc in self._sel) and not self._keyboard:
            surface.blit(self._tile("hover", c), self._cell_rect(hc))
        if self._sel:
            kind = "green" if self._matching_action() is not None else "amber"
            t = self._tile(kind, c)
            cs = int(c * 0.86)
            off = (c - cs) // 2
            for cell in self._sel:
                r = self._cell_rect(cell)
                surface.blit(t, r)
                spr = self._cross_sprite(self._variant(cell, self._home_seat()), cs, (60, 44, 34))
                surface.blit(spr, r.move(off, off))
        if self._disp_roll == 1 or (self.view or {}).get("roll") == 1:
            slots, hour, boxes = self._row_geometry(c)
            used = self._disp_row.get(self._home_seat(), 0)
            ox, oy = self._grid_org
            t = self._tile("amber" if self._matching_action() is None else "green", slots[0].w) if slots else None
            for r in slots[used:used + len(self._sel)]:
                surface.blit(t, r.move(ox, oy))

    # ---- animations on the sheet -----------------------------------------------------------------------
    def _draw_cross_anim(self, surface, st: Step, seat) -> None:
        cells = sorted((_pt(c) for c in st.ev.get("cells") or []), key=lambda p: (p[1], p[0]))
        n = len(cells)
        if not n:
            return
        p = st.t / st.dur
        c = self._c
        cs = int(c * 0.86)
        off = (c - cs) // 2
        per = 0.88 / n
        shown = self._disp_crosses.get(seat, set())
        for i, cell in enumerate(cells):
            if cell in shown:
                continue
            q = (p - i * per) / per
            if q <= 0:
                break
            q = min(1.0, q)
            r = self._cell_rect(cell)
            spr = self._cross_sprite(self._variant(cell, seat), cs)
            if q < 1:
                # pen stroke: the cross grows from its centre with a soft glow
                g = self._glow(int(c * 0.55), ui.colour("highlight"), 120)
                g.set_alpha(int(255 * (1 - q)))
                surface.blit(g, g.get_rect(center=r.center))
                d = max(2, int(cs * _ease_back(q, 2.2)))
                img = pygame.transform.smoothscale(spr, (d, d))
                surface.blit(img, img.get_rect(center=r.center))
            else:
                surface.blit(spr, r.move(off, off))
        # the 1-row slots this roll uses
        if self._disp_roll == 1 or (self.view or {}).get("roll") == 1:
            pass

    def _draw_timer_anim(self, surface, st: Step) -> None:
        c = self._c
        ox, oy = self._grid_org
        slots, hour, boxes = self._row_geometry(c)
        p = st.t / st.dur
        if st.kind == "timer_on":
            r = hour.move(ox, oy)
            idx_mark = "cross"
        else:
            idx, idx_mark = self._timer_anim_target(st.ev)
            if not boxes:
                return
            r = boxes[idx].move(ox, oy)
        g = self._glow(int(c * 0.9), GOLD, 170)
        g.set_alpha(int(255 * math.sin(math.pi * min(1.0, p))))
        surface.blit(g, g.get_rect(center=r.center))
        q = min(1.0, p / 0.7)
        rs = int(r.w * 0.9)
        if idx_mark == "circle":
            if q > 0.02:
                rr = r.inflate(-max(2, r.w // 8), -max(2, r.h // 8))
                pygame.draw.arc(surface, INK, rr, math.pi / 2, math.pi / 2 + 2 * math.pi * q, max(2, c // 16))
            return
        spr = self._cross_sprite(2, rs)
        d = max(2, int(rs * _ease_back(q, 2.0)))
        img = pygame.transform.smoothscale(spr, (d, d))
        surface.blit(img, img.get_rect(center=r.center))

    def _draw_full_anim(self, surface, st: Step) -> None:
        ch = self._chambers.get(st.ev.get("chamber"))
        if not ch:
            return
        p = st.t / st.dur
        c = self._c
        tile = self._tile("full", c)
        a = int(255 * math.sin(math.pi * min(1.0, p)))
        tile.set_alpha(a)
        for cell in ch["cells"]:
            surface.blit(tile, self._cell_rect(cell))
        # sparkles around the room and the points rising from its badge
        xs = [cell[0] for cell in ch["cells"]]
        ys = [cell[1] for cell in ch["cells"]]
        cx = self._grid_org[0] + (min(xs) + max(xs) + 1) / 2 * c
        cy = self._grid_org[1] + (min(ys) + max(ys) + 1) / 2 * c
        rng = random.Random(len(ch["cells"]))
        for i in range(10):
            ang = rng.uniform(0, 2 * math.pi) + p * 1.5
            dist = c * (0.6 + 1.6 * _ease_out(p)) * rng.uniform(0.7, 1.2)
            x, y = cx + math.cos(ang) * dist, cy + math.sin(ang) * dist
            s = max(2, int(c * 0.12 * (1 - p)))
            pygame.draw.line(surface, GOLD, (x - s, y), (x + s, y), max(1, c // 24))
            pygame.draw.line(surface, GOLD, (x, y - s), (x, y + s), max(1, c // 24))
        pts = st.ev.get("points", ch["points"])
        img = self._pill(f"+{pts}  {ch['name']}", self._px(18), GOLD)
        img = img.copy()
        img.set_alpha(int(255 * min(1.0, (1 - p) * 3)))
        surface.blit(img, img.get_rect(center=(int(cx), int(cy - c * 0.9 * _ease_out(p)))))

    def _draw_roll_anim(self, surface, st: Step) -> None:
        p = st.t / st.dur
        c = self._c
        val = int(st.ev.get("value", 1) or 1)
        size = int(max(40, c * 1.9))
        cx, cy = self._main.centerx, self._grid_org[1] + self._rows * c // 2
        veil = self._glow(int(size * 1.2), (20, 12, 6), 150)
        fade = max(0.0, (p - 0.82) / 0.18)
        veil.set_alpha(int(255 * (1 - fade)))
        surface.blit(veil, veil.get_rect(center=(cx, cy)))
        tumble = min(1.0, p / 0.62)
        if tumble < 1:
            # the die tumbles across: faces flicker, slower and slower
            k = int((1 - (1 - tumble) ** 2) * 11)
            face = (k * 5 + val + int(st.data.get("seed", 0) * 6)) % 6 + 1
            ang = (1 - tumble) ** 2 * 540
            x = cx - (1 - _ease_out(tumble)) * c * 3
            y = cy - abs(math.sin(tumble * math.pi * 3)) * c * 0.6 * (1 - tumble)
            img = pygame.transform.rotozoom(self._die_face(face, size), ang, 1.0)
            surface.blit(img, img.get_rect(center=(int(x), int(y))))
        else:
            pop = 1.0 + 0.18 * math.sin(math.pi * min(1.0, (p - 0.62) / 0.2))
            img = self._die_face(val, int(size * pop))
            if fade > 0:
                img = img.copy()
                img.set_alpha(int(255 * (1 - fade)))
            surface.blit(img, img.get_rect(center=(cx, cy)))
            t = self._pill(f"Everyone uses the {val}", self._px(18), ui.colour("highlight"))
            if fade > 0:
                t = t.copy()
                t.set_alpha(int(255 * (1 - fade)))
            surface.blit(t, t.get_rect(midtop=(cx, cy + size * 0.62)))

    # ---- thumbnails ------------------------------------------------------------------------------------
    def _draw_thumbs(self, surface) -> None:
        if not self._thumbs:
            return
        v = self.view
        cp = v.get("current_player")
        for s, r, org, cell in self._thumbs:
            opened = self._opened == s
            key = ("thumbframe", s, r.size, opened, cp == s, self._tag(s), self._breakdown(s)["total"])
            got = self._cache.get(("tf", s))
            if got is None or got[0] != key:
                got = (key, self._alpha(self._render_thumb_frame(s, r, opened, cp == s)))
                self._cache[("tf", s)] = got
            surface.blit(got[1], r.topleft)
            surface.blit(self._thumb_surface(s, cell), org)

    def _render_thumb_frame(self, s, r, opened, awaited):
        img = pygame.Surface(r.size, pygame.SRCALPHA)
        rr = img.get_rect()
        rad = self._px(10)
        fill = _mix(ui.colour("panel"), (0, 0, 0), 0.15)
        if awaited:
            fill = _mix(ui.colour("panel"), ui.colour("accent"), 0.22)
        pygame.draw.rect(img, fill, rr, border_radius=rad)
        edge = ui.colour("accent") if (awaited or opened) else ui.colour("panel_edge")
        pygame.draw.rect(img, edge, rr, width=max(2, self._px(3) if (awaited or opened) else self._px(2)),
                         border_radius=rad)
        pal = self._palette(s)
        lh = self._px(22)
        sw = pygame.Rect(self._px(6), self._px(3), lh - self._px(4), lh - self._px(4))
        ui.draw_swatch(img, pal, sw)
        px = self._px(13)
        score = self._text(str(self._breakdown(s)["total"]), self._px(14), GOLD, True)
        img.blit(score, score.get_rect(midright=(rr.right - self._px(7), sw.centery)))
        tag = self._tag(s)
        tag_img = None
        if tag == "decided":
            tag_img = pygame.Surface((lh, lh), pygame.SRCALPHA)
            pygame.draw.circle(tag_img, GREEN, (lh // 2, lh // 2), lh // 2 - 1)
            w = max(2, lh // 8)
            pygame.draw.lines(tag_img, (255, 255, 255), False,
                              [(lh * 0.27, lh * 0.52), (lh * 0.44, lh * 0.7), (lh * 0.75, lh * 0.32)], w)
        elif tag and tag != "waiting":
            tag_img = self._pill(tag, self._px(11), ui.colour("text_dark") if False else ui.colour("highlight"))
        room = score.get_rect(midright=(rr.right - self._px(7), sw.centery)).x - sw.right - self._px(8)
        if tag_img is not None:
            room -= tag_img.get_width() + self._px(4)
            img.blit(tag_img, tag_img.get_rect(midright=(rr.right - self._px(10) - score.get_width(), sw.centery)))
        name = self._text(self._name(s), px, ui.colour("text"), True, room)
        img.blit(name, name.get_rect(midleft=(sw.right + self._px(5), sw.centery)))
        if opened:
            t = self._text("open", self._px(11), ui.colour("accent"), True)
            img.blit(t, t.get_rect(bottomright=(rr.right - self._px(6), rr.bottom - self._px(3))))
        return img

    # ---- toasts -----------------------------------------------------------------------------------------
    def _toast_anchor(self) -> tuple[int, int, int]:
        return (self._main.centerx, self._main.y + self._px(10) + int(self._c * 0.9),
                self._main.w - self._px(60))

    # ========================================================================================
    # bottom bar
    # ========================================================================================
    def _instruction(self) -> str:
        v = self.view
        step = v.get("step")
        cp = v.get("current_player")
        roll = self._disp_roll if not self.animating else None
        if step == "over":
            win = v.get("winners") or []
            if len(win) == 1:
                return f"{self._name(win[0])} wins!"
            if win:
                return "A shared win!"
            return "Game over"
        mine = bool(self.legal)
        if step == "roll":
            if mine:
                if int(v.get("players", 1)) == 1:
                    return "Roll the die"
                return "Roll the die: everyone uses the number"
            return f"{self._name(cp)} rolls the die"
        if step == "choose":
            if not mine:
                who = "thinks" if self._is_computer(cp) else "chooses"
                return f"{self._name(cp)} {who} where to cross" + (f" the {roll}" if roll else "")
            if self.legal == [{"type": "pass"}] or (len(self.legal) == 1 and self.legal[0].get("type") == "pass"):
                if v.get("roll") == 1 and self._disp_row.get(self._home_seat(), 0) >= self._one_row:
                    return "Your 1-row is full: a 1 crosses nothing now"
                return f"No room for the {v.get('roll')} in your burrow: pass"
            val = v.get("roll")
            n = len(self._sel)
            if val == 1:
                free = self._one_row - self._disp_row.get(self._home_seat(), 0)
                if n:
                    return f"1: crossing {n} uses {n} of your {free} free 1-row slot" + ("s" if free != 1 else "")
                return f"1: cross 1 to {min(7, free)} cells, one 1-row slot each"
            if n:
                return f"Cross {val} joined cells in one chamber ({n} of {val})"
            return f"Cross {val} joined cells in one chamber"
        return ""

    def _bar_items(self) -> list:
        """Buttons (absolute rects) and the label for the bottom bar."""
        if self._buttons is not None:
            return self._buttons
        bar = self._bar
        v = self.view
        items = []
        pad = self._px(12)
        bh = min(bar.h - self._px(16), self._px(44))
        f = self.assets.font(self._px(17), True)
        legal = self.legal or []
        x = bar.right - pad
        cy = bar.centery
        btns = []
        if v.get("step") == "roll" and legal:
            act = next((a for a in legal if a.get("type") == "roll"), None)
            if act is not None:
                btns.append({"key": "roll", "label": "Roll the die", "action": act, "primary": True, "big": True})
        elif v.get("step") == "choose" and legal:
            if len(legal) == 1 and legal[0].get("type") == "pass":
                btns.append({"key": "pass", "label": "Pass", "action": legal[0], "primary": True})
            else:
                btns.append({"key": "clear", "label": "Clear", "action": None, "primary": False})
                btns.append({"key": "confirm", "label": "Confirm", "action": None, "primary": True})
        for b in reversed(btns):
            w = f.size(b["label"])[0] + self._px(36 if not b.get("big") else 64)
            h = bh if not b.get("big") else min(bar.h - self._px(10), int(bh * 1.15))
            r = pygame.Rect(x - w, cy - h // 2, w, h)
            b["rect"] = r
            x = r.x - self._px(10)
            items.append(b)
        self._label_right = x
        self._buttons = items
        return items

    def _draw_bar(self, surface) -> None:
        bar = self._bar
        k = self._k
        panel = self._sprites.get(("bar", bar.size))
        if panel is None:
            panel = pygame.Surface(bar.size, pygame.SRCALPHA)
            r = panel.get_rect().inflate(-self._px(8), -self._px(6))
            pygame.draw.rect(panel, (*ui.colour("panel"), 235), r, border_radius=int(14 * k))
            pygame.draw.rect(panel, ui.colour("panel_edge"), r, width=max(1, int(2 * k)), border_radius=int(14 * k))
            panel = self._alpha(panel)
            self._sprites[("bar", bar.size)] = panel
        surface.blit(panel, bar.topleft)
        items = self._bar_items()
        pad = self._px(14)
        x = bar.x + pad
        # the shared die
        ds = min(bar.h - self._px(18), self._px(46))
        roll = self._disp_roll
        if roll:
            img = self._die_face(int(roll), ds)
            surface.blit(img, img.get_rect(midleft=(x, bar.centery)))
        else:
            r = pygame.Rect(x, bar.centery - ds // 2, ds, ds)
            pygame.draw.rect(surface, _mix(ui.colour("panel"), (0, 0, 0), 0.25), r, border_radius=ds // 5)
            pygame.draw.rect(surface, ui.colour("panel_edge"), r, width=max(1, ds // 20), border_radius=ds // 5)
            q = self._text("?", int(ds * 0.6), ui.colour("text_muted"), True)
            surface.blit(q, q.get_rect(center=r.center))
        x += ds + self._px(12)
        text = self._instruction()
        if text:
            img = self._text(text, self._px(17), ui.colour("text"), True, self._label_right - x - self._px(8))
            surface.blit(img, img.get_rect(midleft=(x, bar.centery)))
        match = self._matching_action()
        for b in items:
            r = b["rect"]
            enabled = True
            if b["key"] == "confirm":
                enabled = match is not None
            elif b["key"] == "clear":
                enabled = bool(self._sel)
            hot = self._hover_btn == b["key"] and enabled
            prim = b.get("primary") and enabled
            if prim:
                fill = GREEN if b["key"] == "confirm" else ui.colour("accent")
            else:
                fill = _mix(ui.colour("panel"), ui.colour("panel_edge"), 0.5 if enabled else 0.15)
            if hot:
                fill = _mix(fill, (255, 255, 255), 0.2)
            if b["key"] == "roll":
                g = self._glow(int(r.w * 0.6), ui.colour("accent"), 110)
                g.set_alpha(int(255 * (0.55 + 0.45 * math.sin(self._time * 4))))
                surface.blit(g, g.get_rect(center=r.center))
            pygame.draw.rect(surface, fill, r, border_radius=int(10 * k))
            pygame.draw.rect(surface, ui.colour("highlight") if hot else ui.colour("panel_edge"), r,
                             width=max(1, int(2 * k)), border_radius=int(10 * k))
            if prim:
                col = ui.colour("text_dark")
            else:
                col = ui.colour("text") if enabled else _mix(ui.colour("text_muted"), ui.colour("panel"), 0.35)
            t = self._text(b["label"], self._px(17), col, True)
            surface.blit(t, t.get_rect(center=r.center))
            if self._keyboard and b["key"] in ("roll", "pass") or (self._keyboard and b["key"] == "confirm" and enabled):
                pygame.draw.rect(surface, ui.colour("accent"), r.inflate(self._px(8), self._px(8)),
                                 width=max(2, int(2 * k)), border_radius=int(12 * k))

    # ========================================================================================
    # input
    # ========================================================================================
    def handle_event(self, event):
        if self.view is None or self.rect is None:
            return None
        et = event.type
        if et == pygame.MOUSEMOTION:
            self._keyboard = False
            pos = event.pos
            self._hover_btn = None
            for b in self._bar_items():
                if b["rect"].collidepoint(pos):
                    self._hover_btn = b["key"]
            buttons = getattr(event, "buttons", None)
            if buttons is not None and len(buttons) and not buttons[0]:
                self._drag = None          # released outside the board: the drag is over
            self._hover_cell = self._cell_at(pos) if self._opened is None else None
            if self._drag is not None and self._choosing() and self._opened is None:
                # every cell along the way counts, even when the mouse moves fast
                last = self._drag_pos or pos
                steps = max(1, int(math.hypot(pos[0] - last[0], pos[1] - last[1]) / max(2, self._c / 3)))
                for i in range(1, steps + 1):
                    p = (last[0] + (pos[0] - last[0]) * i / steps, last[1] + (pos[1] - last[1]) * i / steps)
                    cell = self._cell_at((int(p[0]), int(p[1])))
                    if cell is None or cell in self._drag_seen:
                        continue
                    self._drag_seen.add(cell)
                    if self._drag == "add" and cell not in self._sel and cell in self._lit():
                        self._sel.append(cell)
                    elif self._drag == "remove" and cell in self._sel:
                        self._sel.remove(cell)
                self._drag_pos = pos
            return None
        if et == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._keyboard = False
            return self._press(event.pos)
        if et == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self._drag = None
            self._drag_seen = set()
            return self._release(event.pos)
        if et == pygame.KEYDOWN:
            return self._key(event)
        return None

    def _press(self, pos):
        # thumbnails: open / close (always allowed, even while others choose)
        for s, r, org, cell in self._thumbs:
            if r.collidepoint(pos):
                self._opened = None if self._opened == s else s
                self._drag = None
                return None
        if self._opened is not None and self._main.collidepoint(pos):
            self._opened = None
            return None
        if self.animating or not self.legal:
            return None
        cell = self._cell_at(pos)
        if cell is None or self._bar.collidepoint(pos):
            return None
        if self.view.get("step") == "roll":
            return "Roll the die first (the button below the burrow)."
        if not self._choosing():
            if self.legal and self.legal[0].get("type") == "pass":
                return self._why_pass()
            return None
        if cell in self._sel:
            self._sel.remove(cell)
            self._drag, self._drag_seen, self._drag_pos = "remove", {cell}, pos
            return None
        if cell in self._lit():
            self._sel.append(cell)
            self._drag, self._drag_seen, self._drag_pos = "add", {cell}, pos
            return None
        self._drag = None
        return self._why_not(cell)

    def _release(self, pos):
        if self.animating or not self.legal:
            return None
        for b in self._bar_items():
            if b["rect"].collidepoint(pos):
                return self._activate(b["key"])
        return None

    def _activate(self, key):
        legal = self.legal or []
        if key == "roll":
            return next((a for a in legal if a.get("type") == "roll"), None)
        if key == "pass":
            return next((a for a in legal if a.get("type") == "pass"), None)
        if key == "clear":
            self._sel = []
            return None
        if key == "confirm":
            a = self._matching_action()
            if a is not None:
                return a
            if not self._sel:
                return "Pick the cells to cross first."
            val = self.view.get("roll")
            if val and val > 1:
                return f"A {val} means exactly {val} crosses: you have {len(self._sel)}."
            return "These cells do not make a whole choice yet."
        return None

    def _why_pass(self) -> str:
        v = self.view
        if v.get("roll") == 1:
            return "Your 1-row is full: press Pass." if self._disp_row.get(self._home_seat(), 0) >= self._one_row \
                else "No cells can take this 1: press Pass."
        return f"No {v.get('roll')} joined cells fit anywhere you may cross: press Pass."

    def _why_not(self, cell) -> str:
        """An explanation for a refused cell (legality itself comes from ``self.legal``)."""
        v = self.view
        home = self._home_seat()
        val = v.get("roll") or 0
        crossed = self._crossed(home)
        ch = self._cell_ch.get(cell)
        if cell in crossed:
            return "That cell is already crossed."
        if ch is None:
            return "That is solid earth: only the cells of a chamber can be crossed."
        sel = set(self._sel)
        if sel:
            sel_ch = self._cell_ch.get(self._sel[0])
            if ch != sel_ch:
                return "Crosses must stay in one chamber."
            if val >= 2 and len(sel) >= val:
                return f"A {val} means exactly {val} crosses."
            if val == 1:
                free = self._one_row - self._disp_row.get(home, 0)
                if len(sel) >= free:
                    return f"Your 1-row has only {free} free slot" + ("s." if free != 1 else ".")
                if len(sel) >= 7:
                    return "A 1 allows at most 7 crosses."
            return "The crosses of one roll must form one joined group."
        if not crossed and v.get("first_cross", "start") == "start" and ch != self._start_id:
            start = self._chambers.get(self._start_id, {}).get("name", "start chamber")
            return f"Your first cross goes in the {start} (the dark chamber in the middle)."
        return "Start next to a cross you already have, or through a tunnel you have reached."

    # ---- keyboard --------------------------------------------------------------------------------------
    def handle_escape(self) -> bool:
        if self._opened is not None:
            self._opened = None
            return True
        return False

    def _key(self, event):
        key = event.key
        if key == pygame.K_ESCAPE and self._opened is not None:
            self._opened = None
            return None
        if not self.legal or self.animating:
            return None
        step = self.view.get("step")
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._keyboard = True
            if step == "roll":
                return self._activate("roll")
            if self.legal and len(self.legal) == 1 and self.legal[0].get("type") == "pass":
                return self._activate("pass")
            return self._activate("confirm")
        if key == pygame.K_BACKSPACE:
            self._sel = []
            return None
        if step == "roll" and key == pygame.K_SPACE:
            return self._activate("roll")
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self._keyboard = True
            self._opened = None
            if self._cursor is None:
                lit = sorted(self._lit(), key=lambda p: (p[1], p[0]))
                self._cursor = lit[0] if lit else (self._cols // 2, self._rows // 2)
                return None
            dx, dy = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0),
                      pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}[key]
            x, y = self._cursor
            self._cursor = (max(0, min(self._cols - 1, x + dx)), max(0, min(self._rows - 1, y + dy)))
            return None
        if key == pygame.K_SPACE:
            self._keyboard = True
            if self._cursor is None:
                lit = sorted(self._lit(), key=lambda p: (p[1], p[0]))
                self._cursor = lit[0] if lit else (self._cols // 2, self._rows // 2)
                return None
            if not self._choosing():
                return self._why_pass() if self.legal[0].get("type") == "pass" else None
            cell = self._cursor
            if cell in self._sel:
                self._sel.remove(cell)
                return None
            if cell in self._lit():
                self._sel.append(cell)
                return None
            return self._why_not(cell)
        return None

    # ========================================================================================
    # side panel and results
    # ========================================================================================
    def status_lines(self) -> list[str]:
        v = self.view
        if v is None:
            return []
        lines = []
        roll = v.get("roll")
        step = v.get("step")
        t = v.get("timer") or {}
        L = int(t.get("length", self._timer_len) or self._timer_len)
        if roll:
            lines.append(f"Roll: {roll}   (turn {int(v.get('turn', 0)) + 1})")
        else:
            lines.append(f"Turn {int(v.get('turn', 0)) + 1}: waiting for the roll")
        if int(v.get("players", 1)) == 1:
            if t.get("active") or int(t.get("pass", 1) or 1) == 2:
                lines.append(f"Timer (second pass): {int(t.get('crossed', 0))} of {L} crossed")
            else:
                lines.append(f"Timer (first pass): {int(t.get('circled', 0))} of {L} circled")
        elif t.get("active"):
            lines.append(f"Timer running: {int(t.get('crossed', 0))} of {L} boxes crossed")
        else:
            lines.append("Timer not yet running")
        if step == "choose":
            lines.append(f"Choosing: {self._name(v.get('current_player'))}")
        elif step == "roll":
            lines.append(f"Rolling: {self._name(v.get('current_player'))}")
        elif step == "over":
            win = v.get("winners") or []
            lines.append("Winner: " + ", ".join(self._name(w) for w in win) if win else "Game over")
        return lines

    def draw_results(self, surface, rect, state) -> None:
        """Per player a stacked bar: chamber, mushroom and nut points, with icons and numbers."""
        rect = pygame.Rect(rect)
        n = int(getattr(state, "players", 0) or 0)
        if n <= 0 or rect.w < 40 or rect.h < 30:
            return
        rows = []
        for s in range(n):
            b = None
            try:
                b = state.breakdown(s)
            except Exception:  # noqa: BLE001
                try:
                    b = state.view(None)["sheets"][s]["breakdown"]
                except Exception:  # noqa: BLE001
                    b = {}
            b = {k: int((b or {}).get(k, 0) or 0) for k in ("chambers", "mushrooms", "nuts", "total")}
            rows.append((s, b))
        k = max(0.6, min(3.6, rect.w / 620.0))

        def px(v):
            return max(1, int(round(v * k)))
        legend_h = px(24)
        ipx = px(18)
        f = self.assets.font(px(13), True)
        # legend
        x = rect.x
        for key, label, icon in (("chambers", "Full chambers", None), ("mushrooms", "Mushrooms", "mushroom"),
                                 ("nuts", "Nuts", "nut")):
            sw = pygame.Rect(x, rect.y + (legend_h - px(14)) // 2, px(14), px(14))
            pygame.draw.rect(surface, SEG_COLOURS[key], sw, border_radius=px(3))
            x = sw.right + px(4)
            if icon:
                im = self._icon(icon, ipx)
                surface.blit(im, im.get_rect(midleft=(x, rect.y + legend_h // 2)))
                x += ipx + px(2)
            t = f.render(label, True, ui.colour("text_muted"))
            surface.blit(t, t.get_rect(midleft=(x, rect.y + legend_h // 2)))
            x += t.get_width() + px(16)
        top = rect.y + legend_h + px(4)
        avail = rect.bottom - top
        rh = max(px(14), min(px(30), avail // max(1, n)))
        name_w = min(px(130), rect.w // 4)
        tot_w = px(44)
        bar_w = rect.w - name_w - tot_w - px(8)
        mx = max([b["total"] for _, b in rows] + [1])
        fn = self.assets.font(max(8, int(rh * 0.5)), True)
        fs = self.assets.font(max(7, int(rh * 0.42)), True)
        y = top
        for s, b in rows:
            pal = self._palette(s)
            sw = pygame.Rect(rect.x, y + (rh - int(rh * 0.7)) // 2, int(rh * 0.7), int(rh * 0.7))
            ui.draw_swatch(surface, pal, sw)
            nm = fn.render(ui.ellipsize(self._name(s), fn, name_w - sw.w - px(6)), True, ui.colour("text"))
            surface.blit(nm, nm.get_rect(midleft=(sw.right + px(5), y + rh // 2)))
            bx = rect.x + name_w
            bar_r = pygame.Rect(bx, y + px(2), bar_w, rh - px(4))
            pygame.draw.rect(surface, _mix(ui.colour("panel"), (0, 0, 0), 0.25), bar_r, border_radius=px(5))
            x = bx
            for key, icon in (("chambers", None), ("mushrooms", "mushroom"), ("nuts", "nut")):
                val = b[key]
                if val <= 0:
                    continue
                w = max(px(6), int(bar_w * val / mx))
                seg = pygame.Rect(x, bar_r.y, w, bar_r.h)
                pygame.draw.rect(surface, SEG_COLOURS[key], seg, border_radius=px(4))
                pygame.draw.rect(surface, _mix(SEG_COLOURS[key], (0, 0, 0), 0.4), seg, width=1, border_radius=px(4))
                label = fs.render(str(val), True, ui.text_on(SEG_COLOURS[key]))
                isz = int(bar_r.h * 0.8)
                need = label.get_width() + (isz + px(2) if icon else 0) + px(6)
                if need <= w:
                    cx = seg.x + px(3)
                    if icon:
                        im = self._icon(icon, isz)
                        surface.blit(im, im.get_rect(midleft=(cx, seg.centery)))
                        cx += isz + px(2)
                    surface.blit(label, label.get_rect(midleft=(cx, seg.centery)))
                elif label.get_width() + px(2) <= w:
                    surface.blit(label, label.get_rect(center=seg.center))
                x += w
            tot = fn.render(str(b["total"]), True, GOLD)
            surface.blit(tot, tot.get_rect(midright=(rect.right, y + rh // 2)))
            y += rh
            if y + rh > rect.bottom + 1:
                break


__all__ = ["HamsterView"]
