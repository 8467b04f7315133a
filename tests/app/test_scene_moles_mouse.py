"""The Mole Dig play screen driven only by posted mouse events through the real board view:
start a game from the title, place moles, turn a disc and move a mole with clicks."""
from __future__ import annotations

import pygame
import pytest

from tests.app.test_app_scenes import app, button, click, pump  # noqa: F401  (fixtures)
pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)


def wait_for_human(app, ctl):
    for _ in range(400):
        if ctl.human_to_act() and not app.top.animating:
            return
        pump(app, 1)
        ctl.wait_for_computer()
    raise AssertionError("the computer never handed the turn back")


def at(view, point):
    x, y = view.pixel_of(tuple(point))
    return int(round(x)), int(round(y))


def test_start_a_moles_game_and_move_by_mouse(app):
    app.go_title()
    pump(app)
    click(app, button(app.top, "New game").rect.center)
    click(app, app.top.card_rects["moles"].center)
    seats = app.top
    seats.count = 2
    seats.rebuild()
    pump(app)
    click(app, button(seats, "Start game").rect.center)
    play = app.top
    assert play.name == "play" and type(play.board).__name__ == "MolesView"
    ctl = play.session
    assert [s["kind"] for s in ctl.seats] == ["human", "computer"]

    # setup: every placement is a click on an empty point of the meadow
    while ctl.table.state.step == "place":
        wait_for_human(app, ctl)
        if ctl.table.state.step != "place":
            break
        n = ctl.table.state.turn_number
        target = ctl.table.state.legal_actions()[0]["at"]
        click(app, at(play.board, target))
        assert ctl.table.state.turn_number > n, "the click did not place a mole"
        assert any(m["at"] == target and m["seat"] == 0 for m in ctl.table.state.view(0)["moles"])

    # turns: click a face-down disc in the bar, then a mole and one of its lit destinations
    moved_by_click = False
    for _ in range(12):
        wait_for_human(app, ctl)
        assert ctl.table.state.step == "turn"
        n = ctl.table.state.turn_number
        discs = [t for t in play.board.targets() if t["kind"] == "button"]
        assert discs, "no disc to click"
        click(app, discs[0]["center"])
        assert ctl.table.state.turn_number > n
        pump(app, 2)
        if ctl.table.state.step == "move" and ctl.table.state.current_player == 0:
            move = ctl.table.state.legal_actions()[0]
            before = ctl.table.state.turn_number
            centres = {t["key"]: t["center"] for t in play.board.targets()}
            for k in play.board.clicks_for(move):
                click(app, centres[k])
                centres = {t["key"]: t["center"] for t in play.board.targets()}
            assert ctl.table.state.turn_number > before
            name = ctl.seats[0]["name"]     # the human's move is in the log (the history keeps
            assert any(ln.startswith(f"{name} moves a mole") for ln in ctl.log_lines())
            moved_by_click = True
            break
    assert moved_by_click


def test_an_illegal_click_explains_itself(app):
    app.go_title()
    pump(app)
    click(app, button(app.top, "New game").rect.center)
    click(app, app.top.card_rects["moles"].center)
    seats = app.top
    seats.count = 2
    seats.rebuild()
    pump(app)
    click(app, button(seats, "Start game").rect.center)
    play = app.top
    ctl = play.session
    wait_for_human(app, ctl)
    hole = ctl.table.state.view(0)["layers"][0]["holes"][0]
    n = ctl.table.state.turn_number
    result = play.board.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at(play.board, hole),
                                                         button=1))
    assert isinstance(result, str) and result
    assert ctl.table.state.turn_number == n
