"""Computer players.

One interface for every game: an agent is asked ``decide(view, legal)`` where ``view`` is
``state.view(seat)`` for its own seat (never the full state) and ``legal`` is
``state.legal_actions()``.  It returns one of ``legal``.  Agents that search build their own
full states from the view (``MolesState.from_view``; hidden parts drawn at random), so they
cannot peek.  ``decide`` refuses anything but a view dict (TypeError), so a game state can
never be handed to an agent by mistake.

    agent = make_agent("moles", level="good", seed=3)
    action = agent.decide(state.view(seat), state.legal_actions())

Levels, weakest first (the screen lists them capitalised):
    random    uniform over the legal actions
    beginner  a plausible novice (per game; random for games without one yet)
    good      the game's searching player (random for games without one yet)
    expert    a time-bounded information-set tree search over the rules (``expert.py``),
              for every game that has rules; thinks up to ``expert.THINK_SECONDS`` a move

``DEFAULT_LEVEL`` ("good") is what new computer seats and ``simulate`` use unless told
otherwise: it answers at once, so set-up, demos and tests stay quick; "expert" is chosen.
"""
from __future__ import annotations

import random
from importlib import import_module

LEVELS = ["random", "beginner", "good", "expert"]   # weakest first; the last is the strongest
DEFAULT_LEVEL = "good"    # new computer seats and simulate without --ai (answers at once)



class Agent:
    """Base class: subclasses implement ``choose(view, legal)``; ``decide`` checks the input."""
    level = "random"

    def __init__(self, game: str, seed: int | None = None):
        self.game = game
        self.rng = random.Random(seed)

    def decide(self, view: dict, legal: list):
        if not isinstance(view, dict):
            raise TypeError(f"an agent decides from a view dict (state.view(seat)), "
                            f"not {type(view).__name__}")
        if not isinstance(legal, (list, tuple)):
            raise TypeError(f"legal actions must be a list, not {type(legal).__name__}")
        if not legal:
            raise ValueError("no legal action to choose from")
        return self.choose(view, list(legal))

    def choose(self, view: dict, legal: list):
        raise NotImplementedError


class RandomAgent(Agent):
    level = "random"

    def choose(self, view: dict, legal: list):
        return self.rng.choice(legal)


def agent_class(game: str, level: str) -> type:
    """The class of a game's computer player of ``level``: the one its games.yaml entry names
    (``beginner``, ``good``), the search for ``expert``, else random."""
    from ..rules import part
    if level in ("beginner", "good"):
        cls = part(game, level)
        if cls is not None:
            return cls
    if level == "expert" and _has_rules(game):
        return getattr(import_module(".expert", __name__), "ExpertAgent")   # every game's search
    return RandomAgent


def _has_rules(game: str) -> bool:
    from ..rules import GAMES
    info = GAMES.get(game)
    cls = getattr(info, "state_class", None)
    if cls is None:
        return False
    from ..rules.base import GameState
    return cls.from_view.__func__ is not GameState.from_view.__func__


def play_seeded_game(game: str, levels: list, seed: int, variant: str | None = None,
                     options: dict | None = None, timer: list | None = None,
                     good_level: str = "good", players: int | None = None):
    """One computer-only game, ``levels[seat]`` per seat, every seat deciding from its own view.

    Returns ``(final state, Counter of action types)``.  Decision times of the ``good_level``
    seats (moments with a real choice) are appended to ``timer``.  Used by the strength reports.
    """
    import time
    from collections import Counter

    from ..rules import new_game
    state = new_game(game, players=players or len(levels), seed=seed, variant=variant,
                     options=options)
    agents = [make_agent(game, lvl, seed=seed * 16 + s) for s, lvl in enumerate(levels)]
    kinds: Counter = Counter()
    while not state.is_over():
        seat = state.current_player
        legal = state.legal_actions()
        view = state.view(seat)
        t0 = time.perf_counter()
        action = agents[seat].decide(view, legal)
        if timer is not None and levels[seat] == good_level and len(legal) > 1:
            timer.append(time.perf_counter() - t0)
        state.apply(action)
        kinds[action["type"]] += 1
        if sum(kinds.values()) > 100_000:  # pragma: no cover - a game that never ends is a bug
            raise RuntimeError(f"{game} seed {seed}: no end after 100,000 actions")
    return state, kinds


def make_agent(game: str, level: str = "good", seed: int | None = None) -> Agent:
    if level not in LEVELS:
        raise ValueError(f"unknown computer level '{level}' (known: {', '.join(LEVELS)})")
    cls = agent_class(game, level)
    agent = cls(game, seed)
    agent.level = level
    return agent
