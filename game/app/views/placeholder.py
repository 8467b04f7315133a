"""The neutral board view for a game that has no drawing of its own yet.

It shows a calm board area with the latest happening, and, when a human is to act, every legal
action as a button (click, or arrows + Enter when the board has the keyboard focus).
"""
from __future__ import annotations

import pygame

from ...i18n import tr
from .. import ui
from ..board_view import BoardView


class PlaceholderView(BoardView):
    def __init__(self, game_id, seats, assets):
        super().__init__(game_id, seats, assets)
        self.action_rects: list[tuple[pygame.Rect, dict]] = []
        self.scroll = 0
        self.selected = 0
        self.hover = -1
        self.banner = ""
        self.banner_time = 0.0
        self.banner_total = 0.0
        self._layout_dirty = True
        self._cols, self._rows_total, self._rows_visible, self.page = 1, 0, 1, 1

    # ---- BoardView -------------------------------------------------------------------------
    def set_rect(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self._layout_dirty = True

    def sync(self, view, legal, seat) -> None:
        super().sync(view, legal, seat)
        self.scroll = 0
        self.selected = 0
        self._layout_dirty = True

    def play(self, events, speed="normal") -> None:
        texts = [str(e.get("text")) for e in events if isinstance(e, dict) and e.get("text")]
        if texts:
            self.banner = texts[-1]
        total = {"normal": 0.45, "fast": 0.15}.get(speed, 0.0)
        self.banner_total = total
        self.banner_time = total

    @property
    def animating(self) -> bool:
        return self.banner_time > 0

    def update(self, dt) -> None:
        if self.banner_time > 0:
            self.banner_time = max(0.0, self.banner_time - dt)

    def status_lines(self) -> list[str]:
        return []

    # ---- layout ------------------------------------------------------------------------------
    def _scale(self) -> float:
        surf = pygame.display.get_surface()
        if surf is not None:
            return ui.scale_for(surf.get_size())
        return ui.scale_for((self.rect.w / 0.7, self.rect.h)) if self.rect else 1.0

    def _layout(self) -> None:
        self._layout_dirty = False
        self.action_rects = []
        if not self.rect or not self.legal:
            return
        s = self._scale()
        pad = int(24 * s)
        top = self.rect.y + int(150 * s)
        area = pygame.Rect(self.rect.x + pad, top, self.rect.w - 2 * pad, self.rect.bottom - pad - top)
        bh = int(40 * s)
        gap = int(8 * s)
        cols = max(1, min(3, area.w // int(260 * s)))
        bw = (area.w - gap * (cols - 1)) // cols
        rows_visible = max(1, (area.h + gap) // (bh + gap))
        self.page = rows_visible * cols
        start = self.scroll * cols
        for i, act in enumerate(self.legal[start:start + self.page]):
            r = pygame.Rect(area.x + (i % cols) * (bw + gap), area.y + (i // cols) * (bh + gap), bw, bh)
            self.action_rects.append((r, act))
        self._cols = cols
        self._rows_total = (len(self.legal) + cols - 1) // cols
        self._rows_visible = rows_visible

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        if not self.rect:
            return
        if self._layout_dirty:
            self._layout()
        s = self._scale()
        r = self.rect
        soil = ui.mix(ui.colour("panel"), ui.colour("background"), 0.35)
        ui.draw_panel(surface, r, fill=soil, radius=int(18 * s))
        # a few calm soil stripes
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-int(8 * s), -int(8 * s)))
        for i in range(4):
            y = r.y + r.h * (0.55 + i * 0.11)
            band = pygame.Rect(r.x, int(y), r.w, int(r.h * 0.06))
            pygame.draw.ellipse(surface, ui.mix(soil, ui.colour("panel_edge"), 0.25 + 0.1 * i), band)
        surface.set_clip(clip)
        from ...rules import GAMES
        info = GAMES.get(self.game_id)
        if info is not None:
            from ..words.names import game_title
            title = game_title(info)
        else:
            title = self.game_id
        ui.draw_text(surface, title, ui.font(int(30 * s), True), ui.colour("text"),
                     (r.x + int(24 * s), r.y + int(20 * s)))
        sub = self.banner or tr("ui.placeholder.coming")
        ui.draw_wrapped(surface, sub, ui.font(int(17 * s)), ui.colour("text_muted"),
                        (r.x + int(24 * s), r.y + int(66 * s), r.w - int(48 * s), 0), max_lines=2)
        if self.legal:
            ui.draw_text(surface, tr("ui.placeholder.choose"), ui.font(int(17 * s), True), ui.colour("accent"),
                         (r.x + int(24 * s), r.y + int(116 * s)))
            f = ui.font(int(15 * s))
            mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
            for i, (br, act) in enumerate(self.action_rects):
                hot = br.collidepoint(mouse)
                sel = i == self.selected
                fill = ui.colour("accent") if sel else ui.mix(ui.colour("panel"), ui.colour("panel_edge"), 0.5 if hot else 0.25)
                pygame.draw.rect(surface, fill, br, border_radius=int(8 * s))
                pygame.draw.rect(surface, ui.colour("accent") if hot else ui.colour("panel_edge"), br,
                                 width=2, border_radius=int(8 * s))
                col = ui.colour("text_dark") if sel else ui.colour("text")
                ui.draw_text(surface, str(act.get("text") or act.get("type")), f, col,
                             (br.x + int(10 * s), br.centery), anchor="midleft", max_width=br.w - int(20 * s))
            if self._rows_total > self._rows_visible:
                more = tr("ui.placeholder.more", count=len(self.legal))
                ui.draw_text(surface, more, ui.font(int(14 * s)), ui.colour("text_muted"),
                             (r.right - int(24 * s), r.y + int(118 * s)), anchor="topright")
        elif self.view is not None:
            ui.draw_text(surface, tr("ui.placeholder.waiting"), ui.font(int(17 * s), True), ui.colour("text_muted"),
                         (r.x + int(24 * s), r.y + int(116 * s)))

    # ---- input ----------------------------------------------------------------------------------
    def handle_event(self, event):
        if not self.legal or not self.rect:
            return None
        if self._layout_dirty:
            self._layout()
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, (br, act) in enumerate(self.action_rects):
                if br.collidepoint(event.pos):
                    return act
            return None
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y)
            return None
        if event.type == pygame.KEYDOWN:
            n = len(self.action_rects)
            if event.key in (pygame.K_RIGHT, pygame.K_DOWN):
                if self.selected + 1 < n:
                    self.selected += 1
                elif self.scroll + self._rows_visible < self._rows_total:
                    self._scroll_by(1)
                    self.selected = min(len(self.action_rects) - 1, n - self._cols)
            elif event.key in (pygame.K_LEFT, pygame.K_UP):
                if self.selected > 0:
                    self.selected -= 1
                elif self.scroll > 0:
                    self._scroll_by(-1)
                    self.selected = self._cols - 1
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and n:
                return self.action_rects[min(self.selected, n - 1)][1]
        return None

    def _scroll_by(self, rows: int) -> None:
        if not self.legal:
            return
        max_scroll = max(0, self._rows_total - self._rows_visible)
        self.scroll = max(0, min(max_scroll, self.scroll + rows))
        self._layout()
        self.selected = min(self.selected, max(0, len(self.action_rects) - 1))
