"""Choose a game: the five boxes on a shelf; the ones not built yet say "coming soon"."""
from __future__ import annotations

import math

import pygame

from ...rules import GAMES
from ...i18n import tr
from .. import ui
from ..words.names import game_blurb, game_title
from .base import Scene

FALLBACK_COLOUR = (150, 120, 90)    # a game's emblem when games.yaml gives no colour


class ChooseScene(Scene):
    name = "choose"

    def __init__(self, app, then: str = "seats"):
        super().__init__(app)
        self.then = then            # the set-up screen a chosen game opens (a table online's)
        self.games = list(GAMES.values())
        self.card_rects: dict[str, pygame.Rect] = {}
        self.message = ""
        self.message_time = 0.0
        self.pressed: str | None = None

    def build(self) -> None:
        w, h = self.size
        m = self.px(28)
        gap = self.px(16)
        top = self.px(112)
        n = len(self.games)
        cw = (w - 2 * m - gap * (n - 1)) // n
        ch = min(h - top - self.px(110), self.px(500))
        self.card_rects = {}
        for i, g in enumerate(self.games):
            r = pygame.Rect(m + i * (cw + gap), top, cw, ch)
            self.card_rects[g.id] = r
            self.focus.add(ui.FocusItem(r, activate=lambda gid=g.id: self.choose(gid), key=g.id))
        bw, bh = self.px(180), self.px(50)
        self.button((m, h - bh - self.px(26), bw, bh), tr("common.back"), self.on_back, key="back")
        self.focus.first_enabled()

    def choose(self, game_id: str) -> None:
        info = GAMES[game_id]
        if not info.available:
            other = next((g for g in self.games if g.available), info)
            self.message = tr("choose.soon_message", game=game_title(info), other=game_title(other))
            self.message_time = 3.0
            return
        self.app.open(self.then, game_id)

    def on_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for gid, r in self.card_rects.items():
                if r.collidepoint(event.pos):
                    self.pressed = gid
                    return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = None
            for gid, r in self.card_rects.items():
                if r.collidepoint(event.pos):
                    hit = gid
            pressed, self.pressed = self.pressed, None
            if hit is not None and hit == pressed:
                self.focus.focus_key(hit)
                self.app.sounds.play("click")
                self.choose(hit)
                return True
        return super().on_event(event)

    def on_update(self, dt: float) -> None:
        if self.message_time > 0:
            self.message_time -= dt

    def wants_frame(self) -> bool:
        return self.message_time > 0

    def on_draw(self, surface) -> None:
        ui.draw_background(surface)
        w, h = self.size
        ui.draw_text(surface, tr("choose.title"), ui.font(self.px(44), True), ui.colour("accent"),
                     (self.px(28), self.px(24)), max_width=w - self.px(56))
        ui.draw_text(surface, tr("choose.hint"), ui.font(self.px(17)), ui.colour("text_muted"),
                     (self.px(30), self.px(80)), max_width=w - self.px(60))
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
        for g in self.games:
            self._draw_card(surface, g, self.card_rects[g.id], self.card_rects[g.id].collidepoint(mouse))
        if self.message and self.message_time > 0:
            ui.draw_text(surface, self.message, ui.font(self.px(18), True), ui.colour("warning"),
                         (w // 2, h - self.px(50)), "center", max_width=w - self.px(440))

    def _draw_card(self, surface, g, r: pygame.Rect, hot: bool) -> None:
        avail = g.available
        fill = ui.colour("panel") if avail else ui.mix(ui.colour("panel"), ui.colour("background"), 0.55)
        if hot and avail:
            fill = ui.mix(fill, ui.colour("panel_edge"), 0.35)
        ui.draw_panel(surface, r, fill=fill, edge=ui.colour("accent") if (hot and avail) else None,
                      radius=self.px(14))
        pad = self.px(12)
        pic = pygame.Rect(r.x + pad, r.y + pad, r.w - 2 * pad, int(r.w * 0.62))
        img = self.app.assets.image_fit(f"games/{g.id}.svg", pic.size)
        pygame.draw.rect(surface, ui.mix(fill, ui.colour("background"), 0.35), pic, border_radius=self.px(10))
        if img is not None:
            if not avail:
                img = img.copy()
                grey = pygame.Surface(img.get_size(), pygame.SRCALPHA)
                grey.fill((40, 30, 24, 150))
                img.blit(grey, (0, 0))
            surface.blit(img, img.get_rect(center=pic.center))
        else:
            self._draw_fallback_art(surface, g.id, pic, avail)
        y = pic.bottom + self.px(10)
        tcol = ui.colour("text") if avail else ui.colour("text_muted")
        title_font = ui.font(self.px(20), True)
        for line in ui.wrap(game_title(g), title_font, r.w - 2 * pad)[:2]:
            ui.draw_text(surface, line, title_font, tcol, (r.x + pad, y))
            y += title_font.get_linesize()
        if g.min_players != g.max_players:
            players = tr("choose.players_range", low=g.min_players, count=g.max_players)
        else:
            players = tr("choose.players", count=g.min_players)
        ui.draw_text(surface, players, ui.font(self.px(15), True),
                     ui.colour("accent") if avail else ui.colour("text_muted"), (r.x + pad, y + self.px(2)),
                     max_width=r.w - 2 * pad)
        y += self.px(28)
        room = r.bottom - self.px(46) - y
        blurb = game_blurb(g)
        for size in (14, 13, 12, 11):           # a longer language takes a smaller letter
            body = ui.font(self.px(size))
            max_lines = max(1, room // int(body.get_linesize() * 1.15))
            if len(ui.wrap(blurb, body, r.w - 2 * pad)) <= max_lines:
                break
        ui.draw_wrapped(surface, blurb, body, ui.colour("text_muted") if avail else
                        ui.mix(ui.colour("text_muted"), ui.colour("background"), 0.3),
                        (r.x + pad, y, r.w - 2 * pad, 0), max_lines=max_lines)
        # the foot of the card
        foot = pygame.Rect(r.x + pad, r.bottom - self.px(40), r.w - 2 * pad, self.px(30))
        if avail:
            pygame.draw.rect(surface, ui.colour("accent"), foot, border_radius=self.px(8))
            ui.draw_text(surface, tr("choose.play"), ui.font(self.px(16), True), ui.colour("text_dark"),
                         foot.center, "center", max_width=foot.w - self.px(8))
        else:
            pygame.draw.rect(surface, ui.mix(ui.colour("background"), ui.colour("panel"), 0.4), foot,
                             border_radius=self.px(8))
            ui.draw_text(surface, tr("choose.soon"), ui.font(self.px(15), True), ui.colour("text_muted"),
                         foot.center, "center", max_width=foot.w - self.px(8))

    def _draw_fallback_art(self, surface, gid: str, pic: pygame.Rect, avail: bool) -> None:
        """A simple drawn emblem when the game's picture is not there yet."""
        info = GAMES.get(gid)
        base = (getattr(info, "colour", None) if info is not None else None) or FALLBACK_COLOUR
        if not avail:
            base = ui.mix(base, ui.colour("background"), 0.55)
        cx, cy = pic.center
        rr = min(pic.w, pic.h) * 0.38
        pts = [(cx + rr * math.cos(math.pi / 6 + k * math.pi / 3), cy + rr * math.sin(math.pi / 6 + k * math.pi / 3))
               for k in range(6)]
        pygame.draw.polygon(surface, base, pts)
        pygame.draw.polygon(surface, ui.mix(base, (0, 0, 0), 0.35), pts, max(2, self.px(3)))
        for k in range(3):
            a = k * 2.1 + 0.4
            pygame.draw.circle(surface, ui.mix(base, (0, 0, 0), 0.5),
                               (cx + rr * 0.45 * math.cos(a), cy + rr * 0.45 * math.sin(a)), max(3, rr * 0.12))
