"""Hamster Burrow computer players: levels, legality, speed, determinism, view-only decisions,
strength, and that the planner's own model of the sheet agrees with the rules.  (The full
200-game figure comes from ``game.ai.hamster_ai.strength_report``, not from here.)"""
from __future__ import annotations

import copy
import json
import random
import statistics
import time

import pytest

from game.ai import LEVELS, Agent, make_agent
from game.ai.hamster_ai import HamsterAgent, HamsterBeginnerAgent, geometry, play_game, \
    strength_report
from game.rules import new_game
from tests.helpers import key, play

STRENGTH_GAMES = 20     # solo games per side in the suite; the report plays 200
TIME_MAX = 1.0          # seconds, any single decision
TIME_MEDIAN = 0.25     # generous: CI machines are noisy (the bench reports the real figure)


def to_choice(state):
    """Advance a fresh game to its first "choose" step."""
    while state.view(None)["step"] != "choose":
        state.apply(state.legal_actions()[0])
    return state


# ---- levels ----------------------------------------------------------------------------------

def test_levels_are_registered():
    assert type(make_agent("hamster", "beginner", 1)) is HamsterBeginnerAgent
    assert type(make_agent("hamster", "good", 1)) is HamsterAgent
    for level in LEVELS:
        agent = make_agent("hamster", level, 1)
        assert isinstance(agent, Agent) and agent.level == level


def test_agents_refuse_anything_but_a_view():
    state = to_choice(new_game("hamster", 2, seed=3))
    for level in LEVELS:
        agent = make_agent("hamster", level, 1)
        with pytest.raises(TypeError):
            agent.decide(state, state.legal_actions())
        with pytest.raises(ValueError):
            agent.decide(state.view(state.current_player), [])


# ---- every decision legal, fast, repeatable, from the view alone -------------------------------

@pytest.mark.parametrize("players,variant,options", [
    (1, "A", None), (1, "B", None), (2, "A", None), (2, "B", {"first_cross": "any"}),
    (6, "B", None)], ids=["solo-A", "solo-B", "2p-A", "2p-B-any", "6p-B"])
def test_decisions_are_legal_and_fast(players, variant, options):
    times = []
    state = new_game("hamster", players, seed=11, variant=variant, options=options)
    agents = [make_agent("hamster", ("good", "beginner", "random")[s % 3], 20 + s)
              for s in range(players)]
    for seat in range(players):
        if players == 1 or seat % 3 == 0:
            agents[seat] = make_agent("hamster", "good", 20 + seat)

    def check(seat, view, legal, action):
        assert any(action is a for a in legal), "the agent must return one of the legal actions"

    orig = [a.decide for a in agents]
    for s, agent in enumerate(agents):
        if agent.level == "good":
            def decide(view, legal, _f=orig[s]):
                t0 = time.perf_counter()
                out = _f(view, legal)
                if len(legal) > 1:
                    times.append(time.perf_counter() - t0)
                return out
            agent.decide = decide
    play(state, agents, check)
    assert times
    assert max(times) < TIME_MAX, f"slowest decision {max(times):.3f} s"
    assert statistics.median(times) < TIME_MEDIAN, f"median {statistics.median(times):.4f} s"


def test_same_seed_same_decisions_and_the_view_is_untouched():
    state = new_game("hamster", 3, seed=5, variant="B")
    a, b = make_agent("hamster", "good", 9), make_agent("hamster", "good", 9)
    helper = make_agent("hamster", "beginner", 1)
    steps = 0
    while not state.is_over() and steps < 150:
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        before = copy.deepcopy(view)
        x, y = a.decide(view, legal), b.decide(view, legal)
        assert key(x) == key(y)
        assert view == before
        state.apply(x if steps % 3 else helper.decide(view, legal))
        steps += 1


def test_decision_comes_from_the_view_dict_alone():
    """A view that went through JSON (no state behind it) gives the same decision."""
    state = new_game("hamster", 2, seed=8)
    movers = [make_agent("hamster", "beginner", s) for s in range(2)]
    checked = 0
    for _ in range(60):
        if state.is_over():
            break
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        if view["step"] == "choose" and len(legal) > 1:
            plain = json.loads(json.dumps(view))
            shuffled = list(legal)
            random.Random(checked).shuffle(shuffled)
            for level in ("beginner", "good"):
                one = make_agent("hamster", level, 4).decide(view, legal)
                two = make_agent("hamster", level, 4).decide(plain, shuffled)
                assert key(one) == key(two)
            checked += 1
        state.apply(movers[seat].decide(view, legal))
    assert checked >= 5


# ---- sensible choices --------------------------------------------------------------------------

def _sets_with(state, seat, cells):
    return [a for a in state.legal_actions() if a["type"] == "cross"
            and any(tuple(c) in cells for c in a["cells"])]


def test_beginner_takes_a_nut_or_mushroom_when_it_can():
    hits = 0
    for seed in range(40):
        state = to_choice(new_game("hamster", 1, seed=seed, variant="A"))
        sheet = state.view(0)["sheet"]
        prized = {tuple(c) for c in sheet["nuts"] + sheet["mushrooms"]}
        legal = state.legal_actions()
        if _sets_with(state, 0, prized) and len(legal) > len(_sets_with(state, 0, prized)):
            action = make_agent("hamster", "beginner", seed).decide(state.view(0), legal)
            assert any(tuple(c) in prized for c in action["cells"])
            hits += 1
    assert hits >= 3


def test_good_finishes_a_chamber_and_grabs_a_nut():
    """Played out with the good player: it fills chambers and takes nuts in most games."""
    full = nuts = 0
    for seed in range(6):
        state = play(new_game("hamster", 1, seed=100 + seed, variant="A"),
                     [make_agent("hamster", "good", seed)])
        b = state.breakdown(0)
        full += b["chambers"] > 0
        nuts += b["nuts"] > 0
    assert full == 6 and nuts >= 5


def test_on_the_last_roll_good_takes_the_most_points():
    """With the last timer box crossed, only points made now count."""
    checked = 0
    for seed in range(120):
        players = 1 + seed % 3
        state = new_game("hamster", players, seed=seed, variant="AB"[seed % 2])
        mover = make_agent("hamster", "random", seed)
        while not state.is_over():
            seat = state.current_player
            view, legal = state.view(seat), state.legal_actions()
            t = view["timer"]
            if view["step"] == "choose" and t["pass"] in (None, 2) \
                    and t["crossed"] == t["length"] and len(legal) > 1:
                geo = geometry(view["sheet"])
                mine = geo.mask_of(view["sheets"][seat]["crosses"])
                gain = {key(a): geo.score(mine | geo.mask_of(a["cells"])) for a in legal}
                action = make_agent("hamster", "good", seed).decide(view, legal)
                assert gain[key(action)] == max(gain.values())
                checked += 1
            state.apply(mover.decide(view, legal))
    assert checked >= 8


# ---- the planner's model of the sheet agrees with the rules -----------------------------------

@pytest.mark.parametrize("variant,first", [("A", "start"), ("B", "any")])
def test_model_legal_sets_match_the_rules(variant, first):
    rng = random.Random(3)
    state = new_game("hamster", 2, seed=4, variant=variant, options={"first_cross": first})
    checked = 0
    while not state.is_over():
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        if view["step"] == "choose":
            geo = geometry(view["sheet"])
            own = view["sheets"][seat]
            mine = geo.mask_of(own["crosses"])
            roll = view["roll"]
            if roll == 1:
                free = geo.one_row - own["one_row_used"]
                model = {s for k in range(1, min(7, free) + 1)
                         for s in geo.legal_sets(mine, k, first == "any")}
            else:
                model = set(geo.legal_sets(mine, roll, first == "any"))
            rules = {geo.mask_of(a["cells"]) for a in legal if a["type"] == "cross"}
            assert model == rules
            checked += 1
        state.apply(rng.choice(legal))
    assert checked >= 8


@pytest.mark.parametrize("variant", ["A", "B"])
def test_flexibility_check_matches_the_legal_sets(variant):
    """The quick "can a roll of r be placed?" test agrees with enumerating the sets."""
    geo = geometry(new_game("hamster", 1, seed=3, variant=variant).view(0)["sheet"])
    rng = random.Random(1)
    for _ in range(150):
        crosses = sum(1 << i for i in range(len(geo.cells)) if rng.random() < 0.4)
        anchors = geo.anchors(crosses, False)
        for r in range(1, 7):
            assert geo._can_place(crosses, anchors, r) == bool(geo.legal_sets(crosses, r, False))


# ---- strength ----------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["A", "B"])
def test_good_outscores_random_solo(variant):
    good = [play_game(["good"], 300 + i, variant=variant)["scores"][0]
            for i in range(STRENGTH_GAMES)]
    rnd = [play_game(["random"], 300 + i, variant=variant)["scores"][0]
           for i in range(STRENGTH_GAMES)]
    assert statistics.mean(good) >= statistics.mean(rnd) + 15, (good, rnd)
    assert statistics.mean(good) >= 1.6 * statistics.mean(rnd)


def test_good_outscores_random_head_to_head():
    good, rnd, wins = [], [], 0
    for i in range(10):
        gs = i % 2
        res = play_game(["good", "random"] if gs == 0 else ["random", "good"], 700 + i,
                        variant="AB"[i // 5])
        good.append(res["scores"][gs])
        rnd.append(res["scores"][1 - gs])
        wins += gs in res["winners"]
    assert statistics.mean(good) >= statistics.mean(rnd) + 10, (good, rnd)
    assert wins >= 7


def test_strength_report_shape():
    rep = strength_report(games=1, seed=7, levels=("random", "good"))
    assert set(rep["solo"]) == {"A", "B"}
    for side in "AB":
        assert set(rep["solo"][side]) == {"random", "good"}
        assert rep["solo"][side]["good"]["mean_rolls"] > 0
        assert set(rep["two_player"][side]) >= {"good", "random", "mean_rolls", "good_wins"}
    assert rep["decisions"] > 0 and rep["max_decide_s"] < TIME_MAX


# ---- the expert's planner ----------------------------------------------------------------------

def test_planner_is_the_experts_guide_and_plays_legally_from_the_view():
    from game.ai import expert
    from game.ai.hamster_ai import HamsterPlanner
    assert isinstance(expert.hooks("hamster")["guide"]("hamster", 1), HamsterPlanner)
    state = new_game("hamster", 2, seed=6, variant="B")
    a, b = HamsterPlanner("hamster", 3), HamsterPlanner("hamster", 3)
    mover = make_agent("hamster", "beginner", 2)
    checked = 0
    while not state.is_over() and checked < 6:
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        if view["step"] == "choose" and len(legal) > 1:
            before = copy.deepcopy(view)
            one = a.decide(view, legal)
            two = b.decide(json.loads(json.dumps(view)), list(reversed(legal)))
            assert key(one) == key(two) and one in legal and view == before
            checked += 1
        state.apply(mover.decide(view, legal))
    assert checked == 6


def test_planner_follows_the_timer_roll_by_roll():
    from game.ai.hamster_ai import _Timer
    t = _Timer(6, True, 1, 0)
    assert not t.over() and t.rolls(2) == 2.0
    assert t.next(3, 2).left == 1 and t.next(4, 2).over() and t.next(4, 2).rolls(2) == 0.0
    off = _Timer(6, False, 6, 2)
    assert off.rolls(3) == 12.0 + 3.0 and off.rolls(4) == 12.0
    assert not off.next(6, 3).active                   # nobody in a 4th chamber yet
    on = off.next(5, 4)                                # a 4th chamber: on, and the 5 counts
    assert on.active and on.left == 5


def last_roll_positions(seeds, players):
    """(seed, seat, view, legal) of every choice on the last roll of random games (the timer's
    last box crossed) where there is more than one set to choose from."""
    for seed in seeds:
        state = new_game("hamster", players(seed), seed=seed, variant="AB"[seed % 2])
        mover = make_agent("hamster", "random", seed)
        while not state.is_over():
            seat = state.current_player
            view, legal = state.view(seat), state.legal_actions()
            t = view["timer"]
            if view["step"] == "choose" and t["crossed"] == t["length"] and len(legal) > 1:
                yield seed, seat, view, legal
            state.apply(mover.decide(view, legal))


def test_planner_takes_the_most_points_on_the_last_roll():
    from game.ai.hamster_ai import HamsterPlanner
    checked = 0
    for seed, seat, view, legal in last_roll_positions(range(60), lambda seed: 2 + seed % 2):
        geo = geometry(view["sheet"])
        mine = geo.mask_of(view["sheets"][seat]["crosses"])
        gain = {key(a): geo.score(mine | geo.mask_of(a["cells"])) for a in legal}
        action = HamsterPlanner("hamster", seed).decide(view, legal)
        assert gain[key(action)] == max(gain.values())
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("variant", ["A", "B"])
def test_fast_sheet_helpers_agree_with_the_plain_ones(variant):
    """The byte-table helpers (room, target_distances) give what the cell-by-cell ones give."""
    geo = geometry(new_game("hamster", 1, seed=3, variant=variant).view(0)["sheet"])
    rng = random.Random(2)
    for _ in range(150):
        crosses = sum(1 << i for i in range(len(geo.cells)) if rng.random() < 0.4)
        anchors = geo.anchors(crosses, False)
        room = geo.room(crosses, anchors)
        for r in range(2, 7):
            assert (r <= room) == geo._can_place(crosses, anchors, r)
        todo = (geo.nuts | geo.mush) & ~crosses
        full = geo.distances(crosses, anchors)
        near = geo.target_distances(crosses, anchors, todo, 9.0)
        want = {i: d for i, d in full.items() if todo >> i & 1 and d <= 9.0}
        assert near == want


def test_planner_keeps_to_its_deadline():
    """Out of time, the planner answers from its static pass (the expert sets the deadline)."""
    from game.ai.hamster_ai import HamsterPlanner
    state = new_game("hamster", 2, seed=9)
    mover = make_agent("hamster", "good", 1)
    checked = 0
    while not state.is_over() and checked < 5:
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        if view["step"] == "choose" and len(legal) > 2:
            late = HamsterPlanner("hamster", 5)
            late.deadline = time.perf_counter() - 1.0
            t0 = time.perf_counter()
            got = late.decide(view, legal)
            assert time.perf_counter() - t0 < 0.5
            assert key(got) == key(HamsterPlanner("hamster", 5, wide=0, deep=0).decide(view, legal))
            checked += 1
        state.apply(mover.decide(view, legal))
    assert checked == 5


@pytest.mark.parametrize("variant", ["A", "B"])
def test_remembered_evaluation_equals_a_fresh_one(variant):
    """The evaluation's memos (chamber promise, biggest anchored piece) change no value: a
    sheet evaluated by a geometry that has seen many others equals one evaluated afresh."""
    from game.ai.hamster_ai import W, Geo
    sheet = new_game("hamster", 1, seed=3, variant=variant).view(0)["sheet"]
    warm, cold = Geo(sheet), Geo(sheet)
    rng = random.Random(5)
    other = dict(W, rem1=0.2, prog_exp=1.3)
    for _ in range(60):
        anyf = rng.random() < 0.3
        crosses = 0
        for _ in range(rng.randrange(14)):
            sets = warm.legal_sets(crosses, rng.randint(1, 6), anyf)
            if sets:
                crosses |= rng.choice(sets)
        for slots, rolls in ((0, 3.0), (2, 12.0), (7, 0.5), (1, 0.0)):
            for w in (W, other):
                cold._promise.clear()
                cold._room.clear()
                assert warm.evaluate(crosses, slots, rolls, anyf, w) == \
                    cold.evaluate(crosses, slots, rolls, anyf, w)
                cold._room.clear()
                assert warm.room(crosses, warm.anchors(crosses, anyf)) == \
                    cold.room(crosses, cold.anchors(crosses, anyf))


def test_sheet_rank_is_the_rulebook_order():
    """``Geo.rank``: total, then chamber, mushroom and nut points, as the rules count them."""
    for seed in range(6):
        state = new_game("hamster", 2, seed=seed, variant="AB"[seed % 2])
        play(state, [make_agent("hamster", "beginner", seed), make_agent("hamster", "good", 1)])
        view = state.view(0)
        geo = geometry(view["sheet"])
        for sheet in view["sheets"]:
            b = sheet["breakdown"]
            assert geo.rank(geo.mask_of(sheet["crosses"])) == (
                b["total"], b["chambers"], b["mushrooms"], b["nuts"])


def test_planner_endgame_plays_for_the_win_on_the_last_roll():
    """On the last roll the planner's set wins (or shares) whenever some set would against the
    rival's best reply, and the endgame never picks a set with fewer points."""
    from game.ai.hamster_ai import HamsterPlanner
    checked = 0
    for seed, seat, view, legal in last_roll_positions(range(40), lambda seed: 2):
        geo = geometry(view["sheet"])
        mine = geo.mask_of(view["sheets"][seat]["crosses"])
        other = geo.mask_of(view["sheets"][1 - seat]["crosses"])
        free = geo.one_row - view["sheets"][1 - seat]["one_row_used"]
        sizes = range(1, min(free, 3) + 1) if view["roll"] == 1 else [view["roll"]]
        reply = max([geo.rank(other | s) for k in sizes
                     for s in geo.legal_sets(other, k, False)] or [geo.rank(other)])
        share = {key(a): (geo.rank(mine | geo.mask_of(a["cells"])) > reply) +
                 0.5 * (geo.rank(mine | geo.mask_of(a["cells"])) == reply)
                 for a in legal}
        gain = {key(a): geo.score(mine | geo.mask_of(a["cells"])) for a in legal}
        action = HamsterPlanner("hamster", seed).decide(view, legal)
        assert share[key(action)] == max(share.values())
        assert gain[key(action)] == max(gain.values())
        checked += 1
    assert checked >= 10


def test_planner_endgame_is_legal_deterministic_and_can_be_switched_off():
    """Late in the game (few timer boxes left) the planner's win-seeking choice is legal and the
    same for the same view; with ``endgame=0`` it is the plain planner's choice."""
    from game.ai.hamster_ai import HamsterPlanner
    checked = 0
    for seed in range(3):
        state = new_game("hamster", 2, seed=seed, variant="AB"[seed % 2])
        mover = make_agent("hamster", "random", seed)
        late = early = 0
        while not state.is_over() and late < 3:
            seat = state.current_player
            view, legal = state.view(seat), state.legal_actions()
            t = view["timer"]
            if view["step"] == "choose" and t["active"] and len(legal) > 1 and (
                    early < 2 or t["length"] - t["crossed"] < 4):
                one = HamsterPlanner("hamster", seed).decide(view, legal)
                two = HamsterPlanner("hamster", seed).decide(copy.deepcopy(view), legal[::-1])
                assert one in legal and key(one) == key(two)
                if t["length"] - t["crossed"] >= 4:   # early: the endgame is not asked
                    plain = HamsterPlanner("hamster", seed, endgame=0).decide(view, legal)
                    assert key(plain) == key(one)
                    early += 1
                else:
                    late += 1
                checked += 1
            state.apply(mover.decide(view, legal))
    assert checked >= 12
