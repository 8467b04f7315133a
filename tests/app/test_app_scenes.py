"""The screens, headless: title with a damaged save, a walk through the menus by posted
mouse and keyboard events, a move, undo, pause; screenshots and the bench harness."""
from __future__ import annotations

import pygame
import pytest

from game.app.store import saves
from game.app.views.placeholder import PlaceholderView
from tests.helpers import pump, running_app

pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)


@pytest.fixture
def app():
    yield from running_app((1280, 720))


def click(app, pos, frames=3):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(app, frames)


def key(app, k, mod=0, frames=2):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pump(app, frames)


def button(scene, text):
    for b in scene.buttons():
        if b.text == text:
            return b
    raise AssertionError(f"no button {text!r} in {scene.name}: {[b.text for b in scene.buttons()]}")


def test_title_with_corrupt_autosave_still_works(app, home):
    (home / "autosave.json").write_text("{ this is not json", encoding="utf-8")
    app.go_title()
    pump(app)
    title = app.top
    assert title.name == "title"
    assert title.saved is None and "damaged" in title.save_message
    assert not button(title, "Continue").is_enabled
    surf = app.surface
    assert surf.get_at((surf.get_width() // 2, surf.get_height() // 2)) is not None
    click(app, button(title, "New game").rect.center)
    assert app.top.name == "choose"


def test_a_click_survives_a_rebuild_between_its_press_and_its_release(app):
    """A screen that rebuilds by itself (the join screen when tables are found on the home
    network) between a press and its release: the button made anew is still pressed."""
    from game.i18n import tr
    app.go_title()
    pump(app, 2)
    scene = app.top
    btn = next(b for b in scene.buttons() if b.text == tr("common.settings"))
    pos = btn.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pump(app, 1)
    assert btn.held
    scene.rebuild()                      # the old button is gone, a new one in its place
    assert btn not in scene.buttons()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(app, 2)
    assert app.top.name == "settings"


def test_a_rebuild_with_no_press_holds_no_button(app):
    app.go_title()
    pump(app, 2)
    app.top.rebuild()
    assert not any(getattr(b, "held", False) for b in app.top.buttons())


def test_title_keyboard_and_escape(app, monkeypatch):
    from game.rules import GAMES
    monkeypatch.setattr(GAMES["gopher"], "available", False)   # a game still to come
    app.go_title()
    pump(app)
    assert app.top.focus.current.key == "New game"    # Continue is disabled: skipped
    key(app, pygame.K_RETURN)
    assert app.top.name == "choose"
    app.top.focus.focus_key("gopher")
    key(app, pygame.K_RETURN)                           # coming soon: stays here
    assert app.top.name == "choose" and "coming soon" in app.top.message
    app.top.focus.focus_key("moles")
    key(app, pygame.K_RIGHT)
    assert app.top.focus.current.key == "ants"
    key(app, pygame.K_SPACE)
    assert app.top.name == "seats"
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "choose"
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "title"
    key(app, pygame.K_ESCAPE)                           # Esc on the title only points at Quit
    assert app.running and app.top.focus.current.key == "Quit"
    key(app, pygame.K_RETURN)
    assert not app.running


def test_scene_walk_move_undo_pause(app, monkeypatch):
    import game.app.scenes.play as play_mod
    monkeypatch.setattr(play_mod, "make_board_view", lambda gid, seats, assets: PlaceholderView(gid, seats, assets))
    app.go_title()
    pump(app)
    click(app, button(app.top, "New game").rect.center)
    assert app.top.name == "choose"
    click(app, app.top.card_rects["moles"].center)
    seats_scene = app.top
    assert seats_scene.name == "seats" and seats_scene.game_id == "moles"
    # two players: the player count drop-down, by keyboard (Left on it picks the previous count)
    seats_scene.focus.focus_key("count")
    key(app, pygame.K_LEFT)
    assert seats_scene.count == 2
    click(app, button(seats_scene, "Start game").rect.center)
    play = app.top
    assert play.name == "play"
    ctl = play.session
    assert [s["kind"] for s in ctl.seats] == ["human", "computer"]
    for _ in range(200):                                # the computer may start
        if ctl.human_to_act():
            break
        pump(app, 1)
        ctl.wait_for_computer()
    assert ctl.human_to_act()
    pump(app, 2)
    before = ctl.table.state.to_dict()
    rect, action = play.board.action_rects[0]
    log_len = len(ctl.log)
    click(app, rect.center)
    assert len(ctl.log) > log_len and ctl.table.state.to_dict() != before
    for _ in range(200):                                # the computer answers
        if ctl.human_to_act():
            break
        pump(app, 1)
        ctl.wait_for_computer()
    saves.flush_autosave()
    assert saves.read_autosave().state.to_dict() == ctl.table.state.to_dict()
    # Undo never takes back another seat's decision: the computer answered, the move stands
    assert not button(play, "Undo").is_enabled
    answered = ctl.table.state.to_dict()
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert ctl.table.state.to_dict() == answered
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "pause"
    key(app, pygame.K_ESCAPE)
    assert app.top is play
    click(app, button(play, "Menu").rect.center)
    assert app.top.name == "pause"
    click(app, button(app.top, "Quit to title").rect.center)
    title = app.top
    assert title.name == "title" and title.saved is not None
    assert button(title, "Continue: Mole Dig").is_enabled
    click(app, button(title, "Continue: Mole Dig").rect.center)
    assert app.top.name == "play" and app.top.session.table.state.to_dict() == ctl.table.state.to_dict()


def test_every_scene_draws_at_small_and_large_sizes(app):
    from game.app.scenes.choose import ChooseScene
    from game.app.scenes.rules import RulesScene
    from game.app.scenes.seats import SeatsScene
    from game.app.scenes.settings_scene import SettingsScene
    app.go_title()
    for scene in (ChooseScene(app), SeatsScene(app, "moles"), RulesScene(app, "moles"), SettingsScene(app)):
        app.push(scene)
        pump(app, 2)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=600, size=(1024, 600)))
        pump(app, 12)
        assert app.size == (1024, 600)
        assert all(it.rect.right <= 1024 and it.rect.bottom <= 600 for it in scene.focus.items)
        key(app, pygame.K_ESCAPE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=720, size=(1280, 720)))
        pump(app, 12)
    app.push(SeatsScene(app, "moles"))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=2560, h=1440, size=(2560, 1440)))
    pump(app, 12)
    assert app.size == (2560, 1440)
    assert app.top.scale == 2.0


def test_log_view_appends_wraps_scrolls_and_trims():
    from game.app import ui
    pygame.font.init()
    log = ui.LogView()
    log.set_rect((0, 0, 200, 120), 1.0)
    log.set_lines(["short", "a much longer sentence that needs to wrap onto a second row"])
    assert len(log.rows) >= 3 and log.rows_per_line[1] >= 2
    log.append([f"line {i}" for i in range(ui.LogView.MAX_LINES + 10)])
    assert len(log.lines) <= ui.LogView.MAX_LINES and len(log.rows) == sum(log.rows_per_line)
    assert log.lines[-1] == f"line {ui.LogView.MAX_LINES + 9}"
    log.scroll_by(50)
    assert log.offset == 50
    log.append(["new"])                                 # scrolled up: the view stays put
    assert log.offset > 50
    surf = pygame.Surface((300, 200))
    log.draw(surf)


def test_rules_text_is_our_own_and_renders():
    from game.app.scenes.rules import inline_runs, parse_markdown, rules_text
    text = rules_text("moles")
    assert text and "golden shovel" in text
    blocks = parse_markdown(text)
    assert any(b[0] == "li" and b[1] == "•" for b in blocks)
    runs = [r for b in blocks if b[0] in ("p", "li") for r in inline_runs(b[-1])]
    assert any(style == "b" for style, _ in runs) and not any("**" in t for _, t in runs)


def test_render_screenshot_writes_png(tmp_path, monkeypatch):
    from game.app import render_screenshot
    from game.rules import GAMES
    out = tmp_path / "shots" / "moles.png"
    render_screenshot("moles", out, seed=1, moves=12, size=(1024, 600))
    img = pygame.image.load(str(out))
    assert img.get_size() == (1024, 600)
    monkeypatch.setattr(GAMES["gopher"], "available", False)   # a game still to come
    with pytest.raises(ValueError, match="not playable"):
        render_screenshot("gopher", tmp_path / "x.png")
    with pytest.raises(ValueError, match="unknown game"):
        render_screenshot("chess", tmp_path / "x.png")


def test_play_harness_runs_50_frames():
    from game.app import PlayHarness
    h = PlayHarness("moles", seed=2, size=(1024, 600))
    try:
        for _ in range(50):
            h.step()
        assert h.frames == 50
        assert h.scene.session.table.state.turn_number > 0
    finally:
        h.close()


def test_game_over_shows_results_then_play_again(app):
    from game.app.session import LocalSession
    from game.app.scenes.play import PlayScene
    from game.rules import new_game
    seats = [{"name": "Ann", "colour": 1, "kind": "human", "level": "good"},
             {"name": "Bot", "colour": 0, "kind": "computer", "level": "random"}]
    ctl = LocalSession("moles", seats, new_game("moles", 2, seed=4), computers=False)
    ctl.apply(ctl.table.state.legal_actions()[0])
    st = ctl.table.state
    st.winner, st.win_reason, st.current_player = 1, "Bot dug fastest.", None   # the game ends
    ctl.save()
    play = PlayScene(app, ctl)
    app.go(play)
    play.results_pending = True
    pump(app, 3)
    results = app.top
    assert results.name == "results" and results.overlay
    saves.flush_autosave()
    assert not saves.autosave_exists()                  # a finished game cannot be continued
    click(app, button(results, "Play again").rect.center)
    again = app.top
    assert again.name == "play" and again is not play
    assert again.session.seats == ctl.seats and not again.session.is_over()
    assert again.session.table.state.seed != st.seed or again.session.table.state.to_dict() != st.to_dict()
