"""The expert level: an information-set tree search over the rules contract (game/ai/expert.py).

Named after the issue's requirements: registered for every game with rules, fair (the choice
depends only on the seat's view), bounded in time, stops at once when cancelled, and measured by
the ``strength`` benchmark.  Strength targets are measured by ``main.py strength``, not here.
"""
from __future__ import annotations

import threading
import time

import pytest

from game.ai import DEFAULT_LEVEL, LEVELS, RandomAgent, make_agent
from game.ai import expert
from game.ai.expert import ExpertAgent, final_shares, score_lead
from game.ai.strength import play_duel, strength, wilson
from game.rules import GAMES, new_game, state_from_view
from game.rules.base import GameState
from tests.helpers import key

WITH_RULES = [g for g, i in GAMES.items() if i.state_class is not None
              and i.state_class.from_view.__func__ is not GameState.from_view.__func__]


def position(game: str, players: int, seed: int, steps: int):
    """A seeded position with a real choice, reached by beginner play."""
    state = new_game(game, players=players, seed=seed)
    movers = [make_agent(game, "beginner", seed * 10 + s) for s in range(players)]
    for step in range(400):
        if state.is_over():
            break
        if step >= steps and len(state.legal_actions()) > 1:
            return state
        seat = state.current_player
        state.apply(movers[seat].decide(state.view(seat), state.legal_actions()))
    pytest.skip(f"{game}: no choice after {steps} steps")


# ---- registration -----------------------------------------------------------------------------

def test_expert_is_the_strongest_level_but_not_the_default():
    assert LEVELS[-1] == "expert"
    assert DEFAULT_LEVEL == "good" and DEFAULT_LEVEL in LEVELS


def test_expert_serves_every_game_that_has_rules():
    assert {"moles", "ants", "hamster"} <= set(WITH_RULES)
    for game in GAMES:
        agent = make_agent(game, "expert", 1)
        assert agent.level == "expert"
        if game in WITH_RULES:
            assert type(agent) is ExpertAgent
        else:
            assert type(agent) is RandomAgent
    # the search needs no per-game entry in data/games.yaml
    from game.rules.registry import PARTS
    assert "expert" not in PARTS


def test_new_computer_seats_default_to_good():
    from game.app.session import default_seats
    assert {s["level"] for s in default_seats(3, humans=1)} == {"good"}


# ---- fairness: the choice depends on the view only --------------------------------------------

@pytest.mark.parametrize("game", ["moles", "ants", "hamster", "gopher"])
def test_same_view_different_hidden_deal_gives_the_same_choice(game):
    """A fixed agent seed and iteration budget: the real state and states rebuilt from the same
    view with other hidden facts give the very same choice, for several agent seeds (so the
    distribution of choices is the same too)."""
    players = 2
    budget = 8 if game == "gopher" else 25     # gopher's playouts are played by its good player
    for seed, steps in ((1, 6), (2, 15)):
        state = position(game, players, seed, steps)
        seat = state.current_player
        view = state.view(seat)
        legal = state.legal_actions()
        twins = [state_from_view(game, view, 500 + k) for k in range(3)]
        for agent_seed in (3, 4, 5):
            real = make_agent(game, "expert", agent_seed)
            real.iterations, real.think = budget, 60.0
            choice = key(real.decide(view, legal))
            for twin in twins:
                assert twin.view(seat) == view
                other = ExpertAgent(game, agent_seed, think=60.0, iterations=budget)
                assert key(other.decide(twin.view(seat), twin.legal_actions())) == choice


def test_expert_refuses_a_game_state():
    state = new_game("ants", 2, seed=1)
    agent = make_agent("ants", "expert", 1)
    with pytest.raises(TypeError):
        agent.decide(state, state.legal_actions())


# ---- bounded time, cancel ---------------------------------------------------------------------

@pytest.mark.parametrize("game", ["moles", "ants", "hamster", "forest", "gopher"])
def test_think_time_bounds_a_move(game):
    state = position(game, 2, 3, 8)
    agent = ExpertAgent(game, 1, think=0.15)
    start = time.perf_counter()
    action = agent.decide(state.view(state.current_player), state.legal_actions())
    assert time.perf_counter() - start < 1.0
    assert key(action) in {key(a) for a in state.legal_actions()}
    assert agent.last_iterations >= 1


def test_cancel_stops_a_search_at_once():
    state = position("ants", 2, 4, 6)
    agent = ExpertAgent("ants", 1, think=30.0)
    out = []
    worker = threading.Thread(target=lambda: out.append(
        agent.decide(state.view(state.current_player), state.legal_actions())))
    worker.start()
    time.sleep(0.1)
    start = time.perf_counter()
    agent.cancel()
    worker.join(5.0)
    assert not worker.is_alive() and time.perf_counter() - start < 0.5
    assert key(out[0]) in {key(a) for a in state.legal_actions()}


def test_a_single_legal_action_is_taken_without_search():
    state = position("ants", 2, 5, 3)
    legal = state.legal_actions()[:1]
    agent = ExpertAgent("ants", 1, think=30.0)
    assert agent.decide(state.view(state.current_player), legal) is legal[0]
    assert agent.last_iterations == 0


# ---- evaluation -------------------------------------------------------------------------------

def test_rewards_are_win_shares():
    state = new_game("hamster", 3, seed=2)
    lead = score_lead(state)
    assert len(lead) == 3 and abs(sum(lead) - 1.0) < 1e-9
    assert final_shares(state) == pytest.approx([1 / 3] * 3)  # not over: equal shares


# ---- simulate and strength ---------------------------------------------------------------------

def test_simulate_plays_expert_against_good(monkeypatch):
    from game.sim import simulate
    monkeypatch.setattr(expert, "THINK_SECONDS", 0.01)
    result = simulate("ants", players=2, games=1, seed=3, levels=["expert", "good"])
    assert [s["level"] for s in result["seats"]] == ["expert", "good"]


def test_wilson_interval():
    lo, hi = wilson(0.5, 100)
    assert 0.40 < lo < 0.41 and 0.59 < hi < 0.60
    assert wilson(1.0, 10)[1] == 1.0 and wilson(0.0, 10)[0] == 0.0


def test_strength_swaps_seats_and_reports_times():
    r = strength("hamster", "expert", "random", games=2, players=2, seed=1, think=0.01)
    assert r["games"] == 2 and 0.0 <= r["a_share"] <= 1.0
    assert r["interval95"][0] <= r["a_share"] <= r["interval95"][1]
    assert r["move_max_s"] is not None and r["move_max_s"] < 1.0
    assert play_duel("hamster", "random", "random", 2, 1, a_seat=1) in (0.0, 0.5, 1.0)


def test_strength_command_line(capsys):
    from game.cli import main
    assert main(["strength", "ants", "--b", "random", "--games", "1", "--think", "0.01"]) == 0
    out = capsys.readouterr().out
    assert "win share" in out and "95% interval" in out and "move time" in out


@pytest.mark.parametrize("argv,msg", [
    (["strength", "ants", "--a", "master"], "unknown computer level"),
    (["strength", "ants", "--think", "0"], "think time"),
    (["strength", "nosuchgame"], "unknown game"),
])
def test_strength_bad_input_is_one_clear_line(argv, msg, capsys):
    from game.cli import main
    try:
        code = main(argv)
    except SystemExit as exc:     # argparse's own checks
        code = exc.code
    assert code == 2
    assert msg in capsys.readouterr().err


# ---- the play screen stops a thinking expert ------------------------------------------------

def test_leaving_the_game_stops_a_thinking_expert(tmp_path, monkeypatch):
    from game.app.store import saves
    from game.app.session import LocalSession
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    monkeypatch.setattr(expert, "THINK_SECONDS", 30.0)
    seats = [{"name": f"C{i}", "colour": i, "kind": "computer", "level": "expert"}
             for i in range(2)]
    state = position("ants", 2, 6, 4)
    ctl = LocalSession("ants", seats, state)
    ctl.tick(0.0, animating=True)          # starts thinking
    time.sleep(0.1)
    assert ctl.thinking
    start = time.perf_counter()
    ctl.stop()
    ctl.wait_for_computer(5.0)
    assert not ctl.thinking and time.perf_counter() - start < 0.5
    saves.flush_autosave()


# ---- per-game hooks ---------------------------------------------------------------------------

def test_each_game_hook_is_read_from_its_ai_module():
    from game.ai import gopher_ai, hamster_ai, moles_ai
    assert expert.hooks("moles")["evaluate"] is moles_ai.expert_value
    assert expert.hooks("hamster")["evaluate"] is hamster_ai.expert_lead
    assert expert.hooks("gopher")["playout"] is not None
    assert type(expert.hooks("forest")["playout"]("forest", 1)).__name__ == "ForestPlayoutAgent"
    assert expert.hooks("forest")["evaluate"].__name__ == "blend_shares"
    assert "playout" not in expert.hooks("ants") and ExpertAgent("ants", 1).depth == 200
    assert expert.hooks("nosuchgame") == {}
    agent = ExpertAgent("moles", 1)
    assert agent.pool and agent.depth == 0 and agent.evaluator is moles_ai.expert_value
    assert gopher_ai.EXPERT["tuning"]["depth"] == ExpertAgent("gopher", 1).depth


def test_new_search_settings_keep_other_games_as_they_were():
    """width, z and tree_depth switch on per game; their defaults change nothing."""
    assert expert.DEFAULTS["width"] == 0 and expert.DEFAULTS["tree_depth"] == 0
    assert expert.DEFAULTS["z"] == 2.0 and expert.DEFAULTS["paired"] is False
    for game in ("moles", "ants", "hamster"):
        agent = ExpertAgent(game, 1)
        assert (agent.width, agent.tree_depth, agent.z, agent.paired) == (0, 0, 2.0, False)
    agent = ExpertAgent("gopher", 1)     # Gopher's Pantry overrules its guide only when sure
    assert (agent.width, agent.tree_depth, agent.z, agent.paired) == (0, 0, 3.5, False)
    agent = ExpertAgent("forest", 1)
    assert agent.width > 0 and agent.tree_depth == 1


def test_settle_plays_on_to_a_quiet_position_and_is_off_by_default():
    """With ``settle`` a playout past ``depth`` goes on until the hook's ``settled`` holds (at
    most ``settle`` actions more); off (0) by default, so the other games keep their playouts."""
    from game.ai import gopher_ai
    assert expert.DEFAULTS["settle"] == 0
    for game in ("moles", "ants", "hamster", "forest"):
        assert ExpertAgent(game, 1).settled is None
    state = position("gopher", 2, 3, 8)
    leaves = []

    def spy(st):
        leaves.append(st.step)
        return gopher_ai.expert_eval(st)
    for settle in (0, 40):
        leaves.clear()
        agent = ExpertAgent("gopher", 1, think=60.0, iterations=30)
        agent.settle, agent.settled, agent.evaluator = settle, gopher_ai.settled, spy
        agent.depth = 3
        agent.choose(state.view(state.current_player), state.legal_actions())
        quiet = sum(step == "roll" for step in leaves)
        if settle:
            assert leaves and quiet == len(leaves), leaves
        else:
            assert quiet < len(leaves), leaves


@pytest.mark.parametrize("game", ["moles", "hamster"])
def test_hook_evaluations_are_win_shares(game):
    state = position(game, 2, 7, 12)
    shares = expert.hooks(game)["evaluate"](state)
    assert len(shares) == 2 and abs(sum(shares) - 1.0) < 1e-9
    assert all(0.0 <= x <= 1.0 for x in shares)


def test_playout_player_decides_from_each_seats_view(monkeypatch):
    """The hook's playout player is handed views of the dealt state, never the state."""
    from game.ai import gopher_ai
    seen = []
    real = gopher_ai.GopherAgent.decide

    def spy(self, view, legal):
        seen.append((type(view), view.get("seat")))
        return real(self, view, legal)
    monkeypatch.setattr(gopher_ai.GopherAgent, "decide", spy)
    state = position("gopher", 2, 3, 8)
    agent = ExpertAgent("gopher", 1, think=60.0, iterations=20)
    agent.decide(state.view(state.current_player), state.legal_actions())
    assert seen and all(t is dict for t, _ in seen)
    assert {s for _, s in seen} <= {0, 1}


def test_a_failing_playout_player_falls_back_to_random(monkeypatch):
    from game.ai import gopher_ai

    def broken(self, view, legal):
        raise RuntimeError("no")
    monkeypatch.setattr(gopher_ai.GopherAgent, "choose", broken)
    state = position("gopher", 2, 3, 8)
    agent = ExpertAgent("gopher", 1, think=60.0, iterations=15)
    action = agent.decide(state.view(state.current_player), state.legal_actions())
    assert key(action) in {key(a) for a in state.legal_actions()}


def test_strength_jobs_play_the_same_games():
    one = strength("hamster", "beginner", "random", games=3, players=2, seed=4)
    two = strength("hamster", "beginner", "random", games=3, players=2, seed=4, jobs=2)
    assert two["jobs"] == 2 and one["jobs"] == 1
    assert two["a_wins"] == one["a_wins"] and two["decisions"] == one["decisions"]


def test_strength_with_an_iteration_budget_does_not_depend_on_the_clock():
    from game.ai.strength import ITERATION_THINK, _agent, format_result
    agent = _agent("ants", "expert", 1, None, iterations=7)
    assert agent.iterations == 7 and agent.think == ITERATION_THINK
    assert _agent("ants", "good", 1, None, iterations=7).level == "good"   # no search: as is
    r = strength("hamster", "expert", "random", games=2, players=2, seed=3, iterations=4)
    again = strength("hamster", "expert", "random", games=2, players=2, seed=3, iterations=4)
    assert r["iterations"] == 4 and r["a_wins"] == again["a_wins"]
    assert "4 iterations a move" in format_result(r)


def _ants_last_ant(seed: int = 1):
    """An Ants position where the Ant lays its last ant with a real choice (the disc next)."""
    for s in range(seed, seed + 40):
        state = new_game("ants", 2, seed=s)
        mover = make_agent("ants", "beginner", s)
        while len(state.chain) < 5:
            state.apply(mover.decide(state.view(state.current_player), state.legal_actions()))
        if len(state.legal_actions()) > 1:
            return state
    pytest.skip("no last ant with a choice")


@pytest.mark.parametrize("flag", [True, False])
def test_secret_choices_inside_the_tree_are_not_branched_on(flag):
    """With ``secret_chance`` a hidden disc met inside the tree gets one shared child, so the
    Grasshopper's nodes below it cannot depend on which disc was laid; without it the tree
    branches on the disc."""
    state = _ants_last_ant()
    agent = ExpertAgent("ants", 1, think=60.0, iterations=200)
    assert agent.secret_chance                 # Ants switches it on in its hook
    agent.secret_chance = flag
    agent.decide(state.view(state.current_player), state.legal_actions())
    below = set()
    for child in agent.last_root.children.values():
        below |= set(child.children)
    assert below
    if flag:
        assert below == {expert.SECRET}
    else:
        assert expert.SECRET not in below


def test_secret_chance_is_off_for_games_that_do_not_ask_for_it():
    assert expert.DEFAULTS["secret_chance"] is False
    for game in WITH_RULES:
        tuning = expert.hooks(game).get("tuning") or {}
        assert ExpertAgent(game, 1).secret_chance is bool(tuning.get("secret_chance", False))


def test_with_three_or_more_seats_the_search_overrules_the_guide_less_readily():
    a, b = expert._Node(), expert._Node()
    a.n = b.n = 400
    a.w, b.w = 400 * 0.40, 400 * 0.35            # 0.05 better ...
    a.w2, b.w2 = 400 * 0.40 ** 2 + 4, 400 * 0.35 ** 2 + 4   # ... with a small spread
    assert expert._clearly_better(a, b, 0.02)
    agent = ExpertAgent("ants", 1)
    assert agent.multi_margin > agent.margin and expert.MULTI_Z > 2.0
    assert not expert._clearly_better(a, b, agent.multi_margin, expert.MULTI_Z)


def test_strength_table_plays_every_opponent_at_every_player_count():
    from game.ai.strength import TABLE_HEAD, format_row, table
    rows = []
    cells = table("hamster", "beginner", opponents=("random", "good"), players=(2, 3, 9),
                  games=2, seed=5, row=rows.append)
    assert [(c["players"], c["b"]) for c in cells] == [(2, "random"), (2, "good"),
                                                       (3, "random"), (3, "good")]
    assert rows == cells and all(c["games"] == 2 and c["seed"] == 5 for c in cells)
    line = format_row(cells[2])
    assert line.startswith("| hamster | 3 | random |") and "| 33% | 2 |" in line
    assert TABLE_HEAD.count("|---") == line.count("|") - 1


def test_strength_table_command_line(capsys):
    import json
    from game.cli import main
    assert main(["strength", "hamster", "--table", "--a", "beginner", "--players", "2",
                 "--games", "1", "--json"]) == 0
    cells = json.loads(capsys.readouterr().out)
    assert [c["b"] for c in cells] == ["good", "beginner", "random"]
    assert main(["strength", "hamster", "--table", "--players", "9"]) == 2
    assert "no chosen game takes 9 players" in capsys.readouterr().err


def test_search_does_not_start_an_iteration_it_cannot_finish_in_time():
    """An iteration as long as the average so far would end past the deadline: the search stops
    before it (a move with slow iterations stays within its think time)."""
    import time

    from game.ai.expert import _no_time_for_another
    now = time.perf_counter()
    assert _no_time_for_another(now - 0.5, 1, now + 0.3)       # 0.5 s an iteration, 0.3 s left
    assert not _no_time_for_another(now - 0.5, 10, now + 0.3)  # 0.05 s an iteration
