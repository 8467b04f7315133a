"""Playing from two computers in the window (issue 34), in one process with the dummy video
driver: a HostSession and a RemoteSession, each on its own play screen, over real sockets on
127.0.0.1.  Every game is played a few moves both ways through the play screens; what the
player's screen shows is exactly what the host's table gives that seat."""
from __future__ import annotations

import json
import random

import pytest

from game.net import protocol as P
from tests.helpers import running_app
from tests.online.support import host, join, play_moves, pump, settle, show, wait_until

GAMES = [("moles", ["human", "remote", "computer"], None),
         ("ants", ["remote", "human"], "autumn"),
         ("hamster", ["human", "remote"], None),
         ("forest", ["remote", "human", "computer"], "race"),
         ("gopher", ["human", "remote", "computer"], "standard")]


@pytest.fixture(autouse=True)
def quiet_lan(monkeypatch, tmp_path):
    monkeypatch.setenv("BURROWBOX_LAN", "off")
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))


@pytest.fixture
def app():
    for a in running_app((1280, 720)):
        a.settings.computer_speed = "instant"
        yield a


def same(picture, expected) -> bool:
    return json.dumps(picture, sort_keys=True) == P.encode_dump(expected)


@pytest.mark.parametrize("game,kinds,variant", GAMES, ids=[g[0] for g in GAMES])
def test_a_few_moves_of_each_game_both_ways_through_the_play_screens(app, game, kinds, variant):
    hs = host(game, kinds, seed=5, variant=variant)
    remote_seat = kinds.index("remote")
    rs = None
    try:
        rs = join(hs, remote_seat, name="Cousin Пётр", colour=6)
        hscene, rscene = app.scene("play", hs), app.scene("play", rs)
        assert type(hscene).__name__ == type(rscene).__name__ == "OnlinePlayScene"
        human = kinds.index("human")
        scenes = {"host": hscene, human: hscene, remote_seat: rscene}
        made = play_moves(app, scenes, hs, 8, random.Random(game))
        assert made >= 4
        settle(app, [rscene, hscene], hs)
        table = hs.table
        # the player's screen shows exactly what the table gives that seat, and its log
        assert same(rs.envelope(), table.view_for(remote_seat))
        assert same(rs.log, table.log_for(remote_seat))
        assert rs.seats[remote_seat]["name"] == "Cousin Пётр"
        assert rs.seats[remote_seat]["here"] and not rs.seats[human]["here"]
        assert hs.seats[remote_seat]["here"] is False and hs.seats[human]["here"]
        # both boards were drawn from those pictures, and both logs tell the moves
        show(app, rscene)
        pump(app, 3)
        assert rscene.log.lines and hscene.log.lines
    finally:
        if rs is not None:
            rs.close()
        hs.close()


def test_the_remote_players_take_back_is_seen_on_the_hosts_screen(app):
    hs = host("ants", ["remote", "human"], seed=2, variant="autumn")
    rs = join(hs, 0)
    try:
        hscene, rscene = app.scene("play", hs), app.scene("play", rs)
        show(app, rscene)
        wait_until(app, rs.human_to_act, "the ant's first move", scene=rscene)
        v = hs.table.version
        rscene.human_choice(rs.legal_for_board()[0])
        wait_until(app, lambda: rs.version == v + 1 and rs.can_undo(), "the move to come back",
                   scene=rscene)
        lines = len(rs.log)
        rscene.undo()
        wait_until(app, lambda: hs.table.version == v + 2, "the take-back on the table",
                   scene=rscene)
        settle(app, [rscene, hscene], hs)
        assert len(rs.log) <= lines and rs.log[-1]["type"] == "_undo"
        assert same(rs.envelope(), hs.table.view_for(0))
        show(app, hscene)
        pump(app, 2)
        assert "took back" in hscene.message     # the host is told who took it back
    finally:
        rs.close()
        hs.close()


def test_quick_messages_reach_everybody_as_a_toast(app):
    hs = host("moles", ["human", "remote"])
    rs = join(hs, 1, name="Anna")
    try:
        hscene, rscene = app.scene("play", hs), app.scene("play", rs)
        assert rs.say("good_move")
        assert not rs.say("thanks")              # one a second at most
        wait_until(app, lambda: "Anna: Good move!" in (hscene.message or ""),
                   "the message on the host's screen", scene=hscene)
        assert hs.say("thanks")
        wait_until(app, lambda: "Hosta 1: Thanks!" in (rscene.message or ""),
                   "the host's message on the player's screen", scene=rscene)
        # the table's menu offers every quick message as a button
        show(app, rscene)
        app.open("online_menu", rscene)
        pump(app, 2)
        texts = [b.text for b in app.top.buttons()]
        assert "Good move!" in texts and "One moment, please" in texts
    finally:
        rs.close()
        hs.close()


def test_your_turn_sounds_and_flashes_only_in_the_background(app, monkeypatch):
    import pygame
    hs = host("moles", ["human", "remote"], seed=1)
    rs = join(hs, 1)
    try:
        hscene, rscene = app.scene("play", hs), app.scene("play", rs)
        flashed = []
        monkeypatch.setattr("game.app.online.play.flash_window", lambda: flashed.append(1))
        monkeypatch.setattr(pygame.key, "get_focused", lambda: False)
        rng = random.Random(3)
        play_moves(app, {"host": hscene, 0: hscene, 1: rscene}, hs, 3, rng)
        settle(app, [rscene, hscene], hs)
        assert rscene.turn_calls + hscene.turn_calls >= 1 and flashed
        monkeypatch.setattr(pygame.key, "get_focused", lambda: True)
        before = rscene.turn_calls + hscene.turn_calls
        play_moves(app, {"host": hscene, 0: hscene, 1: rscene}, hs, 2, rng)
        settle(app, [rscene, hscene], hs)
        assert rscene.turn_calls + hscene.turn_calls == before
    finally:
        rs.close()
        hs.close()


def test_a_guest_earns_achievements_from_what_its_seat_was_given(app):
    """Online games give achievements to each person at the table: the guest's app checks
    them from the events its own seat was given (the same stream a replay of the host's
    table gives that seat) and the table's result; the host's app does its own people."""
    from game.app.progress import achievements, endgame, replay
    hs = host("hamster", ["human", "remote"], seed=7)
    rs = None
    try:
        rs = join(hs, 1, name="Cousin Ida", colour=3)
        hscene, rscene = app.scene("play", hs), app.scene("play", rs)
        play_moves(app, {"host": hscene, 0: hscene, 1: rscene}, hs, 400, random.Random(3))
        assert hs.table.is_over()
        settle(app, [rscene, hscene], hs)
        assert rs.is_over() and rs.result() is not None
        run = replay.run_of(hs.table)
        assert json.dumps(rs.stream, sort_keys=True) == json.dumps(run.stream(1), sort_keys=True)
        out = endgame.finish(rs)
        assert endgame.finish(rs) is out                      # once per session
        names = {a.id for a in out.earned.get("Cousin Ida", [])}
        # the very achievements and progress the host's replay of that seat gives
        achievements.award(run, [(1, "Cousin Ida again")])
        store = achievements.load_store()[0]
        mine, theirs = store["Cousin Ida"], store["Cousin Ida again"]
        assert set(mine["earned"]) == names == set(theirs["earned"])
        assert mine["progress"] == theirs["progress"] and mine["progress"]
        assert out.replay_id is None and out.daily is None      # the host keeps the replay
    finally:
        if rs is not None:
            rs.close()
        hs.close()
