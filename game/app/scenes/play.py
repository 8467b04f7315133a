"""The play scene, the same for every game: board (left) + side panel (right).

The board is drawn by the game's BoardView from what the session gives the viewing seat; the
session (``game/app/session.py``: the table, undo, log, computers, curtain) is this scene's only
way to the game.  The scene owns the side panel (``game/app/scenes/play_parts/panel.py``), the log box, Undo
and Menu, draws the "pass the device" curtain, and goes to the results once the final animation
has played.
"""
from __future__ import annotations

import logging
import pygame

from ...i18n import get_language, tr
from ...rules import GAMES, IllegalAction
from .. import ui
from ..words.names import follow_language, name_in_language
from ..views import make_board_view
from .base import Scene
from .play_parts.hint import HintButtonMixin
from .play_parts.guide import CoachBubbleMixin
from .play_parts.messages import BoardMessageMixin
from .play_parts.moment import MomentMixin
from .play_parts.panel import PlayPanelMixin

log = logging.getLogger(__name__)


class PlayScene(PlayPanelMixin, MomentMixin, CoachBubbleMixin, HintButtonMixin, BoardMessageMixin, Scene):
    name = "play"

    def __init__(self, app, session, auto_results: bool = True):
        super().__init__(app)
        self.session = session
        self.auto_results = auto_results
        self.board = make_board_view(session.game_id, session.seats, app.assets)
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.message = ""
        self.message_time = 0.0
        self.results_pending = session.is_over()
        self.log = ui.LogView()
        self.undo_button = None
        self.curtain_button = None
        self.confirm_undo = False          # asking before an undo into a turn handed on
        self._synced = False
        self._panel_img = None
        self._panel_key = None
        self._panel_shown = None           # what the panel last told, kept while the board moves
        self._log_held = 0                 # newest log entries not shown until the board is still
        self.focus.visible = False
        info = GAMES.get(session.game_id)
        self.info = info
        self.sounds = dict(getattr(info, "sounds", None) or {})   # event type -> sound
        self.follow_language_names()       # a save of another language: default names in this one
        self.turn_sound_pending = False    # "your turn" waits for the computers' move to be shown

    # ---- layout -------------------------------------------------------------------------------
    def layout(self) -> None:
        w, h = self.size
        m = self.px(14)
        pw = max(self.px(300), min(int(w * 0.31), self.px(420)))
        self.panel_rect = pygame.Rect(w - pw - m, m, pw, h - 2 * m)
        self.board_rect = pygame.Rect(m, m, w - pw - 3 * m, h - 2 * m)
        self.board.set_rect(self.board_rect.copy())
        ui.warm_fonts()          # a size of text first seen in play costs no frame

    def build(self) -> None:
        self.layout()
        p = self.panel_rect
        pad = self.px(14)
        bh = self.px(46)
        by = p.bottom - pad - bh
        bw = (p.w - 3 * pad) // 2
        self.curtain_button = None
        if self.confirm_undo and not self.session.can_undo():
            self.confirm_undo = False
        # the curtain's button comes first in the Tab order (it is the obvious one); it waits
        # while a big moment is on the table
        cs = None if (self.confirm_undo or self.moment) else self.session.curtain_seat
        if cs is not None:
            name = self.session.seats[cs]["name"]
            r = self.board_rect
            bw2 = min(r.w - self.px(80), self.px(420))
            self.curtain_button = self.button((r.centerx - bw2 // 2, r.centery + self.px(40), bw2, self.px(56)),
                                              tr("curtain.ready", name=name), self.clear_curtain,
                                              primary=True, key="curtain")
        else:
            self.focus.add(ui.FocusItem(lambda: self.board_rect, key="board"))
        self.undo_button = self.button((p.x + pad, by, bw, bh), tr("common.undo"), self.undo, key="undo",
                                       enabled=self.session.can_undo(), tooltip=tr("play.undo_tip"))
        self.button((p.x + 2 * pad + bw, by, bw, bh), tr("common.menu"), self.open_menu, key="menu",
                    tooltip=tr("play.menu_tip"))
        # no person left in play: the rest can be played at once
        self.finish_offered = self.session.no_human_in_play()
        self.hint_button = None
        if self.hint_offered() and not self.finish_offered:    # a person plays: Hint (key H)
            by -= pad + bh
            self.build_hint_button(self.beside_hint((p.x + pad, by, p.w - 2 * pad, bh)))
        if self.finish_offered:
            by -= pad + bh
            self.button((p.x + pad, by, p.w - 2 * pad, bh), tr("polish.finish"), self.finish_game,
                        primary=True, key="finish", tooltip=tr("polish.finish_tip"))
        # the log fills the space between the players and the buttons
        self.log_top = self._panel_content_bottom()
        lr = pygame.Rect(p.x + pad, self.log_top, p.w - 2 * pad, by - pad - self.log_top)
        if lr.h < self.px(60):
            lr.h = self.px(60)
        self.log_rect = lr
        self.log.set_rect(lr, self.scale)
        self.refresh_log(full=True)
        self.focus.add(ui.FocusItem(lambda: self.log_rect, key="log"))
        if self.confirm_undo:
            r = self.board_rect
            bw2 = min((r.w - self.px(100)) // 2, self.px(220))
            y = r.centery + self.px(20)
            self.button((r.centerx - bw2 - self.px(10), y, bw2, self.px(52)), tr("play.take_back"),
                        self.undo, primary=True, key="confirm_undo")
            self.button((r.centerx + self.px(10), y, bw2, self.px(52)), tr("play.keep_playing"),
                        self.cancel_undo, key="cancel_undo")
            self.focus.focus_key("cancel_undo")
        if cs is not None:
            self.focus.focus_key("curtain")
        self.build_moment()            # a big moment has played: Continue
        if not self._synced:
            self.sync_board()
            self._synced = True
        self.build_coach()             # a guided first game: the bubble and its buttons

    def beside_hint(self, rect) -> tuple:
        """The Hint button's room; a screen with a button of its own on that row (a table
        online: its messages) takes part of it and returns the rest."""
        return rect

    def follow_language_names(self) -> None:
        """Default seat names ("Player 1", "Computer 2") in the language shown now, on the board
        and at the table; names a player typed stay."""
        follow_language(getattr(self.board, "seats", None))
        table = getattr(self.session, "table", None)
        for seat in getattr(table, "seats", None) or []:
            new = name_in_language(seat.name)
            if new != seat.name:
                seat.name = new

    def on_language(self, lang: str) -> None:
        """Relabel the board, the panel and the log in the new language."""
        self.follow_language_names()
        hook = getattr(self.board, "on_language", None)
        if hook is not None:
            hook(lang)
        self._panel_img = None
        self._panel_key = None
        self.rebuild()

    def modal_focus(self) -> str | None:
        """The button that must have the focus now (a question, Continue, the curtain), or None."""
        if self.confirm_undo:
            return "cancel_undo"
        if self.moment_button is not None:
            return "moment"
        if self.curtain_button is not None:
            return "curtain"
        return None

    def rebuild(self) -> None:
        """Build again; the focus goes to the button that must have it, else it stays where it
        was, else (its item is gone: the guide's Play on, the curtain) it returns to the board."""
        cur = self.focus.current
        before = cur.key if cur is not None else None
        super().rebuild()
        want = self.modal_focus()
        now = self.focus.current
        if want is not None:
            self.focus.focus_key(want)
        elif before is None or now is None or now.key != before:
            self.focus.focus_key("board")

    def on_show(self) -> None:
        """Back from the menu, the rules or the settings: the keys go to the board again (or to
        the button that must be answered)."""
        self.focus.focus_key(self.modal_focus() or "board")
        self.coach_focus()

    def on_hide(self) -> None:
        """Covered by the menu, rules or settings: a thinking computer stops at once (it thinks
        the move afresh when this screen shows again)."""
        self.session.pause_thinking()

    # ---- log ------------------------------------------------------------------------------------
    def refresh_log(self, full: bool = False) -> None:
        """The log's sentences, rendered from the session's entries in the current language
        (a change of language renders the whole log again)."""
        lang = get_language()
        if full or lang != getattr(self, "_log_lang", None):
            log = self.session.log[:len(self.session.log) - self._log_held]
            self.log.set_lines(*self._lines_of(log[-self.log.MAX_LINES:]))
            self._log_lang = lang
        else:
            self.log.append(*self._lines_of(self.session.last_entries))

    def release_log(self) -> None:
        """The board has played what the held log lines tell: show them now."""
        held, self._log_held = self._log_held, 0
        if held > 0:
            self.log.append(*self._lines_of(self.session.log[-held:]))

    def _lines_of(self, entries) -> tuple[list, list]:
        """The sentences of log entries and, beside each, the entry it tells (for log clicks)."""
        pairs = [(line, e) for e in entries for line in self.session.render([e])]
        return [p[0] for p in pairs], [p[1] for p in pairs]

    def show_log_entry(self, pos) -> bool:
        """A click on a log line: the board shows that move's places again for a moment."""
        entry = self.log.entry_at(pos)
        show = getattr(self.board, "show_entry", None)
        if not (isinstance(entry, dict) and callable(show) and show(entry)):
            return False
        self.log.picked = self.log.line_at(pos)     # the line stays lit while the board shows it
        return True

    def show_older_log_move(self) -> bool:
        """Enter on the log: the newest move with places (the next older one while one shows)."""
        show = getattr(self.board, "show_entry", None)
        start = self.log.picked if self.log.picked is not None else len(self.log.entries)
        for i in range(min(start, len(self.log.entries)) - 1, -1, -1):
            e = self.log.entries[i]
            if isinstance(e, dict) and callable(show) and show(e):
                self.log.picked = i
                return True
        return False

    # ---- state changes ----------------------------------------------------------------------
    def sync_board(self) -> None:
        session = self.session
        self.board.sync(session.board_view(), session.legal_for_board(), session.viewing_seat())

    def _before_change(self) -> None:
        """Just before the session applies a move: what the panel and the bar tell now is kept
        while the board plays it (also with no frame in between)."""
        self.forget_hint_message()
        self.panel_facts()
        keep_bar = getattr(self.board, "shown_bar_items", None)
        if callable(keep_bar):
            keep_bar()

    def apply_action(self, action, animate: bool = True) -> list:
        """Apply an action of the seat to act (a person's choice): animate, log, sync, sounds."""
        before_curtain = self.session.curtain_seat
        self._before_change()
        update = self.session.act(action)
        if update is None:                 # the table is elsewhere: its answer comes by tick
            return []
        self.show_update(update, before_curtain, animate)
        return update.events

    def show_update(self, update, before_curtain=None, animate: bool = True) -> None:
        """Play a change of the table on the board: the events this screen may show (held-back
        simultaneous decisions are not shown yet), the log, the panel, sounds."""
        if update is None:
            return
        coach = self.session.coach
        if coach is not None and update.kind == "act":
            coach.observe(update.action, update.events, self.session.is_human(update.seat))
        shown = self.session.last_events
        speed = self.app.settings.speed if animate else "off"
        self.board.play(shown, speed)
        self.note_moment(shown, speed, quiet=not animate)
        if self.animating:                 # the log tells the move once the board has shown it
            self._log_held += len(self.session.last_entries)
        else:
            self.release_log()
            self.refresh_log()
        self.sync_board()
        if self.session.is_over():
            self.app.sounds.play("win")
            self.results_pending = True
            self.message_time = 0.0
            self.turn_sound_pending = False
        else:
            if shown:
                self.app.sounds.play(self.sound_for(shown))
            # a person is to play after a computer moved: "your turn" once the board is still
            self.turn_sound_pending = (update.kind == "act" and update.seat is not None
                                       and not self.session.is_human(update.seat)
                                       and self.session.human_to_act())
        if self.undo_button is not None:
            self._update_undo()
        if self.session.message:
            self.show_message(self.session.message)
        if (self.session.curtain_seat != before_curtain or self.moment_ready()) and self.built \
                and self.app.top is self:
            self.rebuild()

    def sound_for(self, events) -> str:
        """The sound of what just happened: the view's choice if it makes one, else the sound
        games.yaml gives (``sounds``) the event type listed first there among those that
        happened, else "move"."""
        pick = getattr(self.board, "sound_for", None)
        if callable(pick):
            name = pick(events)
            if name:
                return str(name)
        happened = {e.get("type") for e in events if isinstance(e, dict)}
        for kind, name in self.sounds.items():
            if kind in happened and name:
                return name
        return "move"

    def human_choice(self, result) -> None:
        if self.confirm_undo or self.moment_waits_for_person():
            return
        if isinstance(result, str):
            self.show_message(result)
            return
        if isinstance(result, dict) and self.session.human_to_act() and self.session.curtain_seat is None:
            clear = getattr(self.board, "clear_marks", None)
            if callable(clear):          # a person acts: the moves marked so far are seen
                clear()
            try:
                self.apply_action(result)
            except IllegalAction:      # the rules' reason is English: the screen says it its way
                self.show_message(tr("events.not_possible"))
                self.sync_board()

    def undo(self) -> None:
        """Undo; one that reaches back into a turn already handed on asks first."""
        if self.session.can_undo() and self.session.undo_needs_confirm() and not self.confirm_undo:
            self.confirm_undo = True
            if self.app.top is self:
                self.rebuild()
            return
        self.confirm_undo = False
        self._do_undo()

    def cancel_undo(self) -> None:
        self.confirm_undo = False
        if self.app.top is self:
            self.rebuild()

    def _do_undo(self) -> None:
        if not self.session.undo():
            if self.session.message:
                self.show_message(self.session.message)
            return
        self.forget_hint_message()
        self.results_pending = False
        self.turn_sound_pending = False
        self.moment = False
        if self.session.coach is not None:
            self.session.coach.on_undo()
        if callable(getattr(self.board, "clear_marks", None)):
            self.board.clear_marks()
        if callable(getattr(self.board, "finish", None)):
            self.board.finish()
        self._log_held, self._panel_shown = 0, None
        self.sync_board()
        self.refresh_log(full=True)
        self._update_undo()
        self.show_message(tr("play.taken_back"))
        if self.app.top is self:
            self.rebuild()

    def _update_undo(self) -> None:
        if self.undo_button is None:
            return
        if self.session.can_undo():
            self.undo_button.enable()
        else:
            self.undo_button.disable()

    def clear_curtain(self) -> None:
        self.session.clear_curtain()
        self.sync_board()
        self.rebuild()
        self.focus.focus_key("board")

    def finish_game(self) -> None:
        """Play the rest at once (no person is left in play), then the results."""
        if not self.session.no_human_in_play():
            return
        self.session.finish()
        self._log_held, self._panel_shown = 0, None
        self.refresh_log(full=True)
        self.sync_board()
        self._update_undo()
        if self.session.is_over():
            self.app.sounds.play("win")
            self.results_pending = True
        if self.app.top is self:
            self.rebuild()

    def pointer_left(self) -> None:
        """The pointer left the window: the board's hover light and tooltip go too."""
        super().pointer_left()
        hook = getattr(self.board, "pointer_left", None)
        if callable(hook):
            hook()

    def open_menu(self) -> None:
        self.app.open("pause", self)

    def on_back(self) -> None:
        if not self.board.handle_escape():
            self.open_menu()

    def stop(self) -> None:
        self.session.stop()

    @property
    def animating(self) -> bool:
        try:
            return bool(self.board.animating)
        except Exception:  # noqa: BLE001
            log.debug("animating: fell back after an error", exc_info=True)  # drawn every frame: quiet
            return False

    # ---- events ----------------------------------------------------------------------------------
    def on_event(self, event) -> bool:
        if self.moment_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_z and (event.mod & pygame.KMOD_CTRL):
                self.undo()
                return True
            if event.key == pygame.K_f and getattr(self, "finish_offered", False) \
                    and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                self.finish_game()
                return True
            if event.key == pygame.K_h and self.hint_button is not None \
                    and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                self.ask_hint()
                return True
            cur = self.focus.current
            if cur is not None and cur.key == "log" and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.show_older_log_move()
                return True
            if cur is not None and cur.key == "log":
                step = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: 8, pygame.K_PAGEDOWN: -8}.get(event.key)
                if step is not None:
                    self.log.scroll_by(step * self.px(20))
                    return True
            if cur is not None and cur.key == "board" and event.key not in (pygame.K_TAB, pygame.K_ESCAPE, pygame.K_F11):
                res = self.board.handle_event(event)
                if res is not None:
                    self.human_choice(res)
                return True
        if event.type == pygame.MOUSEWHEEL and self.log.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 \
                and self.log.rect.collidepoint(event.pos) and not self.over_coach(event.pos) \
                and self.show_log_entry(event.pos):
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            pos = getattr(event, "pos", None)
            if pos is None:
                pos = pygame.mouse.get_pos()
            over_ui = self.ui is not None and self.ui.get_hovering_any_element() \
                and not self.board_rect.collidepoint(pos) or self.over_coach(pos)
            if self.board_rect.collidepoint(pos) and not over_ui and not any(
                    b is not None and b.rect.collidepoint(pos) for b in (self.curtain_button, self.moment_button)):
                if event.type == pygame.MOUSEBUTTONDOWN:
                    self.focus.focus_key("board")
                    self.focus.visible = False
                res = self.board.handle_event(event)
                if res is not None:
                    self.human_choice(res)
                    return True
        return super().on_event(event)

    # ---- frame ---------------------------------------------------------------------------------------
    def board_idle(self) -> bool:
        """The board view says whether anything on it moves or waits (``is_idle``); a view
        without that hook is idle when it neither animates nor shows a fading toast."""
        try:
            hook = getattr(self.board, "is_idle", None)
            if callable(hook):
                return bool(hook())
            return not self.animating and not getattr(self.board, "_toasts", None)
        except Exception:  # noqa: BLE001 - a broken hook must not freeze the screen
            log.debug("board_idle: fell back after an error", exc_info=True)  # drawn every frame: quiet
            return False

    def wants_frame(self) -> bool:
        session = self.session
        return (not self.board_idle() or self.results_pending or self.message_time > 0
                or (session.computers_enabled and session.computer_to_act() and not self.coach_holds_computers())
                or self.hint_busy())

    def on_update(self, dt: float) -> None:
        self.board.update(dt)
        if self._log_held and not self.animating:
            self.release_log()
        if self.log.picked is not None and not self.board.flash_places():
            self.log.picked = None
        if self.message_time > 0:
            self.message_time -= dt
        if self.turn_sound_pending and not self.animating:
            self.turn_sound_pending = False
            if self.session.human_to_act():
                self.app.sounds.play("turn")
        if self.results_pending:
            if not self.animating and self.auto_results:
                self.results_pending = False
                clear = getattr(self.board, "clear_toasts", None)
                if callable(clear):       # no half-hidden caption or panel under the dialog
                    clear()
                self.board.under_results = True
                self.app.open("results", self)
            return
        self.poll_hint()
        self.update_hint_button()
        self.update_coach()
        self.update_moment()
        if self.confirm_undo or self.coach_holds_computers() or self.moment_holds():   # the computers wait
            return
        if self.built and self.session.no_human_in_play() != getattr(self, "finish_offered", False) \
                and self.app.top is self:
            self.rebuild()                # the last person just went out: offer to finish
        before_curtain = self.session.curtain_seat
        update = self.session.tick(dt, self.animating, self.app.settings.speed,
                                   getattr(self.app.settings, "computer_speed", None),
                                   getattr(self.app.settings, "expert_think", None),
                                   before=self._before_change)
        if update is not None:
            self.show_update(update, before_curtain)

    def on_draw(self, surface) -> None:
        ui.draw_background(surface, strata=False)
        self.board.draw(surface)
        self.draw_hint(surface)
        if self.confirm_undo:
            self._draw_confirm(surface)
        elif self.session.curtain_seat is not None and not self.moment:
            self._draw_curtain(surface)
        self.draw_moment(surface)
        self._draw_panel(surface)
        self._draw_toast(surface)       # after the panel: the hint's sentence stands over its log
        self.draw_coach(surface)        # over the log when no corner of the board is free

    def _draw_confirm(self, surface) -> None:
        r = self.board_rect
        ui.draw_panel(surface, r, fill=ui.mix(ui.colour("background"), ui.colour("panel"), 0.5),
                      radius=self.px(18))
        ui.draw_text(surface, tr("play.ask_undo"), ui.font(self.px(28), True),
                     ui.colour("accent"), (r.centerx, r.centery - self.px(60)), "center",
                     max_width=r.w - self.px(40))
        ui.draw_text(surface, tr("play.ask_undo_why"), ui.font(self.px(18)),
                     ui.colour("text_muted"), (r.centerx, r.centery - self.px(20)), "center",
                     max_width=r.w - self.px(40))

    def _draw_curtain(self, surface) -> None:
        r = self.board_rect
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
