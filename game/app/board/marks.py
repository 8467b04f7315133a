"""Each seat's last move, marked on the board until the next human action (``LastMoves``).

The kit keeps, per seat, the events of that seat's latest move as the screen received them
(``note_events``); a view says in one method, ``move_places(event)``, which places an event
touched: a list of ``(role, place, rect)`` with role "from", "to" or "at", the place in the
game's own terms (a cell, a point, a hole number) and its rect on screen now. The marks are
drawn (``draw_marks``) as a thin outline in the seat's colour with the seat's marking shape on
the places reached, so they read without colour too; never while a move is still playing.
``clear_marks()`` drops them (the play scene calls it when a person acts) and ``show_entry(e)``
highlights one logged event's places for a moment (a click on a log line).

Public hooks for tests: ``last_marks()`` {seat: [(role, place)]} and ``flash_places()``.
"""
from __future__ import annotations

import logging
import pygame

from .. import ui

log = logging.getLogger(__name__)

FLASH_SECONDS = 2.0


def _seat_of(ev) -> int | None:
    s = ev.get("seat") if isinstance(ev, dict) else None
    return s if isinstance(s, int) and not isinstance(s, bool) else None


class LastMoves:
    """Mixin for ``KitView``: the last move of each seat and the log's highlight."""

    _marks: dict
    _flash: tuple | None = None
    MARKS_RESET: tuple = ()      # event types after which only this batch's moves stay (a new round)

    def move_places(self, ev: dict) -> list:
        """[(role, place, rect)] the event touched (views override; default: none)."""
        return []

    def _places(self, ev) -> list:
        try:
            return list(self.move_places(ev) or []) if isinstance(ev, dict) else []
        except Exception:  # noqa: BLE001 - a mark must never stop the game
            log.debug("_places: fell back after an error", exc_info=True)  # drawn every frame: quiet
            return []

    def note_events(self, events) -> None:
        """Remember the events just played as the latest move of each seat they belong to; an
        event without a seat belongs to the seat of the event before it."""
        if not hasattr(self, "_marks") or self._marks is None:
            self._marks = {}
        fresh: set = set()
        seat = None
        for ev in events or []:
            if not isinstance(ev, dict):
                continue
            if ev.get("type") in self.MARKS_RESET:     # moves before this batch go
                self._marks = {s: m for s, m in self._marks.items() if s in fresh}
                self._changed = True
                continue
            seat = _seat_of(ev) if _seat_of(ev) is not None else seat
            if seat is None or not self._places(ev):
                continue
            if seat not in fresh:
                self._marks[seat] = []
                fresh.add(seat)
            self._marks[seat].append(dict(ev))
        if fresh:
            self._changed = True

    def clear_marks(self) -> None:
        """Forget every seat's last move (a person acts, or a move is taken back)."""
        if getattr(self, "_marks", None):
            self._changed = True
        self._marks = {}

    def show_entry(self, ev) -> bool:
        """Highlight a logged event's places for a moment; False if it names none."""
        if not self._places(ev):
            return False
        self._flash = (dict(ev), FLASH_SECONDS)
        self._changed = True
        return True

    def last_marks(self) -> dict:
        """{seat: [(role, place)]} of the marks on the board now (public hook for tests)."""
        out = {}
        for seat, evs in (getattr(self, "_marks", None) or {}).items():
            out[seat] = [(role, place) for ev in evs for role, place, _r in self._places(ev)]
        return out

    def flash_places(self) -> list:
        """[(role, place)] highlighted from the log now, [] when none (public hook for tests)."""
        if self._flash is None:
            return []
        return [(role, place) for role, place, _r in self._places(self._flash[0])]

    def _update_flash(self, dt: float) -> None:
        if self._flash is not None:
            left = self._flash[1] - dt
            self._flash = (self._flash[0], left) if left > 0 else None
            self._changed = True

    # ---- drawing ------------------------------------------------------------------------------
    def _mark_one(self, surface, seat, role: str, rect, width: int, glow: bool = False) -> None:
        pal = self._palette(seat) if seat is not None else {}
        rgb = ui._to_rgb(pal.get("rgb"), ui.colour("accent")) if pal else ui.colour("accent")
        r = pygame.Rect(rect).inflate(width * 2, width * 2)
        radius = max(3, min(r.w, r.h) // 4)
        if glow:
            halo = r.inflate(width * 4, width * 4)
            pygame.draw.rect(surface, ui.colour("accent"), halo, width * 2, border_radius=radius + width)
        if role == "from":          # the place left: a dotted ring of short dashes
            step = max(4, width * 3)
            for x in range(r.x, r.right, step * 2):
                pygame.draw.line(surface, rgb, (x, r.y), (min(x + step, r.right), r.y), width)
                pygame.draw.line(surface, rgb, (x, r.bottom - 1), (min(x + step, r.right), r.bottom - 1), width)
            for y in range(r.y, r.bottom, step * 2):
                pygame.draw.line(surface, rgb, (r.x, y), (r.x, min(y + step, r.bottom)), width)
                pygame.draw.line(surface, rgb, (r.right - 1, y), (r.right - 1, min(y + step, r.bottom)), width)
            return
        pygame.draw.rect(surface, rgb, r, width, border_radius=radius)
        size = max(4, int(min(r.w, r.h) * 0.11))
        centre = (r.right - size, r.y + size)
        ui.draw_marking(surface, pal.get("marking", "circle") if pal else "circle", centre, size,
                        rgb, ui._to_rgb(pal.get("dark"), (0, 0, 0)) if pal else None)

    def draw_marks(self, surface) -> None:
        """Draw each seat's last move and the log's highlight (nothing while a move plays)."""
        if self.animating or self.rect is None:
            return
        width = max(2, self._px(2))
        for seat, evs in (getattr(self, "_marks", None) or {}).items():
            for ev in evs:
                for role, _place, rect in self._places(ev):
                    self._mark_one(surface, seat, role, rect, width)
        if self._flash is not None:
            ev = self._flash[0]
            for role, _place, rect in self._places(ev):
                self._mark_one(surface, _seat_of(ev), role, rect, width + 1, glow=True)
