"""Where the program's log goes: a small rotating file in the user-data folder.

Every module logs through ``logging.getLogger(__name__)``; nothing is printed unless a program
sets logging up.  ``setup()`` (the app and the headless commands) writes ``INFO`` and above to
``<user data>/logs/burrowbox.log`` (256 kB, two old files kept); ``BURROWBOX_LOG`` sets the level
(``debug``, ``info``, ``warning``, ``error``, or ``off``).  A folder that cannot be written to
costs only the log.  ``host`` and ``serve`` log to the console instead (``--log-level``).
"""
from __future__ import annotations

import logging
import logging.handlers
import os

MAX_BYTES = 256 * 1024
BACKUPS = 2
LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING,
          "error": logging.ERROR}
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_handler: logging.Handler | None = None


def level_from_env(environ=None) -> int | None:
    """The level ``BURROWBOX_LOG`` asks for (None: off); an unknown value is the default."""
    value = (os.environ if environ is None else environ).get("BURROWBOX_LOG", "info")
    value = value.strip().lower()
    if value in ("off", "none", "0"):
        return None
    return LEVELS.get(value, logging.INFO)


def setup(folder=None) -> str | None:
    """Log to the file in ``folder`` (default: the user-data folder's ``logs``); its path, or
    None when logging is off or the folder cannot be used.  Once per process."""
    global _handler
    if _handler is not None:
        return getattr(_handler, "baseFilename", None)
    level = level_from_env()
    if level is None:
        return None
    try:
        if folder is None:
            from .io.paths import user_data_dir
            folder = os.path.join(user_data_dir(), "logs")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, "burrowbox.log")
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=MAX_BYTES,
                                                       backupCount=BACKUPS, encoding="utf-8",
                                                       delay=True)
    except (OSError, ValueError):
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.setLevel(level)
    root = logging.getLogger("game")
    if root.level == logging.NOTSET or level < root.level:
        root.setLevel(level)
    root.addHandler(handler)
    _handler = handler
    return path
