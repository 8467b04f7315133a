"""Nobody at another computer sees a secret (issue 34), proved on the bytes the host sends: for
every game with a secret, before every action and for every seat, everything hidden from that
seat is drawn again (``from_view``), the same action is applied to both tables, and the message
the host would send that seat (its full picture before, the update after) must be the same bytes,
unless the action drew from chance or revealed something.  The messages built here are the only
ones the host sends a seat (``game/net/messages.py``; test_host.py checks what arrives)."""
from __future__ import annotations

import random

import pytest

from game.net import messages
from game.rules import new_game
from game.table import Seat, Table
from tests.table.test_redeal import redealt

SETUPS = [
    ("ants", 3, "winter", None),
    ("ants", 2, "autumn", None),
    ("hamster", 3, None, None),
    ("forest", 3, "race", None),
    ("gopher", 3, "standard", None),
    ("gopher", 3, "beginner", None),
]


@pytest.mark.parametrize("game,players,variant,options", SETUPS,
                         ids=[
                             "-".join(str(x) for x in getattr(s, "values", s)[:3]) for s in SETUPS])
def test_every_byte_sent_to_a_seat_is_the_same_when_its_secrets_are_redealt(
        game, players, variant, options):
    seats = [Seat(f"Seat {i + 1}", i, "remote") for i in range(players)]
    table = Table(game, seats, new_game(game, players, seed=21, variant=variant,
                                        options=options))
    rng = random.Random(8)
    compared = 0
    for n in range(160):
        if table.is_over():
            break
        actor = table.current
        action = rng.choice(table.legal_for(actor))
        twins = {}
        for k in range(players):
            twin = redealt(table, k, seed=104729 * n + k)
            assert messages.state_message(twin, k) == messages.state_message(table, k), \
                f"step {n}: the picture sent to seat {k} shows something hidden"
            twins[k] = twin
        real = table.act(actor, action)
        if any(e.get("chance") or e.get("reveal") for e in real.update.events):
            continue
        for k, twin in twins.items():
            if not any(x.key() == action.key() for x in twin.legal_for(actor)):
                continue
            out = twin.act(actor, action)
            if any(e.get("chance") or e.get("reveal") for e in out.update.events):
                continue
            assert messages.update_message(twin, k, out.update) == \
                messages.update_message(table, k, real.update), \
                f"step {n}: the update sent to seat {k} shows something hidden"
            compared += 1
    assert compared > 20
