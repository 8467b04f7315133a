"""The app's sounds: short effects and an optional quiet music loop, files of data/sounds/.

The files are made by the project (``tools/make_sounds.py`` synthesises them, all levelled to
the same loudness).  Each game says in data/games.yaml which event makes which sound.  The
effects and the music have separate volumes (Settings); each sound file is loaded the first time
it plays.  If the mixer cannot start (no audio device, CI) or a file is missing or broken, that
sound stays silent, never an error.
"""
from __future__ import annotations

import pygame

from ..io.paths import resource_path

#: the effect sounds data/sounds/ holds (games.yaml ``sounds`` names one of these)
NAMES = ("click", "move", "drop", "win", "turn", "die", "card", "disc", "dig", "tile", "nugget",
         "step", "coins")
MUSIC = "music"


def sound_file(name: str):
    return resource_path("data", "sounds", f"{name}.wav")


class Sounds:
    def __init__(self, enabled: bool = True, volume: float = 1.0, music: float = 0.0,
                 music_allowed: bool = True):
        self.enabled = enabled        # the effects are on (their volume is above 0)
        self.music_allowed = music_allowed   # False: no music whatever its volume (no window)
        self.volume = volume          # 0.0 .. 1.0, the effects volume of Settings
        self.music = music            # 0.0 .. 1.0, the music volume of Settings (0: no music)
        self._ready: bool | None = None   # None: not tried yet
        self._sounds: dict = {}
        self._music_playing = False
        self.played: list[str] = []   # the effects asked for, newest last (tests read it)

    def _init(self) -> bool:
        if self._ready is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
                self._ready = pygame.mixer.get_init() is not None
            except (pygame.error, NotImplementedError, OSError):
                self._ready = False
        return bool(self._ready)

    def _load(self, name: str):
        try:
            return pygame.mixer.Sound(str(sound_file(name)))
        except (pygame.error, OSError, ValueError, MemoryError):
            return None

    def play(self, name: str) -> None:
        if name not in NAMES:
            return
        self.played.append(name)
        del self.played[:-20]
        if not self.enabled or self.volume <= 0 or not self._init():
            return
        snd = self._sounds.get(name)
        if snd is None:
            snd = self._load(name)
            self._sounds[name] = snd or False
        if snd:
            try:
                snd.set_volume(max(0.0, min(1.0, self.volume)))
                snd.play()
            except pygame.error:
                pass

    def update_music(self) -> None:
        """Start, stop or re-level the music loop after a change of the settings."""
        want = self.music_allowed and self.music > 0
        if not want:
            if self._music_playing:
                try:
                    pygame.mixer.music.stop()
                except pygame.error:
                    pass
                self._music_playing = False
            return
        if not self._init():
            return
        try:
            if not self._music_playing:
                pygame.mixer.music.load(str(sound_file(MUSIC)))
                pygame.mixer.music.play(-1)
                self._music_playing = True
            pygame.mixer.music.set_volume(max(0.0, min(1.0, self.music)))
        except (pygame.error, OSError):
            self._music_playing = False
