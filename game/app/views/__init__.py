"""Board views: one per game, chosen by ``make_board_view``.

A game without its own view gets the placeholder (a neutral board with its legal actions as
buttons), so every game in the catalogue can be played from the first day.
"""
from __future__ import annotations

# Games with secrets between human players show a "pass the device to ..." curtain before each
# human's turn.  Mole Dig has no secrets.
CURTAIN = {"moles": False, "ants": True, "hamster": False, "forest": False, "gopher": True}


def needs_curtain(game_id: str) -> bool:
    return CURTAIN.get(game_id, False)


def make_board_view(game_id: str, seats: list[dict], assets):
    cls = None
    if game_id == "moles":
        try:
            from .moles import MolesView as cls  # noqa: N813
        except Exception:  # noqa: BLE001 - no (or broken) moles view yet: use the placeholder
            cls = None
    elif game_id == "hamster":
        try:
            from .hamster_view import HamsterView as cls  # noqa: N813
        except Exception:  # noqa: BLE001 - no (or broken) hamster view: use the placeholder
            cls = None
    elif game_id == "ants":
        try:
            from .ants_view import AntsView as cls  # noqa: N813
        except Exception:  # noqa: BLE001 - no (or broken) ants view: use the placeholder
            cls = None
    if cls is None:
        from .placeholder import PlaceholderView as cls  # noqa: N813
    return cls(game_id, seats, assets)


__all__ = ["make_board_view", "needs_curtain", "CURTAIN"]
