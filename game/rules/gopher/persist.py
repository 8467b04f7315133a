"""Gopher's Pantry: the saved state - what ``to_dict`` writes of a game, and the check of one
read back from a file.  A save is untrusted: every field is checked with ``rules/check.py``
(its type, its range against the seats, the book and the deck) and then how the fields fit
together (the cards add up to the deck of the rule set, the step, the collector, the present);
anything wrong raises ValueError naming the field."""
from __future__ import annotations

import json

from .. import check as C
from .data import END_WHY, RULE_SETS, STEPS, default_data

FIELDS = ("names", "page", "tokens", "hands", "deck", "discard", "face_up", "face_down",
          "trophies", "holder", "diggers_left", "step", "active", "roll", "collector",
          "picks_add", "picks_sub", "queue", "after_change", "effective", "collected_any",
          "bonus", "jumped", "present", "stall", "turns", "winner_list", "end_reason")
COUNT_MAX = 10 ** 6          # turns and rounds without a collection
TABLE_MAX = 60               # kinds of card on the open beginner table


def state_dict(st) -> dict:
    out = {k: getattr(st, k) for k in FIELDS}
    out["table"] = [[c, n] for c, n in sorted(st.table.items())]
    out["end"] = st.end
    return json.loads(json.dumps(out))


def _cards(value, field: str, known: set) -> list:
    """A list of card codes of this game."""
    C.seq(value, field)
    for i, c in enumerate(value):
        if not isinstance(c, str) or c not in known:
            C.bad(f"{field}[{i}]", f"{C.show(c)} is not a card of Gopher's Pantry")
    return list(value)


def _piles(value, field: str, n: int, known: set) -> list:
    """One list of cards per seat."""
    C.seq(value, field, n)
    return [_cards(x, f"{field}[{i}]", known) for i, x in enumerate(value)]


def _seats(value, field: str, n: int, length: int | None = None) -> list:
    C.seq(value, field, length)
    for i, s in enumerate(value):
        C.seat(s, f"{field}[{i}]", n)
    return list(value)


def load(st, d: dict) -> None:
    """Fill the fresh state ``st`` (players, variant, options and current player already read
    by ``GameState.from_dict``) from the saved fields ``d``."""
    C.choice(st.variant, "variant", RULE_SETS)
    C.integer(st.players, "players", 2, 4)
    C.choice(C.get(st.options, "single_card", "options"), "options.single_card",
             ("allowed", "not_allowed"))
    if set(st.options) != {"single_card"}:
        C.bad("options", "Gopher's Pantry has the one option single_card")
    st.data = data = default_data()
    st._blank(st.players)
    n = st.players
    deck = data.deck(st.variant)
    known = set(deck)

    # each field on its own
    st.names = C.texts(C.get(d, "names"), "names", n)
    st.page = C.integer(C.get(d, "page"), "page", 1, len(data.pages))
    tokens = C.seq(C.get(d, "tokens"), "tokens", n)
    for i, h in enumerate(tokens):
        if h is not None and (isinstance(h, bool) or not isinstance(h, int)
                              or h not in data.holes):
            C.bad(f"tokens[{i}]", f"{C.show(h)} is not a hole of the book")
    placed = [h for h in tokens if h is not None]
    if len(set(placed)) != len(placed):
        C.bad("tokens", "two tokens stand on one hole")
    st.tokens = list(tokens)
    st.hands = [sorted(h) for h in _piles(C.get(d, "hands"), "hands", n, known)]
    st.deck = _cards(C.get(d, "deck"), "deck", known)
    st.discard = _cards(C.get(d, "discard"), "discard", known)
    st.face_up = _piles(C.get(d, "face_up"), "face_up", n, known)
    st.face_down = _piles(C.get(d, "face_down"), "face_down", n, known)
    st.trophies = _piles(C.get(d, "trophies"), "trophies", n, known)
    st.picks_add = _cards(C.get(d, "picks_add"), "picks_add", known)
    st.picks_sub = _cards(C.get(d, "picks_sub"), "picks_sub", known)
    st.present = _cards(C.get(d, "present"), "present", known)
    holder = C.seq(C.get(d, "holder"), "holder", n)
    for i, h in enumerate(holder):
        C.seat(h, f"holder[{i}] (who holds the basket of seat {i})", n)
    st.holder = list(holder)
    st.diggers_left = C.ints(C.get(d, "diggers_left"), "diggers_left", n, 0, 5)
    table = C.seq(C.get(d, "table"), "table", hi=TABLE_MAX)
    for i, e in enumerate(table):
        C.seq(e, f"table[{i}]", 2)
        _cards(e[:1], f"table[{i}]", known)
        C.integer(e[1], f"table[{i}][1]", 0, 6)
    st.table = {c: k for c, k in table}
    st.step = C.choice(C.get(d, "step"), "step", STEPS)
    st.active = C.seat(C.get(d, "active"), "active", n)
    roll = C.get(d, "roll")
    st.roll = None if roll is None else C.integer(roll, "roll", 1, data.die)
    st.collector = C.seat(C.get(d, "collector"), "collector", n, none=True)
    st.queue = _seats(C.get(d, "queue"), "queue", n)
    st.jumped = _seats(C.get(d, "jumped"), "jumped", n)
    for k in ("after_change", "effective", "collected_any", "bonus"):
        setattr(st, k, C.boolean(C.get(d, k), k))
    for k in ("stall", "turns"):
        setattr(st, k, C.integer(C.get(d, k), k, 0, COUNT_MAX))
    st.winner_list = _seats(C.get(d, "winner_list"), "winner_list", n)
    st.end_reason = C.text(C.get(d, "end_reason"), "end_reason")
    st.end = _end(d.get("end"), data)          # saves of older versions have none

    # how the fields fit together
    everything = (st.deck + st.discard + st.picks_add + st.picks_sub + st.present
                  + [c for s in range(n) for c in st.hands[s] + st.face_up[s]
                     + st.face_down[s] + st.trophies[s]]
                  + [c for c, k in st.table.items() for _ in range(k)])
    if sorted(everything) != sorted(deck):
        C.bad("hands, piles, deck and table",
              f"the cards do not add up to the deck of the {st.variant} rule set")
    step = st.step
    if (st.current_player is None) != (step == "over"):
        C.bad("current_player", f"does not fit the step '{step}'")
    if step not in ("place", "over") and None in st.tokens:
        C.bad("tokens", f"a token is missing in the step '{step}'")
    if step == "move" and st.roll is None:
        C.bad("roll", "a move needs a roll")
    if step == "collect" and st.collector != st.current_player:
        C.bad("collector", "the collecting seat is not the player to move")
    if (st.picks_add or st.picks_sub) and step != "collect":
        C.bad("picks_add", "picked cards lie on the table outside a collection")
    if bool(st.present) != (step == "present"):
        C.bad("present", f"the present cards do not fit the step '{step}'")
    if st.beginner != bool(st.table) and step != "over":
        C.bad("table", "the open table belongs to the beginner rule set only")


def _end(end, data) -> dict | None:
    """Why the game ended: {"why": one of END_WHY, and its number or kind} or None."""
    if end is None:
        return None
    if not isinstance(end, dict):
        C.bad("end", f"expected a mapping, found {type(end).__name__}")
    C.choice(C.get(end, "why", "end"), "end.why", END_WHY)
    for k, v in end.items():
        if not isinstance(k, str):
            C.bad("end", f"{C.show(k)} is not a field name")
        if not (isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= COUNT_MAX) \
                and v not in data.kinds and v not in END_WHY:
            C.bad(f"end.{k}", f"{C.show(v)} is neither a count nor a kind of provision")
    return dict(end)
