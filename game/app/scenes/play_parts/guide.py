"""The guide's speech bubble on the play screen: the step's sentence, Next / Skip guide, and
rings round the board targets the step talks about.  ``GuideSection`` is given the session (its
coach), the board view, the layout, the messages ("guide skipped", where the board's header
ends) and the cover (the bubble makes way for the undo question); its rect is the bubble's.
While the bubble shows it is a modal section: the pointer over it never reaches the board (nor
the log, nor a moment) beneath; its buttons, the screen's, still take the click.

The bubble sits over the side panel's log, so the board stays whole; when the panel is too
small for its text it takes a corner of the board that covers none of the lit targets (nor the
view's action bar), and stays there while it may.  The logic of the steps is ``game/app/coach.py``; the words are in the catalogs.
"""
from __future__ import annotations

import logging
import pygame

from ....i18n import tr
from ... import ui
from .hint import draw_rings
from .sections import Section, pointer_pos

log = logging.getLogger(__name__)


def target_rect(t, px) -> pygame.Rect:
    """The room round a board target the bubble keeps clear of."""
    if t.rect is not None:
        return pygame.Rect(t.rect).inflate(px(12), px(12))
    rad = int(max(float(t.radius or 0), px(14))) + px(10)
    return pygame.Rect(int(t.pos[0]) - rad, int(t.pos[1]) - rad, 2 * rad, 2 * rad)


class GuideSection(Section):
    name = "guide"
    draw_order = 60                # over the log when no corner of the board is free

    def __init__(self, screen, layout, session, board, messages, cover, actions: dict):
        super().__init__(screen, layout)
        self.session = session
        self.board = board
        self.messages = messages
        self.cover = cover
        self.actions = actions            # the screen's: is_top() (it shows and is built)
        self.bubble: pygame.Rect | None = None
        self._seen: tuple | None = None

    @property
    def board_rect(self) -> pygame.Rect:
        return self.layout.board

    @property
    def coach(self):
        c = self.session.coach
        return c if c is not None and c.active else None

    def shown(self) -> bool:
        return self.coach is not None and not self.cover.asking and not self.session.is_over()

    def holds_computers(self) -> bool:
        """While a step waits for Next, the computers wait too (nothing moves unread)."""
        return self.shown() and self.coach.waiting_for_next

    # ---- input: the bubble covers what is beneath it ------------------------------------------
    @property
    def modal(self) -> bool:
        return self.bubble is not None and self.shown()

    def over(self, pos) -> bool:
        """The pointer is on the bubble: its buttons, never the board beneath, take the click."""
        r = self.bubble
        return r is not None and self.shown() and r.collidepoint(pos)

    def prevents(self, event) -> bool:
        pos = pointer_pos(event)
        if pos is None or not self.over(pos):
            return False
        if event.type == pygame.MOUSEWHEEL:       # the log under a bubble in the panel scrolls
            return self.board_rect.collidepoint(pos)
        return True

    # ---- what the step talks about ------------------------------------------------------------
    def targets(self) -> list:
        c = self.coach
        if c is None or self.session.curtain_seat is not None:
            return []
        try:
            return c.lit(self.board.get_targets(), self.board.chosen_target_keys())
        except Exception:  # noqa: BLE001 - a view without targets lights nothing
            log.debug("coach_targets: fell back after an error", exc_info=True)  # drawn every frame: quiet
            return []

    # ---- layout ---------------------------------------------------------------------------------
    def _layout(self, width: int, room: int):
        """(font, lines, height) of the bubble ``width`` wide, shrinking the text to ``room``."""
        pad = self.px(14)
        text = self.coach.text()
        head = ui.font(self.px(14), True).get_linesize()
        buttons = self.px(40)
        for size in range(17, 12, -1):
            fnt = ui.font(self.px(size))
            lines = ui.wrap(text, fnt, width - 2 * pad)
            h = pad + head + self.px(6) + len(lines) * fnt.get_linesize() + self.px(10) + buttons + pad
            if h <= room and all(fnt.size(ln)[0] <= width - 2 * pad for ln in lines):
                break
        return fnt, lines, h

    def _free(self) -> pygame.Rect:
        """The part of the board a bubble may take: under the view's header, above its bar."""
        m = self.px(12)
        area = self.board_rect.inflate(-2 * m, -2 * m)
        top = max(area.top, self.messages.toast_top())
        bottom = area.bottom
        bar = self.board.bar_rect
        if isinstance(bar, pygame.Rect) and bar.h > 0 and bar.top > self.board_rect.centery:
            bottom = min(bottom, bar.top - m)
        return pygame.Rect(area.x, top, area.w, max(0, bottom - top))

    def in_panel(self) -> pygame.Rect | None:
        """The bubble over the side panel's log (growing up over the status lines when the
        text needs it): it covers nothing of the board.  None when it does not fit there."""
        p, lr = self.layout.panel, self.layout.log
        pad = self.px(14)
        w = p.w - 2 * pad
        room = lr.bottom - (p.y + self.px(50))
        _f, lines, h = self._layout(w, room)
        if h > room:
            return None
        return pygame.Rect(p.x + pad, min(lr.top, lr.bottom - h), w, h)

    def _place(self) -> pygame.Rect:
        """Where the bubble goes: over the side panel's log, always in the same place, so the
        board stays whole; only when the panel is too small for the text, in the corner of the
        board that covers the fewest places, never a lit one."""
        here = self.in_panel()
        if here is not None:
            return here
        free = self._free()
        w = min(free.w, self.px(440))
        _f, _l, h = self._layout(w, free.h)
        lit = [target_rect(t, self.px) for t in self.targets()]
        try:
            others = [target_rect(t, self.px) for t in self.board.get_targets() if t.enabled]
        except Exception:  # noqa: BLE001
            log.debug("_coach_place: fell back after an error", exc_info=True)  # drawn every frame: quiet
            others = []
        old = self.bubble
        if old is not None and old.size == (w, h) and free.contains(old) and old.collidelist(lit) < 0:
            return old                              # stay put while it may
        cands = []
        for y in (free.bottom - h, free.top):
            for x in (free.x, free.right - w, free.centerx - w // 2):
                cands.append(pygame.Rect(x, y, w, h))
        clear = [r for r in cands if free.contains(r) and r.collidelist(lit) < 0]
        if clear:
            return min(clear, key=lambda r: (sum(r.colliderect(o) for o in others), clear.index(r)))
        p = self.layout.panel                       # the last resort: the whole panel's width
        return pygame.Rect(p.x + self.px(14), p.y + self.px(50), p.w - self.px(28),
                           self._layout(p.w - self.px(28), p.h - self.px(64))[2])

    def place(self) -> None:
        self.rect = self.bubble if self.bubble is not None else pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        """The bubble's buttons (call at the end of the screen's ``build``)."""
        self._seen = self._state()
        self.bubble = None
        self.place()
        if not self.shown():
            return
        c = self.coach
        r = self.bubble = self._place()
        self.place()
        pad = self.px(12)
        bh = self.px(40)
        y = r.bottom - pad - bh
        bw = (r.w - 3 * pad) // 2
        if not c.last:
            self.screen.button((r.x + pad, y, bw, bh), tr("coach.skip"), self.skip, key="coach_skip",
                               tooltip=tr("coach.skip_tip"))
        if c.waiting_for_next:
            label = tr("coach.play_on" if c.last else "coach.next")
            self.screen.button((r.right - pad - bw, y, bw, bh), label, self.next, primary=True,
                               key="coach_next")

    def focus(self) -> None:
        """Enter reads on while a step waits for Next; the board takes the keys for a move."""
        if self.shown():
            self.screen.focus.focus_key("coach_next" if self.coach.waiting_for_next else "board")

    def _state(self) -> tuple:
        c = self.session.coach
        return (None if c is None else (c.index, c.active), self.cover.asking, self.session.is_over())

    def follow(self) -> None:
        """Rebuild when the step changed, or when the bubble would now cover a lit target."""
        if not self.actions["is_top"]():
            return
        if self._state() != self._seen:
            self.screen.rebuild()
            self.focus()
            return
        if self.bubble is not None and self.shown():
            if self._place() != self.bubble:
                self.screen.rebuild()

    def next(self) -> None:
        c = self.coach
        if c is not None:
            c.next()
        self.follow()

    def skip(self) -> None:
        c = self.coach
        if c is not None:
            c.skip()
            self.messages.show(tr("coach.skipped"))
        self.follow()

    # ---- drawing ----------------------------------------------------------------------------------
    def on_draw(self, surface) -> None:
        if not self.shown() or self.bubble is None:
            return
        lit = self.targets()
        draw_rings(surface, lit, self.px, tight=True, pulse=False)
        r = self.bubble
        fnt, lines, _h = self._layout(r.w, r.h)
        fill = ui.mix(ui.colour("panel"), ui.colour("background"), 0.15)
        if lit:                                     # the bubble's tail, towards the first target
            self._draw_tail(surface, r, lit[0].center, fill)
        ui.draw_panel(surface, r, fill=fill, edge=ui.colour("accent"), radius=self.px(14))
        pad = self.px(14)
        c = self.coach
        head = tr("coach.heading", step=c.index + 1, count=len(c.guide.steps))
        ui.draw_text(surface, head, ui.font(self.px(14), True), ui.colour("accent"),
                     (r.x + pad, r.y + pad), max_width=r.w - 2 * pad)
        y = r.y + pad + ui.font(self.px(14), True).get_linesize() + self.px(6)
        for ln in lines:
            ui.draw_text(surface, ln, fnt, ui.colour("text"), (r.x + pad, y), max_width=r.w - 2 * pad)
            y += fnt.get_linesize()

    def _draw_tail(self, surface, r: pygame.Rect, target, fill) -> None:
        tx, ty = target
        if r.collidepoint(tx, ty) or not self.board_rect.colliderect(r):
            return
        base, tip = self.px(13), self.px(18)
        cx = min(max(tx, r.left + 3 * base), r.right - 3 * base)
        cy = min(max(ty, r.top + 3 * base), r.bottom - 3 * base)
        if ty < r.top:
            pts = [(cx - base, r.top + 2), (cx + base, r.top + 2), (cx, r.top - tip)]
        elif ty > r.bottom:
            pts = [(cx - base, r.bottom - 2), (cx + base, r.bottom - 2), (cx, r.bottom + tip)]
        elif tx < r.left:
            pts = [(r.left + 2, cy - base), (r.left + 2, cy + base), (r.left - tip, cy)]
        else:
            pts = [(r.right - 2, cy - base), (r.right - 2, cy + base), (r.right + tip, cy)]
        pygame.draw.polygon(surface, fill, pts)
        pygame.draw.lines(surface, ui.colour("accent"), False, [pts[0], pts[2], pts[1]],
                          max(2, self.px(2)))
