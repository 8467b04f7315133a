"""Playing any game to the end on the real play screen, only by posted mouse clicks (shared
by the whole-game mouse tests): start a game from the title with chosen seats, wait for a human
decision (clicking the "pass the device" curtain away), and make a chosen legal action by
clicking the targets the board view names for it (``clicks_for``), one click at a time."""
from __future__ import annotations

import random

from tests.app.test_app_scenes import button, click, pump


def start(app, game, variant, kinds, seed, monkeypatch=None, options=None):
    """A new game of ``game`` from the title screen: seats of ``kinds`` ("human"/"computer"),
    the computers alternating good and beginner, ``variant`` and ``options`` set, the deal
    seeded with ``seed``."""
    if monkeypatch is not None:     # the same deal every run
        from game.app import launch
        from game.app.scenes import seats as seats_mod
        for mod in (launch, seats_mod):
            if hasattr(mod, "random"):
                monkeypatch.setattr(mod.random, "SystemRandom", lambda: random.Random(seed))
    app.go_title()
    pump(app)
    click(app, button(app.top, "New game").rect.center)
    click(app, app.top.card_rects[game].center)
    seats = app.top
    assert seats.name != "choose", f"{game} cannot be started from the chooser"
    seats.set_count(len(kinds))
    for i, k in enumerate(kinds):
        seats.set_kind(i, k)
        if k == "computer":
            seats.set_level(i, "beginner" if i % 2 else "good")
    if variant is not None:
        seats.set_variant(variant)
    for oid, value in (options or {}).items():
        seats.set_option(oid, value)
    seats.rebuild()
    pump(app)
    click(app, button(seats, "Start game").rect.center)
    play = app.top
    assert play.name == "play", play.name
    return play


def human_turn(app, play, limit=6000) -> bool:
    """Wait for a human decision (clearing the curtain); False when the game is over."""
    ctl = play.session
    for _ in range(limit):
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


def target_centre(board, key, action):
    """Where the target ``key`` of the view's route to ``action`` is on screen now."""
    for t in board.targets():
        if str(t["key"]) == str(key):
            return t["center"]
    raise AssertionError(f"{key} is not on screen for {action}")


def make_by_clicks(app, play, action, tries=3) -> None:
    """Click the view's route to ``action`` (``clicks_for``: the target keys in order), asking
    again for the rest of the way when the route depends on what was clicked so far."""
    ctl = play.session
    before = ctl.table.state.turn_number
    for _ in range(tries):
        route = play.board.clicks_for(action)
        assert route, f"the screen has no way to {action}"
        for key in route:
            click(app, target_centre(play.board, key, action), frames=1)
            if ctl.table.state.turn_number != before:
                return


def play_by_clicks(app, play, seed, prefer=(), max_actions=3000) -> int:
    """Play every human decision to the end by clicks: a random legal action, most of the time
    (4 in 5) one of the types in ``prefer`` when there is one, so that games move on. Checks
    that the clicks made exactly that action for that seat; returns the number of actions."""
    rng = random.Random(seed)
    ctl = play.session
    n_human = 0
    while human_turn(app, play):
        legal = ctl.table.state.legal_actions()
        best = [a for a in legal if a.get("type") in prefer]
        action = rng.choice(best if best and rng.random() < 0.8 else legal)
        seat = ctl.current
        before = ctl.table.state.turn_number
        make_by_clicks(app, play, action)
        assert ctl.table.state.turn_number == before + 1, f"the clicks did not make {action}"
        entry = ctl.history[-1]
        assert entry["seat"] == seat and entry["human"]
        n_human += 1
        assert n_human < max_actions
    return n_human
