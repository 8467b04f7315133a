"""The app loop and the screens as a whole: a game that ends with nobody left, bursts of
resizes on every screen, idle frames, starting games by name."""
from __future__ import annotations

import pygame
import pytest

from game.app.store import saves
from game.app.session import LocalSession
from tests.moles_helpers import position
from tests.helpers import pump, running_app

pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)


@pytest.fixture
def app():
    yield from running_app((1280, 720), headless=True)


def humans(n):
    return [{"name": f"P{i + 1}", "colour": i, "kind": "human", "level": "good"} for i in range(n)]


@pytest.mark.parametrize("players,speed", [(2, "normal"), (3, "off")])
def test_mole_dig_that_ends_with_nobody_left_shows_a_shared_win(app, players, speed):
    # every mole off the holes, then the layer is lifted: nobody is left, all share the win
    st = position(players=players, moles={s: [(4 - s, -4)] for s in range(players)}, current=0)
    app.settings.speed = speed
    ctl = LocalSession("moles", humans(players), st, autosave=False)
    app.launch(ctl)
    pump(app, 2)
    play = app.top
    events = []
    st._lift(events)
    play.board.play([dict(e) for e in events], speed)
    play.sync_board()
    play.results_pending = True
    for _ in range(60 * 30):
        if app.top.name == "results":
            break
        pump(app, 1)
    assert st.is_over() and st.winners() == list(range(players))
    assert app.top.name == "results"
    pump(app, 2)


# ---- one registration point; scenes never import scenes ---------------------------------------

def test_scenes_never_import_scenes_and_import_only_at_the_top():
    import ast
    from pathlib import Path
    folder = Path(__file__).resolve().parents[2] / "game" / "app" / "scenes"
    scene_modules = {p.stem for p in folder.glob("*.py")} - {"__init__", "base"}
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                assert node.col_offset == 0, f"{path.name}:{node.lineno}: import inside a function"
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                names = {node.module} if node.module else {a.name for a in node.names}
                assert not names & scene_modules, f"{path.name}:{node.lineno} imports a scene"


def test_every_available_game_names_its_view_in_games_yaml_and_it_loads():
    from game.app.views import view_class
    from game.app.views.placeholder import PlaceholderView
    from game.rules import GAMES
    for gid, info in GAMES.items():
        if info.available:
            assert info.view, f"{gid}: games.yaml gives no view"
            assert view_class(gid) is not PlaceholderView


def test_curtain_and_colour_come_from_games_yaml():
    from game.app.views import needs_curtain
    from game.rules import GAMES
    assert needs_curtain("ants") and not needs_curtain("moles")
    assert all(needs_curtain(gid) == info.curtain for gid, info in GAMES.items())
    assert all(info.colour and len(info.colour) == 3 for info in GAMES.values())
    assert GAMES["moles"].sounds["lift"] == "drop"


def test_a_view_that_fails_to_load_is_a_clear_error_not_a_placeholder(app, monkeypatch):
    from game.app.views import ViewError, view_class
    from game.rules import GAMES
    monkeypatch.setattr(GAMES["moles"], "view", "game.app.views.no_such_view:NoView")
    with pytest.raises(ViewError) as err:
        view_class("moles")
    text = str(err.value)
    assert "games.yaml" in text and "moles.view" in text and "no_such_view" in text
    # on screen: the set-up screen says why and stays
    app.go_title()
    app.open("seats", "moles")
    pump(app)
    app.top.start()
    pump(app)
    assert app.top.name == "seats" and "cannot be loaded" in app.top.message


@pytest.mark.parametrize("entry,problem", [
    ({"view": "not a path"}, "package.module:Class"),
    ({"colour": [1, 2]}, "red, green, blue"),
    ({"colour": [1, 2, 300]}, "colour[2]"),
])
def test_games_yaml_screen_entries_are_checked(entry, problem):
    from game.rules.base import GameInfo
    from game.io.data import Checker, DataError
    from game.rules.registry import _screen_entries
    with pytest.raises(DataError) as err:
        _screen_entries(Checker("data/games.yaml"), entry, "games[0]", GameInfo("x", "X", 2, 4))
    assert problem in str(err.value) and "games.yaml" in str(err.value)


# ---- resizes ----------------------------------------------------------------------------------

def resize(app, w, h, frames=1):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
    pump(app, frames)


BURSTS = [(1900, 1000), (1500, 900), (1200, 700), (1024, 600), (900, 500), (1100, 640),
          (2560, 1440), (1024, 600), (1600, 1200), (1280, 720)]


def open_every_screen(app):
    """Yield (name, setup) that opens one screen each; every game's set-up and play screen."""
    from game.app import launch
    from game.rules import GAMES
    yield "title", lambda: app.go_title()
    yield "choose", lambda: (app.go_title(), app.open("choose"))
    yield "rules", lambda: (app.go_title(), app.open("rules", None))
    yield "settings", lambda: (app.go_title(), app.open("settings"))
    for gid, info in GAMES.items():
        if not info.available:
            continue
        seats = humans(info.min_players) if info.min_players > 1 else humans(1)
        yield f"seats-{gid}", lambda gid=gid: (app.go_title(), app.open("seats", gid))
        yield f"play-{gid}", lambda gid=gid, seats=seats: app.launch(launch.new(gid, seats, seed=3))
        yield f"pause-{gid}", lambda gid=gid, seats=seats: (
            app.launch(launch.new(gid, seats, seed=3)), app.top.open_menu())


def test_every_screen_survives_bursts_of_resizes(app):
    for name, setup in open_every_screen(app):
        setup()
        pump(app, 2)
        for i, (w, h) in enumerate(BURSTS):     # a burst: several resizes between two frames
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
            if i % 4 == 3:
                pump(app, 1)
        for w, h in [(2560, 1440), (1024, 600), (900, 500), (1100, 620)]:
            resize(app, w, h, frames=1)          # much narrower from one frame to the next
        resize(app, 1280, 720, frames=2)
        assert app.size == (1280, 720), name
        for scene in app.visible_scenes():       # laid out for the size it is drawn at
            assert scene.laid_out_for() == app.size, name
            assert tuple(scene.ui.window_resolution) == app.size, name


# ---- idle costs nothing -----------------------------------------------------------------------

def test_idle_screens_want_no_frames_and_wake_on_input(app):
    from game.app import launch
    app.go_title()
    pump(app, 2)
    assert app.wants_frame()                     # just shown: the moles peek, input is fresh
    app.top.anim_left = 0.0
    app._hot = 0.0
    assert not app.wants_frame()
    drawn = app.frames_drawn
    assert app.frame() is False                  # slept until the timeout: nothing drawn
    assert app.frames_drawn == drawn
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    assert app.frame() is True and app.frames_drawn == drawn + 1 and app.wants_frame()
    # a play screen where two people think: idle; a computer to move: frames
    app.launch(launch.new("moles", humans(2), seed=1))
    pump(app, 2)
    for _ in range(60):                          # the board's looping effects calm down
        if app.top.board_idle():
            break
        app.step(0.25, [])
    app._hot = 0.0
    assert not app.top.board.animating and not app.wants_frame()
    app.top.show_message("Not there.")
    assert app.wants_frame()                     # a toast fades out
    seats = humans(1) + [{"name": "C", "colour": 1, "kind": "computer", "level": "random"}]
    app.launch(launch.new("moles", seats, seed=1))
    pump(app, 1)
    app._hot = 0.0
    if app.top.session.computer_to_act():
        assert app.wants_frame()


def test_the_idle_wait_sleeps_until_an_event_and_wakes_at_once_when_one_is_posted(app):
    """The loop sleeps in SDL's own event wait (pygame's wait looks every millisecond); an event
    posted from another thread (a computer's move) wakes it at once."""
    import sys
    import threading
    import time

    from game.app.loop import waiting
    pygame.event.get()
    if sys.platform.startswith("linux"):
        assert waiting._library() is not None      # found the SDL pygame runs on
    start = time.perf_counter()
    assert waiting.wait_for_events(0.05) == []
    assert time.perf_counter() - start >= 0.04
    timer = threading.Timer(0.05, lambda: pygame.event.post(pygame.event.Event(pygame.USEREVENT, n=7)))
    timer.start()
    start = time.perf_counter()
    got = waiting.wait_for_events(5.0)
    timer.join()
    assert [e.n for e in got if e.type == pygame.USEREVENT] == [7]
    assert time.perf_counter() - start < 1.0
    # a posted wake-up is no input: it does not keep the loop at full rate
    app.go_title()
    pump(app, 2)
    app.top.anim_left = 0.0
    app._hot = 0.0
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, n=8))
    assert app.frame() is True and app._hot == 0.0 and not app.wants_frame()


def test_the_wake_event_is_never_a_button_press_even_after_a_display_closed():
    """pygame numbers new event types from a counter that starts again when the display is
    closed: made after that (a window drawn and closed first, as a test of a board view
    does), the wake-up was the number of pygame_gui's button press, and every click on a
    button was taken for a wake-up.  In a fresh process: a display opened and closed first."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    code = (
        "import pygame, pygame_gui\n"
        "from pygame_gui import _constants as c\n"
        "pygame.init(); pygame.display.set_mode((64, 64)); pygame.display.quit()\n"
        "from game.app.loop import wake\n"
        "taken = {v for k, v in vars(c).items() if k.startswith('UI_') and isinstance(v, int)}\n"
        "print(wake.WAKE in taken, wake.WAKE != pygame_gui.UI_BUTTON_PRESSED)\n")
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "True"], out.stdout
