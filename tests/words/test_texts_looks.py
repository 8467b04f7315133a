"""Texts and looks seen on screen (issue 32): Gopher's results say what each number is, italic
words in the rules sit like the others, a space after a figure stays seen, default seat names
follow the language, the title's buttons, tooltips and drop-downs stay whole, and the wording."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.app.store import saves
from game.app import ui
from game.app.scenes.rules import RulesPage, _width
from game.i18n import tr
from tests.helpers import pump, running_app

LANGS = ("en", "de", "fr", "ru")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    yield tmp_path
    saves.flush_autosave()
    i18n.set_language("en")


@pytest.fixture
def screen():
    pygame.init()
    yield pygame.display.set_mode((800, 600))


# ---- Gopher's Pantry results: each number says what it is, with the side panel's icons -------------
@pytest.mark.parametrize("lang", LANGS)
def test_gopher_results_name_each_number(lang):
    from game.app.views.gopher import texts
    i18n.set_language(lang)
    info = {"plus": 62, "minus": 2, "trophy_points": 12, "score": 72}
    parts = texts.result_parts(info)
    assert [p for p, _ in parts] == ["up", "down", "trophy", None]
    words = [t for _, t in parts]
    assert "62" in words[0] and "2" in words[1] and "12" in words[2] and "72" in words[3]
    for text in words[:3]:               # a word beside each number, not a bare "+62 −2 12"
        assert sum(ch.isalpha() for ch in text) >= 4, text
    row = texts.result_row("Ann", info, False)
    for text in words[:3]:
        assert text.split()[-1].strip(",") in row


def test_gopher_results_picture_draws_an_icon_per_pile():
    from game.app.scenes.play import PlayScene
    from game.app.session import LocalSession, default_seats
    from game.rules import new_game
    for app in running_app((1280, 720)):
        session = LocalSession("gopher", default_seats(3, humans=0), new_game("gopher", players=3, seed=3),
                               autosave=False)
        scene = PlayScene(app, session, auto_results=False)
        app.go(scene)
        session.finish()
        scene.sync_board()
        view = scene.board
        icons = []
        real = view._pile_icon
        view._pile_icon = lambda info, pile, h: icons.append(pile) or real(info, pile, h)
        view.draw_results(pygame.Surface((700, 200)), pygame.Rect(0, 0, 700, 200), None)
        assert icons.count("up") == icons.count("down") == icons.count("trophy") == 3


# ---- italic words in the rules ----------------------------------------------------------------
@pytest.mark.parametrize("md", ["The turn ends with *Pass*. Then *Roll*; or *Stop*, go.",
                                "Wähle *Würfeln*; sonst *Aussetzen*. *Ein Geschenk*: weiter.",
                                "Выбери *Бросок*; или *Пас*. *Подарок*: возьми карту."])
def test_italic_words_get_no_extra_gap_and_no_space_before_punctuation(screen, md):
    page = RulesPage(md, 1.0, 2000)
    words = [w for _y, _h, line in page.lines for w in line]
    for (x, word, fnt, style, _c), (nx, nword, *_rest) in zip(words, words[1:]):
        upright = fnt.size(word)[0]
        gap = nx - x - upright
        if style == "i" and nword[:1] in ".,;:":
            assert gap <= max(2, fnt.size(" ")[0] // 2), (word, nword, gap)    # right after it
        elif style == "i":
            assert gap <= fnt.size(" ")[0] + 3, (word, nword, gap)             # one space, no more
    assert _width(ui.font(16), "Pass", "i") < ui.font(16).size("Pass ")[0]


# ---- a space after a figure stays seen in a small or shrunk text ------------------------------------
def test_a_space_after_a_figure_stays_seen_when_shrunk(screen):
    for px in (10, 12, 14):
        f = ui.font(px, True)
        one, two = f.size("Computer 2 ist")[0], f.size("Computer 2ist")[0]
        assert one - two >= f.size(" ")[0] + 1                 # wider than a bare space
        assert f.render("Computer 2 ist", True, (0, 0, 0)).get_width() == one
    big = ui.font(20, True)                                     # at a full size: as drawn
    assert big.size("Computer 2 ist")[0] == big.size("Computer 2")[0] + big.size(" ist")[0]
    fitted = ui.fit_font("Computer 4 выкладывает тропу (1 из 6 муравьёв)", ui.font(17, True), 200)
    assert fitted.size("4 в")[0] > fitted.size("4в")[0] + fitted.size(" ")[0]
    assert ui.text.spaced("a 2 b 3") == "a 2 \u200ab 3"


# ---- default seat names follow the language ---------------------------------------------------
def test_default_seat_names_are_catalog_entries_until_typed():
    from game.app.words.names import default_name_entry, name_in_language
    assert default_name_entry("Spieler 1") == ("seat.player_n", 1)
    assert default_name_entry("Компьютер 3") == ("seat.computer_n", 3)
    assert default_name_entry("Anna") is None and default_name_entry("") is None
    i18n.set_language("ru")
    assert name_in_language("Spieler 1") == "Игрок 1"
    assert name_in_language("Computer 2") == "Компьютер 2"
    assert name_in_language("Anna") == "Anna"


def test_set_up_and_play_screens_rename_default_seats_on_a_language_switch():
    from game.app import lang as lang_mod
    from game.app.scenes.play import PlayScene
    from game.app.session import LocalSession, default_seats
    from game.rules import new_game
    for app in running_app((1024, 600)):
        lang_mod.choose_language(app, "de")
        app.go_title()
        app.open("seats", "ants")
        pump(app, 2)
        scene = app.top
        scene.set_count(3)
        scene.set_name(2, "Oma")
        lang_mod.choose_language(app, "ru")
        pump(app, 2)
        assert [s["name"] for s in scene.seats[:3]] == ["Игрок 1", "Компьютер 2", "Oma"]
        lang_mod.choose_language(app, "de")
        seats = default_seats(3, humans=1)
        seats[2]["name"] = "Opa"
        session = LocalSession("moles", seats, new_game("moles", players=3, seed=1), autosave=False)
        play = PlayScene(app, session)
        app.go(play)
        pump(app, 2)
        lang_mod.choose_language(app, "fr")
        pump(app, 2)
        assert [s["name"] for s in session.seats] == ["Joueur 1", "Ordinateur 2", "Opa"]
        assert [s["name"] for s in play.board.seats] == ["Joueur 1", "Ordinateur 2", "Opa"]
        assert session.text_context().name(1) == "Ordinateur 2"


# ---- the title's buttons, a tooltip, a drop-down's focus ring ------------------------------------
def _make_save():
    from game.app.session import LocalSession, default_seats
    from game.rules import new_game
    s = LocalSession("moles", default_seats(2, humans=2), new_game("moles", players=2, seed=1),
                     autosave=True, computers=False)
    s.act(s.table.legal_for(s.current)[0])
    saves.flush_autosave()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080), (2560, 1360), (2560, 1440)])
def test_title_buttons_stay_whole_with_a_save_present(size):
    _make_save()
    for app in running_app(size):
        app.go_title()
        pump(app, 2)
        scene = app.top
        assert scene.saved_count == 1
        rects = [it.rect for it in scene.focus.items]
        assert [it.key for it in scene.focus.items][-1] == "Quit"
        for r in rects:
            assert r.bottom <= size[1] - scene.px(20), (size, r)      # not cut, clear of the edge
        top = int(size[1] * 0.13) + ui.font(scene.px(76), True).get_height() \
            + ui.font(scene.px(21)).get_height()
        assert rects[0].top >= top                                   # under the subtitle


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_pause_tooltip_stays_inside_the_window(size, monkeypatch):
    from game.app.scenes.play import PlayScene
    from game.app.session import LocalSession, default_seats
    from game.rules import new_game
    for app in running_app(size):
        s = LocalSession("moles", default_seats(2, humans=2), new_game("moles", players=2, seed=1),
                         autosave=False, computers=False)
        scene = PlayScene(app, s)
        app.go(scene)
        pump(app, 2)
        btn = next(e for e in scene.focus.items if e.key == "menu").element
        pos = (btn.rect.right - 3, btn.rect.centery)
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pos)
        for _ in range(90):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            pump(app, 1)
        tip = btn.tool_tip
        assert tip is not None
        assert pygame.Rect(0, 0, *size).inflate(-2 * scene.px(4), -2 * scene.px(4)).contains(tip.rect)


def test_focus_ring_is_not_drawn_over_another_open_dropdown_list():
    for app in running_app((1280, 720)):
        app.go_title()
        app.open("settings")
        pump(app, 2)
        sc = app.top
        sc.focus.focus_key("speed")
        sc.focus.visible = True
        assert not sc._ring_under_open_list()
        dd = next(it.element for it in sc.focus.items if it.key == "fullscreen")
        dd.current_state.should_transition = True           # open it, as a click does
        pump(app, 2)
        assert sc.open_dropdowns() == [dd]
        drawn = []
        sc.focus.draw = lambda surface, scale: drawn.append(1)
        sc.draw_ui(app.surface, True)
        assert drawn == []                                   # the list is in front
        sc.focus.focus_key("fullscreen")                     # the open one's own ring is drawn
        sc.draw_ui(app.surface, True)
        assert drawn == [1]


# ---- wording ------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_a_pack_choosing_for_its_own_piece_is_named_once(lang):
    from game.app.eventtext import Ctx
    from game.app.eventtext.forest import line
    i18n.set_language(lang)
    ctx = Ctx("forest", ["Ann", "Bob"])
    own = line({"type": "effect", "kind": "arrows", "seat": 0, "piece": "0-c1"}, ctx)
    assert own.count("Ann") == 1, own
    assert own == tr("forest.ev.choice_own.canine", name="Ann")
    hunter = line({"type": "effect", "kind": "arrows", "seat": 1, "piece": "1-h"}, ctx)
    assert hunter == tr("forest.ev.choice_own.hunter", name="Bob")
    i18n.set_language("en")
    assert line({"type": "effect", "kind": "arrows", "seat": 0, "piece": "0-c1"}, ctx) == \
        "Ann decides where to move their canine"


def test_mole_dig_legend_says_hole_like_the_rules_and_the_counter():
    i18n.set_language("en")
    for key in ("moles.legend.hole", "moles.legend.hole_big"):
        assert "molehill" not in tr(key).lower() and tr(key).startswith("Hole")
    assert "Holes" in tr("moles.holes_filled", filled=0, total=13)


def test_german_set_up_counts_players_not_people():
    i18n.set_language("de")
    for n in (1, 2, 4):
        assert "Person" not in tr("setup.count", count=n) and "Spieler" in tr("setup.count", count=n)
    assert "Person" not in tr("choose.players_range", low=2, count=4)


@pytest.mark.parametrize("lang", LANGS)
def test_gopher_legend_names_every_symbol_alike(lang):
    from game.app.eventtext import gopher as gopher_words
    from game.app.views.gopher import texts
    i18n.set_language(lang)
    names = [gopher_words.kind(k) for k in ("acorn", "berry", "spikelet")] + \
        [texts.legend_name(n) for n in ("store", "portal", "present")]
    for name in names:                   # a capital letter and no article, like "Acorn"
        assert name[:1].isupper(), names
        assert name.split()[0].lower() not in ("a", "an", "un", "une", "ein", "eine"), names


def test_gopher_beginner_pass_keeps_no_cards():
    from game.app.eventtext import Ctx
    from game.app.eventtext.gopher import line
    i18n.set_language("en")
    ctx = Ctx("gopher", ["Ann", "Bob"], extra={"view": {"variant": "beginner"}})
    assert "keeps" not in line({"type": "pass", "seat": 0}, ctx)
