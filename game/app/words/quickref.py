"""Quick references: ``data/quickref/<game>.yaml``, one page per game (turn steps, scoring,
the facts a player looks up mid-game), shown by the quick-reference screen.

A file holds catalog keys only (the words live in ``data/i18n/<lang>/quickref.yaml``):

    game: moles
    sections:
      - title: quickref.moles.turn          # a heading
        lines: [quickref.moles.turn_1, ...] # short lines, drawn as bullets
      - title: quickref.moles.win
        rows:                               # a table: each row a label and a value
          - [quickref.moles.row_2p, 10]     # a cell is a catalog key or a whole number

Every key must be in the English catalog; a broken file raises DataError naming the file and
the entry.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ... import i18n
from ...io.paths import resource_path
from ...io.data import Checker, display_name, load_yaml


@dataclass
class Section:
    title: str
    lines: list[str] = field(default_factory=list)
    rows: list[list] = field(default_factory=list)      # [key or int, key or int]


def quickref_path(game_id: str):
    return resource_path("data", "quickref", f"{game_id}.yaml")


def load_quickref(game_id: str, path=None) -> list[Section]:
    """The sections of ``game_id``'s quick reference, checked."""
    path = path or quickref_path(game_id)
    chk = Checker(display_name(path))
    data = chk.mapping(load_yaml(path), "(top)")
    chk.str(chk.key(data, "game", "(top)"), "game", choices=[game_id])
    sections = chk.seq(chk.key(data, "sections", "(top)"), "sections")
    if not sections:
        chk.fail("sections", "needs at least one section")
    out = []
    for i, raw in enumerate(sections):
        where = f"sections[{i}]"
        sec = chk.mapping(raw, where)
        unknown = set(sec) - {"title", "lines", "rows"}
        if unknown:
            chk.fail(where, f"unknown key '{sorted(unknown)[0]}' (allowed: title, lines, rows)")
        section = Section(_key(chk, chk.key(sec, "title", where), f"{where}.title"))
        if ("lines" in sec) == ("rows" in sec):
            chk.fail(where, "needs either 'lines' or 'rows'")
        if "lines" in sec:
            lines = chk.seq(sec["lines"], f"{where}.lines")
            if not 1 <= len(lines) <= 8:
                chk.fail(f"{where}.lines", f"has {len(lines)} lines; 1 to 8 fit on the page")
            section.lines = [_key(chk, v, f"{where}.lines[{k}]") for k, v in enumerate(lines)]
        else:
            rows = chk.seq(sec["rows"], f"{where}.rows")
            if not 1 <= len(rows) <= 8:
                chk.fail(f"{where}.rows", f"has {len(rows)} rows; 1 to 8 fit on the page")
            for k, row in enumerate(rows):
                entry = f"{where}.rows[{k}]"
                cells = chk.seq(row, entry)
                if len(cells) != 2:
                    chk.fail(entry, f"needs 2 cells (a label and a value), found {len(cells)}")
                section.rows.append([c if isinstance(c, int) and not isinstance(c, bool)
                                     else _key(chk, c, f"{entry}[{j}]") for j, c in enumerate(cells)])
        out.append(section)
    return out


def _key(chk: Checker, value, entry: str) -> str:
    chk.str(value, entry)
    if not i18n.has(value):
        chk.fail(entry, f"'{value}' is not a key of the catalogs (data/i18n/en/quickref.yaml)")
    return value


def cell_text(cell) -> str:
    return i18n.number(cell) if isinstance(cell, int) else i18n.tr(cell)
