"""What the program tells the operating system before it opens a window.

Windows: the program is DPI aware, so at 150 % scaling Windows does not stretch a blurry
bitmap of the window; the screens lay themselves out for the real pixel size.  The built
program says so in its manifest (build.spec); ``prepare_process`` says it again at start, so
``python main.py`` is sharp too, and SDL is asked for the same (its hint must be set before
pygame opens the display).  Other systems need nothing here.

A program without a console (the Windows build, started with a double-click) has no standard
output at all: ``sys.stdout`` and ``sys.stderr`` are None, and any library that writes to them
would fail.  ``quiet_missing_streams`` gives them a sink.  Neither function ever raises.
"""
from __future__ import annotations

import os
import sys

# SDL 2.24+: the process's DPI awareness, set by SDL itself when the video system starts.
SDL_DPI_HINT = "SDL_WINDOWS_DPI_AWARENESS"
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
