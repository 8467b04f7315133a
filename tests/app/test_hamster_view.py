"""The Hamster Burrow board view, headless: drawing at several sizes, picking cells by click,
drag and keyboard, the roll button, thumbnails, animations and the results picture."""
from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")

from game.rules import GAMES, new_game  # noqa: E402

if "hamster" not in GAMES or GAMES["hamster"].state_class is None:  # pragma: no cover
    pytest.skip("the hamster rules are not registered", allow_module_level=True)

NAMES = ["Anna", "Ben", "Chloe", "Dev", "Emil", "Fay"]
SIZES = [(1024, 600), (1280, 720), (3840, 2160)]


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))


def seats(n, humans=None):
    humans = set(range(n)) if humans is None else set(humans)
    return [{"name": NAMES[i], "colour": i, "kind": "human" if i in humans else "computer", "level": "good"}
            for i in range(n)]


def board_rect(w, h):
    return pygame.Rect(14, 14, int(w * 0.66), h - 28)


def make_view(state, size=(1280, 720), seat="current"):
    from game.app.assets import Assets
    from game.app.views.hamster import HamsterView
    v = HamsterView("hamster", seats(state.players), Assets())
    v.set_rect(board_rect(*size))
    sync(v, state, seat)
    v.update(0)
    return v


def sync(view, state, seat="current"):
    cp = state.current_player if seat == "current" else seat
    legal = state.legal_actions() if cp is not None and cp == state.current_player else None
    view.sync(state.view(cp), legal, cp)
    for _ in range(2000):                      # let any reveal animation finish
        if not view.animating:
            break
        view.update(1 / 30)


def play_until(state, rng, cond, limit=3000):
    for _ in range(limit):
        if cond(state):
            return True
        if state.is_over():
            return False
        legal = state.legal_actions()
        state.apply(max(legal, key=lambda a: (len(a.get("cells") or []), rng.random())))
    return cond(state)


def choosing_with(state, roll=None, min_cells=2):
    def cond(s):
        if s.is_over():
            return False
        v = s.view(s.current_player)
        if v["step"] != "choose":
            return False
        legal = s.legal_actions()
        if legal[0]["type"] != "cross":
            return False
        if roll is not None and v["roll"] != roll:
            return False
        return max(len(a["cells"]) for a in legal) >= min_cells
    return cond


def mouse(view, kind, pos):
    types = {"down": pygame.MOUSEBUTTONDOWN, "up": pygame.MOUSEBUTTONUP, "move": pygame.MOUSEMOTION}
    if kind == "move":
        return view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    return view.handle_event(pygame.event.Event(types[kind], pos=pos, button=1))


def click(view, pos):
    a = mouse(view, "down", pos)
    b = mouse(view, "up", pos)
    return a if a is not None else b


def cell_pos(view, cell):
    return view.cell_centre(cell)


def button(view, key):
    for b in view.bar_buttons():
        if b["key"] == key:
            return b["center"]
    return None


def key(view, k):
    return view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


# ---- drawing ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [1, 6])
def test_draws_at_every_size(display, size, players):
    surf = pygame.Surface(size)
    state = new_game("hamster", players, seed=3)
    v = make_view(state, size)
    v.draw(surf)
    rng = random.Random(1)
    assert play_until(state, rng, choosing_with(state))
    sync(v, state)
    a = next(a for a in v.legal if a["type"] == "cross")
    click(v, cell_pos(v, a["cells"][0]))
    v.update(0.02)
    v.draw(surf)
    # the sheet is drawn: the earth and the floor colours are both on screen
    assert surf.get_at(v.sheet_rect.center)[:3] != (0, 0, 0)
    assert v.status_lines()
    if players > 1:
        assert len(v.thumbnails()) == players - 1
        for s, r in v.thumbnails():
            assert v.rect.contains(r)
    assert v.rect.contains(v.sheet_rect)


# ---- picking cells -----------------------------------------------------------------------------------

def test_click_cells_then_confirm_returns_that_action(display):
    state = new_game("hamster", 2, seed=5)
    rng = random.Random(2)
    assert play_until(state, rng, choosing_with(state, min_cells=3))
    v = make_view(state)
    a = max((a for a in v.legal if a["type"] == "cross"), key=lambda a: len(a["cells"]))
    assert click(v, button(v, "confirm")) is not None           # nothing picked yet: a reason
    for c in a["cells"]:
        assert click(v, cell_pos(v, c)) is None
    assert v.chosen_action() == a
    assert click(v, button(v, "confirm")) == a
    # Clear undoes the selection before it is confirmed
    assert click(v, button(v, "clear")) is None
    assert v.picked == []
    # keyboard: Enter with nothing chosen explains, it never returns an action
    assert isinstance(key(v, pygame.K_RETURN), str)


def test_illegal_click_returns_a_reason(display):
    state = new_game("hamster", 2, seed=5)
    rng = random.Random(2)
    assert play_until(state, rng, choosing_with(state, min_cells=2))
    v = make_view(state)
    legal_cells = set()
    for a in v.legal:
        legal_cells |= {tuple(c) for c in a["cells"]}
    rock = next((x, y) for y in range(v.grid_size[1]) for x in range(v.grid_size[0]) if (x, y) not in v.cell_chamber)
    assert isinstance(click(v, cell_pos(v, rock)), str)
    # a chamber cell that no legal set contains
    other = next(c for c in v.cell_chamber if c not in legal_cells)
    msg = click(v, cell_pos(v, other))
    assert isinstance(msg, str) and msg
    # with a cell picked, a cell of another chamber: "one chamber"
    a = v.legal[0]
    first = tuple(a["cells"][0])
    click(v, cell_pos(v, first))
    ch = v.cell_chamber[first]
    far = next(c for c, cid in v.cell_chamber.items() if cid != ch and c not in legal_cells)
    assert click(v, cell_pos(v, far)) == "Crosses must stay in one chamber."


def test_exact_count_message(display):
    state = new_game("hamster", 1, seed=9)
    rng = random.Random(3)
    cond = choosing_with(state, min_cells=2)
    ok = play_until(state, rng, lambda s: cond(s) and s.view(0)["roll"] >= 2)
    assert ok
    v = make_view(state)
    val = v.view["roll"]
    a = v.legal[0]
    for c in a["cells"]:
        click(v, cell_pos(v, c))
    ch = v.cell_chamber[tuple(a["cells"][0])]
    extra = next((c for c, cid in v.cell_chamber.items() if cid == ch and c not in v.picked
                  and c not in v.crossed(0)), None)
    if extra is not None:
        assert click(v, cell_pos(v, extra)) == f"A {val} means exactly {val} crosses."


def test_drag_selection(display):
    state = new_game("hamster", 3, seed=7)
    rng = random.Random(5)
    assert play_until(state, rng, choosing_with(state, min_cells=3))
    v = make_view(state)
    a = max((a for a in v.legal if a["type"] == "cross"), key=lambda a: len(a["cells"]))
    cells = [tuple(c) for c in a["cells"]]
    # walk the group cell to neighbouring cell (and back), as a hand dragging over it would
    walk, seen = [], set()

    def dfs(c):
        seen.add(c)
        walk.append(c)
        for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            n = (c[0] + d[0], c[1] + d[1])
            if n in cells and n not in seen:
                dfs(n)
                walk.append(c)
    dfs(cells[0])
    assert mouse(v, "down", cell_pos(v, walk[0])) is None
    for c in walk[1:]:
        mouse(v, "move", cell_pos(v, c))
    mouse(v, "up", cell_pos(v, walk[-1]))
    assert set(v.picked) == set(cells)
    assert click(v, button(v, "confirm")) == a
    # pressing on a picked cell takes it back
    mouse(v, "down", cell_pos(v, cells[-1]))
    mouse(v, "up", cell_pos(v, cells[-1]))
    assert set(v.picked) == set(cells[:-1])
    # a fast drag skips no cell: one motion event from one end of a row of cells to the other
    key(v, pygame.K_BACKSPACE)
    row = sorted(cells)
    line = [c for c in row if c[1] == row[0][1]]
    line = [c for i, c in enumerate(line) if i == 0 or c[0] == line[i - 1][0] + 1]
    if len(line) >= 3:
        mouse(v, "down", cell_pos(v, line[0]))
        mouse(v, "move", cell_pos(v, line[-1]))
        mouse(v, "up", cell_pos(v, line[-1]))
        assert set(line) <= set(v.picked)
    key(v, pygame.K_BACKSPACE)
    assert v.picked == []


def test_keyboard_picks_and_confirms(display):
    state = new_game("hamster", 2, seed=11)
    rng = random.Random(6)
    assert play_until(state, rng, choosing_with(state, min_cells=1))
    v = make_view(state)
    a = v.legal[0]
    route = v.clicks_for(a)
    assert route[-1] == "confirm"
    for k in route[:-1]:                       # N moves the focus to each cell, Space picks it
        for _ in range(len(v.targets()) + 1):
            if v.focused() == k:
                break
            key(v, pygame.K_n)
        assert v.focused() == k
        assert key(v, pygame.K_SPACE) is None
    bar = [t["key"] for t in v.targets() if t["kind"] == "button"]
    assert key(v, pygame.K_1 + bar.index("confirm")) == a      # 1-9 press the bar's buttons
    for _ in range(len(v.targets()) + 1):
        if v.focused() == "confirm":
            break
        key(v, pygame.K_p)
    assert key(v, pygame.K_RETURN) == a        # Enter on Confirm
    assert key(v, pygame.K_BACKSPACE) is None  # Backspace clears the picked cells
    assert "clear" not in [t["key"] for t in v.targets()]


def test_roll_button_and_pass(display):
    state = new_game("hamster", 2, seed=1)
    v = make_view(state)
    assert v.view["step"] == "roll"
    assert click(v, button(v, "roll")) == {"type": "roll", **{k: state.legal_actions()[0][k]
                                                             for k in state.legal_actions()[0]}}
    assert key(v, pygame.K_RETURN) == state.legal_actions()[0]
    # a cell click during the roll step explains
    assert isinstance(click(v, cell_pos(v, next(iter(v.cell_chamber)))), str)
    # pass only when the legal list is exactly [pass]
    rng = random.Random(8)
    found = play_until(state, rng, lambda s: not s.is_over() and s.view(s.current_player)["step"] == "choose"
                       and s.legal_actions()[0]["type"] == "pass")
    if found:
        sync(v, state)
        assert [b["key"] for b in v.bar_buttons()] == ["pass"]
        assert click(v, button(v, "pass"))["type"] == "pass"


def test_thumbnails_open_and_close(display):
    state = new_game("hamster", 4, seed=2)
    rng = random.Random(1)
    play_until(state, rng, lambda s: s.turn_number > 8 if hasattr(s, "turn_number") else True, limit=40)
    v = make_view(state, seat=0)
    surf = pygame.Surface((1280, 720))
    s, r = v.thumbnails()[1]
    assert click(v, r.center) is None
    assert v.shown_seat() == s
    v.draw(surf)
    assert click(v, r.center) is None
    assert v.shown_seat() == 0
    click(v, r.center)
    key(v, pygame.K_ESCAPE)
    assert v.shown_seat() == 0
    click(v, r.center)
    click(v, v.sheet_rect.center)                   # clicking the opened sheet goes back too
    assert v.shown_seat() == 0


# ---- animations ------------------------------------------------------------------------------------------

def _all_events(v):
    cells = [list(c) for c in v.chambers[v.start_chamber]["cells"][:3]]
    seat = v.shown_seat()
    return [
        {"type": "roll", "seat": 0, "value": 3, "chance": True, "text": "rolls"},
        {"type": "timer", "boxes": 1, "text": "timer"},
        {"type": "cross", "seat": seat, "cells": cells, "chamber": v.start_chamber, "text": "x"},
        {"type": "pass", "seat": seat, "text": "p"},
        {"type": "chamber_full", "seat": seat, "chamber": v.start_chamber, "points": 5, "text": "f"},
        {"type": "chamber_full", "seat": (seat + 1) % 2, "chamber": v.start_chamber, "points": 5, "text": "f"},
        {"type": "timer_on", "text": "on"},
        {"type": "end", "text": "end"},
        {"type": "something_new", "text": "?"},
    ]


@pytest.mark.parametrize("speed", ["normal", "fast", "off"])
@pytest.mark.parametrize("players", [1, 2])
def test_play_every_event_finishes(display, speed, players):
    state = new_game("hamster", players, seed=4)
    v = make_view(state)
    surf = pygame.Surface((1280, 720))
    v.play(_all_events(v), speed)
    for _ in range(60 * 30):
        if not v.animating:
            break
        v.update(1 / 60)
        v.draw(surf)
    assert not v.animating
    v.update(1 / 60)
    v.draw(surf)


def test_real_game_events_animate(display):
    state = new_game("hamster", 3, seed=6)
    v = make_view(state, seat=None)
    surf = pygame.Surface((1280, 720))
    rng = random.Random(9)
    for _ in range(120):
        if state.is_over():
            break
        legal = state.legal_actions()
        ev = state.apply(max(legal, key=lambda a: (len(a.get("cells") or []), rng.random())))
        v.play(ev, "fast")
        sync(v, state, seat=None)
        for _ in range(600):
            v.update(1 / 30)
            if not v.animating:
                break
        v.draw(surf)
        assert not v.animating
    assert v.shown_crosses(0) == {tuple(c) for c in state.view(None)["sheets"][0]["crosses"]}


# ---- results picture ----------------------------------------------------------------------------------------

def test_draw_results(display):
    state = new_game("hamster", 6, seed=12)
    rng = random.Random(3)
    play_until(state, rng, lambda s: s.is_over(), limit=5000)
    v = make_view(state, seat=None)
    surf = pygame.Surface((800, 400))
    surf.fill((0, 0, 0))
    v.draw_results(surf, pygame.Rect(20, 20, 760, 360), state)
    assert pygame.transform.average_color(surf)[:3] != (0, 0, 0)


def test_registry_gives_the_hamster_view(display):
    from game.app.assets import Assets
    from game.app.views import make_board_view
    from game.app.views.hamster import HamsterView
    assert isinstance(make_board_view("hamster", seats(2), Assets()), HamsterView)


def test_revealed_crosses_are_drawn_in(display):
    """A spectator sees a seat's crosses only when the turn ends; they are then drawn in."""
    state = new_game("hamster", 2, seed=13)
    v = make_view(state, seat=None)
    rng = random.Random(4)
    seen_step = False
    for _ in range(60):
        if state.is_over():
            break
        legal = state.legal_actions()
        ev = state.apply(max(legal, key=lambda a: (len(a.get("cells") or []), rng.random())))
        v.play(ev, "normal")
        cp = state.current_player
        v.sync(state.view(None), None, None)
        if "cross" in v.queued():
            seen_step = True
        for _ in range(2000):
            if not v.animating:
                break
            v.update(1 / 30)
        del cp
    assert seen_step
    assert v.shown_crosses(0) == {tuple(c) for c in state.view(None)["sheets"][0]["crosses"]}


def test_first_cross_reason_and_side_switch(display):
    state = new_game("hamster", 2, seed=21)
    state.apply(state.legal_actions()[0])           # roll
    v = make_view(state)
    if v.legal[0]["type"] == "cross":
        start = v.start_chamber
        outside = next(c for c, cid in v.cell_chamber.items() if cid != start)
        msg = click(v, cell_pos(v, outside))
        assert isinstance(msg, str) and "first cross" in msg
    # another game on side B in the same view: the burrow is laid out again
    other = new_game("hamster", 3, seed=2, variant="B")
    sync(v, other)
    surf = pygame.Surface((1280, 720))
    v.update(0.016)
    v.draw(surf)
    assert v.view["variant"] == "B" and len(v.thumbnails()) == 2
    assert set(v.cell_chamber) == {tuple(c) for ch in other.view(0)["sheet"]["chambers"] for c in ch["cells"]}


def test_results_scene_shows_the_score_picture(tmp_path, monkeypatch):
    """The results scene gives the hamster board a rect below the ranking for its picture."""
    from game.app.store import saves
    from game.app.app import App
    from game.app.session import LocalSession
    from game.app.scenes.play import PlayScene
    from game.app.scenes.results import ResultsScene
    state = new_game("hamster", 4, seed=12)
    rng = random.Random(2)
    play_until(state, rng, lambda s: s.is_over(), limit=5000)
    assert state.is_over()
    app = App(size=(1024, 600), fullscreen=False)
    try:
        app.settings.speed = "off"
        ctl = LocalSession("hamster", seats(4, humans=()), state, autosave=False, computers=False)
        play = PlayScene(app, ctl, auto_results=False)
        app.go(play)
        app.step(1 / 60, [])
        calls = []
        real = play.board.draw_results
        monkeypatch.setattr(play.board, "draw_results",
                            lambda surf, rect, st: (calls.append(pygame.Rect(rect)), real(surf, rect, st)))
        results = ResultsScene(app, play)
        app.push(results)
        app.step(1 / 60, [])
        app.step(1 / 60, [])
        assert calls, "the results scene did not ask for the picture"
        r = calls[-1]
        assert r.h >= 60 and results.box.contains(r)
        assert r.bottom <= results.buttons_top
    finally:
        play.stop()
        saves.flush_autosave()
        pygame.display.quit()


# ---- labels: room names on hover, the die before a roll ----------------------------------------
def _motion(view, pos):
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ru"])
def test_room_names_show_on_hover(display, lang):
    """Hamster's room names (the log names rooms) show over a chamber the pointer rests on, with
    its points, in the player's language; nothing over solid earth or once the pointer left."""
    from game.app.views.hamster import texts
    from game.i18n import get_language, set_language
    old = get_language()
    set_language(lang)
    try:
        state = new_game("hamster", 2, seed=3)
        v = make_view(state, size=(1024, 600))
        cid, ch = next(iter(v._chambers.items()))
        cell = ch["cells"][0]
        _motion(v, v.cell_centre(cell))
        assert v.hovered_room() == cid
        tip = v.room_tip()
        assert tip == texts.room_tip(cid, ch["points"])
        assert texts.room(cid) in tip and str(ch["points"]) in tip
        seen = []
        real = v._fit_pill
        v._fit_pill = lambda text, *a, **k: seen.append(text) or real(text, *a, **k)
        v.draw(pygame.Surface((1024, 600)))
        assert tip in seen
        earth = next((x, y) for y in range(v._rows) for x in range(v._cols) if (x, y) not in v._cell_ch)
        _motion(v, v.cell_centre(earth))
        assert v.room_tip() == ""
        _motion(v, v.cell_centre(cell))
        v.handle_event(pygame.event.Event(pygame.WINDOWLEAVE))
        assert v.room_tip() == ""
    finally:
        set_language(old)


def test_the_die_before_a_roll_is_an_empty_outline_not_a_question_mark(display):
    """Before a roll the bar's die slot is an empty dashed die, never a "?" that reads as a help
    button."""
    state = new_game("hamster", 2, seed=3)
    v = make_view(state, size=(1024, 600))
    die = next(it for it in v._bar_layout() if it.get("kind") == "die")
    assert not die.get("value")
    drawn = []
    real = v._text
    v._text = lambda s, *a, **k: drawn.append(s) or real(s, *a, **k)
    v.draw(pygame.Surface((1024, 600)))
    assert "?" not in drawn
    img = v._empty_die(die["rect"].w)
    w = img.get_width()
    assert img.get_at((w // 2 + 1, w // 4 + 1)).a == 0          # see-through inside: not a button
    assert max(img.get_at((x, 1)).a for x in range(w)) > 0       # an outline all the same


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ru"])
def test_header_nut_and_mushroom_figures_read_as_points(display, lang):
    """The header's mushroom and nut figures carry a points unit (never a bare count)."""
    from game.i18n import get_language, set_language, tr
    old = get_language()
    set_language(lang)
    try:
        state = new_game("hamster", 2, seed=3)
        v = make_view(state, size=(1024, 600))
        drawn = []
        real = v._text
        v._text = lambda s, *a, **k: drawn.append(s) or real(s, *a, **k)
        v._header_parts({"chambers": 0, "mushrooms": 4, "nuts": 3, "total": 7}, 1.0)
        for n in (4, 3):
            label = tr("hamster.sheet.points", count=n)
            assert label in drawn and label.strip() != str(n)
    finally:
        set_language(old)
