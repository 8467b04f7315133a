"""The board's part of the play screen: ``BoardSection`` (the game's board view: drawn, updated,
given the keys while it has the focus and the pointer while it is over it) and ``CoverSection``
(over the board: the "pass the device" curtain with its button, and the question before an undo
into a turn already handed on)."""
from __future__ import annotations

import pygame

from ....i18n import tr
from ... import ui
from .sections import Section, pointer_pos


class BoardSection(Section):
    """The board view in the layout's board rect.  ``choose(result)`` is the screen's: what a
    click or key on the board proposed (an action, or a sentence why not)."""

    name = "board"
    draw_order = 0

    def __init__(self, screen, layout, board, choose):
        super().__init__(screen, layout)
        self.board = board
        self.choose = choose

    def place(self) -> None:
        self.rect = self.layout.board
        self.board.set_rect(self.rect.copy())

    def build(self) -> None:
        """The board in the focus ring (not while the curtain's button must be pressed)."""
        self.screen.focus.add(ui.FocusItem(lambda: self.layout.board, key="board"))

    def on_update(self, dt: float) -> None:
        self.board.update(dt)

    def on_draw(self, surface) -> None:
        self.board.draw(surface)

    def on_event(self, event) -> bool:
        focus = self.screen.focus
        if event.type == pygame.KEYDOWN:
            cur = focus.current
            if cur is not None and cur.key == "board" \
                    and event.key not in (pygame.K_TAB, pygame.K_ESCAPE, pygame.K_F11):
                res = self.board.handle_event(event)
                if res is not None:
                    self.choose(res)
                return True
            return False
        if pointer_pos(event) is None:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            focus.focus_key("board")
            focus.visible = False
        res = self.board.handle_event(event)
        if res is not None:
            self.choose(res)
            return True
        return False


class CoverSection(Section):
    """Over the board: the curtain (the seat to play next, and its "I am ready" button) and the
    undo question (``asking``: Take back / Keep playing).  The curtain waits while a big moment
    is on the table (``moment``).  ``actions`` are the screen's: ``clear_curtain``, ``undo``,
    ``cancel_undo``."""

    name = "cover"
    draw_order = 20

    def __init__(self, screen, layout, session, actions: dict):
        super().__init__(screen, layout)
        self.session = session
        self.actions = actions
        self.moment = None              # the MomentSection (set once it is made)
        self.asking = False             # asking before an undo into a turn handed on
        self.curtain_button = None

    def place(self) -> None:
        self.rect = self.layout.board

    def curtain_seat(self):
        """The seat the curtain waits for, or None (none while the undo question or a big
        moment is on the table)."""
        if self.asking or (self.moment is not None and self.moment.moment):
            return None
        return self.session.curtain_seat

    def build_curtain(self) -> bool:
        """The curtain's button, first in the Tab order (it is the obvious one); True when the
        curtain shows."""
        self.curtain_button = None
        if self.asking and not self.session.can_undo():
            self.asking = False
        cs = self.curtain_seat()
        if cs is None:
            return False
        name = self.session.seats[cs]["name"]
        r = self.rect
        bw2 = min(r.w - self.px(80), self.px(420))
        self.curtain_button = self.screen.button(
            (r.centerx - bw2 // 2, r.centery + self.px(40), bw2, self.px(56)),
            tr("curtain.ready", name=name), self.actions["clear_curtain"], primary=True, key="curtain")
        return True

    def build_question(self) -> None:
        """Take back / Keep playing while the undo question is asked."""
        if not self.asking:
            return
        r = self.rect
        bw2 = min((r.w - self.px(100)) // 2, self.px(220))
        y = r.centery + self.px(20)
        button = self.screen.button
        button((r.centerx - bw2 - self.px(10), y, bw2, self.px(52)), tr("play.take_back"),
               self.actions["undo"], primary=True, key="confirm_undo")
        button((r.centerx + self.px(10), y, bw2, self.px(52)), tr("play.keep_playing"),
               self.actions["cancel_undo"], key="cancel_undo")
        self.screen.focus.focus_key("cancel_undo")

    def prevents(self, event) -> bool:
        """The curtain's button (the screen's) takes a click on it, never the board beneath."""
        btn, pos = self.curtain_button, pointer_pos(event)
        return btn is not None and pos is not None and btn.rect.collidepoint(pos)

    def on_draw(self, surface) -> None:
        if self.asking:
            self.draw_question(surface)
        elif self.session.curtain_seat is not None and not (self.moment is not None and self.moment.moment):
            self._draw_curtain(surface)

    def draw_question(self, surface) -> None:
        r = self.rect
        ui.draw_panel(surface, r, fill=ui.mix(ui.colour("background"), ui.colour("panel"), 0.5),
                      radius=self.px(18))
        ui.draw_text(surface, tr("play.ask_undo"), ui.font(self.px(28), True),
                     ui.colour("accent"), (r.centerx, r.centery - self.px(60)), "center",
                     max_width=r.w - self.px(40))
        ui.draw_text(surface, tr("play.ask_undo_why"), ui.font(self.px(18)),
                     ui.colour("text_muted"), (r.centerx, r.centery - self.px(20)), "center",
                     max_width=r.w - self.px(40))

    def _draw_curtain(self, surface) -> None:
        r = self.rect
        ui.draw_panel(surface, r, fill=ui.mix(ui.colour("background"), ui.colour("panel"), 0.5),
                      radius=self.px(18))
        seat = self.session.curtain_seat
        name = self.session.seats[seat]["name"]
        pal = ui.seat_palette()
        sc = pal[self.session.seats[seat]["colour"] % len(pal)]
        ui.draw_swatch(surface, sc, pygame.Rect(r.centerx - self.px(30), r.centery - self.px(140),
                                                self.px(60), self.px(60)))
        ui.draw_text(surface, tr("curtain.pass_to", name=name), ui.font(self.px(34), True), ui.colour("accent"),
                     (r.centerx, r.centery - self.px(50)), "center", max_width=r.w - self.px(40))
        ui.draw_text(surface, tr("play.look_away"), ui.font(self.px(18)),
                     ui.colour("text_muted"), (r.centerx, r.centery), "center", max_width=r.w - self.px(40))
