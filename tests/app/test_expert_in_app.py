"""The expert level in the app: its think time is a setting, the set-up screen says how each
level plays, and a thinking expert stops at once on Undo, Menu or quit without its stale move
ever being played."""
from __future__ import annotations

import json
import time

import pygame
import pytest

from game import i18n
from game.ai.expert import ExpertAgent
from game.app.store import settings as smod
from game.app.session import LocalSession
from game.table.bots import MOVE_RESERVE
from game.table.policy import is_point_of_no_return
from game.app.words.names import level_about, think_label
from game.app.scenes.play import PlayScene
from game.rules import new_game
from tests.helpers import pump, running_app

GAME = "gopher"


pytestmark = pytest.mark.usefixtures("home")   # a throw-away user folder (conftest.py)


@pytest.fixture
def app():
    yield from running_app((1024, 600))


def human_against_expert(think: float = 30.0, autosave: bool = False) -> tuple:
    """A person (seat 0) against an expert (seat 1), the person's first action played: the
    expert has a real choice to think about, and Undo may still take the action back.
    Returns (controller, the state before that action as saved)."""
    state = new_game(GAME, players=2, seed=1)
    seats = [{"name": "Ann", "colour": 0, "kind": "human", "level": "good"},
             {"name": "Bot", "colour": 1, "kind": "computer", "level": "expert"}]
    ctl = LocalSession(GAME, seats, state, autosave=autosave)
    ctl.think_time = think
    for action in state.legal_actions():
        probe = state.clone()
        if is_point_of_no_return(probe.apply(action)) or probe.current_player != 1:
            continue
        if len(probe.legal_actions()) > 1 and not ExpertAgent._secret(probe.clone(), probe.legal_actions()):
            before = state.to_dict()
            ctl.apply(action)
            return ctl, before
    pytest.skip("no first action that hands a real choice to the expert")


def start_thinking(ctl) -> None:
    assert ctl.tick(0.0, animating=True, speed="off") is None
    time.sleep(0.1)
    assert ctl.thinking, "the expert searches (its think time is long)"


# ---- the setting -------------------------------------------------------------------------------

def test_think_time_is_a_saved_and_checked_setting(home):
    assert smod.Settings().expert_think == smod.THINK_DEFAULT == 1.0
    assert smod.THINK_TIMES == sorted(smod.THINK_TIMES) and smod.THINK_DEFAULT in smod.THINK_TIMES
    assert smod.save(smod.Settings(expert_think=2.0)) is None
    back, msg = smod.load()
    assert msg is None and back.expert_think == 2.0
    for bad in (True, "2", 0.7, 99, None, [1]):
        (home / smod.FILE_NAME).write_text(json.dumps({"expert_think": bad}))
        back, msg = smod.load()
        assert back.expert_think == smod.THINK_DEFAULT
        assert msg and "think time" in msg, bad


def test_the_default_think_time_keeps_a_move_within_a_second():
    ctl, _ = human_against_expert(think=smod.THINK_DEFAULT)
    ctl.tick(0.0, animating=True, speed="off", think=smod.THINK_DEFAULT)
    agent = ctl._agent(1)
    assert agent.think == pytest.approx(smod.THINK_DEFAULT - MOVE_RESERVE)
    start = time.perf_counter()
    ctl.wait_for_computer(5.0)
    # bounded by the setting (the margin is for a busy test machine; `strength` measures it)
    assert not ctl.thinking and time.perf_counter() - start < smod.THINK_DEFAULT + 0.5
    assert ctl.tick(0.0, animating=False, speed="off", computer_speed="instant") is not None


def test_settings_screen_sets_the_think_time(app, home):
    app.switch("settings")
    scene = app.top
    pump(app, 2)
    assert scene.focus.focus_key("expert_think")
    scene.set_think(5.0)
    assert app.settings.expert_think == 5.0
    assert json.loads((home / smod.FILE_NAME).read_text())["expert_think"] == 5.0
    scene = app.top
    pump(app, 2)
    labels = [think_label(t) for t in smod.THINK_TIMES]
    assert labels[0] == "Up to 0.5 s a move" and labels[1] == "Up to 1 s a move"
    i18n.set_language("de")
    assert think_label(0.5) == "Bis 0,5 s pro Zug"


def test_the_play_screen_hands_the_setting_to_the_expert(app):
    app.settings.expert_think = 0.5
    ctl, _ = human_against_expert()
    app.go(PlayScene(app, ctl, auto_results=False))
    pump(app, 2)
    assert ctl.think_time == 0.5
    assert ctl._agent(1).think == pytest.approx(0.5 - MOVE_RESERVE)


# ---- the set-up screen -------------------------------------------------------------------------

@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_set_up_shows_one_line_per_level(app, lang):
    i18n.set_language(lang)
    app.settings.expert_think = 2.0
    app.switch("seats", "moles")
    scene = app.top
    pump(app, 2)
    assert [lv for lv, _ in scene.legend] == scene.levels       # random, beginner, good, expert
    ys = [y for _, y in scene.legend]
    assert ys == sorted(ys) and ys[0] >= scene.rows_bottom
    lines = [level_about(lv, 2.0) for lv in scene.levels]
    assert all(lines) and len(set(lines)) == len(lines)
    assert "2" in lines[-1]                   # the expert's line names its think time


def test_set_up_without_room_keeps_the_levels_in_use(app):
    from game.app.scenes.seats import LEGEND_STEP
    app.switch("seats", "hamster")
    scene = app.top
    scene.set_count(6)
    pump(app, 2)
    assert all(y + scene.px(16) <= app.size[1] - scene.px(100) for _, y in scene.legend)
    for i in range(1, scene.count):
        scene.seats[i]["level"] = "expert" if i == 3 else "good"
    scene.about_level = "beginner"
    step = scene.px(LEGEND_STEP)
    assert [lv for lv, _ in scene.legend_layout(100, 100 + 3 * step)] == ["beginner", "good", "expert"]
    assert [lv for lv, _ in scene.legend_layout(100, 100 + 2 * step)] == ["beginner"]
    assert scene.legend_layout(100, 100 + step // 2) == []
    for i in range(scene.count):
        scene.set_kind(i, "human")
    pump(app, 1)
    assert scene.legend == []                 # no computer seat: no level lines


# ---- stopping at once --------------------------------------------------------------------------

def test_undo_during_an_expert_think_stops_it_and_drops_its_move():
    ctl, before = human_against_expert()
    start_thinking(ctl)
    start = time.perf_counter()
    assert ctl.undo()
    ctl.wait_for_computer(5.0)
    assert not ctl.thinking and time.perf_counter() - start < 0.5
    assert ctl.current == 0 and ctl.table.state.to_dict() == before
    for _ in range(5):                       # the person's turn: no stale move comes
        assert ctl.tick(0.1, animating=False, speed="off", computer_speed="instant") is None
    assert ctl.table.state.to_dict() == before


def test_menu_during_an_expert_think_stops_it_and_thinks_afresh_after(app):
    ctl, _ = human_against_expert()
    scene = PlayScene(app, ctl, auto_results=False)
    app.go(scene)
    pump(app, 2)
    time.sleep(0.1)
    assert ctl.thinking
    turn = ctl.table.state.to_dict()
    start = time.perf_counter()
    scene.open_menu()
    ctl.wait_for_computer(5.0)
    assert not ctl.thinking and time.perf_counter() - start < 0.5
    pump(app, 5)
    assert app.top.name == "pause" and ctl.table.state.to_dict() == turn    # nothing played meanwhile
    app.settings.expert_think = 0.5
    app.settings.computer_speed = "instant"
    app.pop()                                 # Resume: the expert thinks the move again
    deadline = time.perf_counter() + 5.0
    while ctl.table.state.to_dict() == turn and time.perf_counter() < deadline:
        pump(app, 1)
        time.sleep(0.02)
    assert ctl.table.state.to_dict() != turn and ctl.current == 0


def test_quitting_during_an_expert_think_stops_it(app):
    ctl, _ = human_against_expert()
    app.go(PlayScene(app, ctl, auto_results=False))
    pump(app, 2)
    time.sleep(0.1)
    assert ctl.thinking
    start = time.perf_counter()
    for scene in app.stack:          # what App.run does when the window closes
        scene.stop()
    ctl.wait_for_computer(5.0)
    assert not ctl.thinking and time.perf_counter() - start < 0.5
