"""Following the play and desktop manners (issue 17): finishing a game no person plays any
more, the computer speed, the volume slider, Esc on an open drop-down, tooltips when the pointer
leaves the window, the pause menu's one highlight, the window size kept within the screen, and
seat colours that look like their names."""
from __future__ import annotations

import colorsys
import json
import random
import time

import pygame
import pygame_gui
import pytest

from game.app.store import saves
from game.app.store import settings as smod
from game.app import ui
from game.app.app import App
from game.app.session import COMPUTER_PAUSES, LocalSession, default_seats
from game.app.scenes.play import PlayScene
from game.app.sound import Sounds
from game.io.paths import resource_path
from game.rules import new_game
from tests.helpers import pump, running_app

pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)


@pytest.fixture
def app():
    yield from running_app((1024, 600))


def key(app, k, mod=0, frames=2):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pump(app, frames)


def computers_only(game="moles", players=3, seed=5):
    seats = default_seats(players, humans=0)
    return LocalSession(game, seats, new_game(game, players=players, seed=seed), autosave=False)


# ---- finish the game -------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["moles", "ants", "hamster", "forest", "gopher"])
def test_finish_the_game_when_every_seat_is_a_computer(game):
    ctl = computers_only(game, players=2, seed=3)
    assert ctl.no_human_in_play()
    t0 = time.perf_counter()
    ctl.finish()
    assert ctl.is_over() and not ctl.no_human_in_play()
    assert time.perf_counter() - t0 < 30


def test_finish_is_not_offered_while_a_person_still_plays():
    seats = default_seats(3, humans=1)
    ctl = LocalSession("moles", seats, new_game("moles", players=3, seed=4), autosave=False)
    assert not ctl.no_human_in_play()
    assert ctl.finish() == [] and not ctl.is_over()


def test_finish_the_game_when_every_person_is_out_of_mole_dig():
    """A person with no mole left is out: the computers may finish at once."""
    for seed in range(40):
        seats = default_seats(3, humans=1)
        ctl = LocalSession("moles", seats, new_game("moles", players=3, seed=seed), autosave=False)
        rng = random.Random(seed)
        while not ctl.is_over() and 0 in ctl.table.state.seats_in_play():
            ctl.apply(rng.choice(ctl.table.state.legal_actions()))
        if not ctl.is_over():
            break
    else:
        pytest.skip("no seed put the person out before the end")
    assert ctl.no_human_in_play()
    ctl.finish()
    assert ctl.is_over()


def test_finish_button_and_key_on_the_play_screen(app):
    ctl = computers_only("moles", players=4, seed=2)
    scene = PlayScene(app, ctl)
    app.go(scene)
    pump(app, 2)
    assert any(it.key == "finish" for it in scene.focus.items)
    assert scene.log_rect.bottom < scene.undo_button.rect.top     # the log makes room for it
    key(app, pygame.K_f, frames=4)
    assert ctl.is_over()
    assert app.top.name == "results"


def test_no_finish_button_while_a_person_plays(app):
    seats = default_seats(2, humans=1)
    ctl = LocalSession("moles", seats, new_game("moles", players=2, seed=2), autosave=False)
    scene = PlayScene(app, ctl)
    app.go(scene)
    pump(app, 2)
    assert not any(it.key == "finish" for it in scene.focus.items)


# ---- computer speed ------------------------------------------------------------------------------
def test_computer_speed_is_its_own_setting():
    assert list(COMPUTER_PAUSES) == smod.COMPUTER_SPEEDS
    assert COMPUTER_PAUSES["slow"] > COMPUTER_PAUSES["normal"] > COMPUTER_PAUSES["fast"] > 0
    assert COMPUTER_PAUSES["instant"] == 0

    def waited(speed: str, computer_speed: str) -> float:
        """Seconds a computer waits before its second action (the first comes at once)."""
        ctl = computers_only()
        for _ in range(2):
            clock = 0.0
            while True:
                ctl.wait_for_computer()
                if ctl.tick(0.05, False, speed, computer_speed) is not None:
                    break
                clock += 0.05
                assert clock < 10
        ctl.stop()
        return clock

    assert waited("off", "slow") >= 1.3              # animations off, computers still slow
    assert waited("normal", "instant") <= 0.05      # animations on, computers instant
    assert waited("off", "slow") > waited("off", "normal") > waited("off", "fast")


def test_computer_speed_and_volume_are_saved_and_checked(home):
    st = smod.Settings(computer_speed="fast", volume=35)
    assert smod.save(st) is None
    back, msg = smod.load()
    assert msg is None and back.computer_speed == "fast" and back.volume == 35 and back.sound
    (home / smod.FILE_NAME).write_text(json.dumps({"computer_speed": "warp", "volume": 140}))
    back, msg = smod.load()
    assert back.computer_speed == "normal" and back.volume == smod.VOLUME_DEFAULT
    assert "computer speed" in msg and "volume" in msg
    (home / smod.FILE_NAME).write_text(json.dumps({"volume": True}))
    assert "volume" in smod.load()[1]


def test_volume_zero_is_sound_off_and_an_old_on_off_file_still_loads(home):
    assert smod.Settings(volume=0).sound is False
    (home / smod.FILE_NAME).write_text(json.dumps({"sound": False}))
    back, msg = smod.load()
    assert msg is None and back.volume == 0 and not back.sound
    st = smod.Settings()
    st.sound = False
    assert st.volume == 0
    st.sound = True
    assert st.volume == smod.VOLUME_DEFAULT


def test_silent_volume_never_starts_the_mixer(monkeypatch):
    called = []
    snd = Sounds(True, 0.0)
    monkeypatch.setattr(snd, "_init", lambda: called.append(1) or False)
    snd.play("click")
    assert called == []


# ---- settings screen: volume slider, computer speed, Esc on a drop-down ---------------------------
def open_settings(app):
    app.go_title()
    app.open("settings")
    pump(app, 2)
    return app.top


def test_volume_slider_by_keyboard_and_by_pointer(app):
    scene = open_settings(app)
    assert scene.focus.focus_key("volume")
    start = app.settings.volume
    key(app, pygame.K_LEFT)
    assert app.settings.volume == start - 10
    assert smod.load()[0].volume == start - 10              # saved at once
    assert round(scene.volume_slider.get_current_value()) == start - 10
    pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
                                         ui_element=scene.volume_slider, value=0))
    pump(app, 2)
    assert app.settings.volume == 0 and not app.sounds.enabled
    key(app, pygame.K_RETURN)                                # Enter turns a silent sound back on
    assert app.settings.volume == smod.VOLUME_DEFAULT and app.sounds.volume == pytest.approx(0.8)


def test_computer_speed_in_settings(app):
    scene = open_settings(app)
    assert scene.focus.focus_key("computer_speed")
    key(app, pygame.K_RIGHT)
    assert app.settings.computer_speed == "fast"
    assert smod.load()[0].computer_speed == "fast"


def test_esc_closes_an_open_dropdown_without_choosing(app):
    scene = open_settings(app)
    dd = next(it.element for it in scene.focus.items if it.key == "window")
    before = app.settings.window
    dd.current_state.should_transition = True          # open it, as a click on it does
    pump(app, 1)
    assert scene.dropdown_open()
    key(app, pygame.K_ESCAPE, frames=1)
    assert not scene.dropdown_open()
    assert app.top is scene                                # Esc did not leave the screen
    assert app.settings.window == before                   # and nothing was chosen
    key(app, pygame.K_ESCAPE, frames=1)                    # a second Esc goes back
    assert app.top.name == "title"


# ---- tooltips and the pointer leaving the window ----------------------------------------------------
def test_tooltips_vanish_when_the_pointer_leaves_the_window(app, monkeypatch):
    ctl = computers_only()
    ctl.computers_enabled = False
    scene = PlayScene(app, ctl)
    app.go(scene)
    pump(app, 1)
    menu = next(it.element for it in scene.focus.items if it.key == "menu")
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: menu.rect.center)   # resting on Menu

    def wait(seconds=3.0):
        for _ in range(int(seconds / 0.25)):
            app.step(0.25, pygame.event.get())

    wait()
    assert menu.tool_tip is not None                       # the tooltip grew
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
    wait()                                                 # the last position stays behind
    assert menu.tool_tip is None
    pygame.event.post(pygame.event.Event(pygame.WINDOWENTER))
    wait()
    assert menu.tool_tip is not None                       # back in: tooltips work again


# ---- pause menu: one highlight, the keyboard's -------------------------------------------------------
def test_pause_menu_highlight_follows_the_keyboard_and_the_pointer(app):
    ctl = computers_only()
    play = PlayScene(app, ctl)
    app.go(play)
    pump(app, 1)
    app.open("pause", play)
    pump(app, 2)
    pause = app.top

    def lit():
        return [it.key for it in pause.focus.items
                if any(str(i).startswith("#primary") for i in (it.element.object_ids or []))]

    assert lit() == ["Resume"] and pause.focus.current.key == "Resume"
    key(app, pygame.K_DOWN)
    assert pause.focus.current.key == "Rules" and lit() == ["Rules"]
    quit_btn = next(it.element for it in pause.focus.items if it.key == "Quit to title")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=quit_btn.rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pump(app, 2)
    assert pause.focus.current.key == "Quit to title" and lit() == ["Quit to title"]


# ---- window size ------------------------------------------------------------------------------
def test_a_chosen_window_size_stays_within_the_screen():
    assert smod.fit_to_screen((2560, 1440), (1920, 1080)) == (1920, 1080 - smod.SCREEN_MARGIN[1])
    assert smod.fit_to_screen((1280, 720), (1920, 1080)) == (1280, 720)
    assert smod.fit_to_screen((1280, 720), (1024, 600)) == (1024, 600)     # never below the minimum
    assert smod.fit_to_screen((800, 400), None) == (1024, 600)


def test_layout_follows_the_size_the_window_got(app):
    app.go_title()
    pump(app, 1)
    pygame.display.set_mode((1280, 720), pygame.RESIZABLE)     # e.g. full screen gave this size
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=720))
    pump(app, 1)
    assert app.top.laid_out_for() == (1280, 720)


# ---- seat colours -------------------------------------------------------------------------------
def _hue(rgb) -> float:
    return colorsys.rgb_to_hls(*(c / 255 for c in rgb))[0] * 360


def test_red_looks_red_and_purple_looks_purple():
    pal = {p["id"]: p for p in ui.seat_palette()}
    red, purple = _hue(pal["red"]["rgb"]), _hue(pal["purple"]["rgb"])
    assert red < 8 or red > 352, red                     # not orange
    assert 260 <= purple <= 290, purple                  # not pink
    for p in pal.values():                               # every seat keeps its own marking
        assert p["marking"]
    assert len({p["marking"] for p in pal.values()}) == len(pal)


def test_mole_tokens_wear_their_seat_colour():
    for p in ui.seat_palette():
        svg = resource_path("sprites", "moles", f"mole_{p['id']}.svg").read_text(encoding="utf-8")
        assert ui.hex_of(p["rgb"]).lower() in svg.lower(), p["id"]


def test_settings_offer_only_window_sizes_that_fit_the_screen():
    a = App(size=(1024, 600), fullscreen=False, headless=True, desktop=(1366, 768))
    try:
        a.go_title()
        a.open("settings")
        pump(a, 1)
        dd = next(it.element for it in a.top.focus.items if it.key == "window")
        offered = [o[0] if isinstance(o, tuple) else o for o in dd.options_list]
        assert offered == ["1024 × 600", "1280 × 720"]
    finally:
        pygame.display.quit()


def test_a_resized_window_is_moved_back_onto_the_screen(monkeypatch):
    from game.app.loop.window import keep_on_screen

    class Win:
        def __init__(self, position, size):
            self.position, self.size = position, size

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    off = Win((900, 500), (1600, 900))              # grown past the right and bottom edges
    keep_on_screen(off)
    assert off.position == pygame.WINDOWPOS_CENTERED
    inside = Win((40, 40), (1280, 720))
    keep_on_screen(inside)
    assert inside.position == (40, 40)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080), (1920, 1080)])
    other = Win((2000, 100), (1280, 720))           # on a second screen: left alone
    keep_on_screen(other)
    assert other.position == (2000, 100)
