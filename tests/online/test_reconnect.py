"""Leaving and coming back (issue 34): a player whose connection drops is away on the host's
screen and comes back by itself with nothing lost; the host's app closed and opened again
(*Continue*) hosts the table with the same code, and the player's screen takes its seat back by
itself; a player whose app was closed joins again with the same code and gets their seat."""
from __future__ import annotations

import json
import random

import pytest

from game.app.store import saves
from game.app.online import remote_session, store
from game.net import protocol as P
from tests.helpers import running_app
from tests.online.support import host, join, play_moves, pump, settle, show, wait_until


@pytest.fixture(autouse=True)
def quiet_lan(monkeypatch, tmp_path):
    monkeypatch.setenv("BURROWBOX_LAN", "loopback")      # a table hosted again: 127.0.0.1
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    yield
    saves.flush_autosave()


@pytest.fixture
def app():
    for a in running_app((1280, 720)):
        a.settings.computer_speed = "instant"
        yield a


def same(picture, expected) -> bool:
    return json.dumps(picture, sort_keys=True) == P.encode_dump(expected)


def drop(client) -> None:
    """The lid closes: the connection ends without a goodbye."""
    ws = client._ws
    client.loop.call_soon_threadsafe(ws.transport.abort)


def test_a_dropped_player_is_away_then_comes_back_by_itself_with_nothing_lost(app):
    hs = host("hamster", ["human", "remote"], seed=8)
    rs = join(hs, 1, name="Anna")
    try:
        hscene, rscene = app.scene("play", hs), app.scene("play", rs)
        scenes = {"host": hscene, 0: hscene, 1: rscene}
        rng = random.Random(4)
        play_moves(app, scenes, hs, 3, rng)
        settle(app, [rscene, hscene], hs)
        drop(rs.client)
        # the host's screen says who is away, the panel marks the seat
        wait_until(app, lambda: hs.seats[1].get("away") and "Anna is away" in hscene.message,
                   "the host to see the player away", scene=hscene)
        # the player's screen comes back by itself (the client retries with its token)
        wait_until(app, lambda: rs.connection == "joined" and rs.version == hs.table.version,
                   "the player back at the table", scene=rscene)
        wait_until(app, lambda: not hs.seats[1].get("away") and "Anna is back" in hscene.message,
                   "the host to see the player back", scene=hscene)
        play_moves(app, scenes, hs, 3, rng)
        settle(app, [rscene, hscene], hs)
        assert same(rs.envelope(), hs.table.view_for(1))
        assert same(rs.log, hs.table.log_for(1))          # nothing lost, nothing told twice
    finally:
        rs.close()
        hs.close()


def test_the_host_continued_from_its_save_takes_the_player_back_with_the_same_code(
        app, monkeypatch):
    monkeypatch.setattr(remote_session, "RETRY_EVERY", 0.2)
    hs = host("moles", ["human", "remote"], seed=6)
    rs = join(hs, 1, name="Anna")
    hs2 = None
    try:
        hscene, rscene = app.scene("play", hs), app.scene("play", rs)
        rng = random.Random(9)
        play_moves(app, {"host": hscene, 0: hscene, 1: rscene}, hs, 4, rng)
        settle(app, [rscene, hscene], hs)
        code, port, version = hs.code, hs.port, hs.table.version
        # the host goes to the title: the table is saved and closed
        title = app.scene("title")
        show(app, title)
        hscene.on_leave()
        saves.flush_autosave()
        wait_until(app, lambda: rs.connection != "joined", "the player to lose the table",
                   scene=rscene)
        assert "The host closed the table" in rs.message
        # Continue on the title hosts the table again, on the same port with the same code
        show(app, title)
        title.rebuild()
        title.continue_game()
        hscene2 = app.top
        hs2 = hscene2.session
        assert type(hscene2).__name__ == "OnlinePlayScene" and hs2.online == "host"
        assert (hs2.code, hs2.port, hs2.table.version) == (code, port, version)
        # the player's screen takes its seat back by itself
        wait_until(app, lambda: rs.connection == "joined", "the player back", scene=rscene)
        play_moves(app, {"host": hscene2, 0: hscene2, 1: rscene}, hs2, 3, rng)
        settle(app, [rscene, hscene2], hs2)
        assert same(rs.envelope(), hs2.table.view_for(1))
        assert hs2.table.version >= version + 3
    finally:
        rs.close()
        hs.close()
        if hs2 is not None:
            hs2.close()


def test_a_player_whose_app_closed_joins_with_the_same_code_and_gets_the_seat_back(app):
    hs = host("forest", ["human", "remote"], seed=2, variant="race")
    join_scene = app.scene("join")
    try:
        show(app, join_scene)
        join_scene._set_address(f"127.0.0.1:{hs.port}")
        join_scene._set_code(hs.code.lower())          # small letters are fine
        join_scene.player = {"name": "Anna", "colour": 4}
        join_scene.join()
        wait_until(app, lambda: join_scene.phase == "pick", "the seats to pick from",
                   scene=join_scene)
        join_scene.sit(1)
        wait_until(app, lambda: join_scene.phase == "seated", "the seat", scene=join_scene)
        assert store.token_for(hs.code)[0] == 1
        hs.poll_notices()
        hs.start()
        wait_until(app, lambda: app.top is not join_scene, "the play screen")
        rscene = app.top
        rs = rscene.session
        assert rs.seat == 1 and rs.seats[1]["name"] == "Anna"
        hscene = app.scene("play", hs)
        play_moves(app, {"host": hscene, 0: hscene, 1: rscene}, hs, 2, random.Random(1))
        settle(app, [rscene, hscene], hs)
        # the player's app closes; later it joins with the code again and sits where it sat
        show(app, hscene)
        rs.close()
        wait_until(app, lambda: hs.seats[1].get("away"), "the seat away", scene=hscene)
        again = app.scene("join")
        show(app, again)
        again._set_address(f"127.0.0.1:{hs.port}")
        again._set_code(hs.code)
        again.join()
        wait_until(app, lambda: app.top is not again, "the play screen again")
        back = app.top.session
        assert back.seat == 1 and back.version == hs.table.version
        assert same(back.envelope(), hs.table.view_for(1))
        back.close()
    finally:
        hs.close()


@pytest.mark.slow
def test_a_whole_game_with_a_seat_left_and_given_to_a_computer_from_the_table_menu(app):
    """Two screens play Mole Dig; the player leaves for good mid-game (closed lid, no coming
    back), the host hands the away seat to a computer in the table's menu, and the game goes on
    to the end on the host's screen; the results come up."""
    hs = host("moles", ["human", "remote"], seed=12)
    rs = join(hs, 1, name="Anna")
    try:
        hscene, rscene = app.scene("play", hs), app.scene("play", rs)
        scenes = {"host": hscene, 0: hscene, 1: rscene}
        rng = random.Random(12)
        play_moves(app, scenes, hs, 6, rng)
        settle(app, [rscene, hscene], hs)
        rs.close()                                   # gone, the seat keeps waiting for Anna
        wait_until(app, lambda: hs.seats[1].get("away"), "the seat away", scene=hscene)
        show(app, hscene)
        app.open("online_menu", hscene)
        menu = app.top
        assert menu.away_seats() == [1]
        menu.give(1)                                 # the menu closes
        assert app.top is hscene
        wait_until(app, lambda: hs.table.kind(1) == "computer", "the computer in the seat")
        moves = play_moves(app, {"host": hscene, 0: hscene}, hs, 400, rng)
        assert hs.table.is_over(), f"the game did not end in {moves} moves"
        wait_until(app, lambda: app.top is not hscene and app.top.name == "results",
                   "the results", timeout=30)
    finally:
        rs.close()
        hs.close()
