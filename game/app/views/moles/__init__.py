"""The Mole Dig screen, on the board kit (see ``view.py``)."""
from .view import MolesView

__all__ = ["MolesView"]
