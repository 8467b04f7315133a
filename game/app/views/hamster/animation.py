"""Hamster Burrow: the animation script (roll, crosses, full chambers, the timer) and toasts."""
from __future__ import annotations

import math
import random

import pygame

from ... import ui
from ...board import Step, draw
from ... import eventtext
from ...board.widgets import toast_life
from . import texts
from .common import CROSS_VARIANTS, GOLD, INK, _ease_back, _ease_out, _pt


class HamsterAnimation:
    #: the big moment: the last timer box is crossed (the final roll comes)
    MOMENTS = {"timer": lambda ev: not ev.get("circled") and ev.get("boxes") == ev.get("length")}
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
            self.focus.focus = None
        elif self._sel and not any(set(self._sel) <= s for s in self._legal_sets):
            self._sel = []
        self._lit_cache = None
        if players_changed or sheet_changed or home_before != self._home_seat():
            self._layout()
            if self._opened is not None and self._opened not in self._others():
                self._opened = None
        if self._opened is not None and legal and self._opened != self._home_seat() and new_key != old_key:
            self._opened = None      # your choice is awaited: back to your own burrow
        self._dirty = True
        self._changed = True
        self._calm = 0.0
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
        now = self.crossed(shown)
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
        self._disp_crosses = {s: self.crossed(s) for s in range(int(v.get("players", 1)))}
        self._disp_row = {s: int(sh.get("one_row_used", 0)) for s, sh in enumerate(v.get("sheets") or [])}
        self._disp_timer = self._timer_tuple(v)
        # a new turn starts with no roll: the last turn's die is not shown under the new number
        m = self.mode()
        self._disp_roll = m.shown_roll() if m is not None else v.get("roll")
        self._dirty = False

    @staticmethod
    def _timer_tuple(v) -> tuple:
        t = v.get("timer") or {}
        return (bool(t.get("active")), int(t.get("crossed", 0) or 0), int(t.get("circled", 0) or 0),
                int(t.get("pass", 1) or 1))

    def play(self, events: list, speed: str = "normal") -> None:
        if self.view is None:
            return
        self.note_events(events)
        f = self._set_speed(speed)
        if f <= 0:
            return
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
                self._toast(text)
        elif k == "full":
            if ev.get("seat") != self._shown_seat():
                self._toast(self._toast_text(ev))
        elif k == "timer_on":
            self._add_toast(self._toast_text(ev), toast_life(self._speed_name) * 1.3)

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

    def _toast_text(self, ev: dict) -> str:
        return eventtext.toast(ev, eventtext.for_board(self, "hamster"))

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
                g = draw.glow(int(c * 0.55), ui.colour("highlight"), 120)
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
        g = draw.glow(int(c * 0.9), GOLD, 170)
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
        img = self._hpill(texts.room_full(pts, texts.room(st.ev.get("chamber"), ch["name"])), self._px(18), GOLD)
        img = img.copy()
        img.set_alpha(int(255 * min(1.0, (1 - p) * 3)))
        surface.blit(img, img.get_rect(center=(int(cx), int(cy - c * 0.9 * _ease_out(p)))))

    def _draw_roll_anim(self, surface, st: Step) -> None:
        p = st.t / st.dur
        c = self._c
        val = int(st.ev.get("value", 1) or 1)
        size = int(max(40, c * 1.9))
        cx, cy = self._main.centerx, self._grid_org[1] + self._rows * c // 2
        veil = draw.glow(int(size * 1.2), ui.board_colour("shadow"), 150)
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
            t = self._hpill(texts.everyone_uses(val), self._px(18), ui.colour("highlight"))
            if fade > 0:
                t = t.copy()
                t.set_alpha(int(255 * (1 - fade)))
            surface.blit(t, t.get_rect(midtop=(cx, cy + size * 0.62)))

    def moment_keep_clear(self) -> list:
        """The timer row (its last box is the big moment) stays in sight beside Continue."""
        c = getattr(self, "_c", 0)
        org = getattr(self, "_grid_org", None)
        if not c or org is None:
            return []
        _slots, hour, boxes = self._row_geometry(c)
        out = hour.unionall(boxes) if boxes else hour.copy()
        return [out.move(org).inflate(self._px(8), self._px(8))]

    def message_top(self) -> int:
        """The play screen's messages start below the header, so its points stay in sight."""
        return self._main.y + int(self._c * 0.9) + self._px(4)

    def _toast_anchor(self) -> tuple[int, int, int]:
        return (self._main.centerx, self._main.y + self._px(10) + int(self._c * 0.9),
                self._main.w - self._px(60))

