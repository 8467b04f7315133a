"""The Forest Gold screen on the board kit (see ``view.py``)."""
from .view import ForestView

__all__ = ["ForestView"]
