"""The app's fonts (issue 37, memory): Noto Sans slimmed by ``tools/slim_fonts.py`` into
``data/fonts/`` draws every text of ours exactly as pygame_gui's Noto Sans does, and costs each
font object (one per size and weight, about 34 in a session) a third less memory."""
from __future__ import annotations

import os
import sys

import pygame
import pytest

from game import i18n
from game.app.ui import fit
from game.io.paths import resource_path

sys.path.insert(0, str(resource_path("tools")))
import slim_fonts  # noqa: E402

STYLES = slim_fonts.STYLES


def _ours(style: str) -> str:
    return str(resource_path("data", "fonts", f"NotoSans-{style}.ttf"))


def _pixels(surface: pygame.Surface) -> tuple:
    return surface.get_size(), pygame.image.tobytes(surface, "RGBA")


def _catalog_lines() -> list[str]:
    out: set[str] = set()

    def walk(value):
        if isinstance(value, str):
            out.update(line for line in value.split("\n") if line.strip())
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)
    for lang in i18n.LANGUAGES:
        walk(i18n.catalog(lang))
    return sorted(out)


def test_the_app_and_its_widgets_draw_with_the_slim_fonts(home):
    from game.app.loop import memory
    for style in STYLES:
        assert fit.gui_font_file(f"NotoSans-{style}.ttf") == _ours(style)
    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_mode((1280, 720))
        theme = memory.make_manager((1280, 720), 1.0).get_theme()
        fonts = theme.get_font_dictionary()
        paths = [str(loc) for loc, _ in fonts.known_font_paths["noto_sans"]]
        assert paths == [_ours(s) for s in STYLES]
        loaded = [r for r in fonts.loaded_fonts.values() if r.loaded_font is not None]
        assert loaded and all(str(r.location) in paths or "FiraCode" in str(r.location)
                              for r in loaded)
        # no widget draws HTML (bold, italic): none of those fonts is loaded ahead
        assert not [r.font_id for r in loaded if "italic" in r.font_id], loaded
    finally:
        memory.forget_theme()
        pygame.display.quit()


@pytest.mark.parametrize("style", STYLES)
def test_every_catalog_text_draws_as_with_the_original_font(style):
    """Every line of every catalog, in every language: the same pixels."""
    pygame.font.init()
    original = pygame.font.Font(slim_fonts.source(style), 17)
    slim = pygame.font.Font(_ours(style), 17)
    lines = _catalog_lines()
    assert len(lines) > 3000
    differ = [t for t in lines
              if _pixels(original.render(t, True, (0, 0, 0))) != _pixels(slim.render(t, True, (0, 0, 0)))]
    assert not differ, differ[:5]


@pytest.mark.parametrize("style", STYLES)
def test_every_character_kept_draws_as_with_the_original_font(style):
    """Every character of the original but Devanagari is there and looks the same, alone and
    beside its neighbours (kerning); Devanagari is the only thing that went."""
    import pygame.freetype
    pygame.freetype.init()
    pygame.font.init()
    had = pygame.freetype.Font(slim_fonts.source(style), 16)
    has = pygame.freetype.Font(_ours(style), 16)
    chars = [chr(cp) for cp in range(0x20, 0x10000)
             if not 0xD800 <= cp <= 0xDFFF and had.get_metrics(chr(cp))[0] is not None]
    kept = [c for c in chars if slim_fonts.kept(ord(c))]
    assert len(chars) > 2900 and len(chars) - len(kept) > 80
    assert all(has.get_metrics(c)[0] is not None for c in kept)
    assert all(has.get_metrics(c)[0] is None for c in chars if c not in kept)
    original = pygame.font.Font(slim_fonts.source(style), 19)
    slim = pygame.font.Font(_ours(style), 19)
    # but the rupee sign: FreeType hints it as a Devanagari letter, by Devanagari's heights,
    # which went with that script (it may come out a pixel narrower)
    runs = ["".join(kept[i:i + 24]).replace("\u20b9", "") for i in range(0, len(kept), 24)]
    differ = [r for r in runs
              if _pixels(original.render(r, True, (0, 0, 0))) != _pixels(slim.render(r, True, (0, 0, 0)))]
    assert not differ, differ[:3]


def test_the_font_files_are_what_the_tool_makes(tmp_path):
    """``python tools/slim_fonts.py`` makes these very files from the pinned pygame_gui (a new
    pygame_gui with another Noto Sans fails here: run the tool again)."""
    for style in STYLES:
        out = tmp_path / f"{style}.ttf"
        slim_fonts.slim(slim_fonts.source(style), str(out))
        assert out.read_bytes() == open(_ours(style), "rb").read(), style
    assert os.path.getsize(resource_path("data", "fonts", "NotoSans-LICENSE.txt")) > 1000
