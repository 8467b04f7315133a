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

WAKE = pygame.event.custom_type()
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
