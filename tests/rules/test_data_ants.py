"""Ants & Grasshopper data (data/ants/*.yaml) is validated on load: a broken file names the
file, the entry and the problem."""
from __future__ import annotations

import copy
import shutil

import pytest
import yaml

from game.io.paths import resource_path
from game.rules import DataError
from game.rules.ants import load_data

FILES = ("cards.yaml", "supply.yaml", "abilities.yaml", "scoring.yaml")
FOLDER = resource_path("data", "ants")
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
    assert len(d.card_ids) == 48 and len(d.designs) == 7 and len(d.abilities) == 6


def test_a_copy_of_the_shipped_data_loads(tmp_path):
    assert len(load_data(folder_with(tmp_path, "cards.yaml", GOOD["cards.yaml"])).card_ids) == 48


@pytest.mark.parametrize("name", FILES)
def test_every_number_has_a_source_note(name):
    text = (FOLDER / name).read_text("utf-8")
    for line in text.splitlines():
        if line and not line.startswith((" ", "#", "-")) and any(ch.isdigit() for ch in line):
            assert "source:" in line, line
    assert "source: designed" in text or name == "scoring.yaml"
    assert "source: rulebook" in text


def test_scoring_numbers_are_the_rulebooks():
    d = load_data()
    sc = d.scoring
    assert sc["shelf_values"] == [1, 3, 6, 10] and sc["insect_sets"] == [1, 3, 6, 10]
    assert (sc["winter_target"], sc["pair_points"], sc["trade_in"], sc["trade_in_ability"]) == \
        (4, 3, 3, 2)


# ---- file-level problems ------------------------------------------------------------------------

def test_missing_file_is_named(tmp_path):
    (tmp_path / "cards.yaml").write_text("x: 1\n")
    with pytest.raises(DataError, match="scoring.yaml: file not found"):
        load_data(tmp_path)


def test_invalid_yaml_names_line_and_column(tmp_path):
    with pytest.raises(DataError) as info:
        load_data(folder_with(tmp_path, "cards.yaml", "cards: [\n  - id: x\n  kind: : 3\n"))
    assert "cards.yaml" in str(info.value) and "line" in str(info.value)


def test_unsafe_yaml_tags_are_refused(tmp_path):
    with pytest.raises(DataError, match="not valid YAML"):
        load_data(folder_with(tmp_path, "supply.yaml", "!!python/object/apply:os.system ['x']\n"))


@pytest.mark.parametrize("name", FILES)
def test_top_level_must_be_a_mapping(tmp_path, name):
    with pytest.raises(DataError, match="top level: expected a mapping"):
        load_data(folder_with(tmp_path, name, "- 1\n- 2\n"))


# ---- cards.yaml --------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["kinds", "insects", "deck_size", "cards"])
def test_cards_missing_key_is_named(tmp_path, key):
    assert f"missing key '{key}'" in broken(tmp_path, "cards.yaml", lambda d: d.pop(key))


def test_cards_a_deck_of_the_wrong_size(tmp_path):
    msg = broken(tmp_path, "cards.yaml", lambda d: d["cards"].pop())
    assert "the deck must have 48 cards, found 47" in msg


def test_cards_an_unknown_kind(tmp_path):
    msg = broken(tmp_path, "cards.yaml", lambda d: d["cards"][3].update(kind="sand"))
    assert "cards[3].kind: 'sand' is not one of" in msg


def test_cards_an_unknown_insect(tmp_path):
    msg = broken(tmp_path, "cards.yaml", lambda d: d["cards"][0].update(insect="wasp"))
    assert "cards[0].insect: 'wasp' is not one of" in msg


def test_cards_a_duplicate_id(tmp_path):
    msg = broken(tmp_path, "cards.yaml", lambda d: d["cards"][1].update(id=1))
    assert "cards[1].id: the card id 1 is used twice" in msg


def test_cards_four_kinds_are_needed(tmp_path):
    msg = broken(tmp_path, "cards.yaml", lambda d: d["kinds"].pop())
    assert "kinds: expected 4 kinds of path, found 3" in msg


def test_cards_six_insects_are_needed(tmp_path):
    msg = broken(tmp_path, "cards.yaml", lambda d: d["insects"].append({"id": "wasp"}))
    assert "insects: expected 6 insect kinds, found 7" in msg


# ---- supply.yaml --------------------------------------------------------------------------

def test_supply_a_price_naming_an_unknown_kind(tmp_path):
    msg = broken(tmp_path, "supply.yaml", lambda d: d["designs"][0]["price"].append("gold"))
    assert "designs[0].price[3]: 'gold' is not one of tablecloth, tiles, stone, wood" in msg


def test_supply_a_mark_other_than_2_3_4(tmp_path):
    msg = broken(tmp_path, "supply.yaml", lambda d: d["designs"][2].update(mark="5+"))
    assert "designs[2].mark: the mark must be one of 2+, 3+, 4, not '5+'" in msg
    msg = broken(tmp_path, "supply.yaml", lambda d: d["designs"][2].update(mark=4))
    assert "designs[2].mark" in msg


def test_supply_a_duplicate_design(tmp_path):
    msg = broken(tmp_path, "supply.yaml", lambda d: d["designs"][1].update(id="honey"))
    assert "designs[1].id" in msg


def test_supply_a_price_must_be_a_list(tmp_path):
    msg = broken(tmp_path, "supply.yaml", lambda d: d["designs"][0].update(price="tiles"))
    assert "designs[0].price: expected a list" in msg


# ---- abilities.yaml --------------------------------------------------------------------------

def test_abilities_unknown_effect(tmp_path):
    msg = broken(tmp_path, "abilities.yaml",
                 lambda d: d["abilities"][0].update(effect="fly_away"))
    assert "abilities[0].effect: 'fly_away' is not one of" in msg


def test_abilities_one_insect_with_two_abilities(tmp_path):
    msg = broken(tmp_path, "abilities.yaml",
                 lambda d: d["abilities"][1].update(insect=d["abilities"][0]["insect"]))
    assert "abilities[1].insect: the insect" in msg and "has two abilities" in msg


def test_abilities_six_are_needed(tmp_path):
    msg = broken(tmp_path, "abilities.yaml", lambda d: d["abilities"].pop())
    assert "abilities: expected 6 abilities, found 5" in msg


def test_abilities_unknown_insect(tmp_path):
    msg = broken(tmp_path, "abilities.yaml", lambda d: d["abilities"][0].update(insect="moth"))
    assert "abilities[0].insect: 'moth' is not one of" in msg


# ---- scoring.yaml --------------------------------------------------------------------------

def test_scoring_shelf_values_need_4_numbers(tmp_path):
    msg = broken(tmp_path, "scoring.yaml", lambda d: d.update(shelf_values=[1, 3, 6]))
    assert "shelf_values: expected 4 numbers, found 3" in msg


def test_scoring_a_number_that_is_text(tmp_path):
    msg = broken(tmp_path, "scoring.yaml", lambda d: d.update(winter_target="four"))
    assert "winter_target: expected a whole number" in msg


def test_scoring_the_grid_is_4x4(tmp_path):
    msg = broken(tmp_path, "scoring.yaml", lambda d: d.update(grid=5))
    assert "grid: 5 is above the maximum 4" in msg
