"""Mole Dig computer players: levels, legality, speed, determinism, strength, and that the
search model agrees with the rules.  (The full 200-game strength figure comes from
``game.ai.moles_ai.strength_report``, run by the bench, not here.)"""
from __future__ import annotations

import random
import statistics
import time

import pytest

from game.ai import LEVELS, Agent, RandomAgent, make_agent
from game.ai.moles_ai import MolesAgent, MolesBeginnerAgent, Pos, equity, play_match, \
    strength_report
from game.rules import new_game
from game.rules.moles import LAYER_COUNT
from tests.helpers import key
from tests.moles_helpers import position

STRENGTH_GAMES = 20     # good vs random in the suite; the bench plays 200
TIME_MAX = 1.0          # seconds, any single decision
TIME_MEDIAN = 0.05


# ---- levels -----------------------------------------------------------------------------------

def test_levels_weakest_first_with_the_names_the_screen_shows():
    assert LEVELS == ["random", "beginner", "good", "expert"]
    assert type(make_agent("moles", "random", 1)) is RandomAgent
    assert type(make_agent("moles", "beginner", 1)) is MolesBeginnerAgent
    assert type(make_agent("moles", "good", 1)) is MolesAgent
    for level in LEVELS:
        agent = make_agent("moles", level, 1)
        assert isinstance(agent, Agent) and agent.level == level


def test_games_without_agents_fall_back_to_random():
    from game.rules import GAMES
    without = [g for g, info in GAMES.items() if not info.parts.get("good")] \
        or ["a-game-without-agents"]
    for level in LEVELS:
        assert type(make_agent(without[0], level, 1)) is RandomAgent


def test_unknown_level_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown computer level"):
        make_agent("moles", "grandmaster", 1)


def test_no_legal_action_is_a_clear_error():
    for level in LEVELS:
        with pytest.raises(ValueError):
            make_agent("moles", level, 1).decide(new_game("moles", 2, seed=1).view(0), [])


# ---- the beginner ---------------------------------------------------------------------------

def test_beginner_always_drops_into_a_hole_when_it_can():
    # unrotated meadow: (3, 1) reaches the holes (1, 1) and (3, -1) with a 2
    holes = {(1, 1), (3, -1)}
    seen = set()
    for seed in range(20):
        st = position(moles={0: [(3, 1), (-4, 0)], 1: [(-4, 4)]}, face_down={0: [2]})
        st.apply(st.legal_actions()[0])                     # turn the 2
        assert len(st.legal_actions()) > 2
        action = make_agent("moles", "beginner", seed).decide(st.view(0), st.legal_actions())
        assert action["frm"] == [3, 1] and tuple(action["to"]) in holes
        seen.add(tuple(action["to"]))
    assert seen == holes


def test_beginner_never_leaves_a_hole_when_another_move_exists():
    for seed in range(20):
        st = position(moles={0: [(1, 1), (-4, 0)], 1: [(4, -4)]}, face_down={0: [1]})
        st.apply(st.legal_actions()[0])
        action = make_agent("moles", "beginner", seed).decide(st.view(0), st.legal_actions())
        assert action["frm"] == [-4, 0]


# ---- the good player: sensible choices -----------------------------------------------------

def test_good_takes_the_winning_move_into_the_centre():
    st = position(players=2, layer=3, moles={0: [(1, 1), (2, 0)], 1: [(-1, -1)]},
                  face_down={0: [1]})
    st.apply(st.legal_actions()[0])
    action = make_agent("moles", "good", 1).decide(st.view(0), st.legal_actions())
    assert action["to"] == [0, 0]


def test_good_drops_into_a_hole_rather_than_wander():
    st = position(moles={0: [(3, 1), (-3, 0), (0, -4)], 1: [(-4, 4), (4, -4)]},
                  face_down={0: [2]})
    st.apply(st.legal_actions()[0])
    action = make_agent("moles", "good", 1).decide(st.view(0), st.legal_actions())
    assert action["to"] in st.view(0)["layers"][0]["holes"]


def test_good_keeps_the_disc_that_wins_in_the_championship():
    st = position(players=2, layer=3, moles={0: [(1, 1)], 1: [(-1, -1)]},
                  face_down={0: [1, 3]}, championship=True)
    st.apply(st.legal_actions()[0])
    assert st.step == "keep"
    action = make_agent("moles", "good", 1).decide(st.view(0), st.legal_actions())
    assert action["type"] == "keep" and action["value"] == 1


def test_good_lifts_the_layer_when_the_opponent_would_be_out():
    # red clay (layer 2), unrotated: holes (1,0) (-1,1) (0,-1) (2,-2) (0,2) (-2,0) (2,0) (-2,2);
    # seat 0 holds seven, the last one (2,0) is a 1 away; seat 1 has no mole in a hole
    holes = [(1, 0), (-1, 1), (0, -1), (2, -2), (0, 2), (-2, 0)]
    st = position(players=2, layer=1, moles={0: holes + [(-2, 2), (3, 0)], 1: [(-3, 3)]},
                  face_down={0: [1]})
    st.apply(st.legal_actions()[0])
    action = make_agent("moles", "good", 1).decide(st.view(0), st.legal_actions())
    assert action["frm"] == [3, 0] and action["to"] == [2, 0]


def test_placement_prefers_points_with_holes_in_reach():
    st = new_game("moles", 2, seed=3)
    agent = make_agent("moles", "good", 1)
    holes = {tuple(h) for h in st.view(0)["layers"][0]["holes"]}
    action = agent.decide(st.view(st.current_player), st.legal_actions())
    at = tuple(action["at"])
    dirs = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    reach = sum(1 for dq, dr in dirs for k in range(1, 5)
                if (at[0] + dq * k, at[1] + dr * k) in holes)
    assert reach >= 2


# ---- every decision legal, fast and repeatable ------------------------------------------------

@pytest.mark.parametrize("players,options", [(2, None), (3, None), (4, None),
                                             (2, {"championship": True})],
                         ids=["2p", "3p", "4p", "2p-championship"])
def test_good_decisions_are_legal_and_fast(players, options):
    times = []
    for seed in (11,):
        st = new_game("moles", players, seed=seed, options=options)
        agents = [make_agent("moles", "good" if s % 2 == 0 else "beginner", seed * 10 + s)
                  for s in range(players)]
        steps = 0
        while not st.is_over():
            seat = st.current_player
            legal = st.legal_actions()
            t0 = time.perf_counter()
            action = agents[seat].decide(st.view(seat), legal)
            if agents[seat].level == "good" and len(legal) > 1:
                times.append(time.perf_counter() - t0)
            assert any(action is a for a in legal), "the agent must return one of the legal actions"
            st.apply(action)
            steps += 1
            assert steps < 20_000
    assert times
    assert max(times) < TIME_MAX, f"slowest decision {max(times):.3f} s"
    assert statistics.median(times) < TIME_MEDIAN, f"median {statistics.median(times):.4f} s"


def test_same_seed_same_decisions():
    st = new_game("moles", 2, seed=5)
    a, b = make_agent("moles", "good", 9), make_agent("moles", "good", 9)
    helper = make_agent("moles", "beginner", 1)
    steps = 0
    while not st.is_over() and steps < 400:
        seat = st.current_player
        view, legal = st.view(seat), st.legal_actions()
        x, y = a.decide(view, legal), b.decide(view, legal)
        assert key(x) == key(y)
        st.apply(x if steps % 3 else helper.decide(view, legal))
        steps += 1


def test_the_agent_does_not_change_the_view():
    import copy
    st = new_game("moles", 3, seed=8)
    agent = make_agent("moles", "good", 2)
    for _ in range(80):
        if st.is_over():
            break
        view = st.view(st.current_player)
        before = copy.deepcopy(view)
        action = agent.decide(view, st.legal_actions())
        assert view == before
        st.apply(action)


# ---- strength --------------------------------------------------------------------------------

def test_good_beats_random():
    wins = 0
    for i in range(STRENGTH_GAMES):
        good_seat = i % 2
        levels = ["good", "random"] if good_seat == 0 else ["random", "good"]
        if play_match(levels, 500 + i) == [good_seat]:
            wins += 1
    assert wins >= 0.85 * STRENGTH_GAMES, f"good won only {wins} of {STRENGTH_GAMES}"


def test_strength_report_shape():
    rep = strength_report(games=2, seed=7)
    assert set(rep) >= {"games", "seed", "good_vs_random", "good_vs_beginner", "decisions",
                        "median_decide_s", "max_decide_s"}
    assert 0.0 <= rep["good_vs_random"] <= 1.0 and 0.0 <= rep["good_vs_beginner"] <= 1.0


# ---- the search model agrees with the rules -----------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_search_model_moves_and_turn_ends_match_the_rules(players):
    rng = random.Random(players)
    for seed in range(2):
        st = new_game("moles", players, seed=seed)
        agents = [make_agent("moles", "beginner", seed * 7 + s) for s in range(players)]
        steps = 0
        while not st.is_over() and steps < 3000:
            seat = st.current_player
            view = st.view(seat)
            legal = st.legal_actions()
            if view["step"] == "move":
                pos = Pos.from_view(view)
                value = view["pending"][0]
                mine = {(tuple(f), tuple(t)) for f, t in
                        ((a["frm"], a["to"]) for a in legal)}
                assert set(pos.moves(seat, value, view["in_bonus"])) == mine
                action = rng.choice(legal)
                events = st.apply(action)
                if st.step != "bonus" and not any(e["type"] == "stuck" for e in events):
                    c = pos.copy()
                    c.move(seat, tuple(action["frm"]), tuple(action["to"]))
                    c.end_turn(seat)
                    after = st.view(None)
                    assert c.layer == after["layer"]
                    assert c.occ == {tuple(m["at"]): m["seat"] for m in after["moles"]}
                    assert (c.winner is None) == (not after["winners"])
                    if c.winner is None:
                        assert c.cur == after["current_player"]
                    eq = equity(c)
                    assert abs(sum(eq) - 1.0) < 1e-6 and all(x >= -1e-9 for x in eq)
            else:
                st.apply(agents[seat].decide(view, legal))
            steps += 1


def _rules_moves(st, seat: int, value: int, bonus: bool) -> set:
    """The moves ``legal_actions`` offers ``seat`` for a disc of ``value`` (bonus move or not)."""
    c = st.clone()
    c.step, c.current_player, c.pending, c.in_bonus = "move", seat, [value], bonus
    return {(tuple(a["frm"]), tuple(a["to"])) for a in c.legal_actions()}


@pytest.mark.parametrize("players,championship", [(2, False), (3, False), (4, False), (2, True),
                                                  (3, True)])
def test_search_model_moves_equal_the_rules_in_random_positions(players, championship):
    """The computer's own fast movement model (``Pos.moves``) offers exactly the moves of the
    rules' ``legal_actions``, for every seat, every disc value and bonus or not, in many random
    positions of random games (every layer, the two-player last layer included)."""
    rng = random.Random(100 + players)
    positions = 0
    seen_layers = set()
    for seed in range(12):
        st = new_game("moles", players, seed=seed, options={"championship": championship})
        while not st.is_over():
            if st.step != "place" and rng.random() < 0.2:
                values = range(1, max(st.board.discs) + 1)
                for seat in range(players):
                    pos = Pos.from_view(st.view(seat))
                    for value in values:
                        for bonus in (False, True):
                            assert set(pos.moves(seat, value, bonus)) == \
                                _rules_moves(st, seat, value, bonus), (seed, seat, value, bonus)
                positions += 1
                seen_layers.add(st.layer)
            st.apply(rng.choice(st.legal_actions()))
    assert positions >= 100 and len(seen_layers) >= 2, (positions, seen_layers)
    if players == 2 and not championship:
        assert LAYER_COUNT - 1 in seen_layers      # where the dotted lines lead only into holes


# ---- what the expert level uses ------------------------------------------------------------------

def _positions(players: int, seed: int, every: int = 9):
    """States met in a beginner game (every ``every``-th action)."""
    st = new_game("moles", players, seed=seed)
    agents = [make_agent("moles", "beginner", seed * 7 + s) for s in range(players)]
    out = []
    n = 0
    while not st.is_over() and n < 2000:
        if n % every == 0:
            out.append(st.clone())
        seat = st.current_player
        st.apply(agents[seat].decide(st.view(seat), st.legal_actions()))
        n += 1
    out.append(st)
    return out


@pytest.mark.parametrize("players", [2, 3])
def test_search_position_read_from_the_state_equals_the_one_read_from_its_view(players):
    from game.ai.moles_ai import Pos
    for st in _positions(players, 4):
        a, b = Pos.from_state(st), Pos.from_view(st.view(None))
        assert (a.n, a.layer, a.occ, a.fd, a.cur, a.winner, a.draws, a.full, a.lone) == \
               (b.n, b.layer, b.occ, b.fd, b.cur, b.winner, b.draws, b.full, b.lone)
        assert a.geos is b.geos


def test_calibrated_equity_is_a_temperature_on_the_two_seat_win_shares():
    from game.ai.moles_ai import CALIBRATION, calibrate, calibrated_equity
    low, high = calibrate([0.8, 0.2], 0.5)
    assert abs(high - 0.2 ** 0.5 / (0.8 ** 0.5 + 0.2 ** 0.5)) < 1e-12 and abs(low + high - 1) < 1e-12
    assert calibrate([0.7, 0.3, 0.0], 1.0) == [0.7, 0.3, 0.0]
    assert calibrate([0.6, 0.4, 0.0], 0.5)[2] == 0.0
    for st in _positions(2, 6):
        pos = Pos.from_state(st)
        raw, cal = equity(pos), calibrated_equity(pos)
        if not pos.occ:      # before the first mole is placed
            continue
        assert abs(sum(cal) - 1.0) < 1e-9
        k = CALIBRATION[pos.layer]
        if pos.winner is not None or k == 1.0:
            assert cal == raw
        elif 0.0 < raw[0] < 1.0:   # the same side ahead, by less where k < 1
            assert (cal[0] - 0.5) * (raw[0] - 0.5) >= 0 and abs(cal[0] - 0.5) <= abs(raw[0] - 0.5)
    for st in _positions(3, 6, every=40):   # a seat count without a table: as it is
        pos = Pos.from_state(st)
        assert calibrated_equity(pos, seat_temps={}) == equity(pos)


def test_three_and_four_seats_have_their_own_temperatures_and_two_seats_keep_theirs():
    from game.ai.moles_ai import (CALIBRATION, CALIBRATION_SEATS, MolesExpertGuide, calibrate,
                                  calibrated_equity)
    assert 2 not in CALIBRATION_SEATS            # two seats: ``CALIBRATION``, as fitted
    for players in sorted(CALIBRATION_SEATS):
        temps = CALIBRATION_SEATS[players]
        assert len(temps) == len(CALIBRATION) and all(0.0 < k <= 2.0 for k in temps)
        seen = set()
        for st in _positions(players, 8, every=15):
            pos = Pos.from_state(st)
            if not pos.occ:
                continue
            raw, cal = equity(pos), calibrated_equity(pos)
            if pos.winner is not None:
                assert cal == raw
                continue
            seen.add(pos.layer)
            assert cal == calibrate(raw, temps[pos.layer])
            assert abs(sum(cal) - 1.0) < 1e-9
            assert [x == 0.0 for x in cal] == [x == 0.0 for x in raw]   # the out stay out
        assert seen
    # the two-seat form does not read the new table
    for st in _positions(2, 6, every=30):
        pos = Pos.from_state(st)
        assert calibrated_equity(pos, seat_temps={2: (0.1,) * 4}) == calibrated_equity(pos)
    assert MolesExpertGuide.seat_temps is None    # the guide uses the fitted table


def test_action_identity_tells_every_legal_action_apart():
    from game.ai.moles_ai import action_id
    for players in (2, 4):
        for st in _positions(players, 8, every=3):
            if st.is_over():
                continue
            legal = st.legal_actions()
            assert len({action_id(a) for a in legal}) == len(legal)


def test_the_cheap_tree_key_does_not_change_the_search():
    from game.ai.expert import ExpertAgent
    st = next(s for s in _positions(2, 9) if s.step == "move" and len(s.legal_actions()) > 2)
    roots = []
    for fast in (True, False):
        agent = ExpertAgent("moles", seed=3, think=60.0, iterations=120)
        if not fast:
            agent.fast_key = None
        agent.decide(st.view(st.current_player), st.legal_actions())
        roots.append({k: (c.n, round(c.w, 9)) for k, c in agent.last_root.children.items()})
    assert roots[0] == roots[1] and sum(n for n, _ in roots[0].values()) == 120


def test_the_expert_guide_decides_legally_from_the_view():
    from game.ai.moles_ai import MolesExpertGuide
    guide = MolesExpertGuide("moles", 2)
    for st in _positions(2, 10, every=7)[:-1]:
        legal = st.legal_actions()
        assert guide.decide(st.view(st.current_player), legal) in legal


def _lone_position(layer: int, parked: int, inside_mine: int = 0):
    """Two seats: seat 1 waits with ``parked`` moles in holes, seat 0 moves alone with one
    mole outside a hole (a 2 away from a free hole) and ``inside_mine`` moles in holes."""
    from game.ai.moles_ai import Pos
    pos = Pos.from_state(new_game("moles", 2, seed=5))
    pos.layer, pos.cur, pos.winner, pos.lone = layer, 0, None, 0
    g = pos.geo
    holes = list(g.holes)
    occ = {h: 1 for h in holes[:parked]}
    occ.update({h: 0 for h in holes[parked:parked + inside_mine]})
    free = holes[parked + inside_mine]
    start = next(ray[1] for ray, _ in g.rays[free] if len(ray) > 1 and ray[0] not in occ
                 and ray[1] not in occ and ray[1] not in g.holeset)
    occ[start] = 0
    pos.occ = occ
    return pos


def test_a_lone_mover_without_a_mole_in_a_hole_may_miss_its_stall_round_and_be_out():
    from game.ai.moles_ai import equity
    pos = _lone_position(2, parked=2)
    sure = equity(pos)[0]                       # good's form: the lone mover surely fills
    odds = equity(pos, lone_odds=True)[0]
    assert 0.0 < odds < sure
    pos.lone = 5                                # one turn of the stall round left: worse
    assert equity(pos, lone_odds=True)[0] < odds
    assert equity(pos)[0] == sure               # good's evaluation does not read it
    safe = _lone_position(2, parked=1, inside_mine=1)   # a mole already in a hole: no risk
    assert equity(safe, lone_odds=True) == equity(safe)


def test_the_expert_guide_and_leaf_value_use_the_stall_aware_equity():
    from game.ai.moles_ai import MolesExpertGuide, calibrated_equity, expert_value
    assert MolesExpertGuide.lone_odds and MolesExpertGuide.lone_race
    for st in _positions(2, 11, every=25):
        assert expert_value(st) == calibrated_equity(Pos.from_state(st), lone_odds=True,
                                                     lone_race=True)


def _lone_turn(mine_after: list, yours: list):
    """The layer above the last, unrotated: seat 1 waits with both its moles in holes (its disc
    row ``yours``), seat 0 (a mole in a hole, two outside) has turned a 2 that can fill the
    last free hole, (-1, 1) -> (-1, -1); ``mine_after``: its face-down discs after that 2."""
    st = position(2, layer=2, moles={0: [(1, 1), (-1, 1), (2, 0)], 1: [(1, -2), (-2, 1)]},
                  current=0, face_down={0: mine_after, 1: yours})
    st.step, st.pending = "move", [2]
    st.face_up[0] = [1, 2, 2, 3, 3, 4]
    for v in mine_after + [2]:
        st.face_up[0].remove(v)
    st._legal = None
    return st


def test_a_lone_mover_above_the_last_layer_lifts_when_its_disc_row_favours_the_race():
    from game.ai.moles_ai import MolesExpertGuide
    fill = {"frm": [-1, 1], "to": [-1, -1]}

    def fills(mine, yours):
        st = _lone_turn(mine, yours)
        a = MolesExpertGuide("moles", 1).decide(st.view(0), st.legal_actions())
        return {"frm": a["frm"], "to": a["to"]} == fill

    # its 1 is still face down among three and the waiting seat's 1 is one of two: lift now
    assert fills([1, 3, 4], [1, 3])
    # its 1 has come up, the waiting seat has none face down for five turns: wait, spend the
    # row, and lift later (filling at once would start the race with its 1 six discs away)
    assert not fills([3, 3, 4], [2, 2, 3, 3, 4])


def test_the_lone_race_value_is_optimal_stopping_over_the_disc_row():
    from game.ai.moles_ai import _lone_race, _race_at_lift, lone_race_equity
    full = (1, 2, 2, 3, 3, 4)
    race = (2, 2)   # the 1 reaches the centre
    fill = 0b11110  # any value fills a hole
    # its 1 has come up: lifting at once is worse than being able to wait
    assert _lone_race((2, 3, 4), full, 5, 1, fill, True, race, full) > \
        _race_at_lift((2, 3, 4), full, race, full)
    # no turn left and no mole of its own in a hole: the lift puts it out
    assert _lone_race((1,), full, 0, 1, fill, False, race, full) == 0.0
    # waiting longer never hurts (it may still lift at once)
    assert _lone_race((2, 3), full, 4, 1, fill, True, race, full) >= \
        _lone_race((2, 3), full, 1, 1, fill, True, race, full) - 1e-12
    st = _lone_turn([3, 4], [1, 3])
    pos = Pos.from_state(st)
    eq = lone_race_equity(pos)
    assert eq is not None and abs(sum(eq) - 1.0) < 1e-9
    both = Pos.from_state(position(2, layer=2, moles={0: [(-1, 1)], 1: [(2, 0)]}))
    assert lone_race_equity(both) is None            # both seats still move
    other = Pos.from_state(position(2, layer=1, moles={0: [(-1, 1)], 1: [(1, 1)]}))
    assert lone_race_equity(other) is None           # not the layer above the last


def test_the_phase_tool_sorts_a_game_by_where_it_was_decided():
    """tools/moles_phases.py: a seeded game is either decided before the last layer or in its
    race, the same way every time, and the seat's share is a share of the win."""
    import sys
    from pathlib import Path
    tools = str(Path(__file__).resolve().parents[2] / "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    from moles_phases import one_game
    kinds = set()
    for seed in (30000, 30001, 30002):
        first = one_game("guide", "beginner", seed, seed % 2, None)
        assert first == one_game("guide", "beginner", seed, seed % 2, None)
        assert first[0] in ("early", "race") and first[1] in (0.0, 0.5, 1.0)
        kinds.add(first[0])
    assert kinds


def test_the_calibration_tool_finds_the_temperature_for_any_seat_count():
    """tools/moles_calibration.py fits P(seat) = e ** k / sum e ** k: on outcomes drawn from
    that model it finds k again, with two seats (the logistic form) and with four; a seat
    that is out takes no part; a recorded game gives every seat a share of the win."""
    import random
    import sys
    from pathlib import Path
    tools = str(Path(__file__).resolve().parents[2] / "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    from moles_calibration import _logs, fit, record
    rng = random.Random(5)
    for seats, k in ((2, 0.5), (4, 1.6)):
        rows = []
        for _ in range(1500):
            e = [rng.uniform(0.05, 1.0) for _ in range(seats)]
            if seats > 2 and rng.random() < 0.3:
                e[rng.randrange(seats)] = 0.0          # a seat out of the game
            tot = sum(e)
            e = [x / tot for x in e]
            w = [x ** k for x in e]
            r = rng.random() * sum(w)
            won = 0
            while r > w[won]:
                r -= w[won]
                won += 1
            rows.append((_logs(e), [1.0 if s == won else 0.0 for s in range(seats)]))
        assert abs(fit(rows) - k) < 0.25 * k
    got = record(40, every=10, players=3)
    assert got and all(len(x) == 3 and len(y) == 3 and abs(sum(y) - 1.0) < 1e-9
                       for _, x, y in got)
