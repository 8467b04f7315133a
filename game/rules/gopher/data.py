"""Gopher's Pantry: the cards and the book, read from ``data/gopher/book.yaml`` and
``deck.yaml`` and checked (``load_data``; a broken file gives a DataError naming the file and
the entry), and the words of cards and signs."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...io.data import Checker, display_name, load_yaml
from ...io.paths import resource_path

RULE_SETS = ("standard", "simplified", "baskets", "beginner")
SPECIAL = ("store", "portal", "present", "nothing")
END_WHY = ("deck_empty", "kind_ran_out", "stalled", "other")
DIGGER = "digger"
STEPS = ("place", "roll", "move", "collect", "present", "over")


def card_kind(code: str):
    return None if code == DIGGER else code.split(":")[0]


_VALUES: dict = {DIGGER: 0}


def card_value(code: str) -> int:
    v = _VALUES.get(code)
    if v is None:
        v = _VALUES[code] = int(code.split(":")[1])
    return v



class Page:
    def __init__(self, number, name, adj, signs, tunnels, walls):
        self.number = number
        self.name = name
        self.adj = adj            # hole -> tuple of neighbouring holes (sorted)
        self.signs = signs        # hole -> (what, amount): what is a kind or one of SPECIAL
        self.tunnels = tunnels    # sorted list of [a, b]
        self.walls = walls
        self._balls = None
        self._near = None
        self._bits = None

    def neighbours(self) -> dict:
        """hole -> bit mask of its neighbours (worked out once)."""
        if self._near is None:
            self._near = {h: sum(1 << n for n in self.adj[h]) for h in self.adj}
        return self._near

    def neighbour_bits(self) -> dict:
        """hole -> tuple of (neighbour, its bit) in the order of ``adj`` (worked out once)."""
        if self._bits is None:
            self._bits = {h: tuple((n, 1 << n) for n in self.adj[h]) for h in self.adj}
        return self._bits

    def balls(self) -> dict:
        """hole -> [bit mask of the holes at most r tunnels away, for r = 0, 1, ...] up to the
        whole page (worked out once)."""
        if self._balls is None:
            adj = self.adj
            balls = {}
            for a in adj:
                masks, seen, ring = [1 << a], {a}, [a]
                while ring:
                    nxt = []
                    for h in ring:
                        for n in adj[h]:
                            if n not in seen:
                                seen.add(n)
                                nxt.append(n)
                    ring = nxt
                    if ring:
                        masks.append(masks[-1] | sum(1 << n for n in ring))
                balls[a] = masks
            self._balls = balls
        return self._balls


class GopherData:
    """Validated contents of data/gopher/book.yaml and deck.yaml (immutable once built)."""

    def __init__(self, holes, pages, kinds, kind_labels, values, diggers, numbers, rule_sets):
        self.holes = holes                 # {id: (x, y)}
        self.hole_ids = sorted(holes)
        self.pages = pages                 # {1..6: Page}
        self.kinds = kinds
        self.kind_labels = kind_labels
        self.values = values               # [(value, copies)]
        self.diggers = diggers
        self.hand = numbers["hand"]
        self.end_hand = numbers["end_hand"]
        self.present_look = numbers["present_look"]
        self.die = numbers["die"]
        self.stalled_rounds = numbers["stalled_rounds"]
        self.rule_sets = rule_sets
        self._labels: dict = {}
        self._a_labels: dict = {}
        self._picks: dict = {}
        self._pick_signs: dict = {}
        self._move_patterns: dict = {}
        self._decks: dict = {}
        for k in kinds:                    # every card's value known up front (card_value)
            for v, _ in values:
                card_value(f"{k}:{v}")
        # sign (a kind or "store") -> {card code: value} of the cards that may pay it
        self.sign_values = {k: {f"{k}:{v}": v for v, _ in values} for k in kinds}
        self.sign_values["store"] = {c: v for k in kinds for c, v in self.sign_values[k].items()}
        self._leaps: dict = {}

    def deck(self, rule_set: str) -> list:
        """Every card of the rule set (sorted codes; digger cards last): a new list each time,
        copied from one made once per rule set."""
        got = self._decks.get(rule_set)
        if got is None:
            rs = self.rule_sets[rule_set]
            got = [f"{k}:{v}" for k in self.kinds for v, n in self.values
                   if v not in rs["remove_values"] for _ in range(n)]
            if rule_set != "beginner":
                got += [DIGGER] * (self.diggers - rs["remove_diggers"])
            self._decks[rule_set] = got = tuple(got)
        return list(got)

    def label(self, code: str) -> str:
        got = self._labels.get(code)
        if got is None:
            if code == DIGGER:
                got = "digger"
            else:
                k, v = code.split(":")
                got = f"{self.kind_labels[k].lower()} {v}"
            self._labels[code] = got
        return got

    def pick_rows(self, name: str) -> dict:
        """card code -> its pick row for the seat called ``name`` (see pick_info), for every
        provision card; one table per name, at most 64 names remembered."""
        got = self._picks.get(name)
        if got is None:
            if len(self._picks) >= 64:
                self._picks.clear()
            got = self._picks[name] = {}
            for k in self.kinds:
                for v, _ in self.values:
                    self.pick_info(name, f"{k}:{v}")
        return got

    def pick_info(self, name: str, code: str) -> tuple:
        """(value, the add action, the subtract action) of a card for the seat called
        ``name``: what the picks of a collection need of it, the actions as patterns to copy
        (remembered per name and card code; bounded)."""
        rows = self.pick_rows(name)
        got = rows.get(code)
        if got is None:
            label = self.a_label(code)
            got = rows[code] = (
                card_value(code),
                {"type": "add", "card": code, "text": f"{name} adds {label}."},
                {"type": "subtract", "card": code, "text": f"{name} subtracts {label}."})
        return got

    def pick_sign_rows(self, name: str) -> dict:
        """sign (a kind or "store") -> {card code: its pick row for the seat called ``name``}
        for the cards that may pay it (those of the kind; every provision at a store): the
        rows of ``pick_rows`` by sign, so that a hand's eligible rows are one lookup a card."""
        got = self._pick_signs.get(name)
        if got is None:
            if len(self._pick_signs) >= 64:
                self._pick_signs.clear()
            rows = self.pick_rows(name)
            got = self._pick_signs[name] = {
                k: {c: r for c, r in rows.items() if c is not None and card_kind(c) == k}
                for k in self.kinds}
            got["store"] = {c: r for c, r in rows.items() if c is not None}
        return got

    def pass_text(self, name: str) -> str:
        """The sentence of giving up a collection, kept with the pick rows (under None)."""
        got = self.pick_rows(name)[None] = f"{name} does not collect."
        return got

    def move_patterns(self, name: str) -> dict:
        """end hole -> the pattern of a move without leapfrog there by the seat called
        ``name`` (filled in by move_pattern; its path and jumped set per action); one table
        per name, at most 64 names remembered."""
        got = self._move_patterns.get(name)
        if got is None:
            if len(self._move_patterns) >= 64:
                self._move_patterns.clear()
            got = self._move_patterns[name] = {}
        return got

    def move_pattern(self, name: str, end: int) -> dict:
        got = self.move_patterns(name)[end] = {
            "type": "move", "to": end, "path": None, "jumped": None,
            "text": f"{name} moves to hole {end}."}
        return got

    def leap_patterns(self, names: list) -> dict:
        """(seat, end, bit mask of the seats jumped) -> the pattern of that leapfrog move, for
        the seats called ``names`` (see leap_pattern)."""
        got = self._leaps.get(tuple(names))
        if got is None:
            if len(self._leaps) >= 64:
                self._leaps.clear()
            got = self._leaps[tuple(names)] = {}
        return got

    def leap_pattern(self, names: list, seat: int, end: int, jumped: int) -> dict:
        """The pattern of a move of ``seat`` to hole ``end`` leapfrogging the seats in the bit
        mask ``jumped`` (its path filled in per action; at most seats x holes x 2 ** seats
        per list of names)."""
        seats = [j for j in range(len(names)) if jumped >> j & 1]
        got = self.leap_patterns(names)[(seat, end, jumped)] = {
            "type": "move", "to": end, "path": None, "jumped": seats,
            "text": f"{names[seat]} moves to hole {end} leapfrogging "
                    + ", ".join(names[j] for j in seats) + "."}
        return got

    def a_label(self, code: str) -> str:
        """The label with its article: "a berry 4", "an acorn 8"."""
        got = self._a_labels.get(code)
        if got is None:
            label = self.label(code)
            got = self._a_labels[code] = ("an " if label[0] in "aeiou" else "a ") + label
        return got

    def sign_text(self, sign) -> str:
        what, amount = sign
        if what == "store":
            return f"a whole store of {amount}"
        if what in SPECIAL:
            return {"portal": "a portal", "present": "a present", "nothing": "no sign"}[what]
        return f"{amount} {self.kind_labels[what].lower()}"


def _parse_sign(chk: Checker, text, where: str, kinds: list):
    if not isinstance(text, str) or not text.strip():
        chk.fail(where, f"expected a sign like 'acorn 5', 'store 8', portal, present or nothing, "
                        f"found {text!r}")
    parts = text.split()
    if len(parts) == 1 and parts[0] in ("portal", "present", "nothing"):
        return (parts[0], 0)
    if len(parts) != 2 or parts[0] not in kinds + ["store"]:
        chk.fail(where, f"'{text}' is not a sign (a kind of {', '.join(kinds)} or 'store' with "
                        "an amount, or portal, present, nothing)")
    try:
        amount = int(parts[1])
    except ValueError:
        chk.fail(where, f"the amount in '{text}' is not a whole number")
    if amount < 1:
        chk.fail(where, f"the amount in '{text}' must be at least 1")
    return (parts[0], amount)


def load_data(folder: str | Path | None = None) -> GopherData:
    """Load and validate book.yaml and deck.yaml of ``folder`` (default data/gopher)."""
    folder = Path(folder) if folder else resource_path("data", "gopher")

    def open_(name):
        path = folder / name
        chk = Checker(display_name(path))
        return chk, chk.mapping(load_yaml(path), "top level")

    # deck.yaml
    chk, raw = open_("deck.yaml")
    kinds, kind_labels = [], {}
    for i, e in enumerate(chk.seq(chk.key(raw, "kinds", "top level"), "kinds")):
        where = f"kinds[{i}]"
        chk.mapping(e, where)
        kid = chk.str(chk.key(e, "id", where), where + ".id")
        if kid in kinds or kid in SPECIAL or kid == DIGGER or ":" in kid:
            chk.fail(where + ".id", f"'{kid}' is used twice or is a reserved word")
        kinds.append(kid)
        kind_labels[kid] = chk.str(e.get("label", kid.capitalize()), where + ".label")
    if len(kinds) != 3:
        chk.fail("kinds", f"expected 3 kinds of provisions, found {len(kinds)}")
    values = []
    for i, e in enumerate(chk.seq(chk.key(raw, "values", "top level"), "values")):
        where = f"values[{i}]"
        chk.mapping(e, where)
        v = chk.int(chk.key(e, "value", where), where + ".value", 1, 30)
        if any(v == w for w, _ in values):
            chk.fail(where + ".value", f"the value {v} is listed twice")
        values.append((v, chk.int(chk.key(e, "copies", where), where + ".copies", 1, 6)))
    if not values:
        chk.fail("values", "no card values")
    values.sort()
    diggers = chk.int(chk.key(raw, "diggers", "top level"), "diggers", 0, 20)
    numbers = {}
    for key, lo, hi in (("hand", 1, 12), ("end_hand", 0, 11), ("present_look", 1, 6),
                        ("die", 6, 6), ("stalled_rounds", 1, 20)):
        numbers[key] = chk.int(chk.key(raw, key, "top level"), key, lo, hi)
    if numbers["end_hand"] >= numbers["hand"]:
        chk.fail("end_hand", "must be below the hand size")
    rule_sets = {}
    rsraw = chk.mapping(chk.key(raw, "rule_sets", "top level"), "rule_sets")
    for rid in RULE_SETS:
        where = f"rule_sets.{rid}"
        e = chk.mapping(chk.key(rsraw, rid, "rule_sets"), where)
        rs = {}
        for flag in ("subtract", "baskets"):
            val = chk.key(e, flag, where)
            if not isinstance(val, bool):
                chk.fail(f"{where}.{flag}", f"expected true or false, found {val!r}")
            rs[flag] = val
        rs["remove_diggers"] = chk.int(chk.key(e, "remove_diggers", where),
                                       where + ".remove_diggers", 0, diggers)
        rv = chk.seq(chk.key(e, "remove_values", where), where + ".remove_values")
        rs["remove_values"] = [chk.int(x, f"{where}.remove_values[{j}]", 1, 30)
                               for j, x in enumerate(rv)]
        for j, x in enumerate(rs["remove_values"]):
            if not any(x == v for v, _ in values):
                chk.fail(f"{where}.remove_values[{j}]", f"there is no card of value {x}")
        if len(set(rs["remove_values"])) == len(values):
            chk.fail(where + ".remove_values", "every value is removed")
        if rid == "beginner":
            rs["diggers_each"] = chk.int(chk.key(e, "diggers_each", where),
                                         where + ".diggers_each", 0, 5)
            rs["take_most"] = chk.int(chk.key(e, "take_most", where), where + ".take_most", 1, 4)
            rs["change_most"] = chk.int(chk.key(e, "change_most", where),
                                        where + ".change_most", 0, 1)
            rs["stalled_rounds"] = chk.int(chk.key(e, "stalled_rounds", where),
                                           where + ".stalled_rounds", 1, 40)
        rule_sets[rid] = rs
    for extra in rsraw:
        if extra not in RULE_SETS:
            chk.fail("rule_sets", f"unknown rule set '{extra}' (known: {', '.join(RULE_SETS)})")

    # the largest amount a hand could make: addition only, the smallest deck, a hand of cards
    def most(rid, count):
        rs = rule_sets[rid]
        vals = sorted((v for v, n in values if v not in rs["remove_values"] for _ in range(n)),
                      reverse=True)
        return sum(vals[:count])
    limit = min(most("simplified", numbers["hand"]), most("standard", numbers["hand"]),
                most("beginner", rule_sets["beginner"]["take_most"]))

    # book.yaml
    chk, raw = open_("book.yaml")
    count = chk.int(chk.key(raw, "pages_count", "top level"), "pages_count", 6, 6)
    holes = {}
    for i, h in enumerate(chk.seq(chk.key(raw, "holes", "top level"), "holes")):
        where = f"holes[{i}]"
        chk.mapping(h, where)
        hid = chk.int(chk.key(h, "id", where), where + ".id", 1, 999)
        if hid in holes:
            chk.fail(where + ".id", f"the hole {hid} is listed twice")
        at = chk.seq(chk.key(h, "at", where), where + ".at")
        if len(at) != 2:
            chk.fail(where + ".at", "expected [x, y]")
        pt = (chk.int(at[0], where + ".at[0]", 0, 100), chk.int(at[1], where + ".at[1]", 0, 100))
        if pt in holes.values():
            chk.fail(where + ".at", f"two holes at {list(pt)}")
        holes[hid] = pt
    if len(holes) < 8:
        chk.fail("holes", f"a page needs at least 8 holes, found {len(holes)}")
    pages = {}
    praw = chk.seq(chk.key(raw, "pages", "top level"), "pages")
    if len(praw) != count:
        chk.fail("pages", f"expected {count} pages, found {len(praw)}")
    for i, p in enumerate(praw):
        where = f"pages[{i}]"
        chk.mapping(p, where)
        num = chk.int(chk.key(p, "page", where), where + ".page", 1, count)
        if num in pages:
            chk.fail(where + ".page", f"page {num} is listed twice")
        name = chk.str(chk.key(p, "name", where), where + ".name")
        edges = set()
        for j, t in enumerate(chk.seq(chk.key(p, "tunnels", where), where + ".tunnels")):
            tw = f"{where}.tunnels[{j}]"
            if not isinstance(t, str) or "-" not in t:
                chk.fail(tw, f"expected a chain of holes like '1-2-3', found {t!r}")
            try:
                chain = [int(x) for x in t.split("-")]
            except ValueError:
                chk.fail(tw, f"'{t}' is not a chain of hole numbers")
            for h in chain:
                if h not in holes:
                    chk.fail(tw, f"the tunnel leads to hole {h}, which does not exist")
            for a, b in zip(chain, chain[1:]):
                if a == b:
                    chk.fail(tw, f"a tunnel from hole {a} to itself")
                edges.add((min(a, b), max(a, b)))
        walls = []
        for j, w in enumerate(chk.seq(p.get("walls", []), where + ".walls")):
            ww = f"{where}.walls[{j}]"
            try:
                a, b = (int(x) for x in str(w).split("|"))
            except ValueError:
                chk.fail(ww, f"expected 'a|b' (a wall between two holes), found {w!r}")
            for h in (a, b):
                if h not in holes:
                    chk.fail(ww, f"the wall touches hole {h}, which does not exist")
            if (min(a, b), max(a, b)) in edges:
                chk.fail(ww, f"a wall between holes {a} and {b}, which a tunnel joins")
            walls.append([min(a, b), max(a, b)])
        adj = {h: [] for h in holes}
        for a, b in edges:
            adj[a].append(b)
            adj[b].append(a)
        # every hole reachable from every other
        start = min(holes)
        seen, todo = {start}, [start]
        while todo:
            for n in adj[todo.pop()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(holes):
            lost = sorted(set(holes) - seen)
            chk.fail(where + ".tunnels", f"hole {lost[0]} cannot be reached from hole {start} "
                                         "on this page")
        signs = {h: ("nothing", 0) for h in holes}
        sraw = chk.mapping(chk.key(p, "signs", where), where + ".signs")
        for h, text in sraw.items():
            sw = f"{where}.signs.{h}"
            if not isinstance(h, int) or h not in holes:
                chk.fail(sw, f"there is no hole {h!r}")
            sign = _parse_sign(chk, text, sw, kinds)
            if sign[1] > limit:
                chk.fail(sw, f"no hand could ever make {sign[1]} (at most {limit})")
            signs[h] = sign
        kinds_used = {s[0] for s in signs.values()}
        if not any(k in kinds_used for k in kinds + ["store"]):
            chk.fail(where + ".signs", "the page has no provisions to collect")
        pages[num] = Page(num, name, {h: tuple(sorted(v)) for h, v in adj.items()}, signs,
                          sorted([a, b] for a, b in edges), sorted(walls))
    return GopherData(holes, pages, kinds, kind_labels, values, diggers, numbers, rule_sets)


@lru_cache(maxsize=1)
def default_data() -> GopherData:
    return load_data()
