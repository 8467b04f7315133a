"""Where there is no clipboard: the text the Share button would have copied, shown in a box
over the screen (OK, Enter or Esc closes it).  The small picture of squares in it is drawn
as shapes (the font has no emoji): green with a tick for a win, yellow with a dot for the
person's place, an empty square for another seat, brown for a tenth of a solo score."""
from __future__ import annotations

import pygame

from ...i18n import tr
from ..progress import daily
from .. import ui
from .base import Scene

SQUARES = {daily.WIN: "win", daily.YOU: "you", daily.OTHER: "other", daily.FILLED: "filled"}


def _square(surface, kind: str, rect: pygame.Rect) -> None:
    ink = ui.colour("text")
    fill = {"win": (0, 158, 115), "you": (240, 228, 66), "filled": (150, 100, 60)}.get(kind)
    if fill is not None:
        pygame.draw.rect(surface, fill, rect, border_radius=max(1, rect.w // 6))
    pygame.draw.rect(surface, ink, rect, width=max(1, rect.w // 10), border_radius=max(1, rect.w // 6))
    if kind == "win":
        c = rect
        pygame.draw.lines(surface, (255, 255, 255), False,
                          [(c.x + c.w * 0.22, c.y + c.h * 0.52), (c.x + c.w * 0.42, c.y + c.h * 0.72),
                           (c.x + c.w * 0.78, c.y + c.h * 0.3)], max(2, rect.w // 7))
    elif kind == "you":
        pygame.draw.circle(surface, (60, 45, 30), rect.center, max(2, rect.w // 5))


def draw_share_text(surface, text: str, fnt, rect: pygame.Rect) -> int:
    """Draw the share text line by line; returns the height used."""
    y = rect.y
    step = int(fnt.get_linesize() * 1.1)
    for line in text.split("\n"):
        if line and all(ch in SQUARES for ch in line):
            size = min(fnt.get_height(), max(4, rect.w // max(1, len(line)) - 4))
            for i, ch in enumerate(line):
                _square(surface, SQUARES[ch], pygame.Rect(rect.x + i * (size + 4), y + 1, size, size))
        else:
            ui.draw_text(surface, line, fnt, ui.colour("text"), (rect.x, y), max_width=rect.w)
        y += step
    return y - rect.y


class ShareScene(Scene):
    name = "share"
    overlay = True

    def __init__(self, app, text: str):
        super().__init__(app)
        self.text = text

    def build(self) -> None:
        w, h = self.size
        fnt = ui.font(self.px(17))
        lines = len(self.text.split("\n"))
        bw = min(w - self.px(80), self.px(560))
        bh = self.px(120) + lines * int(fnt.get_linesize() * 1.1) + self.px(70)
        self.box = pygame.Rect(w // 2 - bw // 2, h // 2 - bh // 2, bw, min(bh, h - self.px(20)))
        b = self.box
        self.button((b.centerx - self.px(90), b.bottom - self.px(64), self.px(180), self.px(46)),
                    tr("common.ok"), self.on_back, primary=True, key="ok")

    def on_show(self) -> None:
        self.focus.focus_key("ok")

    def on_draw(self, surface) -> None:
        ui.dim(surface, 150)
        b = self.box
        ui.draw_panel(surface, b, radius=self.px(16))
        ui.draw_text(surface, tr("daily.no_clipboard"), ui.font(self.px(20), True), ui.colour("accent"),
                     (b.x + self.px(24), b.y + self.px(18)), max_width=b.w - self.px(48))
        ui.draw_wrapped(surface, tr("daily.no_clipboard_why"), ui.font(self.px(15)), ui.colour("text_muted"),
                        (b.x + self.px(24), b.y + self.px(54), b.w - self.px(48), 0), max_lines=2)
        inner = pygame.Rect(b.x + self.px(24), b.y + self.px(108), b.w - self.px(48), 0)
        draw_share_text(surface, self.text, ui.font(self.px(17)), inner)
