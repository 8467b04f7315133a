"""Spare fonts: a new size of text takes a font object already used once and set to its size
(the first use of a font object costs FreeType and HarfBuzz milliseconds, a play-screen frame
must not pay it).  The letters must come out exactly as from a new font of that size."""
import pygame
import pytest

from game.app.ui import text as T


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()
    saved = dict(T._font_cache), {k: list(v) for k, v in T._spares.items()}
    T._font_cache.clear()
    for pool in T._spares.values():
        pool.clear()
    yield
    T._font_cache.clear()
    T._font_cache.update(saved[0])
    for k, v in saved[1].items():
        T._spares[k][:] = v


@pytest.mark.parametrize("bold", [True, False])
def test_a_spare_set_to_a_size_draws_as_a_new_font_of_that_size(bold):
    path = T._font_file(bold)
    T.warm_fonts()
    assert len(T._spares[bold]) == T.SPARE_FONTS[bold]
    for px in (9, 13, 17, 22, 44):
        T.warm_fonts()
        f = T.font(px, bold)
        assert f.px == px and f.is_bold == bold and f.get_point_size() == px
        fresh = T.Font(path, px, bold)
        for text in ("Everyone uses the 4", "Спасибо, Jürg! « Ça »", "12 345", "W"):
            a, b = f.render(text, True, (20, 30, 40)), fresh.render(text, True, (20, 30, 40))
            assert a.get_size() == b.get_size()
            assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")
            assert f.size(text) == fresh.size(text)
        assert (f.get_height(), f.get_linesize(), f.get_ascent(), f.get_descent()) == \
            (fresh.get_height(), fresh.get_linesize(), fresh.get_ascent(), fresh.get_descent())


def test_spares_are_never_fonts_given_out_and_stay_bounded():
    T.warm_fonts()
    given = [T.font(px, True) for px in range(10, 30)]
    T.warm_fonts()
    for pool in T._spares.values():
        assert len(pool) <= max(T.SPARE_FONTS.values())
        assert not any(s is g for s in pool for g in given)
    assert len(T._font_cache) <= T.FONT_CACHE_SIZE
    # a font given out keeps its size even after it left the cache
    assert [g.get_point_size() for g in given] == list(range(10, 30))


def test_the_play_screen_layout_warms_the_spares(home):
    from game.app import PlayHarness
    h = PlayHarness("forest", seed=0, size=(1024, 600))
    try:
        for pool in T._spares.values():
            pool.clear()
        h.scene.layout()
        assert all(len(T._spares[b]) == n for b, n in T.SPARE_FONTS.items())
    finally:
        h.close()
