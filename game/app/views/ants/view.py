"""Ants & Grasshopper: the view (layout, drawing order, side panel, results)."""
from __future__ import annotations

import logging
import math

import pygame

from ... import ui
from ...board import KitView, draw as kit_draw
from ...board.anim import data_copy
from ...board.cache import CacheSpace
from ...board.widgets import TOOLTIP_DELAY
from . import texts
from .animation import AntsAnimation
from .cards import AntsCards
from .common import SHELF_VALUES_FALLBACK, _data, _design
from .input import AntsInput
from .modes import MODES
from .overlays import AntsOverlays
from .table import AntsTable

log = logging.getLogger(__name__)


class AntsView(AntsInput, AntsOverlays, AntsTable, AntsAnimation, AntsCards, KitView):
    """The board of Ants & Grasshopper: the 4x4 grid of round path cards, the players' pantries or
    supplies, the Winter display of supply cards and the beetle variant's ability cards.

    Layout (inside the board rect): a header with the round and the roles, the grid on the left,
    the players' tableaux on the right (the Winter display and the ability cards above them), and
    a bar at the bottom with the instruction and the buttons of the current decision (secret
    discs, "buy nothing", ...).  Buying opens a dialog that lists the payments the rules allow,
    the exchange ability opens one with the possible swaps.

    Everything shown comes from ``view(seat)``: a secret that view hides is never drawn.
    """
    MIN_SCALE = 0.6
    MODES = MODES
    MARKS_RESET = ("round",)     # a new round lays a new trail: the old marks go

    def is_idle(self) -> bool:
        h = self._hover
        waiting = h is not None and h[0] == "cell" and self._time - self._hover_since < TOOLTIP_DELAY
        return super().is_idle() and not waiting

    def __init__(self, game_id: str, seats: list[dict], assets):
        if assets is None:
            from ...assets import Assets
            assets = Assets()
        super().__init__(game_id, seats, assets)
        self.data = _data()
        self._k = 1.0
        self._speed = 1.0
        self._shown: dict | None = None
        self._cache = CacheSpace("ants", id(self))
        # layout
        self._header = pygame.Rect(0, 0, 0, 0)
        self._grid = pygame.Rect(0, 0, 0, 0)
        self._cell = 10
        self._right = pygame.Rect(0, 0, 0, 0)
        self._display_rects: list = []
        self._ability_rects: list = []
        self._tableaux: list = []
        # what the pointer rests on (tooltips): ("cell", i) | ("supply", slot) | ("ability", id) | ...
        self._hover = None
        self._mouse = (0, 0)
        self._hover_since = 0.0

    def _on_resize(self) -> None:
        self._cache.clear()
        self._layout()
        self._dialog_layout()
        self.invalidate()

    def sync(self, view: dict, legal: list | None, seat: int | None) -> None:
        old = self.view or {}
        relayout = (old.get("players") != view.get("players") or old.get("variant") != view.get("variant")
                    or set(old.get("abilities") or {}) != set(view.get("abilities") or {}))
        KitView.sync(self, view, legal, seat)
        if old.get("round") != view.get("round") or not legal:
            self.dialog = None
        if relayout:
            self._layout()
        if self._shown is None:
            self._shown = data_copy(view)
        self._dirty = True

    def _text(self, text: str, px: int, colour, bold: bool = False, width: int | None = None):
        """Rendered text; a text wider than ``width`` is set smaller first (down to 9 px or 70 %)
        and only then cut."""
        if width is not None and text:
            f = self.assets.font(px, bold)
            if f.size(str(text))[0] > width:
                low = max(9, int(px * 0.7))
                while px > low and self.assets.font(px, bold).size(str(text))[0] > width:
                    px -= 1
        return KitView._text(self, text, px, colour, bold, width)

    def _winter(self, v=None) -> bool:
        v = v or self.view or {}
        return v.get("variant") in ("winter", "beetle")

    def _layout(self) -> None:
        if self.rect is None:
            return
        r = self.rect
        v = self.view or {}
        head_h = self._px(40)
        bar_h = min(max(self._px(70), 52), r.h // 5)
        gap = self._px(12)
        self._header = pygame.Rect(r.x, r.y, r.w, head_h)
        self.bar_rect = pygame.Rect(r.x, r.bottom - bar_h, r.w, bar_h)
        area = pygame.Rect(r.x, self._header.bottom + self._px(6), r.w,
                           self.bar_rect.y - self._header.bottom - self._px(12))
        frac = 0.58 if self._winter(v) else 0.62
        side = int(min(area.h, area.w * frac))
        side -= side % 4
        self._cell = max(8, side // 4)
        side = self._cell * 4
        self._grid = pygame.Rect(area.x, area.y + (area.h - side) // 2, side, side)
        self._right = pygame.Rect(self._grid.right + gap, area.y, area.right - self._grid.right - gap,
                                  area.h)
        rr = self._right
        y = rr.y
        self._display_rects = []
        self._ability_rects = []
        if self._winter(v):
            n = max(1, self.data.display)
            dh = int(min(self._px(118), rr.h * 0.22))
            dw = (rr.w - self._px(8) * (n - 1)) // n
            for j in range(n):
                self._display_rects.append(pygame.Rect(rr.x + j * (dw + self._px(8)), y, dw, dh))
            y += dh + self._px(8)
            abil = list((v.get("abilities") or {}).keys())
            if abil:
                m = len(abil)
                ah = int(min(self._px(62), rr.h * 0.12))
                aw = (rr.w - self._px(6) * (m - 1)) // m
                for j, aid in enumerate(abil):
                    self._ability_rects.append((aid, pygame.Rect(rr.x + j * (aw + self._px(6)), y,
                                                                 aw, ah)))
                y += ah + self._px(8)
        n = int(v.get("players", len(self.seats) or 2) or 2)
        avail = rr.bottom - y
        g = self._px(6)
        th = (avail - g * (n - 1)) // max(1, n)
        self._tableaux = []
        for s in range(n):
            self._tableaux.append(pygame.Rect(rr.x, y + s * (th + g), rr.w, th))

    def _cell_rect(self, i: int) -> pygame.Rect:
        c = self._cell
        return pygame.Rect(self._grid.x + (i % 4) * c, self._grid.y + (i // 4) * c, c, c)

    def _cell_at(self, pos):
        if not self._grid.collidepoint(pos):
            return None
        c = self._cell
        x = (pos[0] - self._grid.x) // c
        y = (pos[1] - self._grid.y) // c
        if 0 <= x < 4 and 0 <= y < 4:
            ctr = self._cell_rect(int(y * 4 + x)).center
            if math.hypot(pos[0] - ctr[0], pos[1] - ctr[1]) <= c * 0.5:
                return int(y * 4 + x)
        return None

    def move_places(self, ev: dict) -> list:
        """The grid cards a rules event touched (cell = [column, row]), for the last-move marks."""
        if ev.get("type") in ("place", "guess") and ev.get("cell") is not None:
            x, y = ev["cell"]
            return [("to", (x, y), self._cell_rect(x + 4 * y))]
        return []

    def draw(self, surface) -> None:
        if self.rect is None or self.view is None:
            return
        sh = self._shown or self.view
        self._draw_header(surface, sh)
        self._draw_grid(surface, sh)
        self._draw_right(surface, sh)
        self.draw_marks(surface)
        self.draw_bar(surface)
        cur = self.focus.current(self.get_targets()) if self.focus.keyboard else None
        if cur is not None and cur.kind in ("supply", "ability"):
            kit_draw.focus_ring(surface, cur.rect, self._k)
        self._draw_anim(surface, sh)
        if self.dialog is not None and not self.animating:
            self._draw_dialog(surface)
        self._draw_toasts(surface)
        self._draw_tooltip(surface, sh)

    # ---- public hooks (tests, the real-window driver): cell_centre, bar_buttons, next_click -------
    def idle_instruction(self) -> str:
        v = self.view or {}
        if v.get("step") == "over":
            return texts.over([self._name(w) for w in v.get("winners") or []])
        return ""

    def seat_token(self, seat: int, size: int):
        return self._cube(seat, size) if seat is not None else None

    def shown_view(self) -> dict | None:
        """The view as drawn now (it catches up with the synced one event by event)."""
        return self._shown

    def status_lines(self) -> list[str]:
        v = self.view
        if v is None:
            return []
        lines = [texts.status("round", round=v.get("round", 1), mode=texts.mode(v.get("variant")),
                              count=v.get("deck_count", 0)),
                 texts.status("roles", ant=self._name(v.get("ant")), hopper=self._name(v.get("hopper")))]
        if self._winter(v):
            lines.append(texts.status("target", count=self.data.scoring.get("winter_target", 4)))
            lines.append(texts.status("supply_left", count=int(v.get("supply_deck_count", 0) or 0)))
        else:
            lines.append(texts.status("scores_hidden" if (v.get("options") or {}).get("insects") != "open"
                                      and not v.get("open") else "scores_open"))
        if v.get("open") and v.get("peek") and not v.get("revealed"):   # a replay, everything open
            lines.insert(2, texts.status("peeked", kind=texts.kind(v["peek"])))
        return lines

    def score_texts(self):
        """What the side panel shows as each player's score: hidden insect points stay hidden."""
        v = self.view
        if v is None:
            return None
        out = []
        for info in v.get("seats") or []:
            if self._winter(v):
                out.append(str(info.get("vp", 0)))       # the side panel's number column
            else:
                out.append(self._autumn_score_text(info))
        return out

    def draw_results(self, surface, rect, state) -> None:
        """Per player: Autumn shelves + insects, or Winter supply cards and victory points."""
        rect = pygame.Rect(rect)
        try:
            v = state.view(None)
        except Exception:  # noqa: BLE001
            log.debug("draw_results: fell back after an error", exc_info=True)  # drawn every frame: quiet
            return
        n = int(v.get("players", 0) or 0)
        if n <= 0 or rect.h < 30:
            return
        k = max(0.6, min(3.6, rect.w / 620.0))

        def px(x):
            return max(1, int(round(x * k)))
        rh = max(px(18), min(px(34), rect.h // max(1, n)))
        f = self.assets.font(max(8, int(rh * 0.48)), True)
        y = rect.y
        for s, info in enumerate(v.get("seats") or []):
            pal = self._palette(s)
            sw = pygame.Rect(rect.x, y + rh // 6, int(rh * 0.66), int(rh * 0.66))
            ui.draw_swatch(surface, pal, sw)
            x = sw.right + px(8)
            nm = f.render(ui.ellipsize(self._name(s), f, px(120)), True, ui.colour("text"))
            surface.blit(nm, nm.get_rect(midleft=(x, y + rh // 2)))
            x += px(128)
            isz = int(rh * 0.7)
            if self._winter(v):
                for sid in sorted(info.get("supplies") or []):
                    surface.blit(self._icon(f"supply_{_design(sid)}", isz), (x, y + (rh - isz) // 2))
                    x += isz + px(3)
                for a, o in (v.get("abilities") or {}).items():
                    if o == s:
                        surface.blit(self._icon(f"ability_{a}", isz), (x, y + (rh - isz) // 2))
                        x += isz + px(3)
                txt = texts.result("winter", vp=texts.vp(int(info.get("vp", 0) or 0)),
                                   count=len(info.get("store") or []))
            else:
                for j, kind in enumerate(self.data.kinds):
                    pos = (info.get("shelves") or [-1] * 4)[j]
                    surface.blit(self._symbol(kind, isz), (x, y + (rh - isz) // 2))
                    vals = self.data.scoring.get("shelf_values", SHELF_VALUES_FALLBACK)
                    t = f.render(str(vals[pos]) if pos >= 0 else "-", True, ui.colour("text"))
                    surface.blit(t, t.get_rect(midleft=(x + isz + px(2), y + rh // 2)))
                    x += isz + px(30)
                n = int(info.get("insect_count", 0) or 0)
                txt = texts.result("autumn", points=int(info.get("insect_points", 0) or 0), count=n)
            t = f.render(txt, True, ui.colour("text_muted"))
            if x + px(8) + t.get_width() <= rect.right:
                surface.blit(t, t.get_rect(midleft=(x + px(8), y + rh // 2)))
            y += rh
            if y + rh > rect.bottom + 1:
                break


__all__ = ["AntsView"]
