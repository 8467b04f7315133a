"""Driving the real play scene without a player: ``render_screenshot()`` (``main.py screenshot``)
and ``PlayHarness`` (``bench``)."""
from __future__ import annotations

import gc
import os
import random

import pygame

from ...ai import DEFAULT_LEVEL
from ...i18n import tr
from ...rules import GAMES, new_game
from ..app import FPS, App
from ..session import LocalSession
from ..scenes.play import PlayScene


def headless_env() -> None:
    if not pygame.display.get_init():
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def check_game(game_id: str):
    info = GAMES.get(game_id)
    if info is None:
        raise ValueError(f"unknown game '{game_id}' (known: {', '.join(GAMES)})")
    if not info.available:
        raise ValueError(f"{info.title} ('{game_id}') is not playable yet, so it has no screen to show")
    return info


def computer_seats(players: int) -> list[dict]:
    """Computer seats named in the language shown now ("Компьютер 1")."""
    return [{"name": tr("seat.computer_n", number=i + 1), "colour": i, "kind": "computer",
             "level": DEFAULT_LEVEL} for i in range(players)]


def headless_play(game_id, seed, size, players=None, variant=None, lang=None):
    """An App (dummy window) with a PlayScene of a computer-only game driven from outside."""
    info = check_game(game_id)
    headless_env()
    if players is None:
        players = info.max_players   # the fullest table: the heaviest screen
    state = new_game(game_id, players, seed=seed, variant=variant)
    app = App(size=size, fullscreen=False, headless=True, lang=lang)
    seats = computer_seats(players)
    app.settings.speed = "normal"
    session = LocalSession(game_id, seats, state, autosave=False, computers=False)
    scene = PlayScene(app, session, auto_results=False)
    app.go(scene)
    return app, scene


def render_screenshot(game_id: str, out_path, seed: int = 0, moves: int = 0, size=(1280, 720),
                      players=None, variant=None, lang=None) -> None:
    """Save a PNG of the play screen of a computer-only game after ``moves`` random actions."""
    app, scene = headless_play(game_id, seed, size, players, variant, lang)
    try:
        rng = random.Random(seed)
        for i in range(max(0, int(moves))):
            if scene.session.is_over():
                break
            action = rng.choice(scene.session.table.legal_for(scene.session.current))
            scene.apply_action(action, animate=(i == moves - 1))
        for _ in range(60 * 20):
            if not scene.animating:
                break
            app.step(1 / FPS, [])
        app.step(1 / FPS, [])
        app.step(1 / FPS, [])
        out = os.fspath(out_path)
        folder = os.path.dirname(out)
        if folder:
            os.makedirs(folder, exist_ok=True)
        app.size
        pygame.image.save(app.surface, out)
    finally:
        scene.stop()
        gc.collect()            # what the scene left in cycles goes while its display exists
        pygame.display.quit()


class PlayHarness:
    """Frame-by-frame driver of the real play scene (bench).  Always animating."""

    def __init__(self, game_id: str, seed: int = 0, size=(1280, 720)):
        self.app, self.scene = headless_play(game_id, seed, size)
        self.game_id = game_id
        self.seed = seed
        self.rng = random.Random(seed)
        self.frames = 0

    def step(self) -> bool:
        """One frame; True when it started the next game (a new play screen) first."""
        scene = self.scene
        restarted = False
        if not scene.animating:
            if scene.session.is_over():
                self.seed += 1
                self.app, self.scene = self.app, self._restart()
                scene = self.scene
                restarted = True
            action = self.rng.choice(scene.session.table.legal_for(scene.session.current))
            scene.apply_action(action, animate=True)
        self.app.step(1 / FPS, pygame.event.get())
        self.frames += 1
        return restarted

    def _restart(self):
        old = self.scene.session
        setup = old.setup()
        state = new_game(self.game_id, setup["players"], seed=self.seed, variant=setup["variant"])
        session = LocalSession(self.game_id, old.seats, state, autosave=False, computers=False)
        scene = PlayScene(self.app, session, auto_results=False)
        self.app.go(scene)
        return scene

    def close(self) -> None:
        try:
            self.scene.stop()
        finally:
            gc.collect()        # what the scenes left in cycles goes while the display exists
            pygame.display.quit()
