"""Data files are validated on load: a broken file names the file, the entry and the problem."""
from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from game.io.paths import resource_path
from game.rules import DataError
from game.io.data import load_yaml
from game.rules.moles import load_board

GOOD = yaml.safe_load(resource_path("data", "moles", "board.yaml").read_text(encoding="utf-8"))


def write(tmp_path, data, name="board.yaml"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data), encoding="utf-8")
    return path


def broken(tmp_path, change):
    data = copy.deepcopy(GOOD)
    change(data)
    with pytest.raises(DataError) as info:
        load_board(write(tmp_path, data))
    return str(info.value)


def test_the_shipped_board_loads():
    board = load_board()
    assert len(board.layers) == 4


def test_every_shipped_yaml_file_parses_with_the_safe_loader():
    for path in resource_path("data").rglob("*.yaml"):
        load_yaml(path)


def test_missing_file_is_named(tmp_path):
    with pytest.raises(DataError, match="nope.yaml: file not found"):
        load_board(tmp_path / "nope.yaml")


def test_invalid_yaml_names_line_and_column(tmp_path):
    path = write(tmp_path, "layers: [\n  - name: x\n  radius: : 3\n")
    with pytest.raises(DataError) as info:
        load_board(path)
    assert "board.yaml" in str(info.value) and "line" in str(info.value)


def test_unsafe_yaml_tags_are_refused(tmp_path):
    path = write(tmp_path, "!!python/object/apply:os.system ['echo hi']\n")
    with pytest.raises(DataError, match="not valid YAML"):
        load_board(path)


def test_top_level_must_be_a_mapping(tmp_path):
    with pytest.raises(DataError, match="top level: expected a mapping"):
        load_board(write(tmp_path, "- 1\n- 2\n"))


def test_missing_key_is_named(tmp_path):
    msg = broken(tmp_path, lambda d: d.pop("discs"))
    assert "top level: missing key 'discs'" in msg


def test_wrong_number_of_layers(tmp_path):
    msg = broken(tmp_path, lambda d: d["layers"].pop())
    assert "layers: expected 4 layers, found 3" in msg


def test_moles_per_player_needs_every_count(tmp_path):
    msg = broken(tmp_path, lambda d: d["moles_per_player"].pop(3))
    assert "moles_per_player" in msg and "3 players" in msg


def test_non_number_is_named(tmp_path):
    msg = broken(tmp_path, lambda d: d["discs"].__setitem__(2, "two"))
    assert "discs[2]: expected a whole number" in msg


def test_hole_outside_the_layer(tmp_path):
    msg = broken(tmp_path, lambda d: d["layers"][2]["holes"].append([5, 0]))
    assert "layers[2].holes[4]" in msg and "outside the layer" in msg


def test_point_with_bad_shape(tmp_path):
    msg = broken(tmp_path, lambda d: d["layers"][1]["big"].append([1, 2, 3]))
    assert "layers[1].big[3]: expected a point [q, r]" in msg


def test_hole_listed_twice(tmp_path):
    msg = broken(tmp_path, lambda d: d["layers"][1]["holes"].append([1, 0]))
    assert "listed twice" in msg


def test_big_space_on_a_hole(tmp_path):
    msg = broken(tmp_path, lambda d: d["layers"][1]["big"].append([1, 0]))
    assert "hole and a big space" in msg


def test_stacking_hole_over_a_hole_in_some_rotation(tmp_path):
    # (1, -1) is a turn of (1, 0), which is a hole of red clay
    msg = broken(tmp_path, lambda d: d["layers"][0]["holes"].__setitem__(0, [1, -1]))
    assert "layers[0].holes[0]" in msg and "lies over hole" in msg


def test_stacking_hole_over_no_point_of_the_layer_below(tmp_path):
    # ring 4 of the meadow lies outside red clay (radius 3)
    msg = broken(tmp_path, lambda d: d["layers"][0]["holes"].__setitem__(0, [4, 0]))
    assert "lies over no point" in msg


def test_no_centre_hole_above_the_last_layer(tmp_path):
    def change(d):
        d["layers"][2]["holes"] = [[0, 0]]
    msg = broken(tmp_path, change)
    assert "layers[2].holes[0]" in msg


def test_last_layer_point_on_no_line(tmp_path):
    msg = broken(tmp_path, lambda d: d["layers"][3]["lines"].pop())
    assert "layers[3].lines" in msg and "lies on no line" in msg


def test_line_with_a_gap(tmp_path):
    def change(d):
        d["layers"][3]["lines"][0]["points"] = [[-2, 0], [0, 0], [1, 0], [2, 0]]
    msg = broken(tmp_path, change)
    assert "layers[3].lines[0].points" in msg


def test_unknown_path_kind(tmp_path):
    msg = broken(tmp_path, lambda d: d["layers"][0].__setitem__("paths", "zigzag"))
    assert "layers[0].paths: 'zigzag' is not one of lattice, lines" in msg


def test_games_catalog_is_valid():
    from game.rules import GAMES
    assert set(GAMES) == {"moles", "ants", "hamster", "forest", "gopher"}
    assert GAMES["moles"].available and GAMES["ants"].available and GAMES["hamster"].available
    assert GAMES["forest"].available and GAMES["gopher"].available


def test_games_catalog_labels(tmp_path, monkeypatch):
    from game.rules import GAMES, registry
    from game.io.data import DataError
    assert GAMES["ants"].variant_label == "Mode" and GAMES["moles"].variant_label == "Variant"
    assert GAMES["ants"].score_label_for("winter") == "victory points"
    assert GAMES["ants"].score_label_for("autumn") == "points"
    text = (Path(__file__).resolve().parents[2] / "data" / "games.yaml").read_text(encoding="utf-8")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "games.yaml").write_text(
        text.replace("score_labels: {winter:", "score_labels: {summer:"), encoding="utf-8")
    monkeypatch.setattr(registry, "resource_path", lambda *parts: tmp_path.joinpath(*parts))
    games = registry._load_catalog()      # the rules of a game load when it is first used:
    with pytest.raises(DataError) as err:  # its entry is checked against them then
        games["ants"].variants
    assert "games[1].score_labels" in str(err.value) and "'summer' is not a variant of ants" in str(err.value)
