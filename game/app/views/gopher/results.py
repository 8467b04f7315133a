"""Gopher's Pantry at the end: each player's plus, minus and trophy points, on the book (the
board's own last picture) and as the results screen's picture. A mixin of ``GopherView``: it
uses the view's ``view``, ``map_rect``, ``assets``, ``_name`` and ``_px``."""
from __future__ import annotations

import pygame

from ... import ui
from ...board import draw
from . import texts


class GopherResults:
    @property
    def draw_results(self):
        """The results screen's picture: each player's plus, minus and trophy points (not in
        the beginner game: its score is the lunches alone)."""
        v = self.view or {}
        return None if v.get("variant") == "beginner" or not v.get("seats") else self._results_rows

    def _results_rows(self, surface, rect, state) -> None:
        v, rect = self.view, pygame.Rect(rect)
        lines = [(texts.result_title(), ui.colour("accent"))] + [
            (texts.result_row(self._name(s), v["seats"][s], False), ui.colour("text")) for s in range(v["players"])]
        lh = max(1, rect.h // len(lines))
        for i, (text, col) in enumerate(lines):
            img = draw.text(self.assets, text, max(8, min(self._px(17), int(lh * 0.6))), col, i == 0, rect.w)
            surface.blit(img, img.get_rect(midleft=(rect.x + self._px(12), rect.y + i * lh + lh // 2)))

    def _draw_results(self, surface) -> None:
        v = self.view
        m = self.map_rect.inflate(-self._px(30), -self._px(30))
        rows = [texts.result_row(self._name(s), v["seats"][s], v.get("variant") == "beginner")
                for s in range(v["players"])]
        end = texts.end_reason(self._end_why())
        lines = [(texts.result_title(), True), (end, False)] + [(r, s in (v.get("winners") or [])) for s, r in enumerate(rows)]
        lh = self._px(28)
        box = pygame.Rect(0, 0, m.w, lh * len(lines) + self._px(24))
        box.center = m.center
        ui.draw_panel(surface, box, fill=ui.colour("panel"), edge=ui.colour("accent"), radius=self._px(12))
        y = box.y + self._px(12)
        for text, bold in lines:
            img = draw.text(self.assets, text, self._px(17 if bold else 15), ui.colour("accent" if bold else "text"), bold,
                            box.w - self._px(24))
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += lh

    def _end_why(self) -> str:
        end = (self.view or {}).get("end") or {}
        return end.get("why") or getattr(self, "_end", None) or "other"


__all__ = ["GopherResults"]
