"""The online screens (issue 34): every text fits at 1024x600 and 1280x720 in every language
(the fit collector of tests/words/test_text_fit.py); they work from the keyboard; the title screen
offers Play online without loading the network libraries; a table online keeps to its rules
on the pause and results screens."""
from __future__ import annotations

import subprocess
import sys
import time

import pygame
import pytest

from game import i18n
from game.app import ui
from game.app.app import App
from tests.helpers import running_app
from tests.online.support import host, join, pump, show, wait_until

LANGS = ["en", "de", "fr", "ru", "pseudo"]
SIZES = [(1024, 600), (1280, 720)]
FOUND = [{"name": "Großmutter Alexandra", "address": "127.100.200.123", "port": 8765,
          "game": "gopher", "code": "KPXWRT"},
         {"name": "Anna", "address": "127.0.0.7", "port": 8765, "game": "moles",
          "code": "ABCDEF"}]

MINE = [{"code": "KPXWRTABCD", "game": "gopher", "seat": 0, "turn": 0, "your_turn": True,
         "over": False, "started": True, "names": ["Großmutter Alexandra", "Пётр"], "free": 0},
        {"code": "ABCDEFGHJK", "game": "moles", "seat": 1, "turn": 0, "your_turn": False,
         "over": False, "started": True, "names": ["Großmutter Alexandra Wilhelmine", "Anna"],
         "free": 0},
        {"code": "MNPQRSTUVW", "game": "forest", "seat": 1, "turn": 0, "your_turn": False,
         "over": False, "started": False, "names": ["Anna", "Seat 2", "Seat 3"], "free": 2},
        {"code": "XYZABCDEFG", "game": "hamster", "seat": 0, "turn": 0, "your_turn": False,
         "over": True, "started": True, "names": ["Anna"], "free": 0}]


@pytest.fixture(autouse=True)
def quiet_lan(monkeypatch, tmp_path):
    monkeypatch.setenv("BURROWBOX_LAN", "off")
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    yield
    i18n.set_language("en")


def _lobby_screens(hs):
    """(name, build(app)) of the screens before the game: a lobby with a seat taken and one
    waiting, and the Join screen's three steps."""
    def join_form(app):
        scene = app.scene("join")
        scene.found, scene.looking = list(FOUND), False
        scene.message = i18n.tr("online.error.no_answer")
        show(app, scene)

    def join_pick(app, phase="pick"):
        scene = app.scene("join")
        scene.phase, scene.lobby = phase, dict(hs.lobby)
        scene.seat = 1 if phase == "seated" else None
        scene.message = i18n.tr("online.join.pick" if phase == "pick" else "online.join.waiting")
        show(app, scene)

    def server_seated(app):
        scene = app.scene("join", "tables.example.org", "KPXWRTABCD", seat=1, server=True)
        scene.auto = False
        scene.phase, scene.lobby, scene.seat = "seated", dict(hs.lobby), 1
        scene.message = i18n.tr("online.server.waiting", code="KPXWR TABCD")
        show(app, scene)

    def server(app):
        scene = app.scene("online_server")
        scene.address, scene.asked, scene.tables = "tables.example.org:8765", True, list(MINE)
        scene.message = i18n.tr("online.error.too_many_tables")
        show(app, scene)

    return [("online", lambda app: show(app, app.scene("online"))),
            ("server", server),
            ("server setup", lambda app: show(app, app.scene("server_setup", "forest"))),
            ("host setup", lambda app: show(app, app.scene("host_setup", "hamster"))),
            ("lobby", lambda app: show(app, app.scene("lobby", hs))),
            ("join", join_form), ("join pick", join_pick),
            ("join seated", lambda app: join_pick(app, "seated")),
            ("server seated", server_seated)]


def _table_screens(hs, rs):
    """The play screens of the host and of a player, the table's menu (a seat away), pause."""
    def menu(app):
        scene = app.scene("play", hs)
        show(app, scene)
        app.open("online_menu", scene)

    def pause(app):
        scene = app.scene("play", rs)
        show(app, scene)
        app.open("pause", scene)

    return [("play host", lambda app: show(app, app.scene("play", hs))),
            ("play player", lambda app: show(app, app.scene("play", rs))),
            ("table menu", menu), ("pause", pause)]


def _check(app, screens, problems) -> None:
    for lang in LANGS:
        i18n.set_language(lang)
        for name, build in screens:
            with ui.fit.collecting() as found, ui.fit.where(f"{name} [{lang}]"):
                build(app)
                for _ in range(3):
                    app.step(1 / 60, [])
                for scene in app.visible_scenes():
                    ui.fit.check_gui(scene.ui)
            problems += found
            app.stack = []


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_online_screen_fits_in_every_language(size):
    i18n.enable_pseudo()
    app = App(size=size, fullscreen=False, headless=True, lang="en")
    app.settings.speed = "off"
    hs = host("moles", ["human", "remote", "remote", "computer"], seed=2)
    hs.table.set_seat(0, name="Oma Åsa")
    first = join_without_start(hs, 1, name="Пётр")
    rs = None
    problems = []
    try:
        wait_until(app, lambda: hs.poll_notices() is not None and hs.lobby["seats"][1].get("taken"),
                   "the first player")
        _check(app, _lobby_screens(hs), problems)
        rs = join(hs, 2, name="Żaneta")
        first.close()                              # away: the host's menu offers the seat
        wait_until(app, lambda: hs.poll_notices() is not None and hs.seats[1].get("away"),
                   "the first player away")
        _check(app, _table_screens(hs, rs), problems)
    finally:
        first.close()
        if rs is not None:
            rs.close()
        hs.close()
        pygame.display.quit()
    lines = sorted({str(p) for p in problems})
    assert not problems, f"{len(lines)} texts do not fit:\n" + "\n".join(lines[:60])


def test_the_title_offers_play_online_without_loading_the_network():
    code = ("import sys; from game.app.app import App; a = App(size=(1024, 600), headless=True);"
            "a.go_title(); a.step(0.016, []);"
            "texts = [b.text for b in a.top.buttons()];"
            "assert 'Play online' in texts, texts;"
            "bad = [m for m in ('websockets', 'zeroconf', 'game.app.online', 'game.net.host', "
            "'game.net.client') if m in sys.modules];"
            "print('loaded', bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert "loaded []" in out.stdout, out.stdout


def test_play_online_host_and_join_by_keyboard():
    for app in running_app((1024, 600)):
        app.go_title()
        pump(app, 2)
        app.top.focus.focus_key("Play online")
        for key in (pygame.K_RETURN,):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                                 scancode=0))
        pump(app, 2)
        assert app.top.name == "online"
        assert app.top.focus.current.key == "host"
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                             unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="", scancode=0))
        pump(app, 2)
        assert app.top.name == "join"
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode="", scancode=0))
        pump(app, 2)
        assert app.top.name == "online"


def test_a_table_online_has_its_menu_in_pause_and_no_play_again_in_the_results():
    hs = host("moles", ["human", "remote"], seed=3)
    rs = join(hs, 1)
    try:
        for app in running_app((1280, 720)):
            scene = app.scene("play", rs)
            show(app, scene)
            app.open("pause", scene)
            pump(app, 2)
            texts = [b.text for b in app.top.buttons()]
            assert "Table" in texts
            app.top.on_back()
            app.open("results", scene)
            pump(app, 2)
            texts = [b.text for b in app.top.buttons()]
            assert "Play again" not in texts and app.top.focus.current is not None
            app.stack = []
    finally:
        rs.close()
        hs.close()


def test_the_lobby_starts_once_every_seat_is_taken_and_hands_a_seat_to_a_computer():
    hs = host("moles", ["human", "remote", "remote"], seed=3)
    rs = None
    try:
        for app in running_app((1280, 720)):
            lobby = app.scene("lobby", hs)
            app.go(lobby)
            pump(app, 2)
            start = next(b for b in lobby.buttons() if b.text == "Start the game")
            assert not start.is_enabled
            rs = join_without_start(hs, 1)
            wait_until(app, lambda: hs.lobby["seats"][1].get("taken"), "the player in the lobby")
            lobby.give(2)                               # nobody comes for seat 3
            # the table is ready at once; its screen when the change has reached it
            wait_until(app, lambda: hs.ready() and next(
                (b for b in lobby.buttons() if b.text == "Start the game" and b.is_enabled),
                None), "the lobby to be ready")
            assert hs.table.seats[2].kind == "computer"
            lobby.start()
            wait_until(app, lambda: app.top is not lobby, "the play screen")
            assert app.top.session is hs and not hs.closed and hs.started
            app.top.session.close()
    finally:
        if rs is not None:
            rs.close()
        hs.close()


def join_without_start(hs, seat, name="Anna"):
    from game.net.client import TableClient
    client = TableClient(f"ws://127.0.0.1:{hs.port}", code=hs.code, name=name, seat=seat)
    client.start()
    deadline = time.monotonic() + 10
    while client.seat != seat:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    return client


def test_a_table_hosted_on_the_home_network_is_listed_in_join_and_joined_by_a_click(monkeypatch):
    """BURROWBOX_LAN=loopback: the table listens and is announced on 127.0.0.1 only."""
    monkeypatch.setenv("BURROWBOX_LAN", "loopback")
    hs = host("moles", ["human", "remote"], seed=4)
    try:
        assert hs.port and hs.lobby["seats"][1]["kind"] == "remote"
        for app in running_app((1024, 600)):
            scene = app.scene("join")
            app.go(scene)
            mine = lambda: [e for e in scene.found if e.get("code") == hs.code]  # noqa: E731
            deadline = time.monotonic() + 20
            while not mine():                       # browsing again if the first look missed
                assert time.monotonic() < deadline, "the table was not found"
                wait_until(app, lambda: not scene.looking, "the look to end")
                if not mine():
                    scene.look()
            pump(app, 2)
            assert any("Mole Dig" in b.text and "Hosta 1" in b.text for b in scene.buttons())
            scene.pick_found(mine()[0])
            wait_until(app, lambda: scene.phase == "pick", "the free seat")
            scene.sit(1)
            wait_until(app, lambda: scene.phase == "seated"
                       and hs.poll_notices() is not None and hs.ready(), "the seat taken")
            from game.app.online import store
            assert store.last_server() == ""        # a hosted table is no table server's
            scene.drop_client()
            app.stack = []
    finally:
        hs.close()


def test_my_tables_take_the_keyboard_when_they_come():
    """Look at my tables pressed by keys (it is off while the server is asked): once the list
    comes the keyboard is on the first table's Open, not on Back."""
    for app in running_app((1280, 720)):
        scene = app.scene("online_server")
        scene.address = "127.0.0.1:8765"
        show(app, scene)
        pump(app, 2)
        scene.focus.focus_key("refresh")
        scene.asking = True                   # the question is out: the button is off
        scene.rebuild()
        assert scene.focus.current.key != "refresh"
        scene._answer = ("ws://127.0.0.1:8765", {"t": "tables", "tables": list(MINE)})
        pump(app, 2)
        assert scene.tables and scene.focus.current.key == "open0"
        # while an address is typed, the list never takes the keyboard away from it
        scene.focus.focus_key("server")
        scene._answer = ("ws://127.0.0.1:8765", {"t": "tables", "tables": list(MINE)})
        pump(app, 2)
        assert scene.focus.current.key == "server"
