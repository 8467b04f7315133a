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

    # ---- seats --------------------------------------------------------------------------
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
        return f"Player {seat + 1}"

    def _is_computer(self, seat) -> bool:
        return bool(self.seats and seat is not None and 0 <= seat < len(self.seats)
                    and self.seats[seat].get("kind") == "computer")

    def _palette(self, seat: int) -> dict:
        """The seat's colour entry ({"rgb", "dark", "marking", "name", ...})."""
        from . import ui
        ci = seat
        if self.seats and 0 <= seat < len(self.seats):
            ci = self.seats[seat].get("colour", seat)
        try:
            return self.assets.seat(int(ci))
        except Exception:  # noqa: BLE001 - no assets (tests): the palette itself
            pal = ui.seat_palette()
            return pal[int(ci) % len(pal)]

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

    TOAST_PX = 18            # toast font size at scale 1

    def __init__(self, game_id: str, seats: list[dict], assets: Any):
        super().__init__(game_id, seats, assets)
        self._k = 1.0            # drawing scale: subclasses set it from their rect
        self._texts: dict = {}   # rendered text, see _text()
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

    MIN_SCALE = 0.7          # the drawing scale never goes below this

    def set_rect(self, rect) -> None:
        """Takes the new board rect, sets the scale ``_k`` (1.0 for a 900x640 board) and calls
        ``_on_resize()`` to lay out again; the same rect again changes nothing."""
        import pygame
        rect = pygame.Rect(rect)
        if self.rect is not None and pygame.Rect(self.rect) == rect:
            return
        self.rect = rect
        self._k = max(self.MIN_SCALE, min(3.6, min(rect.w / 900.0, rect.h / 640.0)))
        self._on_resize()

    def _on_resize(self) -> None:
        """Drop what was drawn for the old size and lay out again."""

    def _px(self, v: float) -> int:
        """``v`` pixels at scale 1, at the current scale."""
        return max(1, int(round(v * self._k)))

    def _text(self, text: str, px: int, colour, bold: bool = False, width: int | None = None):
        """Rendered text (cached); cut with "..." to ``width`` pixels if given."""
        key = (text, px, tuple(colour), bold, width)
        img = self._texts.get(key)
        if img is None:
            if len(self._texts) > 1200:
                self._texts.clear()
            f = self.assets.font(px, bold)
            if width is not None:
                from . import ui
                text = ui.ellipsize(str(text), f, max(10, width))
            img = f.render(str(text), True, colour)
            self._texts[key] = img
        return img

    # ---- toasts: short messages that fade in over the board and out again ----------------
    def _toast_anchor(self) -> tuple[int, int, int]:
        """(centre x, top y, widest text) of the toast stack; subclasses place it."""
        r = self.rect
        return (r.centerx, r.y + self._px(12), r.w - self._px(60)) if r is not None else (0, 0, 400)

    def _add_toast(self, text: str, life: float) -> None:
        import pygame

        from . import ui
        f = self.assets.font(self._px(self.TOAST_PX), True)
        width = max(40, self._toast_anchor()[2])
        img = f.render(ui.ellipsize(str(text), f, width), True, ui.colour("text"))
        pad_x, pad_y = self._px(16), self._px(8)
        surf = pygame.Surface((img.get_width() + 2 * pad_x, img.get_height() + 2 * pad_y), pygame.SRCALPHA)
        r = surf.get_rect()
        pygame.draw.rect(surf, (*ui.mix(ui.colour("panel"), (0, 0, 0), 0.25), 235), r,
                         border_radius=self._px(12))
        pygame.draw.rect(surf, (*ui.colour("accent"), 255), r, width=max(2, self._px(2)),
                         border_radius=self._px(12))
        surf.blit(img, (pad_x, pad_y))
        self._toasts.append({"surf": surf, "t": 0.0, "life": max(0.8, life)})
        self._toasts = self._toasts[-3:]

    def _draw_toasts(self, surface) -> None:
        if not self._toasts:
            return
        cx, y, _ = self._toast_anchor()
        for t in self._toasts:
            img = t["surf"]
            a = 1.0
            if t["t"] < 0.15:
                a = t["t"] / 0.15
            elif t["t"] > t["life"] - 0.4:
                a = max(0.0, (t["life"] - t["t"]) / 0.4)
            img.set_alpha(int(255 * a))
            r = img.get_rect(midtop=(int(cx), int(y)))
            surface.blit(img, r)
            y += r.h + self._px(6)

    # ---- steps --------------------------------------------------------------------------------
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
