"""The interface between the play scene and a game's board drawing.

The play scene (``game/app/scenes/play.py``) is the same for every game: it owns the state,
asks humans and computers for actions, autosaves, undoes, shows the log and the side panel.
Everything that is particular to one game's board lives in a ``BoardView`` subclass,
registered in ``game/app/views/__init__.py``:

    view = make_board_view("moles", seats, assets)
    view.set_rect(rect)                       # where to draw (window resized: called again)
    view.sync(state.view(seat), legal, seat)  # after every change; legal=None when no human acts
    view.play(events, speed)                  # animate the events apply() returned
    view.animating                            # True while something moves
    view.update(dt)                           # dt in seconds
    view.draw(surface)
    view.handle_escape()                      # Esc: True if the view used it (else: pause menu)
    result = view.handle_event(pygame_event)  # an Action (the human chose it), a str (why that
                                              # click is not allowed: shown to the player), or None

``seats`` is a list of dicts: {"name": str, "colour": int (palette index), "kind": "human" |
"computer", "level": str}.  A view never changes the state: it only proposes actions that are in
``legal``.
"""
from __future__ import annotations

from typing import Any


class BoardView:
    def __init__(self, game_id: str, seats: list[dict], assets: Any):
        self.game_id = game_id
        self.seats = seats
        self.assets = assets
        self.rect = None
        self.view: dict | None = None
        self.legal: list | None = None
        self.seat: int | None = None

    # layout -----------------------------------------------------------------------------
    def set_rect(self, rect) -> None:
        self.rect = rect

    # state ------------------------------------------------------------------------------
    def sync(self, view: dict, legal: list | None, seat: int | None) -> None:
        self.view, self.legal, self.seat = view, legal, seat

    def play(self, events: list, speed: str = "normal") -> None:
        """Queue animations for ``events``; speed is "normal", "fast" or "off"."""

    @property
    def animating(self) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface) -> None:
        raise NotImplementedError

    def handle_event(self, event) -> Any:
        return None

    def handle_escape(self) -> bool:
        """Esc was pressed: drop a selection or close a detail view and return True, or return
        False and the play scene opens the pause menu."""
        return False

    def status_lines(self) -> list[str]:
        """Short game-specific lines for the side panel (e.g. 'Layer 2 of 4')."""
        return []
