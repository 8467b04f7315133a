"""Ants & Grasshopper computer players: levels, legality in every mode and player count,
determinism, view-only decisions, the secret test (guesses never depend on the Ant's hidden
disc), speed and strength.  (The 200-game figure comes from
``game.ai.ants_ai.strength_report``, not from here.)"""
from __future__ import annotations

import copy
import json
import statistics
import time
from collections import Counter

import pytest

from game.ai import LEVELS, Agent, make_agent
from game.ai.ants_ai import AntsAgent, AntsBeginnerAgent, duel, solve
from game.rules import new_game
from tests.helpers import key, play

STRENGTH_GAMES = 60     # 2-player Autumn games good vs random in the suite
TIME_MAX = 1.0          # seconds, any single decision
TIME_MEDIAN = 0.25     # generous: CI machines are noisy (the bench reports the real figure)
MODES = ("autumn", "winter", "beetle")


def advance_to(state, step, seed=0):
    """Play beginner moves until the state reaches ``step`` (None if the game ends first)."""
    movers = [make_agent("ants", "beginner", seed + s) for s in range(state.players)]
    while not state.is_over():
        if state.step == step:
            return state
        seat = state.current_player
        state.apply(movers[seat].decide(state.view(seat), state.legal_actions()))
    return None


# ---- levels ----------------------------------------------------------------------------------

def test_levels_are_registered():
    assert type(make_agent("ants", "beginner", 1)) is AntsBeginnerAgent
    assert type(make_agent("ants", "good", 1)) is AntsAgent
    for level in LEVELS:
        agent = make_agent("ants", level, 1)
        assert isinstance(agent, Agent) and agent.level == level


def test_agents_refuse_anything_but_a_view():
    state = new_game("ants", 2, seed=3)
    for level in ("beginner", "good"):
        agent = make_agent("ants", level, 1)
        with pytest.raises(TypeError):
            agent.decide(state, state.legal_actions())
        a = agent.decide(copy.deepcopy(state.view(0)), state.legal_actions())
        assert key(a) in {key(x) for x in state.legal_actions()}


# ---- legality, every mode and player count -----------------------------------------------------

@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_decisions_are_legal(mode, players):
    seen = Counter()

    def check(seat, view, legal, action):
        assert key(action) in {key(a) for a in legal}
        seen[action["type"]] += 1

    for seed in ((1, 2) if players == 2 else (1,)):
        levels = ["good", "beginner", "good", "random"][:players]
        agents = [make_agent("ants", lv, seed * 10 + s) for s, lv in enumerate(levels)]
        state = play(new_game("ants", players, seed=seed, variant=mode), agents, check)
        assert state.winners()
    assert seen["place"] and seen["choose"] and seen["guess"]
    if mode != "autumn":
        assert seen["buy"]
        if players >= 3:
            assert seen["red_choose"]


def test_edge_option_and_open_insects():
    opts = {"first_ant": "edge", "insects": "open", "insect_scoring": "linear"}
    agents = [make_agent("ants", "good", s) for s in range(3)]
    state = play(new_game("ants", 3, seed=4, variant="autumn", options=opts), agents)
    assert state.winners()


# ---- determinism and view-only ----------------------------------------------------------------

def test_deterministic_per_seed():
    def record(seed):
        agents = [make_agent("ants", "good", 5), make_agent("ants", "good", 6)]
        out = []
        play(new_game("ants", 2, seed=seed, variant="winter"), agents,
             lambda s, v, l, a: out.append(key(a)))
        return out
    assert record(8) == record(8)


def test_decides_from_a_plain_view_dict():
    state = advance_to(new_game("ants", 3, seed=5, variant="beetle"), "guess")
    seat = state.current_player
    view = json.loads(json.dumps(state.view(seat)))      # a plain JSON round trip
    before = copy.deepcopy(view)
    a = make_agent("ants", "good", 2).decide(view, state.legal_actions())
    assert key(a) in {key(x) for x in state.legal_actions()}
    assert view == before


# ---- the secret test ---------------------------------------------------------------------------

def _twins(state):
    """Two copies of ``state`` that differ only in the Ant's secret disc (both legal)."""
    kinds = sorted({state.kind_of_cell(i) for i in state.chain})
    assert len(kinds) >= 2
    a, b = state.clone(), state.clone()
    a.choice, b.choice = kinds[0], kinds[-1]
    return a, b


def _distribution(state, level, seeds=200):
    seat = state.current_player
    view, legal = state.view(seat), state.legal_actions()
    return Counter(key(make_agent("ants", level, s).decide(view, legal)) for s in range(seeds))


def _find(step, variant, players):
    for seed in range(1, 60):
        state = advance_to(new_game("ants", players, seed=seed, variant=variant), step, seed)
        if state is not None and len({state.kind_of_cell(i) for i in state.chain}) >= 2:
            return state
    raise AssertionError(f"no {step} step with two kinds found")


@pytest.mark.parametrize("variant,players", [("autumn", 2), ("winter", 3), ("winter", 4)])
def test_grasshopper_guess_ignores_the_ants_secret(variant, players):
    a, b = _twins(_find("guess", variant, players))
    assert a.choice != b.choice
    seat = a.current_player
    assert seat == a.hopper
    assert a.view(seat) == b.view(seat), "the grasshopper's view must hide the disc"
    for level in ("beginner", "good"):
        da, db = _distribution(a, level), _distribution(b, level)
        assert da == db
        if level == "good":
            assert len(da) >= 1


@pytest.mark.parametrize("players", [3, 4])
def test_red_ants_ignore_the_ants_secret(players):
    a, b = _twins(_find("red_choose", "winter", players))
    seat = a.current_player
    assert seat in a.reds
    assert a.view(seat) == b.view(seat), "a red ant's view must hide the disc"
    for level in ("beginner", "good"):
        assert _distribution(a, level) == _distribution(b, level)


def test_ant_secret_is_a_mixed_strategy():
    """The good Ant does not always pick the same kind: over seeds it mixes."""
    for seed in range(1, 40):
        state = advance_to(new_game("ants", 2, seed=seed), "choose", seed)
        if state is None or len(state.legal_actions()) < 2:
            continue
        dist = _distribution(state, "good", seeds=100)
        if len(dist) >= 2:
            return
    raise AssertionError("the Ant never mixed its secret choice")


def test_solve_small_games():
    # a kind worth nothing to both sides is a safe choice: value 0 or better
    v, p, q = solve({0: 6.0, 1: 0.0}, {0: 6.0, 1: 0.0})
    assert v >= -1e-5 and abs(sum(p.values()) - 1) < 1e-9 and abs(sum(q.values()) - 1) < 1e-9
    # symmetric kinds: an even mix
    v, p, q = solve({0: 4.0, 1: 4.0}, {0: 4.0, 1: 4.0})
    assert abs(p[0] - 0.5) < 1e-9 and abs(q[0] - 0.5) < 1e-9 and abs(v) < 1e-9


# ---- speed and strength -----------------------------------------------------------------------

def test_decision_time():
    times = []
    for mode in MODES:
        state = new_game("ants", 4, seed=11, variant=mode)
        agents = [make_agent("ants", "good", s) for s in range(4)]
        steps = 0
        while not state.is_over() and steps < 150:
            seat = state.current_player
            view, legal = state.view(seat), state.legal_actions()
            t0 = time.perf_counter()
            action = agents[seat].decide(view, legal)
            times.append(time.perf_counter() - t0)
            state.apply(action)
            steps += 1
    assert max(times) <= TIME_MAX
    assert statistics.median(times) <= TIME_MEDIAN


def test_good_beats_random_in_two_player_autumn():
    res = duel(STRENGTH_GAMES, seed=1, variant="autumn")
    assert res["good_wins"] >= 0.8, res


# ---- the expert's guide (a sharper player, not a level of its own) ----------------------------

def _sharp_distribution(state, seeds=100):
    from game.ai.ants_ai import AntsSharpAgent
    seat = state.current_player
    view, legal = state.view(seat), state.legal_actions()
    return Counter(key(AntsSharpAgent("ants", s).decide(view, legal)) for s in range(seeds))


def test_the_experts_guide_is_the_sharp_player():
    from game.ai import expert
    from game.ai.ants_ai import AntsSharpAgent
    assert type(expert.hooks("ants")["guide"]("ants", 1)) is AntsSharpAgent
    assert "sharp" not in LEVELS


@pytest.mark.parametrize("mode,players", [("autumn", 2), ("winter", 3), ("beetle", 4)])
def test_sharp_decisions_are_legal(mode, players):
    from game.ai.ants_ai import AntsSharpAgent
    seen = Counter()

    def check(seat, view, legal, action):
        assert key(action) in {key(a) for a in legal}
        seen[action["type"]] += 1

    agents = [AntsSharpAgent("ants", 3)] + [make_agent("ants", "good", s) for s in
                                            range(1, players)]
    state = play(new_game("ants", players, seed=4, variant=mode), agents, check)
    assert state.winners() and seen["place"] and seen["choose"] and seen["guess"]


@pytest.mark.parametrize("variant,players", [("autumn", 2), ("winter", 3)])
def test_sharp_grasshopper_ignores_the_ants_secret(variant, players):
    a, b = _twins(_find("guess", variant, players))
    assert a.view(a.current_player) == b.view(b.current_player)
    assert _sharp_distribution(a) == _sharp_distribution(b)


def test_sharp_disc_is_a_mix_that_leans_away_from_the_likely_guess():
    from game.ai.ants_ai import AntsSharpAgent, Valuer
    agent = AntsSharpAgent("ants", 1)
    for seed in range(1, 40):
        state = advance_to(new_game("ants", 2, seed=seed), "choose", seed)
        if state is None or len(state.legal_actions()) < 2:
            continue
        view = state.view(state.current_player)
        val = Valuer(view)
        mix = agent.disc_mix(view, val)
        assert abs(sum(mix.values()) - 1.0) < 1e-9
        assert min(mix.values()) >= agent.SPREAD / len(mix) - 1e-12   # never a sure read
        cells = [x + 4 * y for x, y in view["chain"]]
        _, p, q, a, h, by_kind = val.round_game(cells, view["ant"], view["hopper"])
        pay = agent.ant_payoffs(a, h, p, q, by_kind)
        assert max(mix, key=mix.get) == max(pay, key=pay.get)
        if len(_sharp_distribution(state, seeds=60)) >= 2:
            return
    raise AssertionError("the sharp Ant never mixed its secret choice")


def test_sharp_beats_good_in_a_few_autumn_games():
    """A smoke check of the guide's edge (the figure itself comes from main.py strength)."""
    from game.ai.ants_ai import AntsSharpAgent
    wins = 0.0
    for i in range(6):
        seat = i % 2
        agents = [make_agent("ants", "good", 100 + i) for _ in range(2)]
        agents[seat] = AntsSharpAgent("ants", 200 + i)
        state = play(new_game("ants", 2, seed=300 + i), agents)
        won = state.winners()
        wins += (1.0 / len(won)) if seat in won else 0.0
    assert wins >= 4
