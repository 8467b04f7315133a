"""Waking the window from another thread: a table at another computer sent something.

The network runs in threads of its own (``game/net``); what arrives waits in their queues, and
``post()`` puts one ``WAKE`` event on pygame's queue so that an idle window (asleep in
``pygame.event.wait``) wakes at once and its screen drains the queues in its next update.  A
burst of messages posts one event: the flag is cleared when the app handles it (``handled``),
before the screen reads the queues, so nothing that arrives after is left unread.  The event is
not input: it does not keep the window at the full frame rate (``App.step``).
"""
from __future__ import annotations

import threading

import pygame
from pygame_gui import _constants as _gui_events


def _free_type() -> int:
    """A new event type that is none of pygame_gui's: pygame hands them out from a counter
    that starts again when the display is closed, so after a display closed (a test's window,
    a restart of the video system) the next one could be a number pygame_gui already uses;
    the window then swallowed every button press as a wake-up."""
    taken = {v for k, v in vars(_gui_events).items() if k.startswith("UI_") and isinstance(v, int)}
    kind = pygame.event.custom_type()
    for _ in range(len(taken) + 1):
        if kind not in taken:
            break
        kind = pygame.event.custom_type()
    return kind


WAKE = _free_type()
_posted = threading.Event()


def post() -> None:
    """From any thread: wake the window's loop (once until it is handled)."""
    if _posted.is_set():
        return
    _posted.set()
    try:
        pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:           # no display (a test without a window): nothing to wake
        _posted.clear()


def handled() -> None:
    """The app's loop took the event: the next message posts a new one."""
    _posted.clear()
