"""The embedded rules package: pure Python, never imports pygame.

    from game.rules import GAMES, new_game, load_state
    state = new_game("moles", players=4, seed=7)
"""
from __future__ import annotations

from .base import Action, Event, GameInfo, GameState, IllegalAction, Record, action_key
from ..io.data import DataError
from .registry import GAMES, LoadError, load_state, new_game, part, state_from_view

__all__ = ["GAMES", "new_game", "load_state", "state_from_view", "part", "IllegalAction",
           "DataError", "LoadError", "GameInfo", "GameState", "Action", "Event", "Record",
           "action_key"]
