"""The side panel (turn marker, scores, status lines such as the round), the log and the action
bar's sentence move in step with the board (issue 17): while the board still plays a move, the panel and the log tell the
position before it; once the board is still they catch up.  Sampled mid-animation in every game
(the ants' grasshopper jump, the hamster's roll, the moles' discs, the forest, the gopher)."""
from __future__ import annotations

import random

import pytest

from game.app.session import LocalSession, default_seats
from game.app.scenes.play import PlayScene
from game.rules import new_game
from tests.helpers import pump, running_app

GAMES = ["moles", "ants", "hamster", "forest", "gopher"]


pytestmark = pytest.mark.usefixtures("home")   # a throw-away user folder (conftest.py)


@pytest.fixture
def app():
    yield from running_app((1024, 600))


def open_play(app, game, seed=5):
    state = new_game(game, 2, seed=seed)
    ctl = LocalSession(game, default_seats(2, humans=1), state, autosave=False, computers=False)
    scene = PlayScene(app, ctl, auto_results=False)
    app.go(scene)
    pump(app, 2)
    app.settings.speed = "fast"
    return scene


def bar_sig(items) -> list:
    """What the bar shows: each item's kind, key, label and sentence picture."""
    return [(i.get("kind"), i.get("key"), i.get("label"), id(i.get("img"))) for i in items]


def settle(app, scene, limit=600):
    for _ in range(limit):
        if not scene.animating:
            break
        app.step(1 / 20, [])
    app.step(1 / 20, [])


@pytest.mark.parametrize("game", GAMES)
def test_panel_and_log_wait_for_the_board(app, game):
    scene = open_play(app, game)
    ctl = scene.session
    rng = random.Random(7)
    held_moves = changed = 0
    for _ in range(30):
        if ctl.is_over():
            break
        before_facts = scene.sections.panel.panel_facts()
        before_lines = list(scene.log.lines)
        before_bar = bar_sig(scene.board.shown_bar_items())
        scene.apply_action(rng.choice(ctl.table.state.legal_actions()))
        if scene.animating:
            held_moves += 1
            frames = 0
            while scene.animating and frames < 400:       # sample the panel all through the move
                if scene.board.held:     # a big moment stands on the board: the log tells it,
                    scene.sections.moment.go_on()     # and Continue lets the move go on
                    before_lines = list(scene.log.lines)
                assert scene.sections.panel.panel_facts() == before_facts
                assert scene.log.lines == before_lines
                assert bar_sig(scene.board.shown_bar_items()) == before_bar   # the bar's too
                app.step(1 / 30, [])
                frames += 1
        settle(app, scene)
        after = scene.sections.panel.panel_facts()
        changed += after != before_facts
        rendered = [ln for e in ctl.log for ln in ctl.render([e])]
        assert scene.log.lines == rendered[len(rendered) - len(scene.log.lines):]
        assert len(scene.log.lines) >= len(before_lines)
    assert held_moves >= 3, "moves were played with an animation"
    assert changed >= 3, "the panel caught up after the moves"


@pytest.mark.parametrize("game", GAMES)
def test_two_moves_with_no_still_frame_between_keep_the_bar_and_panel_in_step(app, game):
    """A computer may act on the very frame the last animation ends: the bar and the panel then
    tell the position before its move, not the one before the move earlier."""
    scene = open_play(app, game)
    ctl = scene.session
    rng = random.Random(5)
    checked = 0
    for _ in range(30):
        if ctl.is_over():
            break
        scene.apply_action(rng.choice(ctl.table.state.legal_actions()))
        if not scene.animating:
            continue
        scene.board.finish()
        scene.board.update(0.01)                 # the animation ends with no frame drawn
        if ctl.is_over():
            break
        expected_bar = scene.board.bar_items()
        expected_turn = (ctl.table.state.turn_number, ctl.table.state.current_player)
        scene.apply_action(rng.choice(ctl.table.state.legal_actions()))
        if scene.animating:
            bar = scene.board.shown_bar_items()
            assert bar_sig(bar) == bar_sig(expected_bar)
            assert scene.sections.panel.panel_facts()[:2] == expected_turn
            checked += 1
        settle(app, scene)
    assert checked >= 2


def test_undo_mid_animation_shows_the_log_as_it_stands(app):
    scene = open_play(app, "moles")
    ctl = scene.session
    scene.apply_action(ctl.table.state.legal_actions()[0])
    assert scene.animating
    scene.undo()
    settle(app, scene)
    rendered = [ln for e in ctl.log for ln in ctl.render([e])]
    assert scene.log.lines == rendered
    assert scene.sections.panel.panel_facts()[1] == ctl.table.state.current_player


@pytest.mark.parametrize("game", ["forest", "moles", "gopher"])
def test_results_open_without_captions_left_under_them(app, game):
    """The game-over dialog never opens over half-hidden banners: the board's captions go."""
    state = new_game(game, 2, seed=5)
    rng = random.Random(2)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    ctl = LocalSession(game, default_seats(2, humans=1), state, autosave=False, computers=False)
    scene = PlayScene(app, ctl, auto_results=True)
    app.go(scene)
    scene.board._toast("a caption that would be left over")
    assert scene.board._toasts
    for _ in range(30):
        app.step(1 / 30, [])
        if app.top is not scene:
            break
    assert app.top is not scene and app.top.name == "results"
    assert not scene.board._toasts
    assert scene.board.under_results            # a view's own end-of-game panel stays away
    if game == "gopher":                        # (Gopher's Pantry draws one over its book)
        import pygame
        surf = pygame.Surface(app.size)
        scene.board.draw(surf)
        scene.board.under_results = False
        shown = pygame.Surface(app.size)
        scene.board.draw(shown)
        assert pygame.image.tobytes(surf, "RGB") != pygame.image.tobytes(shown, "RGB")


@pytest.mark.parametrize("game", GAMES)
def test_a_board_tooltip_goes_when_the_pointer_leaves_the_window(app, game):
    import pygame
    scene = open_play(app, game)
    app.settings.speed = "off"
    ctl = scene.session
    rng = random.Random(1)
    board = scene.board
    for _ in range(60):                     # until the person has a target with a tooltip
        tips = sorted((t for t in board.get_targets() if t.enabled and not t.bar),
                      key=lambda t: not t.tooltip) if ctl.human_to_act() else []
        if tips:
            break
        scene.apply_action(rng.choice(ctl.table.state.legal_actions()), animate=False)
        app.step(1 / 30, [])
    assert tips
    t = tips[0]
    pos = t.rect.center if t.rect is not None else (int(t.pos[0]), int(t.pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    for _ in range(30):
        app.step(1 / 10, pygame.event.get())
    room = getattr(board, "hovered_room", lambda: None)
    assert board.focus.hover is not None or room() is not None
    assert board.tooltip.ready or not t.tooltip or room() is not None
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
    app.step(1 / 30, pygame.event.get())
    assert board.focus.hover is None and board.tooltip.key is None and room() is None
