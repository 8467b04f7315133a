"""Each seat's last move stays marked on the board until a person acts, in every game (the
board kit's ``LastMoves``), and a click on a log line shows that line's move again."""
from __future__ import annotations

import copy
import random

import pygame
import pytest

from game.app.store import saves
from game.app.app import App
from game.rules import new_game
from tests.app.test_board_kit import fresh_view

# game: (event type that moves something, the places the marks must name)
EXPECTED = {
    "moles": ("move", lambda e: {("from", tuple(e["frm"])), ("to", tuple(e["to"]))}),
    "ants": ("guess", lambda e: {("to", tuple(e["cell"]))}),
    "forest": ("step", lambda e: {("from", tuple(e["frm"])), ("to", tuple(e["to"]))}),
    "gopher": ("move", lambda e: {("from", e["start"]), ("to", e["to"])}),
    "hamster": ("cross", lambda e: {("to", tuple(c)) for c in e["cells"]}),
}


def first_move(game, kind, seed=3, limit=400):
    """(state before, action, events, seat) of the first action that gives an event ``kind``."""
    state = new_game(game, 2, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        before = copy.deepcopy(state)
        seat = state.current_player
        action = rng.choice(state.legal_actions())
        events = state.apply(action)
        if any(e.get("type") == kind and not e.get("out") for e in events):
            return before, action, events, seat
    raise AssertionError(f"no {kind} event in {game}")


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_after_a_computer_move_the_marks_name_its_places(display, game):
    kind, places = EXPECTED[game]
    state, action, _ev, seat = first_move(game, kind)
    v = fresh_view(game, state)
    events = state.apply(action)
    v.sync(state.view(seat), None, seat)
    v.play(events, "normal")
    ev = next(e for e in events if e.get("type") == kind and not e.get("out"))
    assert places(ev) <= set(v.last_marks()[seat])
    surf = pygame.Surface((1280, 720))
    if v.animating:
        v.draw_marks(surf)              # nothing while the move still plays
        assert not any(pygame.image.tobytes(surf, "RGB"))
    v.finish()
    v.update(0.01)
    v.draw(surf)                        # then drawn with the board
    v.clear_marks()
    assert v.last_marks() == {}


@pytest.fixture
def display():
    pygame.display.init()
    pygame.font.init()
    yield


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    a = App(size=(1024, 600), fullscreen=False)
    a.settings.speed = "off"
    yield a
    for scene in a.stack:
        if getattr(scene, "stop", None):
            scene.stop()
    saves.flush_autosave()
    pygame.display.quit()


def test_a_human_action_clears_the_computer_marks_and_a_log_click_shows_a_move(app):
    from game.app.session import LocalSession
    from game.app.scenes.play import PlayScene
    seats = [{"name": "Ann", "colour": 1, "kind": "human", "level": "good"},
             {"name": "Bot", "colour": 0, "kind": "computer", "level": "random"}]
    ctl = LocalSession("forest", seats, new_game("forest", 2, seed=5), computers=False)
    play = PlayScene(app, ctl, auto_results=False)
    app.go(play)
    app.step(1 / 60, [])
    rng = random.Random(2)
    while not play.board.last_marks().get(1):          # play until the computer's move is marked
        if ctl.table.state.current_player == 1:
            play.apply_action(rng.choice(ctl.table.state.legal_actions()))
        else:
            play.human_choice(rng.choice(ctl.table.state.legal_actions()))
        app.step(1 / 60, [])
    assert ctl.table.state.current_player == 0 or ctl.table.state.current_player == 1
    while ctl.table.state.current_player == 1:                # computer moves in between stay marked
        play.apply_action(rng.choice(ctl.table.state.legal_actions()))
        assert play.board.last_marks().get(1)
    play.human_choice(rng.choice(ctl.table.state.legal_actions()))
    assert 1 not in play.board.last_marks()             # a person acted: the computer's marks go
    # a click on a log line that tells a move shows that move's places again
    lr = play.log.rect
    pos = next(((lr.centerx, y) for y in range(lr.bottom - 2, lr.top, -2)
                if isinstance(play.log.entry_at((lr.centerx, y)), dict)
                and play.board.move_places(play.log.entry_at((lr.centerx, y)))), None)
    assert pos is not None
    assert play.board.flash_places() == []
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(1 / 60, pygame.event.get())
    assert play.board.flash_places()
    assert play.log.picked == play.log.line_at(pos)    # the line clicked is lit too
    assert not play.board.is_idle()                     # the highlight fades by itself
    for _ in range(5):
        app.step(0.5, [])
    assert play.board.flash_places() == [] and play.log.picked is None
    # Enter on the focused log shows the newest move, then the one before it
    play.focus.focus_key("log")
    for _ in range(2):
        was = play.log.picked
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
        app.step(1 / 60, pygame.event.get())
        assert play.board.flash_places() and play.log.picked is not None
        assert was is None or play.log.picked < was


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_a_log_line_shows_its_move_again_in_every_game(app, game):
    from game.app.session import LocalSession
    from game.app.scenes.play import PlayScene
    seats = [{"name": "Ann", "colour": 1, "kind": "human", "level": "good"},
             {"name": "Bot", "colour": 0, "kind": "computer", "level": "random"}]
    ctl = LocalSession(game, seats, new_game(game, 2, seed=5), computers=False)
    play = PlayScene(app, ctl, auto_results=False)
    app.go(play)
    app.step(1 / 60, [])
    rng = random.Random(4)
    kind = EXPECTED[game][0]
    for _ in range(300):                     # until the log tells a move with places
        if any(isinstance(e, dict) and e.get("type") == kind for e in ctl.log) or ctl.is_over():
            break
        play.apply_action(rng.choice(ctl.table.state.legal_actions()), animate=False)
    app.step(1 / 60, [])
    lr = play.log.rect
    pos = next(((lr.centerx, y) for y in range(lr.bottom - 2, lr.top, -2)
                if isinstance(play.log.entry_at((lr.centerx, y)), dict)
                and play.board.move_places(play.log.entry_at((lr.centerx, y)))), None)
    assert pos is not None, "a log line names places the board can show"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(1 / 60, pygame.event.get())
    assert play.board.flash_places()
    app.step(1 / 60, [])


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_log_lines_never_print_coordinates(game):
    """Places are named as the board shows them: no "(3, 4)" or "[2, 7]" in any log line."""
    import re
    from game.app.session import LocalSession
    seats = [{"name": "Ann", "colour": 1, "kind": "human", "level": "good"},
             {"name": "Bot", "colour": 0, "kind": "computer", "level": "random"}]
    ctl = LocalSession(game, seats, new_game(game, 2, seed=8), autosave=False, computers=False)
    rng = random.Random(8)
    for _ in range(400):
        if ctl.is_over():
            break
        ctl.apply(rng.choice(ctl.table.state.legal_actions()))
    lines = ctl.render(ctl.log)
    assert lines
    bad = [ln for ln in lines if re.search(r"[\(\[]\s*-?\d+\s*,\s*-?\d+\s*[\)\]]", ln)]
    assert not bad, bad[:5]
