"""Gopher's Pantry played to the end on the real play screen, only by posted mouse clicks:
every human decision (placing the token, rolling, digging, the end hole of a move, the cards
of a collection, a take from the table, the trophy of a present) is a click on a lit target
or a bar button that the board view turns into exactly that legal action; computers play their
seats; the "pass the device" curtain is clicked away whenever the next human takes over.
Every rule set with 2, 3 and 4 seats, people and computers mixed."""
from __future__ import annotations

import random

import pytest

from tests.test_app_scenes import app, button, click, home, pump  # noqa: F401  (fixtures)


@pytest.fixture(autouse=True)
def gopher_on_screen(monkeypatch):
    """The catalogue (data/games.yaml) still lists the game as coming; these tests open its
    screen as the chooser will once it is listed as available."""
    from game.rules import GAMES
    monkeypatch.setattr(GAMES["gopher"], "available", True)


def start(app, variant, kinds, seed, monkeypatch):
    from game.app.scenes import seats as seats_mod
    monkeypatch.setattr(seats_mod.random, "SystemRandom", lambda: random.Random(seed))
    app.go_title()
    pump(app)
    click(app, button(app.top, "New game").rect.center)
    click(app, app.top.card_rects["gopher"].center)
    seats = app.top
    assert seats.name != "choose", "Gopher's Pantry cannot be started from the chooser"
    seats.set_count(len(kinds))
    for i, k in enumerate(kinds):
        seats.set_kind(i, k)
        if k == "computer":
            seats.set_level(i, "beginner" if i % 2 else "good")
    seats.set_variant(variant)
    seats.rebuild()
    pump(app)
    click(app, button(seats, "Start game").rect.center)
    play = app.top
    assert play.name == "play" and type(play.board).__name__ == "GopherView"
    return play


def human_turn(app, play) -> bool:
    ctl = play.ctl
    for _ in range(5000):
        if ctl.is_over():
            return False
        if ctl.curtain_seat is not None and not play.animating:
            click(app, play.curtain_button.rect.center)
            assert ctl.curtain_seat is None
            continue
        if ctl.human_to_act() and not play.animating:
            return True
        pump(app, 1)
        ctl.wait_for_computer()
    raise AssertionError("no human turn came")


def next_click(board, action):
    route = board.clicks_for(action)
    assert route, f"the screen has no way to {action}"
    for t in board.targets():
        if t["key"] == route[0]:
            return t["center"]
    raise AssertionError(f"{route[0]} is not on screen for {action}")


def play_by_clicks(app, play, seed, max_actions=3000) -> int:
    rng = random.Random(seed)
    ctl = play.ctl
    n_human = 0
    while human_turn(app, play):
        legal = ctl.state.legal_actions()
        # mostly sensible choices, so that the game moves on: collect when possible
        best = [a for a in legal if a["type"] in ("collect", "take", "add", "subtract", "keep")]
        action = rng.choice(best if best and rng.random() < 0.8 else legal)
        seat = ctl.current
        before = ctl.state.turn_number
        for _ in range(6):
            click(app, next_click(play.board, action), frames=1)
            if ctl.state.turn_number != before:
                break
        assert ctl.state.turn_number == before + 1, f"the clicks did not make {action}"
        entry = ctl.history[-1]
        assert entry["seat"] == seat and entry["human"]
        n_human += 1
        assert n_human < max_actions
    return n_human


CASES = [
    ("standard", ["human", "computer"]),
    ("standard", ["human", "human", "computer"]),
    ("simplified", ["computer", "human", "computer", "human"]),
    ("baskets", ["human", "computer", "human"]),
    ("baskets", ["human", "human"]),
    ("beginner", ["human", "computer"]),
    ("beginner", ["computer", "human", "human", "computer"]),
]


@pytest.mark.parametrize("variant,kinds", CASES, ids=[f"{v}-{len(k)}" for v, k in CASES])
def test_a_whole_game_by_mouse(app, monkeypatch, variant, kinds):
    play = start(app, variant, kinds, seed=len(kinds) * 5 + len(variant), monkeypatch=monkeypatch)
    n = play_by_clicks(app, play, seed=len(kinds))
    assert play.ctl.is_over() and n > 5
    pump(app, 5)


def test_a_whole_game_by_mouse_with_animations(app, monkeypatch):
    app.settings.speed = "fast"
    play = start(app, "baskets", ["human", "computer"], seed=11, monkeypatch=monkeypatch)
    n = play_by_clicks(app, play, seed=11)
    assert play.ctl.is_over() and n > 5


def test_setup_offers_the_four_rule_sets_and_the_beginner_option(app, monkeypatch):
    app.go_title()
    pump(app)
    click(app, button(app.top, "New game").rect.center)
    click(app, app.top.card_rects["gopher"].center)
    seats = app.top
    assert [v["id"] for v in seats.info.variants] == ["standard", "simplified", "baskets", "beginner"]
    seats.set_variant("beginner")
    pump(app)
    labels = [lab for lab, _ in seats.option_labels]
    assert "Beginner: one card may pay a sign" in labels
    seats.set_variant("standard")
    pump(app)
    assert "Beginner: one card may pay a sign" not in [lab for lab, _ in seats.option_labels]
