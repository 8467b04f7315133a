"""Gopher's Pantry data (data/gopher/book.yaml, deck.yaml) is validated on load: a broken file
names the file, the entry and the problem.  Plus the design goals of the book: every page plays
differently and a hand of six can usually make the signs."""
from __future__ import annotations

import copy
import random
import shutil

import pytest
import yaml

from game.io.paths import resource_path
from game.rules import DataError
from game.rules.gopher import DIGGER, can_make, card_value, eligible, load_data, move_options

FILES = ("book.yaml", "deck.yaml")
FOLDER = resource_path("data", "gopher")
GOOD = {f: yaml.safe_load((FOLDER / f).read_text(encoding="utf-8")) for f in FILES}


def folder_with(tmp_path, name, data):
    for f in FILES:
        shutil.copy(FOLDER / f, tmp_path / f)
    text = data if isinstance(data, str) else yaml.safe_dump(data)
    (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def broken(tmp_path, name, change):
    data = copy.deepcopy(GOOD[name])
    change(data)
    with pytest.raises(DataError) as info:
        load_data(folder_with(tmp_path, name, data))
    msg = str(info.value)
    assert msg.startswith(str(tmp_path / name)), msg        # the file is named
    return msg


# ---- the shipped files --------------------------------------------------------------------------

def test_the_shipped_data_loads():
    d = load_data()
    assert len(d.holes) == 20 and sorted(d.pages) == [1, 2, 3, 4, 5, 6]
    assert len(d.deck("standard")) == 58


def test_a_copy_of_the_shipped_data_loads(tmp_path):
    assert len(load_data(folder_with(tmp_path, "book.yaml", GOOD["book.yaml"])).holes) == 20


NUMBERS = ("pages_count:", "holes:", "pages:", "kinds:", "values:", "diggers:", "hand:",
           "end_hand:", "present_look:", "die:", "stalled_rounds:", "  standard:",
           "  simplified:", "  baskets:", "  beginner:")


@pytest.mark.parametrize("name", FILES)
def test_every_number_has_a_source_note(name):
    lines = (FOLDER / name).read_text(encoding="utf-8").splitlines()
    checked = [line for line in lines if line.startswith(NUMBERS)]
    assert checked
    for line in checked:
        assert "source:" in line, line


# ---- errors that name file and entry ------------------------------------------------------------

def test_missing_file_is_named(tmp_path):
    shutil.copy(FOLDER / "deck.yaml", tmp_path / "deck.yaml")
    with pytest.raises(DataError) as info:
        load_data(tmp_path)
    assert "book.yaml" in str(info.value) and "not found" in str(info.value)


def test_invalid_yaml_names_line_and_column(tmp_path):
    with pytest.raises(DataError) as info:
        load_data(folder_with(tmp_path, "book.yaml", "holes: [1, 2\npages: x"))
    assert "line" in str(info.value)


def test_a_tunnel_to_a_missing_hole(tmp_path):
    msg = broken(tmp_path, "book.yaml", lambda d: d["pages"][2]["tunnels"].append("5-77"))
    assert "pages[2].tunnels" in msg and "77" in msg and "does not exist" in msg


def test_a_tunnel_that_is_not_a_chain(tmp_path):
    msg = broken(tmp_path, "book.yaml", lambda d: d["pages"][0]["tunnels"].append("a-b"))
    assert "pages[0].tunnels" in msg


def test_a_hole_unreachable_on_a_page(tmp_path):
    def cut(d):
        d["pages"][2]["tunnels"] = ["1-2-3-4-5-10-9-8-7-6-11-12-13-14-15-20-19-18-17"]
    msg = broken(tmp_path, "book.yaml", cut)
    assert "pages[2].tunnels" in msg and "hole 16 cannot be reached" in msg


def test_an_amount_no_hand_could_make(tmp_path):
    msg = broken(tmp_path, "book.yaml",
                 lambda d: d["pages"][1]["signs"].__setitem__(4, "acorn 99"))
    assert "pages[1].signs.4" in msg and "no hand could ever make 99" in msg


def test_a_sign_that_is_not_a_sign(tmp_path):
    msg = broken(tmp_path, "book.yaml", lambda d: d["pages"][0]["signs"].__setitem__(4, "honey 3"))
    assert "pages[0].signs.4" in msg and "not a sign" in msg


def test_a_sign_on_a_missing_hole(tmp_path):
    msg = broken(tmp_path, "book.yaml", lambda d: d["pages"][0]["signs"].__setitem__(42, "portal"))
    assert "pages[0].signs.42" in msg


def test_a_wall_across_a_tunnel(tmp_path):
    msg = broken(tmp_path, "book.yaml", lambda d: d["pages"][0]["walls"].append("1|2"))
    assert "pages[0].walls" in msg and "tunnel" in msg


def test_five_pages_are_refused(tmp_path):
    msg = broken(tmp_path, "book.yaml", lambda d: d["pages"].pop())
    assert "pages" in msg and "expected 6 pages" in msg


def test_two_holes_with_one_id(tmp_path):
    msg = broken(tmp_path, "book.yaml", lambda d: d["holes"][1].__setitem__("id", 1))
    assert "holes[1].id" in msg


def test_deck_a_missing_rule_set(tmp_path):
    msg = broken(tmp_path, "deck.yaml", lambda d: d["rule_sets"].pop("baskets"))
    assert "rule_sets" in msg and "baskets" in msg


def test_deck_a_flag_that_is_not_true_or_false(tmp_path):
    msg = broken(tmp_path, "deck.yaml",
                 lambda d: d["rule_sets"]["simplified"].__setitem__("subtract", "no"))
    assert "rule_sets.simplified.subtract" in msg


def test_deck_removing_a_value_that_does_not_exist(tmp_path):
    msg = broken(tmp_path, "deck.yaml",
                 lambda d: d["rule_sets"]["simplified"]["remove_values"].append(12))
    assert "rule_sets.simplified.remove_values[3]" in msg


def test_deck_two_kinds_are_refused(tmp_path):
    msg = broken(tmp_path, "deck.yaml", lambda d: d["kinds"].pop())
    assert "kinds" in msg and "expected 3" in msg


def test_deck_end_hand_below_the_hand(tmp_path):
    msg = broken(tmp_path, "deck.yaml", lambda d: d.__setitem__("end_hand", 6))
    assert "end_hand" in msg


# ---- the design of the book ---------------------------------------------------------------------

def test_designed_every_page_plays_differently():
    d = load_data()
    shapes = set()
    mixes = set()
    for p in d.pages.values():
        degrees = tuple(sorted(len(v) for v in p.adj.values()))
        shapes.add((degrees, len(p.tunnels)))         # its own network of tunnels
        mixes.add(tuple(sorted(p.signs.values())))     # its own signs
        assert any(s[0] == "portal" for s in p.signs.values())
    assert len(shapes) == 6 and len(mixes) == 6


def test_designed_a_hand_of_six_can_usually_make_a_reachable_sign():
    """Over random hands, positions and rolls, some reachable end hole can be collected in
    most turns (measured on the standard deck)."""
    d = load_data()
    rng = random.Random(0)
    deck = d.deck("standard")
    ok = total = 0
    for _ in range(600):
        hand = rng.sample(deck, 6)
        page = d.pages[rng.randint(1, 6)]
        start = rng.choice(d.hole_ids)
        ends = move_options(page, start, rng.randint(1, 6), {}, False)
        total += 1
        if any(page.signs[e][0] in d.kinds + ["store"] and
               can_make([card_value(c) for c in eligible(hand, page.signs[e][0])],
                        page.signs[e][1], True) for e, _, _ in ends):
            ok += 1
    assert ok / total >= 0.75, ok / total
    assert DIGGER in deck
