"""Forest Gold: the saved state - what ``to_dict`` writes of a game, and the check of one read
back from a file.  A save is untrusted: every field is checked with ``rules/check.py`` (its
type, its range against the packs, the forest and the tile mix) and then how the fields fit
together (campfires on their edges, pieces on open tiles, swamp bumps, a pending choice);
anything wrong raises ValueError naming the field."""
from __future__ import annotations

from collections import Counter

from .. import check as C
from .board import geometry
from .data import CHOICES, STEPS, default_data

FIELDS = ("names", "tile", "rot", "opened", "loose", "aside", "camps", "stored",
          "camp_moves", "hunter_moved", "round", "step", "destroyed", "winner_list",
          "end_reason")
ENDS = ("", "race", "plunder", "round_cap")
NUGGETS_MAX = 10_000


def state_dict(st) -> dict:
    out = {k: getattr(st, k) for k in FIELDS}
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in out.items()}
    out["stored"] = [list(x) for x in st.stored]
    out["size"] = st.n
    out["bump_nug"] = [[c, list(v)] for c, v in sorted(st.bump_nug.items())]
    out["pieces"] = [dict(p) for p in st.pieces]
    out["pending"] = None if st.pending is None else {
        "piece": st.pending["piece"], "why": st.pending["why"],
        "options": list(st.pending["options"]), "visited": list(st.pending["visited"])}
    return out


def _bools(value, field: str, length: int) -> list:
    C.seq(value, field, length)
    for i, v in enumerate(value):
        C.boolean(v, f"{field}[{i}]")
    return list(value)


def _tiles(value, field: str, types: dict, length: int | None = None,
           none: bool = False) -> list:
    """Tile type ids (None under a campfire where ``none``)."""
    C.seq(value, field, length)
    for i, t in enumerate(value):
        if not (t is None and none) and not (isinstance(t, str) and t in types):
            C.bad(f"{field}[{i}]", f"{C.show(t)} is not a tile of Forest Gold")
    return list(value)


def load(st, d: dict) -> None:
    """Fill the fresh state ``st`` (players, variant, options and current player already read
    by ``GameState.from_dict``) from the saved fields ``d``."""
    C.choice(st.variant, "variant", ("race", "plunder"))
    P = C.integer(st.players, "players", 2, 4)
    st.data = data = default_data()
    specs = st.describe_setup()[1]
    if set(st.options) != {o["id"] for o in specs}:
        C.bad("options", "the options of Forest Gold are damaged")
    for o in specs:
        C.choice(st.options[o["id"]], f"options.{o['id']}", [c["id"] for c in o["choices"]])
    n = C.integer(C.get(d, "size"), "size")
    if n != st.options["size"] or n not in data.mixes:
        C.bad("size", f"{n} is not the forest size of the options ({st.options['size']})")
    current = st.current_player
    st._blank(P, n)
    st.current_player = current
    cells = n * n

    # each field on its own
    st.names = C.texts(C.get(d, "names"), "names", P)
    tile = _tiles(C.get(d, "tile"), "tile", data.types, cells, none=True)
    aside = _tiles(C.get(d, "aside"), "aside", data.types)
    rest = Counter(t for t in tile if t is not None) + Counter(aside)
    rest.pop("empty", None)      # a campfire that moved leaves an extra Empty Forest behind
    if not rest <= Counter(data.mixes[n]):
        C.bad("tile", f"the tiles do not match the tile mix of the {n}x{n} forest")
    st.tile, st.aside = tile, aside
    st.rot = C.ints(C.get(d, "rot"), "rot", cells, 0, 3)
    st.opened = _bools(C.get(d, "opened"), "opened", cells)
    st.loose = C.ints(C.get(d, "loose"), "loose", cells, 0, 200)
    camps = C.seq(C.get(d, "camps"), "camps", P)
    edge = geometry(n)["edge"]
    for s, c in enumerate(camps):
        if c is not None:
            C.integer(c, f"camps[{s}]", 0, cells - 1)
            if c not in edge[st.edges[s]] or tile[c] is not None:
                C.bad(f"camps[{s}]", "the campfire is off its pack's edge")
    st.camps = list(camps)
    stored = C.seq(C.get(d, "stored"), "stored", P)
    st.stored = [C.ints(x, f"stored[{s}]", None, 1, NUGGETS_MAX) for s, x in enumerate(stored)]
    st.camp_moves = C.ints(C.get(d, "camp_moves"), "camp_moves", P, 0,
                           data.settings["camp_moves"])
    st.hunter_moved = _bools(C.get(d, "hunter_moved"), "hunter_moved", P)
    st.round = C.integer(C.get(d, "round"), "round", 1, data.settings["round_cap"] + 1)
    st.step = C.choice(C.get(d, "step"), "step", STEPS)
    st.destroyed = C.integer(C.get(d, "destroyed"), "destroyed", 0, NUGGETS_MAX)
    st.winner_list = C.ints(C.get(d, "winner_list"), "winner_list", None, 0, P - 1)
    st.end_reason = C.choice(C.get(d, "end_reason"), "end_reason", ENDS)
    st.bump_nug = {}
    for i, e in enumerate(C.seq(C.get(d, "bump_nug"), "bump_nug")):
        where = f"bump_nug[{i}]"
        C.seq(e, where, 2)
        c = C.integer(e[0], where + "[0]", 0, cells - 1)
        if tile[c] is None or data.kind(tile[c]) != "swamp" or not st.opened[c]:
            C.bad(where, "the bumps lie on no open swamp")
        st.bump_nug[c] = C.ints(e[1], where + "[1]", data.types[tile[c]]["bumps"], 0, 1)
    pieces = C.seq(C.get(d, "pieces"), "pieces", 3 * P)
    for i, (p, q) in enumerate(zip(st.pieces, pieces)):
        _piece(st, p, q, f"pieces[{i}]", cells)
    pend = C.get(d, "pending")
    if pend is not None:
        if not isinstance(pend, dict) or set(pend) != {"piece", "why", "options", "visited"}:
            C.bad("pending", "expected piece, why, options and visited")
        C.choice(pend["piece"], "pending.piece", [p["id"] for p in st.pieces])
        C.choice(pend["why"], "pending.why", CHOICES)
        pend = {"piece": pend["piece"], "why": pend["why"],
                "options": C.ints(pend["options"], "pending.options", None, 0, cells - 1),
                "visited": C.ints(pend["visited"], "pending.visited", None, 0, cells - 1)}
    st.pending = pend

    # how the fields fit together
    if sum(t is None for t in tile) != sum(c is not None for c in st.camps):
        C.bad("camps", "the campfires do not match the tiles under them")
    if (st.step == "choose") != (pend is not None):
        C.bad("pending", f"a pending choice does not fit the step '{st.step}'")
    if (st.current_player is None) != (st.step == "over"):
        C.bad("current_player", f"does not fit the step '{st.step}'")
    st._init_cache()


def _piece(st, p: dict, q, where: str, cells: int) -> None:
    """The saved piece ``q`` onto the fresh piece ``p`` (same id, seat and kind)."""
    if not isinstance(q, dict) or set(q) != set(p):
        C.bad(where, f"expected the fields {', '.join(p)}")
    for k in ("id", "seat", "kind"):
        if type(q[k]) is not type(p[k]) or q[k] != p[k]:
            C.bad(f"{where}.{k}", f"expected {C.show(p[k])}, found {C.show(q[k])}")
    at = q["at"]
    if at is not None:
        C.integer(at, where + ".at", 0, cells - 1)
    C.boolean(q["carry"], where + ".carry")
    C.boolean(q["trapped"], where + ".trapped")
    C.integer(q["bump"], where + ".bump", -1, 8)
    if q["dead"] is not None:
        C.integer(q["dead"], where + ".dead", 1)
    if q["bump"] >= 0 and (at not in st.bump_nug or q["bump"] >= len(st.bump_nug[at])):
        C.bad(where + ".bump", f"the piece {p['id']} stands on a bump that does not exist")
    if at is not None and not st.opened[at]:
        C.bad(where + ".at", f"the piece {p['id']} stands on a face-down tile")
    p.update(q)
