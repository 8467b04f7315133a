"""The play screen of a table played from several computers: the same board, panel, log, hint
and animations as at one computer (``PlayScene``), plus what a table online needs:

* the changes that come from the network are played one at a time like any other
  (``session.tick``); a take-back or a fresh picture after a reconnection shows the board and
  the whole log again;
* the table's notices are told over the board: a quick message ("Anna: Good move!"), someone
  away or back, a refusal, a lost connection (with a button to try again);
* "your turn": a sound and the window's taskbar entry flashing (where the system allows) when
  the window is in the background;
* the *Table* button (beside Hint) opens the quick messages and, for the host, the away seats
  to hand to a computer; leaving the screen for good leaves the table (the host's closes).
"""
from __future__ import annotations

import warnings

import pygame

from ...i18n import tr
from ...net.protocol import QUICK
from ..scenes.play import PlayScene
from .errors import sentence


def quick_text(message) -> str:
    return tr(f"online.quick.{message}") if message in QUICK else ""


def flash_window() -> bool:
    """Ask the system to flash the window's taskbar entry until it is focused (False where it
    cannot: no window manager, an old SDL)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            pygame.Window.from_display_module().flash(pygame.FLASH_UNTIL_FOCUSED)
        return True
    except (AttributeError, pygame.error, TypeError, ValueError):
        return False


class OnlinePlayScene(PlayScene):
    name = "play"

    def __init__(self, app, session, auto_results: bool = True):
        super().__init__(app, session, auto_results)
        self._mine = session.human_to_act()
        self.turn_calls = 0            # how often "your turn" was called from the background
        self.reconnect_button = None
        self.table_button = None

    # ---- widgets ------------------------------------------------------------------------------
    def beside_hint(self, rect) -> tuple:
        x, y, w, h = rect
        gap = self.px(10)
        half = (w - gap) // 2
        self.table_button = self.button((x + half + gap, y, w - half - gap, h),
                                        tr("online.table_button"), self.open_table, key="table",
                                        tooltip=tr("online.table_tip"))
        return (x, y, half, h)

    def build(self) -> None:
        self.table_button = None
        super().build()
        self.reconnect_button = None
        if self.session.can_reconnect():
            r = self.board_rect
            bw = min(r.w - self.px(80), self.px(360))
            self.reconnect_button = self.button(
                (r.centerx - bw // 2, r.centery + self.px(30), bw, self.px(56)),
                tr("online.reconnect"), self.reconnect, primary=True, key="reconnect")

    def wake_after(self) -> float | None:
        """A seat lost for good is tried again by itself: the idle window wakes for it."""
        base = super().wake_after()
        retry = getattr(self.session, "retry_in", lambda: None)()
        if retry is None:
            return base
        return retry + 0.05 if base is None else min(base, retry + 0.05)

    def open_table(self) -> None:
        self.app.open("online_menu", self)

    def reconnect(self) -> None:
        self.session.reconnect()
        if self.app.top is self:
            self.rebuild()

    def debug_info(self) -> dict:
        s = self.session
        return {"online": s.online, "seat": s.viewing_seat(), "connection":
                getattr(s, "connection", None), "code": getattr(s, "code", None)}

    # ---- changes ------------------------------------------------------------------------------
    def show_update(self, update, before_curtain=None, animate: bool = True) -> None:
        """A take-back, or the whole picture again after a reconnection: the board and the log
        are shown as they now stand (nothing to animate)."""
        if update is None or update.kind not in ("undo", "state"):
            super().show_update(update, before_curtain, animate)
            return
        self.forget_hint_message()
        self.board.clear_marks()
        self.board.finish()
        self.confirm_undo = False
        self.sections.panel.reset()
        self.results_pending = self.session.is_over()
        self.sync_board()
        self.refresh_log(full=True)
        self._update_undo()
        if update.kind == "undo":
            seats = self.session.seats
            who = update.seat if isinstance(update.seat, int) and update.seat < len(seats) else None
            if who is None or self.session.is_human(who):
                self.show_message(tr("play.taken_back"))
            else:
                self.show_message(tr("online.notice.taken_back", name=seats[who]["name"]))
        if self.built and self.app.top is self:
            self.rebuild()

    def on_update(self, dt: float) -> None:
        super().on_update(dt)
        for notice in self.session.poll_notices():
            self.notice(notice)
        mine = self.session.human_to_act()
        if mine and not self._mine:
            self.your_turn()
        self._mine = mine

    def your_turn(self) -> None:
        """A sound and a flashing taskbar entry when the window is in the background."""
        if pygame.display.get_init() and pygame.key.get_focused():
            return
        self.turn_calls += 1
        self.app.sounds.play("turn")
        flash_window()

    def notice(self, notice: tuple) -> None:
        kind = notice[0]
        seats = self.session.seats

        def name(seat):
            return seats[seat]["name"] if isinstance(seat, int) and 0 <= seat < len(seats) else "?"
        if kind == "said":
            text = quick_text(notice[2])
            if text:
                self.show_message(tr("online.said", name=name(notice[1]), message=text), 5.0,
                                  tone="hint")
        elif kind == "away":
            key = "online.notice.away_host" if self.session.online == "host" else \
                "online.notice.away"
            self.show_message(tr(key, name=name(notice[1])), 6.0)
        elif kind == "back":
            self.show_message(tr("online.notice.back", name=name(notice[1])), 4.0, tone="hint")
        elif kind == "error":
            self.show_message(sentence(notice[1]))
            self.sync_board()
            self._update_undo()
        elif kind == "reconnected":
            self.show_message(tr("online.notice.reconnected"), 4.0, tone="hint")
        elif kind == "note":
            self.show_message(str(notice[1]), 10.0)
        if kind in ("closed", "reconnected") and self.built and self.app.top is self:
            self.rebuild()              # the button to try again comes or goes

    # ---- leaving ------------------------------------------------------------------------------
    def on_leave(self) -> None:
        """The screen is left for good (title, another game): the table is left (closed, for
        the host: it was saved and *Continue* hosts it again)."""
        self.session.close()
