"""The table's big moments on the play screen.

A game's animation script names its big moments (``MOMENTS`` of the view: the reveal in Ants &
Grasshopper, a layer lifted in Mole Dig, the last timer box in Hamster Burrow, an attack or a
robbery in Forest Gold, baskets taken in Gopher's Pantry).  When one plays, it plays in the
open and the table waits: with a person at the table, until somebody presses *Continue* (a
click, Enter or Space); with computers only, until it has played and its message has been
read.  No computer moves on and no "pass the device" curtain comes before that.  With the
animations off the table stops only when two people or more play at this computer (the
curtain would hide the moment); one person sees the board as it stands and the log.

``MomentSection`` is given the session, the board view (its ``moments(events)`` and its
messages still to read) and the layout; its rect is the board's.  While the table waits for a
person it is a modal section: it is offered every event first and holds back the board's
(Continue, Enter or Space go on).
"""
from __future__ import annotations

import logging
import pygame

from ....i18n import tr
from ... import ui
from .sections import Section, board_animating, pointer_pos

log = logging.getLogger(__name__)

GO_ON_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class MomentSection(Section):
    name = "moment"
    draw_order = 30

    def __init__(self, screen, layout, session, board, actions: dict):
        super().__init__(screen, layout)
        self.session = session
        self.board = board
        self.actions = actions          # the screen's: is_top() (it shows and is built)
        self.moment = False             # a big moment is on the table and waits to be seen
        self.released = False           # Continue was pressed: the rest of the move plays, then on
        self.button = None
        self.in_bar = False             # Continue stands in the board's action bar

    @property
    def board_rect(self) -> pygame.Rect:
        return self.layout.board

    @property
    def animating(self) -> bool:
        return board_animating(self.board)

    def place(self) -> None:
        self.rect = self.layout.board

    @property
    def modal(self) -> bool:
        return self.waits_for_person()

    def prepare(self, speed: str, quiet: bool = False) -> None:
        """Before events play on the board: with a person at the table, a big moment stops
        on its last frame (the disc turned over, the layer lifted) until Continue, so the
        board does not move on (the next round, the refilled grid) while it is being seen."""
        self.board.hold_moments = bool(not quiet and speed != "off" and self.session.humans
                                       and not self.session.is_over())

    def board_held(self) -> bool:
        try:
            return bool(self.board.held)
        except Exception:  # noqa: BLE001 - asked every frame
            log.debug("held: fell back after an error", exc_info=True)
            return False

    def note(self, events, speed: str, quiet: bool = False) -> None:
        """Events were just played on the board: does one of them make the table stop?
        ``quiet``: the board was only brought up to date (no move was shown).  With the
        animations off the table stops only where a curtain could hide the moment (two
        people or more at this computer); one person sees the board as it is and the log."""
        if quiet or self.session.is_over():
            return
        if speed == "off" and len(self.session.humans) < 2:
            return
        try:
            found = bool(self.board.moments(events))
        except Exception:  # noqa: BLE001 - a view's hook must never stop the game
            log.warning("note_moment: fell back after an error", exc_info=True)
            found = False
        if found:
            self.moment = True
            self.released = False

    def waits_for_person(self) -> bool:
        return self.moment and bool(self.session.humans) and not self.released

    def holds(self) -> bool:
        """The table waits for the moment (True), or it may go on; a moment of computers only
        ends by itself once it has played and its message has gone."""
        if not self.moment:
            return False
        if self.waits_for_person():
            return True
        if self.animating or (not self.released and self.board.toasts_pending()):
            return True
        self.moment = False
        if self.released:                # the rest of the move has played: the curtain may come
            self.released = False
            if self.actions["is_top"]():
                self.screen.rebuild()
        return False

    def ready(self) -> bool:
        """The moment has played (or stands still on its last frame): Continue may be pressed."""
        return self.waits_for_person() and (not self.animating or self.board_held())

    def build(self) -> None:
        """The Continue button, once the moment has played: in the board's action bar (whose
        sentence waits meanwhile), else at the foot of the board (call in the screen's
        ``build``)."""
        self.button = None
        if not self.ready():
            return
        r = self.board_rect
        bar = self.board.bar_rect
        bottom = r.bottom - self.px(16)
        if isinstance(bar, pygame.Rect) and bar.h > 0 and bar.top > r.centery:
            bottom = min(bottom, bar.top - self.px(10))
        bw = min(r.w - self.px(80), self.px(320))
        bh = self.px(52)
        bar = self.bar_rect()
        self.in_bar = bar is not None
        if self.in_bar:                  # in the action bar (its sentence waits meanwhile): the
            bh = min(bh, bar.h - self.px(10))   # board stays whole for the moment and its words
            rect = (bar.right - bw - self.px(8), bar.centery - bh // 2, bw, bh)
        else:
            bottom = self.button_bottom(bottom, bw, bh)
            rect = (r.centerx - bw // 2, bottom - bh, bw, bh)
        self.button = self.screen.button(rect, tr("play.moment_go_on"), self.go_on,
                                         primary=True, key="moment", tooltip=tr("play.moment_tip"))
        self.screen.focus.focus_key("moment")

    def bar_rect(self):
        """The board's action bar at its foot, if Continue and its line fit in it (else None)."""
        bar = self.board.bar_rect
        r = self.board_rect
        if not isinstance(bar, pygame.Rect) or bar.h < self.px(36) or bar.top <= r.centery:
            return None
        fnt = ui.font(self.px(16), True)
        need = min(self.px(320), r.w - self.px(80)) + self.px(40) + min(fnt.size(tr("play.moment_tip"))[0],
                                                                      self.px(160))
        return bar if bar.w >= need else None

    def tip_height(self) -> int:
        return ui.font(self.px(16), True).get_linesize() + self.px(12) + self.px(6)

    def button_bottom(self, bottom: int, bw: int, bh: int) -> int:
        """Continue stands at the foot of the board, unless it would hide what the moment is
        about there (the view's ``moment_keep_clear()``, e.g. Hamster Burrow's timer row): then
        in the middle of the board (the messages stand at its top), else at its top."""
        try:
            keep = [pygame.Rect(k) for k in (self.board.moment_keep_clear() or [])]
        except Exception:  # noqa: BLE001 - a view's hook must never stop the game
            log.debug("moment_keep_clear: fell back after an error", exc_info=True)
            keep = []
        if not keep:
            return bottom
        r = self.board_rect
        tip = self.tip_height()
        fnt = ui.font(self.px(16), True)
        w = max(bw, min(r.w - self.px(60), fnt.size(tr("play.moment_tip"))[0]) + self.px(28))
        top_bottom = r.top + self.px(16) + tip + bh
        for b in (bottom, r.centery + (bh + tip) // 2, top_bottom):
            box = pygame.Rect(r.centerx - w // 2, b - bh - tip, w, bh + tip)
            if box.collidelist(keep) < 0:
                return b
        return bottom

    def follow(self) -> None:
        """Show Continue as soon as the moment has played (call every frame)."""
        if self.board_held() and (not self.moment or self.released):
            self.moment, self.released = True, False    # a second moment in one move
        if self.ready() and self.button is None and self.actions["is_top"]():
            self.screen.rebuild()

    def go_on(self) -> None:
        """Everybody has seen it: the table goes on (the curtain comes if it is due)."""
        if not self.moment:
            return
        self.button = None
        if self.board_held():            # the board goes on with the move; then the curtain
            self.board.release_moment()
            self.released = True
        else:
            self.moment = False
        if self.actions["shows"]():
            self.screen.rebuild()
        self.screen.focus.focus_key("curtain" if self.session.curtain_seat is not None
                                    and not self.moment else "board")

    def prevents(self, event) -> bool:
        """Continue itself (the screen's button) takes a click on it, never the board beneath."""
        btn, pos = self.button, pointer_pos(event)
        return btn is not None and pos is not None and btn.rect.collidepoint(pos)

    def on_event(self, event) -> bool:
        """While the table waits for the moment: Enter, Space or a click on the board go on;
        other clicks on the board do nothing.  True when the event was taken."""
        if not self.waits_for_person():
            return False
        if event.type == pygame.KEYDOWN and event.key in GO_ON_KEYS \
                and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            cur = self.screen.focus.current
            if cur is None or cur.key in ("board", "moment", "curtain"):
                if self.ready():
                    self.go_on()
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key not in (pygame.K_TAB, pygame.K_ESCAPE, pygame.K_F11) \
                and self.screen.focus.current is not None \
                and self.screen.focus.current.key in ("board", "moment"):
            return True                      # the board takes no move while the table waits
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and self.board_rect.collidepoint(event.pos):         # (the guide's bubble is above)
            btn = self.button
            if btn is not None and btn.rect.collidepoint(event.pos):
                return False                 # the button itself takes it
            if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 \
                    and self.ready():
                self.go_on()
            return True
        return False

    def on_draw(self, surface) -> None:
        """A quiet line over Continue: the table waits until everybody has seen it."""
        btn = self.button
        if btn is None or not self.ready():
            return
        r = btn.rect
        fnt = ui.font(self.px(16), True)
        text = tr("play.moment_tip")
        bar = self.bar_rect() if self.in_bar else None
        if bar is not None:              # the line beside Continue, over the waiting bar
            ui.draw_panel(surface, bar, fill=ui.mix(ui.colour("panel"), ui.colour("background"), 0.2),
                          edge=ui.colour("accent"), radius=self.px(10))
            room = pygame.Rect(bar.x + self.px(14), bar.y, r.x - bar.x - self.px(26), bar.h)
            lines = ui.wrap(text, fnt, room.w)
            if len(lines) > 2:
                fnt = ui.font(self.px(14), True)
                lines = ui.wrap(text, fnt, room.w)[:2]
            lh = fnt.get_linesize()
            y = room.centery - lh * len(lines) // 2
            for ln in lines:
                img = fnt.render(ln, True, ui.colour("text"))
                surface.blit(img, img.get_rect(midleft=(room.x, y + lh // 2)))
                y += lh
            return
        width = self.board_rect.w - self.px(60)
        fnt = ui.fit_font(text, fnt, width)
        w = min(width, fnt.size(text)[0]) + self.px(28)
        box = pygame.Rect(0, 0, w, fnt.get_linesize() + self.px(12))
        box.midbottom = (r.centerx, r.top - self.px(6))
        ui.draw_panel(surface, box, fill=ui.mix(ui.colour("panel"), ui.colour("background"), 0.2),
                      edge=ui.colour("accent"), radius=self.px(10))
        ui.draw_text(surface, text, fnt, ui.colour("text"), box.center, "center", max_width=width)
