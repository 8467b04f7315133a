"""Every code a table on the network can answer with, as one plain sentence in the player's
language: the host's refusals (``game/net/protocol.py``), the table's own (``game/table``) and
why a connection ended (``game/net/client.py``).  A code without its own sentence (a newer
program's) still gets a plain one."""
from __future__ import annotations

from ...i18n import tr

#: every code with a sentence of its own in the catalogs (``online.error.<code>``)
CODES = (
    # joining
    "wrong_code", "full", "other_version", "bad_token", "seat_taken", "no_seat", "not_joined",
    "not_started", "bad_address", "bad_code", "no_network",
    # reaching the host
    "unreachable", "no_answer", "no_such_host", "not_a_table", "lost", "closed", "over",
    "timeout", "not_connected", "cannot_listen",
    # playing
    "not_your_turn", "illegal", "stale", "cannot_undo", "damaged", "too_fast", "bad_message",
    "too_big", "unknown_type", "refused",
    # a table server
    "busy", "too_many_tables", "bad_setup",
)


def sentence(code, **params) -> str:
    """One sentence for ``code``."""
    code = str(code or "")
    if code in CODES:
        return tr(f"online.error.{code}", **params)
    return tr("online.error.other", code=code[:40])
