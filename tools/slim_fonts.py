"""Make the app's fonts in data/fonts/: pygame_gui's Noto Sans, slimmed (needs fontTools, a
development requirement).

    python tools/slim_fonts.py            # writes data/fonts/NotoSans-*.ttf

Why: every font object the app holds (one per size and weight: about twenty of ours and a dozen
of pygame_gui's in a session) keeps its own copy of the file's shaping tables, as HarfBuzz
builds them: 0.72 MB a font object for the whole Noto Sans, 0.49 MB for the slimmed one.

What stays: every character of the original outside Devanagari (Latin with every accent and
Vietnamese, Greek, Cyrillic, punctuation, currency, arrows, maths and the other symbols), with
every layout feature that drawing text applies by itself (kerning, mark placement, ligatures,
contextual forms, ...) and those FreeType's auto-hinter reads to sort glyphs (superiors,
small capitals, ...); texts in those scripts draw exactly as with the original
(tests/app/test_slim_fonts.py draws every catalog text and every character with both and
compares the pixels).
What goes: Devanagari (the app speaks English, German, French and Russian; a name written in
it shows empty boxes, as a Chinese or Arabic one already did) and the features a text only
gets when asked for by name (old-style and tabular figures, fractions, stylistic sets, ...):
nothing in the app asks.

The same pygame_gui and fontTools make the same files, byte for byte.
"""
from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "data", "fonts")
STYLES = ("Regular", "Bold", "Italic", "BoldItalic")

#: the features HarfBuzz applies to Latin, Greek and Cyrillic text without being asked
FEATURES = ("ccmp", "locl", "rvrn", "liga", "clig", "calt", "rlig", "rclt", "kern", "mark",
            "mkmk", "curs", "dist", "abvm", "blwm", "ltra", "ltrm",
            # not applied, but FreeType's auto-hinter sorts glyphs by them: a superscript
            # figure (sups) is hinted to the superscripts' heights, a small capital to theirs
            "sups", "subs", "sinf", "ordn", "smcp", "c2sc", "pcap", "c2pc", "titl")
#: the characters that go: Devanagari, its extensions and the Vedic marks
DROPPED = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x1CD0, 0x1CFF), (0x11B00, 0x11B5F))


def source(style: str) -> str:
    import pygame_gui.data as gd
    return os.path.join(os.path.dirname(gd.__file__), f"NotoSans-{style}.ttf")


def kept(codepoint: int) -> bool:
    return not any(lo <= codepoint <= hi for lo, hi in DROPPED)


def slim(src: str, dst: str) -> None:
    from fontTools import subset
    from fontTools.ttLib import TTFont
    options = subset.Options()
    options.layout_features = list(FEATURES)
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.name_legacy = True
    options.notdef_outline = True
    options.glyph_names = False
    options.recalc_timestamp = False
    font = TTFont(src, recalcTimestamp=False)
    unicodes = [cp for cp in font.getBestCmap() if kept(cp)]
    sub = subset.Subsetter(options)
    sub.populate(unicodes=unicodes)
    sub.subset(font)
    font.save(dst)


def main() -> int:
    os.makedirs(OUT, exist_ok=True)
    for style in STYLES:
        src, dst = source(style), os.path.join(OUT, f"NotoSans-{style}.ttf")
        slim(src, dst)
        print(f"{dst}: {os.path.getsize(src):,} -> {os.path.getsize(dst):,} bytes")
    licence = os.path.join(os.path.dirname(source("Regular")), "licenses", "NotoSans-LICENSE.txt")
    with open(licence, encoding="utf-8") as f, \
            open(os.path.join(OUT, "NotoSans-LICENSE.txt"), "w", encoding="utf-8") as out:
        out.write(f.read())
    return 0


if __name__ == "__main__":
    sys.exit(main())
