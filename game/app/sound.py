"""A few short sounds, synthesised with the standard library the first time one is played.

If the mixer cannot start (no audio device, CI), sound stays off silently.
"""
from __future__ import annotations

import math
import random
from array import array

import pygame

# name -> list of (start_s, duration_s, freq_start, freq_end, volume, wave)
_RECIPES = {
    "click": [(0.0, 0.045, 900, 700, 0.35, "sine")],
    "move": [(0.0, 0.09, 260, 180, 0.45, "soft"), (0.04, 0.08, 140, 110, 0.3, "noise")],
    "drop": [(0.0, 0.16, 420, 120, 0.45, "sine"), (0.05, 0.18, 90, 60, 0.35, "noise")],
    "turn": [(0.0, 0.12, 660, 660, 0.35, "soft"), (0.13, 0.22, 880, 880, 0.35, "soft")],
    "win": [(0.0, 0.14, 523, 523, 0.35, "soft"), (0.12, 0.14, 659, 659, 0.35, "soft"),
            (0.24, 0.14, 784, 784, 0.35, "soft"), (0.36, 0.38, 1047, 1047, 0.35, "soft")],
}


class Sounds:
    def __init__(self, enabled: bool = True, volume: float = 1.0):
        self.enabled = enabled
        self.volume = volume          # 0.0 .. 1.0, the effects volume of Settings
        self._ready: bool | None = None   # None: not tried yet
        self._sounds: dict = {}

    def _init(self) -> bool:
        if self._ready is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
                self._ready = pygame.mixer.get_init() is not None
            except (pygame.error, NotImplementedError, OSError):
                self._ready = False
        return bool(self._ready)

    def _make(self, name: str):
        freq, fmt, channels = pygame.mixer.get_init()
        if abs(fmt) != 16:
            return None
        recipe = _RECIPES[name]
        total = max(r[0] + r[1] for r in recipe)
        n = int(total * freq) + 1
        buf = [0.0] * n
        rng = random.Random(7)
        for start, dur, f0, f1, vol, wave in recipe:
            i0 = int(start * freq)
            m = int(dur * freq)
            phase = 0.0
            for k in range(m):
                t = k / max(1, m - 1)
                f = f0 + (f1 - f0) * t
                phase += 2 * math.pi * f / freq
                env = min(1.0, k / (0.004 * freq + 1)) * (1 - t) ** 2
                if wave == "noise":
                    v = rng.uniform(-1, 1) * 0.6 + math.sin(phase) * 0.4
                elif wave == "soft":
                    v = math.sin(phase) * 0.8 + math.sin(2 * phase) * 0.2
                else:
                    v = math.sin(phase)
                if i0 + k < n:
                    buf[i0 + k] += v * vol * env
        samples = array("h")
        for v in buf:
            s = int(max(-1.0, min(1.0, v)) * 30000)
            for _ in range(channels):
                samples.append(s)
        return pygame.mixer.Sound(buffer=samples.tobytes())

    def play(self, name: str) -> None:
        if not self.enabled or self.volume <= 0 or name not in _RECIPES:
            return
        if not self._init():
            return
        snd = self._sounds.get(name)
        if snd is None:
            try:
                snd = self._make(name)
            except (pygame.error, ValueError, MemoryError):
                snd = None
            self._sounds[name] = snd or False
        if snd:
            try:
                snd.set_volume(max(0.0, min(1.0, self.volume)))
                snd.play()
            except pygame.error:
                pass
