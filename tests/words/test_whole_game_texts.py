"""A whole game of every game, on the play screen, in the pseudo-language: no text drawn on
any frame (side panel, bar, board, toasts, log, curtain, results) is English written in code
instead of coming from a catalog.  The screen tests of ``test_text_fit`` look at one position of
each game; this one follows every step of a game to its results."""
from __future__ import annotations

import random

import pygame
import pytest

from game import i18n
from game.app.store import saves
from game.app import ui
from game.app.app import App
from game.app.session import LocalSession
from game.app.scenes.play import PlayScene
from game.rules import GAMES, new_game
from tests.words.test_text_fit import ODD_NAMES, _untranslated

pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)

PLAYABLE = [g for g, info in GAMES.items() if info.available]


def _frames(app, n=2):
    for _ in range(n):
        app.step(1 / 60, [])


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_whole_game_shows_only_catalog_texts(game):
    i18n.enable_pseudo()
    info = GAMES[game]
    players = min(3, info.max_players)
    seats = [{"name": ODD_NAMES[i], "colour": i, "kind": "human", "level": "good"}
             for i in range(players)]
    app = App(size=(1024, 600), fullscreen=False, headless=True, lang="en")
    app.settings.speed = "off"
    found: dict[str, int] = {}
    try:
        i18n.set_language("pseudo")
        ctl = LocalSession(game, seats, new_game(game, players, seed=7), autosave=False,
                             computers=False)
        scene = PlayScene(app, ctl, auto_results=False)
        app.go(scene)
        rng = random.Random(7)
        steps = 0
        while not ctl.is_over() and steps < 3000:
            with ui.fit.shown() as texts:
                if ctl.curtain_seat is not None:
                    _frames(app)
                    scene.clear_curtain()
                    continue
                scene.apply_action(rng.choice(ctl.table.state.legal_actions()), animate=False)
                _frames(app)
            for t in _untranslated(texts):
                found[t] = found.get(t, 0) + 1
            steps += 1
        assert ctl.is_over(), f"{game}: no end after {steps} actions"
        with ui.fit.shown() as texts:
            app.open("results", scene)
            _frames(app, 3)
        for t in _untranslated(texts):
            found[t] = found.get(t, 0) + 1
    finally:
        pygame.display.quit()
    assert not found, f"{game}: English outside the catalogs: {sorted(found)[:20]}"
