"""Burrow Box: five family board games about burrowing animals."""

__version__ = "0.1.0"
APP_NAME = "Burrow Box"
