"""Small helpers shared by several test modules."""
from __future__ import annotations

from game.rules.base import action_key as key  # the identity of an action

__all__ = ["key", "play"]


def play(state, agents, check=None, limit=20_000):
    """Play ``state`` to the end with one agent per seat, each deciding from its own view;
    ``check(seat, view, legal, action)`` sees every decision."""
    steps = 0
    while not state.is_over():
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        action = agents[seat].decide(view, legal)
        if check:
            check(seat, view, legal, action)
        state.apply(action)
        steps += 1
        assert steps < limit
    return state
