"""Small helpers shared by several test modules."""
from __future__ import annotations

from game.rules.base import action_key as key  # the identity of an action

__all__ = ["key", "play", "running_app", "pump"]


def play(state, agents, check=None, limit=20_000):
    """Play ``state`` to the end with one agent per seat, each deciding from its own view
    (the arena's loop); ``check(seat, view, legal, action)`` sees every decision."""
    from game.ai import arena
    seen = (lambda seat, view, legal, action, _s: check(seat, view, legal, action)) if check \
        else None
    arena.play(state, agents, on_decision=seen, limit=limit)
    return state


def running_app(size=(1280, 720), headless: bool = False):
    """The app for a scene test (animations off), for a fixture to ``yield from``; afterwards
    every screen's computer player is stopped, the autosave flushed and the display closed."""
    import pygame

    from game.app.store import saves
    from game.app.app import App
    a = App(size=size, fullscreen=False, headless=headless)
    a.settings.speed = "off"
    yield a
    for scene in a.stack:
        stop = getattr(scene, "stop", None)
        if stop:
            stop()
    saves.flush_autosave()
    pygame.display.quit()


def pump(app, frames=3):
    """Run ``frames`` frames of the app with the events posted so far."""
    import pygame
    for _ in range(frames):
        app.step(1 / 60, pygame.event.get())
