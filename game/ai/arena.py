"""The one loop that plays a game between computer players, and the one seeding rule.

``simulate``, ``strength``, ``bench``, the tests and a table finishing a computer-only game all
seat their agents with ``agent_seed`` (seat ``s`` of a game dealt from seed ``n`` plays with
seed ``16 n + s``), so one seed is one game everywhere, and play it with ``play``: each agent
decides from its own seat's view only.
"""
from __future__ import annotations

import time
from typing import Callable

from . import make_agent

MAX_ACTIONS = 100_000      # a game still running after this many actions is a bug


class ArenaError(RuntimeError):
    """A computer-only game went wrong (an illegal choice, a game that never ends)."""


def agent_seed(game_seed, seat: int) -> int:
    """The seed of the computer player in ``seat`` of a game dealt from ``game_seed`` (a game
    without a whole-number seed: the seat itself)."""
    if isinstance(game_seed, int) and not isinstance(game_seed, bool):
        return (game_seed * 16 + seat) % (2 ** 31)
    return seat


def seat_agents(game: str, levels: list, game_seed, configure: Callable | None = None) -> list:
    """One agent a seat, ``levels[seat]``, seeded by the rule; ``configure(agent, seat)`` may
    set its think time or iterations."""
    agents = []
    for seat, level in enumerate(levels):
        agent = make_agent(game, level, seed=agent_seed(game_seed, seat))
        if configure is not None:
            configure(agent, seat)
        agents.append(agent)
    return agents


def play(state, agents: list, on_decision: Callable | None = None, deadline: float | None = None,
         limit: int = MAX_ACTIONS, label: str = "", levels: list | None = None) -> int:
    """Play ``state`` on until it is over (or ``deadline``, a ``perf_counter`` time, passes);
    returns the number of actions played.  ``on_decision(seat, view, legal, action, seconds)``
    sees every decision.  An illegal choice or a game past ``limit`` actions is an
    ``ArenaError`` naming ``label`` (e.g. "moles seed 3")."""
    actions = 0
    while not state.is_over():
        if deadline is not None and time.perf_counter() >= deadline:
            break
        if actions >= limit:
            raise ArenaError(f"{label}: still running after {actions} actions")
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        start = time.perf_counter()
        action = agents[seat].decide(view, legal)
        if on_decision is not None:
            on_decision(seat, view, legal, action, time.perf_counter() - start)
        try:
            state.apply(action)
        except ValueError as exc:
            who = f"the {levels[seat]} computer" if levels else "the computer"
            raise ArenaError(f"{label}: {who} in seat {seat + 1} chose an illegal action "
                             f"({exc})") from exc
        actions += 1
    return actions


def play_seeded_game(game: str, levels: list, seed: int, variant: str | None = None,
                     options: dict | None = None, timer: list | None = None,
                     good_level: str = "good", players: int | None = None):
    """One computer-only game, ``levels[seat]`` per seat, every seat deciding from its own view.

    Returns ``(final state, Counter of action types)``.  Decision times of the ``good_level``
    seats (moments with a real choice) are appended to ``timer``.  Used by the strength reports.
    """
    from collections import Counter

    from ..rules import new_game
    state = new_game(game, players=players or len(levels), seed=seed, variant=variant,
                     options=options)
    agents = seat_agents(game, list(levels), seed)
    kinds: Counter = Counter()

    def seen(seat, view, legal, action, seconds):
        if timer is not None and levels[seat] == good_level and len(legal) > 1:
            timer.append(seconds)
        kinds[action["type"]] += 1
    play(state, agents, on_decision=seen, label=f"{game} seed {seed}", levels=list(levels))
    return state, kinds
