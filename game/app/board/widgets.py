"""Toasts, the tooltip and the modal dialog of the board views.

* ``Toasts``: short messages that fade in over the board and out again, one at a time: the
  next waits in a queue until the one on show has had its time, which is long enough to read
  it (``read_time``: by its length, at every speed).
* ``Tooltip``: a text shown after the pointer rested ``TOOLTIP_DELAY`` seconds on a target.
* ``Dialog``: a list of rows to choose one of (Up/Down or N/P, Enter, a click; Esc closes it).
"""
from __future__ import annotations

import pygame

from .. import ui
from . import anim

TOAST_LIFE = 2.2          # seconds a toast stays (normal speed; fast: half as long, never shorter)
TOAST_PX = 18
TOOLTIP_DELAY = 0.45      # seconds the pointer rests before a tooltip shows


READ_CHARS_PER_SECOND = 16.0   # a slow reader's pace: a toast stays this long per letter
READ_MAX = 6.0            # no toast stays longer than this
QUEUE_MAX = 4             # toasts waiting behind the one on show (older waiting ones drop)


def toast_life(speed: str) -> float:
    return TOAST_LIFE * max(0.5, anim.factor(speed))


def read_time(text: str, life: float = 0.0) -> float:
    """How long a toast stays: long enough to read its text (by its length; the speed of the
    animations never makes it shorter), at least ``life``."""
    return min(READ_MAX, max(float(life), 1.0 + len(str(text)) / READ_CHARS_PER_SECOND, 1.6))


class Toasts:
    """The one toast queue: ``items[0]`` is on show, the rest wait their turn."""

    def __init__(self):
        self.items: list = []

    @property
    def pending(self) -> bool:
        return bool(self.items)

    def clear(self) -> None:
        self.items = []

    def add(self, assets, text: str, life: float, width: int, k: float) -> None:
        def px(v):
            return max(1, int(round(v * k)))
        f = ui.fit_font(str(text), assets.font(px(TOAST_PX), True), max(40, width))
        img = f.render(ui.ellipsize(str(text), f, max(40, width)), True, ui.colour("text"))
        pad_x, pad_y = px(16), px(8)
        surf = pygame.Surface((img.get_width() + 2 * pad_x, img.get_height() + 2 * pad_y), pygame.SRCALPHA)
        r = surf.get_rect()
        pygame.draw.rect(surf, (*ui.mix(ui.colour("panel"), (0, 0, 0), 0.25), 235), r, border_radius=px(12))
        pygame.draw.rect(surf, (*ui.colour("accent"), 255), r, width=max(2, px(2)), border_radius=px(12))
        surf.blit(img, (pad_x, pad_y))
        if any(t.get("text") == str(text) for t in self.items[1:]):
            return                        # the same words already wait their turn
        self.items.append({"surf": surf, "t": 0.0, "life": read_time(text, life), "text": str(text)})
        if len(self.items) > QUEUE_MAX + 1:   # a long burst: the oldest waiting ones give way
            self.items = self.items[:1] + self.items[-QUEUE_MAX:]

    def update(self, dt: float, keep_last: bool = False) -> None:
        """Time passes; ``keep_last``: the last toast stays on show (a held moment's words)."""
        while self.items and dt > 0:
            t = self.items[0]
            if keep_last and len(self.items) == 1:
                t["t"] = max(t["t"], min(t["t"] + dt, t["life"] - 0.45))
                break
            use = min(dt, t["life"] - t["t"])
            t["t"] += use
            dt -= use
            if t["t"] >= t["life"] - 1e-9:
                self.items.pop(0)
            else:
                break

    @property
    def showing(self) -> str | None:
        """The text of the toast on show, or None."""
        return self.items[0]["text"] if self.items else None

    def draw(self, surface, anchor, gap: int) -> None:
        cx, y, _ = anchor
        for t in self.items[:1]:
            img = t["surf"]
            a = 1.0
            if t["t"] < 0.15:
                a = t["t"] / 0.15
            elif t["t"] > t["life"] - 0.4:
                a = max(0.0, (t["life"] - t["t"]) / 0.4)
            img.set_alpha(int(255 * a))
            r = img.get_rect(midtop=(int(cx), int(y)))
            surface.blit(img, r)
            y += r.h + gap


class Tooltip:
    """Which target the pointer rests on and since when; ``ready`` once the delay is over."""

    def __init__(self):
        self.key = None
        self.wait = 0.0

    def point(self, key) -> None:
        if key != self.key:
            self.key, self.wait = key, TOOLTIP_DELAY

    def update(self, dt: float) -> None:
        if self.key is not None and self.wait > 0:
            self.wait = max(0.0, self.wait - dt)

    @property
    def pending(self) -> bool:
        return self.key is not None and self.wait > 0

    @property
    def ready(self) -> bool:
        return self.key is not None and self.wait <= 0


class Dialog:
    """A modal choice: ``rows`` (label, value); ``sel`` is the keyboard's row."""

    def __init__(self, title: str, rows: list, visible: int = 6):
        self.title, self.rows, self.visible = title, list(rows), max(1, visible)
        self.sel, self.scroll = 0, 0

    def move(self, d: int) -> None:
        self.sel = max(0, min(len(self.rows) - 1, self.sel + d))
        if self.sel < self.scroll:
            self.scroll = self.sel
        elif self.sel >= self.scroll + self.visible:
            self.scroll = self.sel - self.visible + 1

    def chosen(self):
        return self.rows[self.sel][1] if self.rows else None
