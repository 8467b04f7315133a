"""Forest Gold played to the end on the real play screen, only by posted mouse clicks: every
human decision (the campfire tile, picking a piece, taking or leaving a nugget, a lit tile,
wading, Move camp, a choice inside a chain, passing) is a click that the board view turns into
exactly that legal action; computers play their seats.  Both modes, 2, 3 and 4 packs, and
alliances; the set-up screen shows the forest's options from the rules."""
from __future__ import annotations

import random

import pytest

from tests.test_app_scenes import app, button, click, home, pump  # noqa: F401  (fixtures)


def start(app, variant, kinds, seed, monkeypatch, options=None):
    from game.app.scenes import seats as seats_mod
    monkeypatch.setattr(seats_mod.random, "SystemRandom", lambda: random.Random(seed))
    app.go_title()
    pump(app)
    click(app, button(app.top, "New game").rect.center)
    click(app, app.top.card_rects["forest"].center)
    seats = app.top
    seats.set_count(len(kinds))
    for i, k in enumerate(kinds):
        seats.set_kind(i, k)
        if k == "computer":
            seats.set_level(i, "beginner" if i % 2 else "good")
    seats.set_variant(variant)
    for oid, value in (options or {}).items():
        seats.set_option(oid, value)
    seats.rebuild()
    pump(app)
    click(app, button(seats, "Start game").rect.center)
    play = app.top
    assert play.name == "play" and type(play.board).__name__ == "ForestView"
    return play


def human_turn(app, play) -> bool:
    ctl = play.ctl
    for _ in range(6000):
        if ctl.is_over():
            return False
        if ctl.curtain_seat is not None and not play.animating:
            click(app, play.curtain_button.rect.center)
            continue
        if ctl.human_to_act() and not play.animating:
            return True
        pump(app, 1)
        ctl.wait_for_computer()
    raise AssertionError("no human turn came")


def play_by_clicks(app, play, seed, max_actions=3000) -> int:
    rng = random.Random(seed)
    ctl = play.ctl
    board = play.board
    n_human = 0
    while human_turn(app, play):
        legal = ctl.state.legal_actions()
        # prefer moves that explore and carry, as a player would, so the game ends sooner
        action = rng.choice(legal)
        seat = ctl.current
        before = ctl.state.turn_number
        for _ in range(5):
            pos = board.next_click(action)
            assert pos is not None, f"no click for {action}"
            click(app, pos, frames=1)
            if ctl.state.turn_number != before:
                break
        assert ctl.state.turn_number == before + 1, f"the clicks did not make {action}"
        entry = ctl.history[-1]
        assert entry["seat"] == seat and entry["human"]
        n_human += 1
        assert n_human < max_actions
    return n_human


CASES = [
    ("race", ["human", "computer"], {}),
    ("plunder", ["human", "human", "computer"], {}),
    ("race", ["computer", "human", "computer", "human"], {"alliances": True}),
    ("plunder", ["human", "computer", "computer", "computer"], {"reinforcements": 3}),
]


@pytest.mark.parametrize("variant,kinds,options", CASES,
                         ids=[f"{v}-{len(k)}{'-' + '-'.join(o) if o else ''}" for v, k, o in CASES])
def test_a_whole_game_by_mouse(app, monkeypatch, variant, kinds, options):
    play = start(app, variant, kinds, seed=len(kinds) * 5 + len(variant), monkeypatch=monkeypatch,
                 options=options)
    n = play_by_clicks(app, play, seed=len(kinds))
    assert play.ctl.is_over() and n > 5
    pump(app, 5)


def test_a_whole_game_by_mouse_with_animations(app, monkeypatch):
    app.settings.speed = "fast"
    play = start(app, "race", ["human", "computer"], seed=4, monkeypatch=monkeypatch)
    n = play_by_clicks(app, play, seed=4)
    assert play.ctl.is_over() and n > 5


def test_setup_shows_the_forest_options_from_the_rules(app):
    app.go_title()
    pump(app)
    click(app, button(app.top, "New game").rect.center)
    click(app, app.top.card_rects["forest"].center)
    seats = app.top
    assert [v["id"] for v in seats.info.variants] == ["race", "plunder"]
    labels = {lab for lab, _ in seats.option_labels}
    assert "Mode" in labels and "Forest size" in labels and "Reinforcements after" in labels
