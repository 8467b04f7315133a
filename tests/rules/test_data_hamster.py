"""Hamster Burrow sheets (data/hamster/side_*.yaml) are validated on load: a broken file names
the file, the entry and the problem."""
from __future__ import annotations

import copy

import pytest
import yaml

from game.io.paths import resource_path
from game.rules import DataError
from game.rules.hamster import load_sheet

GOOD = {side: yaml.safe_load(resource_path("data", "hamster", f"side_{side.lower()}.yaml")
                             .read_text(encoding="utf-8")) for side in "AB"}


def write(tmp_path, data, name="side_a.yaml"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data), encoding="utf-8")
    return path


def broken(tmp_path, change, side="A"):
    data = copy.deepcopy(GOOD[side])
    change(data)
    with pytest.raises(DataError) as info:
        load_sheet(write(tmp_path, data))
    msg = str(info.value)
    assert msg.startswith(str(tmp_path / "side_a.yaml")), msg   # the file is named
    return msg


def chamber(data, cid):
    return next(c for c in data["chambers"] if c["id"] == cid)


TUNNELS_A = len(GOOD["A"]["tunnels"])     # the index a tunnel appended to side A gets


# ---- the shipped sheets -----------------------------------------------------------------------

@pytest.mark.parametrize("side", ["A", "B"])
def test_the_shipped_sheets_load(side):
    sheet = load_sheet(side=side)
    assert sheet.side == side and len(sheet.chambers) == 8


def test_a_copy_of_a_shipped_sheet_loads(tmp_path):
    for side in "AB":
        assert load_sheet(write(tmp_path, GOOD[side])).side == side


@pytest.mark.parametrize("side", ["A", "B"])
def test_every_number_has_a_source_note(side):
    text = resource_path("data", "hamster", f"side_{side.lower()}.yaml").read_text("utf-8")
    for key in ("side:", "size:", "one_row:", "timer:", "nut_points:", "mushrooms:", "nuts:"):
        line = next(ln for ln in text.splitlines() if ln.startswith(key))
        assert "source:" in line, line
    assert "chambers (source:" in text and "tunnels:" in text
    assert "# source: designed" in text


# ---- file-level problems ----------------------------------------------------------------------

def test_missing_file_is_named(tmp_path):
    with pytest.raises(DataError, match="nope.yaml: file not found"):
        load_sheet(tmp_path / "nope.yaml")


def test_invalid_yaml_names_line_and_column(tmp_path):
    with pytest.raises(DataError) as info:
        load_sheet(write(tmp_path, "chambers: [\n  - id: x\n  cells: : 3\n"))
    assert "side_a.yaml" in str(info.value) and "line" in str(info.value)


def test_unsafe_yaml_tags_are_refused(tmp_path):
    with pytest.raises(DataError, match="not valid YAML"):
        load_sheet(write(tmp_path, "!!python/object/apply:os.system ['echo hi']\n"))


def test_top_level_must_be_a_mapping(tmp_path):
    with pytest.raises(DataError, match="top level: expected a mapping"):
        load_sheet(write(tmp_path, "- 1\n- 2\n"))


@pytest.mark.parametrize("key", ["side", "size", "one_row", "timer", "nut_points", "chambers",
                                 "tunnels", "mushrooms", "nuts"])
def test_missing_key_is_named(tmp_path, key):
    assert f"top level: missing key '{key}'" in broken(tmp_path, lambda d: d.pop(key))


def test_side_must_be_a_or_b(tmp_path):
    assert "side: 'C' is not one of A, B" in broken(tmp_path, lambda d: d.update(side="C"))


def test_size_needs_columns_and_rows(tmp_path):
    assert "size: expected [columns, rows]" in broken(tmp_path, lambda d: d.update(size=[9]))
    assert "size[1]: expected a whole number" in broken(tmp_path,
                                                       lambda d: d.update(size=[9, "x"]))


def test_timer_and_row_must_be_sensible_numbers(tmp_path):
    assert "timer: 0 is below the minimum 1" in broken(tmp_path, lambda d: d.update(timer=0))
    assert "one_row: expected a whole number" in broken(tmp_path,
                                                        lambda d: d.update(one_row="seven"))


def test_nut_points_need_four_numbers(tmp_path):
    msg = broken(tmp_path, lambda d: d.update(nut_points=[2, 4, 8]))
    assert "nut_points: expected 4 numbers" in msg


# ---- chambers ------------------------------------------------------------------------------------

def test_wrong_number_of_chambers(tmp_path):
    msg = broken(tmp_path, lambda d: d["chambers"].pop())
    assert "chambers: expected 8 chambers, found 7" in msg


def test_chamber_id_used_twice(tmp_path):
    msg = broken(tmp_path, lambda d: d["chambers"][3].update(id="den"))
    assert "chambers[3].id" in msg and "'den' is used twice" in msg


def test_chamber_without_points(tmp_path):
    msg = broken(tmp_path, lambda d: chamber(d, "loft").pop("points"))
    assert "(loft)" in msg and "missing key 'points'" in msg


def test_no_start_chamber(tmp_path):
    msg = broken(tmp_path, lambda d: chamber(d, "den").pop("start"))
    assert "chambers: exactly one chamber must have start: true, found none" in msg


def test_two_start_chambers(tmp_path):
    msg = broken(tmp_path, lambda d: chamber(d, "loft").update(start=True))
    assert "found den, loft" in msg


def test_start_must_be_true_or_false(tmp_path):
    msg = broken(tmp_path, lambda d: chamber(d, "loft").update(start="yes"))
    assert "(loft).start: expected true or false" in msg


def test_chambers_that_overlap(tmp_path):
    msg = broken(tmp_path, lambda d: chamber(d, "cubby")["cells"].append([6, 5]))
    assert "(cubby).cells[6]" in msg and "cell [6, 5] overlaps chamber 'den'" in msg


def test_chamber_that_is_not_connected(tmp_path):
    msg = broken(tmp_path, lambda d: chamber(d, "cubby")["cells"].append([9, 6]))
    assert "(cubby).cells" in msg and "not connected" in msg and "[9, 6]" in msg


def test_chamber_cell_outside_the_grid(tmp_path):
    msg = broken(tmp_path, lambda d: chamber(d, "loft")["cells"].append([13, 1]))
    assert "(loft).cells[10]" in msg and "outside the 13x11 grid" in msg


def test_chamber_cell_with_a_bad_shape(tmp_path):
    msg = broken(tmp_path, lambda d: chamber(d, "loft")["cells"].append([1, 2, 3]))
    assert "(loft).cells[10]: expected a cell [x, y]" in msg


def test_chamber_cell_listed_twice(tmp_path):
    msg = broken(tmp_path, lambda d: chamber(d, "loft")["cells"].append([11, 1]))
    assert "listed twice" in msg


def test_chamber_too_big_for_the_rules(tmp_path):
    def change(d):
        # the loft's 10 cells and three cells of rock next to it
        chamber(d, "loft")["cells"] = [[x, y] for x in (11, 12) for y in range(1, 6)] \
            + [[10, 1], [10, 2], [10, 3]]
    msg = broken(tmp_path, change)
    assert "(loft).cells: a chamber needs 1 to 12 cells" in msg


# ---- tunnels ---------------------------------------------------------------------------------------

def test_tunnel_to_a_cell_outside_its_chamber(tmp_path):
    msg = broken(tmp_path, lambda d: d["tunnels"][0].__setitem__(1, [6, 2]))
    assert "tunnels[0][1]" in msg and "not inside chamber 'den'" in msg and "cubby" in msg


def test_tunnel_to_rock(tmp_path):
    msg = broken(tmp_path, lambda d: d["tunnels"][0].__setitem__(3, [3, 4]))
    assert "tunnels[0][3]" in msg and "it is rock" in msg


def test_tunnel_joining_a_chamber_to_itself(tmp_path):
    msg = broken(tmp_path, lambda d: d["tunnels"].append(["den", [5, 5], "den", [7, 6]]))
    assert f"tunnels[{TUNNELS_A}]" in msg and "'den' to itself" in msg


def test_tunnel_with_an_unknown_chamber(tmp_path):
    msg = broken(tmp_path, lambda d: d["tunnels"][1].__setitem__(2, "attic"))
    assert "tunnels[1][2]" in msg and "unknown chamber id 'attic'" in msg


def test_tunnel_with_a_bad_shape(tmp_path):
    msg = broken(tmp_path, lambda d: d["tunnels"].append(["den", [5, 5], "pantry"]))
    assert f"tunnels[{TUNNELS_A}]: expected [chamber, [x, y], chamber, [x, y]]" in msg


def test_tunnel_listed_twice(tmp_path):
    msg = broken(tmp_path, lambda d: d["tunnels"].append(["pantry", [1, 5], "den", [5, 5]]))
    assert f"tunnels[{TUNNELS_A}]" in msg and "listed twice" in msg


def test_chamber_that_no_tunnel_reaches(tmp_path):
    def change(d):
        d["tunnels"] = [t for t in d["tunnels"] if "bedroom" not in (t[0], t[2])]
    msg = broken(tmp_path, change)
    assert "tunnels: chamber 'bedroom' cannot be reached from the start chamber 'den'" in msg


# ---- mushrooms and nuts ------------------------------------------------------------------------

def test_mushroom_outside_every_chamber(tmp_path):
    msg = broken(tmp_path, lambda d: d["mushrooms"].append([3, 3]))
    assert "mushrooms[5]: cell [3, 3] lies outside every chamber" in msg


def test_nut_outside_every_chamber(tmp_path):
    msg = broken(tmp_path, lambda d: d["nuts"].__setitem__(0, [3, 3]))
    assert "nuts[0]: cell [3, 3] lies outside every chamber" in msg


def test_exactly_four_nuts(tmp_path):
    msg = broken(tmp_path, lambda d: d["nuts"].pop())
    assert "nuts: expected exactly 4, found 3" in msg


def test_nut_on_a_mushroom(tmp_path):
    msg = broken(tmp_path, lambda d: d["nuts"].__setitem__(0, [6, 0]))
    assert "nuts[0]: cell [6, 0] already holds a mushroom" in msg


def test_nut_listed_twice(tmp_path):
    msg = broken(tmp_path, lambda d: d["nuts"].__setitem__(1, d["nuts"][0]))
    assert "nuts[1]" in msg and "listed twice" in msg


def test_side_b_is_checked_the_same_way(tmp_path):
    msg = broken(tmp_path, lambda d: chamber(d, "hub")["cells"].append([6, 4]), side="B")
    assert "(hub).cells[7]" in msg and "overlaps chamber 'den'" in msg
