"""Forest Gold: the names of the tiles and directions, and the tiles, mixes and settings read
from ``data/forest/*.yaml`` and checked (``load_data``; a broken file gives a DataError naming
the file and the entry)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...io.data import Checker, display_name, load_yaml
from ...io.paths import resource_path

KINDS = ("empty", "gold", "mole_tunnel", "bees", "lynx", "wolf_den", "bear", "serpent",
         "red_fox", "hare", "arrows", "hunters_call", "swamp")
KIND_LABEL = {"empty": "empty forest", "gold": "gold nuggets", "mole_tunnel": "mole tunnel",
              "bees": "bees", "lynx": "lynx", "wolf_den": "wolf den", "bear": "bear",
              "serpent": "serpent", "red_fox": "red fox", "hare": "hare",
              "arrows": "elven arrows", "hunters_call": "hunter's call", "swamp": "swamp"}
KIND_CAP = {k: v.capitalize() for k, v in KIND_LABEL.items()}
MOVERS = frozenset(("bear", "red_fox", "hunters_call", "arrows", "hare", "mole_tunnel"))
DIRS = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1),
        "W": (-1, 0), "NW": (-1, -1)}
STEPS8 = tuple(DIRS.values())
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
EDGES = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}
EDGE_NAME = {"S": "south", "N": "north", "W": "west", "E": "east"}
AWAY = {"S": (0, -1), "N": (0, 1), "W": (1, 0), "E": (-1, 0)}   # away from the own edge
STEPS = ("camp", "move", "choose", "over")
CHOICES = ("arrows", "hare", "mole_tunnel")


def rotate_dir(d, k: int):
    dx, dy = d
    for _ in range(k % 4):
        dx, dy = -dy, dx      # a quarter turn clockwise (y grows downwards)
    return (dx, dy)


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)



class ForestData:
    """Validated contents of data/forest/*.yaml (immutable once built)."""

    def __init__(self, types: dict, mixes: dict, settings: dict):
        self.types = types            # id -> {"kind", "nuggets", "bumps", "directions"}
        self.kind_of = {t: spec["kind"] for t, spec in types.items()}   # id -> kind
        self.mixes = mixes            # size -> {type id: count}
        self.settings = settings      # camp_moves, race_target, race_target_alliance, ...

    def kind(self, tid: str) -> str:
        return self.types[tid]["kind"]


def load_data(folder: str | Path | None = None) -> ForestData:
    """Load and validate tiles.yaml, mixes.yaml and settings.yaml of ``folder``."""
    folder = Path(folder) if folder else resource_path("data", "forest")

    def open_(name):
        path = folder / name
        chk = Checker(display_name(path))
        return chk, chk.mapping(load_yaml(path), "top level")

    chk, raw = open_("tiles.yaml")
    kinds = chk.seq(chk.key(raw, "kinds", "top level"), "kinds")
    for i, k in enumerate(kinds):
        chk.str(k, f"kinds[{i}]", KINDS)
    missing = [k for k in KINDS if k not in kinds]
    if missing:
        chk.fail("kinds", f"the kind '{missing[0]}' is missing")
    types: dict = {}
    for i, e in enumerate(chk.seq(chk.key(raw, "types", "top level"), "types")):
        where = f"types[{i}]"
        chk.mapping(e, where)
        tid = chk.str(chk.key(e, "id", where), where + ".id")
        if tid in types:
            chk.fail(where + ".id", f"'{tid}' is listed twice")
        kind = chk.str(chk.key(e, "kind", where), where + ".kind", KINDS)
        spec = {"kind": kind, "nuggets": 0, "bumps": 0, "directions": ()}
        if kind == "gold":
            spec["nuggets"] = chk.int(chk.key(e, "nuggets", where), where + ".nuggets", 1, 9)
        if kind == "swamp":
            spec["bumps"] = chk.int(chk.key(e, "bumps", where), where + ".bumps", 1, 9)
        if kind == "arrows":
            dirs = chk.seq(chk.key(e, "directions", where), where + ".directions")
            if not dirs:
                chk.fail(where + ".directions", "an arrow tile must point somewhere")
            for j, d in enumerate(dirs):
                if d not in DIRS:
                    chk.fail(f"{where}.directions[{j}]", f"the arrow points nowhere: {d!r} is "
                             f"not one of {', '.join(DIRS)}")
            if len(set(dirs)) != len(dirs):
                chk.fail(where + ".directions", "a direction is listed twice")
            spec["directions"] = tuple(DIRS[d] for d in dirs)
        for key in ("nuggets", "bumps", "directions"):
            if key in e and not spec[key]:
                chk.fail(f"{where}.{key}", f"only {dict(nuggets='gold', bumps='swamp', directions='arrows')[key]} "
                         f"tiles have {key}")
        types[tid] = spec
    if types.get("empty", {}).get("kind") != "empty":
        chk.fail("types", "a type 'empty' of kind empty is needed (a campfire that moves "
                 "leaves one behind)")

    chk, raw = open_("mixes.yaml")
    mixes: dict = {}
    sizes = chk.mapping(chk.key(raw, "mixes", "top level"), "mixes")
    for size in (9, 11):
        if size not in sizes:
            chk.fail("mixes", f"the mix for the {size}x{size} board is missing")
    for size, entry in sizes.items():
        where = f"mixes.{size}"
        chk.int(size, where, 5, 15)
        chk.mapping(entry, where)
        chk.str(chk.key(entry, "source", where), where + ".source")
        tiles = chk.mapping(chk.key(entry, "tiles", where), where + ".tiles")
        mix = {}
        for tid, n in tiles.items():
            if tid not in types:
                chk.fail(f"{where}.tiles.{tid}", f"unknown tile type '{tid}'")
            mix[tid] = chk.int(n, f"{where}.tiles.{tid}", 0, size * size)
        total = sum(mix.values())
        if total != size * size:
            chk.fail(where + ".tiles", f"the mix has {total} tiles but the {size}x{size} board "
                     f"needs {size * size}")
        if not any(types[t]["kind"] == "gold" and n for t, n in mix.items()):
            chk.fail(where + ".tiles", "the mix has no gold")
        mixes[size] = mix

    chk, raw = open_("settings.yaml")
    settings = {}

    def value(key, lo, hi):
        e = chk.mapping(chk.key(raw, key, "top level"), key)
        chk.str(chk.key(e, "source", key), key + ".source")
        return chk.int(chk.key(e, "value", key), key + ".value", lo, hi)
    settings["camp_moves"] = value("camp_moves", 0, 20)
    settings["race_target"] = value("race_target", 1, 50)
    settings["race_target_alliance"] = value("race_target_alliance", 1, 100)
    settings["round_cap"] = value("round_cap", 5, 500)
    e = chk.mapping(chk.key(raw, "reinforcements", "top level"), "reinforcements")
    chk.str(chk.key(e, "source", "reinforcements"), "reinforcements.source")
    rr = chk.seq(chk.key(e, "value", "reinforcements"), "reinforcements.value")
    if not rr:
        chk.fail("reinforcements.value", "list at least one delay")
    settings["reinforcements"] = [chk.int(v, f"reinforcements.value[{i}]", 1, 50)
                                  for i, v in enumerate(rr)]
    return ForestData(types, mixes, settings)


@lru_cache(maxsize=2)
def default_data() -> ForestData:
    return load_data()

