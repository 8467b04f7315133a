"""The board-view contract: what the play scene calls on every game's screen (see the package
docstring), with the seat helpers every screen uses.

Every hook the play screen, its sections, the replay and the results call is declared here with
its default (``HOOKS`` lists them; ``tests/project/test_board_contract.py`` checks that every
game's view has each and that no screen asks a board with ``getattr``).  A default is what a
view that says nothing about it means: no header to keep clear, no moments, no marks."""
from __future__ import annotations

import logging

from typing import Any

import pygame

from ...i18n import tr
from .. import ui

log = logging.getLogger(__name__)


#: the hooks of the contract the screens call (methods and attributes), each declared below
HOOKS = (
    # layout, state, frames
    "seats", "set_rect", "sync", "play", "animating", "is_idle", "update", "draw", "finish",
    "on_language", "pointer_left", "under_results", "clear_toasts", "toasts_pending",
    # input
    "handle_event", "handle_escape", "targets", "get_targets", "clicks_for", "chosen_target_keys",
    # the side panel, the log, sounds
    "status_lines", "score_texts", "shown_bar_items", "clear_marks", "show_entry", "flash_places",
    "sound_for", "moments", "hold_moments", "held", "release_moment", "moment_keep_clear",
    # where the screen's messages and the guide's bubble may stand
    "bar_rect", "message_top", "message_area", "message_places", "message_keep_clear",
    # the results screen
    "draw_results",
)


class BoardView:
    #: the action bar's rect when the view has one at its foot (messages, Continue and the
    #: guide's bubble stay above it); None: no bar
    bar_rect: pygame.Rect | None = None

    #: the results dialog is open over the board: a view leaves out its own end-of-game panel
    under_results = False

    #: the results screen's picture of the game's end: a method ``draw_results(surface, rect,
    #: state)``, or None (no picture)
    draw_results = None

    def __init__(self, game_id: str, seats: list[dict], assets: Any):
        self.game_id = game_id
        self.seats = seats
        self.assets = assets
        self.rect = None
        self.view: dict | None = None
        self.legal: list | None = None
        self.seat: int | None = None
        self._changed = True

    def __init_subclass__(cls, **kwargs):
        """Every ``draw`` marks the view as drawn and every event as changed (``is_idle`` needs
        to know), wherever the subclass (or its mixins) define them."""
        super().__init_subclass__(**kwargs)
        inner = cls.draw
        if not getattr(inner, "_marks", False):
            def draw(self, surface, _inner=inner):
                _inner(self, surface)
                self._changed = False
            draw._marks = True
            draw.__doc__ = inner.__doc__
            cls.draw = draw
        handler = cls.handle_event
        if not getattr(handler, "_marks", False):
            def handle_event(self, event, _inner=handler):
                self._changed = True      # hover, focus or a selection may change
                return _inner(self, event)
            handle_event._marks = True
            handle_event.__doc__ = handler.__doc__
            cls.handle_event = handle_event

    # layout -----------------------------------------------------------------------------
    def set_rect(self, rect) -> None:
        self.rect = rect
        self._changed = True

    # state ------------------------------------------------------------------------------
    def sync(self, view: dict, legal: list | None, seat: int | None) -> None:
        self.view, self.legal, self.seat = view, legal, seat
        self._changed = True

    def play(self, events: list, speed: str = "normal") -> None:
        """Queue animations for ``events``; speed is "normal", "fast" or "off" (``anim``)."""

    @property
    def animating(self) -> bool:
        return False

    def is_idle(self) -> bool:
        """True when nothing animates, no toast or tooltip timer runs and nothing changed since
        the last ``draw``: the app may then sleep until the next event."""
        return not self.animating and not self._changed

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface) -> None:
        raise NotImplementedError

    def handle_event(self, event) -> Any:
        return None

    def finish(self) -> None:
        """Finish every animation still queued at once (a take-back, a replay's jump)."""

    def on_language(self, lang: str) -> None:
        """The language changed while the view shows: drop drawn texts, lay out again."""

    def pointer_left(self) -> None:
        """The pointer left the window: no hover light or tooltip stays behind."""

    def clear_toasts(self) -> None:
        """Drop the captions still on show (the results dialog opens: it says it all)."""

    #: the play screen sets this before ``play()``: a big moment stops on its last frame
    #: (``held``) until ``release_moment()`` (a person at the table presses Continue)
    hold_moments = False

    @property
    def held(self) -> bool:
        """True while a big moment stands still on the board, waiting for Continue."""
        return False

    def release_moment(self) -> None:
        """Continue was pressed: the held moment ends and the rest of the move plays."""

    def moment_keep_clear(self) -> list:
        """Rects Continue must leave in sight when it cannot stand in the action bar (what a
        big moment is about, e.g. Hamster Burrow's timer row); []: nothing."""
        return []

    def toasts_pending(self) -> bool:
        """True while captions are still to be read (a big moment of computers waits for them)."""
        return False

    def handle_escape(self) -> bool:
        """Esc: close a dialog or drop a half-made choice and return True, or return False and
        the play scene opens the pause menu."""
        return False

    def status_lines(self) -> list[str]:
        """Short game-specific lines for the side panel (e.g. 'Layer 2 of 4')."""
        return []

    def targets(self) -> list[dict]:
        """What a click can do right now: [{"kind", "key", "center", ...}] (tests and the
        real-window driver use it); [] if the view does not say."""
        return []

    def get_targets(self) -> list:
        """The board's live ``Target``s (the hint and the guide light some of them); []: none."""
        return []

    def chosen_target_keys(self) -> set:
        """The keys of targets already picked for a choice being built (the guide rings only
        the ones still to choose)."""
        return set()

    def clicks_for(self, action: dict) -> list[str] | None:
        """The keys of the targets to activate, in order, to propose ``action`` (None: the view
        does not say)."""
        return None

    def score_texts(self) -> list[str] | None:
        """Each seat's score as the side panel shows it, from what the viewing seat may see, or
        None: the state's scores()."""
        return None

    def shown_bar_items(self) -> list:
        """The action bar as drawn; asked just before a move is applied, so that while it plays
        the bar keeps telling what it told before."""
        return []

    def clear_marks(self) -> None:
        """Forget the last moves marked on the board (a person acts, a move is taken back)."""

    def show_entry(self, entry: dict) -> bool:
        """Light a logged event's places for a moment (a click on a log line); False when the
        view shows none for it."""
        return False

    def flash_places(self) -> list:
        """[(role, place)] lit from the log now; [] when none."""
        return []

    def sound_for(self, events: list) -> str | None:
        """The sound of what just happened, or None: the one games.yaml gives."""
        return None

    def moments(self, events: list) -> list:
        """The events among ``events`` that are big moments: the table stops until they have
        been seen.  []: none."""
        return []

    def message_top(self) -> int | None:
        """Where the screen's messages may start at the earliest (below a header that stays in
        sight), or None: near the top of the board."""
        return None

    def message_area(self) -> pygame.Rect | None:
        """The part of the board a message is centred over, or None: the whole board."""
        return None

    def message_places(self) -> list:
        """Further rects a message may stand at the top or bottom of (a card grid, a hand)."""
        return []

    def message_keep_clear(self) -> list:
        """Rects a message covers as little of as it can (the seat cards)."""
        return []

    # ---- seats --------------------------------------------------------------------------
    def seat_name(self, seat) -> str:
        """Public hook: the name a seat is shown by."""
        return self._name(seat)

    def _name(self, seat) -> str:
        """The seat's name: from the setup, else from the view, else "Player N"."""
        if seat is None:
            return ""
        if self.seats and 0 <= seat < len(self.seats) and self.seats[seat].get("name"):
            return str(self.seats[seat]["name"])
        v = self.view or {}
        names = v.get("names") or [s.get("name") for s in v.get("seats") or [] if isinstance(s, dict)]
        if 0 <= seat < len(names) and names[seat]:
            return str(names[seat])
        return tr("seat.player_n", number=seat + 1)

    def _is_computer(self, seat) -> bool:
        return bool(self.seats and seat is not None and 0 <= seat < len(self.seats)
                    and self.seats[seat].get("kind") == "computer")

    def _palette(self, seat: int) -> dict:
        """The seat's colour entry ({"rgb", "dark", "marking", "name", ...})."""
        ci = seat
        if self.seats and 0 <= seat < len(self.seats):
            ci = self.seats[seat].get("colour", seat)
        try:
            return self.assets.seat(int(ci))
        except Exception:  # noqa: BLE001 - no assets (tests): the palette itself
            log.debug("_palette: fell back after an error", exc_info=True)  # drawn every frame: quiet
            pal = ui.seat_palette()
            return pal[int(ci) % len(pal)]
