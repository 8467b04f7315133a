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
    return Path(__file__).resolve().parents[2]


def resource_path(*parts: str) -> Path:
    """Path of a bundled read-only resource, e.g. ``resource_path("data", "moles", "board.yaml")``."""
    return resource_root().joinpath(*parts)


class UserDataUnavailable(OSError):
    """The user-data folder cannot be created or written; str() says where and why (English,
    for logs); ``folder`` and ``reason`` are what the player's sentence needs."""

    def __init__(self, folder, reason: str, reason_key: str | None = None):
        self.folder, self.reason_key = folder, reason_key
        self._reason = reason
        super().__init__(f"cannot save in {folder} ({reason})")

    @property
    def reason(self) -> str:
        """Why, in English (``i18n.folder_reason`` says it in the player's language)."""
        return self._reason

    def __str__(self) -> str:
        return f"cannot save in {self.folder} ({self._reason})"


def platform_user_data_dir() -> Path:
    """The system's folder for the program's own files, not created: ~/.local/share/BurrowBox
    (Linux), ~/Library/Application Support/BurrowBox (macOS), %LOCALAPPDATA%\\BurrowBox
    (Windows; platformdirs asks Windows itself, so a user name with any letters works)."""
    from platformdirs import user_data_dir as _udd
    return Path(_udd(APP_DIR_NAME, appauthor=False))


def user_data_dir() -> Path:
    """The platform's user-data folder for Burrow Box (created on demand).

    ``BURROWBOX_HOME`` overrides it (tests and portable installs use this).  Raises
    ``UserDataUnavailable`` (an OSError with a sentence) when the folder cannot be made, e.g. a
    file stands in its place or there is no permission: callers then play on without saving.
    """
    override = os.environ.get("BURROWBOX_HOME")
    path = Path(override) if override else platform_user_data_dir()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UserDataUnavailable(path, "a file is in the way of that folder",
                                  "saves.folder_blocked") from None
    except OSError as exc:
        raise UserDataUnavailable(path, str(exc.strerror or exc)) from None
    if not path.is_dir():
        raise UserDataUnavailable(path, "it is not a folder", "saves.folder_not_folder")
    return path


def atomic_write(path, text: str) -> None:
    """Write ``text`` to ``path`` so that neither a crash nor a full disk leaves half a file
    (a temp file in the same folder, fsync'd, then renamed over ``path``)."""
    from .safeio import atomic_write_bytes
    atomic_write_bytes(path, text.encode("utf-8"))


def move_aside(path, suffix: str = ".damaged") -> tuple[Path | None, str | None]:
    """Rename a file that cannot be used (a link or a folder too: the entry itself, never what
    a link points to) to ``<name><suffix>`` (``.1``, ``.2``... when taken), so that it is not
    offered again and nothing is deleted.  (new path, None), or (None, why it stays where it
    is: an OS reason, e.g. a read-only folder)."""
    path = Path(path)
    for k in range(100):
        target = path.with_name(path.name + suffix + (f".{k}" if k else ""))
        if os.path.lexists(target):
            continue
        try:
            os.replace(path, target)
            return target, None
        except OSError as exc:
            return None, str(exc.strerror or exc)
    return None, f"{suffix} names up to .99 are taken"
