"""The board-view contract: what the play scene calls on every game's screen (see the package
docstring), with the seat helpers every screen uses."""
from __future__ import annotations

import logging

from typing import Any

from ...i18n import tr
from .. import ui

log = logging.getLogger(__name__)


class BoardView:
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

    def clicks_for(self, action: dict) -> list[str] | None:
        """The keys of the targets to activate, in order, to propose ``action`` (None: the view
        does not say)."""
        return None

    def score_texts(self) -> list[str] | None:
        """Each seat's score as the side panel shows it, from what the viewing seat may see, or
        None: the state's scores()."""
        return None

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
