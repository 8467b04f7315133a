"""Computer players see only what their seat may see.

Checked for every playable game and every computer level, so later games inherit it:

* an agent is only ever handed a view dict: ``decide`` with a game state raises TypeError;
* its decision depends on the view alone: the same view backed by different hidden facts
  (the real state, and copies rebuilt from the view with other seeds, whose random hidden
  parts - for Mole Dig the order of the face-down discs - differ) gives the same decision
  from agents with the same seed;
* deciding leaves the view untouched.
"""
from __future__ import annotations

import copy

import pytest

from game.ai import LEVELS, make_agent
from game.rules import GAMES, GameState, new_game, state_from_view
from tests.helpers import key

AVAILABLE = [gid for gid, info in GAMES.items() if info.state_class is not None]  # rules exist
CASES = [pytest.param(g, lv, id=f"{g}-{lv}") for g in AVAILABLE for lv in LEVELS]
STEPS = 160       # actions played per game
EVERY = 7         # check every EVERY-th decision


@pytest.fixture(autouse=True)
def _quick_expert(monkeypatch):
    """The expert searches a fixed number of iterations here (no time bound): its choice is then
    a function of view, legal actions and seed, and the checks stay quick."""
    from game.ai import expert
    monkeypatch.setattr(expert, "ITERATIONS", 6)
    monkeypatch.setattr(expert, "THINK_SECONDS", 60.0)


def player_counts(game: str) -> list[int]:
    info = GAMES[game]
    return sorted({info.min_players, info.max_players})


def moments(game: str, players: int, seed: int):
    """Seeded positions of a game played by "beginner" computers (which make progress)."""
    state = new_game(game, players=players, seed=seed)
    movers = [make_agent(game, "beginner", seed * 10 + s) for s in range(players)]
    for step in range(STEPS):
        if state.is_over():
            return
        if step % EVERY == 0:
            yield state
        seat = state.current_player
        state.apply(movers[seat].decide(state.view(seat), state.legal_actions()))


@pytest.mark.parametrize("game,level", CASES)
def test_decision_depends_only_on_the_view(game, level):
    checked = differs = 0
    for players in player_counts(game):
        for seed in (1, 2):
            for state in moments(game, players, seed):
                seat = state.current_player
                view = state.view(seat)
                legal = state.legal_actions()
                real = make_agent(game, level, seed=42).decide(view, legal)
                for other_seed in (seed + 1000, seed + 2000):
                    twin = state_from_view(game, view, other_seed)
                    assert twin.view(seat) == view, "a state rebuilt from a view must show it"
                    if twin.rng.getstate() != state.rng.getstate():
                        differs += 1
                    twin_legal = twin.legal_actions()
                    assert sorted(map(key, twin_legal)) == sorted(map(key, legal))
                    choice = make_agent(game, level, seed=42).decide(twin.view(seat), twin_legal)
                    assert key(choice) == key(real), (
                        f"{game} {level}: the decision changed with hidden facts the seat "
                        f"cannot see (seed {seed}, {players} players)")
                checked += 1
    assert checked >= 10
    assert differs, "the twins should differ in their hidden random state"


@pytest.mark.parametrize("game,level", CASES)
def test_agents_take_views_never_game_states(game, level):
    state = new_game(game, players=GAMES[game].min_players, seed=3)
    agent = make_agent(game, level, seed=1)
    assert isinstance(state, GameState)
    with pytest.raises(TypeError):
        agent.decide(state, state.legal_actions())
    with pytest.raises(TypeError):
        agent.decide(None, state.legal_actions())
    # the proper call works
    action = agent.decide(state.view(state.current_player), state.legal_actions())
    assert key(action) in {key(a) for a in state.legal_actions()}


@pytest.mark.parametrize("game,level", CASES)
def test_deciding_leaves_the_view_untouched(game, level):
    for state in moments(game, GAMES[game].max_players, 5):
        view = state.view(state.current_player)
        before = copy.deepcopy(view)
        make_agent(game, level, seed=7).decide(view, state.legal_actions())
        assert view == before
