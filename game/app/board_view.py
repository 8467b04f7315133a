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
    view.score_texts()                        # scores as the viewing seat may see them, or None
    result = view.handle_event(pygame_event)  # an Action (the human chose it), a str (why that
                                              # click is not allowed: shown to the player), or None

``seats`` is a list of dicts: {"name": str, "colour": int (palette index), "kind": "human" |
"computer", "level": str}.  A view never changes the state: it only proposes actions that are in
``legal``.
"""
from __future__ import annotations

from collections import deque
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

    def targets(self) -> list[dict]:
        """What a click can do right now: [{"kind": "cell" | "button" | ..., "key": str,
        "center": (x, y)}] (tests drive real windows with it); [] if the view does not say."""
        return []

    def score_texts(self) -> list[str] | None:
        """Each seat's score as the side panel shows it, from what the viewing seat may see
        (e.g. "12 + ?" when face-down cards hide points), or None: the state's scores()."""
        return None


class Step:
    """One queued animation step: ``kind`` and its event, ``dur`` seconds, ``t`` elapsed."""
    __slots__ = ("kind", "ev", "dur", "t", "data")

    def __init__(self, kind: str, ev: dict, dur: float):
        self.kind, self.ev, self.dur, self.t = kind, ev, max(0.01, dur), 0.0
        self.data: dict = {}


class AnimatedBoardView(BoardView):
    """A BoardView that plays its events as a queue of timed steps.

    Subclasses fill ``self._queue`` with ``Step``s in ``play()`` and implement
    ``_step_start(step)``, ``_step_apply(step, progress)`` (optional, every frame) and
    ``_step_end(step)``; ``_reconcile()`` brings the display in line with the view once nothing
    moves, and ``_prewarm()`` may build one cached surface per idle frame.
    """

    def __init__(self, game_id: str, seats: list[dict], assets: Any):
        super().__init__(game_id, seats, assets)
        self._queue: deque = deque()
        self._cur: Step | None = None
        self._toasts: list = []
        self._time = 0.0
        self._dirty = True

    @property
    def animating(self) -> bool:
        return bool(self._cur is not None or self._queue)

    def _flush(self) -> None:
        """Finish every queued step at once."""
        while self._cur is not None or self._queue:
            if self._cur is None:
                self._cur = self._queue.popleft()
                self._step_start(self._cur)
            self._step_end(self._cur)
            self._cur = None
        self._dirty = True

    def update(self, dt: float) -> None:
        dt = max(0.0, float(dt))
        self._time += dt
        for t in self._toasts:
            t["t"] += dt
        self._toasts = [t for t in self._toasts if t["t"] < t["life"]]
        budget = dt
        guard = 0
        while (self._cur is not None or self._queue) and guard < 200:
            guard += 1
            if self._cur is None:
                self._cur = self._queue.popleft()
                self._step_start(self._cur)
            st = self._cur
            use = min(budget, st.dur - st.t)
            st.t += use
            budget -= use
            if st.t >= st.dur - 1e-9:
                self._step_end(st)
                self._cur = None
                continue
            self._step_apply(st, st.t / st.dur)
            break
        if not self.animating and self._dirty and self.view is not None:
            self._reconcile()
        elif not self.animating:
            self._prewarm()

    def _step_start(self, st: Step) -> None:
        pass

    def _step_apply(self, st: Step, p: float) -> None:
        pass

    def _step_end(self, st: Step) -> None:
        pass

    def _reconcile(self) -> None:
        self._dirty = False

    def _prewarm(self) -> None:
        pass
