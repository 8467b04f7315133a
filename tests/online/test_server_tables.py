"""Tables on a table server from the window (issue 35, the app's side): the server's address,
Create a table (the usual set-up; the person here takes their seat, another player joins by
the code), moves by the play screen, and *My tables*: the table listed with whose turn it is,
opened again with the seat's token where it stood.  A real ``main.py serve`` on 127.0.0.1."""
from __future__ import annotations

import random
import threading
import time

import pytest

from game.app.online import store
from game.net.bot import RemoteGame, play_remote
from tests.helpers import running_app
from tests.net.test_server import Server, free_port
from tests.online.support import pump, wait_until

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def quiet_lan(monkeypatch, tmp_path):
    monkeypatch.setenv("BURROWBOX_LAN", "off")
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path / "app"))


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path / "server", free_port())
    (tmp_path / "server").mkdir()
    s.start()
    yield s
    s.stop()


def _cousin(url: str, code: str) -> threading.Thread:
    """A player at another computer: a computer player joined by the code (seat 2)."""
    def run():
        try:
            play_remote(url, code, level="random", seat=1, name="Cousin", timeout=60)
        except RemoteGame:
            pass                         # the server stopped at the end of the test
    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


def test_create_a_table_on_the_server_play_and_open_it_again_from_my_tables(server):
    for app in running_app((1280, 720)):
        address = f"127.0.0.1:{server.port}"
        scene = app.scene("online_server")
        app.go(scene)
        pump(app, 2)
        scene._set_address(address)
        scene.refresh()                        # nothing there yet
        assert not scene.tables and scene.message
        scene.create()
        pump(app, 2)
        assert app.top.name == "choose"
        app.top.choose("moles")
        pump(app, 2)
        setup = app.top
        assert setup.name == "server_setup"
        assert [s["kind"] for s in setup.table_seats()][:2] == ["human", "remote"]
        setup.start()
        join = wait_until(app, lambda: app.top.name == "join" and app.top.phase == "seated"
                          and app.top, "the seat at the new table")
        code = join.joined_code
        assert len(code) == 10 and store.seats_at(server.url)[0]["code"] == code
        cousin = _cousin(server.url, code)
        play = wait_until(app, lambda: type(app.top).__name__ == "OnlinePlayScene" and app.top, "the game")
        session = play.session
        rng = random.Random(7)
        moves = 0
        deadline = time.monotonic() + 30
        while moves < 3 and time.monotonic() < deadline:
            wait_until(app, lambda: session.human_to_act() and not play.animating,
                       "my turn on the screen")
            v = session.version
            play.human_choice(rng.choice(session.legal_for_board()))
            wait_until(app, lambda: session.version > v, "my move on the server")
            moves += 1
        assert moves == 3
        # the app closes the table's screen; My tables shows it and opens it again
        wait_until(app, lambda: session.human_to_act() or session.is_over(), "the cousin")
        version = session.version
        session.close()
        mine = app.scene("online_server")
        app.go(mine)
        pump(app, 2)
        assert mine.address == address            # remembered
        wait_until(app, lambda: mine.tables, "My tables")
        row = mine.tables[0]
        assert row["code"] == code and row["game"] == "moles" and row["your_turn"]
        assert "Cousin" in row["names"]
        mine.open_table(row)
        again = wait_until(app, lambda: type(app.top).__name__ == "OnlinePlayScene" and app.top,
                           "the table opened again")
        wait_until(app, lambda: again.session.version >= version, "the table where it stood")
        assert again.session.human_to_act()
        again.session.close()
        server.stop()
        cousin.join(10)


def test_a_table_joined_by_its_code_is_found_again_in_my_tables_of_that_server(server):
    """A player who joined a server's table in *Join a table* (address and code typed) finds
    *Tables on a server* at that address, with the table in My tables."""
    from tests.net.test_server import create
    code = create(server, game="moles", kinds=("remote", "computer"))
    for app in running_app((1280, 720)):
        address = f"127.0.0.1:{server.port}"
        join = app.scene("join")
        app.go(join)
        pump(app, 2)
        join.address, join.code = address, code.lower()
        join.join()
        wait_until(app, lambda: join.phase == "pick", "the free seat")
        join.sit(0)
        play = wait_until(app, lambda: type(app.top).__name__ == "OnlinePlayScene" and app.top,
                          "the game")
        assert store.last_server() == address
        play.session.close()
        mine = app.scene("online_server")
        app.go(mine)
        pump(app, 2)
        assert mine.address == address
        wait_until(app, lambda: mine.tables, "My tables")
        assert [r["code"] for r in mine.tables] == [code]
