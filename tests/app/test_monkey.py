"""The UI monkey: thousands of seeded random clicks, keys (Esc, Tab, Enter, Ctrl+Z, F11, ...),
wheels, text and resizes down to the minimum and up, through every screen and every game:
no exception, and memory stays bounded.  ``main.py bench --long`` runs it for minutes."""
from __future__ import annotations

import pygame
import pytest

from game.app.store import saves
from game.app.app import App
from game.app.devtools.monkey import SCREENS, Monkey, playable, rss_mb
from game.i18n import set_language

pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)

EVENTS = 3000
GROWTH_MB = 100      # what the run may add at its peak (also inside a frame) to the memory it
                     # starts with: caches filling up, windows up to 1920x1080 (measured 45-65;
                     # 240 before one widget theme a scale, over 1 GB before the bounded caches)


@pytest.mark.parametrize("seed", [11])
def test_monkey_through_every_screen_and_game(seed):
    app = App(size=(1280, 720), fullscreen=False, headless=True, desktop=(1920, 1080))
    app.settings.speed = "fast"
    app.go_title()
    monkey = Monkey(app, seed=seed)
    try:
        monkey.run(events=200)                  # warm up: fonts, themes, first games
        start_mb = rss_mb()
        result = monkey.run(events=EVENTS)
        for _ in range(3):      # the path depends on how fast the computers think (threads):
            if set(SCREENS) <= set(result["screens"]) and set(result["games"]) == set(playable()):
                break           # a slow or fast machine may need a few more steps to see all
            result = monkey.run(events=monkey.events + EVENTS // 3)
    finally:
        monkey.close()
        saves.flush_autosave()
        pygame.display.quit()
    assert set(SCREENS) <= set(result["screens"]), result     # and the lobby, now and then
    assert set(result["games"]) == set(playable()), result
    if start_mb is not None:
        assert result["peak_mb"] - start_mb <= GROWTH_MB, result
