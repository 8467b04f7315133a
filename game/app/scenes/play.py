"""The play scene, the same for every game: board (left) + side panel (right).

The board is drawn by the game's BoardView from what the session gives the viewing seat; the
session (``game/app/session.py``: the table, undo, log, computers, curtain) is this scene's only
way to the game.  The screen is made of sections (``play_parts/sections.py``), each with its own
rect, drawing and input: the board, the cover over it (the "pass the device" curtain, the undo
question), the hint's rings and button, a big moment's Continue, the side panel with the log and
its buttons, the short messages and the guide's bubble.  The scene owns their ``SectionManager``,
lays them out, hands them the events and the frames, and keeps the table going: moves, undo,
sounds, the results once the final animation has played.
"""
from __future__ import annotations

import logging
import pygame

from ...i18n import tr
from ...rules import GAMES, IllegalAction
from .. import ui
from ..words.names import follow_language, name_in_language
from ..views import make_board_view
from .base import Scene
from .play_parts.board_area import BoardSection, CoverSection
from .play_parts.guide import GuideSection
from .play_parts.hint import HintSection
from .play_parts.messages import MessagesSection
from .play_parts.moment import MomentSection
from .play_parts.panel import PlayPanelSection
from .play_parts.sections import PlayLayout, SectionManager, board_animating

log = logging.getLogger(__name__)


class PlayScene(Scene):
    name = "play"

    def __init__(self, app, session, auto_results: bool = True):
        super().__init__(app)
        self.session = session
        self.auto_results = auto_results
        self.board = make_board_view(session.game_id, session.seats, app.assets)
        self.rects = PlayLayout()      # where the sections stand (``layout()``)
        self.results_pending = session.is_over()
        self.log = ui.LogView()
        self._synced = False
        self.focus.visible = False
        info = GAMES.get(session.game_id)
        self.info = info
        self.sounds = dict(getattr(info, "sounds", None) or {})   # event type -> sound
        self.follow_language_names()       # a save of another language: default names in this one
        self.turn_sound_pending = False    # "your turn" waits for the computers' move to be shown
        self.sections = self._make_sections()

    def _make_sections(self) -> SectionManager:
        """The screen's parts, each told what it needs; offered events in this order (modal
        ones first), drawn in their ``draw_order``."""
        lay, session, board = self.rects, self.session, self.board
        cover = CoverSection(self, lay, session, {"clear_curtain": self.clear_curtain, "undo": self.undo,
                                                  "cancel_undo": self.cancel_undo})
        messages = MessagesSection(self, lay, session, board)
        hint = HintSection(self, lay, session, board, messages, cover)
        guide = GuideSection(self, lay, session, board, messages, cover, {"is_top": self._is_top})
        moment = MomentSection(self, lay, session, board, {"is_top": self._is_top, "shows": self._shows})
        panel = PlayPanelSection(self, lay, session, board, self.info, self.log, hint,
                                 {"undo": self.undo, "menu": self.open_menu, "finish": self.finish_game,
                                  "beside_hint": self.beside_hint})
        cover.moment = moment
        messages.hint, messages.guide = hint, guide
        manager = SectionManager()
        for part in (guide, moment, panel, hint, cover, BoardSection(self, lay, board, self.human_choice),
                     messages):
            manager.add(part)
        return manager

    def _shows(self) -> bool:
        return self.app.top is self

    def _is_top(self) -> bool:
        return self.built and self.app.top is self

    # ---- what tests and the screens around it read ----------------------------------------------
    @property
    def board_rect(self) -> pygame.Rect:
        return self.rects.board

    @property
    def panel_rect(self) -> pygame.Rect:
        return self.rects.panel

    @property
    def log_rect(self) -> pygame.Rect | None:
        return self.rects.log

    @property
    def message(self) -> str:
        return self.sections.messages.message

    @message.setter
    def message(self, text: str) -> None:
        self.sections.messages.message = text

    @property
    def message_time(self) -> float:
        return self.sections.messages.message_time

    @message_time.setter
    def message_time(self, seconds: float) -> None:
        self.sections.messages.message_time = seconds

    def show_message(self, text: str, seconds: float = 4.0, tone: str = "warning") -> None:
        """A short message over the board: ``tone`` "warning" (a refusal, a problem) or "hint"."""
        self.sections.messages.show(text, seconds, tone)

    def forget_hint_message(self) -> None:
        self.sections.hint.forget()

    @property
    def moment(self) -> bool:
        return self.sections.moment.moment

    @property
    def moment_button(self):
        return self.sections.moment.button

    @property
    def curtain_button(self):
        return self.sections.cover.curtain_button

    @property
    def confirm_undo(self) -> bool:
        return self.sections.cover.asking

    @confirm_undo.setter
    def confirm_undo(self, asking: bool) -> None:
        self.sections.cover.asking = asking

    @property
    def undo_button(self):
        return self.sections.panel.undo_button

    @property
    def hint_button(self):
        return self.sections.hint.button

    @property
    def finish_offered(self) -> bool:
        return self.sections.panel.finish_offered

    @property
    def coach(self):
        return self.sections.guide.coach

    @property
    def coach_rect(self) -> pygame.Rect | None:
        return self.sections.guide.bubble

    # ---- layout -------------------------------------------------------------------------------
    def layout(self) -> None:
        """The board, the panel and every section placed for the window's size."""
        self.rects.place(self.size, self.px)
        self.sections.place()
        ui.warm_fonts()          # a size of text first seen in play costs no frame

    def build(self) -> None:
        """The sections placed for the window, then the widgets in the Tab order: the curtain's
        button (or the board), the panel's buttons and the log, the undo question, Continue,
        the guide's bubble."""
        self.layout()
        parts = self.sections
        if not parts.cover.build_curtain():
            parts.board.build()
        parts.panel.build()
        parts.cover.build_question()
        parts.moment.build()           # a big moment has played: Continue
        if not self._synced:
            self.sync_board()
            self._synced = True
        parts.guide.build()            # a guided first game: the bubble and its buttons

    def beside_hint(self, rect) -> tuple:
        """The Hint button's room; a screen with a button of its own on that row (a table
        online: its messages) takes part of it and returns the rest."""
        return rect

    def follow_language_names(self) -> None:
        """Default seat names ("Player 1", "Computer 2") in the language shown now, on the board
        and at the table; names a player typed stay."""
        follow_language(self.board.seats)
        table = getattr(self.session, "table", None)
        for seat in getattr(table, "seats", None) or []:
            new = name_in_language(seat.name)
            if new != seat.name:
                seat.name = new

    def on_language(self, lang: str) -> None:
        """Relabel the board, the panel and the log in the new language."""
        self.follow_language_names()
        self.board.on_language(lang)
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
        self.sections.guide.focus()

    def on_hide(self) -> None:
        """Covered by the menu, rules or settings: a thinking computer stops at once (it thinks
        the move afresh when this screen shows again)."""
        self.session.pause_thinking()

    # ---- state changes ----------------------------------------------------------------------
    def sync_board(self) -> None:
        session = self.session
        self.board.sync(session.board_view(), session.legal_for_board(), session.viewing_seat())

    def refresh_log(self, full: bool = False) -> None:
        self.sections.panel.refresh_log(full)

    def _before_change(self) -> None:
        """Just before the session applies a move: what the panel and the bar tell now is kept
        while the board plays it (also with no frame in between)."""
        self.sections.hint.forget()
        self.sections.panel.panel_facts()
        self.board.shown_bar_items()

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
        self.sections.moment.prepare(speed, quiet=not animate)
        self.board.play(shown, speed)
        self.sections.moment.note(shown, speed, quiet=not animate)
        panel = self.sections.panel
        if self.animating:                 # the log tells the move once the board has shown it
            panel.log_held += len(self.session.last_entries)
        else:
            panel.release_log()
            panel.refresh_log()
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
        if (self.session.curtain_seat != before_curtain or self.sections.moment.ready()) and self.built \
                and self.app.top is self:
            self.rebuild()

    def sound_for(self, events) -> str:
        """The sound of what just happened: the view's choice if it makes one, else the sound
        games.yaml gives (``sounds``) the event type listed first there among those that
        happened, else "move"."""
        name = self.board.sound_for(events)
        if name:
            return str(name)
        happened = {e.get("type") for e in events if isinstance(e, dict)}
        for kind, name in self.sounds.items():
            if kind in happened and name:
                return name
        return "move"

    def human_choice(self, result) -> None:
        if self.confirm_undo or self.sections.moment.waits_for_person():
            return
        if isinstance(result, str):
            self.show_message(result)
            return
        if isinstance(result, dict) and self.session.human_to_act() and self.session.curtain_seat is None:
            self.board.clear_marks()       # a person acts: the moves marked so far are seen
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
        self.sections.hint.forget()
        self.results_pending = False
        self.turn_sound_pending = False
        self.sections.moment.moment = self.sections.moment.released = False
        if self.session.coach is not None:
            self.session.coach.on_undo()
        self.board.clear_marks()
        self.board.finish()
        self.sections.panel.reset()
        self.sync_board()
        self.refresh_log(full=True)
        self._update_undo()
        self.show_message(tr("play.taken_back"))
        if self.app.top is self:
            self.rebuild()

    def _update_undo(self) -> None:
        self.sections.panel.update_undo()

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
        self.sections.panel.reset()
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
        self.board.pointer_left()

    def open_menu(self) -> None:
        self.app.open("pause", self)

    def on_back(self) -> None:
        if not self.board.handle_escape():
            self.open_menu()

    def stop(self) -> None:
        self.session.stop()

    @property
    def animating(self) -> bool:
        return board_animating(self.board)

    # ---- events ----------------------------------------------------------------------------------
    def on_event(self, event) -> bool:
        """The sections first (modal ones first, each the events meant for it), then the
        screen's widgets and keys (Tab, Esc, the buttons)."""
        if event.type == pygame.MOUSEMOTION and not self.board_rect.collidepoint(event.pos):
            self.board.pointer_left()      # off the board: its hover light and tooltip go
        if self.sections.dispatch(event):
            return True
        return super().on_event(event)

    # ---- frame ---------------------------------------------------------------------------------------
    def board_idle(self) -> bool:
        """The board view says whether anything on it moves or waits (``is_idle``)."""
        try:
            return bool(self.board.is_idle())
        except Exception:  # noqa: BLE001 - a broken hook must not freeze the screen
            log.debug("board_idle: fell back after an error", exc_info=True)  # drawn every frame: quiet
            return False

    def wants_frame(self) -> bool:
        session = self.session
        parts = self.sections
        return (not self.board_idle() or self.results_pending or parts.messages.wants_frame()
                or (session.computers_enabled and session.computer_to_act()
                    and not parts.guide.holds_computers())
                or parts.hint.wants_frame())

    def on_update(self, dt: float) -> None:
        parts = self.sections
        parts.update(dt)               # the board, the log held back, the message's time
        if self.turn_sound_pending and not self.animating:
            self.turn_sound_pending = False
            if self.session.human_to_act():
                self.app.sounds.play("turn")
        if self.results_pending:
            if not self.animating and self.auto_results:
                self.results_pending = False
                self.board.clear_toasts()     # no half-hidden caption or panel under the dialog
                self.board.under_results = True
                self.app.open("results", self)
            return
        parts.hint.follow()
        parts.guide.follow()
        parts.moment.follow()
        if self.confirm_undo or parts.guide.holds_computers() or parts.moment.holds():   # the computers wait
            return
        if self.built and self.session.no_human_in_play() != self.finish_offered \
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
        self.sections.draw(surface)
