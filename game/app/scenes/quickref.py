"""Quick reference: one page per game (turn steps, scoring, facts to look up mid-game) from
``data/quickref/<game>.yaml`` (see ``game/app/words/quickref.py``), in two columns whose type shrinks
until the page fits the window.  Opened from the pause menu and the set-up screen
(``app.open("quickref", game_id)``); Esc or Back returns."""
from __future__ import annotations

import re

import pygame

from ...i18n import tr
from ...rules import GAMES
from ...io.data import DataError
from .. import ui
from ..words.names import game_title
from ..words.quickref import cell_text, load_quickref
from .base import Scene

#: body type sizes tried, largest first, until both columns fit
SIZES = (21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11)


class QuickRefScene(Scene):
    name = "quickref"

    def __init__(self, app, game_id: str):
        super().__init__(app)
        self.game_id = game_id
        self.ops: list[tuple] = []         # (kind, text, font, colour, x, y, width)
        self.cols: list[pygame.Rect] = []
        self.error = ""

    # ---- layout -------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        m = self.px(28)
        bw, bh = self.px(200), self.px(52)
        top = self.px(84)
        area = pygame.Rect(m, top, w - 2 * m, h - top - bh - self.px(40))
        if area.w > self.px(1180):
            area.w = self.px(1180)
            area.centerx = w // 2
        self.area = area
        self.button((area.right - bw, h - bh - self.px(22), bw, bh), tr("common.back"), self.on_back,
                    primary=True, key="back")
        self.error = ""
        try:
            sections = load_quickref(self.game_id)
        except (DataError, OSError) as exc:
            self.error = str(exc)
            sections = []
        gap, pad = self.px(18), self.px(16)
        col_w = (area.w - gap) // 2
        self.cols = [pygame.Rect(area.x, area.y, col_w, area.h),
                     pygame.Rect(area.x + col_w + gap, area.y, col_w, area.h)]
        inner_w, inner_h = col_w - 2 * pad, area.h - 2 * pad
        for size in SIZES:
            blocks = [self._section(s, self.px(size), inner_w) for s in sections]
            split, tallest = _split([b[1] for b in blocks])
            if tallest <= inner_h or size == SIZES[-1]:
                break
        self.ops = []
        for c, chunk in enumerate((blocks[:split], blocks[split:])):
            x, y = self.cols[c].x + pad, self.cols[c].y + pad
            for ops, height in chunk:
                self.ops += [(kind, text, fnt, col, x + dx, y + dy, width)
                             for kind, text, fnt, col, dx, dy, width in ops]
                y += height

    def _section(self, section, px: int, width: int):
        """(ops relative to the section's top left, height) of one section at body size px."""
        ops, y = [], 0
        head = ui.font(int(px * 1.25), True)
        for line in ui.wrap(_text(section.title), head, width):
            ops.append(("t", line, head, ui.colour("accent"), 0, y, width))
            y += int(head.get_linesize() * 1.05)
        y += px // 4
        body, bold = ui.font(px), ui.font(px, True)
        lh = int(body.get_linesize() * 1.1)
        indent = int(px * 1.1)
        for key in section.lines:
            ops.append(("t", "\u2022", body, ui.colour("accent"), int(px * 0.2), y, indent))
            for line in ui.wrap(_text(key), body, width - indent):
                ops.append(("t", line, body, ui.colour("text"), indent, y, width - indent))
                y += lh
            y += px // 5
        # the labels keep their width (at most 45 %), the values take the rest they need
        label_w = min(int(width * 0.45), max([body.size(_text(c))[0] for c, _ in section.rows] or [0]))
        widest = max([bold.size(_text(v))[0] + 2 for _, v in section.rows] or [0])
        value_w = min(width - label_w - px // 2, widest)
        for label, value in section.rows:
            y_val = y
            for line in ui.wrap(_text(value), bold, value_w):
                ops.append(("r", line, bold, ui.colour("accent"), width, y_val, value_w))
                y_val += lh
            for line in ui.wrap(_text(label), body, width - value_w - px // 2):
                ops.append(("t", line, body, ui.colour("text"), 0, y, width - value_w - px // 2))
                y += lh
            y = max(y, y_val)
            ops.append(("line", "", None, None, 0, y + px // 8, width))
            y += px // 4
        return ops, y + int(px * 0.9)

    def on_show(self) -> None:
        self.focus.focus_key("back")

    def handle_key(self, event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.on_back()
            return True
        return super().handle_key(event)

    # ---- drawing ------------------------------------------------------------------------------
    def on_draw(self, surface) -> None:
        ui.draw_background(surface, strata=False)
        info = GAMES.get(self.game_id)
        ui.draw_text(surface, tr("quickref.title", game=game_title(info) if info else self.game_id),
                     ui.font(self.px(36), True), ui.colour("accent"), (self.px(28), self.px(22)),
                     max_width=self.size[0] - self.px(56))
        fill = ui.mix(ui.colour("background"), ui.colour("panel"), 0.55)
        for r in self.cols:
            ui.draw_panel(surface, r, fill=fill, radius=self.px(10), shadow=False)
        if self.error:
            ui.draw_wrapped(surface, tr("quickref.broken", problem=self.error), ui.font(self.px(16)),
                            ui.colour("text"), self.cols[0].inflate(-self.px(32), -self.px(32)))
        for kind, text, fnt, col, x, y, width in self.ops:
            if kind == "line":
                pygame.draw.line(surface, ui.colour("panel_edge"), (x, y), (x + width, y), 1)
            elif kind == "r":
                ui.draw_text(surface, text, fnt, col, (x, y), "topright", max_width=width)
            else:
                ui.draw_text(surface, text, fnt, col, (x, y), max_width=width)
        ui.draw_text(surface, tr("quickref.hint"), ui.font(self.px(14)), ui.colour("text_muted"),
                     (self.area.x, self.size[1] - self.px(48)), "midleft",
                     max_width=self.area.w - self.px(240))


def _text(cell) -> str:
    """A cell's text; a sign that French spaces off (": ; ! ? »") stays on its word's line,
    and a series "1 / 3 / 6 / 10" on one line."""
    return re.sub(r"(?<=«) | (?=[:;!?»])|(?<=\d) (?=/ \d)|(?<=\d /) (?=\d)", "\u00a0", cell_text(cell))


def _split(heights: list[int]) -> tuple[int, int]:
    """(where the second column starts, the taller column's height), as even as the order allows."""
    best = (len(heights), sum(heights))
    for k in range(len(heights) + 1):
        tallest = max(sum(heights[:k]), sum(heights[k:]))
        if tallest < best[1]:
            best = (k, tallest)
    return best
