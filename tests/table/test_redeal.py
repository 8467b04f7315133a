"""Each seat sees only what it may see, proved on the table by redealing (DESIGN.md, *Tables,
sessions and the network*; issue 33): before every action, for every seat and for a spectator,
everything hidden from that audience is drawn again (``from_view`` of its own view), the same
action is applied to the real table and to the redealt one, and everything the table gives that
audience (its view in the envelope, its legal actions, the events and log entries of the update,
and its view and legal actions after it) must be byte-identical, unless the action drew from
chance or revealed something (then its outcome may differ, as the audience could not know it).
"""
from __future__ import annotations

import copy
import json
import random

import pytest

from game.rules import GAMES, new_game
from game.table import Seat, Table

SETUPS = [
    ("moles", 3, None, None),
    ("ants", 3, "winter", None),
    ("ants", 2, "autumn", None),
    ("ants", 4, "beetle", None),
    ("hamster", 3, None, None),
    ("hamster", 2, "B", None),
    ("forest", 3, "race", None),
    ("forest", 4, "plunder", {"alliances": True}),
    ("gopher", 3, "standard", None),
    ("gopher", 2, "baskets", None),
    ("gopher", 4, "simplified", None),
    ("gopher", 3, "beginner", None),
]


def dump(x) -> str:
    return json.dumps(x, sort_keys=True, separators=(",", ":"))


def seats(n):
    return [Seat(f"Seat {i + 1}", i, "human") for i in range(n)]


def redealt(table: Table, audience, seed: int) -> Table:
    """A table whose state is drawn anew from what ``audience`` sees, with the same log."""
    cls = GAMES[table.game_id].state_class
    view = table.view_for(audience)["view"]
    state = cls.from_view(copy.deepcopy(view), seed)
    state.turn_number = table.state.turn_number      # a public count, not part of every view
    twin = Table(table.game_id, table.seats, state, version=table.version,
                 history=copy.deepcopy(table.history))
    twin._entries = copy.deepcopy(table._entries)
    return twin


def given(table: Table, audience, update=None) -> str:
    out = {"view": table.view_for(audience), "legal": table.legal_for(audience)}
    if update is not None:
        out["events"] = table.events_for(audience, update)
        out["entries"] = table.entries_for(audience, update)
    return dump(out)


def _setup_ok(game, variant, options, players):
    try:
        new_game(game, players, seed=1, variant=variant, options=options)
    except ValueError:
        return False
    return True


def walk(table: Table, audiences, given, steps: int = 220, seed: int = 3) -> int:
    """Play ``table`` at random; before every action, for every audience, redeal what it
    cannot see and check that ``given(table, audience, update=None)`` is the same on both
    tables, before the action and (unless it drew from chance or revealed something) after it.
    Returns how many after-action comparisons were made."""
    rng = random.Random(seed)
    compared = 0
    for n in range(steps):
        if table.is_over():
            break
        actor = table.current
        action = rng.choice(table.legal_for(actor))
        twins = {}
        for a in audiences:
            twin = redealt(table, a, seed=7919 * n + (a if a is not None else 99))
            assert given(twin, a) == given(table, a), \
                f"step {n}: {table.game_id} gives audience {a} something hidden before it"
            twins[a] = twin
        real = table.act(actor, action)
        assert real, real.code
        if any(e.get("chance") or e.get("reveal") for e in real.update.events):
            continue
        for a, twin in twins.items():
            if not any(x.key() == action.key() for x in twin.legal_for(actor)):
                continue          # another seat's move that only its own secrets allow
            out = twin.act(actor, action)
            assert out, out.code
            if any(e.get("chance") or e.get("reveal") for e in out.update.events):
                continue
            assert given(twin, a, out.update) == given(table, a, real.update), \
                f"step {n}: {table.game_id} gives audience {a} something hidden " \
                f"({action.get('type')})"
            compared += 1
    return compared


@pytest.mark.parametrize("game,players,variant,options", SETUPS,
                         ids=[
                             "-".join(str(x) for x in getattr(s, "values", s)[:3]) for s in SETUPS])
def test_what_a_seat_is_given_does_not_change_when_its_hidden_parts_are_redealt(
        game, players, variant, options):
    if not _setup_ok(game, variant, options, players):
        pytest.skip(f"{game} {variant} {options} is not a set-up of this version")
    table = Table(game, seats(players), new_game(game, players, seed=11, variant=variant,
                                                 options=options))
    assert walk(table, list(range(players)) + [None], given) > 20


@pytest.mark.parametrize("game", ["ants", "hamster", "gopher"])
def test_the_log_of_a_seat_is_what_its_updates_gave_it(game):
    players = 3
    table = Table(game, seats(players), new_game(game, players, seed=5))
    got = {a: [] for a in list(range(players)) + [None]}
    rng = random.Random(9)
    for _ in range(300):
        if table.is_over():
            break
        out = table.act(table.current, rng.choice(table.legal_for(table.current)))
        for a in got:
            got[a].extend(table.entries_for(a, out.update))
    for a, entries in got.items():
        assert dump(table.log_for(a)) == dump(entries)
