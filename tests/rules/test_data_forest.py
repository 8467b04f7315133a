"""Forest Gold data (data/forest/*.yaml) is validated on load: a broken file names the file,
the entry and the problem."""
from __future__ import annotations

import copy
import shutil

import pytest
import yaml

from game.io.paths import resource_path
from game.rules import DataError
from game.rules.forest import KINDS, load_data

FILES = ("tiles.yaml", "mixes.yaml", "settings.yaml")
FOLDER = resource_path("data", "forest")
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
    assert set(d.mixes) == {9, 11}
    assert {t["kind"] for t in d.types.values()} == set(KINDS)


def test_ruling_recommended_81_tile_mix():
    """The 9x9 mix is the one RULINGS.md recommends: 31 Empty Forest, 11 gold tiles with 25
    nuggets, 14 arrows in 7 layouts of 2, 2 tunnels, 2 bees, 1 lynx, 2 dens, 3 bears,
    2 serpents, 2 foxes, 1 hare, 2 calls, 8 swamps of 2-4 bumps."""
    d = load_data()
    mix = d.mixes[9]
    by_kind: dict = {}
    for t, n in mix.items():
        by_kind[d.types[t]["kind"]] = by_kind.get(d.types[t]["kind"], 0) + n
    assert by_kind == {"empty": 31, "gold": 11, "arrows": 14, "mole_tunnel": 2, "bees": 2,
                       "lynx": 1, "wolf_den": 2, "bear": 3, "serpent": 2, "red_fox": 2,
                       "hare": 1, "hunters_call": 2, "swamp": 8}
    gold = sorted(d.types[t]["nuggets"] for t, n in mix.items() for _ in range(n)
                  if d.types[t]["kind"] == "gold")
    assert gold == [1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5] and sum(gold) == 25
    arrows = [n for t, n in mix.items() if d.types[t]["kind"] == "arrows"]
    assert arrows == [2] * 7
    assert all(2 <= d.types[t]["bumps"] <= 4 for t in mix if d.types[t]["kind"] == "swamp")


def test_designed_11x11_mix_fills_121_tiles_with_every_kind():
    d = load_data()
    assert sum(d.mixes[11].values()) == 121
    assert {d.types[t]["kind"] for t, n in d.mixes[11].items() if n} == set(KINDS)
    assert "source" in GOOD["mixes.yaml"]["mixes"][11]


def test_designed_numbers_have_a_source_note():
    for key, entry in GOOD["settings.yaml"].items():
        assert entry.get("source"), key
    assert GOOD["tiles.yaml"].get("source")
    d = load_data()
    assert d.settings["camp_moves"] == 3 and d.settings["race_target"] == 6
    assert d.settings["race_target_alliance"] == 11 and d.settings["round_cap"] == 60
    assert d.settings["reinforcements"] == [3, 5]


# ---- broken files ---------------------------------------------------------------------------------

def test_a_mix_that_does_not_fill_the_board(tmp_path):
    msg = broken(tmp_path, "mixes.yaml", lambda d: d["mixes"][9]["tiles"].__setitem__("empty", 30))
    assert "mixes.9.tiles: the mix has 80 tiles but the 9x9 board needs 81" in msg


def test_an_unknown_tile_kind(tmp_path):
    msg = broken(tmp_path, "tiles.yaml", lambda d: d["types"][1].__setitem__("kind", "dragon"))
    assert "types[1].kind: 'dragon' is not one of" in msg


def test_an_unknown_tile_type_in_a_mix(tmp_path):
    msg = broken(tmp_path, "mixes.yaml", lambda d: d["mixes"][11]["tiles"].__setitem__("dragon", 1))
    assert "mixes.11.tiles.dragon: unknown tile type 'dragon'" in msg


def test_an_arrow_pointing_nowhere(tmp_path):
    def change(d):
        arrows = next(t for t in d["types"] if t["kind"] == "arrows")
        arrows["directions"] = ["N", "UP"]
    msg = broken(tmp_path, "tiles.yaml", change)
    assert ".directions[1]: the arrow points nowhere: 'UP'" in msg


def test_an_arrow_without_directions(tmp_path):
    def change(d):
        next(t for t in d["types"] if t["kind"] == "arrows")["directions"] = []
    assert "an arrow tile must point somewhere" in broken(tmp_path, "tiles.yaml", change)


def test_a_gold_tile_without_nuggets(tmp_path):
    def change(d):
        del next(t for t in d["types"] if t["kind"] == "gold")["nuggets"]
    assert "missing key 'nuggets'" in broken(tmp_path, "tiles.yaml", change)


def test_a_swamp_with_zero_bumps(tmp_path):
    def change(d):
        next(t for t in d["types"] if t["kind"] == "swamp")["bumps"] = 0
    assert "bumps: 0 is below the minimum 1" in broken(tmp_path, "tiles.yaml", change)


def test_a_missing_board_size(tmp_path):
    msg = broken(tmp_path, "mixes.yaml", lambda d: d["mixes"].pop(11))
    assert "mixes: the mix for the 11x11 board is missing" in msg


def test_a_setting_without_source_or_out_of_range(tmp_path):
    assert "round_cap: missing key 'source'" in broken(
        tmp_path, "settings.yaml", lambda d: d["round_cap"].pop("source"))
    assert "race_target.value: 0 is below the minimum 1" in broken(
        tmp_path, "settings.yaml", lambda d: d["race_target"].__setitem__("value", 0))


def test_a_type_listed_twice(tmp_path):
    msg = broken(tmp_path, "tiles.yaml", lambda d: d["types"].append(dict(d["types"][0])))
    assert "is listed twice" in msg


def test_not_yaml(tmp_path):
    with pytest.raises(DataError) as info:
        load_data(folder_with(tmp_path, "settings.yaml", "camp_moves: [unclosed"))
    assert "settings.yaml" in str(info.value) and "not valid YAML" in str(info.value)
