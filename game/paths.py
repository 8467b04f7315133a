"""Where files are: bundled resources (data/, sprites/) and the user's own files.

Works from a source checkout and from a PyInstaller bundle (``sys._MEIPASS``).  User files
(settings, saves) live in the platform's user-data folder, never beside the program.
"""
from __future__ import annotations

import os
import sys
import tempfile
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


def atomic_write(path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash never leaves half a file (temp + replace)."""
    path = os.fspath(path)
    folder = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
