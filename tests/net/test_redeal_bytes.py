"""Nobody at another computer sees a secret (issue 34), proved on the bytes the host sends: for
every game with a secret, before every action and for every seat, everything hidden from that
seat is drawn again (``from_view``), the same action is applied to both tables, and the message
the host would send that seat (its full picture before, the update after) must be the same bytes,
unless the action drew from chance or revealed something.  The messages built here are the only
ones the host sends a seat (``game/net/messages.py``; test_host.py checks what arrives)."""
from __future__ import annotations

import pytest

from game.net import messages
from game.rules import new_game
from game.table import Seat, Table
from tests.table.test_redeal import walk

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

    def sent(t: Table, seat, update=None) -> str:
        return messages.state_message(t, seat) if update is None else \
            messages.update_message(t, seat, update)
    assert walk(table, list(range(players)), sent, steps=160, seed=8) > 20
