"""The table's big moments on the play screen (the play scene mixes this in).

A game's animation script names its big moments (``MOMENTS`` of the view: the reveal in Ants &
Grasshopper, a layer lifted in Mole Dig, the last timer box in Hamster Burrow, an attack or a
robbery in Forest Gold, baskets taken in Gopher's Pantry).  When one plays, it plays in the
open and the table waits: with a person at the table, until somebody presses *Continue* (a
click, Enter or Space); with computers only, until it has played and its message has been
read.  No computer moves on and no "pass the device" curtain comes before that.  With the
animations off the table stops only when two people or more play at this computer (the
curtain would hide the moment); one person sees the board as it stands and the log.

The play scene provides ``board``, ``board_rect``, ``session``, ``px``, ``button``,
``focus``, ``rebuild`` and ``animating``.
"""
from __future__ import annotations

import logging
import pygame

from ....i18n import tr
from ... import ui

log = logging.getLogger(__name__)

GO_ON_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class MomentMixin:
    moment = False                 # a big moment is on the table and waits to be seen
    moment_button = None

    def note_moment(self, events, speed: str, quiet: bool = False) -> None:
        """Events were just played on the board: does one of them make the table stop?
        ``quiet``: the board was only brought up to date (no move was shown).  With the
        animations off the table stops only where a curtain could hide the moment (two
        people or more at this computer); one person sees the board as it is and the log."""
        if quiet or self.session.is_over():
            return
        if speed == "off" and len(self.session.humans) < 2:
            return
        hook = getattr(self.board, "moments", None)
        try:
            found = bool(callable(hook) and hook(events))
        except Exception:  # noqa: BLE001 - a view's hook must never stop the game
            log.warning("note_moment: fell back after an error", exc_info=True)
            found = False
        if found:
            self.moment = True

    def moment_waits_for_person(self) -> bool:
        return self.moment and bool(self.session.humans)

    def moment_holds(self) -> bool:
        """The table waits for the moment (True), or it may go on; a moment of computers only
        ends by itself once it has played and its message has gone."""
        if not self.moment:
            return False
        if self.moment_waits_for_person():
            return True
        if self.animating or getattr(getattr(self.board, "_toasts_box", None), "pending", False):
            return True
        self.moment = False
        return False

    def moment_ready(self) -> bool:
        """The moment has played: Continue may be pressed."""
        return self.moment_waits_for_person() and not self.animating

    def build_moment(self) -> None:
        """The Continue button at the foot of the board, once the moment has played (call in
        ``build``)."""
        self.moment_button = None
        if not self.moment_ready():
            return
        r = self.board_rect
        bar = getattr(self.board, "bar_rect", None)
        bottom = r.bottom - self.px(16)
        if isinstance(bar, pygame.Rect) and bar.h > 0 and bar.top > r.centery:
            bottom = min(bottom, bar.top - self.px(10))
        bw = min(r.w - self.px(80), self.px(320))
        bh = self.px(52)
        self.moment_button = self.button((r.centerx - bw // 2, bottom - bh, bw, bh),
                                         tr("play.moment_go_on"), self.moment_go_on,
                                         primary=True, key="moment", tooltip=tr("play.moment_tip"))
        self.focus.focus_key("moment")

    def update_moment(self) -> None:
        """Show Continue as soon as the moment has played (call every frame)."""
        if self.moment_ready() and self.moment_button is None and self.built \
                and self.app.top is self:
            self.rebuild()

    def moment_go_on(self) -> None:
        """Everybody has seen it: the table goes on (the curtain comes if it is due)."""
        if not self.moment:
            return
        self.moment = False
        self.moment_button = None
        if self.app.top is self:
            self.rebuild()
        self.focus.focus_key("curtain" if self.session.curtain_seat is not None else "board")

    def moment_event(self, event) -> bool:
        """While the table waits for the moment: Enter, Space or a click on the board go on;
        other clicks on the board do nothing.  True when the event was taken."""
        if not self.moment_waits_for_person():
            return False
        if event.type == pygame.KEYDOWN and event.key in GO_ON_KEYS \
                and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            cur = self.focus.current
            if cur is None or cur.key in ("board", "moment", "curtain"):
                if self.moment_ready():
                    self.moment_go_on()
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key not in (pygame.K_TAB, pygame.K_ESCAPE, pygame.K_F11) \
                and self.focus.current is not None and self.focus.current.key in ("board", "moment"):
            return True                      # the board takes no move while the table waits
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and self.board_rect.collidepoint(event.pos) and not self.over_coach(event.pos):
            btn = self.moment_button
            if btn is not None and btn.rect.collidepoint(event.pos):
                return False                 # the button itself takes it
            if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 \
                    and self.moment_ready():
                self.moment_go_on()
            return True
        return False

    def draw_moment(self, surface) -> None:
        """A quiet line over Continue: the table waits until everybody has seen it."""
        btn = self.moment_button
        if btn is None or not self.moment_ready():
            return
        r = btn.rect
        fnt = ui.font(self.px(16), True)
        text = tr("play.moment_tip")
        width = self.board_rect.w - self.px(60)
        fnt = ui.fit_font(text, fnt, width)
        w = min(width, fnt.size(text)[0]) + self.px(28)
        box = pygame.Rect(0, 0, w, fnt.get_linesize() + self.px(12))
        box.midbottom = (r.centerx, r.top - self.px(6))
        ui.draw_panel(surface, box, fill=ui.mix(ui.colour("panel"), ui.colour("background"), 0.2),
                      edge=ui.colour("accent"), radius=self.px(10))
        ui.draw_text(surface, text, fnt, ui.colour("text"), box.center, "center", max_width=width)
