"""The one animator of the board views: speeds, easing and the queue of timed steps.

Speed has one meaning everywhere (the Settings choice, ``SPEEDS``):
  * ``normal`` -- every duration as the view gives it;
  * ``fast``   -- every duration divided by 3;
  * ``off``    -- nothing moves: the display jumps to the new state and no toast is shown
                  (the log says what happened).
A view gives its durations per event type (``DURATIONS``) and turns events into ``Step``s;
``Animator`` runs them one after the other.
"""
from __future__ import annotations

import math
from collections import deque

SPEEDS = ("normal", "fast", "off")
SPEED_FACTOR = {"normal": 1.0, "fast": 1.0 / 3.0, "off": 0.0}


def factor(speed: str) -> float:
    """The duration factor of a speed (an unknown speed counts as "off")."""
    return SPEED_FACTOR.get(speed, 0.0)


# ---- easing: the one set every view uses ---------------------------------------------------------
def clamp01(t: float) -> float:
    return 0.0 if t < 0 else 1.0 if t > 1 else t


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def ease_in_out(t: float) -> float:
    t = clamp01(t)
    return t * t * (3 - 2 * t)


def ease_out_cubic(t: float) -> float:
    t = clamp01(t)
    return 1 - (1 - t) ** 3


def ease_in_cubic(t: float) -> float:
    t = clamp01(t)
    return t * t * t


def ease_out_back(t: float, s: float = 1.7) -> float:
    t = clamp01(t) - 1
    return t * t * ((s + 1) * t + s) + 1


def pulse(time: float, rate: float = 4.0) -> float:
    """0..1..0 for glowing highlights."""
    return 0.5 + 0.5 * math.sin(time * rate)


class Step:
    """One queued animation step: ``kind`` and its event, ``dur`` seconds, ``t`` elapsed."""
    __slots__ = ("kind", "ev", "dur", "t", "data")

    def __init__(self, kind: str, ev: dict, dur: float):
        self.kind, self.ev, self.dur, self.t = kind, ev, max(0.01, dur), 0.0
        self.data: dict = {}


class Animator:
    """Runs steps in order, calling ``start(step)``, ``apply(step, progress)`` every frame and
    ``end(step)``; ``flush()`` finishes everything at once."""

    def __init__(self, start, apply, end):
        self._start, self._apply, self._end = start, apply, end
        self.queue: deque = deque()
        self.cur: Step | None = None
        #: ``hold_when(step)``: True stops the queue on that step's last frame (a big moment
        #: stays on the board) until ``release()``
        self.hold_when = None
        self.held = False

    def release(self) -> None:
        """Go on after a held step: it ends and the rest of the queue plays."""
        self.held = False

    @property
    def busy(self) -> bool:
        return self.cur is not None or bool(self.queue)

    def add(self, step: Step) -> None:
        self.queue.append(step)

    def flush(self) -> None:
        self.held = False
        while self.busy:
            if self.cur is None:
                self.cur = self.queue.popleft()
                self._start(self.cur)
            self._end(self.cur)
            self.cur = None

    def update(self, dt: float) -> None:
        if self.held:
            return
        budget = dt
        guard = 0
        while self.busy and guard < 200:
            guard += 1
            if self.cur is None:
                self.cur = self.queue.popleft()
                self._start(self.cur)
            st = self.cur
            use = min(budget, st.dur - st.t)
            st.t += use
            budget -= use
            if st.t >= st.dur - 1e-9:
                if self.hold_when is not None and not st.data.get("held") and self.hold_when(st):
                    st.data["held"] = True       # its last frame stays until release()
                    self.held = True
                    self._apply(st, 1.0)
                    break
                self._end(st)
                self.cur = None
                continue
            self._apply(st, st.t / st.dur)
            break


# ---- copies of what a view shows ----------------------------------------------------------------
def data_copy(value):
    """A deep copy of view data (dicts, lists, tuples and sets of plain values), as
    ``copy.deepcopy`` makes it but several times faster: a view copies the whole state it shows
    when a move starts and ends, inside a frame.  Anything else is handed to deepcopy."""
    kind = type(value)
    if kind is dict:
        return {k: data_copy(v) for k, v in value.items()}
    if kind is list:
        return [data_copy(v) for v in value]
    if kind in _PLAIN_DATA:
        return value
    if kind is tuple:
        return tuple(data_copy(v) for v in value)
    if kind is set:
        return {data_copy(v) for v in value}
    import copy
    return copy.deepcopy(value)


_PLAIN_DATA = frozenset((str, int, float, bool, type(None)))
