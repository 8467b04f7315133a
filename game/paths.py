"""Where files are: bundled resources (data/, sprites/) and the user's own files.

Works from a source checkout and from a PyInstaller bundle (``sys._MEIPASS``).  User files
(settings, saves) live in the platform's user-data folder, never beside the program.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

APP_DIR_NAME = "BurrowBox"


def resource_root() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    """Path of a bundled read-only resource, e.g. ``resource_path("data", "moles", "board.yaml")``."""
    return resource_root().joinpath(*parts)


def user_data_dir() -> Path:
    """The platform's user-data folder for Burrow Box (created on demand).

    ``BURROWBOX_HOME`` overrides it (tests and portable installs use this).
    """
    override = os.environ.get("BURROWBOX_HOME")
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir as _udd
        path = Path(_udd(APP_DIR_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path
