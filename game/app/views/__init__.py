"""Board views: one package per game, chosen by ``make_board_view``.

``VIEWS`` is the one place a game's screen is registered (module and class). A game without a
screen yet gets the placeholder (a neutral board with its legal actions as buttons), so every
game in the catalogue can be played from the first day; a registered screen that fails to import
is an error (it never silently becomes the placeholder).
"""
from __future__ import annotations

import importlib

VIEWS = {"moles": "moles:MolesView", "ants": "ants:AntsView", "hamster": "hamster:HamsterView",
         "forest": "forest:ForestView", "gopher": "gopher:GopherView"}

# Games with secrets between human players show a "pass the device to ..." curtain before each
# human's turn.  Mole Dig has no secrets.
CURTAIN = {"moles": False, "ants": True, "hamster": False, "forest": False, "gopher": True}


def needs_curtain(game_id: str) -> bool:
    return CURTAIN.get(game_id, False)


def view_class(game_id: str):
    """The board view class of ``game_id`` (the placeholder when it has none yet)."""
    spec = VIEWS.get(game_id)
    if spec is None:
        from .placeholder import PlaceholderView
        return PlaceholderView
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def make_board_view(game_id: str, seats: list[dict], assets):
    return view_class(game_id)(game_id, seats, assets)


__all__ = ["make_board_view", "needs_curtain", "view_class", "CURTAIN", "VIEWS"]
