"""Burrow Box: five family board games about burrowing animals."""

# The one version number: the window title, --version, the saves, build.spec and the release
# name (tools/release_info.py reads it) all take it from here.  CHANGELOG.md has its entry.
__version__ = "0.1.0"
APP_NAME = "Burrow Box"
WINDOW_TITLE = f"{APP_NAME} {__version__}"

# Logging: silent unless a program sets it up (``game.logs.setup``: the app writes a small
# rotating file in the user-data folder; host and serve print to the console).
import logging as _logging  # noqa: E402

_logging.getLogger(__name__).addHandler(_logging.NullHandler())
