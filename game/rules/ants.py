"""Ants & Grasshopper (seed 001): the ant lays a chain of six figures over a 4x4 grid of round
path cards and secretly picks a kind of path; the grasshopper guesses by jumping onto a card.

Modes (the ``variant``): ``autumn`` (pantry shelves and insect sets), ``winter`` (collected
cards form a supply to buy supply cards with; first to 4 victory points) and ``beetle`` (Winter
with "Long live the beetle!": ability cards).  Options: ``insects`` (Autumn: insect cards kept
``hidden`` or ``open``), ``insect_scoring`` (``sets`` 1/3/6/10 or ``linear``), ``first_ant``
(``anywhere`` or on an ``edge`` card).

Data: ``data/ants/cards.yaml`` (48 path cards), ``supply.yaml`` (14 supply cards),
``abilities.yaml`` (6 abilities), ``scoring.yaml`` (every number); see ``load_data``.

A round, one decision per action of ``current_player``:
  place       the ant puts its figures one by one ({"type": "place", "cell": [x, y]})
  choose      the ant's secret disc ({"type": "choose", "kind": k}, kinds with an ant only)
  red_choose  Winter with 3-4 players: every red ant in seat order from the ant's left picks a
              disc in secret (any kind)
  guess       the grasshopper jumps onto a card with an ant ({"type": "guess", "cell": [x, y]});
              the reveal (event with ``reveal: True``) and the collection follow at once
  take        Winter, the ant collected an insect card: this card or another grid card with
              the same insect ({"type": "take", "card": id}); a single choice is automatic
  ability     beetle: the ant may discard one insect card collected this round for its ability
              ({"type": "take_ability", "card": id} or {"type": "skip_ability"})
  buy         Winter: the collector buys one displayed supply card
              ({"type": "buy", "card": sid, "pay": [ids]}) or not ({"type": "skip_buy"})
  swap        beetle, one-use exchange ability: ({"type": "supply_swap", "mine": sid,
              "other": sid}) or {"type": "skip_swap"}
then the round ends (refill, roles).  Secrets (the ant's disc, red discs, the spyglass peek, deck
order, face-down insect cards, the hidden stash card) stay out of other seats' views.

A new ant joins the end it touches; a card next to both ends (closing a ring, e.g. the fourth
ant of a 2x2 square) joins the tail end, the end that the last appended ant extended.

Payments are listed in a canonical form: for each kind the lowest card ids are paid (the hidden
stash card is a separate choice); a hand-built payment with other ids of the same kinds is
refused.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from itertools import product
from pathlib import Path

from ..io.paths import resource_path
from .base import GameState, IllegalAction, Rec, Record
from ..io.data import Checker, load_yaml

MODES = ("autumn", "winter", "beetle")
EFFECTS = ("two_for_one", "bonus_point", "peek", "consolation", "hidden_card", "supply_swap")
MARKS = {"2+": 2, "3+": 3, "4": 4}
N = 4                       # grid side (checked against scoring.yaml)
CELLS = N * N


def _xy(i: int) -> list:
    return [i % N, i // N]


NEIGHBOURS = []
for _i in range(CELLS):
    _x, _y = _i % N, _i // N
    NEIGHBOURS.append(tuple(j for j, ok in ((_i - N, _y > 0), (_i + 1, _x < N - 1),
                                            (_i + N, _y < N - 1), (_i - 1, _x > 0)) if ok))
EDGE = frozenset(i for i in range(CELLS) if i % N in (0, N - 1) or i // N in (0, N - 1))


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
    return sid.rsplit("-", 1)[0]


def load_data(folder: str | Path | None = None) -> AntsData:
    """Load and validate the four files of ``folder`` (default data/ants)."""
    folder = Path(folder) if folder else resource_path("data", "ants")

    def open_(name):
        path = folder / name
        from ..io.data import display_name
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


def _where(i: int) -> str:
    """A cell as the player counts it on the table: rows and columns from 1."""
    return _WHERE[i] if 0 <= i < CELLS else f"row {i // N + 1}, column {i % N + 1}"


_WHERE = [f"row {i // N + 1}, column {i % N + 1}" for i in range(CELLS)]


#: why a card is drawn (the sentence of the command line) -> the code the event carries
_WHY_CODES = {"a red ant who guessed right": "red_ant", "paid exactly": "paid_exactly",
              "consolation ability": "consolation"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ------------------------------------------------------------------------------------------
# the state
# ------------------------------------------------------------------------------------------
class AntsState(GameState):
    EVENT_TYPES = {
        "round": "round, ant, hopper, reds: a new round and its roles",
        "place": "seat, cell, end, n, kind, ring: an ant is put on a card and joins the trail's "
                 "head or tail end (n: ants on the trail now; kind: of the card; ring: the "
                 "player chose the end)",
        "choose": "seat: the ant lays its secret disc (which one is not said)",
        "red_choose": "seat: a red ant lays its secret disc",
        "peek": "seat: the grasshopper peeks at an unused disc",
        "guess": "seat, cell, ant, kind: the grasshopper jumps onto a card (ant: its number "
                 "along the trail, from 1; kind: of the card)",
        "reveal": "kind, hit, reds, reveal, chance: the disc is shown",
        "collect": "seat, card, cards, shelf, space: cards are collected",
        "draw": "seat, card, why, chance: a card is drawn (why: red_ant, paid_exactly, "
                "consolation)",
        "no_card": "seat, why: a card would be drawn but none is left",
        "reshuffle": "cards, chance: the discard pile becomes the deck",
        "refill": "cells, chance: new cards fill the grid",
        "supply": "card, chance: a new supply card is laid out",
        "buy": "seat, card, pay: a supply card is bought",
        "no_buy": "seat: nothing can be bought",
        "skip_buy": "seat: buying is let go",
        "supply_swap": "seat, mine, other, source: supply cards are swapped",
        "skip_swap": "seat: the swap is let go",
        "take_ability": "seat, ability, card, source: an ability card is taken",
        "skip_ability": "seat: the ability is let go",
        "discard_hidden": "seat, card: the hidden card is discarded",
        "hide": "seat: a card is drawn face down",
        "game_over": "winners, reason, seat, points, tie: the game ends (reason: points, top, "
                     "deck, cards; seat and points: who reached the target; tie: see tie_info)",
    }
    GAME_ID = "ants"
    TITLE = "Ants & Grasshopper"
    PLAYERS = (2, 4)
    FORMAT = 1

    @classmethod
    def describe_setup(cls):
        variants = [{"id": "autumn", "label": "Autumn (pantry shelves)"},
                    {"id": "winter", "label": "Winter (supply cards)"},
                    {"id": "beetle", "label": "Winter with beetles (ability cards)"}]
        options = [
            {"id": "insects", "label": "Autumn insect cards",
             "choices": [{"id": "hidden", "label": "Face down"},
                         {"id": "open", "label": "Face up"}], "default": "hidden",
             "when": {"variant": "autumn"}},
            {"id": "insect_scoring", "label": "Autumn insect scoring",
             "choices": [{"id": "sets", "label": "Sets (1/3/6/10)"},
                         {"id": "linear", "label": "One point per card"}], "default": "sets",
             "when": {"variant": "autumn"}},
            {"id": "first_ant", "label": "First ant",
             "choices": [{"id": "anywhere", "label": "On any card"},
                         {"id": "edge", "label": "On an edge card"}], "default": "anywhere"},
        ]
        return variants, options

    def __init__(self, players: int, seed=None, variant=None, options=None,
                 data: AntsData | None = None):
        super().__init__(players, seed, variant, options)
        self.data = data or default_data()
        self._blank(players)
        rng = self.rng
        deck = list(self.data.card_ids)
        rng.shuffle(deck)
        self.deck = deck
        self.grid = [self.deck.pop() for _ in range(CELLS)]
        ev: list = []
        if self.winter:
            for s in range(players):
                self.store[s].append(self.deck.pop())
            sup = self.data.supply_ids(players)
            rng.shuffle(sup)
            self.supply_deck = sup
            self.display = [self.supply_deck.pop() for _ in range(self.data.display)]
            if self.beetle:
                ab = list(self.data.abilities)
                rng.shuffle(ab)
                self.in_play = sorted(ab[:self.data.in_play])
                self.owner = {a: None for a in self.in_play}
        self.ant, self.hopper = 0, 1
        self._start_round(ev)

    def _blank(self, players: int) -> None:
        self.names = [f"Player {i + 1}" for i in range(players)]
        self.winter = self.variant in ("winter", "beetle")
        self.beetle = self.variant == "beetle"
        self.deck: list = []
        self.grid: list = [None] * CELLS
        self.box: list = []
        self.discard: list = []
        self.shelves = [[-1] * 4 for _ in range(players)]
        self.insects = [[] for _ in range(players)]
        self.store = [[] for _ in range(players)]
        self.hidden = [None] * players
        self.supplies = [[] for _ in range(players)]
        self.supply_deck: list = []
        self.display: list = []
        self.in_play: list = []
        self.owner: dict = {}
        self.ant, self.hopper = 0, 1
        self.round = 0
        self.step = "place"
        self.chain: list = []
        self.choice = None
        self.reds: list = []
        self.red = [None] * players
        self.red_queue: list = []
        self.guess = None
        self.peek = None
        self.revealed = False
        self.collector = None
        self.collected: list = []
        self.pending: list = []
        self.round_insects: list = []
        self.ability_taken = False
        self.winner_list: list = []
        self.end_reason = ""
        self._legal = None

    # ---- helpers ------------------------------------------------------------------------------
    def kind_of_cell(self, i: int) -> int:
        return self.data.card_kind[self.grid[i]]

    def owns(self, seat: int, effect: str) -> bool:
        if not self.beetle:
            return False
        aid = self.data.ability_of_effect[effect]
        return aid in self.owner and self.owner[aid] == seat

    def vp(self, seat: int) -> int:
        """Winter victory points."""
        sc = self.data.scoring
        designs = Counter(_design(s) for s in self.supplies[seat])
        pts = 0
        for n in designs.values():
            pts += (n // 2) * sc["pair_points"] + (n % 2) * sc["supply_card_points"]
        if self.owns(seat, "bonus_point"):
            pts += sc["bonus_point"]
        return pts

    def shelf_points(self, seat: int) -> int:
        vals = self.data.scoring["shelf_values"]
        return sum(vals[p] for p in self.shelves[seat] if p >= 0)

    def insect_points(self, seat: int) -> int:
        counts = Counter(self.data.card_insect[c] for c in self.insects[seat])
        if self.options.get("insect_scoring") == "linear":
            return sum(counts.values())
        table = self.data.scoring["insect_sets"]
        return sum(table[min(n, 4) - 1] for n in counts.values())

    def autumn_points(self, seat: int) -> int:
        return self.shelf_points(seat) + self.insect_points(seat)

    def _draw(self, ev: list):
        """Winter: the top card of the deck, reshuffling the discard pile when needed."""
        if not self.deck and self.discard:
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            ev.append(Record("reshuffle", f"The discard pile ({_plural(len(self.deck), 'card')})"
                             " is shuffled into a new deck.", cards=len(self.deck), chance=True))
        return self.deck.pop() if self.deck else None

    def _draw_to(self, seat: int, ev: list, why: str) -> None:
        code = _WHY_CODES.get(why, "other")
        c = self._draw(ev)
        if c is None:
            ev.append(Record("no_card", f"{self.names[seat]} would draw a card ({why}), but none "
                             "is left.", seat=seat, why=code))
            return
        self.store[seat].append(c)
        ev.append(Record("draw", f"{self.names[seat]} draws a {self.data.card_text(c)} ({why}).",
                         seat=seat, card=c, why=code, chance=True))

    # ---- round machinery ----------------------------------------------------------------------
    def _start_round(self, ev: list) -> None:
        self.round += 1
        self.step = "place"
        self.chain = []
        self.choice = None
        self.red = [None] * self.players
        self.reds = ([s for s in range(self.players) if s not in (self.ant, self.hopper)]
                     if self.winter and self.players >= 3 else [])
        self.red_queue = []
        self.guess = None
        self.peek = None
        self.revealed = False
        self.collector = None
        self.collected = []
        self.pending = []
        self.round_insects = []
        self.ability_taken = False
        self.current_player = self.ant
        extra = f"; red ants: {', '.join(self.names[s] for s in self.reds)}" if self.reds else ""
        ev.append(Record("round", f"Round {self.round}: {self.names[self.ant]} is the ant, "
                         f"{self.names[self.hopper]} the grasshopper{extra}.", round=self.round,
                         ant=self.ant, hopper=self.hopper, reds=list(self.reds)))

    def _place_cells(self) -> list:
        chain = self.chain
        if not chain:
            if self.options.get("first_ant") == "edge":
                return sorted(EDGE)
            return list(range(CELLS))
        ends = (chain[0],) if len(chain) == 1 else (chain[0], chain[-1])
        used = set(chain)
        return sorted({j for e in ends for j in NEIGHBOURS[e] if j not in used})

    def _legal_actions(self) -> list:
        seat = self.current_player
        name = self.names[seat]
        d = self.data
        step = self.step
        acts: list = []
        if step == "place":
            n = len(self.chain) + 1
            chain = self.chain
            head = f"{name} puts ant {n} on the "
            lower, card_kind, grid = d.kind_lower, d.card_kind, self.grid
            ring = (NEIGHBOURS[chain[0]], NEIGHBOURS[chain[-1]]) if len(chain) >= 2 else None
            for i in self._place_cells():
                kind = lower[card_kind[grid[i]]]
                text = f"{head}{kind} card in {_WHERE[i]}"
                if ring is not None and i in ring[0] and i in ring[1]:
                    # next to both ends (the trail closes a ring): the player says which end
                    # it joins, so the trail's two ends are the player's choice, not the order
                    acts.append(Rec(type="place", cell=[i % N, i // N], end="head",
                                    text=f"{name} puts an ant on the {kind} card in "
                                         f"{_WHERE[i]} as the new ant 1, before the present ant 1"))
                    acts.append(Rec(type="place", cell=[i % N, i // N], end="tail",
                                    text=text + f", after ant {len(chain)}"))
                else:
                    acts.append(Rec(type="place", cell=[i % N, i // N], text=text))
        elif step == "choose":
            kinds = sorted({self.kind_of_cell(i) for i in self.chain})
            for k in kinds:
                acts.append(Record("choose", f"{name} secretly picks the "
                                   f"{d.kind_labels[k].lower()} disc", kind=d.kinds[k]))
        elif step == "red_choose":
            for k, kid in enumerate(d.kinds):
                acts.append(Record("red_choose", f"{name} (red ant) secretly picks the "
                                   f"{d.kind_labels[k].lower()} disc", kind=kid))
        elif step == "guess":
            for k, i in enumerate(self.chain):
                x, y = i % N, i // N
                acts.append(Record("guess", f"{name} jumps onto ant {k + 1}, on the "
                                   f"{d.kind_labels[self.kind_of_cell(i)].lower()} card in "
                                   f"{_where(i)}", cell=[x, y]))
        elif step == "take":
            for c in self._take_options():
                acts.append(Record("take", f"{name} takes the {d.card_text(c)}", card=c))
        elif step == "ability":
            for c in self._ability_cards():
                ab = d.ability_of_insect[d.card_insect[c]]
                acts.append(Record("take_ability", f"{name} discards the {d.card_text(c)} for "
                                   f"the {ab} ability", card=c))
            acts.append(Record("skip_ability", f"{name} takes no ability card"))
        elif step == "buy":
            for sid, pay in self._buy_options(seat):
                acts.append(Record("buy", f"{name} buys the {d.designs[_design(sid)]['label']} "
                                   f"paying {self._pay_text(pay)}", card=sid, pay=list(pay)))
            acts.append(Record("skip_buy", f"{name} buys nothing"))
        elif step == "swap":
            for mine, other in self._swap_options(seat):
                acts.append(Record("supply_swap", f"{name} swaps the "
                                   f"{d.designs[_design(mine)]['label']} for the "
                                   f"{d.designs[_design(other)]['label']}", mine=mine, other=other))
            acts.append(Record("skip_swap", f"{name} keeps the exchange card for later"))
        return acts

    def _pay_text(self, pay) -> str:
        d = self.data
        parts = []
        for c in pay:
            parts.append("the hidden card" if c == self.hidden[self.current_player]
                         else d.kind_labels[d.card_kind[c]].lower())
        return ", ".join(parts)

    def _apply(self, a: Record, index: int) -> list:
        seat = self.current_player
        name = self.names[seat]
        d = self.data
        ev: list = []
        t = a["type"]
        if t == "place":
            i = a["cell"][0] + N * a["cell"][1]
            chain = self.chain
            # next to one end joins there; next to both, the action says which end ("end")
            end = a.get("end") or ("head" if len(chain) >= 2 and i not in NEIGHBOURS[chain[-1]]
                                   else "tail")
            if end == "head":
                chain.insert(0, i)
            else:
                chain.append(i)
            ring = ", closing a ring" if a.get("end") else ""
            kind = d.kind_labels[self.kind_of_cell(i)].lower()
            if end == "head" and len(chain) > 1:
                # the board numbers the ants along the trail: the new first ant is ant 1
                text = (f"{name} puts a new ant 1 on the {kind} card in {_where(i)}, at the "
                        f"start of the trail{ring}; the others now count 2 to {len(chain)}.")
            else:
                text = f"{name} puts ant {len(chain)} on the {kind} card in {_where(i)}{ring}."
            ev.append(Record("place", text, seat=seat, cell=a["cell"], end=end, n=len(chain),
                             kind=d.kinds[self.kind_of_cell(i)], ring=bool(a.get("end"))))
            if len(chain) == d.scoring["ants"]:
                self.step = "choose"
        elif t == "choose":
            self.choice = d.kind_index[a["kind"]]
            ev.append(Record("choose", f"{name} lays a disc face down.", seat=seat))
            if self.reds:
                self.red_queue = [(self.ant + k) % self.players for k in range(1, self.players)
                                  if (self.ant + k) % self.players in self.reds]
                self.step = "red_choose"
                self.current_player = self.red_queue.pop(0)
            else:
                self._to_guess(ev)
        elif t == "red_choose":
            self.red[seat] = d.kind_index[a["kind"]]
            ev.append(Record("red_choose", f"{name} (red ant) lays a disc face down.", seat=seat))
            if self.red_queue:
                self.current_player = self.red_queue.pop(0)
            else:
                self._to_guess(ev)
        elif t == "guess":
            self.guess = a["cell"][0] + N * a["cell"][1]
            ev.append(Record("guess", f"{name} jumps onto ant {self.chain.index(self.guess) + 1}, "
                             f"on the {d.kind_labels[self.kind_of_cell(self.guess)].lower()} card "
                             f"in {_where(self.guess)}.", seat=seat, cell=a["cell"],
                             ant=self.chain.index(self.guess) + 1,
                             kind=d.kinds[self.kind_of_cell(self.guess)]))
            self._reveal(ev)
        elif t == "take":
            self._take(seat, a["card"], ev)
            self.pending.pop(0)
            self._next_take(ev)
        elif t == "take_ability":
            self._take_ability(seat, a["card"], ev)
            if self.current_player is not None:
                self._to_buy(ev)
        elif t == "skip_ability":
            ev.append(Record("skip_ability", f"{name} takes no ability card.", seat=seat))
            self._to_buy(ev)
        elif t == "buy":
            self._buy(seat, a["card"], a["pay"], ev)
            if self.current_player is not None:
                self._to_swap(ev)
        elif t == "skip_buy":
            ev.append(Record("skip_buy", f"{name} buys nothing.", seat=seat))
            self._to_swap(ev)
        elif t == "supply_swap":
            self._supply_swap(seat, a["mine"], a["other"], ev)
            if self.current_player is not None:
                self._round_end(ev)
        elif t == "skip_swap":
            ev.append(Record("skip_swap", f"{name} does not use the exchange card.", seat=seat))
            self._round_end(ev)
        else:   # pragma: no cover - only legal actions get here
            raise IllegalAction(f"unknown action {t!r}")
        return ev

    def _to_guess(self, ev: list) -> None:
        self.step = "guess"
        self.current_player = self.hopper
        if self.owns(self.hopper, "peek"):
            unused = [k for k in range(4) if k != self.choice]
            self.peek = self.rng.choice(unused)
            ev.append(Record("peek", f"{self.names[self.hopper]} peeks at one of the ant's "
                             "unused discs.", seat=self.hopper, chance=True,
                             private_to=self.hopper))

    def _reveal(self, ev: list) -> None:
        d = self.data
        choice = self.choice
        guessed = self.kind_of_cell(self.guess)
        hit = guessed == choice
        self.revealed = True
        reds = {str(s): d.kinds[self.red[s]] for s in self.reds}
        red_txt = "".join(f" {self.names[s]} showed {d.kind_labels[self.red[s]].lower()}."
                          for s in self.reds)
        who = self.hopper if hit else self.ant
        ev.append(Record("reveal", f"{self.names[self.ant]} reveals the "
                         f"{d.kind_labels[choice].lower()} disc: the grasshopper "
                         f"{'guessed right' if hit else 'guessed wrong'}.{red_txt}",
                         kind=d.kinds[choice], hit=hit, reds=reds, reveal=True, chance=True))
        self.collector = who
        cells = [i for i in self.chain if self.kind_of_cell(i) == choice]
        cards = [self.grid[i] for i in cells]
        if not self.winter:
            for i in cells:
                self.grid[i] = None
            self.collected = cards
            sh = self.shelves[who]
            n = len(cards)
            before = sh[choice]
            sh[choice] = min(3, sh[choice] + n)
            for c in cards:
                if d.card_insect[c]:
                    self.insects[who].append(c)
                else:
                    self.box.append(c)
            ins = sum(1 for c in cards if d.card_insect[c])
            moved = ("stays on the top space" if before == sh[choice] else
                     f"moves up to space {sh[choice] + 1}" if before >= 0 else
                     f"goes onto space {sh[choice] + 1}")
            ev.append(Record("collect", f"{self.names[who]} collects "
                             f"{_plural(n, d.kind_labels[choice].lower() + ' card')}; the "
                             f"{d.kind_labels[choice].lower()} cube {moved}"
                             f"{'; ' + _plural(ins, 'insect card') + ' kept' if ins else ''}.",
                             seat=who, cards=cards, shelf=d.kinds[choice], space=sh[choice]))
            self._round_end(ev)
            return
        # Winter
        if not hit:
            for s in self.reds:
                if self.red[s] == choice:
                    self._draw_to(s, ev, "a red ant who guessed right")
        for i, c in zip(cells, cards):
            if who == self.ant and d.card_insect[c]:
                self.pending.append(c)
            else:
                self._take(who, c, ev)
        self._next_take(ev)

    def _take(self, seat: int, c: int, ev: list) -> None:
        i = self.grid.index(c)
        self.grid[i] = None
        self.store[seat].append(c)
        self.collected.append(c)
        if seat == self.ant and self.data.card_insect[c]:
            self.round_insects.append(c)
        ev.append(Record("collect", f"{self.names[seat]} takes the {self.data.card_text(c)}.",
                         seat=seat, card=c))

    def _take_options(self) -> list:
        c = self.pending[0]
        ins = self.data.card_insect[c]
        card_insect = self.data.card_insect
        others = sorted(g for g in self.grid if g is not None and g != c and card_insect[g] == ins)
        return ([c] if c in self.grid else []) + others

    def _next_take(self, ev: list) -> None:
        while self.pending:
            opts = self._take_options()
            if len(opts) > 1:
                self.step = "take"
                self.current_player = self.ant
                return
            if opts:
                self._take(self.ant, opts[0], ev)
            self.pending.pop(0)
        self._after_collect(ev)

    def _ability_cards(self) -> list:
        d = self.data
        out = []
        for c in self.round_insects:
            if c not in self.store[self.ant]:
                continue
            aid = d.ability_of_insect[d.card_insect[c]]
            if aid in self.owner and self.owner[aid] != self.ant:
                out.append(c)
        return out

    def _after_collect(self, ev: list) -> None:
        if self.beetle and self.collector == self.ant and self._ability_cards():
            self.step = "ability"
            self.current_player = self.ant
            return
        self._to_buy(ev)

    def _take_ability(self, seat: int, c: int, ev: list) -> None:
        d = self.data
        aid = d.ability_of_insect[d.card_insect[c]]
        self.store[seat].remove(c)
        self.discard.append(c)
        prev = self.owner[aid]
        self.owner[aid] = seat
        self.ability_taken = True
        src = "the centre" if prev is None else self.names[prev]
        ev.append(Record("take_ability", f"{self.names[seat]} discards the {d.card_text(c)} and "
                         f"takes the {aid} ability from {src}.", seat=seat, card=c, ability=aid,
                         source=prev))
        eff = d.abilities[aid]["effect"]
        if eff == "hidden_card":
            if prev is not None and self.hidden[prev] is not None:
                self.discard.append(self.hidden[prev])
                ev.append(Record("discard_hidden", f"{self.names[prev]} discards the hidden "
                                 f"{d.card_text(self.hidden[prev])}.", seat=prev,
                                 card=self.hidden[prev]))
                self.hidden[prev] = None
            h = self._draw(ev)
            self.hidden[seat] = h
            if h is not None:
                ev.append(Record("hide", f"{self.names[seat]} draws a card face down.", seat=seat,
                                 chance=True, private_to=seat))
        if eff == "bonus_point":
            order = [seat] + ([prev] if prev is not None else [])
            self._check_win(order, ev)

    def _to_buy(self, ev: list) -> None:
        who = self.collector
        if self._buy_options(who):
            self.step = "buy"
            self.current_player = who
            return
        if any(x is not None for x in self.display):
            ev.append(Record("no_buy", f"{self.names[who]} cannot pay for any supply card.",
                             seat=who))
        self._to_swap(ev)

    def _buy_options(self, seat: int) -> list:
        d = self.data
        sc = d.scoring
        trade = sc["trade_in_ability"] if self.owns(seat, "two_for_one") else sc["trade_in"]
        by_kind = [[] for _ in range(4)]
        for c in sorted(self.store[seat]):
            by_kind[d.card_kind[c]].append(c)
        have = [len(v) for v in by_kind]
        h = self.hidden[seat]
        hk = d.card_kind[h] if h is not None else None
        total = list(have)
        if hk is not None:
            total[hk] += 1
        out = []
        seen_design = set()
        for sid in self.display:
            if sid is None:
                continue
            des = _design(sid)
            if des in seen_design:
                continue
            seen_design.add(des)
            price = d.designs[des]["price"]
            vectors = set()
            n = len(price)
            for mask in range(1 << n):
                direct = [0, 0, 0, 0]
                subs = []
                for j in range(n):
                    if mask >> j & 1:
                        subs.append(price[j])
                    else:
                        direct[price[j]] += 1
                if any(direct[k] > total[k] for k in range(4)):
                    continue
                if len(subs) * trade > sum(total) - sum(direct):
                    continue
                for groups in product(*[[g for g in range(4) if g != k] for k in subs]):
                    pay = list(direct)
                    for g in groups:
                        pay[g] += trade
                    if all(pay[k] <= total[k] for k in range(4)):
                        vectors.add(tuple(pay))
            for pay in sorted(vectors):
                variants = []
                if hk is not None and pay[hk] > 0:
                    if pay[hk] <= have[hk]:
                        variants.append(False)
                    variants.append(True)
                else:
                    variants.append(False)
                for use_hidden in variants:
                    ids = []
                    for k in range(4):
                        m = pay[k] - (1 if use_hidden and k == hk else 0)
                        ids.extend(by_kind[k][:m])
                    if use_hidden:
                        ids.append(h)
                    out.append((sid, ids))
        return out

    def _buy(self, seat: int, sid: str, pay: list, ev: list) -> None:
        d = self.data
        used_hidden = False
        for c in pay:
            if c == self.hidden[seat]:
                self.hidden[seat] = None
                used_hidden = True
            else:
                self.store[seat].remove(c)
            self.discard.append(c)
        slot = self.display.index(sid)
        self.display[slot] = None
        self.supplies[seat].append(sid)
        ev.append(Record("buy", f"{self.names[seat]} buys the {d.designs[_design(sid)]['label']} "
                         f"with {_plural(len(pay), 'path card')}.", seat=seat, card=sid,
                         pay=list(pay)))
        if used_hidden:
            h = self._draw(ev)
            self.hidden[seat] = h
            if h is not None:
                ev.append(Record("hide", f"{self.names[seat]} draws a new card face down.",
                                 seat=seat, chance=True, private_to=seat))
        if not self.store[seat]:
            self._draw_to(seat, ev, "paid exactly")
        self._check_win([seat], ev)

    def _swap_options(self, seat: int) -> list:
        mine = sorted({_design(s): s for s in sorted(self.supplies[seat], reverse=True)}.values())
        others = []
        for s in range(self.players):
            if s != seat:
                others.extend(self.supplies[s])
        others.extend(x for x in self.display if x is not None)
        out, seen = [], set()
        for m in mine:
            for o in sorted(others):
                k = (_design(m), _design(o), self._holder(o))
                if _design(m) == _design(o) or k in seen:
                    continue
                seen.add(k)
                out.append((m, o))
        return out

    def _holder(self, sid: str):
        for s in range(self.players):
            if sid in self.supplies[s]:
                return s
        return None

    def _to_swap(self, ev: list) -> None:
        who = self.collector
        if self.owns(who, "supply_swap") and self._swap_options(who):
            self.step = "swap"
            self.current_player = who
            return
        self._round_end(ev)

    def _supply_swap(self, seat: int, mine: str, other: str, ev: list) -> None:
        d = self.data
        holder = self._holder(other)
        self.supplies[seat].remove(mine)
        self.supplies[seat].append(other)
        if holder is None:
            self.display[self.display.index(other)] = mine
        else:
            self.supplies[holder].remove(other)
            self.supplies[holder].append(mine)
        aid = d.ability_of_effect["supply_swap"]
        self.owner[aid] = None
        src = "the display" if holder is None else self.names[holder]
        ev.append(Record("supply_swap", f"{self.names[seat]} swaps the "
                         f"{d.designs[_design(mine)]['label']} for the "
                         f"{d.designs[_design(other)]['label']} of {src}; the exchange card "
                         "goes back to the centre.", seat=seat, mine=mine, other=other,
                         source=holder))
        self._check_win([seat] + ([holder] if holder is not None else []), ev)

    def _check_win(self, order: list, ev: list) -> None:
        target = self.data.scoring["winter_target"]
        for s in order:
            if self.vp(s) >= target:
                self.winner_list = [s]
                self.end_reason = f"{self.names[s]} reached {self.vp(s)} victory points."
                ev.append(Record("game_over", f"{self.names[s]} has {self.vp(s)} victory points "
                                 "and wins at once!", winners=[s], reason="points", seat=s,
                                 points=self.vp(s)))
                self._finish()
                return

    def _finish(self) -> None:
        self.current_player = None
        self.step = "over"
        self._legal = None

    def _round_end(self, ev: list) -> None:
        d = self.data
        if self.beetle:
            for s in (self.ant, self.hopper):
                if self.owns(s, "consolation") and self.collector != s:
                    self._draw_to(s, ev, "consolation ability")
        empty = [i for i in range(CELLS) if self.grid[i] is None]
        if not self.winter:
            top = d.scoring["cubes_on_top_to_end"]
            full = [s for s in range(self.players) if self.shelves[s].count(3) >= top]
            if full or len(empty) > len(self.deck):
                why = (f"{self.names[full[0]]} has {top} cubes on top spaces" if full
                       else "the deck cannot refill the grid")
                self._end_by_points(why, ev, reason="top" if full else "deck",
                                    seat=full[0] if full else None, points=top)
                return
            for i in empty:
                self.grid[i] = self.deck.pop()
        else:
            if len(empty) > len(self.deck) + len(self.discard):
                self._end_by_points("the path cards ran out", ev, reason="cards")
                return
            for i in empty:
                self.grid[i] = self._draw(ev)
            for j, sid in enumerate(self.display):
                if sid is None and self.supply_deck:
                    self.display[j] = new = self.supply_deck.pop()
                    ev.append(Record("supply", f"A new supply card is laid out: the "
                                     f"{d.designs[_design(new)]['label']}.", card=new,
                                     chance=True))
        if empty:
            ev.append(Record("refill", f"{_plural(len(empty), 'new card')} "
                             f"{'fills' if len(empty) == 1 else 'fill'} the grid.",
                             cells=[_xy(i) for i in empty], chance=True))
        # roles
        n = self.players
        if self.collector == self.ant:
            ant = (self.ant + 1) % n
            hopper = (self.hopper + 1) % n
        else:
            ant = self.ant
            if n == 2:
                hopper = self.hopper
            else:
                hopper = (self.hopper + 1) % n
                if hopper == ant:
                    hopper = (ant + 1) % n
        self.ant, self.hopper = ant, hopper
        self._start_round(ev)

    def _rank_key(self, s: int):
        if self.winter:
            return (self.vp(s), len(self.store[s]) + (self.hidden[s] is not None))
        return (self.autumn_points(s), len(self.insects[s]))

    def _tie_text(self, best) -> str:
        """How a tie on points was broken (by the second part of the rank key), or ""."""
        level = [s for s in range(self.players) if self._rank_key(s)[0] == best[0]]
        if len(level) < 2:
            return ""
        what = "cards in store" if self.winter else "insect cards"
        counts = ", ".join(f"{self.names[s]} {self._rank_key(s)[1]}" for s in level)
        names = " and ".join(self.names[s] for s in level)
        if len(level) == len(self.winner_list):
            return f" {names} tie on {best[0]} points and on {what} ({counts}): a shared win."
        return f" {names} tie on {best[0]} points; the most {what} breaks the tie ({counts})."

    def tie_info(self) -> dict | None:
        """How a tie on points at the end is settled, as data (None: no tie on points):
        {"seats": tied on points, "points", "by": "insects" | "store", "counts": one per tied
        seat, "shared": whether the tie-break left them equal too}."""
        if self.current_player is not None or not self.winner_list:
            return None
        best = max(self._rank_key(s) for s in range(self.players))
        level = [s for s in range(self.players) if self._rank_key(s)[0] == best[0]]
        if len(level) < 2:
            return None
        return {"seats": level, "points": best[0], "by": "store" if self.winter else "insects",
                "counts": [self._rank_key(s)[1] for s in level],
                "shared": len(level) == len(self.winner_list)}

    def _end_by_points(self, why: str, ev: list, reason: str = "deck", seat=None,
                       points=None) -> None:
        best = max(self._rank_key(s) for s in range(self.players))
        self.winner_list = [s for s in range(self.players) if self._rank_key(s) == best]
        names = " and ".join(self.names[s] for s in self.winner_list)
        tie = self._tie_text(best)
        self.end_reason = f"The game ended because {why}; {names} scored best.{tie}"
        self._finish()
        ev.append(Record("game_over", f"Game over: {why}. "
                         f"{names} win{'s' if len(self.winner_list) == 1 else ''}.{tie}",
                         winners=list(self.winner_list), reason=reason, seat=seat,
                         points=points, tie=self.tie_info()))

    # ---- results --------------------------------------------------------------------------------
    def scores(self) -> list:
        if self.winter:
            return [self.vp(s) for s in range(self.players)]
        return [self.autumn_points(s) for s in range(self.players)]

    def winners(self) -> list:
        return list(self.winner_list) if self.current_player is None else []

    def public_scores(self, seat: int | None = None) -> list:
        """Autumn points count face-down insect cards: only their owner knows them before the
        end (Winter points are all on the table)."""
        scores = self.scores()
        if self.winter or self.is_over():
            return scores
        return [v if s == seat else None for s, v in enumerate(scores)]

    def result_facts(self) -> dict:
        return {"tie": self.tie_info()}

    def summary(self) -> str:
        if self.current_player is not None:
            return f"Round {self.round} is under way."
        pts = ", ".join(f"{self.names[s]} {v}" for s, v in enumerate(self.scores()))
        return f"{self.end_reason} Final points: {pts}."

    # ---- views ----------------------------------------------------------------------------------
    def _insects_visible(self, owner: int, viewer) -> bool:
        return (owner == viewer or self.options.get("insects") == "open"
                or self.current_player is None)

    def view(self, seat) -> dict:
        d = self.data
        over = self.current_player is None
        seats = []
        for s in range(self.players):
            info = {"name": self.names[s]}
            if self.winter:
                info.update(store=list(self.store[s]), supplies=list(self.supplies[s]),
                            vp=self.vp(s), has_hidden=self.hidden[s] is not None,
                            hidden=self.hidden[s] if (s == seat or over) else None)
            else:
                vis = self._insects_visible(s, seat)
                info.update(shelves=list(self.shelves[s]), shelf_points=self.shelf_points(s),
                            insect_count=len(self.insects[s]),
                            insects=list(self.insects[s]) if vis else None,
                            insect_points=self.insect_points(s) if vis else None)
            red_shown = self.red[s] is not None and (self.revealed or s == seat or over)
            info.update(red_made=self.red[s] is not None,
                        red=d.kinds[self.red[s]] if red_shown else None)
            seats.append(info)
        choice_shown = self.choice is not None and (self.revealed or seat == self.ant or over)
        return {
            "game": self.GAME_ID, "seat": seat, "players": self.players, "variant": self.variant,
            "options": dict(self.options), "kinds": list(d.kinds),
            "current_player": self.current_player, "step": self.step, "round": self.round,
            "ant": self.ant, "hopper": self.hopper, "reds": list(self.reds),
            "red_queue": list(self.red_queue),
            "grid": list(self.grid), "deck_count": len(self.deck), "box": list(self.box),
            "discard": list(self.discard),
            "chain": [_xy(i) for i in self.chain],
            "guess": _xy(self.guess) if self.guess is not None else None,
            "choice_made": self.choice is not None,
            "choice": d.kinds[self.choice] if choice_shown else None,
            "peek_done": self.peek is not None,
            "peek": d.kinds[self.peek] if self.peek is not None and seat == self.hopper else None,
            "revealed": self.revealed, "collector": self.collector,
            "collected": list(self.collected), "pending": list(self.pending),
            "round_insects": list(self.round_insects), "ability_taken": self.ability_taken,
            "display": list(self.display), "supply_deck_count": len(self.supply_deck),
            "abilities": {a: self.owner[a] for a in self.in_play},
            "seats": seats, "winners": self.winners(), "end_reason": self.end_reason,
        }

    @classmethod
    def from_view(cls, view: dict, seed: int) -> "AntsState":
        obj = cls.__new__(cls)
        obj.players = n = int(view["players"])
        obj.seed = seed
        obj.variant = view["variant"]
        obj.options = dict(view["options"])
        obj.rng = rng = random.Random(seed)
        obj.turn_number = 0
        obj.data = d = default_data()
        obj._blank(n)
        obj.current_player = view["current_player"]
        obj.step = view["step"]
        obj.round = int(view["round"])
        obj.ant, obj.hopper = int(view["ant"]), int(view["hopper"])
        obj.reds = list(view["reds"])
        obj.red_queue = list(view["red_queue"])
        obj.grid = list(view["grid"])
        obj.box = list(view["box"])
        obj.discard = list(view["discard"])
        obj.chain = [x + N * y for x, y in view["chain"]]
        obj.guess = None if view["guess"] is None else view["guess"][0] + N * view["guess"][1]
        obj.revealed = bool(view["revealed"])
        obj.collector = view["collector"]
        obj.collected = list(view["collected"])
        obj.pending = list(view["pending"])
        obj.round_insects = list(view["round_insects"])
        obj.ability_taken = bool(view["ability_taken"])
        obj.display = list(view["display"])
        obj.in_play = sorted(view["abilities"])
        obj.owner = dict(view["abilities"])
        obj.winner_list = list(view["winners"])
        obj.end_reason = view["end_reason"]
        seen = set(c for c in obj.grid if c is not None) | set(obj.box) | set(obj.discard)
        hidden_others, insect_others = [], []
        for s, info in enumerate(view["seats"]):
            obj.names[s] = info["name"]
            if obj.winter:
                obj.store[s] = list(info["store"])
                obj.supplies[s] = list(info["supplies"])
                seen.update(obj.store[s])
                if info["hidden"] is not None:
                    obj.hidden[s] = info["hidden"]
                    seen.add(info["hidden"])
                elif info["has_hidden"]:
                    hidden_others.append(s)
            else:
                obj.shelves[s] = list(info["shelves"])
                if info["insects"] is not None:
                    obj.insects[s] = list(info["insects"])
                    seen.update(obj.insects[s])
                else:
                    insect_others.append((s, int(info["insect_count"])))
            if info["red"] is not None:
                obj.red[s] = d.kind_index[info["red"]]
            elif info["red_made"]:
                obj.red[s] = rng.randrange(4)
        pool = [c for c in d.card_ids if c not in seen]
        rng.shuffle(pool)
        for s, k in insect_others:
            for _ in range(k):
                j = next(j for j, c in enumerate(pool) if d.card_insect[c])
                obj.insects[s].append(pool.pop(j))
        for s in hidden_others:
            obj.hidden[s] = pool.pop()
        obj.deck = pool
        # supply deck: the used designs not on display and not bought
        if obj.winter:
            known = set(x for x in obj.display if x is not None)
            for s in range(n):
                known.update(obj.supplies[s])
            sup = [x for x in d.supply_ids(n) if x not in known]
            rng.shuffle(sup)
            obj.supply_deck = sup
        # the ant's disc and the spyglass peek
        if view["choice"] is not None:
            obj.choice = d.kind_index[view["choice"]]
        elif view["choice_made"]:
            kinds = sorted({d.card_kind[obj.grid[i]] for i in obj.chain})
            if view["peek"] is not None:
                kinds = [k for k in kinds if k != d.kind_index[view["peek"]]] or kinds
            obj.choice = rng.choice(kinds)
        if view["peek"] is not None:
            obj.peek = d.kind_index[view["peek"]]
        elif view["peek_done"]:
            obj.peek = rng.choice([k for k in range(4) if k != obj.choice])
        return obj

    # ---- persistence ------------------------------------------------------------------------
    _FIELDS = ("names", "deck", "grid", "box", "discard", "shelves", "insects", "store", "hidden",
               "supplies", "supply_deck", "display", "in_play", "ant", "hopper", "round", "step",
               "chain", "choice", "reds", "red", "red_queue", "guess", "peek", "revealed",
               "collector", "collected", "pending", "round_insects", "ability_taken",
               "winner_list", "end_reason")

    def _state_dict(self) -> dict:
        out = {k: getattr(self, k) for k in self._FIELDS}
        out["owner"] = [[a, self.owner[a]] for a in self.in_play]
        import json
        return json.loads(json.dumps(out))

    def _load_state_dict(self, d: dict) -> None:
        if self.variant not in MODES:
            raise ValueError(f"unknown mode {self.variant!r}")
        if not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise ValueError("bad player count")
        self.data = data = default_data()
        self._blank(self.players)
        n = self.players
        self._check_fields(d, data, n)
        for k in self._FIELDS:
            setattr(self, k, d[k])
        self.owner = {a: o for a, o in d["owner"]}
        ids = set(data.card_ids)
        if len(self.grid) != CELLS or len(self.names) != n or len(self.shelves) != n \
                or len(self.store) != n or len(self.red) != n:
            raise ValueError("the table has the wrong shape")
        cards = [c for c in self.grid if c is not None] + self.deck + self.box + self.discard
        for s in range(n):
            cards += self.insects[s] + self.store[s]
            if self.hidden[s] is not None:
                cards.append(self.hidden[s])
        if any(c not in ids for c in cards) or len(cards) != len(set(cards)):
            raise ValueError("the path cards do not add up")
        if self.step not in ("place", "choose", "red_choose", "guess", "take", "ability", "buy",
                             "swap", "over"):
            raise ValueError(f"unknown step {self.step!r}")
        if (self.current_player is None) != (self.step == "over"):
            raise ValueError("the current player does not fit the step")
        if self.current_player is not None and not 0 <= self.current_player < n:
            raise ValueError("bad current player")

    @staticmethod
    def _check_fields(d: dict, data: "AntsData", n: int) -> None:
        """Type and range of every saved field (a save is untrusted); ValueError."""
        from . import check as C
        ids = set(data.card_ids)
        kinds = len(data.kinds)
        supply = set(data.supply_ids(n))

        def card(v, field, none=False):
            if v is None and none:
                return
            if isinstance(v, bool) or v not in ids:
                C.bad(field, f"{C.show(v)} is not a path card of the game")

        def cards(v, field, length=None):
            for i, c in enumerate(C.seq(v, field, length)):
                card(c, f"{field}[{i}]")

        def per_seat(key, fn):
            for s, v in enumerate(C.seq(C.get(d, key), key, n)):
                fn(v, f"{key}[{s}]")

        def kind(v, field):
            if v is not None:
                C.integer(v, field, 0, kinds - 1)

        for k in AntsState._FIELDS:
            C.get(d, k)
        C.get(d, "owner")
        C.texts(d["names"], "names", n, max_len=200)
        for k in ("deck", "box", "discard", "collected", "pending", "round_insects"):
            cards(d[k], k)
        grid = C.seq(d["grid"], "grid", CELLS)
        for i, c in enumerate(grid):
            card(c, f"grid[{i}]", none=True)
        per_seat("shelves", lambda v, f: C.ints(v, f, 4, -1,
                                                len(data.scoring["shelf_values"]) - 1))
        per_seat("insects", cards)
        per_seat("store", cards)
        per_seat("hidden", lambda v, f: card(v, f, none=True))
        for key in ("supply_deck", "display"):
            for i, x in enumerate(C.seq(d[key], key)):
                if x is None and key == "display":
                    continue   # an empty place of the display
                if not isinstance(x, str) or x not in supply:
                    C.bad(f"{key}[{i}]", f"{C.show(x)} is not a supply card of the game")

        def supplies(v, f):
            for i, x in enumerate(C.seq(v, f)):
                if not isinstance(x, str) or x not in supply:
                    C.bad(f"{f}[{i}]", f"{C.show(x)} is not a supply card of the game")
        per_seat("supplies", supplies)
        in_play = C.seq(d["in_play"], "in_play", hi=len(data.abilities))
        for i, a in enumerate(in_play):
            if not isinstance(a, str) or a not in data.abilities or in_play.count(a) > 1:
                C.bad(f"in_play[{i}]", f"{C.show(a)} is not an ability card of the game")
        owner = C.seq(d["owner"], "owner", len(in_play))
        for i, pair in enumerate(owner):
            C.seq(pair, f"owner[{i}]", 2)
            if pair[0] != in_play[i]:
                C.bad(f"owner[{i}]", "does not follow the ability cards in play")
            C.seat(pair[1], f"owner[{i}][1]", n, none=True)
        C.seat(d["ant"], "ant", n)
        C.seat(d["hopper"], "hopper", n)
        C.integer(d["round"], "round", 0, 10 ** 6)
        C.text(d["step"], "step", 40)
        chain = C.ints(d["chain"], "chain", None, 0, CELLS - 1, CELLS)
        if len(set(chain)) != len(chain):
            C.bad("chain", "the trail visits a card twice")
        for a, b in zip(chain, chain[1:]):
            if b not in NEIGHBOURS[a]:
                C.bad("chain", f"cards {a} and {b} of the trail are not side by side")
        if d["step"] in ("place", "choose", "red_choose", "guess"):
            for c in chain:
                if grid[c] is None:
                    C.bad("chain", f"the trail runs over an empty place ({c})")
        kind(d["choice"], "choice")
        kind(d["peek"], "peek")
        for i, s_ in enumerate(C.seq(d["reds"], "reds", hi=n)):
            C.seat(s_, f"reds[{i}]", n)
        per_seat("red", kind)
        for i, s_ in enumerate(C.seq(d["red_queue"], "red_queue", hi=n)):
            C.seat(s_, f"red_queue[{i}]", n)
        if d["guess"] is not None:
            C.integer(d["guess"], "guess", 0, CELLS - 1)
        C.boolean(d["revealed"], "revealed")
        C.seat(d["collector"], "collector", n, none=True)
        C.boolean(d["ability_taken"], "ability_taken")
        for i, s_ in enumerate(C.seq(d["winner_list"], "winner_list", hi=n)):
            C.seat(s_, f"winner_list[{i}]", n)
        C.text(d["end_reason"], "end_reason")

    def clone(self) -> "AntsState":
        new = AntsState.__new__(AntsState)
        new.__dict__.update(self.__dict__)
        self._share_rng(new)
        new.options = dict(self.options)
        for k in ("names", "deck", "grid", "box", "discard", "hidden", "supply_deck", "display",
                  "in_play", "chain", "reds", "red", "red_queue", "collected", "pending",
                  "round_insects", "winner_list"):
            setattr(new, k, list(getattr(self, k)))
        for k in ("shelves", "insects", "store", "supplies"):
            setattr(new, k, [list(x) for x in getattr(self, k)])
        new.owner = dict(self.owner)
        new._legal = None
        return new


__all__ = ["AntsState", "AntsData", "load_data", "default_data"]
