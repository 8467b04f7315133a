"""The play screen's short messages: why a click is not allowed, a save problem (over the
board), the hint's sentence (in the side panel, over the foot of the log, right above the Hint
button: it never covers the board it lights).  Where a message over the board stands (the part
of the board the view names, below what it keeps clear at the top, clear of what the hint talks
about), how it wraps (shrinking its letter before anything is cut) and how it fades.

The play scene mixes this in; it provides ``board``, ``board_rect``, ``session``, ``px`` and
``place_clear_of_hint`` (the Hint button's mixin).
"""
from __future__ import annotations

import logging
import pygame

from ... import ui

log = logging.getLogger(__name__)


class BoardMessageMixin:
    message_tone = "warning"

    def show_message(self, text: str, seconds: float = 4.0, tone: str = "warning") -> None:
        """A short message over the board: ``tone`` "warning" (coral: a refusal, a problem) or
        "hint" (gold: advice, not a refusal)."""
        self.message = text
        self.message_time = seconds
        self.message_tone = tone

    def toast_top(self) -> int:
        """Where the message starts: near the top of the board, or below what the board keeps
        clear there (its ``message_top()``, e.g. a header with the points)."""
        top = self.board_rect.y + self.px(14)
        hook = getattr(self.board, "message_top", None)
        if callable(hook):
            try:
                top = max(top, int(hook()))
            except Exception:  # noqa: BLE001 - a view's hint must never break the screen
                log.debug("toast_top: fell back after an error", exc_info=True)  # drawn every frame: quiet
                pass
        return top

    TOAST_LINES = 4
    PANEL_LINES = 7

    def message_in_panel(self) -> bool:
        """The message on show is the hint's sentence and stands in the side panel over the
        foot of the log (not while the guide's bubble takes that place)."""
        if self.message_tone != "hint" or not (self.message and self.message_time > 0):
            return False
        lr = getattr(self, "log_rect", None)
        if lr is None or lr.w < self.px(160) or lr.h < self.px(60):
            return False
        cr = getattr(self, "coach_rect", None)
        shown = getattr(self, "coach_shown", None)
        if cr is not None and callable(shown) and shown() and cr.colliderect(lr):
            return False
        return True

    def message_area(self) -> pygame.Rect:
        """Where a message over the board is centred: the part of the board the view names
        (``message_area()``, e.g. Gopher's Pantry's book, clear of the seat cards), else the
        whole board."""
        hook = getattr(self.board, "message_area", None)
        if callable(hook):
            try:
                area = hook()
                if area is not None and pygame.Rect(area).w > self.px(200):
                    return pygame.Rect(area)
            except Exception:  # noqa: BLE001 - a view's hint must never break the screen
                log.debug("message_area: fell back after an error", exc_info=True)  # drawn every frame: quiet
                pass
        return self.board_rect

    def message_width(self) -> int:
        """The width of a message's lines."""
        if self.message_in_panel():
            return self.log_rect.w - self.px(36)
        area = self.message_area()
        if area is self.board_rect:
            return min(int(area.w * 0.62), self.px(620)) - self.px(32)
        return min(area.w - self.px(24), self.px(620)) - self.px(32)

    def toast_lines(self, text: str) -> tuple:
        """(font, lines) of a message over the board: wrapped to the box, at most
        ``TOAST_LINES`` lines (a longer one takes a smaller letter before anything is cut)."""
        width = self.message_width()
        most = self.PANEL_LINES if self.message_in_panel() else self.TOAST_LINES
        for px in (17, 15, 14):
            fnt = ui.font(self.px(px), True)
            lines = ui.wrap(text, fnt, width)
            if len(lines) <= most:
                return fnt, lines
        return fnt, lines[:most]

    def message_box(self, text: str) -> pygame.Rect:
        """Where the message box over the board stands: at the top of the message area, or
        wherever it covers nothing the hint talks about (``place_clear_of_hint``)."""
        fnt, lines = self.toast_lines(text)
        w = max(fnt.size(ln)[0] for ln in lines) + self.px(36)
        box = pygame.Rect(0, 0, w, fnt.get_linesize() * len(lines) + self.px(22))
        if self.message_in_panel():        # the hint: over the foot of the log, the board whole
            lr = self.log_rect
            box.w = lr.w
            box.midbottom = (lr.centerx, lr.bottom)
            box.clamp_ip(self.panel_rect)
            return box
        r = self.message_area()
        box.midtop = (r.centerx, self.toast_top())
        return self.place_clear_of_hint(box)

    def _draw_toast(self, surface) -> None:
        """A short message (why a click is not allowed, save problems) over the top of the board."""
        own = bool(self.message and self.message_time > 0)
        text = self.message if own else (self.session.message or "")
        if not text:
            return
        tone = ui.colour("accent") if own and self.message_tone == "hint" else ui.colour("warning")
        fnt, lines = self.toast_lines(text)
        lh = fnt.get_linesize()
        box = self.message_box(text)
        alpha = 255 if self.message_time > 0.4 or not self.message else int(255 * self.message_time / 0.4)
        layer = ui.new_surface(box.size, pygame.SRCALPHA)
        fill = 255 if self.message_in_panel() else 240    # over the log: no line shows through
        pygame.draw.rect(layer, (*ui.mix(ui.colour("panel"), ui.colour("background"), 0.2), fill),
                         layer.get_rect(), border_radius=self.px(12))
        pygame.draw.rect(layer, (*tone, 255), layer.get_rect(), width=max(2, self.px(2)),
                         border_radius=self.px(12))
        y = self.px(11)
        for ln in lines:
            img = fnt.render(ln, True, tone)
            layer.blit(img, img.get_rect(midtop=(box.w // 2, y)))
            y += lh
        layer.set_alpha(alpha)
        surface.blit(layer, box)
