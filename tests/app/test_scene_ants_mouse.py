"""Ants & Grasshopper played to the end on the real play screen, only by posted mouse clicks:
every human decision (placing ants, the secret discs, the grasshopper's jump, insect swaps,
ability cards, buying through the dialog, the exchange) is a click that the board view turns
into exactly that legal action; computers play their seats; the "pass the device" curtain is
clicked away whenever the next human takes over.  Each mode with 2, 3 and 4 seats."""
from __future__ import annotations

import random

import pygame
import pytest

from game.i18n import tr

from tests.app.test_app_scenes import app, button, click, pump  # noqa: F401  (fixtures)
pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)


def start(app, variant, kinds, seed, monkeypatch=None):
    if monkeypatch is not None:     # the same deal every run
        from game.app import launch
        monkeypatch.setattr(launch.random, "SystemRandom", lambda: random.Random(seed))
    app.go_title()
    pump(app)
    click(app, button(app.top, "New game").rect.center)
    click(app, app.top.card_rects["ants"].center)
    seats = app.top
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
    assert play.name == "play" and type(play.board).__name__ == "AntsView"
    return play


def human_turn(app, play) -> bool:
    """Wait for a human decision (clearing the curtain); False when the game is over."""
    ctl = play.session
    for _ in range(3000):
        if ctl.is_over():
            return False
        if getattr(play, "moment_button", None) is not None:     # a big moment: Continue
            click(app, play.moment_button.rect.center)
            continue
        if ctl.curtain_seat is not None and not play.animating and play.curtain_button is not None:
            click(app, play.curtain_button.rect.center)
            assert ctl.curtain_seat is None
            continue
        if ctl.human_to_act() and not play.animating:
            return True
        pump(app, 1)
        ctl.wait_for_computer()
    raise AssertionError("no human turn came")


def play_by_clicks(app, play, seed, max_actions=2000) -> int:
    rng = random.Random(seed)
    ctl = play.session
    board = play.board
    n_human = 0
    while human_turn(app, play):
        legal = ctl.table.state.legal_actions()
        action = rng.choice(legal)
        seat = ctl.current
        before = ctl.table.state.turn_number
        for _ in range(4):
            pos = board.next_click(action)
            assert pos is not None, f"no click for {action}"
            click(app, pos, frames=1)
            if ctl.table.state.turn_number != before:
                break
        assert ctl.table.state.turn_number == before + 1, f"the clicks did not make {action}"
        entry = ctl.history[-1]
        assert entry["seat"] == seat and entry["human"]
        n_human += 1
        assert n_human < max_actions
    return n_human


CASES = [       # each mode, two people at one screen and people with computers between them
    ("autumn", ["human", "human"]),
    ("autumn", ["human", "computer", "human"]),
    ("winter", ["human", "computer"]),
    ("beetle", ["computer", "human"]),
]   # (Winter with 3 seats is in tests/app/test_scene_mouse_games.py; 4 seats in tests/net)


@pytest.mark.parametrize("variant,kinds", CASES, ids=[f"{v}-{len(k)}" for v, k in CASES])
def test_a_whole_game_by_mouse(app, monkeypatch, variant, kinds):
    play = start(app, variant, kinds, seed=len(kinds) * 7 + len(variant), monkeypatch=monkeypatch)
    n = play_by_clicks(app, play, seed=len(kinds))
    assert play.session.is_over() and n > 5
    pump(app, 5)


@pytest.mark.parametrize("variant,kinds,speed", [("autumn", ["human", "computer"], "normal"),
                                                 ("beetle", ["human", "computer", "human"], "fast")])
def test_a_whole_game_by_mouse_with_animations(app, monkeypatch, variant, kinds, speed):
    """The same with animations on: buttons and lit cards come alive once things stop moving."""
    app.settings.speed = speed
    play = start(app, variant, kinds, seed=11, monkeypatch=monkeypatch)
    n = play_by_clicks(app, play, seed=11)
    assert play.session.is_over() and n > 5


def test_wrong_clicks_explain_themselves(app, monkeypatch):
    play = start(app, "autumn", ["human", "computer"], seed=1, monkeypatch=monkeypatch)
    ctl = play.session
    human_turn(app, play)
    board = play.board
    # first ant anywhere; then a card that is not next to the trail
    first = ctl.table.state.legal_actions()[0]
    click(app, board.next_click(first))
    far = [i for i in range(16) if i not in {c[1] * 4 + c[0] for c in
                                             (a["cell"] for a in ctl.table.state.legal_actions())}
           and [i % 4, i // 4] != first["cell"]]
    centre = board.cell_centre(far[0])
    n = ctl.table.state.turn_number
    result = board.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1))
    assert result == tr("ants.refuse.next_to_end")
    assert ctl.table.state.turn_number == n


def test_setup_offers_the_three_modes_and_autumn_options_only_in_autumn(app):
    app.go_title()
    pump(app)
    click(app, button(app.top, "New game").rect.center)
    click(app, app.top.card_rects["ants"].center)
    seats = app.top
    assert [v["id"] for v in seats.info.variants] == ["autumn", "winter", "beetle"]
    labels = [lab for lab, _ in seats.option_labels]
    assert {"Mode", "Autumn insect cards", "Autumn insect scoring", "First ant"} <= set(labels)
    seats.set_variant("winter")
    pump(app)
    labels = [lab for lab, _ in seats.option_labels]
    assert "First ant" in labels and not any(lab.startswith("Autumn") for lab in labels)
