"""Targets: what a player can point at on a board, and the hover / focus over them.

A ``Target`` is a piece, a place or a bar button, with where it is (``pos`` centre, or ``rect``),
what it does (``action``: an action from ``legal``; or None when activating it selects, e.g. a
mole to move) and how the hit-test treats it (``radius`` around ``pos``). ``Focus`` holds the
hovered and the keyboard-focused key and moves the focus with the one keyboard scheme.
"""
from __future__ import annotations

import math


class Target:
    __slots__ = ("kind", "key", "pos", "rect", "action", "label", "value", "radius", "enabled",
                 "tooltip", "bar")

    def __init__(self, kind, key, pos=None, rect=None, action=None, label="", value=None,
                 radius=0.0, enabled=True, tooltip="", bar=False):
        self.kind, self.key, self.pos, self.rect = kind, key, pos, rect
        self.action, self.label, self.value = action, label, value
        self.radius, self.enabled, self.tooltip, self.bar = radius, enabled, tooltip, bar

    @property
    def center(self) -> tuple:
        if self.rect is not None:
            return tuple(self.rect.center)
        return (int(self.pos[0]), int(self.pos[1]))

    def hit(self, pos) -> bool:
        if self.rect is not None:
            return self.rect.collidepoint(pos)
        if self.pos is None:
            return False
        return math.hypot(pos[0] - self.pos[0], pos[1] - self.pos[1]) <= self.radius

    def public(self) -> dict:
        return {"kind": self.kind, "key": str(self.key), "center": self.center,
                "enabled": bool(self.enabled), "action": self.action, "label": self.label}


def nearest(targets: list, cur, direction) -> object:
    """The key of the nearest target from ``cur`` in ``direction`` (dx, dy); when there is none
    that way, the next (right/down) or previous (left/up) one in the list."""
    keys = [t.key for t in targets]
    ct = targets[keys.index(cur)]
    cx, cy = ct.center
    dx, dy = direction
    best, best_score = None, None
    for t in targets:
        if t.key == cur:
            continue
        x, y = t.center
        ox, oy = x - cx, y - cy
        along = ox * dx + oy * dy
        if along <= 0:
            continue
        score = along + abs(ox * dy - oy * dx) * 2.2
        if best_score is None or score < best_score:
            best, best_score = t.key, score
    if best is None:
        i = keys.index(cur)
        best = keys[(i + (1 if (dx > 0 or dy > 0) else -1)) % len(keys)]
    return best


class Focus:
    """Hover (mouse) and focus (keyboard) over a list of targets; ``keyboard`` is True while the
    keyboard was used last (the focus ring shows only then)."""

    PREFER = ("button",)      # the kinds the first key press focuses first

    def __init__(self):
        self.hover = None
        self.focus = None
        self.keyboard = False

    def keep(self, targets: list) -> None:
        keys = {t.key for t in targets}
        if self.focus not in keys:
            self.focus = None
        if self.hover not in keys:
            self.hover = None

    def is_hot(self, key) -> bool:
        return key is not None and (key == self.hover or (key == self.focus and self.keyboard))

    def first(self, targets: list, prefer=None):
        for kind in prefer or self.PREFER:
            for t in targets:
                if t.kind == kind:
                    return t.key
        return targets[0].key if targets else None

    def step(self, targets: list, name: str, arg=None, prefer=None) -> None:
        """Move the focus: ``name`` is "next", "prev" or "move" (arg: (dx, dy))."""
        if not targets:
            return
        self.keyboard = True
        keys = [t.key for t in targets]
        cur = self.focus if self.focus in keys else None
        if cur is None:
            self.focus = keys[-1] if name == "prev" else (keys[0] if name == "next" else self.first(targets, prefer))
            return
        if name == "move":
            self.focus = nearest(targets, cur, arg)
        else:
            i = keys.index(cur)
            self.focus = keys[(i + (-1 if name == "prev" else 1)) % len(keys)]

    def current(self, targets: list):
        for t in targets:
            if t.key == self.focus:
                return t
        return None
