"""Gopher's Pantry (seed 000): roll, move a token through the tunnels of a six-page book and
collect provisions with hand cards that add up (or subtract down) to the sign at the hole.

Data: ``data/gopher/book.yaml`` (the holes shared by all six pages; per page its tunnels,
walls and signs) and ``data/gopher/deck.yaml`` (the provision and digger cards, the hand size
and the four rule sets); see ``load_data``.

Rule sets (the ``variant``): ``standard``; ``simplified`` (addition only, 2 diggers and every
8/9/10 out); ``baskets`` (standard + leapfrogging takes baskets that are bought back);
``beginner`` (no hands: the cards lie open on the table, sorted; a take may give change; score =
complete lunches).

Option ``single_card`` (beginner only): ``allowed`` (default) or ``not_allowed`` - the
rulebook's harder beginner game, where no sign may be paid with one card from the table.  Set
to ``not_allowed`` with another rule set it would do nothing, so the setup refuses it.

Cards are short codes: ``"acorn:5"`` (kind and value) or ``"digger"``.  Identical cards are
interchangeable, so hands are sorted lists of codes.

Steps, one decision per action of ``current_player``:
  place    setup: every seat in turn puts its token on an empty hole ({"type": "place",
           "hole": h}); then a roll opens the start page
  roll     the active seat rolls ({"type": "roll"}) or plays a digger first ({"type": "dig"})
  move     one action per reachable end hole ({"type": "move", "to": h, "path": [h0, h1, ...],
           "jumped": [seats leapfrogged]}; with baskets one per end hole and set of jumped
           seats), or {"type": "dig"} instead of moving, or {"type": "stay"} when no end hole
           can be reached with exactly the roll
  collect  the collecting seat builds its combination card by card: {"type": "add", "card": c}
           (face up, counts plus) or {"type": "subtract", "card": c} (face down, counts minus),
           then {"type": "collect"} once the signed total is the sign's amount; {"type": "pass"}
           gives up (the picked cards go back to the hand).  Beginner: one action per way to
           take cards from the table ({"type": "take", "kind": k, "take": [values],
           "give": [values]}) or pass
  present  the active seat keeps one of the cards it looked at ({"type": "keep", "card": c})

Why these shapes: a move of up to six steps with turns and leapfrogs has hundreds of paths but
only the end hole matters (and, with baskets, which tokens were jumped), so there is one action
per end hole (per set of jumped seats with baskets) carrying the first path found; the list
stays at most one entry per hole and set.  A hand that grows by ineffective turns can make
thousands of signed combinations, so a combination is built one card at a time; only picks that
can still be completed are offered (a reachability test over the remaining cards), so every
build ends in a legal collection and the list stays at most two entries per card plus two.

Rulings (RULINGS.md) the code follows where the rulebook is open:
  - a move never passes the same hole twice, whether it lands there or jumps over it (so it
    never leapfrogs the same token twice);
  - keeping a present's trophy is collecting: the turn is effective (no card drawn), with
    baskets it takes the baskets of the tokens leapfrogged, and it counts against a stall;
  - beginner: every present reached gives another turn, on an extra turn too;
  - the stall end: with the deck empty (standard, simplified, baskets) the game ends after
    ``stalled_rounds`` (3) full rounds in which nobody collected; in the beginner rules (no
    deck) after the beginner rule set's ``stalled_rounds`` (10), so that no game runs forever;
  - the cards a seat picks while building a payment are its secret until it pays: the other
    seats' views show them still in the hand, and the ``pick`` and ``pass`` events mark the
    card and the cards taken back ``secret`` (the contract's mark);
  - a hand is secret too, so with a hand the collect step opens at every provision or store
    sign (after a page turn: for every seat at one) whether or not the hand can pay; one that
    cannot may only give up.  The open beginner table is public: there the step opens only
    where the table can pay (else ``cannot_collect``).

Readings of our own where the rulebook and RULINGS.md say nothing (also in the rules text):
  - no end hole reachable with exactly the roll: the token stays and the turn is ineffective;
  - after a level change only provision and store signs can be collected (a present or portal
    on the new page does nothing); the active player's own collection then counts for baskets;
  - a digger that turns up the same page changes nothing and the turn ends (not ineffective);
  - with baskets, a trophy kept on the owner's next effective turn buys the basket back (it
    goes to the holder's trophies), as the added cards of a collection would.

Events (each with ``type``, data fields and an English ``text``): ``place``, ``page`` (every
roll for a page: ``value``, ``page_from``, ``page_to``, ``changed``, ``extra``), ``turn``,
``roll``, ``move`` (``start``, ``to``, ``path`` and ``hops``: each hop's ``from``, ``to``,
``over`` [holes jumped] and ``jumped`` [their seats]), ``portal``, ``dig``, ``pick``,
``collect`` (``add``, ``sub``, ``what``, ``amount``), ``take`` (beginner), ``pass``,
``cannot_collect``, ``empty_hole``, ``ineffective``, ``draw``, ``present``, ``present_empty``,
``trophy``, ``baskets``, ``ransom``, ``stay``, ``game_over``.  Rolls, draws and looks carry
``chance: True``.

Secrets: the hands of other seats, the deck order, the cards a seat looks at on a present
hole and the cards a seat has picked towards a payment not yet paid.  Events about cards only
one seat sees (``draw``, ``present``) carry ``private_to`` (that seat) and never the cards: the
seat reads them in its own ``view``.  ``pick`` and ``pass`` carry ``private_to`` and name their
cards in ``secret`` fields, which the table layer gives that seat alone.
"""
from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path

from ..io.paths import resource_path
from .base import GameState, Rec, Record
from ..io.data import Checker, display_name, load_yaml

RULE_SETS = ("standard", "simplified", "baskets", "beginner")
SPECIAL = ("store", "portal", "present", "nothing")
END_WHY = ("deck_empty", "kind_ran_out", "stalled", "other")
DIGGER = "digger"
STEPS = ("place", "roll", "move", "collect", "present", "over")
OFF = 256                      # bit offset of the signed-sum bit masks
PICK_PASSES = 10 ** 6          # the largest card total whose picks come from two passes (any:
                               # their offset is the total; a test lowers it to compare)


def card_kind(code: str):
    return None if code == DIGGER else code.split(":")[0]


_VALUES: dict = {DIGGER: 0}


def card_value(code: str) -> int:
    v = _VALUES.get(code)
    if v is None:
        v = _VALUES[code] = int(code.split(":")[1])
    return v


# ------------------------------------------------------------------------------------------
# data
# ------------------------------------------------------------------------------------------
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


# ------------------------------------------------------------------------------------------
# combinations
# ------------------------------------------------------------------------------------------
def reach(values, subtract: bool) -> int:
    """Bit mask of every signed total of a sub-multiset of ``values`` (bit OFF + total)."""
    m = 1 << OFF
    if subtract:
        for v in values:
            m |= (m << v) | (m >> v)
    else:
        for v in values:
            m |= m << v
    return m


def can_make(values, amount: int, subtract: bool) -> bool:
    return amount > 0 and bool(reach(values, subtract) >> (OFF + amount) & 1)


def eligible(hand, what: str) -> list:
    """The hand cards that may be used at a sign (its kind; any provision at a store)."""
    if what == "store":
        return [c for c in hand if c != DIGGER]
    prefix = what + ":"
    return [c for c in hand if c.startswith(prefix)]


def combinations(hand, what: str, amount: int, subtract: bool, limit: int = 5000) -> list:
    """Every distinct (add, sub) pair of sorted code lists that makes ``amount`` at a sign of
    ``what`` (at most ``limit``).  For computer players and tests."""
    cards = sorted(eligible(hand, what))
    distinct = sorted(set(cards))
    counts = [cards.count(c) for c in distinct]
    out = []

    def rec(i, total, add, sub):
        if len(out) >= limit:
            return
        if i == len(distinct):
            if total == amount and add:
                out.append((list(add), list(sub)))
            return
        c, v, n = distinct[i], card_value(distinct[i]), counts[i]
        for a in range(n + 1):
            for s in range(n - a + 1 if subtract else 1):
                rec(i + 1, total + (a - s) * v, add + [c] * a, sub + [c] * s)
    rec(0, 0, [], [])
    return out


# ------------------------------------------------------------------------------------------
# moves
# ------------------------------------------------------------------------------------------
_PLAIN: dict = {}      # (page, start, steps, by_jumps) -> move_options with no token met
PLAIN_CACHE = 4096


def move_options(page: Page, start: int, steps: int, occupied: dict, by_jumps: bool) -> list:
    """Every end hole reachable from ``start`` in exactly ``steps`` steps: a list of
    (end, path, hops) with the first path found per end hole (per end and set of jumped seats
    when ``by_jumps``).  ``occupied``: hole -> seat of the other tokens.  A hop is
    (from, to, [jumped holes]).  A depth-first search over simple paths that skips a position
    (hole, steps left, holes used, seats jumped) it has already searched from.

    When no other token is within ``steps`` tunnels of ``start``, no path can meet one (the
    first token met lies at most ``steps`` tunnels away), so the answer is that of the empty
    page: it is remembered per page, start and steps (fresh lists each time)."""
    return [(e, p, [(x, y, list(o)) for x, y, o in h])
            for e, p, h in _move_options(page, start, steps, occupied, by_jumps)]


def _move_options(page: Page, start: int, steps: int, occupied: dict, by_jumps: bool) -> list:
    """move_options with each hop's jumped holes a tuple and the hops a tuple (shared, not
    copied: the rules copy them into lists only for the move carried out)."""
    if occupied:
        ball = page.balls()[start]
        near = ball[steps] if steps < len(ball) else ball[-1]
        for h in occupied:
            if near >> h & 1:
                return _search_moves(page, start, steps, occupied, by_jumps)
    key = (page, start, steps, by_jumps)
    got = _PLAIN.get(key)
    if got is None:
        if len(_PLAIN) >= PLAIN_CACHE:
            _PLAIN.clear()
        got = _PLAIN[key] = tuple((e, tuple(p), h)
                                  for e, p, h in _search_moves(page, start, steps, {}, by_jumps))
    return [(e, list(p), h) for e, p, h in got]


def _jump_landings(adj, occupied, prev: int, at: int, over: tuple) -> list:
    """Landing holes of a jump that has passed ``over`` (ending at occupied ``at``), each as
    (landing hole, the holes jumped, bit mask of the landing and jumped holes), the holes the
    move used before not yet left out: a move passes no hole twice, landed on or jumped over
    (RULINGS), so a searcher drops a landing whose mask meets the holes used.  Both move
    searches share it."""
    out = []
    for m in adj[at]:
        if m == prev or m in over:
            continue
        if m in occupied:
            out += _jump_landings(adj, occupied, at, m, over + (m,))
        else:
            mask = 1 << m
            for h in over:
                mask |= 1 << h
            out.append((m, over, mask))
    return out


def _search_ends(page: Page, start: int, steps: int, occupied: dict) -> list:
    """_search_moves without baskets (one entry per end hole): the same search, in the same
    order, with the path and hops so far kept on two stacks (copied only for an end hole found)
    and the positions remembered without the seats jumped (they make no difference to the end
    holes), as one number each (holes visited, hole, steps left)."""
    if steps == 0:
        return [(start, [start], ())]
    adj = page.adj
    nb = page.neighbour_bits()
    found: dict = {}
    done: set = set()
    landings: dict = {}
    ends = len(adj) - len(occupied) - 1     # every end hole found: stop early
    near = page.neighbours()
    occ_mask = 0
    for h in occupied:
        occ_mask |= 1 << h
    path = [start]
    hops: list = []
    push_p, pop_p, push_h, pop_h = path.append, path.pop, hops.append, hops.pop

    def rec(at, left, vis):
        """True once every end hole is found."""
        left -= 1                           # the steps left after this one
        for n, b in nb[at]:
            if vis & b:
                continue
            if occ_mask & b:
                got = landings.get(at << 10 | n)
                if got is None:
                    got = landings[at << 10 | n] = _jump_landings(adj, occupied, at, n, (n,))
                for land, over, lb in got:
                    if vis & lb:            # a hole landed on or jumped over before
                        continue
                    if left:
                        v = vis | lb
                        if left == 1 and not near[land] & occ_mask:
                            push_p(land)
                            push_h((at, land, over))
                            r = leaf(land, v)
                        else:
                            key = v << 13 | land << 3 | left
                            if key in done:
                                continue
                            done.add(key)
                            push_p(land)
                            push_h((at, land, over))
                            r = rec(land, left, v)
                        pop_p()
                        pop_h()
                        if r:
                            return True
                    elif land not in found:
                        found[land] = (land, path + [land], (*hops, (at, land, over)))
                        if len(found) >= ends:
                            return True
            elif not left:
                if n not in found:
                    found[n] = (n, path + [n], (*hops, (at, n, ())))
                    if len(found) >= ends:
                        return True
            else:
                v = vis | b
                if left == 1 and not near[n] & occ_mask:
                    push_p(n)
                    push_h((at, n, ()))
                    r = leaf(n, v)
                else:
                    key = v << 13 | n << 3 | left
                    if key in done:
                        continue
                    done.add(key)
                    push_p(n)
                    push_h((at, n, ()))
                    r = rec(n, left, v)
                pop_p()
                pop_h()
                if r:
                    return True
        return False

    def leaf(at, vis):
        """The last step from ``at`` when no token is next to it: its free neighbours not
        found yet, in order (True: every end hole is found)."""
        for n, b in nb[at]:
            if vis & b or n in found:
                continue
            found[n] = (n, path + [n], (*hops, (at, n, ())))
            if len(found) >= ends:
                return True
        return False

    rec(start, steps, 1 << start)
    return list(found.values())


def _search_moves(page: Page, start: int, steps: int, occupied: dict, by_jumps: bool) -> list:
    """_move_options' search itself (not remembered): (end, path, hops) with the hops a tuple
    of (from, to, tuple of jumped holes)."""
    if not by_jumps:
        return _search_ends(page, start, steps, occupied)
    return _walk_moves(page, start, steps, occupied, by_jumps)


def _walk_moves(page: Page, start: int, steps: int, occupied: dict, by_jumps: bool) -> list:
    """The move search for both kinds of answer (with baskets: per end and set of seats
    jumped); _search_ends is the quicker form of it without baskets."""
    adj = page.adj
    found: dict = {}
    path = [start]
    hops: list = []
    done: set = set()
    ends = len(adj) - len(occupied) - 1     # every end hole found: stop early (no baskets)

    landings: dict = {}

    def jumps(at, n, vis):
        """Landing holes (and holes jumped) of a jump from ``at`` over occupied ``n``."""
        got = landings.get(at << 10 | n)
        if got is None:
            got = landings[at << 10 | n] = _jump_landings(adj, occupied, at, n, (n,))
        return [x for x in got if not vis & x[2]]

    def rec(at, left, vis, jm):
        if left == 0:
            key = (at, jm) if by_jumps else at
            if key not in found:
                found[key] = (at, list(path), tuple(hops))
            return
        pos = (at, left, vis, jm)
        if pos in done:
            return
        done.add(pos)
        for n in adj[at]:
            if vis >> n & 1:
                continue
            if n in occupied:
                for land, over, lb in jumps(at, n, vis):
                    m = jm
                    for h in over:
                        m |= 1 << occupied[h]
                    if left == 1:    # the last step: what rec(land, 0, ...) does, in place
                        key = (land, m) if by_jumps else land
                        if key in found:
                            continue
                    path.append(land)
                    hops.append((at, land, over))
                    if left == 1:
                        found[key] = (land, list(path), tuple(hops))
                    else:
                        rec(land, left - 1, vis | lb, m)
                    hops.pop()
                    path.pop()
            elif left == 1:
                key = (n, jm) if by_jumps else n
                if key not in found:
                    found[key] = (n, path + [n], (*hops, (at, n, ())))
            elif left == 2:
                path.append(n)
                hops.append((at, n, ()))
                last(n, vis | 1 << n, jm)
                hops.pop()
                path.pop()
            else:
                path.append(n)
                hops.append((at, n, ()))
                rec(n, left - 1, vis | 1 << n, jm)
                hops.pop()
                path.pop()
            if not by_jumps and len(found) >= ends:
                return

    def last(at, vis, jm):
        """rec(at, 1, vis, jm) without remembering the position (a last step is cheap)."""
        for n in adj[at]:
            if vis >> n & 1:
                continue
            if n in occupied:
                for land, over, _ in jumps(at, n, vis):
                    m = jm
                    for h in over:
                        m |= 1 << occupied[h]
                    key = (land, m) if by_jumps else land
                    if key in found:
                        continue
                    path.append(land)
                    hops.append((at, land, over))
                    found[key] = (land, list(path), tuple(hops))
                    hops.pop()
                    path.pop()
            else:
                key = (n, jm) if by_jumps else n
                if key not in found:
                    found[key] = (n, path + [n], (*hops, (at, n, ())))
            if not by_jumps and len(found) >= ends:
                return
    rec(start, steps, 1 << start, 0)
    return list(found.values())


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ------------------------------------------------------------------------------------------
# the state
# ------------------------------------------------------------------------------------------
class GopherState(GameState):
    EVENT_TYPES = {
        "place": "seat, hole: a token is put on a hole at the start",
        "page": "seat, value, page_from, page_to, changed, extra, chance: a roll for the page",
        "turn": "seat: a turn begins",
        "roll": "seat, value, chance: the die is rolled for a move",
        "dig": "seat, before_roll: a digger is played instead of moving",
        "move": "seat, start, to, path, hops, jumped: a token moves (each hop and leapfrog)",
        "stay": "seat, hole: no end hole can be reached with the roll",
        "pick": "seat, card, sign, private_to, secret: a card is added (+) or subtracted (-) "
                "towards a sign (card and sign: the picking seat's secret until it pays)",
        "collect": "seat, hole, what, amount, add, sub: provisions are collected",
        "take": "seat, hole, kind, take, give, what, amount: beginner cards taken from the table",
        "pass": "seat, returned, table, private_to, secret: the seat does not collect "
                "(returned: the picked cards back to the hand, that seat's secret; table: a "
                "beginner takes nothing from the table)",
        "portal": "seat, hole: a token ends on a portal",
        "present": "seat, hole, count, again, chance, private_to: a present hole is reached "
                   "(only that seat looks at the cards)",
        "present_empty": "seat, hole: a present hole gives nothing",
        "empty_hole": "seat, hole: a hole without provisions",
        "cannot_collect": "seat, hole, what, amount: the table cannot make the sign (beginner; "
                          "a hand's collect step opens even when it cannot pay)",
        "ineffective": "seat: the turn was ineffective",
        "draw": "seat, count, why, chance, private_to: cards drawn (seen by that seat only)",
        "trophy": "seat, card, returned: a present card kept (or a digger used)",
        "baskets": "seat, source, owners: baskets taken from a leapfrogged seat",
        "ransom": "seat, holder, cards: a basket bought back with collected cards",
        "game_over": "winners, scores, end, minus: the game ends (minus: the subtracted points "
                     "of each seat, which break a tie; not in the beginner game)",
    }
    GAME_ID = "gopher"
    TITLE = "Gopher's Pantry"
    PLAYERS = (2, 4)
    FORMAT = 1

    @classmethod
    def describe_setup(cls):
        variants = [{"id": "standard", "label": "Standard"},
                    {"id": "simplified", "label": "Simplified (adding only)"},
                    {"id": "baskets", "label": "With baskets (leapfrog ransom)"},
                    {"id": "beginner", "label": "Beginner (cards open on the table)"}]
        options = [{"id": "single_card", "label": "Beginner: one card may pay a sign",
                    "choices": [{"id": "allowed", "label": "Allowed"},
                                {"id": "not_allowed", "label": "No, combine cards"}],
                    "default": "allowed", "when": {"variant": "beginner"}}]
        return variants, options

    def __init__(self, players: int, seed=None, variant=None, options=None,
                 data: GopherData | None = None):
        super().__init__(players, seed, variant, options)
        self._check_options(options or {})
        self.data = data or default_data()
        self._blank(players)
        cards = self.data.deck(self.variant)
        if self.beginner:
            for c in cards:
                self.table[c] = self.table.get(c, 0) + 1
            self.diggers_left = [self.rs["diggers_each"]] * players
        else:
            self.rng.shuffle(cards)
            self.deck = cards
            for s in range(players):
                self.hands[s] = sorted(self.deck.pop() for _ in range(self.data.hand))
        self.step = "place"
        self.current_player = 0

    def _check_options(self, given: dict) -> None:
        """Refuse an option set to something other than its default where it does nothing
        (its ``when`` does not hold for this rule set), with a sentence for the user."""
        from .base import GameInfo
        variants, specs = self.describe_setup()
        for spec in specs:
            key = spec["id"]
            if key not in given or given[key] == spec.get("default"):
                continue
            if GameInfo.option_applies(spec, self.variant, self.options):
                continue
            want = (spec.get("when") or {}).get("variant")
            want = want if isinstance(want, list) else [want]
            label = {v["id"]: v["label"] for v in variants}
            names = " or ".join(label[v] for v in want if v in label)
            raise ValueError(f"option '{key}' ({spec['label']}) does nothing with the "
                             f"{label.get(self.variant, self.variant)} rule set of {self.TITLE}"
                             + (f"; it applies to {names} only" if names else ""))

    def _blank(self, players: int) -> None:
        self.names = [f"Player {i + 1}" for i in range(players)]
        self.rs = self.data.rule_sets[self.variant]
        self.beginner = self.variant == "beginner"
        self.subtract = self.rs["subtract"]
        self.baskets = self.rs["baskets"]
        self.page = 1
        self.tokens: list = [None] * players
        self.hands: list = [[] for _ in range(players)]
        self.deck: list = []
        self.discard: list = []
        self.face_up: list = [[] for _ in range(players)]
        self.face_down: list = [[] for _ in range(players)]
        self.trophies: list = [[] for _ in range(players)]
        self.holder: list = list(range(players))     # owner -> seat holding the basket
        self.table: dict = {}
        self.diggers_left: list = [0] * players
        self.step = "place"
        self.active = 0
        self.roll = None
        self.collector = None
        self.picks_add: list = []
        self.picks_sub: list = []
        self.queue: list = []
        self.after_change = False
        self.effective = False
        self.collected_any = False
        self.bonus = False            # beginner: this turn is an extra turn from a present
        self.jumped: list = []
        self.present: list = []
        self.stall = 0
        self.turns = 0
        self.winner_list: list = []
        self.end_reason = ""
        self.end: dict | None = None  # why the game ended: {"why": ..., and its number or kind}
        self._moves = None
        self._legal = None

    # ---- helpers ------------------------------------------------------------------------------
    def page_obj(self) -> Page:
        return self.data.pages[self.page]

    def sign_at(self, seat: int):
        return self.page_obj().signs[self.tokens[seat]]

    def _nm(self, s: int) -> str:
        return self.names[s]

    def _roll_die(self) -> int:
        return self.rng.randint(1, self.data.die)

    def _occupied(self, but: int) -> dict:
        return {h: s for s, h in enumerate(self.tokens) if s != but and h is not None}

    def _move_options(self):
        if self._moves is None:
            self._moves = _move_options(self.page_obj(), self.tokens[self.active], self.roll,
                                       self._occupied(self.active), self.baskets)
        return self._moves

    def _has_digger(self, seat: int) -> bool:
        if self.beginner:
            return self.diggers_left[seat] > 0
        return DIGGER in self.hands[seat]

    def _draw(self, seat: int, n: int, ev: list, why: str) -> None:
        got = []
        for _ in range(n):
            if not self.deck:
                break
            got.append(self.deck.pop())
        if got:
            self.hands[seat] = sorted(self.hands[seat] + got)
            ev.append(Rec(type="draw", seat=seat, count=len(got), why=why, chance=True,
                          private_to=seat,
                          text=f"{self.names[seat]} draws {_plural(len(got), 'card')} "
                               f"({'refill' if why == 'refill' else 'ineffective turn'})."))

    # ---- legal actions ------------------------------------------------------------------------
    def _legal_actions(self) -> list:
        step = self.step
        s = self.current_player
        if step == "collect" and not self.beginner:           # the most frequent step
            return self._pick_actions(s)
        nm = self.names[s]
        if step == "place":
            taken = set(h for h in self.tokens if h is not None)
            return [Record("place", f"{nm} puts the token on hole {h}.", hole=h)
                    for h in self.data.hole_ids if h not in taken]
        if step == "roll":
            out = [Rec(type="roll", text=f"{nm} rolls the die.")]
            if self._has_digger(s):
                out.append(Rec(type="dig", text=f"{nm} plays a digger instead of moving."))
            return out
        if step == "move":
            occ = None
            out = []
            plain = self.data.move_patterns(nm)
            for end, path, hops in self._move_options():
                for h in hops:
                    if h[2]:
                        break
                else:                                                  # no leapfrog
                    a = Rec(plain.get(end) or self.data.move_pattern(nm, end))
                    a["path"] = path
                    a["jumped"] = []
                    out.append(a)
                    continue
                if occ is None:                                        # a leapfrog
                    occ = self._occupied(s)
                    leaps = self.data.leap_patterns(self.names)
                m = 0                                                  # the seats jumped
                for _, _, o in hops:
                    for h in o:
                        m |= 1 << occ[h]
                pattern = leaps.get((s, end, m)) or self.data.leap_pattern(self.names, s, end, m)
                a = Rec(pattern)
                a["path"] = path
                a["jumped"] = list(pattern["jumped"])
                out.append(a)
            if not out:
                out.append(Rec(type="stay", text=f"{nm} cannot move {self.roll} steps and stays."))
            if self._has_digger(s):
                out.append(Rec(type="dig", text=f"{nm} plays a digger instead of moving."))
            return out
        if step == "collect":
            if self.beginner:
                return self._take_actions(s) + [Record("pass", f"{nm} takes nothing.")]
            return self._pick_actions(s)
        if step == "present":
            return [Record("keep", f"{nm} keeps a card as a trophy.", card=c)
                    for c in sorted(set(self.present))]
        return []

    def _pick_actions(self, s: int) -> list:
        what, amount = self.data.pages[self.page].signs[self.tokens[s]]     # sign_at(s)
        need = amount
        for c in self.picks_add:
            need -= _VALUES[c]
        for c in self.picks_sub:
            need += _VALUES[c]
        nm = self.names[s]
        if need == 0 and self.picks_add:
            out = [Record("collect", f"{nm} collects {self.data.sign_text((what, amount))}.")]
        else:
            out = []
        info = self.data._picks.get(nm) or self.data.pick_rows(nm)
        signs = self.data._pick_signs.get(nm) or self.data.pick_sign_rows(nm)
        # the rows of eligible(hand, what), in hand order
        rows = [r for r in map(signs[what].get, self.hands[s]) if r]
        subtract = self.subtract
        n = len(rows)
        if n <= 2:                          # one or two cards: the other card's totals
            for i in range(n):
                if i and rows[1] is rows[0]:
                    break
                v, adds, subs = rows[i]
                w = rows[1 - i][0] if n == 2 else 0
                t = need - v
                if t == 0 or t == w or (subtract and t == -w):
                    out.append(Rec(adds))
                if subtract:
                    t = need + v
                    if t == 0 or t == w or t == -w:
                        out.append(Rec(subs))
            out.append(Rec(type="pass", text=info.get(None) or self.data.pass_text(nm)))
            return out
        vals = [r[0] for r in rows]
        # A card can be picked when the other cards make the rest: need - v when it is added,
        # need + v when it is subtracted.  The totals of the other cards (all but card i) are
        # those of the cards before i plus those of the cards after i: t is such a total when
        # some total a of the cards before and t - a of the cards after exist.  pre[i] marks
        # the totals a of the cards before i (bit T + a); post[i] marks the totals b of the
        # cards from i on mirrored (bit T - b; with subtraction the totals are symmetric,
        # so mirrored they are the same), so that post[i + 1] << t marks T + a exactly for
        # the a whose t - a the cards after make.  The offset T is the cards' total, beyond
        # which no total lies: no total falls off a bit mask, and the masks stay short.
        total = sum(vals)
        one = 1 << total
        if total > PICK_PASSES:
            pre = post = None
        elif subtract:
            pre = [one]
            m = one
            for v in vals:
                m |= (m << v) | (m >> v)
                pre.append(m)
            post = [one] * (n + 1)
            m = one
            for i in range(n - 1, 0, -1):
                v = vals[i]
                m |= (m << v) | (m >> v)
                post[i] = m
        else:
            pre = [one]
            m = one
            for v in vals:
                m |= m << v
                pre.append(m)
            post = [one] * (n + 1)
            m = one
            for i in range(n - 1, 0, -1):
                m |= m >> vals[i]
                post[i] = m
        last = None                         # the cards are sorted: a copy follows its card
        for i, r in enumerate(rows):
            if r is last:
                continue
            last = r
            v, adds, subs = r
            if pre is None:                 # large values: the other cards' totals in full
                rest = self._rest(vals, v)
                if rest >> (OFF + need - v) & 1:
                    out.append(Rec(adds))
                if subtract and rest >> (OFF + need + v) & 1:
                    out.append(Rec(subs))
                continue
            a, b = pre[i], post[i + 1]
            t = need - v
            if a & (b << t if t >= 0 else b >> -t):
                out.append(Rec(adds))
            if subtract:
                t = need + v
                if a & (b << t if t >= 0 else b >> -t):
                    out.append(Rec(subs))
        out.append(Rec(type="pass", text=info.get(None) or self.data.pass_text(nm)))
        return out

    def _rest(self, vals: list, v: int) -> int:
        """reach of ``vals`` without one card of value ``v``."""
        i = vals.index(v)
        return reach(vals[:i] + vals[i + 1:], self.subtract)

    def _take_actions(self, s: int) -> list:
        what, amount = self.sign_at(s)
        kinds = self.data.kinds if what == "store" else [what]
        most = self.rs["take_most"]
        fewest = 2 if self.options.get("single_card") == "not_allowed" else 1
        out = []
        nm = self._nm(s)
        for k in kinds:
            avail = sorted({card_value(c) for c, n in self.table.items()
                            if n > 0 and card_kind(c) == k})

            def rec(start, left, picked):
                if left == 0:
                    if len(picked) < fewest:
                        return
                    out.append(Record("take", f"{nm} takes {'+'.join(map(str, picked))} "
                                      f"{self.data.kind_labels[k].lower()}.", kind=k,
                                      take=list(picked), give=[]))
                    return
                if len(picked) == most:
                    return
                for v in avail:
                    if v < start or v > left:
                        continue
                    if self.table.get(f"{k}:{v}", 0) <= picked.count(v):
                        continue
                    rec(v, left - v, picked + [v])
            rec(1, amount, [])
            if self.rs["change_most"]:
                pile = {card_value(c) for c in self.face_up[s] if card_kind(c) == k}
                for v in avail:
                    if v > amount and (v - amount) in pile:
                        big = self.data.a_label(f"{k}:{v}")
                        out.append(Record("take", f"{nm} takes {big} and gives {v - amount} "
                                          "back.", kind=k, take=[v], give=[v - amount]))
        return out

    # ---- carrying out -------------------------------------------------------------------------
    def _apply(self, a: Record, index: int) -> list:
        t = a["type"]
        ev: list = []
        s = self.current_player
        if t == "add":
            self.hands[s].remove(a["card"])
            self.picks_add.append(a["card"])
            ev.append(Rec(type="pick", seat=s, card=a["card"], sign="+", private_to=s,
                          secret=["card", "sign"], text=a["text"]))
        elif t == "subtract":
            self.hands[s].remove(a["card"])
            self.picks_sub.append(a["card"])
            ev.append(Rec(type="pick", seat=s, card=a["card"], sign="-", private_to=s,
                          secret=["card", "sign"], text=a["text"]))
        elif t == "roll":
            self.roll = self._roll_die()
            self._moves = None
            ev.append(Rec(type="roll", seat=s, value=self.roll, chance=True,
                          text=f"{self.names[s]} rolls {self.roll}."))
            self.step = "move"
        elif t == "move":
            self._move(s, a, index, ev)
        elif t == "pass":
            self._pass(s, ev)
        elif t == "place":
            self._place(s, a["hole"], ev)
        elif t == "dig":
            self._dig(s, ev)
        elif t == "stay":
            ev.append(Record("stay", f"{self._nm(s)} cannot move exactly {self.roll} steps.",
                             seat=s, hole=self.tokens[s]))
            self._ineffective(ev)
        elif t == "collect":
            self._collect(s, ev)
        elif t == "take":
            self._take(s, a, ev)
        elif t == "keep":
            self._keep(s, a["card"], ev)
        return ev

    def _place(self, s: int, hole: int, ev: list) -> None:
        self.tokens[s] = hole
        ev.append(Record("place", f"{self._nm(s)} puts the token on hole {hole}.", seat=s,
                         hole=hole))
        if s + 1 < self.players:
            self.current_player = s + 1
            return
        roll = self._roll_die()
        self.page = roll
        ev.append(Record("page", f"The roll of {roll} opens the book at page {roll}.",
                         seat=None, value=roll, page_from=None, page_to=roll, changed=True,
                         chance=True))
        self._start_turn(0, ev)

    def _start_turn(self, s: int, ev: list) -> None:
        self.active = s
        self.current_player = s
        self.step = "roll"
        self.roll = None
        self._moves = None
        self.effective = False
        self.collected_any = False
        self.after_change = False
        self.jumped = []
        self.queue = []
        ev.append(Rec(type="turn", seat=s, text=f"{self.names[s]}'s turn."))

    def _dig(self, s: int, ev: list) -> None:
        if self.beginner:
            self.diggers_left[s] -= 1
        else:
            self.hands[s].remove(DIGGER)
            self.discard.append(DIGGER)
        ev.append(Record("dig", f"{self._nm(s)} plays a digger instead of moving.", seat=s,
                         before_roll=self.roll is None))
        self._level_change(s, ev)

    def _move(self, s: int, a: Record, index: int, ev: list) -> None:
        end, path, hops = self._move_options()[index]
        start = self.tokens[s]
        occ = None
        hop_list = []
        for f, to, over in hops:
            if over:
                if occ is None:
                    occ = self._occupied(s)
                jumped = [occ[h] for h in over]
                for j in jumped:
                    if j not in self.jumped:
                        self.jumped.append(j)
                hop_list.append({"from": f, "to": to, "over": list(over), "jumped": jumped})
            else:
                hop_list.append({"from": f, "to": to, "over": [], "jumped": []})
        self.tokens[s] = end
        ev.append(Rec(type="move", seat=s, start=start, to=end, path=list(path), hops=hop_list,
                      jumped=list(self.jumped),
                      text=f"{self.names[s]} moves from hole {start} to hole {end}"
                      + (" leapfrogging " + ", ".join(self._nm(j) for j in self.jumped)
                         if self.jumped else "") + "."))
        self._arrive(s, ev)

    def _arrive(self, s: int, ev: list) -> None:
        what, amount = self.data.pages[self.page].signs[self.tokens[s]]     # sign_at(s)
        if what == "portal":
            ev.append(Record("portal", f"{self._nm(s)} reaches a portal.", seat=s,
                             hole=self.tokens[s]))
            self._level_change(s, ev)
        elif what == "present":
            if self.beginner:             # every present reached, on an extra turn too
                ev.append(Record("present", f"{self._nm(s)} reaches a present and takes "
                                 "another turn.", seat=s, hole=self.tokens[s], again=True))
                self._start_turn(s, ev)
                self.bonus = True
            elif self.deck:
                n = min(self.data.present_look, len(self.deck))
                self.present = [self.deck.pop() for _ in range(n)]
                self.step = "present"
                ev.append(Record("present", f"{self._nm(s)} reaches a present and looks at "
                                 f"the top {_plural(n, 'card')} of the deck.", seat=s,
                                 hole=self.tokens[s], count=n, chance=True, private_to=s))
            else:
                ev.append(Record("present_empty", f"{self._nm(s)} reaches a present, but the "
                                 "deck is empty.", seat=s, hole=self.tokens[s]))
                self._ineffective(ev)
        elif what == "nothing":
            ev.append(Rec(type="empty_hole", seat=s, hole=self.tokens[s],
                          text=f"{self.names[s]} reaches a hole without provisions."))
            self._ineffective(ev)
        else:
            # with a hand the collect step always opens, so that the others learn nothing of
            # what the hidden hand can pay (it may only give up); the open table is public
            if not self.beginner or self._can_collect(s):
                self._open_collect(s)
            else:
                ev.append(Rec(type="cannot_collect", seat=s, hole=self.tokens[s], what=what,
                              amount=amount, text=f"{self.names[s]} cannot collect "
                                                  f"{self.data.sign_text((what, amount))}."))
                self._ineffective(ev)

    def _can_collect(self, s: int) -> bool:
        what, amount = self.data.pages[self.page].signs[self.tokens[s]]     # sign_at(s)
        if what in SPECIAL and what != "store":
            return False
        if self.beginner:
            return bool(self._take_actions(s))
        # the values of eligible(hand, what); can_make with the offset the cards' total
        vals = [v for v in map(self.data.sign_values[what].get, self.hands[s]) if v]
        total = sum(vals)
        if amount > total:            # more than all the cards together
            return False
        if amount in vals:            # one card pays it
            return True
        m = 1 << total
        if self.subtract:
            for v in vals:
                m |= (m << v) | (m >> v)
        else:
            for v in vals:
                m |= m << v
        return bool(m >> (total + amount) & 1)

    def _open_collect(self, s: int) -> None:
        self.step = "collect"
        self.collector = s
        self.current_player = s
        self.picks_add = []
        self.picks_sub = []

    def _ineffective(self, ev: list) -> None:
        s = self.active
        ev.append(Rec(type="ineffective", seat=s, text=f"{self.names[s]}'s turn is ineffective."))
        if not self.beginner:
            self._draw(s, 1, ev, "ineffective")
        self._end_turn(ev)

    def _level_change(self, s: int, ev: list) -> None:
        old = self.page
        roll = self._roll_die()
        changed = roll != old
        self.page = roll
        ev.append(Rec(type="page", seat=s, value=roll, page_from=old, page_to=roll,
                      changed=changed, chance=True,
                      text=f"{self.names[s]} rolls {roll}: "
                      + (f"the book turns from page {old} to page {roll}." if changed
                         else "the page stays.")))
        if not changed:
            self._end_turn(ev)
            return
        if self.sign_at(s)[0] == "portal":
            old = self.page
            roll = self._roll_die()
            self.page = roll
            ev.append(Record("page", f"{self._nm(s)} lands on a portal and rolls once more: "
                             f"{roll}" + (f", the book turns to page {roll}." if roll != old
                                          else ", the page stays."), seat=s, value=roll,
                             page_from=old, page_to=roll, changed=roll != old, extra=True,
                             chance=True))
        self.after_change = True
        self.queue = [(s + i) % self.players for i in range(self.players)]
        self._next_collector(ev)

    def _next_collector(self, ev: list) -> None:
        """The next seat of the queue at a provision or store sign collects or gives up (with
        a hand: whether or not it can pay, which is its secret; the open table: if it can)."""
        while self.queue:
            c = self.queue.pop(0)
            what = self.data.pages[self.page].signs[self.tokens[c]][0]
            if what in SPECIAL and what != "store":
                continue
            if not self.beginner or self._can_collect(c):
                self._open_collect(c)
                return
        self._end_turn(ev)

    def _collect(self, s: int, ev: list) -> None:
        what, amount = self.sign_at(s)
        add, sub = sorted(self.picks_add), sorted(self.picks_sub)
        self.picks_add, self.picks_sub = [], []
        ev.append(Record("collect", f"{self._nm(s)} collects {self.data.sign_text((what, amount))}"
                         f" with {', '.join('+' + self.data.label(c) for c in add)}"
                         + "".join(f", -{self.data.label(c)}" for c in sub) + ".",
                         seat=s, hole=self.tokens[s], what=what, amount=amount, add=add, sub=sub))
        self.face_down[s] += sub
        self.collected_any = True
        if s == self.active:
            self.effective = True
            if self.baskets:
                self._baskets(s, add, ev)
                return self._after_collect(ev)
        self.face_up[s] += add
        self._after_collect(ev)

    def _baskets(self, s: int, add: list, ev: list, piles: list | None = None) -> None:
        """An effective turn of ``s`` with baskets: take the baskets of the seats leapfrogged,
        then pay a basket away with ``add`` (the added cards, or a present's trophy) to its
        holder; else they go to the own pile (``piles``: face up unless said)."""
        piles = self.face_up if piles is None else piles
        for j in self.jumped:
            got = [o for o in range(self.players) if self.holder[o] == j]
            if not got:
                continue
            for o in got:
                self.holder[o] = s
            ev.append(Record("baskets", f"{self._nm(s)} takes {_plural(len(got), 'basket')} from "
                             f"{self._nm(j)}.", seat=s, source=j, owners=got))
        h = self.holder[s]
        if h != s:
            piles[h] += add
            self.holder[s] = s
            ev.append(Record("ransom", f"{self._nm(s)} buys the basket back from {self._nm(h)} "
                             f"with the collected cards.", seat=s, holder=h, cards=list(add)))
        else:
            piles[s] += add

    def _take(self, s: int, a: Record, ev: list) -> None:
        k = a["kind"]
        for v in a["take"]:
            c = f"{k}:{v}"
            self.table[c] -= 1
            self.face_up[s].append(c)
        for v in a["give"]:
            c = f"{k}:{v}"
            self.face_up[s].remove(c)
            self.table[c] += 1
        self.face_up[s].sort()
        what, amount = self.sign_at(s)
        ev.append(Record("take", a["text"], seat=s, hole=self.tokens[s], kind=k,
                         take=list(a["take"]), give=list(a["give"]), what=what, amount=amount))
        self.collected_any = True
        if s == self.active:
            self.effective = True
        self._after_collect(ev)

    def _after_collect(self, ev: list) -> None:
        self.collector = None
        if self.after_change:
            self._next_collector(ev)
        else:
            self._end_turn(ev)

    def _pass(self, s: int, ev: list) -> None:
        if self.beginner:             # nothing in hand: nothing goes back
            ev.append(Rec(type="pass", seat=s, table=True,
                          text=f"{self.names[s]} takes nothing."))
        else:                         # the picks go back, seen by that seat alone
            back = self.picks_add + self.picks_sub
            if back:
                self.hands[s] = sorted(self.hands[s] + back)
                self.picks_add, self.picks_sub = [], []
            ev.append(Rec(type="pass", seat=s, returned=back, private_to=s, secret=["returned"],
                          text=f"{self.names[s]} does not collect."))
        self.collector = None
        if self.after_change:
            self._next_collector(ev)
        else:
            self._ineffective(ev)

    def _keep(self, s: int, card: str, ev: list) -> None:
        rest = list(self.present)
        rest.remove(card)
        self.present = []
        self.deck[:0] = rest             # to the bottom (index 0 is the bottom)
        if card == DIGGER:
            self.discard.append(DIGGER)
            ev.append(Record("trophy", f"{self._nm(s)} takes the digger from the present and "
                             f"uses it at once; {_plural(len(rest), 'card')} go under the deck.",
                             seat=s, card=card, returned=len(rest)))
            self._level_change(s, ev)
            return
        ev.append(Record("trophy", f"{self._nm(s)} keeps {self.data.a_label(card)} as a trophy; "
                         f"{_plural(len(rest), 'card')} go under the deck.", seat=s, card=card,
                         returned=len(rest)))
        # keeping a trophy is collecting (RULINGS): the turn is effective (no card drawn), it
        # takes the baskets of the seats leapfrogged, and it counts against a stalled game
        self.collected_any = self.effective = True
        if self.baskets:
            self._baskets(s, [card], ev, self.trophies)
        else:
            self.trophies[s].append(card)
        self._end_turn(ev)

    def _end_turn(self, ev: list) -> None:
        self.collector = None
        self.bonus = False
        self.queue = []
        self.turns += 1
        n = self.players
        if not self.beginner:
            for i in range(n):
                t = (self.active + i) % n
                short = self.data.hand - len(self.hands[t])
                if short > 0:
                    self._draw(t, short, ev, "refill")
        if self.collected_any or (not self.beginner and self.deck):
            self.stall = 0
        else:
            self.stall += 1
        why = end = None
        if self.beginner:
            for k in self.data.kinds:
                if not any(n_ > 0 for c, n_ in self.table.items() if card_kind(c) == k):
                    why = f"the {self.data.kind_labels[k].lower()} cards ran out"
                    end = {"why": "kind_ran_out", "kind": k}
                    break
        elif not self.deck and any(len(h) <= self.data.end_hand for h in self.hands):
            least = min(len(h) for h in self.hands)
            why = f"the deck is empty and a hand is down to {_plural(least, 'card')}"
            end = {"why": "deck_empty", "cards": least}
        rounds = self.rs["stalled_rounds"] if self.beginner else self.data.stalled_rounds
        if why is None and self.stall >= rounds * n:
            why = f"nobody collected for {rounds} rounds"
            end = {"why": "stalled", "rounds": rounds}
        if why is not None:
            self._finish(why, ev, end)
            return
        self._start_turn((self.active + 1) % n, ev)

    def _finish(self, why: str, ev: list, end: dict | None = None) -> None:
        sc = self.scores()
        best = max(sc)
        top = [s for s in range(self.players) if sc[s] == best]
        if len(top) > 1 and not self.beginner:
            minus = [self.minus(s) for s in top]
            top = [s for s, m in zip(top, minus) if m == min(minus)]
        self.winner_list = top
        self.end = dict(end or {"why": "other"})
        self.step = "over"
        self.current_player = None
        names = " and ".join(self._nm(s) for s in top)
        self.end_reason = f"The game ended because {why}; {names} " \
                          f"{'has' if len(top) == 1 else 'have'} the most provisions."
        ev.append(Record("game_over", f"Game over: {why}. {names} "
                         f"win{'s' if len(top) == 1 else ''}.", winners=list(top),
                         scores=list(sc), end=end or {"why": "other"},
                         **({} if self.beginner else
                            {"minus": [self.minus(x) for x in range(self.players)]})))

    # ---- results --------------------------------------------------------------------------------
    def plus(self, s: int) -> int:
        return sum(map(card_value, self.face_up[s]))

    def minus(self, s: int) -> int:
        return sum(map(card_value, self.face_down[s]))

    def trophy_points(self, s: int) -> int:
        return sum(map(card_value, self.trophies[s]))

    def lunches(self, s: int) -> int:
        return min(sum(card_value(c) for c in self.face_up[s] if card_kind(c) == k)
                   for k in self.data.kinds)

    def scores(self) -> list:
        if self.beginner:
            return [self.lunches(s) for s in range(self.players)]
        return [self.plus(s) - self.minus(s) + self.trophy_points(s) for s in range(self.players)]

    def winners(self) -> list:
        return list(self.winner_list) if self.current_player is None else []

    def summary(self) -> str:
        if self.current_player is not None:
            return f"Turn {self.turns + 1} is under way on page {self.page}."
        pts = ", ".join(f"{self.names[s]} {v}" for s, v in enumerate(self.scores()))
        return f"{self.end_reason} Final scores: {pts}."

    # ---- views ----------------------------------------------------------------------------------
    def view(self, seat) -> dict:
        # The cards picked towards a payment are the collector's secret until it is paid
        # (RULINGS): to every other seat (and a spectator) they are still in the hand.
        mine = seat is not None and seat == self.collector
        picked = 0 if mine else len(self.picks_add) + len(self.picks_sub)
        seats = []
        for s in range(self.players):
            info = {"name": self.names[s], "token": self.tokens[s],
                    "hand_count": len(self.hands[s]) + (picked if s == self.collector else 0),
                    "hand": list(self.hands[s]) if s == seat else None,
                    "face_up": list(self.face_up[s]), "face_down": list(self.face_down[s]),
                    "trophies": list(self.trophies[s]), "plus": self.plus(s),
                    "minus": self.minus(s), "trophy_points": self.trophy_points(s),
                    "score": self.scores()[s], "diggers_left": self.diggers_left[s],
                    "basket_holder": self.holder[s]}
            seats.append(info)
        look = self.present if (seat == self.active and self.step == "present") else None
        return {
            "game": self.GAME_ID, "seat": seat, "players": self.players,
            "variant": self.variant, "options": dict(self.options),
            "current_player": self.current_player, "step": self.step, "active": self.active,
            "page": self.page, "roll": self.roll, "turns": self.turns,
            "deck_count": len(self.deck), "discard": list(self.discard),
            "table": dict(sorted(self.table.items())),
            "collector": self.collector, "picks_add": list(self.picks_add) if mine else [],
            "picks_sub": list(self.picks_sub) if mine else [], "queue": list(self.queue),
            "after_change": self.after_change, "effective": self.effective,
            "collected_any": self.collected_any, "bonus": self.bonus,
            "jumped": list(self.jumped),
            "present_count": len(self.present), "present": list(look) if look else None,
            "stall": self.stall, "seats": seats, "winners": self.winners(),
            "end_reason": self.end_reason, "end": dict(self.end) if self.end else None,
        }

    @classmethod
    def from_view(cls, view: dict, seed: int) -> "GopherState":
        obj = cls.__new__(cls)
        obj.players = n = int(view["players"])
        obj.seed = seed
        obj.variant = view["variant"]
        obj.options = dict(view["options"])
        obj.rng = rng = random.Random(seed)
        obj.turn_number = 0
        obj.data = default_data()
        obj._blank(n)
        obj.current_player = view["current_player"]
        for k in ("step", "active", "page", "roll", "turns", "collector", "after_change",
                  "effective", "collected_any", "bonus", "stall", "end_reason"):
            setattr(obj, k, view[k])
        obj.discard = list(view["discard"])
        obj.table = dict(view["table"])
        obj.picks_add = list(view["picks_add"])
        obj.picks_sub = list(view["picks_sub"])
        obj.queue = list(view["queue"])
        obj.jumped = list(view["jumped"])
        obj.winner_list = list(view["winners"])
        obj.end = dict(view["end"]) if view.get("end") else None
        pool = obj.data.deck(obj.variant)
        known = obj.discard + obj.picks_add + obj.picks_sub + list(view["present"] or [])
        unknown_hands = []
        for s, info in enumerate(view["seats"]):
            obj.names[s] = info["name"]
            obj.tokens[s] = info["token"]
            obj.face_up[s] = list(info["face_up"])
            obj.face_down[s] = list(info["face_down"])
            obj.trophies[s] = list(info["trophies"])
            obj.diggers_left[s] = info["diggers_left"]
            obj.holder[s] = info["basket_holder"]
            known += obj.face_up[s] + obj.face_down[s] + obj.trophies[s]
            if info["hand"] is not None:
                obj.hands[s] = list(info["hand"])
                known += obj.hands[s]
            else:
                unknown_hands.append((s, info["hand_count"]))
        if obj.beginner:
            obj.deck = []
            obj.present = []
            return obj
        for c in known:
            pool.remove(c)
        rng.shuffle(pool)
        for s, k in unknown_hands:
            obj.hands[s] = sorted(pool.pop() for _ in range(k))
        if view["present"] is not None:
            obj.present = list(view["present"])
        else:
            obj.present = [pool.pop() for _ in range(view["present_count"])]
        obj.deck = pool
        return obj

    # ---- persistence ------------------------------------------------------------------------
    _FIELDS = ("names", "page", "tokens", "hands", "deck", "discard", "face_up", "face_down",
               "trophies", "holder", "diggers_left", "step", "active", "roll", "collector",
               "picks_add", "picks_sub", "queue", "after_change", "effective", "collected_any",
               "bonus", "jumped", "present", "stall", "turns", "winner_list", "end_reason")

    def _state_dict(self) -> dict:
        out = {k: getattr(self, k) for k in self._FIELDS}
        out["table"] = [[c, n] for c, n in sorted(self.table.items())]
        out["end"] = self.end
        return json.loads(json.dumps(out))

    def _load_state_dict(self, d: dict) -> None:
        if self.variant not in RULE_SETS:
            raise ValueError(f"unknown rule set {self.variant!r}")
        if isinstance(self.players, bool) or not 2 <= self.players <= 4:
            raise ValueError("a game of Gopher's Pantry has 2 to 4 players")
        if set(self.options) != {"single_card"} or \
                self.options["single_card"] not in ("allowed", "not_allowed"):
            raise ValueError("the options of Gopher's Pantry are damaged")
        self.data = data = default_data()
        self._blank(self.players)
        if not isinstance(d, dict):
            raise ValueError("the saved state is not a mapping")
        missing = [k for k in self._FIELDS + ("table",) if k not in d]
        if missing:
            raise ValueError(f"the saved state lacks '{missing[0]}'")
        n = self.players

        def is_int(x, lo=None, hi=None):
            return (isinstance(x, int) and not isinstance(x, bool)
                    and (lo is None or x >= lo) and (hi is None or x <= hi))

        def cards(x, what):
            if not isinstance(x, list) or not all(isinstance(c, str) for c in x):
                raise ValueError(f"{what} is not a list of cards")
            return list(x)

        def per_seat(x, what):
            if not isinstance(x, list) or len(x) != n:
                raise ValueError(f"{what} needs one entry per seat")
            return x

        names = per_seat(d["names"], "names")
        if not all(isinstance(x, str) for x in names):
            raise ValueError("a seat name is not a text")
        self.names = list(names)
        if not is_int(d["page"], 1, 6):
            raise ValueError(f"page {d['page']!r} does not exist")
        self.page = d["page"]
        toks = per_seat(d["tokens"], "tokens")
        placed = [h for h in toks if h is not None]
        if not all(h in data.holes for h in placed) or len(set(placed)) != len(placed):
            raise ValueError("the tokens are not on distinct holes of the book")
        self.tokens = list(toks)
        self.hands = [sorted(cards(h, "a hand")) for h in per_seat(d["hands"], "hands")]
        self.deck = cards(d["deck"], "the deck")
        self.discard = cards(d["discard"], "the discard pile")
        self.face_up = [cards(x, "a face-up pile") for x in per_seat(d["face_up"], "face_up")]
        self.face_down = [cards(x, "a face-down pile")
                          for x in per_seat(d["face_down"], "face_down")]
        self.trophies = [cards(x, "a trophy pile") for x in per_seat(d["trophies"], "trophies")]
        self.picks_add = cards(d["picks_add"], "the added cards")
        self.picks_sub = cards(d["picks_sub"], "the subtracted cards")
        self.present = cards(d["present"], "the present cards")
        holder = per_seat(d["holder"], "holder")
        if not all(is_int(h, 0, n - 1) for h in holder):
            raise ValueError("a basket is held by a seat that does not exist")
        self.holder = list(holder)
        dl = per_seat(d["diggers_left"], "diggers_left")
        if not all(is_int(x, 0, 5) for x in dl):
            raise ValueError("bad digger counts")
        self.diggers_left = list(dl)
        table = d["table"]
        if not isinstance(table, list) or not all(
                isinstance(e, list) and len(e) == 2 and isinstance(e[0], str)
                and is_int(e[1], 0, 6) for e in table) or len(table) > 60:
            raise ValueError("the table is not a list of [card, count]")
        self.table = {c: k for c, k in table}
        everything = (self.deck + self.discard + self.picks_add + self.picks_sub + self.present
                      + [c for s in range(n) for c in self.hands[s] + self.face_up[s]
                         + self.face_down[s] + self.trophies[s]]
                      + [c for c, k in self.table.items() for _ in range(k)])
        if sorted(everything) != sorted(data.deck(self.variant)):
            raise ValueError("the cards do not add up to the deck of this rule set")
        if d["step"] not in STEPS:
            raise ValueError(f"unknown step {d['step']!r}")
        self.step = d["step"]
        if (self.current_player is None) != (self.step == "over"):
            raise ValueError("the current player does not fit the step")
        if self.current_player is not None and not is_int(self.current_player, 0, n - 1):
            raise ValueError("bad current player")
        if self.step not in ("place", "over") and None in self.tokens:
            raise ValueError("a token is missing")
        if not is_int(d["active"], 0, n - 1):
            raise ValueError("bad active seat")
        self.active = d["active"]
        if d["roll"] is not None and not is_int(d["roll"], 1, 6):
            raise ValueError("bad roll")
        self.roll = d["roll"]
        if self.step == "move" and self.roll is None:
            raise ValueError("a move without a roll")
        if d["collector"] is not None and not is_int(d["collector"], 0, n - 1):
            raise ValueError("bad collector")
        self.collector = d["collector"]
        if self.step == "collect" and self.collector != self.current_player:
            raise ValueError("the collector is not the current player")
        if (self.picks_add or self.picks_sub) and self.step != "collect":
            raise ValueError("picked cards lie on the table outside a collection")
        if bool(self.present) != (self.step == "present"):
            raise ValueError("the present cards do not fit the step")
        if self.beginner != bool(self.table) and self.step != "over":
            raise ValueError("the open table belongs to the beginner rule set only")
        q = d["queue"]
        if not isinstance(q, list) or not all(is_int(x, 0, n - 1) for x in q):
            raise ValueError("bad queue of collectors")
        self.queue = list(q)
        jumped = d["jumped"]
        if not isinstance(jumped, list) or not all(is_int(x, 0, n - 1) for x in jumped):
            raise ValueError("bad list of jumped seats")
        self.jumped = list(jumped)
        for k in ("after_change", "effective", "collected_any", "bonus"):
            if not isinstance(d[k], bool):
                raise ValueError(f"{k} must be true or false")
            setattr(self, k, d[k])
        for k in ("stall", "turns"):
            if not is_int(d[k], 0, 10 ** 6):
                raise ValueError(f"bad {k}")
            setattr(self, k, d[k])
        wl = d["winner_list"]
        if not isinstance(wl, list) or not all(is_int(x, 0, n - 1) for x in wl):
            raise ValueError("bad winners")
        self.winner_list = list(wl)
        if not isinstance(d["end_reason"], str):
            raise ValueError("bad end reason")
        self.end_reason = d["end_reason"]
        end = d.get("end")          # saves of older versions have none
        if end is not None:
            if (not isinstance(end, dict) or end.get("why") not in END_WHY
                    or not all(isinstance(k, str) and (is_int(v, 0, 10 ** 6) or v in self.data.kinds
                                                       or v in END_WHY) for k, v in end.items())):
                raise ValueError("bad end of game")
            end = dict(end)
        self.end = end

    def clone(self) -> "GopherState":
        new = GopherState.__new__(GopherState)
        new.__dict__.update(self.__dict__)
        self._share_rng(new)
        new.options = dict(self.options)
        for k in ("names", "tokens", "deck", "discard", "holder", "diggers_left", "picks_add",
                  "picks_sub", "queue", "jumped", "present", "winner_list"):
            setattr(new, k, list(getattr(self, k)))
        for k in ("hands", "face_up", "face_down", "trophies"):
            setattr(new, k, [list(x) for x in getattr(self, k)])
        new.table = dict(self.table)
        new._legal = None
        new._keys = None
        return new


__all__ = ["GopherState", "GopherData", "load_data", "default_data", "combinations", "can_make",
           "reach", "move_options", "eligible", "card_kind", "card_value", "DIGGER", "RULE_SETS"]
