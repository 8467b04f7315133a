"""The Hint button (issue 17): the good player's choice for the human to act, lit on the board,
with one sentence why, from the seat's own view only; it never plays the move."""
from __future__ import annotations

import random

import pygame
import pytest

from game.app.store import saves
from game.app.session import LocalSession, default_seats
from game.app.hint import HintAsker, make_hint
from game.app.scenes.play import PlayScene
from game.app.scenes.play_parts.messages import target_box
from game.i18n import LANGUAGES, set_language, tr
from game.rules import new_game, state_from_view
from game.rules.base import action_key
from tests.helpers import pump, running_app

pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)

GAMES = ["moles", "ants", "hamster", "forest", "gopher"]
NAMES = ["Anna", "Ben", "Cleo", "Dan"]


def play_to(game, seed, moves):
    state = new_game(game, 2, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_hint_is_a_legal_action(game):
    for moves in (0, 3, 7, 12):
        state = play_to(game, 4, moves)
        if state.is_over():
            continue
        seat = state.current_player
        legal = state.legal_actions()
        hint = make_hint(game, state.view(seat), legal, seat, NAMES)
        assert action_key(hint.action) in {a.key() for a in legal}
        assert hint.text


@pytest.mark.parametrize("game", GAMES)
def test_hint_uses_only_the_seats_view(game):
    """Same view, different hidden deal: the same hint and the same sentence."""
    for moves in (0, 5, 11):
        state = play_to(game, 9, moves)
        if state.is_over():
            continue
        seat = state.current_player
        view = state.view(seat)
        got = set()
        for deal in (1, 2, 3):
            other = state_from_view(game, view, deal)    # another hidden deal behind this view
            assert other.view(seat) == view
            h = make_hint(game, other.view(seat), other.legal_actions(), seat, NAMES)
            got.add((action_key(h.action), h.text))
        real = make_hint(game, view, state.legal_actions(), seat, NAMES)
        got.add((action_key(real.action), real.text))
        assert len(got) == 1, got


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_hint_text_in_four_languages(lang):
    set_language(lang)
    try:
        for key in ("hint.button", "hint.tip", "hint.thinking", "hint.general"):
            assert tr(key) and tr(key) != key
        for game in GAMES:
            for moves in (0, 4):
                state = play_to(game, 2, moves)
                seat = state.current_player
                h = make_hint(game, state.view(seat), state.legal_actions(), seat, NAMES)
                assert h.text and "hint." not in h.text and "{" not in h.text
    finally:
        set_language("en")


# ---- the play screen ---------------------------------------------------------------------------
@pytest.fixture
def app():
    yield from running_app((1024, 600))


def open_play(app, game, humans):
    state = new_game(game, 2, seed=3)
    seats = default_seats(2, humans=humans)
    if humans == 1 and state.current_player == 1:         # the person is the one to act
        seats[0]["kind"], seats[1]["kind"] = "computer", "human"
    ctl = LocalSession(game, seats, state, autosave=False, computers=False)
    scene = PlayScene(app, ctl, auto_results=False)
    app.go(scene)
    pump(app)
    return scene


def test_no_hint_button_for_computers(app):
    scene = open_play(app, "moles", humans=0)
    assert scene.hint_button is None
    assert tr("hint.button") not in [b.text for b in scene.buttons()]


def test_hint_button_waits_while_a_computer_acts(app):
    scene = open_play(app, "moles", humans=1)
    ctl = scene.session
    assert scene.hint_button is not None and scene.hint_button.is_enabled
    scene.apply_action(ctl.table.state.legal_actions()[0], animate=False)   # now the computer's turn
    pump(app)
    assert ctl.computer_to_act()
    assert not scene.hint_button.is_enabled
    assert not HintAsker.available(ctl)


@pytest.mark.parametrize("game", GAMES)
def test_key_h_lights_the_hint_and_never_plays_it(app, game):
    scene = open_play(app, game, humans=1)
    ctl = scene.session
    before = (ctl.table.state.to_dict(), ctl.version, len(ctl.log))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h",
                                         scancode=0))
    pump(app, 2)
    scene.sections.hint.asker.wait()
    pump(app, 3)
    hint = scene.sections.hint.current()
    assert hint is not None and scene.message == hint.text
    assert action_key(hint.action) in {a.key() for a in ctl.table.state.legal_actions()}
    assert scene.sections.hint.targets(), "the hinted action's first click is lit on the board"
    assert (ctl.table.state.to_dict(), ctl.version, len(ctl.log)) == before
    # playing anything forgets the hint
    scene.apply_action(ctl.table.state.legal_actions()[-1], animate=False)
    assert scene.sections.hint.current() is None


def test_hint_sentence_tells_what_the_action_does():
    """Built from the clone's events: a filled chamber is named with its points; a die or disc
    the clone would draw is never told."""
    from game.app.eventtext import Ctx, hints
    ctx = Ctx("hamster", NAMES, extra={"events": [
        {"type": "cross", "seat": 0, "chamber": "x", "cells": [[1, 1]]},
        {"type": "chamber_full", "seat": 0, "chamber": "x", "points": 7}]})
    assert "7" in hints.hint({"type": "cross", "cells": [[1, 1]]}, {}, ctx)
    for game in GAMES:
        state = play_to(game, 6, 0)
        while not state.is_over() and not any(
                a.get("type") == "roll" or a.get("type") == "turn" for a in state.legal_actions()):
            state.apply(state.legal_actions()[0])
            if state.turn_number > 40:
                break
        rolls = [a for a in state.legal_actions() if a.get("type") in ("roll", "turn")]
        if not rolls:
            continue
        seat = state.current_player
        h = make_hint(game, state.view(seat), rolls, seat, NAMES)
        assert not any(ch.isdigit() for ch in h.text), h.text


def test_hint_sentence_follows_a_language_switch(app):
    scene = open_play(app, "hamster", humans=1)
    scene.sections.hint.ask()
    scene.sections.hint.asker.wait()
    pump(app, 3)
    english = scene.message
    assert scene.sections.hint.current() is not None and english == scene.sections.hint.hint.text
    set_language("de")
    try:
        pump(app, 2)
        assert scene.message == scene.sections.hint.hint.text != english
    finally:
        set_language("en")


def test_hint_is_thought_out_off_the_ui_thread(app, monkeypatch):
    import threading
    import time

    from game.app import hint as hint_mod
    gate = threading.Event()
    real = hint_mod.choose

    def slow(*args):
        gate.wait(5)
        return real(*args)
    monkeypatch.setattr(hint_mod, "choose", slow)
    scene = open_play(app, "moles", humans=1)
    t0 = time.monotonic()
    scene.sections.hint.ask()
    pump(app, 2)
    assert time.monotonic() - t0 < 2.0 and scene.sections.hint.asker.thinking
    assert scene.sections.hint.current() is None and scene.message == tr("hint.thinking")
    gate.set()
    scene.sections.hint.asker.wait()
    pump(app, 2)
    assert scene.sections.hint.current() is not None


def test_hint_sentences_name_what_they_suggest():
    """Specific, not general: the ants' hints name the ant and the kind of card or disc, the
    forest's the piece, the gopher's the card; in every language."""
    from game.app.eventtext import Ctx, hints
    for lang in LANGUAGES:
        set_language(lang)
        try:
            ctx = Ctx("ants", NAMES, extra={"events": [
                {"type": "guess", "seat": 1, "cell": [0, 0], "ant": 4, "kind": "tiles"}]})
            text = hints.hint({"type": "guess", "cell": [0, 0]}, {}, ctx)
            assert "4" in text and tr("events.ants.kind.tiles") in text
            ctx = Ctx("ants", NAMES, extra={"events": []})
            assert tr("events.ants.kind.stone") in hints.hint({"type": "choose", "kind": "stone"}, {}, ctx)
            ctx = Ctx("forest", NAMES, extra={"events": [
                {"type": "step", "piece": "0-h", "seat": 0, "by": "step", "kind": "bees", "carry": False}]})
            text = hints.hint({"type": "move", "piece": "0-h", "to": [1, 1]}, {}, ctx)
            assert tr("hint.forest.hunter") in text and tr("forest.tile.bees") in text
            ctx = Ctx("gopher", NAMES, extra={"events": []})
            text = hints.hint({"type": "subtract", "card": "acorn:7"}, {}, ctx)
            assert "7" in text and tr("gopher.kind.acorn") in text
        finally:
            set_language("en")


def test_a_hint_naming_the_secret_disc_goes_once_it_is_laid(app):
    """The ant's hint names the disc to lay: once laid, the sentence leaves the screen (the
    grasshopper must not read it)."""
    state = new_game("ants", 2, seed=3)
    while state.legal_actions()[0].get("type") != "choose":
        state.apply(state.legal_actions()[0])
    seats = default_seats(2, humans=2)
    ctl = LocalSession("ants", seats, state, autosave=False, computers=False)
    ctl.clear_curtain()
    scene = PlayScene(app, ctl, auto_results=False)
    app.go(scene)
    pump(app)
    scene.sections.hint.ask()
    scene.sections.hint.asker.wait()
    pump(app, 3)
    hint = scene.sections.hint.current()
    assert hint is not None and scene.message == hint.text
    scene.apply_action(hint.action, animate=False)
    pump(app)
    assert hint.text not in (scene.message if scene.message_time > 0 else "")


def test_the_debug_hook_tells_where_the_hint_is_lit(app):
    """tests/app/test_real_window.py-style drivers can follow the Hint (BURROWBOX_DEBUG_TARGETS)."""
    from game.app.devtools.debug_targets import DebugTargets
    scene = open_play(app, "gopher", humans=1)
    assert DebugTargets.describe(app)["play"]["hint"] == []
    scene.sections.hint.ask()
    scene.sections.hint.asker.wait()
    pump(app, 3)
    lit = DebugTargets.describe(app)["play"]["hint"]
    assert lit and all(len(c) == 2 for c in lit)


def test_a_hint_reads_as_advice_not_as_a_refusal(app):
    """The hint's sentence is drawn in gold (advice); a refusal stays coral."""
    from game.app import ui
    scene = open_play(app, "moles", humans=1)
    scene.sections.hint.ask()
    scene.sections.hint.asker.wait()
    pump(app, 3)
    assert scene.message == scene.sections.hint.current().text and scene.sections.messages.message_tone == "hint"
    surf = pygame.Surface(app.size)
    scene.on_draw(surf)
    box = scene.sections.messages.box(scene.message)        # the hint stands in the side panel now
    assert scene.sections.messages.in_panel() and scene.panel_rect.contains(box)
    box_colours = {surf.get_at((x, y))[:3] for x in range(box.x, box.right, 2)
                   for y in range(box.y, box.bottom, 2)}
    assert tuple(ui.colour("accent")) in box_colours
    scene.human_choice("not here")
    assert scene.message == "not here" and scene.sections.messages.message_tone == "warning"


def test_every_hint_sentence_fits_its_message_box_at_1024x600(app):
    """Wrapped into the message in the side panel, no hint is cut in any language."""
    for game in ("ants", "gopher"):
        _hints_fit(app, game)


def _hints_fit(app, game):
    from game import i18n
    from game.app import ui
    scene = open_play(app, game, humans=1)
    scene.show_message("…", 600, tone="hint")    # a hint's sentence stands in the side panel
    assert scene.sections.messages.in_panel()
    width = scene.sections.messages.width_of_lines()
    args = dict(area="Оранжевая середина", count=6, direction="вверх и направо", chamber="Кладовая",
                number=6, kind="Скатерть с бабочкой", piece=tr("hint.forest.hunter"),
                tile="Эльфийские стрелы", what="12 spikelets", card="Spikelet 10", hole=20, near=17)
    try:
        for lang in LANGUAGES:
            set_language(lang)
            for key in i18n.catalog("en"):
                if not key.startswith("hint."):
                    continue
                args["piece"] = tr("hint.forest.hunter")
                text = tr(key, **args)
                fnt, lines = scene.sections.messages.toast_lines(text)
                whole = ui.wrap(text, fnt, width)
                assert len(whole) <= scene.sections.messages.PANEL_LINES, (lang, key, whole)
                assert all(fnt.size(ln)[0] <= width for ln in lines), (lang, key)
    finally:
        set_language("en")


def test_the_hint_leaves_the_ants_header_in_sight(app):
    scene = open_play(app, "ants", humans=1)
    scene.sections.hint.ask()
    scene.sections.hint.asker.wait()
    pump(app, 3)
    assert scene.message and scene.sections.messages.toast_top() >= scene.board._header.bottom


def test_gopher_messages_stand_over_the_book_not_the_seat_cards(app):
    scene = open_play(app, "gopher", humans=1)
    scene.show_message("A message that is long enough to need more than one line over the book.")
    area = scene.sections.messages.area()
    assert area == scene.board.book_rect
    fnt, lines = scene.sections.messages.toast_lines(scene.message)
    assert max(fnt.size(ln)[0] for ln in lines) + scene.px(36) <= area.w


def _shown_hint(app, game, moves):
    state = play_to(game, 5, moves)
    if state.is_over():
        return None
    seats = default_seats(2, humans=2)
    ctl = LocalSession(game, seats, state, autosave=False, computers=False)
    if hasattr(ctl, "clear_curtain"):
        ctl.clear_curtain()
    scene = PlayScene(app, ctl, auto_results=False)
    app.go(scene)
    pump(app)
    scene.sections.hint.ask()
    scene.sections.hint.asker.wait()
    pump(app, 3)
    return scene if scene.sections.hint.current() is not None else None


@pytest.mark.parametrize("game", ["ants", "gopher", "moles", "hamster", "forest"])
def test_the_hint_message_covers_none_of_the_hinted_targets_at_1024x600(app, game):
    seen = 0
    for moves in (0, 1, 2, 3, 5, 8):
        scene = _shown_hint(app, game, moves)
        if scene is None:
            continue
        box = scene.sections.messages.box(scene.message)
        lit = [target_box(t, scene.px) for t in scene.sections.hint.targets()]
        assert lit and box.collidelist(lit) < 0, (moves, box, lit)
        assert scene.panel_rect.contains(box) or scene.board_rect.contains(box)
        seen += 1
    assert seen


def test_the_hint_message_leaves_the_ants_seat_cards_in_sight(app):
    scene = _shown_hint(app, "ants", 0)
    box = scene.sections.messages.box(scene.message)
    assert box.collidelist(scene.board.message_keep_clear()) < 0, box
    assert box.top >= scene.board._header.bottom


def test_the_gopher_start_hint_leaves_the_page_of_holes_in_sight(app):
    scene = _shown_hint(app, "gopher", 0)
    assert scene.sections.hint.hint.action.get("type") == "place"
    box = scene.sections.messages.box(scene.message)
    assert not box.colliderect(scene.board.map_rect), box


def test_start_hints_say_what_the_place_offers():
    """Gopher's start hole names its tunnels and a near sign the seat's own cards can pay;
    Forest Gold's campfire spot counts the face-down tiles close by; in every language."""
    from game.app.eventtext import Ctx, hints
    from game.rules.gopher import default_data
    gopher = new_game("gopher", 2, seed=3).view(0)
    page = default_data().pages[gopher["page"]]
    forest = new_game("forest", 2, seed=3).view(0)
    edge_row = {"S": forest["size"] - 1, "N": 0}[forest["edges"][0]]
    for lang in LANGUAGES:
        set_language(lang)
        try:
            ctx = Ctx("gopher", NAMES, extra={"seat": 0, "view": gopher, "events": []})
            text = hints.hint({"type": "place", "hole": 13}, gopher, ctx)
            assert str(len(page.adj[13])) in text and "13" in text
            assert text != tr("hint.gopher.place", hole=13)
            broke = dict(gopher, seats=[dict(gopher["seats"][0], hand=[]), gopher["seats"][1]])
            ctx = Ctx("gopher", NAMES, extra={"seat": 0, "view": broke, "events": []})
            assert hints.hint({"type": "place", "hole": 13}, broke, ctx) == \
                tr("hint.gopher.place_ways", hole=13, count=len(page.adj[13]))
            ctx = Ctx("forest", NAMES, extra={"seat": 0, "view": forest, "events": []})
            mid = hints.hint({"type": "camp", "cell": [4, edge_row]}, forest, ctx)
            corner = hints.hint({"type": "camp", "cell": [0, edge_row]}, forest, ctx)
            assert mid == tr("hint.forest.camp_most", count=14)
            assert corner == tr("hint.forest.camp_near", count=8)
        finally:
            set_language("en")
