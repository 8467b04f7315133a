"""User settings: window size, fullscreen, animation speed, computer speed, effects and music
volumes, the expert's think time.  JSON in user_data_dir().

A missing file gives the defaults; a broken one gives the defaults and a message (shown on the
title screen), never a crash.
"""
from __future__ import annotations

import json

from ... import i18n
from ...i18n import cannot_save_message, tr
from ...io.paths import UserDataUnavailable, atomic_write, user_data_dir
from ...io.safeio import FileProblem, load_json

FILE_NAME = "settings.json"
WINDOW_PRESETS = [(1024, 600), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160)]
SPEEDS = ["normal", "fast", "off"]

#: how long a computer seat waits before it acts (its "thinking" pause), apart from animations
COMPUTER_SPEEDS = ["slow", "normal", "fast", "instant"]
VOLUME_DEFAULT = 80      # effects volume in percent, 0 = sound off
MUSIC_DEFAULT = 0        # music volume in percent: the quiet loop is off until chosen

#: the longest an expert computer seat takes for a move, in seconds (its search stops a little
#: before, see ``controller.MOVE_RESERVE``); the default keeps every move within a second
THINK_TIMES = [0.5, 1.0, 2.0, 5.0]
THINK_DEFAULT = 1.0

DEFAULTS = {"window": [1280, 720], "fullscreen": False, "speed": "normal", "sound": True,
            "computer_speed": "normal", "volume": VOLUME_DEFAULT, "expert_think": THINK_DEFAULT,
            "music": MUSIC_DEFAULT}
# "language": one of i18n.LANGUAGES; without it (the first start) the system's language


class Settings:
    def __init__(self, window=(1280, 720), fullscreen=False, speed="normal", sound=True,
                 language=None, computer_speed="normal", volume=None, expert_think=THINK_DEFAULT,
                 music=MUSIC_DEFAULT):
        self.window = (int(window[0]), int(window[1]))
        self.fullscreen = bool(fullscreen)
        self.speed = speed if speed in SPEEDS else "normal"
        self.language = language if language in i18n.LANGUAGES else i18n.system_language()
        self.computer_speed = computer_speed if computer_speed in COMPUTER_SPEEDS else "normal"
        if volume is None:
            volume = VOLUME_DEFAULT if sound else 0
        self.volume = max(0, min(100, int(volume)))
        self.music = max(0, min(100, int(music))) if is_percent(music) else MUSIC_DEFAULT
        self.expert_think = float(expert_think) if is_think_time(expert_think) else THINK_DEFAULT

    @property
    def sound(self) -> bool:
        """Sound is on unless the volume is 0."""
        return self.volume > 0

    @sound.setter
    def sound(self, on: bool) -> None:
        if bool(on) != self.sound:
            self.volume = VOLUME_DEFAULT if on else 0

    def to_dict(self) -> dict:
        return {"window": list(self.window), "fullscreen": self.fullscreen,
                "speed": self.speed, "sound": self.sound, "language": self.language,
                "computer_speed": self.computer_speed, "volume": self.volume,
                "expert_think": self.expert_think, "music": self.music}

    def __eq__(self, other) -> bool:
        return isinstance(other, Settings) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:  # pragma: no cover
        return f"Settings({self.to_dict()})"


def is_percent(value) -> bool:
    """A whole number 0..100 (never a bool, a fraction or a text)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100


def is_think_time(value) -> bool:
    """One of ``THINK_TIMES`` (a number, never a bool or a text)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) \
        and any(value == t for t in THINK_TIMES)


#: room a screen keeps for its task bar / menu bar and the window's title bar
SCREEN_MARGIN = (0, 80)


def fit_to_screen(size, screen, minimum=(1024, 600)) -> tuple[int, int]:
    """A window size within the screen's usable part (the screen less its bars), never below
    ``minimum`` (a smaller screen shows the minimum window)."""
    w, h = max(minimum[0], int(size[0])), max(minimum[1], int(size[1]))
    if screen:
        uw, uh = int(screen[0]) - SCREEN_MARGIN[0], int(screen[1]) - SCREEN_MARGIN[1]
        w, h = min(w, max(minimum[0], uw)), min(h, max(minimum[1], uh))
    return w, h


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
        return Settings(), tr("settings.file_damaged", reason=exc.problem)
    if not isinstance(raw, dict):
        return Settings(), tr("settings.file_unclear")
    problems = []
    window = raw.get("window", DEFAULTS["window"])
    if not (isinstance(window, list) and len(window) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 320 <= v <= 10000 for v in window)):
        problems.append(tr("settings.problem.window"))
        window = DEFAULTS["window"]
    fullscreen = raw.get("fullscreen", False)
    if not isinstance(fullscreen, bool):
        problems.append(tr("settings.problem.fullscreen"))
        fullscreen = False
    speed = raw.get("speed", "normal")
    if not isinstance(speed, str) or speed not in SPEEDS:
        problems.append(tr("settings.problem.speed"))
        speed = "normal"
    sound = raw.get("sound", True)
    if not isinstance(sound, bool):
        problems.append(tr("settings.problem.sound"))
        sound = True
    language = raw.get("language")
    if language is not None and not (isinstance(language, str) and language in i18n.LANGUAGES):
        problems.append(tr("settings.problem.language"))
        language = None
    computer_speed = raw.get("computer_speed", "normal")
    if not isinstance(computer_speed, str) or computer_speed not in COMPUTER_SPEEDS:
        problems.append(tr("settings.problem.computer_speed"))
        computer_speed = "normal"
    volume = raw.get("volume")
    if volume is not None and not (isinstance(volume, int) and not isinstance(volume, bool)
                                   and 0 <= volume <= 100):
        problems.append(tr("settings.problem.volume"))
        volume = None
    expert_think = raw.get("expert_think", THINK_DEFAULT)
    if not is_think_time(expert_think):
        problems.append(tr("think.problem"))
        expert_think = THINK_DEFAULT
    music = raw.get("music", MUSIC_DEFAULT)
    if not is_percent(music):
        problems.append(tr("settings.problem.music"))
        music = MUSIC_DEFAULT
    msg = None
    if problems:
        msg = tr("settings.some_reset", which=", ".join(problems))
    return Settings(window, fullscreen, speed, sound, language, computer_speed, volume,
                    expert_think, music), msg


def load_and_apply_language() -> tuple[Settings, str | None]:
    """``load()``, with the saved language switched on first, so that the note about a damaged
    file is already in that language."""
    settings, msg = load()
    if settings.language and settings.language != i18n.get_language():
        i18n.set_language(settings.language)
        settings, msg = load()
    return settings, msg


def save(settings: Settings) -> str | None:
    """Write atomically; returns an error message instead of raising."""
    try:
        atomic_write(settings_path(), json.dumps(settings.to_dict(), indent=2))
        return None
    except OSError as exc:
        return tr("settings.not_saved", reason=exc.strerror or exc)
    except (TypeError, ValueError) as exc:   # pragma: no cover - settings are always plain
        return tr("settings.not_saved", reason=exc)


