"""User settings: window size, fullscreen, animation speed, sound.  JSON in user_data_dir().

A missing file gives the defaults; a broken one gives the defaults and a message (shown on the
title screen), never a crash.
"""
from __future__ import annotations

import json

from .. import i18n
from ..paths import UserDataUnavailable, atomic_write, cannot_save_message, user_data_dir
from ..safeio import FileProblem, load_json

FILE_NAME = "settings.json"
WINDOW_PRESETS = [(1024, 600), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160)]
SPEEDS = ["normal", "fast", "off"]
SPEED_LABELS = {"normal": "Normal", "fast": "Fast", "off": "Off (no animation)"}

DEFAULTS = {"window": [1280, 720], "fullscreen": False, "speed": "normal", "sound": True}
# "language": one of i18n.LANGUAGES; without it (the first start) the system's language


class Settings:
    def __init__(self, window=(1280, 720), fullscreen=False, speed="normal", sound=True,
                 language=None):
        self.window = (int(window[0]), int(window[1]))
        self.fullscreen = bool(fullscreen)
        self.speed = speed if speed in SPEEDS else "normal"
        self.sound = bool(sound)
        self.language = language if language in i18n.LANGUAGES else i18n.system_language()

    def to_dict(self) -> dict:
        return {"window": list(self.window), "fullscreen": self.fullscreen,
                "speed": self.speed, "sound": self.sound, "language": self.language}

    def __eq__(self, other) -> bool:
        return isinstance(other, Settings) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:  # pragma: no cover
        return f"Settings({self.to_dict()})"


def settings_path():
    return user_data_dir() / FILE_NAME


def load() -> tuple[Settings, str | None]:
    """(settings, message): message explains why defaults were used, else None."""
    try:
        path = settings_path()
    except UserDataUnavailable as exc:
        return Settings(), cannot_save_message(exc)
    try:
        raw = load_json(path, FILE_NAME, max_bytes=64 * 1024)
    except FileNotFoundError:
        return Settings(), None
    except FileProblem as exc:
        return Settings(), (f"Your settings file was damaged ({exc.problem}), so the default "
                            "settings are used.")
    if not isinstance(raw, dict):
        return Settings(), "Your settings file was not understood, so the default settings are used."
    problems = []
    window = raw.get("window", DEFAULTS["window"])
    if not (isinstance(window, list) and len(window) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 320 <= v <= 10000 for v in window)):
        problems.append("window size")
        window = DEFAULTS["window"]
    fullscreen = raw.get("fullscreen", False)
    if not isinstance(fullscreen, bool):
        problems.append("fullscreen")
        fullscreen = False
    speed = raw.get("speed", "normal")
    if not isinstance(speed, str) or speed not in SPEEDS:
        problems.append("animation speed")
        speed = "normal"
    sound = raw.get("sound", True)
    if not isinstance(sound, bool):
        problems.append("sound")
        sound = True
    language = raw.get("language")
    if language is not None and not (isinstance(language, str) and language in i18n.LANGUAGES):
        problems.append("language")
        language = None
    msg = None
    if problems:
        msg = "Some settings were not understood (" + ", ".join(problems) + ") and were reset."
    return Settings(window, fullscreen, speed, sound, language), msg


def save(settings: Settings) -> str | None:
    """Write atomically; returns an error message instead of raising."""
    try:
        atomic_write(settings_path(), json.dumps(settings.to_dict(), indent=2))
        return None
    except OSError as exc:
        return f"Settings could not be saved: {exc.strerror or exc}"
    except (TypeError, ValueError) as exc:   # pragma: no cover - settings are always plain
        return f"Settings could not be saved: {exc}"


