"""What the program tells the operating system before it opens a window.

Windows: the program is DPI aware, so at 150 % scaling Windows does not stretch a blurry
bitmap of the window; the screens lay themselves out for the real pixel size.  The built
program says so in its manifest (build.spec); ``prepare_process`` says it again at start, so
``python main.py`` is sharp too, and SDL is asked for the same (its hint must be set before
pygame opens the display).  Other systems need nothing here.

A program without a console (the Windows build, started with a double-click) has no standard
output at all: ``sys.stdout`` and ``sys.stderr`` are None, and any library that writes to them
would fail.  ``quiet_missing_streams`` gives them a sink.  Neither function ever raises.

X11: SDL 2 draws a window through an OpenGL texture by default, which loads the whole GL
driver (with Mesa about 100 MB resident, measured under Xvfb); the app draws everything in
software anyway, so ``window_framebuffer`` asks SDL for the plain X11 (shared memory) picture
instead, before the window opens.  A player may still choose with the same variable.
"""
from __future__ import annotations

import os
import sys

# SDL 2.24+: the process's DPI awareness, set by SDL itself when the video system starts.
SDL_DPI_HINT = "SDL_WINDOWS_DPI_AWARENESS"
# SDL 2's hint whether a window's picture goes through a GPU texture ("0": the system's own
# framebuffer, where the video driver has one)
SDL_FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"
# Windows' PROCESS_PER_MONITOR_DPI_AWARE (shcore.SetProcessDpiAwareness).
PER_MONITOR = 2


def quiet_missing_streams(streams=sys) -> list[str]:
    """Point a missing sys.stdout / sys.stderr at the null device; returns the ones replaced."""
    replaced = []
    for name in ("stdout", "stderr"):
        if getattr(streams, name, None) is None:
            try:
                setattr(streams, name, open(os.devnull, "w", encoding="utf-8"))
                replaced.append(name)
            except OSError:
                pass
    return replaced


def prepare_process(platform: str | None = None, environ=None, windll=None) -> str | None:
    """Make the process DPI aware on Windows; returns how (for the tests), None elsewhere.

    ``platform``, ``environ`` and ``windll`` stand in for sys.platform, os.environ and
    ctypes.windll in the tests.
    """
    platform = sys.platform if platform is None else platform
    if platform != "win32":
        return None
    environ = os.environ if environ is None else environ
    environ.setdefault(SDL_DPI_HINT, "permonitorv2")
    if windll is None:
        try:
            import ctypes
            windll = ctypes.windll          # type: ignore[attr-defined]
        except (ImportError, AttributeError, OSError):
            return "hint"
    try:
        windll.shcore.SetProcessDpiAwareness(PER_MONITOR)   # Windows 8.1 and later
        return "per-monitor"
    except (AttributeError, OSError):
        pass
    try:
        windll.user32.SetProcessDPIAware()                   # Windows Vista, 7, 8
        return "system"
    except (AttributeError, OSError):
        return "hint"


def window_framebuffer(driver: str | None, environ=None) -> str | None:
    """After the video system started and before the first window: on X11, the window's
    picture through X11 itself rather than an OpenGL texture (see above); returns the hint's
    value when it was set here, None elsewhere."""
    environ = os.environ if environ is None else environ
    if driver != "x11" or SDL_FRAMEBUFFER_HINT in environ:
        return None
    environ[SDL_FRAMEBUFFER_HINT] = "0"
    return "0"
