"""Sleeping until the next event, without waking a thousand times a second.

``pygame.event.wait(timeout)`` looks at the queue every millisecond (pygame-ce polls with
``SDL_Delay(1)``): an idle window took 2-3 % of a core doing nothing.  SDL's own
``SDL_WaitEventTimeout`` blocks in the system's event wait (the X11 connection, the Windows or
macOS message queue) and is woken at once by an event any thread pushes (``pygame.event.post``:
a computer player's move, a timer, a key repeat).  It is called here through ctypes, on the very
SDL library pygame uses, with no event to fill in: the events stay queued for
``pygame.event.get()``, so pygame still converts them as usual.

Where that library cannot be found, or turns out not to be the one pygame started, this falls
back to ``pygame.event.wait``.  With a video driver that has no event wait of its own (the
dummy driver of tests and ``screenshot``) SDL polls just as pygame does.
"""
from __future__ import annotations

import ctypes
import logging
import os
import sys

import pygame

log = logging.getLogger(__name__)

SDL_INIT_VIDEO = 0x20

_sdl = None            # the loaded library, False once it proved unusable, None: not tried


def _candidates() -> list[str]:
    """Paths of the SDL2 library pygame may have loaded, the surest first."""
    found = []
    maps = "/proc/self/maps"
    if os.path.exists(maps):            # Linux: the library this process really mapped
        try:
            with open(maps, encoding="utf-8", errors="replace") as fh:
                for line in fh:
                    path = line.rsplit(None, 1)[-1] if "/" in line else ""
                    name = os.path.basename(path)
                    if name.startswith(("libSDL2-2", "libSDL2.so")) and path not in found:
                        found.append(path)
        except OSError:
            pass
    folders = [os.path.dirname(pygame.__file__)]
    folders += [os.path.join(folders[0], ".dylibs"), folders[0] + "_ce.libs",
                os.path.join(os.path.dirname(folders[0]), "pygame_ce.libs")]
    if getattr(sys, "frozen", False):
        folders.append(getattr(sys, "_MEIPASS", os.path.dirname(sys.executable)))
    for folder in folders:
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for name in names:
            if name in ("SDL2.dll", "libSDL2-2.0.0.dylib") or name.startswith("libSDL2-2"):
                path = os.path.join(folder, name)
                if path not in found:
                    found.append(path)
    return found


def _load():
    """SDL's library with ``SDL_WaitEventTimeout``, if it is the one pygame's display runs on."""
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path)
            lib.SDL_WasInit.argtypes = [ctypes.c_uint32]
            lib.SDL_WasInit.restype = ctypes.c_uint32
            lib.SDL_WaitEventTimeout.argtypes = [ctypes.c_void_p, ctypes.c_int]
            lib.SDL_WaitEventTimeout.restype = ctypes.c_int
        except (OSError, AttributeError):
            continue
        # another copy of SDL than pygame's would know of no display (and not wait at all)
        if lib.SDL_WasInit(SDL_INIT_VIDEO):
            return lib
    return None


def _library():
    global _sdl
    if _sdl is None:
        if not pygame.display.get_init():
            return None                 # asked again once the display runs
        try:
            _sdl = _load() or False
        except Exception:  # noqa: BLE001 - whatever goes wrong here, pygame's wait still works
            log.warning("_library: fell back after an error", exc_info=True)
            _sdl = False
    return _sdl or None


def wait_for_events(timeout: float) -> list:
    """The events that come within ``timeout`` seconds (at least one unless the time ran out):
    sleeps until an event arrives or the time is up, and returns at once when one is posted."""
    ms = max(0, int(timeout * 1000))
    lib = _library()
    if lib is not None:
        lib.SDL_WaitEventTimeout(None, ms)      # leaves the event in the queue
        return pygame.event.get()
    event = pygame.event.wait(max(1, ms))      # 0 would wait for ever
    return [] if event.type == pygame.NOEVENT else [event] + pygame.event.get()
