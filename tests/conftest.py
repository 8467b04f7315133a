"""Test session set-up: headless pygame, a throw-away user-data folder, the repo on sys.path.

This runs at import, before any test module imports pygame or game.paths.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
_HOME = tempfile.mkdtemp(prefix="burrowbox-tests-")
os.environ["BURROWBOX_HOME"] = _HOME   # settings, saves and crash logs never touch the real ones
os.environ["LANGUAGE"] = "en"          # the app starts in English whatever the machine speaks
os.environ.setdefault("BURROWBOX_LAN", "off")   # no mDNS; tests that need it use loopback
os.environ.setdefault("BURROWBOX_SEARCH_WORKERS", "0")   # the expert searches in one process
#                                   unless a test starts helper processes itself (test_ai_parallel)

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _collect_before_display_quit() -> None:
    """The tests open and close hundreds of displays in one process: what the last app left in
    reference cycles (widgets, fonts, surfaces) is freed while its display still exists, never
    later under the next one (a rare crash inside a later collection pointed there)."""
    import gc

    import pygame
    quit_display = pygame.display.quit
    if getattr(quit_display, "collects_first", False):
        return

    def quit_after_collecting() -> None:
        gc.collect()
        quit_display()

    quit_after_collecting.collects_first = True
    pygame.display.quit = quit_after_collecting


_collect_before_display_quit()


@pytest.fixture(scope="module")
def display():
    """A 1280x720 window (dummy video driver) for tests that draw board views."""
    import pygame
    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    yield screen
    pygame.display.quit()


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A throw-away user-data folder for one test (the one ``home`` of the suite); afterwards
    the autosave is flushed, the journals closed and the app speaks English again."""
    from game import i18n
    from game.app.store import saves
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    saves.set_current(None)
    yield tmp_path
    saves.flush_autosave()
    saves.close_journals()
    saves.set_current(None)
    i18n.set_language("en")


def pytest_sessionfinish(session, exitstatus):
    shutil.rmtree(_HOME, ignore_errors=True)
