"""Shared by the tests of playing online in the window: one app (dummy video) with a host's
and a player's play screens in one process, over real sockets on 127.0.0.1."""
from __future__ import annotations

import random
import time

import pygame

from game.app.loop import wake
from game.app.online.host_session import host_new
from game.app.online.remote_session import RemoteSession
from game.net.client import TableClient

LOOPBACK = "127.0.0.1"


def seats_for(kinds: list[str]) -> list[dict]:
    names = {"human": "Hosta", "remote": "Remy", "computer": "Robo"}
    return [{"name": f"{names[k]} {i + 1}", "colour": i, "kind": k, "level": "random"}
            for i, k in enumerate(kinds)]


def pump(app, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(1 / 60, pygame.event.get())


def show(app, scene) -> None:
    """Put ``scene`` on top without leaving the other one for good (both stay at the table)."""
    if app.top is scene:
        return
    if app.top is not None:
        app.top.hide()
        app._drop_widgets(app.top)
    app.stack = [scene]
    scene.show()


def wait_until(app, cond, what: str, timeout: float = 15.0, scene=None):
    deadline = time.monotonic() + timeout
    while True:
        if scene is not None:
            show(app, scene)
        pump(app)
        got = cond()
        if got:
            return got
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.005)


def host(game: str, kinds: list[str], seed: int = 3, variant=None, **kw):
    return host_new(game, seats_for(kinds), variant=variant, seed=seed, port=0,
                    bind=LOOPBACK, **kw)


def join(session, seat: int, name: str = "", colour: int = 0, timeout: float = 15.0):
    """A player at another computer takes ``seat``; the RemoteSession once the game started
    (the host is started here when every seat is taken)."""
    client = TableClient(f"ws://{LOOPBACK}:{session.port}", code=session.code,
                         name=name or f"Remy {seat + 1}", colour=colour, seat=seat,
                         wake=wake.post)
    client.start()
    got, lobby = [], {}
    deadline = time.monotonic() + timeout
    while True:
        for m in client.poll():
            got.append(m)
            if isinstance(m.get("lobby"), dict):
                lobby = m["lobby"]
        session.poll_notices()
        if session.ready() and not session.started:
            session.start()
        started = [i for i, m in enumerate(got) if m.get("t") == "state" and m.get("started")]
        if started and client.seat == seat:
            return RemoteSession(client, lobby, got[started[-1]:])
        assert time.monotonic() < deadline, f"seat {seat} was not taken: {got}"
        time.sleep(0.01)


def play_moves(app, scenes: dict, host_session, moves: int, rng: random.Random) -> int:
    """Play ``moves`` moves: the seat to act plays on its own screen (``scenes``: seat ->
    play scene; a computer seat plays on the host's); returns the moves made."""
    table = host_session.table
    hscene = scenes["host"]
    made = 0
    while made < moves and not table.is_over():
        seat, v = table.current, table.version
        if table.kind(seat) == "computer":
            wait_until(app, lambda: table.version > v, "the computer's move", scene=hscene)
        else:
            scene = scenes[seat]
            session = scene.session
            wait_until(app, lambda: session.human_to_act() and not scene.animating,
                       f"seat {seat}'s turn on its screen", scene=scene)
            legal = session.legal_for_board()
            scene.human_choice(rng.choice(legal))
            wait_until(app, lambda: table.version > v, f"seat {seat}'s move on the table",
                       scene=scene)
        made += 1
    return made


def settle(app, scenes: list, host_session, timeout: float = 15.0) -> None:
    """Every screen has shown every change of the table."""
    table = host_session.table
    def caught_up(s) -> bool:
        queued = getattr(s, "_queue", None) or (hasattr(s, "_updates") and not s._updates.empty())
        return s.version == table.version and not queued

    for scene in scenes:
        wait_until(app, lambda: caught_up(scene.session) and not scene.animating,
                   "the screen to catch up", timeout, scene=scene)
