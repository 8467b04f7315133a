"""The Hamster Burrow screen (see ``view.py``)."""
from .view import HamsterView

__all__ = ["HamsterView"]
