"""Tables: one game, its seats and its per-seat questions, without pygame or catalogs.

    from game.table import Table, BotRunner
    table = Table("moles", seats, new_game("moles", players=2, seed=7))
    table.act(0, table.legal_for(0)[0])        # -> Outcome (ok, or a refusal code)
    table.view_for(1)                            # what seat 1 may see, in an envelope

The app's play screen talks to a table through a session (``game/app/session.py``); a network
host talks to the same table for its remote seats.  See ``table.py`` and ``policy.py``.
"""
from __future__ import annotations

from ..ai.arena import agent_seed  # the one seeding rule (game.ai.arena)
from .bots import BotRunner
from .seats import COMPUTER, HUMAN, KINDS, PEOPLE, REMOTE, Seat, as_seats
from .table import (CANNOT_UNDO, CODES, DAMAGED, ILLEGAL, NOT_YOUR_TURN, OVER, STALE, Outcome,
                    Table, Update, ranking, result_digest)

__all__ = ["Table", "Update", "Outcome", "BotRunner", "Seat", "as_seats", "agent_seed",
           "ranking", "result_digest", "HUMAN", "COMPUTER", "REMOTE", "KINDS", "PEOPLE", "CODES",
           "NOT_YOUR_TURN", "ILLEGAL", "STALE", "OVER", "CANNOT_UNDO", "DAMAGED"]
