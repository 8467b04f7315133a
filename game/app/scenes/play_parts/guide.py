"""The guide's speech bubble on the play screen (the play scene mixes this in): the step's
sentence, Next / Skip guide, and rings round the board targets the step talks about.

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

log = logging.getLogger(__name__)


class CoachBubbleMixin:
    coach_rect: pygame.Rect | None = None
    _coach_seen: tuple | None = None

    @property
    def coach(self):
        c = getattr(self.session, "coach", None)
        return c if c is not None and c.active else None

    def coach_shown(self) -> bool:
        return self.coach is not None and not self.confirm_undo and not self.session.is_over()

    def coach_holds_computers(self) -> bool:
        """While a step waits for Next, the computers wait too (nothing moves unread)."""
        return self.coach_shown() and self.coach.waiting_for_next

    # ---- what the step talks about ------------------------------------------------------------
    def coach_targets(self) -> list:
        c = self.coach
        if c is None or self.session.curtain_seat is not None:
            return []
        try:
            hook = getattr(self.board, "chosen_target_keys", None)
            chosen = hook() if callable(hook) else ()
            return c.lit(self.board.get_targets(), chosen)
        except Exception:  # noqa: BLE001 - a view without targets lights nothing
            log.debug("coach_targets: fell back after an error", exc_info=True)  # drawn every frame: quiet
            return []

    @staticmethod
    def _target_rect(t, px) -> pygame.Rect:
        if t.rect is not None:
            return pygame.Rect(t.rect).inflate(px(12), px(12))
        rad = int(max(float(t.radius or 0), px(14))) + px(10)
        return pygame.Rect(int(t.pos[0]) - rad, int(t.pos[1]) - rad, 2 * rad, 2 * rad)

    # ---- layout ---------------------------------------------------------------------------------
    def _coach_layout(self, width: int, room: int):
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

    def _coach_free(self) -> pygame.Rect:
        """The part of the board a bubble may take: under the view's header, above its bar."""
        m = self.px(12)
        area = self.board_rect.inflate(-2 * m, -2 * m)
        top = max(area.top, self.toast_top())
        bottom = area.bottom
        bar = getattr(self.board, "bar_rect", None)
        if isinstance(bar, pygame.Rect) and bar.h > 0 and bar.top > self.board_rect.centery:
            bottom = min(bottom, bar.top - m)
        return pygame.Rect(area.x, top, area.w, max(0, bottom - top))

    def _coach_in_panel(self) -> pygame.Rect | None:
        """The bubble over the side panel's log (growing up over the status lines when the
        text needs it): it covers nothing of the board.  None when it does not fit there."""
        p, lr = self.panel_rect, self.log_rect
        pad = self.px(14)
        w = p.w - 2 * pad
        room = lr.bottom - (p.y + self.px(50))
        _f, lines, h = self._coach_layout(w, room)
        if h > room:
            return None
        return pygame.Rect(p.x + pad, min(lr.top, lr.bottom - h), w, h)

    def _coach_place(self) -> pygame.Rect:
        """Where the bubble goes: over the side panel's log, always in the same place, so the
        board stays whole; only when the panel is too small for the text, in the corner of the
        board that covers the fewest places, never a lit one."""
        here = self._coach_in_panel()
        if here is not None:
            return here
        free = self._coach_free()
        w = min(free.w, self.px(440))
        _f, _l, h = self._coach_layout(w, free.h)
        lit = [self._target_rect(t, self.px) for t in self.coach_targets()]
        try:
            others = [self._target_rect(t, self.px) for t in self.board.get_targets() if t.enabled]
        except Exception:  # noqa: BLE001
            log.debug("_coach_place: fell back after an error", exc_info=True)  # drawn every frame: quiet
            others = []
        old = self.coach_rect
        if old is not None and old.size == (w, h) and free.contains(old) and old.collidelist(lit) < 0:
            return old                              # stay put while it may
        cands = []
        for y in (free.bottom - h, free.top):
            for x in (free.x, free.right - w, free.centerx - w // 2):
                cands.append(pygame.Rect(x, y, w, h))
        clear = [r for r in cands if free.contains(r) and r.collidelist(lit) < 0]
        if clear:
            return min(clear, key=lambda r: (sum(r.colliderect(o) for o in others), clear.index(r)))
        p = self.panel_rect                         # the last resort: the whole panel's width
        return pygame.Rect(p.x + self.px(14), p.y + self.px(50), p.w - self.px(28),
                           self._coach_layout(p.w - self.px(28), p.h - self.px(64))[2])

    def build_coach(self) -> None:
        """The bubble's buttons (call at the end of ``build``)."""
        self._coach_seen = self._coach_state()
        self.coach_rect = None
        if not self.coach_shown():
            return
        c = self.coach
        r = self.coach_rect = self._coach_place()
        pad = self.px(12)
        bh = self.px(40)
        y = r.bottom - pad - bh
        bw = (r.w - 3 * pad) // 2
        if not c.last:
            self.button((r.x + pad, y, bw, bh), tr("coach.skip"), self.coach_skip, key="coach_skip",
                        tooltip=tr("coach.skip_tip"))
        if c.waiting_for_next:
            label = tr("coach.play_on" if c.last else "coach.next")
            self.button((r.right - pad - bw, y, bw, bh), label, self.coach_next, primary=True,
                        key="coach_next")

    def coach_focus(self) -> None:
        """Enter reads on while a step waits for Next; the board takes the keys for a move."""
        if self.coach_shown():
            self.focus.focus_key("coach_next" if self.coach.waiting_for_next else "board")

    def _coach_state(self) -> tuple:
        c = getattr(self.session, "coach", None)
        return (None if c is None else (c.index, c.active), self.confirm_undo, self.session.is_over())

    def update_coach(self) -> None:
        """Rebuild when the step changed, or when the bubble would now cover a lit target."""
        if not self.built or self.app.top is not self:
            return
        if self._coach_state() != self._coach_seen:
            self.rebuild()
            self.coach_focus()
            return
        if self.coach_rect is not None and self.coach_shown():
            if self._coach_place() != self.coach_rect:
                self.rebuild()

    def over_coach(self, pos) -> bool:
        """The pointer is on the bubble: its buttons, never the board beneath, take the click."""
        r = self.coach_rect
        return r is not None and self.coach_shown() and r.collidepoint(pos)

    def coach_next(self) -> None:
        c = self.coach
        if c is not None:
            c.next()
        self.update_coach()

    def coach_skip(self) -> None:
        c = self.coach
        if c is not None:
            c.skip()
            self.show_message(tr("coach.skipped"))
        self.update_coach()

    # ---- drawing ----------------------------------------------------------------------------------
    def draw_coach(self, surface) -> None:
        if not self.coach_shown() or self.coach_rect is None:
            return
        lit = self.coach_targets()
        draw_rings(surface, lit, self.px, tight=True, pulse=False)
        r = self.coach_rect
        fnt, lines, _h = self._coach_layout(r.w, r.h)
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
