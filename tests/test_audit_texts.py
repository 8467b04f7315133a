"""Screen texts the fairness audit found wrong: each test is named after the case it settles."""
from __future__ import annotations

import random

import pygame

from game.app.views import make_board_view
from game.rules import new_game

SEATS = [{"name": f"P{i + 1}", "colour": i, "kind": "computer", "level": "random"} for i in range(4)]


def test_ants_player_without_insect_cards_shows_a_plain_score():
    state = new_game("ants", 2, seed=3, variant="autumn")
    view = make_board_view("ants", SEATS[:2], None)
    view.set_rect(pygame.Rect(14, 14, 842, 692))
    view.sync(state.view(0), None, 0)
    assert not state.insects[1]
    assert view.score_texts()[1] == str(state.autumn_points(1))
    assert "?" not in view.score_texts()[1]


def test_hamster_solo_status_says_first_pass_from_the_first_roll(display):
    from game.app.assets import Assets
    from game.app.views.hamster import HamsterView
    state = new_game("hamster", 1, seed=3)
    v = HamsterView("hamster", [{"name": "Anna", "colour": 0, "kind": "human", "level": "good"}], Assets())
    v.set_rect(pygame.Rect(14, 14, 844, 692))
    v.sync(state.view(0), state.legal_actions(), 0)
    rng = random.Random(2)
    for _ in range(3):
        text = " ".join(v.status_lines())
        assert "second pass" not in text and "first pass" in text
        state.apply(rng.choice(state.legal_actions()))
        v.sync(state.view(0), state.legal_actions(), 0)


def test_moles_log_of_a_move_names_from_and_to():
    state = new_game("moles", 2, seed=4)
    rng = random.Random(4)
    for _ in range(400):
        if state.is_over():
            break
        events = state.apply(rng.choice(state.legal_actions())) or []
        moves = [e for e in events if e.get("type") == "move"]
        if moves:
            e = moves[0]
            assert f"from ({e['frm'][0]},{e['frm'][1]}) to ({e['to'][0]},{e['to'][1]})" in e["text"]
            return
    raise AssertionError("no move happened")


def test_moles_legend_does_not_promise_a_bonus_for_a_hole_over_a_big_space():
    from game.app.views.moles import texts
    assert "no bonus" in texts.LEGEND["holebig"]


def test_hamster_new_turn_shows_no_roll_before_anyone_rolled(display):
    from game.app.assets import Assets
    from game.app.views.hamster import HamsterView
    state = new_game("hamster", 2, seed=5)
    seats = [{"name": n, "colour": i, "kind": "human", "level": "good"} for i, n in enumerate(("Anna", "Ben"))]
    v = HamsterView("hamster", seats, Assets())
    v.set_rect(pygame.Rect(14, 14, 844, 692))
    rng = random.Random(5)
    for _ in range(200):
        state.apply(rng.choice(state.legal_actions()))
        if state.turn >= 1 and state.step == "roll":
            break
    assert state.roll is not None and state.step == "roll"
    cp = state.current_player
    v.sync(state.view(cp), state.legal_actions(), cp)
    for _ in range(2000):
        if not v.animating:
            break
        v.update(1 / 30)
    v.update(0)
    assert v._disp_roll is None
    text = " ".join(v.status_lines())
    assert f"Roll: {state.roll}" not in text and "waiting for the roll" in text
