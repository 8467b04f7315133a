"""Gopher's Pantry at the end: each player's plus, minus and trophy points, on the book (the
board's own last picture) and as the results screen's picture. A mixin of ``GopherView``: it
uses the view's ``view``, ``map_rect``, ``assets``, ``_name`` and ``_px``."""
from __future__ import annotations

import pygame

from ... import ui
from ...board import draw
from . import texts
from .art import symbol


class GopherResults:
    @property
    def draw_results(self):
        """The results screen's picture: each player's plus, minus and trophy points (not in
        the beginner game: its score is the lunches alone)."""
        v = self.view or {}
        return None if v.get("variant") == "beginner" or not v.get("seats") else self._results_rows

    def _results_rows(self, surface, rect, state) -> None:
        v, rect = self.view, pygame.Rect(rect)
        lh = max(1, rect.h // (1 + v["players"]))
        size = max(8, min(self._px(17), int(lh * 0.6)))
        img = draw.text(self.assets, texts.result_title(), size, ui.colour("accent"), True, rect.w)
        surface.blit(img, img.get_rect(midleft=(rect.x + self._px(12), rect.y + lh // 2)))
        for s in range(v["players"]):
            self._result_row(surface, rect.x + self._px(12), rect.y + (s + 1) * lh + lh // 2,
                             rect.w - self._px(12), self._name(s), v["seats"][s], size, ui.colour("text"))

    def _pile_icon(self, info: dict, pile: str, h: int):
        """The side panel's icon of a pile at height ``h``: its top card, a card back, the
        present's symbol on a card's outline."""
        w = max(4, int(h * 0.7))
        if pile == "trophy":
            img = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(img, ui.colour("panel_edge"), img.get_rect(), width=1, border_radius=max(1, h // 8))
            sym = symbol(self.assets, "present", max(4, int(h * 0.65)))
            img.blit(sym, sym.get_rect(center=img.get_rect().center))
            return img
        cards = info.get("face_up" if pile == "up" else "face_down") or []
        if pile == "down":
            return self.card("back", w, h, True) if cards else self._empty_pile(w, h)
        return self.card(cards[-1], w, h, False) if cards else self._empty_pile(w, h)

    def _empty_pile(self, w: int, h: int):
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(img, ui.colour("panel_edge"), img.get_rect(), width=1, border_radius=max(1, h // 8))
        return img

    def _result_row(self, surface, x: int, cy: int, width: int, name: str, info: dict, size: int,
                    colour, centre: bool = False) -> None:
        """One player's final score, each number with the icon of its pile and what it is:
        "Ann: [card] +62 face-up food, [back] −2 face-down, [present] trophies 12 = 72"."""
        parts = [(None, f"{name}:")] + texts.result_parts(info)
        for px in range(size, 7, -1):           # shrink the whole row until it fits
            gap = max(2, px // 3)
            icon_h = int(px * 1.35)
            imgs = []
            for pile, text in parts:
                icon = self._pile_icon(info, pile, icon_h) if pile else None
                imgs.append((icon, draw.text(self.assets, text, px, colour, pile is None and text.endswith(":"))))
            total = sum((i.get_width() + gap if i else 0) + t.get_width() + gap * 2 for i, t in imgs) - gap * 2
            if total <= width:
                break
        cx = x + (width - total) // 2 if centre else x
        for icon, img in imgs:
            if icon is not None:
                surface.blit(icon, icon.get_rect(midleft=(cx, cy)))
                cx += icon.get_width() + gap
            surface.blit(img, img.get_rect(midleft=(cx, cy)))
            cx += img.get_width() + gap * 2

    def _draw_results(self, surface) -> None:
        v = self.view
        m = self.map_rect.inflate(-self._px(30), -self._px(30))
        beginner = v.get("variant") == "beginner"
        end = texts.end_reason(self._end_why())
        lines = [(texts.result_title(), True), (end, False)]
        if beginner:
            lines += [(texts.result_row(self._name(s), v["seats"][s], True), s in (v.get("winners") or []))
                      for s in range(v["players"])]
        lh = self._px(28)
        box = pygame.Rect(0, 0, m.w, lh * (len(lines) + (0 if beginner else v["players"])) + self._px(24))
        box.center = m.center
        ui.draw_panel(surface, box, fill=ui.colour("panel"), edge=ui.colour("accent"), radius=self._px(12))
        y = box.y + self._px(12)
        for text, bold in lines:
            img = draw.text(self.assets, text, self._px(17 if bold else 15), ui.colour("accent" if bold else "text"), bold,
                            box.w - self._px(24))
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += lh
        if not beginner:
            for s in range(v["players"]):
                col = ui.colour("accent") if s in (v.get("winners") or []) else ui.colour("text")
                self._result_row(surface, box.x + self._px(12), y + lh // 2 - self._px(2), box.w - self._px(24),
                                 self._name(s), v["seats"][s], self._px(15), col, centre=True)
                y += lh

    def _end_why(self) -> str:
        end = (self.view or {}).get("end") or {}
        return end.get("why") or getattr(self, "_end", None) or "other"


__all__ = ["GopherResults"]
