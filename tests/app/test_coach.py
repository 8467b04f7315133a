"""The guided first game (issue 17): data/coach/<game>.yaml, the coach's steps, and the bubble
on the play screen (never over a lit target, any window size, Next / Skip / Undo)."""
from __future__ import annotations

import random

import pygame
import pytest

from game import i18n
from game.app import coach, ui
from game.app.scenes.play import PlayScene
from game.app.scenes.play_parts.guide import GuideSection, target_rect
from game.rules import DataError
from tests.helpers import pump, running_app

GAMES = ["moles", "ants", "hamster", "forest", "gopher"]
COMMON = ["coach.button", "coach.button_tip", "coach.heading", "coach.next", "coach.play_on",
          "coach.skip", "coach.skip_tip", "coach.skipped", "coach.broken"]


pytestmark = pytest.mark.usefixtures("home")   # a throw-away user folder (conftest.py)


@pytest.fixture
def app():
    yield from running_app((1280, 720))


def open_guide(app, game, plain_names: bool = False) -> PlayScene:
    ctl = coach.new_session(game)
    if plain_names:     # the pseudo-language's names are a third longer than any real one
        for i, seat in enumerate(ctl.seats):
            ctl.table.set_seat(i, name=f"Player {i + 1}" if seat["kind"] == "human"
                               else f"Computer {i + 1}")
    ctl.computers_enabled = False          # the test plays the computer seats itself
    ctl.autosave_enabled = False
    scene = PlayScene(app, ctl, auto_results=False)
    app.go(scene)
    pump(app, 2)
    return scene


def lit_rects(scene) -> list:
    return [target_rect(t, scene.px).inflate(-scene.px(12), -scene.px(12))
            for t in scene.sections.guide.targets()]


def check_bubble(scene) -> None:
    """The bubble is inside the window and covers none of the targets it lights."""
    r = scene.coach_rect
    assert r is not None
    assert pygame.Rect((0, 0), scene.size).contains(r), (r, scene.size)
    assert r.collidelist(lit_rects(scene)) < 0, "the bubble covers a lit target"


def walk(app, scene, seed=1, check=None, limit=600) -> list:
    """Follow the guide: Next where it asks, the awaited move where it waits (chosen among the
    legal actions), any legal move for the computers.  Returns the step indexes seen."""
    ctl, c = scene.session, scene.session.coach
    rng = random.Random(seed)
    seen = []
    for _ in range(limit):
        if not c.active:
            break
        assert not ctl.is_over(), "the game ended before the guide"
        if not seen or seen[-1] != c.index:
            seen.append(c.index)
            if check:
                check(scene)
        if c.waiting_for_next:
            scene.sections.guide.next()
            pump(app, 1)
            continue
        legal = ctl.table.state.legal_actions()
        step = c.step
        if ctl.human_to_act() and step.until == "action":
            wanted = [a for a in legal if a["type"] in step.types]
            if wanted:
                assert scene.sections.guide.targets(), f"{step.text}: nothing lit for the awaited move"
                check_bubble(scene)
            action = rng.choice(wanted or legal)
        else:
            action = rng.choice(legal)
        scene.apply_action(action, animate=False)
        pump(app, 1)
    assert not c.active, f"the guide did not finish (stuck at step {c.index}: {c.step})"
    return seen


# ---- the files ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_each_guide_validates_and_is_short(game):
    guide = coach.load_guide(game)
    assert 5 <= len(guide.steps) <= 8
    assert guide.seats.count("human") == 1 and len(guide.seats) == guide.players
    assert guide.steps[0].until == "next" and guide.steps[-1].until == "next"
    assert any(s.until == "action" for s in guide.steps), "the player makes real moves"


BROKEN = [
    ("- just\n- a list\n", "expected a mapping"),
    ("game: ants\nseed: 1\nplayers: 2\nseats: [human, computer]\nsteps: []\n", "game"),
    ("game: moles\nseed: 1\nplayers: 2\nseats: [human, human]\nsteps: []\n", "exactly one"),
    ("game: moles\nseed: 1\nplayers: 2\nseats: [human, computer]\nsteps:\n"
     "  - {text: coach.moles.welcome, until: next}\n  - {text: coach.moles.nope, until: next}\n",
     "steps[1].text"),
    ("game: moles\nseed: 1\nplayers: 2\nseats: [human, computer]\nsteps:\n"
     "  - {text: coach.moles.welcome, until: next}\n  - {text: coach.moles.done, until: soon}\n",
     "steps[1].until"),
    ("game: moles\nseed: 1\nplayers: 2\nseats: [human, computer]\nsteps:\n"
     "  - {text: coach.moles.welcome, until: next}\n"
     "  - {text: coach.moles.done, until: {action: [move]}}\n", "the last step"),
    ("game: moles\nseed: 1\nplayers: 2\nseats: [human, computer]\nsteps:\n"
     "  - {text: coach.moles.welcome, until: next, colour: red}\n"
     "  - {text: coach.moles.done, until: next}\n", "unknown key 'colour'"),
    ("game: moles\nseed: -4\nplayers: 9\n", "seed"),
    ("\x00\xff\xfe binary", ""),
    ("a: &a [1]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b]\n"
     "d: [*c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d]\n", ""),
    ("[" * 500 + "]" * 500, ""),
]


@pytest.mark.parametrize("body,problem", BROKEN)
def test_a_broken_guide_is_refused_with_a_message_naming_the_file(tmp_path, body, problem):
    path = tmp_path / "moles.yaml"
    path.write_bytes(body.encode("utf-8", "surrogateescape") if isinstance(body, str) else body)
    with pytest.raises(DataError) as err:
        coach.load_guide("moles", path)
    assert "moles.yaml" in str(err.value) and problem in str(err.value)
    guide, message = coach.load_or_problem("moles", path)
    assert guide is None and "moles.yaml" in message and message.startswith(
        i18n.tr("coach.broken", problem="").strip()[:10])


def test_a_broken_guide_means_no_guide_and_a_message_on_the_set_up_screen(app, tmp_path,
                                                                           monkeypatch):
    bad = tmp_path / "moles.yaml"
    bad.write_text("game: moles\nsteps: 7\n", encoding="utf-8")
    monkeypatch.setattr(coach, "guide_path", lambda game_id: bad)
    app.switch("seats", "moles")
    pump(app, 2)
    seats = app.top
    seats.start_guided()
    pump(app, 2)
    assert app.top is seats and "moles.yaml" in seats.message
    with pytest.raises(ValueError, match="moles.yaml"):
        coach.new_session("moles")


# ---- the steps (no screen) --------------------------------------------------------------------------
def test_steps_advance_on_next_the_awaited_move_and_go_back_on_undo():
    guide = coach.Guide("x", 1, 2, ["human", "computer"], "random", steps=[
        coach.Step("coach.next"),
        coach.Step("coach.next", "action", frozenset({"place"}), times=2),
        coach.Step("coach.next", "event", frozenset({"round"})),
        coach.Step("coach.next")])
    c = coach.Coach(guide)
    assert c.waiting_for_next
    c.observe({"type": "place"}, [], human=False)     # a computer's move: still reading
    assert c.index == 0
    c.next()
    c.observe({"type": "place"}, [], human=False)     # not the person's move
    c.observe({"type": "turn"}, [], human=True)       # not the awaited kind
    assert c.index == 1
    c.observe({"type": "place"}, [], human=True)
    assert c.index == 1                               # twice
    c.observe({"type": "place"}, [], human=True)
    assert c.index == 2
    c.on_undo()                                        # the second place taken back
    assert c.index == 1 and len(c.hits[1]) == 1
    c.observe({"type": "place"}, [], human=True)
    c.observe({"type": "guess"}, [{"type": "reveal"}, {"type": "round"}], human=False)
    assert c.index == 3 and c.waiting_for_next
    c.next()
    assert not c.active and c.step is None


def test_playing_on_instead_of_pressing_next_moves_the_guide_along():
    guide = coach.load_guide("moles")
    c = coach.Coach(guide)
    c.observe({"type": "place"}, [{"type": "place"}], human=True)   # no Next pressed
    assert c.index == 2


# ---- the play screen ------------------------------------------------------------------------------------
@pytest.mark.parametrize("where", ["panel", "board"])
@pytest.mark.parametrize("game", GAMES)
def test_each_guide_plays_through_following_its_steps(app, game, where, monkeypatch):
    if where == "board":            # a side panel too small for the text: a board corner
        monkeypatch.setattr(GuideSection, "in_panel", lambda self: None)
    scene = open_guide(app, game)
    seen = walk(app, scene, check=lambda s: check_bubble(s))
    steps = len(scene.session.coach.guide.steps)
    assert seen == sorted(set(seen)) and seen[0] == 0 and seen[-1] == steps - 1
    assert len(seen) >= steps - 1           # a step may pass with the move before it
    pump(app, 2)
    assert scene.coach_rect is None and not scene.session.is_over()
    assert tr_absent(scene, "coach.skip") and tr_absent(scene, "coach.next")


def tr_absent(scene, key) -> bool:
    return i18n.tr(key) not in [b.text for b in scene.buttons()]


def test_the_computers_wait_while_a_step_is_read(app):
    import time
    scene = open_guide(app, "moles")
    ctl, c = scene.session, scene.session.coach
    scene.sections.guide.next()
    scene.apply_action(ctl.table.state.legal_actions()[0], animate=False)   # the computer's turn
    pump(app, 1)
    c.index, c.entered, c.hits = 5, c.entered + [c.moves] * 3, c.hits + [[]] * 3  # to read
    ctl.computers_enabled = True
    pump(app, 90)
    assert ctl.computer_to_act(), "the computer moved while the player was reading"
    scene.sections.guide.next()
    pump(app, 30)
    assert ctl.computer_to_act() and c.last
    scene.sections.guide.next()                               # "Play on": the guide is done
    deadline = time.monotonic() + 5
    while ctl.computer_to_act() and time.monotonic() < deadline:
        pump(app, 5)
        time.sleep(0.01)
    assert not c.active and ctl.human_to_act(), "the computer plays on once the guide is closed"
    ctl.stop()


def test_skip_guide_goes_on_as_a_normal_game(app):
    scene = open_guide(app, "ants")
    assert i18n.tr("coach.skip") in [b.text for b in scene.buttons()]
    skip = next(b for b in scene.buttons() if b.text == i18n.tr("coach.skip"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=skip.rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=skip.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=skip.rect.center, button=1))
    pump(app, 3)
    c = scene.session.coach
    assert not c.active and scene.coach is None and scene.coach_rect is None
    assert scene.message == i18n.tr("coach.skipped")
    assert tr_absent(scene, "coach.skip")
    before = scene.session.table.state.to_dict()
    scene.apply_action(scene.session.table.state.legal_actions()[0], animate=False)
    assert scene.session.table.state.to_dict() != before           # the game goes on


def test_undo_returns_to_the_step_the_position_belongs_to(app):
    scene = open_guide(app, "moles")
    ctl, c = scene.session, scene.session.coach
    scene.sections.guide.next()
    pump(app, 1)
    assert c.index == 1
    scene.apply_action(ctl.table.state.legal_actions()[0], animate=False)
    pump(app, 1)
    assert c.index == 2
    scene.undo()                   # the move handed the turn on: asks first
    pump(app, 1)
    assert scene.coach_rect is None          # the bubble makes way for the question
    scene.undo()
    pump(app, 2)
    assert c.index == 1 and c.moves == 0 and c.step.until == "action"
    check_bubble(scene)
    assert scene.sections.guide.targets()


@pytest.mark.parametrize("game", GAMES)
def test_the_bubble_survives_resizes_and_keeps_its_text_whole(app, game):
    scene = open_guide(app, game)
    walk_steps = 0
    for size in [(1024, 600), (1920, 1080), (1100, 640)]:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        pump(app, 3)
        assert app.size == size
        with ui.fit.collecting() as found:
            pump(app, 2)
        assert not found, [str(p) for p in found]
        check_bubble(scene)
        if walk_steps < 2:                     # on to a step where the player acts
            scene.sections.guide.next()
            pump(app, 1)
            walk_steps += 1
    key_esc(app)
    assert app.top.name == "pause"
    key_esc(app)
    assert app.top is scene and scene.coach_rect is not None


def key_esc(app):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                         scancode=0))
    pump(app, 3)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["de", "fr", "ru", "pseudo"])
def test_every_step_fits_at_the_smallest_window_in_every_language(lang, game):
    i18n.enable_pseudo()
    gen = running_app((1024, 600), headless=True)
    app = next(gen)
    try:
        i18n.set_language(lang)
        scene = open_guide(app, game, plain_names=lang == "pseudo")
        c = scene.session.coach
        for _ in range(len(c.guide.steps) + 40):
            if not c.active:
                break
            with ui.fit.collecting() as found:
                pump(app, 1)
                ui.fit.check_gui(scene.ui)
            assert not found, [str(p) for p in found]
            check_bubble(scene)
            if c.waiting_for_next:
                scene.sections.guide.next()
            else:
                state = scene.session.table.state
                seat, legal = state.current_player, state.legal_actions()
                if scene.session.is_human(seat):     # the person does what the step asks
                    want = [a for a in legal if a["type"] in c.step.types] or legal
                    action = want[0]
                else:                                 # a computer seat plays as a computer
                    from game.ai import make_agent
                    action = make_agent(game, "beginner", seed=seat).decide(state.view(seat),
                                                                           legal)
                scene.apply_action(action, animate=False)
        assert not c.active
        scene.stop()
    finally:
        i18n.set_language("en")
        next(gen, None)


@pytest.mark.parametrize("lang", ["de", "fr", "ru"])
def test_every_guide_text_is_translated(lang):
    keys = list(COMMON)
    for game in GAMES:
        keys += [s.text for s in coach.load_guide(game).steps]
    for key in keys:
        i18n.set_language("en")
        english = i18n.tr(key, step=1, count=2, problem="x")
        i18n.set_language(lang)
        text = i18n.tr(key, step=1, count=2, problem="x")
        assert text and text != key and "{" not in text
        if len(english) > 12:
            assert text != english, f"{lang}: {key} is not translated"


# ---- where it is offered --------------------------------------------------------------------------------
@pytest.mark.parametrize("where", ["seats", "rules"])
def test_the_set_up_and_rules_screens_offer_the_guided_game(app, where):
    app.switch(where, "gopher")
    pump(app, 2)
    btn = next(b for b in app.top.buttons() if b.text == i18n.tr("coach.button"))
    assert pygame.Rect((0, 0), app.size).contains(btn.rect)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=btn.rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=btn.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=btn.rect.center, button=1))
    pump(app, 3)
    scene = app.top
    assert isinstance(scene, PlayScene) and scene.coach is not None
    assert scene.session.table.state.seed == coach.load_guide("gopher").seed if hasattr(
        scene.session.table.state, "seed") else True
    assert [s["kind"] for s in scene.session.seats] == coach.load_guide("gopher").seats
    scene.stop()


@pytest.mark.parametrize("guided", [False, True])
def test_the_play_screen_lays_out_again_only_when_something_changed(app, guided):
    from game.app.session import LocalSession, default_seats
    from game.rules import new_game
    if guided:
        scene = open_guide(app, "hamster")
    else:
        ctl = LocalSession("hamster", default_seats(2), new_game("hamster", 2, seed=1),
                             autosave=False, computers=False)
        scene = PlayScene(app, ctl, auto_results=False)
        app.go(scene)
        pump(app, 2)
    count = []
    real = scene.rebuild
    scene.rebuild = lambda: (count.append(1), real())
    pump(app, 10)
    assert not count
    if guided:
        scene.sections.guide.next()                  # a new step: once
        pump(app, 5)
        assert len(count) == 1


def test_enter_reads_on_and_the_board_gets_the_keys_back_for_a_move(app):
    scene = open_guide(app, "gopher")
    assert scene.focus.current.key == "coach_next"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                         scancode=0))
    pump(app, 3)
    c = scene.session.coach
    assert c.index == 1 and c.step.until == "action"
    assert scene.focus.current.key == "board"


@pytest.mark.parametrize("game", GAMES)
def test_mutated_guide_files_give_a_message_or_a_guide_never_a_crash(tmp_path, game):
    import yaml
    from tests.files.test_fuzz_files import _mutate_yaml
    src = coach.guide_path(game)
    doc = yaml.safe_load(src.read_text(encoding="utf-8"))
    rng = random.Random(game)
    target = tmp_path / f"{game}.yaml"
    refused = 0
    for i in range(50):
        if i % 10 == 9:
            text = src.read_text(encoding="utf-8")
            target.write_text(text[: rng.randrange(len(text))], encoding="utf-8")
        else:
            target.write_text(yaml.safe_dump(_mutate_yaml(doc, rng), allow_unicode=True),
                              encoding="utf-8")
        guide, message = coach.load_or_problem(game, target)
        if guide is None:
            refused += 1
            assert f"{game}.yaml" in message, message
        else:
            try:
                ctl = coach.new_session(game, guide)
            except ValueError:
                continue
            ctl.stop()
    assert refused > 10


def test_a_move_that_also_brings_the_next_steps_event_passes_that_step_too():
    guide = coach.Guide("x", 1, 2, ["human", "computer"], "random", steps=[
        coach.Step("coach.next", "action", frozenset({"move"})),
        coach.Step("coach.next", "event", frozenset({"turn"})),
        coach.Step("coach.next")])
    c = coach.Coach(guide)
    c.observe({"type": "move"}, [{"type": "move"}, {"type": "pass"}, {"type": "turn"}], human=True)
    assert c.index == 2
    c.on_undo()
    assert c.index == 0


def test_a_guide_waiting_for_the_player_lets_the_app_sleep(app):
    scene = open_guide(app, "hamster")
    scene.sections.guide.next()                       # the roll: one lit button, the player to act
    pump(app, 30)
    assert scene.sections.guide.targets() and scene.session.human_to_act()
    scene.board_idle = lambda: True          # the board itself at rest: the guide adds no frames
    assert not scene.wants_frame()


def click(app, pos) -> None:
    """A real left click: pointer moved there, pressed, released."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(app, 2)


def test_next_and_skip_take_a_mouse_click_over_a_log_full_of_moves(app):
    """The bubble sits over the log: a click on its buttons is theirs, not a log line's (the
    log once took the release, so Next did nothing once the log had moves in it)."""
    scene = open_guide(app, "moles")
    ctl, c = scene.session, scene.session.coach
    scene.sections.guide.next()
    for _ in range(4):
        scene.apply_action(ctl.table.state.legal_actions()[0], animate=False)
        pump(app, 1)
    c.index, c.entered, c.hits = 5, c.entered + [c.moves] * 3, c.hits + [[]] * 3  # a step to read
    scene.rebuild()
    pump(app, 2)
    nxt = next(b for b in scene.buttons() if b.text == i18n.tr("coach.next"))
    assert scene.log.rect.collidepoint(nxt.rect.center)      # over the log, which has lines
    click(app, nxt.rect.center)
    assert c.index == 6, "Next did not take the click"
    play_on = next(b for b in scene.buttons() if b.text == i18n.tr("coach.play_on"))
    click(app, play_on.rect.center)
    assert not c.active


def test_the_ring_moves_to_the_click_that_makes_the_awaited_move():
    """light: [mole, dest] rings the moles, and once one is picked only where it may go; a
    Hamster step lit by its cells rings Confirm once the cells are chosen."""
    from game.app.board.targets import Target
    guide = coach.Guide("x", 1, 2, ["human", "computer"], "random", steps=[
        coach.Step("coach.next", "action", frozenset({"move"}), ("mole", "dest")),
        coach.Step("coach.next", "action", frozenset({"cross", "pass"}), ("cell",)),
        coach.Step("coach.next")])
    c = coach.Coach(guide)
    moles = [Target("mole", ("mole", i), pos=(10 * i, 0)) for i in range(3)]
    dests = [Target("dest", ("dest", i), pos=(0, 10 * i), action={"type": "move"})
             for i in range(2)]
    assert c.lit(moles) == moles
    assert c.lit(moles + dests) == dests
    c.observe({"type": "move"}, [], human=True)
    cells = [Target("cell", f"cell {i}", pos=(5 * i, 5)) for i in range(4)]
    confirm = Target("button", "confirm", pos=(0, 50), action=None)
    assert c.lit(cells + [confirm]) == cells            # nothing chosen yet: the cells
    confirm.action = {"type": "cross", "cells": []}
    assert c.lit(cells + [confirm]) == [confirm]        # chosen: Confirm


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ru"])
def test_steps_that_name_a_button_use_its_label_as_shown(lang):
    """A step that says which button to press names it as the bar shows it, in every language."""
    named = {"coach.gopher.pay": ["gopher.btn.collect", "gopher.btn.pass"],
             "coach.gopher.roll": ["gopher.btn.roll", "gopher.btn.dig"]}
    for key, buttons in named.items():
        text = i18n.tr(key, lang)
        for b in buttons:
            assert i18n.tr(b, lang) in text, (lang, key, i18n.tr(b, lang))


def test_hamster_guide_rings_only_the_cells_still_to_choose(app):
    """Cells already picked for the crossing are not ringed again; once the pick is complete
    only Confirm is."""
    scene = open_guide(app, "hamster")
    ctl, c = scene.session, scene.session.coach
    scene.sections.guide.next()                                   # to the roll
    roll = next(a for a in ctl.table.state.legal_actions() if a.get("type") == "roll")
    scene.apply_action(roll, animate=False)
    pump(app, 5)
    assert c.step.text == "coach.hamster.cross"
    cells = [t for t in scene.sections.guide.targets() if t.kind == "cell"]
    assert cells
    scene.board.activate(cells[0])
    pump(app, 2)
    picked = set(map(str, scene.board.chosen_target_keys()))
    assert picked == {str(cells[0].key)}
    lit = scene.sections.guide.targets()
    assert lit and not any(str(t.key) in picked for t in lit)
    if scene.board._matching_action() is not None:       # the pick is complete: Confirm alone
        assert [t.key for t in lit] == ["confirm"]
