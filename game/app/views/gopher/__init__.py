"""The Gopher's Pantry screen, on the board kit (see ``view.py``)."""
from .view import GopherView

__all__ = ["GopherView"]
