"""The interface between the play scene and a game's board: now the board kit
(``game/app/board``); these names stay importable from here."""
from __future__ import annotations

from .board import AnimatedBoardView, BoardView, KitView, Step

__all__ = ["AnimatedBoardView", "BoardView", "KitView", "Step"]
