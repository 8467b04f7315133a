"""The quick reference of each game (issue 17): its data file checked on load, the page opened
from the pause menu and from the set-up screen, Esc and Back return, the page fits in every
language, and its texts are the project's own words."""
from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.app.store import saves
from game.app.app import App
from game.app.words.quickref import load_quickref
from game.app.scenes.play import PlayScene
from game.app.views.placeholder import PlaceholderView
from game.rules import GAMES
from game.io.data import DataError

pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)

PLAYABLE = [g for g, info in GAMES.items() if info.available]
SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"


@pytest.fixture
def app():
    a = App(size=(1024, 600), fullscreen=False, headless=True, lang="en")
    a.settings.speed = "off"
    yield a
    for scene in a.stack:
        stop = getattr(scene, "stop", None)
        if stop:
            stop()
    pygame.display.quit()


def pump(app, frames=3):
    for _ in range(frames):
        app.step(1 / 60, pygame.event.get())


def click(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(app)


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pump(app, 2)


def button(scene, text):
    for b in scene._callbacks:
        if b.text == text:
            return b
    raise AssertionError(f"no button {text!r} in {scene.name}: {[b.text for b in scene._callbacks]}")


# ---- data ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", PLAYABLE)
def test_every_game_has_a_quick_reference_with_turn_steps_and_a_table(game):
    sections = load_quickref(game)
    assert 3 <= len(sections[0].lines) <= 6                    # the turn steps come first
    assert any(s.rows for s in sections)                        # a score table or how to win


def test_every_quick_reference_text_is_on_its_page():
    used = set()
    for game in PLAYABLE:
        for s in load_quickref(game):
            used |= {s.title, *s.lines, *(c for row in s.rows for c in row if isinstance(c, str))}
    keys = {k for k in i18n.catalog("en") if re.match(r"quickref\.\w+\.", k)}
    assert keys == used


def _broken(tmp_path, text):
    path = tmp_path / "moles.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_quickref("moles", path)
    return str(err.value)


def test_a_broken_quick_reference_names_the_file_and_the_entry(tmp_path):
    ok = "  - title: quickref.moles.turn\n    lines: [quickref.moles.turn_1]\n"
    msg = _broken(tmp_path, "game: moles\nsections:\n" + ok + "  - title: quickref.moles.win\n"
                  "    lines: [quickref.moles.no_such_line]\n")
    assert "moles.yaml" in msg and "sections[1].lines[0]" in msg and "no_such_line" in msg
    msg = _broken(tmp_path, "game: moles\nsections:\n" + ok + "  - title: quickref.moles.setup\n"
                  "    rows:\n      - [quickref.moles.setup_2]\n")
    assert "moles.yaml" in msg and "sections[1].rows[0]" in msg and "2 cells" in msg
    msg = _broken(tmp_path, "game: ants\nsections:\n" + ok)
    assert "moles.yaml" in msg and "game" in msg
    msg = _broken(tmp_path, "game: moles\nsections:\n  - title: quickref.moles.turn\n")
    assert "sections[0]" in msg and "lines" in msg
    msg = _broken(tmp_path, "game: moles\nsections: [\n")
    assert "moles.yaml" in msg


def test_a_broken_quick_reference_shows_a_message_not_a_traceback(app, monkeypatch, tmp_path):
    import game.app.words.quickref as qr
    bad = tmp_path / "moles.yaml"
    bad.write_text("game: moles\nsections: 3\n", encoding="utf-8")
    monkeypatch.setattr(qr, "quickref_path", lambda game_id: bad)
    app.switch("quickref", "moles")
    pump(app)
    assert app.top.name == "quickref" and "sections" in app.top.error and not app.top.ops


# ---- opening and returning ---------------------------------------------------------------------------
def test_opened_from_the_set_up_screen_and_esc_returns(app):
    app.switch("seats", "hamster")
    pump(app)
    seats = app.top
    click(app, button(seats, "Quick reference").rect.center)
    assert app.top.name == "quickref" and app.top.game_id == "hamster"
    key(app, pygame.K_ESCAPE)
    assert app.top is seats


def test_opened_from_the_pause_menu_and_back_returns(app, monkeypatch):
    import game.app.scenes.play as play_mod
    from tests.words.test_text_fit import _controller
    monkeypatch.setattr(play_mod, "make_board_view", lambda gid, seats, assets: PlaceholderView(gid, seats, assets))
    play = PlayScene(app, _controller("forest", 0), auto_results=False)
    app.go(play)
    pump(app)
    app.open("pause", play)
    pump(app)
    pause = app.top
    click(app, button(pause, "Quick reference").rect.center)
    assert app.top.name == "quickref" and app.top.game_id == "forest"
    click(app, button(app.top, "Back").rect.center)
    assert app.top is pause
    key(app, pygame.K_ESCAPE)
    assert app.top is play


# ---- fit and words ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "de", "fr", "ru"])
def test_the_page_stays_inside_its_columns_at_1024x600(app, lang):
    i18n.set_language(lang)
    for game in PLAYABLE:
        app.switch("quickref", game)
        pump(app, 1)
        scene = app.top
        assert scene.ops, game
        for kind, text, fnt, col, x, y, width in scene.ops:
            column = next(c for c in scene.cols if c.x <= x <= c.right)
            bottom = y + (fnt.get_linesize() if fnt else 0)
            assert bottom <= column.bottom, (lang, game, text)


def _words(text):
    return re.findall(r"[\w']+", text.lower())


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not beside the repository")
def test_no_nine_word_run_of_a_rulebook():
    runs = set()
    for seed in SEEDS.glob("*.txt"):
        words = _words(seed.read_text(encoding="utf-8", errors="replace"))
        runs |= {tuple(words[i:i + 9]) for i in range(len(words) - 8)}
    for lang in ("en", "de", "fr", "ru"):
        for k, text in i18n.catalog(lang).items():
            if k.startswith("quickref."):
                words = _words(text)
                assert not any(tuple(words[i:i + 9]) in runs for i in range(len(words) - 8)), (lang, k)
