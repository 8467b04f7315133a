"""Issue 32 (first half): the table's big moments are seen by everyone before a curtain comes,
toasts come one at a time and long enough to read, messages never cover the places they light,
and the keyboard never gets stuck (focus back on the board, N/P through a pick's destinations,
the curtain's button first and taken by Enter, one whole game of each game by keys alone)."""
from __future__ import annotations

import random

import pygame
import pytest

from game.app.store import saves
from game.app.board.widgets import Toasts, read_time
from game.app.scenes.play import PlayScene
from game.app.scenes.play_parts.guide import target_rect
from game.app.scenes.play_parts.messages import target_box
from game.app.session import LocalSession
from game.rules import new_game
from tests.helpers import pump, running_app

GAMES = ["ants", "moles", "hamster", "forest", "gopher"]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    yield tmp_path
    saves.flush_autosave()


@pytest.fixture
def app():
    yield from running_app((1280, 720))


def seats(kinds):
    return [{"name": (f"Player {i + 1}" if k == "human" else f"Computer {i + 1}"), "colour": i,
             "kind": k, "level": "beginner"} for i, k in enumerate(kinds)]


def open_play(app, game, kinds, seed=5, state=None, computers=True, speed="off"):
    app.settings.speed = speed
    app.settings.computer_speed = "instant"
    state = state or new_game(game, len(kinds), seed=seed)
    session = LocalSession(game, seats(kinds), state, autosave=False, computers=computers)
    scene = PlayScene(app, session, auto_results=False)
    app.go(scene)
    pump(app, 2)
    return scene


def press(app, k, times=1, mod=0, frames=1):
    for _ in range(times):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    pump(app, frames)


# ---- the moments ---------------------------------------------------------------------------------
def test_the_reveal_waits_for_continue_before_the_next_curtain(app):
    """Hot seat with a computer in the middle: the reveal plays in the open, the table waits
    for Continue (Enter), and only then the curtain for the next person comes."""
    scene = open_play(app, "ants", ["human", "computer", "human"], speed="normal")
    s = scene.session
    rng = random.Random(1)
    for _ in range(6000):
        assert not s.is_over(), "no reveal came"
        if scene.moment:
            break
        if s.curtain_seat is not None:
            press(app, pygame.K_RETURN)
            continue
        if s.human_to_act() and not scene.animating:
            scene.apply_action(rng.choice(s.table.legal_for(s.current)))
        pump(app, 1)
        s.wait_for_computer()
    assert any(e.get("type") == "reveal" for e in s.last_events)
    version = s.version
    for _ in range(400):                        # it plays; nobody moves on, no curtain
        pump(app, 1)
        s.wait_for_computer()
        assert s.version == version
        if scene.moment_button is not None:
            break
    assert scene.moment_button is not None and scene.curtain_button is None
    assert scene.focus.current.key == "moment"
    shown_round = scene.board.shown_view().get("round")
    for _ in range(60):
        pump(app, 1)
    assert s.version == version and scene.moment
    # the board stands on the turned disc: it does not move on to the next round meanwhile
    assert scene.board.held and scene.board.queued()[0] == "reveal"
    reveal = next(e for e in s.last_events if e.get("type") == "reveal")
    assert scene.board._toasts_box.showing == scene.board.toast_text(reveal)   # its words stay
    assert scene.board.shown_view().get("round") == shown_round
    press(app, pygame.K_RETURN)                 # Continue
    assert scene.moment_button is None and not scene.board.held
    assert scene.curtain_button is None         # the rest of the move plays in the open first
    for _ in range(600):
        if not scene.moment:
            break
        pump(app, 1)
    assert not scene.moment
    for _ in range(600):
        if s.curtain_seat is not None or s.version != version:
            break
        pump(app, 1)
        s.wait_for_computer()
    if s.curtain_seat is not None:
        assert scene.curtain_button is not None and scene.focus.current.key == "curtain"


@pytest.mark.parametrize("game,kind", [("ants", "reveal"), ("forest", "attack"),
                                       ("forest", "rob"), ("gopher", "baskets")])
def test_each_game_names_its_big_moments(app, game, kind):
    scene = open_play(app, game, ["human", "computer"], computers=False)
    assert scene.board.moments([{"type": kind}, {"type": "nothing"}]) == [{"type": kind}]


def test_mole_dig_stops_for_the_last_layer_race_only(app):
    """The lift that opens the last layer (the race to the centre) is Mole Dig's big moment;
    the lifts before it are shown and told, and the table goes on."""
    from game.app.views.moles.common import LAYER_COUNT
    from game.rules.moles.board import LAYER_COUNT as RULES_LAYERS
    assert LAYER_COUNT == RULES_LAYERS
    scene = open_play(app, "moles", ["human", "computer"], computers=False)
    last = {"type": "lift", "layer": LAYER_COUNT - 2}
    assert scene.board.moments([last, {"type": "nothing"}]) == [last]
    for layer in range(LAYER_COUNT - 2):
        assert scene.board.moments([{"type": "lift", "layer": layer}]) == []


def test_the_hamster_timer_running_out_is_a_moment(app):
    scene = open_play(app, "hamster", ["human", "computer"], computers=False)
    last = {"type": "timer", "boxes": 4, "length": 4, "circled": False}
    assert scene.board.moments([last]) == [last]
    assert scene.board.moments([dict(last, boxes=2)]) == []


def test_a_moment_of_computers_only_does_not_stop_the_table(app):
    scene = open_play(app, "ants", ["computer", "computer"], computers=False, speed="normal")
    scene.sections.moment.note([{"type": "reveal"}], "normal")
    assert scene.moment and not scene.sections.moment.waits_for_person()
    for _ in range(60 * 8):
        if not scene.sections.moment.holds():
            break
        pump(app, 1)
    assert not scene.moment


def test_with_the_animations_off_one_person_is_not_stopped(app):
    scene = open_play(app, "ants", ["human", "computer"], computers=False)
    scene.sections.moment.note([{"type": "reveal"}], "off")
    assert not scene.moment


def test_with_the_animations_off_a_hot_seat_table_still_waits_before_the_curtain(app):
    """Two people at one computer: the reveal stays in the open until Continue, even with the
    animations off, so the next person's curtain never hides it."""
    scene = open_play(app, "ants", ["human", "computer", "human"], computers=False, speed="off")
    scene.sections.moment.note([{"type": "reveal"}], "off")
    assert scene.moment and scene.sections.moment.waits_for_person() and scene.sections.moment.ready()
    pump(app, 2)
    assert scene.moment_button is not None and scene.curtain_button is None
    press(app, pygame.K_RETURN)
    assert not scene.moment
    scene.sections.moment.note([{"type": "reveal"}], "off", quiet=True)   # a board brought up to date
    assert not scene.moment


# ---- toasts ---------------------------------------------------------------------------------------
def test_toasts_come_one_at_a_time_each_long_enough_to_read(app):
    box = Toasts()
    long_text = "'Tablecloth'! The grasshopper guessed wrong and the ants keep the cards."
    box.add(app.assets, long_text, 0.5, 600, 1.0)          # at Fast a toast used to get 1.1 s
    box.add(app.assets, "Round 3", 0.5, 600, 1.0)
    assert box.showing == long_text and len(box.items) == 2
    assert read_time(long_text) > read_time("Round 3") >= 1.6
    box.update(read_time(long_text) - 0.05)
    assert box.showing == long_text                        # still on show: it is being read
    box.update(0.1)
    assert box.showing == "Round 3" and box.items[0]["t"] < 0.1   # the next starts its own time


def test_the_view_draws_only_the_toast_on_show(app):
    scene = open_play(app, "ants", ["human", "computer"], computers=False)
    b = scene.board
    b._speed_name = "fast"
    b._toast("First message")
    b._toast("Second message")
    assert len(b._toasts) == 2
    r = b.toast_rect()
    assert r is not None and r.h == b._toasts[0]["surf"].get_height()


# ---- no message over what it lights -----------------------------------------------------------------
def _box(t, px):
    if t.rect is not None:
        return pygame.Rect(t.rect)
    rad = max(int(float(t.radius or 0)), px(10))
    return pygame.Rect(int(t.pos[0]) - rad, int(t.pos[1]) - rad, 2 * rad, 2 * rad)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_no_lit_target_lies_under_a_message(size):
    """The hint's sentence, the board's toasts and the guide's bubble leave the places they
    light in sight, at every window size, in every game."""
    gen = running_app(size)
    app = next(gen)
    try:
        for game in GAMES:
            state = new_game(game, 2, seed=4)
            rng = random.Random(4)
            for _ in range(3):
                if state.current_player != 0:
                    state.apply(rng.choice(state.legal_actions()))
            while state.current_player != 0:
                state.apply(rng.choice(state.legal_actions()))
            scene = open_play(app, game, ["human", "computer"], state=state, computers=False)
            scene.sections.hint.ask()
            scene.sections.hint.asker.wait(30)
            pump(app, 3)
            assert scene.sections.hint.current() is not None, game
            box = scene.sections.messages.box(scene.message)
            lit = [target_box(t, scene.px) for t in scene.sections.hint.targets()]
            assert lit and box.collidelist(lit) < 0, (game, size, box, lit)
            every = [_box(t, scene.px) for t in scene.board.get_targets() if t.enabled and not t.bar]
            assert box.collidelist(every) < 0, (game, size, "the hint covers a place of the board")
            assert scene.panel_rect.contains(box) or scene.board_rect.contains(box)
            scene.forget_hint_message()
            scene.board._toast("A caption long enough to reach over a good part of the board")
            pump(app, 2)
            tr_ = scene.board.toast_rect()
            free = [r for r in scene.board._toast_spots(tr_.h)[1]
                    if not pygame.Rect(tr_.x, r, tr_.w, tr_.h).collidelist(every) >= 0]
            if free:                               # a free spot exists: the toast takes one
                assert tr_.collidelist(every) < 0, (game, size, "a toast covers a place")
            scene.board.clear_toasts()
            _bubble_clear_of_its_places(app, game, size)
    finally:
        for _ in gen:
            pass


def _bubble_clear_of_its_places(app, game, size):
    from game.app import coach as coach_mod
    if not coach_mod.has_guide(game):
        return
    session = coach_mod.new_session(game)
    session.autosave_enabled = False
    scene = PlayScene(app, session, auto_results=False)
    app.go(scene)
    pump(app, 2)
    for _ in range(10):
        c = scene.coach
        if c is None:
            break
        lit = [target_rect(t, scene.px) for t in scene.sections.guide.targets()]
        if scene.coach_rect is not None:
            assert scene.coach_rect.collidelist(lit) < 0, (game, size, c.index, "the bubble covers")
        if not c.waiting_for_next:
            break
        scene.sections.guide.next()
        pump(app, 2)
    scene.stop()


# ---- the keyboard ----------------------------------------------------------------------------------
def _human_moles_move(seed=2):
    state = new_game("moles", 2, seed=seed)
    rng = random.Random(seed)
    while state.step != "move" or state.current_player != 0 or len(
            {str(a["frm"]) for a in state.legal_actions() if a.get("type") == "move"}) < 2:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_focus_returns_to_the_board_after_the_menu(app):
    scene = open_play(app, "moles", ["human", "computer"], state=_human_moles_move(), computers=False)
    scene.focus.focus_key("menu")
    press(app, pygame.K_RETURN, frames=2)
    assert app.top.name == "pause"
    press(app, pygame.K_ESCAPE, frames=2)
    assert app.top is scene and scene.focus.current.key == "board"
    press(app, pygame.K_n)
    assert scene.board.focused() is not None


def test_focus_returns_to_the_board_after_the_guide_plays_on(app):
    scene = open_play(app, "moles", ["human", "computer"], state=_human_moles_move(), computers=False)
    scene.focus.focus_key("coach_next")      # an item that goes away
    scene.rebuild()
    assert scene.focus.current.key == "board"


def test_n_and_p_go_through_the_picked_moles_destinations(app):
    scene = open_play(app, "moles", ["human", "computer"], state=_human_moles_move(), computers=False)
    b = scene.board
    for _ in range(80):
        press(app, pygame.K_n)
        if b.focused() and "mole" in b.focused():
            break
    press(app, pygame.K_RETURN)
    assert b.selected is not None
    seen = set()
    for _ in range(12):
        press(app, pygame.K_n)
        seen.add(b.focused())
        press(app, pygame.K_p)
        seen.add(b.focused())
    assert seen and all("dest" in k or "btn" in k for k in seen), seen
    press(app, pygame.K_ESCAPE)                # Esc drops the pick (no menu)
    assert b.selected is None and app.top is scene
    press(app, pygame.K_RETURN) if b.focused() else None
    for _ in range(80):
        press(app, pygame.K_n)
        if b.focused() and "mole" in b.focused():
            break
    press(app, pygame.K_RETURN)
    assert b.selected is not None
    press(app, pygame.K_BACKSPACE)             # so does Backspace
    assert b.selected is None


def _two_people_curtain(app):
    scene = open_play(app, "ants", ["human", "human"], computers=False)
    s = scene.session
    rng = random.Random(3)
    for _ in range(300):
        if s.curtain_seat is not None and s.current != 0:
            return scene
        if s.curtain_seat is not None:
            scene.clear_curtain()
        else:
            scene.apply_action(rng.choice(s.table.legal_for(s.current)))
        pump(app, 1)
    raise AssertionError("no curtain came")


def test_the_curtain_button_is_first_and_takes_enter(app):
    scene = _two_people_curtain(app)
    assert scene.focus.items[0].key == "curtain"
    assert scene.focus.current.key == "curtain"
    press(app, pygame.K_RETURN, frames=2)
    assert scene.session.curtain_seat is None and scene.focus.current.key == "board"


def test_space_presses_the_focused_curtain_button(app):
    scene = _two_people_curtain(app)
    press(app, pygame.K_SPACE, frames=2)
    assert scene.session.curtain_seat is None


# ---- a whole game of each game by keys alone --------------------------------------------------------
def _focus_by_keys(app, board, key) -> bool:
    """Press N (posted key events) until the board's keyboard focus is on ``key``."""
    for _ in range(3):
        order = [str(t.key) for t in board.key_targets(board.get_targets())]
        if key not in order:
            return False
        cur = board.focused()
        i = order.index(key)
        n = i + 1 if cur not in order else (i - order.index(cur)) % len(order)
        if n:
            press(app, pygame.K_n, times=n)
        if board.focused() == key:
            return True
    return board.focused() == key


def _act_by_keys(app, scene, action) -> None:
    s = scene.session
    before = s.version
    b = scene.board
    for _ in range(4):
        route = [str(k) for k in (b.clicks_for(action) or [])]
        assert route, f"no way to {action}"
        for key in route:
            if not _focus_by_keys(app, b, key):
                press(app, pygame.K_BACKSPACE)          # drop a pick that leads elsewhere
                break
            press(app, pygame.K_RETURN)
            if s.version != before:
                return
    raise AssertionError(f"the keys did not make {action}")


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_by_keys_alone(app, game):
    scene = open_play(app, game, ["human", "computer"], seed=11)
    s = scene.session
    rng = random.Random(11)
    made = 0
    for _ in range(20000):
        if s.is_over():
            break
        if scene.moment_button is not None:
            press(app, pygame.K_RETURN)
            continue
        if s.curtain_seat is not None:
            press(app, pygame.K_RETURN)
            continue
        if s.human_to_act() and not scene.animating:
            assert scene.focus.current.key == "board"
            action = rng.choice(s.table.legal_for(s.current))
            seat = s.current
            _act_by_keys(app, scene, action)
            assert s.history[-1]["seat"] == seat and s.history[-1]["human"]
            made += 1
            continue
        pump(app, 1)
        s.wait_for_computer()
    assert s.is_over() and made > 0


def test_a_click_on_continue_goes_on(app):
    from tests.app.test_app_scenes import click
    scene = open_play(app, "ants", ["human", "computer"], computers=False, speed="normal")
    scene.sections.moment.note([{"type": "reveal"}], "normal")
    pump(app, 2)
    assert scene.moment_button is not None and scene.focus.current.key == "moment"
    click(app, scene.moment_button.rect.center)
    assert not scene.moment and scene.moment_button is None



@pytest.mark.parametrize("game", ["ants", "forest"])
def test_the_board_tooltip_goes_when_the_pointer_moves_off_the_board(app, game):
    """A card's or tile's name does not stay over the board once the pointer is on the side
    panel."""
    scene = open_play(app, game, ["human", "computer"], computers=False)
    b = scene.board
    pos = b._cell_rect(0).center if game == "ants" else b.cell_rect((0, 0)).center
    scene.on_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert (b._hover if game == "ants" else b._hover_cell) is not None
    off = (scene.panel_rect.centerx, scene.panel_rect.centery)
    assert not scene.board_rect.collidepoint(off)
    scene.on_event(pygame.event.Event(pygame.MOUSEMOTION, pos=off, rel=(0, 0), buttons=(0, 0, 0)))
    assert (b._hover if game == "ants" else b._hover_cell) is None
    assert b.tooltip.key is None and b.focus.hover is None


def test_mole_dig_caption_keeps_off_the_moles_while_a_disc_turns(app):
    """"All moles are placed: start digging!" stays off the top row of moles also while the
    first disc is being turned over (it used to jump back to the top as the disc turned)."""
    from game.app.board.anim import Step
    from game.i18n import tr
    state = new_game("moles", 3, seed=2)
    rng = random.Random(2)
    while state.step == "place":
        state.apply(rng.choice(state.legal_actions()))
    scene = open_play(app, "moles", ["human", "computer", "computer"], state=state, computers=False)
    b = scene.board
    b._speed_name = "normal"
    b._toast(tr("events.moles.toast.phase"))
    b._anim.add(Step("toast", {"type": "nothing"}, 5.0))     # something plays on the board
    b.update(0.05)
    assert b.animating
    rad = max(4, int(b.spacing * 0.45))
    moles = [pygame.Rect(x - rad, y - rad, 2 * rad, 2 * rad)
             for x, y in (b.pixel_of(m["at"]) for m in b.view["moles"] if m.get("at") is not None)]
    box = b.toast_rect()
    free = [y for y in b._toast_spots(box.h)[1]
            if pygame.Rect(box.x, y, box.w, box.h).collidelist(moles) < 0]
    if free:
        assert box.collidelist(moles) < 0
    else:
        top = pygame.Rect(box.x, b._toast_spots(box.h)[1][0], box.w, box.h)
        assert len(box.collidelistall(moles)) <= len(top.collidelistall(moles))


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_continue_leaves_the_hamster_timer_row_in_sight(size):
    """The last timer box is Hamster Burrow's big moment: Continue and its line stand where
    they do not hide the timer row."""
    gen = running_app(size)
    app = next(gen)
    try:
        scene = open_play(app, "hamster", ["human", "computer"], computers=False, speed="normal")
        scene.sections.moment.note([{"type": "timer", "boxes": 4, "length": 4, "circled": False}], "normal")
        pump(app, 2)
        btn = scene.moment_button
        assert btn is not None
        keep = scene.board.moment_keep_clear()
        assert keep
        tip = pygame.Rect(btn.rect.x, btn.rect.y - scene.sections.moment.tip_height(), btn.rect.w,
                          btn.rect.h + scene.sections.moment.tip_height())
        assert tip.collidelist(keep) < 0
        assert scene.board_rect.contains(btn.rect)
    finally:
        for _ in gen:
            pass


def test_the_reveal_caption_leaves_the_grasshoppers_card_in_sight(app):
    """The reveal's words stand where they do not hide the card the grasshopper jumped onto."""
    scene = open_play(app, "ants", ["human", "computer", "human"], speed="normal")
    s = scene.session
    rng = random.Random(1)
    for _ in range(6000):
        if scene.board.held:
            break
        if s.curtain_seat is not None:
            press(app, pygame.K_RETURN)
            continue
        if scene.moment_button is not None:
            press(app, pygame.K_RETURN)
            continue
        if s.human_to_act() and not scene.animating:
            scene.apply_action(rng.choice(s.table.legal_for(s.current)))
        pump(app, 1)
        s.wait_for_computer()
    b = scene.board
    assert b.held and b.shown_view().get("guess") is not None
    from game.app.views.ants.common import _cell_index
    for row in (0, 3):                         # the top row (where captions stand) and the foot
        b.shown_view()["guess"] = [1, row]
        card = b._cell_rect(_cell_index(b.shown_view()["guess"]))
        assert b.toast_rect() is not None and not b.toast_rect().colliderect(card), row


def test_the_hint_in_the_panel_lets_no_log_line_show_through(app):
    """The hint's sentence stands over the foot of the log: its box is opaque there."""
    scene = open_play(app, "forest", ["human", "computer"])
    s = scene.session
    rng = random.Random(2)
    for _ in range(400):                       # a log long enough to reach under the hint
        if len(s.log) >= 16 or s.is_over():
            break
        if s.human_to_act() and not scene.animating:
            scene.apply_action(rng.choice(s.table.legal_for(s.current)))
        pump(app, 1)
        s.wait_for_computer()
    scene.sections.panel.refresh_log(full=True)
    assert len(s.log) >= 16
    scene.show_message("Short", 10.0, tone="hint")
    assert scene.sections.messages.in_panel()
    pump(app, 2)
    box = scene.sections.messages.box("Short")
    surf = app.surface
    fill = surf.get_at((box.x + scene.px(14), box.y + scene.px(6)))
    for y in range(box.y + scene.px(4), box.bottom - scene.px(4)):
        for x in (box.x + scene.px(14), box.x + scene.px(40), box.right - scene.px(40)):
            assert surf.get_at((x, y)) == fill, (x, y)
