"""The Ants & Grasshopper screen (see ``view.py``)."""
from .view import AntsView

__all__ = ["AntsView"]
