"""Pictures in the rules texts: ``[[diagram:NAME]]`` lines drawn by each game's own board code
(game/app/diagrams.py, game/app/views/<game>/diagram.py)."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.app import diagrams
from game.app.board.cache import BUDGET, CACHE
from game.app.scenes.rules import RulesPage, RulesScene, parse_markdown, rules_text
from tests.helpers import pump, running_app

GAMES = ("moles", "ants", "hamster", "forest", "gopher")
NAMED = {"moles_move", "ants_ends", "hamster_tunnel", "forest_chain", "gopher_leap"}   # issue 17


def markers(text: str) -> list[str]:
    return [b[1] for b in parse_markdown(text) if b[0] == "fig"]


@pytest.fixture(scope="module")
def display():
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield
    pygame.display.quit()


@pytest.fixture
def app(display):
    yield from running_app((1024, 600), headless=True)


def test_every_marker_in_every_language_resolves_and_has_a_caption():
    seen = set()
    for game in GAMES:
        english = markers(rules_text(game, "en"))
        assert english, f"{game}: the rules show no picture"
        for lang in i18n.LANGUAGES:
            found = markers(rules_text(game, lang))
            assert found == english, (game, lang)        # the same pictures in every language
            for name in found:
                assert diagrams.find(name) is not None, (game, lang, name)
                assert name.startswith(game + "_")
                text = i18n.catalog(lang).get(f"diagram.{name}")
                assert text and "diagram." not in text, (lang, name)
            seen |= set(found)
    assert NAMED <= seen
    assert seen == set(diagrams.names())        # every picture drawn is shown somewhere


@pytest.mark.parametrize("name", sorted(diagrams.names()))
def test_every_diagram_renders_at_two_sizes_and_is_not_blank(display, name):
    for width, most_h in ((300, 400), (640, 480)):
        size = diagrams.size_for(name, width, most_h)
        assert size[0] <= width and size[1] <= max(most_h, 30)
        img = diagrams.render(name, size)
        assert img is not None and img.get_size() == size
        assert diagrams.render(name, size) is img            # kept, not drawn again
        # a real picture: many colours, spread over the whole surface
        small = pygame.transform.scale(img, (24, 16))
        colours = {tuple(small.get_at((x, y)))[:3] for x in range(24) for y in range(16)}
        assert len(colours) > 20, (name, size, len(colours))
        for part in (pygame.Rect(0, 0, 12, 16), pygame.Rect(12, 0, 12, 16)):
            assert len({tuple(small.get_at(p))[:3] for p in _points(part)}) > 8, (name, part)
    assert CACHE.bytes <= BUDGET


@pytest.mark.parametrize("name", sorted(diagrams.names()))
def test_every_diagram_draws_at_odd_sizes_without_an_error(display, name):
    """The game's own code is called directly here (``render`` would leave a failure out)."""
    from game.app.assets import Assets
    assets = Assets()
    for width, most_h in ((150, 150), (260, 400), (333, 700), (777, 300), (1250, 700)):
        size = diagrams.size_for(name, width, most_h)
        assert diagrams.find(name)[1](size, assets).get_size() == size


def _points(rect):
    return [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)]


def test_unknown_markers_are_skipped_without_a_crash(display):
    pygame.font.init()
    md = ("Before.\n\n[[diagram:moles_nothing]]\n\n[[diagram:chess_board]]\n\n[[diagram:x]]\n\n"
          "After.\n\n[[diagram:moles_move]]\n")
    page = RulesPage(md, 1.0, 600, 500)
    assert [name for _r, name in page.figures] == ["moles_move"]
    words = [w[1] for _y, _h, line in page.lines + page.captions for w in line]
    assert not any("[[" in w or "diagram" in w for w in words)
    assert diagrams.find("moles_nothing") is None and diagrams.render("chess_board", (100, 80)) is None
    surf = pygame.Surface((640, 500))
    for offset in range(0, page.height, 97):
        page.draw(surf, pygame.Rect(10, 10, 600, 480), offset)


def test_a_picture_fits_a_narrow_or_low_page_and_its_caption_wraps(display):
    pygame.font.init()
    for width, most_h in ((260, 600), (900, 200), (1600, 900)):
        page = RulesPage("[[diagram:hamster_tunnel]]\n", 1.0, width, most_h)
        (rect, _name), = page.figures
        assert 0 <= rect.x and rect.right <= width and rect.h <= max(120, int(most_h * 0.72))
        assert page.captions and all(x + fnt.size(w)[0] <= width for _y, _h, line in page.captions
                                     for x, w, fnt, _s, _c in line)
        assert page.height >= rect.bottom


def test_the_pseudo_language_keeps_the_markers():
    i18n.enable_pseudo()
    assert markers(rules_text("moles", i18n.PSEUDO)) == markers(rules_text("moles", "en"))


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_screen_scrolls_through_its_pictures_at_1024x600(app, game):
    scene = RulesScene(app, game)
    app.go(scene)
    pump(app, 2)
    page = scene.page
    assert page.figures
    drawn = set()
    for _ in range(400):
        scene.scroll_by(0.2)
        pump(app, 1)
        for rect, name in page.figures:
            top = rect.y - scene.offset
            if 0 <= top and top + rect.h <= scene.page_rect.h:       # wholly in view: drawn
                at = rect.move(scene.page_rect.x, scene.page_rect.y - scene.offset)
                small = pygame.transform.scale(app.surface.subsurface(at), (24, 16))
                assert len({tuple(small.get_at(p))[:3] for p in _points(small.get_rect())}) > 20, name
                drawn.add(name)
        if scene.offset >= page.height - scene.page_rect.h:
            break
    assert drawn == {name for _r, name in page.figures}
    for _rect, name in page.figures:                 # at most two-thirds of the page high
        assert _rect.h <= scene.page_rect.h * 0.75 and _rect.right <= scene.page_rect.w


def test_the_pictures_follow_the_window_size(display):
    pygame.font.init()
    sizes = {}
    for scale, page_w, page_h in ((0.8, 760, 330), (1.0, 880, 480), (1.5, 1300, 780)):
        page = RulesPage(rules_text("gopher", "en"), scale, page_w, page_h)
        sizes[scale] = page.figures[0][0].size
    assert sizes[0.8][0] < sizes[1.0][0] < sizes[1.5][0]


def test_a_pictures_throw_away_board_leaves_nothing_in_the_cache(display):
    from game.app.board.cache import CacheSpace
    space = CacheSpace("moles", "static", 12345)
    space["plate"] = pygame.Surface((40, 40))
    other = CacheSpace("moles", "static", 54321)
    other["plate"] = pygame.Surface((40, 40))
    space.forget()
    assert "plate" not in space and "plate" in other
    before = {k for k in CACHE._items if k[0] == "moles" and k[1] in ("static", "plates")}
    diagrams.render("moles_lift", (333, 290))
    after = {k for k in CACHE._items if k[0] == "moles" and k[1] in ("static", "plates")}
    assert after <= before                  # the view's plates went with it; the picture stays
    assert any(k[:2] == ("diagram", "moles_lift") for k in CACHE._items)


@pytest.mark.parametrize("name", ["moles_move", "hamster_tunnel", "gopher_pay", "forest_home"])
def test_a_picture_draws_only_its_cut_of_the_board(display, monkeypatch, name):
    """Issue 37 (memory): the throw-away board is laid out whole but drawn only where the
    picture is cut from, and the view is gone once the picture is made (a whole board of
    1800x1280 took 9 MB more while a picture of the rules was drawn)."""
    import gc
    import weakref
    made, views = [], []
    real_surface = pygame.Surface

    class Spy:
        def __getattr__(self, attr):
            return getattr(pygame, attr)

        @staticmethod
        def Surface(size, *args, **kwargs):
            made.append(tuple(size))
            return real_surface(size, *args, **kwargs)
    monkeypatch.setattr(diagrams, "pygame", Spy())
    real_lay_out = diagrams._lay_out

    def lay_out(view, *args, **kwargs):
        if not views or views[-1]() is not view:
            views.append(weakref.ref(view))
        real_lay_out(view, *args, **kwargs)
    monkeypatch.setattr(diagrams, "_lay_out", lay_out)
    CACHE.clear()
    size = (900, 600)
    img = diagrams.render(name, size)
    assert img is not None and img.get_size() == size
    assert views and made
    assert all(w * h <= 2 * size[0] * size[1] for w, h in made), made   # never the whole board
    gc.collect()
    assert all(v() is None for v in views)                               # the view is gone
