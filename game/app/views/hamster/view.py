"""Hamster Burrow: the view (layout, drawing order, side panel, results)."""
from __future__ import annotations

import logging
import pygame

from ... import ui
from ...board import KitView, draw
from ...board.cache import CacheSpace
from . import texts
from .common import GOLD, SEG_COLOURS, _mix

from .animation import HamsterAnimation
from .art import HamsterArt
from .input import HamsterInput
from .modes import MODES
from .sheet import HamsterSheet

log = logging.getLogger(__name__)


class HamsterView(HamsterInput, HamsterAnimation, HamsterSheet, HamsterArt, KitView):
    """The Hamster Burrow board: the viewing seat's sheet drawn as a burrow, the other sheets as
    thumbnails, the shared die, and cell picking with a live preview.

    Everything is drawn from ``state.view(seat)`` (see the spec in
    ``game/rules/hamster/__init__.py``) and the events ``apply()`` returns.  No rule is re-implemented here: a selection is legal iff it
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
    MODES = MODES

    def __init__(self, game_id: str, seats: list[dict], assets):
        if assets is None:
            from ...assets import Assets
            assets = Assets()
        super().__init__(game_id, seats, assets)
        self._k = 1.0
        self._area = pygame.Rect(0, 0, 0, 0)
        self._main = pygame.Rect(0, 0, 0, 0)      # the big sheet (paper) rect
        self._grid_org = (0, 0)
        self._c = 10
        self._thumbs: list = []                   # [(seat, rect, grid_org, cell)]
        self._thumb_col = pygame.Rect(0, 0, 0, 0)
        self._cache = CacheSpace("hamster", id(self), "sheet")   # bounded with the rest
        self._sprites = CacheSpace("hamster", id(self))
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

    def _on_resize(self) -> None:
        self._cache.clear()
        self._sprites.clear()
        self._layout()

    def _layout(self) -> None:
        if self.rect is None:
            return
        rect = self.rect
        bar_h = int(round(max(56, 76 * self._k)))
        bar_h = min(bar_h, max(40, rect.h // 4))
        self.bar_rect = pygame.Rect(rect.x, rect.bottom - bar_h, rect.w, bar_h)
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

    def _ambient(self) -> bool:
        return bool(self.legal)            # the lit cells pulse

    def move_places(self, ev: dict) -> list:
        """The cells a cross filled on the sheet shown, for the kit's last-move marks."""
        if ev.get("type") != "cross" or ev.get("seat") != self._shown_seat():
            return []
        return [("to", tuple(c), self._cell_rect(tuple(c))) for c in ev.get("cells") or []]

    def draw(self, surface) -> None:
        if self.rect is None or self.view is None or not self.bar_rect.w:
            return
        if self._dirty and not self.animating:
            self._reconcile()
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        self._draw_main(surface)
        self._draw_thumbs(surface)
        self._draw_room_tip(surface)
        self.draw_marks(surface)
        self.draw_bar(surface)
        if self._cur is not None and self._cur.kind == "roll":
            self._draw_roll_anim(surface, self._cur)
        self._draw_toasts(surface)
        surface.set_clip(clip)

    def pointer_left(self) -> None:
        if self._hover_cell is not None:
            self._hover_cell = None          # the pointer left the window: no room label stays
            self._touch()
        super().pointer_left()

    def handle_event(self, event):
        if event.type in (getattr(pygame, "WINDOWLEAVE", -1), getattr(pygame, "ACTIVEEVENT", -1)) and \
                (event.type != getattr(pygame, "ACTIVEEVENT", -1) or not getattr(event, "gain", 1)):
            self.pointer_left()
            return None
        before = self.hovered_room()
        got = super().handle_event(event)
        if self.hovered_room() != before:
            self._touch()                    # the room label changes: draw again
        return got

    def hovered_room(self):
        """The id of the chamber under the pointer on the big sheet, or None (no drag going on)."""
        if self._opened is not None or self._drag is not None or self._hover_cell is None:
            return None
        return self._cell_ch.get(self._hover_cell)

    def room_tip(self) -> str:
        """The room label shown now ("" when the pointer rests on no chamber)."""
        cid = self.hovered_room()
        if cid is None:
            return ""
        return texts.room_tip(cid, self._chambers[cid]["points"])

    def _draw_room_tip(self, surface) -> None:
        """The name and worth of the chamber under the pointer, just above the chamber (below it
        when there is no room above), never wider than the sheet."""
        text = self.room_tip()
        if not text:
            return
        cells = self._chambers[self.hovered_room()]["cells"]
        box = self._cell_rect(cells[0]).unionall([self._cell_rect(c) for c in cells[1:]])
        img = self._fit_pill(text, self._px(16), ui.colour("text"), self._main.w - self._px(8))
        r = img.get_rect(midbottom=(box.centerx, box.y - self._px(2)))
        if r.y < self._main.y:
            r.midtop = (box.centerx, box.bottom + self._px(2))
        r.clamp_ip(self._main)
        surface.blit(img, r)

    # ---- public hooks (tests, the real-window driver) ---------------------------------------------
    def cell_centre(self, cell) -> tuple:
        """Where cell (x, y) of the shown sheet is on screen."""
        return tuple(self._cell_rect(tuple(cell)).center)

    def bar_buttons(self) -> list[dict]:
        """The bar's buttons, live or not: [{"key", "center", "enabled"}]."""
        live = {t.key for t in self.get_targets() if t.bar}
        return [{"key": b["key"], "center": tuple(b["rect"].center), "enabled": b["key"] in live}
                for b in self._bar_buttons()]

    @property
    def sheet_rect(self):
        """The big sheet on screen."""
        return self._main.copy()

    def thumbnails(self) -> list:
        """[(seat, rect)] of the other players' sheets."""
        return [(s, r.copy()) for s, r, _org, _cell in self._thumbs]

    def shown_seat(self) -> int:
        return self._shown_seat()

    @property
    def picked(self) -> list:
        """The cells picked so far (not yet confirmed)."""
        return list(self._sel)

    def chosen_action(self):
        """The legal action the picked cells make, or None."""
        return self._matching_action()

    @property
    def grid_size(self) -> tuple:
        return (self._cols, self._rows)

    @property
    def cell_chamber(self) -> dict:
        """cell -> chamber id of the sheet (from the view's sheet data)."""
        return dict(self._cell_ch)

    @property
    def roll_shown(self):
        """The die value the screen shows now (None while it shows none)."""
        return self._disp_roll

    @property
    def chambers(self) -> dict:
        return dict(self._chambers)

    @property
    def start_chamber(self):
        return self._start_id

    def shown_crosses(self, seat) -> set:
        """The crosses of ``seat`` as drawn now (animations catch up to ``crossed``)."""
        return set(self._disp_crosses.get(seat, set()))

    def status_lines(self) -> list[str]:
        v = self.view
        if v is None:
            return []
        lines = []
        m = self.mode()
        roll = m.shown_roll() if m is not None else v.get("roll")
        t = v.get("timer") or {}
        L = int(t.get("length", self._timer_len) or self._timer_len)
        turn = int(v.get("turn", 0)) + 1
        lines.append(texts.status_roll(roll, turn) if roll else texts.status_no_roll(turn))
        lines.append(texts.status_timer(int(v.get("players", 1)) == 1, int(t.get("pass", 1) or 1) == 2,
                                        bool(t.get("active")), int(t.get("crossed", 0) or 0),
                                        int(t.get("circled", 0) or 0), L))
        m = self.mode()
        if m is not None:
            lines.append(m.status())
        return lines

    # ---- the kit's bar: the die and a swatch of the seat ------------------------------------------
    def seat_token(self, seat: int, size: int):
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        pad = max(2, size // 6)
        ui.draw_swatch(img, self._palette(seat), pygame.Rect(pad, pad, size - 2 * pad, size - 2 * pad))
        return img

    def draw_bar_item(self, surface, item, hot: bool, focused: bool, active: bool) -> None:
        if item["kind"] != "die":
            return
        r = item["rect"]
        ds = r.w
        if item.get("value"):
            img = self._die_face(int(item["value"]), ds)
            surface.blit(img, img.get_rect(center=r.center))
            return
        surface.blit(self._empty_die(ds), r)

    def _empty_die(self, size: int):
        """The die before a roll: a dashed outline with faint pips, nothing like a button (no fill,
        no "?", which read as a help button)."""
        key = ("die_empty", size)
        img = self._sprites.get(key)
        if img is not None:
            return img
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        col = (*ui.colour("text_muted")[:3], 200)
        r = img.get_rect().inflate(-2, -2)
        rad = max(3, size // 5)
        width = max(1, size // 22)
        dash = max(3, size // 8)
        # straight edges dashed, corners drawn as arcs of the rounded outline
        for x in range(r.x + rad, r.right - rad, dash * 2):
            x2 = min(x + dash, r.right - rad)
            pygame.draw.line(img, col, (x, r.y), (x2, r.y), width)
            pygame.draw.line(img, col, (x, r.bottom - 1), (x2, r.bottom - 1), width)
        for y in range(r.y + rad, r.bottom - rad, dash * 2):
            y2 = min(y + dash, r.bottom - rad)
            pygame.draw.line(img, col, (r.x, y), (r.x, y2), width)
            pygame.draw.line(img, col, (r.right - 1, y), (r.right - 1, y2), width)
        corners = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(corners, col, r, width=width, border_radius=rad)
        keep = pygame.Surface((size, size), pygame.SRCALPHA)
        for cx, cy in ((r.x, r.y), (r.right - rad, r.y), (r.x, r.bottom - rad), (r.right - rad, r.bottom - rad)):
            keep.blit(corners, (cx, cy), pygame.Rect(cx, cy, rad, rad))
        img.blit(keep, (0, 0))
        pip = max(1, int(size * 0.07))
        q = size * 0.25
        for sx, sy in ((-1, -1), (0, 0), (1, 1)):
            pygame.draw.circle(img, (*col[:3], 90), (int(size / 2 + sx * q), int(size / 2 + sy * q)), pip)
        self._sprites[key] = img
        return img

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
                log.debug("draw_results: fell back after an error", exc_info=True)  # drawn every frame: quiet
                try:
                    b = state.view(None)["sheets"][s]["breakdown"]
                except Exception:  # noqa: BLE001
                    log.debug("draw_results: fell back after an error", exc_info=True)  # drawn every frame: quiet
                    b = {}
            b = {k: int((b or {}).get(k, 0) or 0) for k in ("chambers", "mushrooms", "nuts", "total")}
            rows.append((s, b))
        k = max(0.6, min(3.6, rect.w / 620.0))

        def px(v):
            return max(1, int(round(v * k)))
        legend_h = px(24)
        ipx = px(18)
        # legend: its labels get smaller until the three fit in the width
        labels = [texts.legend(key) for key in ("chambers", "mushrooms", "nuts")]
        fixed = 3 * (px(14) + px(4) + px(16)) + 2 * (ipx + px(2))
        for size in range(13, 7, -1):
            f = self.assets.font(px(size), True)
            if fixed + sum(f.size(label)[0] for label in labels) <= rect.w:
                break
        x = rect.x
        for key, icon in (("chambers", None), ("mushrooms", "mushroom"), ("nuts", "nut")):
            label = texts.legend(key)
            sw = pygame.Rect(x, rect.y + (legend_h - px(14)) // 2, px(14), px(14))
            pygame.draw.rect(surface, SEG_COLOURS[key], sw, border_radius=px(3))
            x = sw.right + px(4)
            if icon:
                im = self.icon(icon, ipx)
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
                        im = self.icon(icon, isz)
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
