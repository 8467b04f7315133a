"""Ants & Grasshopper: the modes and ability effects, ``AntsData`` (the path cards, supply
cards and scoring read from data/ants and checked), the tables of supply points and payments,
and the small words of the command line."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...io.data import Checker, load_yaml
from ...io.paths import resource_path
from .board import CELLS, N


MODES = ("autumn", "winter", "beetle")
EFFECTS = ("two_for_one", "bonus_point", "peek", "consolation", "hidden_card", "supply_swap")
MARKS = {"2+": 2, "3+": 3, "4": 4}


# ------------------------------------------------------------------------------------------
# data
# ------------------------------------------------------------------------------------------
class AntsData:
    """Validated contents of data/ants/*.yaml (immutable once built)."""

    def __init__(self, kinds, kind_labels, insects, insect_labels, cards, designs, copies,
                 display, abilities, in_play, scoring):
        self.kinds = kinds                    # ["tablecloth", ...]
        self.kind_labels = kind_labels
        self.kind_lower = [label.lower() for label in kind_labels]
        # card id -> for each cell, "<kind> card in row r, column c" (the sentences' hot part)
        self.card_in = {cid: tuple(f"{self.kind_lower[k]} card in row {i // N + 1}, column "
                                   f"{i % N + 1}" for i in range(CELLS))
                        for cid, (k, _) in cards.items()}
        self.kind_index = {k: i for i, k in enumerate(kinds)}
        self.insects = insects
        self.insect_labels = insect_labels
        self.card_kind = {cid: k for cid, (k, _) in cards.items()}     # id -> kind index
        self.card_insect = {cid: ins for cid, (_, ins) in cards.items()}  # id -> insect or None
        self.card_ids = sorted(cards)
        self.designs = designs                # id -> {"label", "mark", "price": tuple of kind idx}
        self.copies = copies
        self.display = display
        self.abilities = abilities            # id -> {"insect", "effect", "text"}
        self.ability_of_insect = {a["insect"]: aid for aid, a in abilities.items()}
        self.ability_of_effect = {a["effect"]: aid for aid, a in abilities.items()}
        self.in_play = in_play
        self.scoring = scoring

    def supply_ids(self, players: int) -> list:
        return [f"{d}-{c + 1}" for d, spec in self.designs.items()
                if MARKS[spec["mark"]] <= players for c in range(self.copies)]

    def card_text(self, cid: int) -> str:
        ins = self.card_insect[cid]
        kind = self.kind_labels[self.card_kind[cid]].lower()
        return f"{kind} card" + (f" with a {self.insect_labels[ins].lower()}" if ins else "")


def _design(sid: str) -> str:
    """The design of a supply card id ("design-copy")."""
    des = _DESIGNS.get(sid)
    if des is None:
        des = sid.rsplit("-", 1)[0]
        if len(_DESIGNS) < 1000:       # the game's own ids (a few dozen), not any text given
            _DESIGNS[sid] = des
    return des


_DESIGNS: dict = {}


def load_data(folder: str | Path | None = None) -> AntsData:
    """Load and validate the four files of ``folder`` (default data/ants)."""
    folder = Path(folder) if folder else resource_path("data", "ants")

    def open_(name):
        path = folder / name
        from ...io.data import display_name
        chk = Checker(display_name(path))
        return chk, chk.mapping(load_yaml(path), "top level")

    def listing(chk, raw, key):
        out, labels = [], {}
        for i, e in enumerate(chk.seq(chk.key(raw, key, "top level"), key)):
            chk.mapping(e, f"{key}[{i}]")
            eid = chk.str(chk.key(e, "id", f"{key}[{i}]"), f"{key}[{i}].id")
            if eid in labels:
                chk.fail(f"{key}[{i}].id", f"'{eid}' is listed twice")
            labels[eid] = str(e.get("label", eid.capitalize()))
            out.append(eid)
        return out, labels

    # scoring.yaml
    chk, raw = open_("scoring.yaml")
    sc = {}

    def num(key, lo, hi):
        sc[key] = chk.int(chk.key(raw, key, "top level"), key, lo, hi)
    num("grid", N, N)
    num("ants", 2, 10)
    num("cubes", 4, 10)
    num("cubes_on_top_to_end", 1, 4)
    num("trade_in", 2, 6)
    num("trade_in_ability", 1, 6)
    num("winter_target", 1, 20)
    num("supply_card_points", 0, 10)
    num("pair_points", 0, 20)
    num("bonus_point", 0, 10)
    for key in ("shelf_values", "insect_sets"):
        vals = chk.seq(chk.key(raw, key, "top level"), key)
        if len(vals) != 4:
            chk.fail(key, f"expected 4 numbers, found {len(vals)}")
        sc[key] = [chk.int(v, f"{key}[{i}]", 0, 100) for i, v in enumerate(vals)]

    # cards.yaml
    chk, raw = open_("cards.yaml")
    kinds, kind_labels_d = listing(chk, raw, "kinds")
    if len(kinds) != 4:
        chk.fail("kinds", f"expected 4 kinds of path, found {len(kinds)}")
    insects, insect_labels = listing(chk, raw, "insects")
    if len(insects) != 6:
        chk.fail("insects", f"expected 6 insect kinds, found {len(insects)}")
    size = chk.int(chk.key(raw, "deck_size", "top level"), "deck_size", 16, 200)
    cards = {}
    for i, c in enumerate(chk.seq(chk.key(raw, "cards", "top level"), "cards")):
        where = f"cards[{i}]"
        chk.mapping(c, where)
        cid = chk.int(chk.key(c, "id", where), where + ".id", 1, 10_000)
        if cid in cards:
            chk.fail(where + ".id", f"the card id {cid} is used twice")
        kind = chk.str(chk.key(c, "kind", where), where + ".kind", kinds)
        ins = c.get("insect")
        if ins is not None:
            chk.str(ins, where + ".insect", insects)
        cards[cid] = (kinds.index(kind), ins)
    if len(cards) != size:
        chk.fail("cards", f"the deck must have {size} cards, found {len(cards)}")
    for ins in insects:
        if not any(v[1] == ins for v in cards.values()):
            chk.fail("cards", f"no card shows the insect '{ins}'")

    # supply.yaml
    chk, raw = open_("supply.yaml")
    copies = chk.int(chk.key(raw, "copies", "top level"), "copies", 1, 4)
    display = chk.int(chk.key(raw, "on_display", "top level"), "on_display", 1, 6)
    designs = {}
    for i, d in enumerate(chk.seq(chk.key(raw, "designs", "top level"), "designs")):
        where = f"designs[{i}]"
        chk.mapping(d, where)
        did = chk.str(chk.key(d, "id", where), where + ".id")
        if did in designs or "-" in did:
            chk.fail(where + ".id", f"'{did}' is used twice or contains '-'")
        mark = chk.key(d, "mark", where)
        if not isinstance(mark, str) or mark not in MARKS:
            chk.fail(where + ".mark", f"the mark must be one of 2+, 3+, 4, not {mark!r}")
        price = chk.seq(chk.key(d, "price", where), where + ".price")
        if not 1 <= len(price) <= 8:
            chk.fail(where + ".price", f"a price of {len(price)} cards")
        pk = tuple(sorted(kinds.index(chk.str(p, f"{where}.price[{j}]", kinds))
                          for j, p in enumerate(price)))
        designs[did] = {"label": str(d.get("label", did)), "mark": mark, "price": pk}
    if len(designs) * copies < display:
        chk.fail("designs", "fewer supply cards than the display needs")

    # abilities.yaml
    chk, raw = open_("abilities.yaml")
    in_play = chk.int(chk.key(raw, "in_play", "top level"), "in_play", 1, 6)
    abilities = {}
    seen_insects, seen_effects = set(), set()
    for i, a in enumerate(chk.seq(chk.key(raw, "abilities", "top level"), "abilities")):
        where = f"abilities[{i}]"
        chk.mapping(a, where)
        aid = chk.str(chk.key(a, "id", where), where + ".id")
        ins = chk.str(chk.key(a, "insect", where), where + ".insect", insects)
        eff = chk.str(chk.key(a, "effect", where), where + ".effect", EFFECTS)
        if aid in abilities:
            chk.fail(where + ".id", f"'{aid}' is listed twice")
        if ins in seen_insects:
            chk.fail(where + ".insect", f"the insect '{ins}' has two abilities")
        if eff in seen_effects:
            chk.fail(where + ".effect", f"the effect '{eff}' is listed twice")
        seen_insects.add(ins)
        seen_effects.add(eff)
        abilities[aid] = {"insect": ins, "effect": eff, "text": str(a.get("text", ""))}
    if len(abilities) != 6:
        chk.fail("abilities", f"expected 6 abilities, found {len(abilities)}")
    if in_play > len(abilities):
        chk.fail("in_play", "more abilities in play than exist")

    return AntsData(kinds, [kind_labels_d[k] for k in kinds], insects, insect_labels, cards,
                    designs, copies, display, abilities, in_play, sc)


@lru_cache(maxsize=1)
def default_data() -> AntsData:
    return load_data()


@lru_cache(maxsize=4096)
def _supply_points(supplies: tuple, pair: int, single: int) -> int:
    """Points of supply cards: ``pair`` for each two of a design, ``single`` for one left."""
    designs: dict = {}
    for sid in supplies:
        des = _design(sid)
        designs[des] = designs.get(des, 0) + 1
    return sum((n // 2) * pair + (n % 2) * single for n in designs.values())


@lru_cache(maxsize=4096)
def _pay_vectors(price: tuple, trade: int, total: tuple) -> tuple:
    """Every way to pay ``price`` (kinds, one card each) with at most ``total`` cards of each
    kind, as cards per kind, in sorted order: each card of the price is paid with a card of its
    kind or with ``trade`` cards of one other kind."""
    vectors = {(0, 0, 0, 0)}
    for k in price:
        grown = set()
        for v in vectors:
            for g in range(4):
                add = 1 if g == k else trade
                if v[g] + add <= total[g]:
                    w = list(v)
                    w[g] += add
                    grown.add(tuple(w))
        vectors = grown
    return tuple(sorted(vectors))


def _where(i: int) -> str:
    """A cell as the player counts it on the table: rows and columns from 1."""
    return _WHERE[i] if 0 <= i < CELLS else f"row {i // N + 1}, column {i % N + 1}"


_WHERE = [f"row {i // N + 1}, column {i % N + 1}" for i in range(CELLS)]


#: why a card is drawn (the sentence of the command line) -> the code the event carries
_WHY_CODES = {"a red ant who guessed right": "red_ant", "paid exactly": "paid_exactly",
              "consolation ability": "consolation"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
