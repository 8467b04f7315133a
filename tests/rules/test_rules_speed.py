"""What makes the rules fast keeps them the same: fast records, the shared random generator of
clones, and the rules' bounded memories (tests/rules/test_rules_replay.py checks whole games)."""
from __future__ import annotations

import json
import random

import pytest

from game.rules import new_game
from game.rules.base import Rec, Record

from .test_rules_replay import FIXTURE, play


def test_a_fast_record_is_a_record():
    slow = Record("move", "Ann moves", frm=[1, 2], to=[3, 4])
    fast = Rec(type="move", frm=[1, 2], to=[3, 4], text="Ann moves")
    assert isinstance(fast, Record)
    assert fast == slow and fast.key() == slow.key() and str(fast) == str(slow)
    assert list(fast) == list(slow)                       # the same key order
    assert json.dumps(fast) == json.dumps(slow)


@pytest.mark.parametrize("game", ["moles", "ants", "hamster", "forest", "gopher"])
def test_a_clone_shares_the_generator_until_one_of_them_draws(game):
    state = new_game(game, players=2, seed=5)
    copy = state.clone()
    assert copy._rng_box is state._rng_box              # nothing copied yet
    assert copy.to_dict() == state.to_dict()            # reading the state copies nothing
    assert copy._rng_box is state._rng_box
    drawn = copy.rng.random()                           # the clone takes its own copy first
    assert copy.rng is not state.rng
    assert state.rng.random() == drawn                  # the original did not move on
    again = state.clone().clone()
    assert again.rng.random() == state.rng.random()     # a clone of a clone: the same stream


def test_a_clone_and_its_original_play_on_alike():
    for game in ("moles", "ants", "hamster", "forest", "gopher"):
        state = new_game(game, players=3, seed=11)
        rng = random.Random(1)
        for _ in range(30):
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))
        copy = state.clone()
        a, b = random.Random(2), random.Random(2)
        for _ in range(60):
            if state.is_over():
                break
            assert state.legal_actions() == copy.legal_actions()
            assert state.apply(a.choice(state.legal_actions())) == \
                copy.apply(b.choice(copy.legal_actions()))
        assert state.to_dict() == copy.to_dict()


def test_the_rules_memories_forget_without_changing_a_game(monkeypatch):
    """Hamster's legal sets and Gopher's token-free moves are remembered in bounded tables;
    with tiny bounds (cleared all the time) the games still play as recorded."""
    from game.rules import hamster
    from game.rules.gopher import search
    from game.rules.hamster import play as hamster_play
    monkeypatch.setattr(hamster_play, "SET_CACHE", 2)
    monkeypatch.setattr(search, "PLAIN_CACHE", 2)
    chambers = [c for side in ("A", "B") for c in hamster.default_sheet(side).chambers]
    for chamber in chambers:
        chamber._sets.clear()
    search._PLAIN.clear()
    recorded = json.loads(FIXTURE.read_text(encoding="utf-8"))
    for game in ("hamster", "gopher"):
        for want in recorded[game][:6]:
            got = play(game, want["players"], want["variant"], want["options"], want["seed"])
            assert got == want
    assert len(search._PLAIN) <= 2
    assert all(len(c._sets) <= 2 for c in chambers)


def test_gopher_quick_move_search_finds_what_the_full_search_finds():
    """Without baskets the move search runs in its quicker form (_search_ends); it gives the
    same end holes, first paths and hops, in the same order, as the full search."""
    from game.rules.gopher import default_data, search
    data = default_data()
    rng = random.Random(7)
    checked = 0
    for page in data.pages.values():
        for start in data.hole_ids:
            for steps in range(0, 7):
                for tokens in range(0, 4):
                    others = rng.sample([h for h in data.hole_ids if h != start], tokens)
                    occupied = dict(zip(others, rng.sample(range(4), tokens)))
                    assert search._search_ends(page, start, steps, occupied) == \
                        search._walk_moves(page, start, steps, occupied, False)
                    checked += 1
    assert checked == 6 * len(data.hole_ids) * 7 * 4


@pytest.mark.parametrize("variant", ["standard", "simplified"])
def test_gopher_picks_from_two_passes_are_the_picks_card_by_card(monkeypatch, variant):
    """The picks of a collection come from one pass over the cards forwards and one backwards;
    with totals too large for that (forced here) they come from the other cards' totals card
    by card.  Both give the same actions in every collection of some seeded random games."""
    from game.rules.gopher import legal
    rng = random.Random(3)
    states = []
    for seed in range(12):
        state = new_game("gopher", players=2 + seed % 3, seed=seed, variant=variant)
        while not state.is_over() and len(states) < 150 * (seed + 1):
            if state.step == "collect":
                states.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    assert len(states) > 300
    quick = [s._pick_actions(s.current_player) for s in states]
    monkeypatch.setattr(legal, "PICK_PASSES", -1)
    slow = [s._pick_actions(s.current_player) for s in states]
    assert [[list(a.items()) for a in x] for x in quick] == \
        [[list(a.items()) for a in x] for x in slow]
    assert any(a["type"] == "subtract" for x in quick for a in x) == (variant == "standard")


def test_the_bench_asks_50000_rules_actions_a_second():
    from game.bench import TARGETS
    assert TARGETS["rules_actions_per_s"] == (">=", 50000.0, "actions/s")
