"""The play screen's short messages: why a click is not allowed, a save problem (over the
board), the hint's sentence (in the side panel, over the foot of the log, right above the Hint
button: it never covers the board it lights).  Where a message over the board stands (the part
of the board the view names, below what it keeps clear at the top, clear of what the hint talks
about), how it wraps (shrinking its letter before anything is cut) and how it fades.

``MessagesSection`` is given the session (its own messages: a save problem), the board view (the
places it names for messages), the layout, and once made the hint (what it lights: a message
stands clear of it) and the guide (its bubble may take the log's foot); its rect is the box
last drawn.
"""
from __future__ import annotations

import logging
import pygame

from ... import ui
from .sections import Section

log = logging.getLogger(__name__)


def target_box(t, px) -> pygame.Rect:
    """The box a message keeps clear of round a board target."""
    if t.rect is not None:
        return pygame.Rect(t.rect)
    rad = max(int(float(t.radius or 0)), px(20))
    return pygame.Rect(int(t.pos[0]) - rad, int(t.pos[1]) - rad, 2 * rad, 2 * rad)


class MessagesSection(Section):
    name = "messages"
    draw_order = 50

    def __init__(self, screen, layout, session, board):
        super().__init__(screen, layout)
        self.session = session
        self.board = board
        self.hint = None                   # the HintSection (set once it is made)
        self.guide = None                  # the GuideSection (set once it is made)
        self.message = ""
        self.message_time = 0.0
        self.message_tone = "warning"

    @property
    def board_rect(self) -> pygame.Rect:
        return self.layout.board

    def on_update(self, dt: float) -> None:
        if self.message_time > 0:
            self.message_time -= dt

    def wants_frame(self) -> bool:
        return self.message_time > 0

    def show(self, text: str, seconds: float = 4.0, tone: str = "warning") -> None:
        """A short message over the board: ``tone`` "warning" (coral: a refusal, a problem) or
        "hint" (gold: advice, not a refusal)."""
        self.message = text
        self.message_time = seconds
        self.message_tone = tone

    def toast_top(self) -> int:
        """Where the message starts: near the top of the board, or below what the board keeps
        clear there (its ``message_top()``, e.g. a header with the points)."""
        top = self.board_rect.y + self.px(14)
        try:
            clear = self.board.message_top()
            if clear is not None:
                top = max(top, int(clear))
        except Exception:  # noqa: BLE001 - a view's hint must never break the screen
            log.debug("toast_top: fell back after an error", exc_info=True)  # drawn every frame: quiet
        return top

    TOAST_LINES = 4
    PANEL_LINES = 7

    def in_panel(self) -> bool:
        """The message on show is the hint's sentence and stands in the side panel over the
        foot of the log (not while the guide's bubble takes that place)."""
        if self.message_tone != "hint" or not (self.message and self.message_time > 0):
            return False
        lr = self.layout.log
        if lr is None or lr.w < self.px(160) or lr.h < self.px(60):
            return False
        guide = self.guide
        cr = guide.bubble if guide is not None else None
        if cr is not None and guide.shown() and cr.colliderect(lr):
            return False
        return True

    def area(self) -> pygame.Rect:
        """Where a message over the board is centred: the part of the board the view names
        (``message_area()``, e.g. Gopher's Pantry's book, clear of the seat cards), else the
        whole board."""
        try:
            area = self.board.message_area()
            if area is not None and pygame.Rect(area).w > self.px(200):
                return pygame.Rect(area)
        except Exception:  # noqa: BLE001 - a view's hint must never break the screen
            log.debug("message_area: fell back after an error", exc_info=True)  # drawn every frame: quiet
        return self.board_rect

    def width_of_lines(self) -> int:
        """The width of a message's lines."""
        if self.in_panel():
            return self.layout.log.w - self.px(36)
        area = self.area()
        if area is self.board_rect:
            return min(int(area.w * 0.62), self.px(620)) - self.px(32)
        return min(area.w - self.px(24), self.px(620)) - self.px(32)

    def toast_lines(self, text: str) -> tuple:
        """(font, lines) of a message over the board: wrapped to the box, at most
        ``TOAST_LINES`` lines (a longer one takes a smaller letter before anything is cut)."""
        width = self.width_of_lines()
        most = self.PANEL_LINES if self.in_panel() else self.TOAST_LINES
        for px in (17, 15, 14):
            fnt = ui.font(self.px(px), True)
            lines = ui.wrap(text, fnt, width)
            if len(lines) <= most:
                return fnt, lines
        return fnt, lines[:most]

    def box(self, text: str) -> pygame.Rect:
        """Where the message box over the board stands: at the top of the message area, or
        wherever it covers nothing the hint talks about (``place_clear_of_hint``)."""
        fnt, lines = self.toast_lines(text)
        w = max(fnt.size(ln)[0] for ln in lines) + self.px(36)
        box = pygame.Rect(0, 0, w, fnt.get_linesize() * len(lines) + self.px(22))
        if self.in_panel():        # the hint: over the foot of the log, the board whole
            lr = self.layout.log
            box.w = lr.w
            box.midbottom = (lr.centerx, lr.bottom)
            box.clamp_ip(self.layout.panel)
            return box
        r = self.area()
        box.midtop = (r.centerx, self.toast_top())
        return self.place_clear_of_hint(box)

    def message_spots(self, box: pygame.Rect) -> list:
        """Where the message box may stand, in order of preference: where it is put first
        (``box``), then at the top and the bottom of each place the view offers
        (``message_places()``, e.g. the card grid, the hand strip) and at the bottom of the
        board above its action bar; each kept inside the board."""
        out = [box.copy()]
        areas = []
        try:
            areas = [pygame.Rect(a) for a in (self.board.message_places() or []) if a is not None]
        except Exception:  # noqa: BLE001 - a view's hint must never break the screen
            log.debug("message_spots: fell back after an error", exc_info=True)  # drawn every frame: quiet
            areas = []
        whole = pygame.Rect(self.board_rect)
        bar = self.board.bar_rect
        if isinstance(bar, pygame.Rect) and bar.h > 0 and bar.top > whole.centery:
            whole.h = bar.top - whole.y
        areas.append(whole)
        pad = self.px(8)
        for area in areas:
            if area.h < box.h + 2 * pad or area.w < self.px(120):
                continue
            for top in (max(area.y + pad, self.toast_top()), area.bottom - pad - box.h):
                cand = box.copy()
                cand.midtop = (area.centerx, top)
                if cand.bottom > area.bottom:
                    continue
                cand.clamp_ip(self.board_rect)
                out.append(cand)
        return out

    def place_clear_of_hint(self, box: pygame.Rect) -> pygame.Rect:
        """The message box where it covers nothing the hint talks about: never a lit target,
        and as little as possible of what the view keeps clear (``message_keep_clear()``, e.g.
        the seat cards) and of the board's other live targets; the first spot wins a tie."""
        lit = [target_box(t, self.px) for t in (self.hint.targets() if self.hint is not None else [])]
        try:
            others = [target_box(t, self.px) for t in self.board.get_targets()
                      if t.enabled and not t.bar and (t.rect is not None or t.pos is not None)]
        except Exception:  # noqa: BLE001
            log.debug("place_clear_of_hint: fell back after an error", exc_info=True)  # drawn every frame: quiet
            others = []
        try:
            keep = [pygame.Rect(k) for k in (self.board.message_keep_clear() or []) if k is not None]
        except Exception:  # noqa: BLE001
            log.debug("place_clear_of_hint: fell back after an error", exc_info=True)  # drawn every frame: quiet
            keep = []
        if not lit and not keep:
            return box

        def cost(item):
            i, cand = item
            return (sum(cand.colliderect(r) for r in lit), sum(cand.colliderect(r) for r in keep),
                    sum(cand.colliderect(r) for r in others), i)
        return min(enumerate(self.message_spots(box)), key=cost)[1]

    def on_draw(self, surface) -> None:
        """A short message (why a click is not allowed, save problems) over the top of the board."""
        own = bool(self.message and self.message_time > 0)
        text = self.message if own else (self.session.message or "")
        if not text:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        tone = ui.colour("accent") if own and self.message_tone == "hint" else ui.colour("warning")
        fnt, lines = self.toast_lines(text)
        lh = fnt.get_linesize()
        box = self.rect = self.box(text)
        alpha = 255 if self.message_time > 0.4 or not self.message else int(255 * self.message_time / 0.4)
        layer = ui.new_surface(box.size, pygame.SRCALPHA)
        fill = 255 if self.in_panel() else 240    # over the log: no line shows through
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
