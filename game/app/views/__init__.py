"""Board views: each game names its own in ``data/games.yaml`` (``view: package.module:Class``).

A game without a ``view`` entry gets the placeholder (a neutral board with its legal actions as
buttons), so every game in the catalogue can be played from the first day.  A game whose named
view cannot be loaded is an error (``ViewError``, saying which entry and why), never a silent
placeholder.
"""
from __future__ import annotations

import importlib

from ...rules import GAMES
from ...io.data import DataError
from .placeholder import PlaceholderView


class ViewError(DataError):
    """The board view named in data/games.yaml cannot be loaded."""


def _info(game_id: str):
    return GAMES.get(game_id)


def needs_curtain(game_id: str) -> bool:
    """Games with secrets between people at one screen ("curtain: true" in games.yaml) show a
    "pass the device to ..." curtain before each person's turn."""
    info = _info(game_id)
    return bool(info is not None and getattr(info, "curtain", False))


def view_class(game_id: str):
    """The board view class of a game, or the placeholder when games.yaml names none."""
    info = _info(game_id)
    spec = getattr(info, "view", None) if info is not None else None
    if not spec:
        return PlaceholderView
    module, _, name = spec.partition(":")
    try:
        cls = getattr(importlib.import_module(module), name)
    except Exception as exc:  # noqa: BLE001 - any failure of the view's code is reported
        raise ViewError("data/games.yaml", f"{game_id}.view",
                        f"the board view '{spec}' cannot be loaded ({type(exc).__name__}: {exc})") from exc
    if not isinstance(cls, type):
        raise ViewError("data/games.yaml", f"{game_id}.view", f"'{spec}' is not a class")
    return cls


def make_board_view(game_id: str, seats: list[dict], assets):
    return view_class(game_id)(game_id, seats, assets)


__all__ = ["make_board_view", "needs_curtain", "view_class", "ViewError"]
