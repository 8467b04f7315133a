"""Synthesise the app's sounds into data/sounds/ (16-bit mono WAV, 22050 Hz; the music 11025 Hz), standard library only.

    python tools/make_sounds.py            # writes data/sounds/*.wav and data/sounds/loudness.json

Every effect is levelled to the same loudness (RMS over the file, the file holds no silence),
its peak kept below ``PEAK``; the music loop is levelled far quieter (``MUSIC_RMS_DB``).
``loudness.json`` keeps the measured RMS and peak of every file (dBFS): the tests check the spread
from the files themselves, the table is for reading.  The same seed gives the same files.

What each sound is for (games.yaml ``sounds`` maps an event type to one of these names):
click (a button), move, drop, win, turn (your turn after the computers), die (a die rolled),
card (a card laid), disc (a disc turned over), dig (digging), tile (a tile opening),
nugget (a nugget home), step (a piece stepping), coins (food or points collected);
music: a quiet loop, optional (its own volume in the settings).
"""
from __future__ import annotations

import json
import math
import os
import random
import struct
import sys
import wave

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "data", "sounds")
RATE = 22050
EFFECT_RMS_DB = -20.0     # every effect's loudness
MUSIC_RMS_DB = -34.0      # the music loop: well below the effects
PEAK = 0.89               # about -1 dBFS


def _tone(n, f0, f1=None, wave_="sine", rate=RATE):
    """n samples of a tone gliding from f0 to f1 (Hz)."""
    f1 = f0 if f1 is None else f1
    out, phase = [], 0.0
    for k in range(n):
        t = k / max(1, n - 1)
        phase += 2 * math.pi * (f0 + (f1 - f0) * t) / rate
        if wave_ == "soft":
            out.append(math.sin(phase) * 0.8 + math.sin(2 * phase) * 0.2)
        elif wave_ == "tri":
            out.append(2 / math.pi * math.asin(math.sin(phase)))
        else:
            out.append(math.sin(phase))
    return out


def _noise(n, rng, smooth=0.0):
    """White noise, low-passed by a one-pole filter (smooth 0..1: darker)."""
    out, y = [], 0.0
    for _ in range(n):
        y = smooth * y + (1 - smooth) * rng.uniform(-1, 1)
        out.append(y)
    return out


def _env(sig, attack=0.004, decay_pow=2.0, rate=RATE):
    """A quick attack, then a decay to silence at the end."""
    n = len(sig)
    a = max(1, int(attack * rate))
    return [v * min(1.0, k / a) * (1 - k / n) ** decay_pow for k, v in enumerate(sig)]


def _mix(total_s, parts, rate=RATE):
    """parts: (start_s, signal, gain)."""
    buf = [0.0] * int(total_s * rate)
    for start, sig, gain in parts:
        i0 = int(start * rate)
        for k, v in enumerate(sig):
            if i0 + k < len(buf):
                buf[i0 + k] += v * gain
    return buf


def _n(seconds):
    return int(seconds * RATE)


def recipes(rng):
    """name -> samples (not levelled yet)."""
    s = {}
    s["click"] = _env(_tone(_n(0.05), 900, 700), 0.002, 3)
    s["move"] = _mix(0.12, [(0, _env(_tone(_n(0.1), 260, 180, "soft")), 0.7),
                            (0.03, _env(_noise(_n(0.08), rng, 0.7)), 0.4)])
    s["drop"] = _mix(0.24, [(0, _env(_tone(_n(0.18), 420, 120)), 0.6),
                            (0.05, _env(_noise(_n(0.18), rng, 0.85)), 0.5)])
    notes = [523.25, 659.25, 783.99, 1046.5]
    s["win"] = _mix(0.9, [(i * 0.13, _env(_tone(_n(0.5 if i == 3 else 0.2), f, f, "soft"), 0.01, 1.5), 0.5)
                          for i, f in enumerate(notes)])
    s["turn"] = _mix(0.5, [(0, _env(_tone(_n(0.25), 659.25, 659.25, "soft"), 0.01, 1.5), 0.5),
                           (0.14, _env(_tone(_n(0.34), 880.0, 880.0, "soft"), 0.01, 1.5), 0.5)])
    # a die: a few knocks on the table, each a short dark noise burst with a wooden tone
    parts = []
    for i, (at, f) in enumerate([(0.0, 520), (0.07, 610), (0.15, 470), (0.21, 560), (0.26, 500)]):
        parts.append((at, _env(_noise(_n(0.035), rng, 0.5), 0.001, 3), 0.7 - i * 0.08))
        parts.append((at, _env(_tone(_n(0.04), f, f * 0.9), 0.001, 3), 0.45 - i * 0.05))
    s["die"] = _mix(0.32, parts)
    # a card laid: a soft swish, then a light tap
    swish = _noise(_n(0.1), rng, 0.3)
    swish = [v * math.sin(math.pi * k / len(swish)) for k, v in enumerate(swish)]
    s["card"] = _mix(0.14, [(0, swish, 0.35), (0.09, _env(_noise(_n(0.04), rng, 0.6), 0.001, 3), 0.6)])
    # a disc turned over: a flip (rising) and a clack
    s["disc"] = _mix(0.2, [(0, _env(_tone(_n(0.06), 300, 700, "tri"), 0.003, 1), 0.4),
                           (0.07, _env(_tone(_n(0.1), 1200, 1100), 0.001, 4), 0.5),
                           (0.07, _env(_noise(_n(0.05), rng, 0.4), 0.001, 3), 0.5)])
    # digging: three scrapes of dark noise
    parts = []
    for i in range(3):
        sc = _noise(_n(0.09), rng, 0.92)
        sc = [v * math.sin(math.pi * k / len(sc)) for k, v in enumerate(sc)]
        parts.append((i * 0.11, sc, 1.0))
    s["dig"] = _mix(0.32, parts)
    # a tile opening: a wooden tock with a short rise
    s["tile"] = _mix(0.2, [(0, _env(_tone(_n(0.15), 700, 760), 0.001, 3), 0.5),
                           (0, _env(_tone(_n(0.1), 1400, 1520), 0.001, 4), 0.25),
                           (0, _env(_noise(_n(0.02), rng, 0.5), 0.001, 2), 0.3)])
    # a nugget home: a bright metallic ping (inharmonic partials)
    s["nugget"] = _mix(0.45, [(0, _env(_tone(_n(0.45), 1760), 0.001, 2.5), 0.4),
                              (0, _env(_tone(_n(0.3), 2637), 0.001, 3), 0.25),
                              (0, _env(_tone(_n(0.2), 4186), 0.001, 3), 0.12)])
    # a step: a soft low tap
    s["step"] = _mix(0.09, [(0, _env(_tone(_n(0.08), 180, 140, "soft"), 0.002, 2.5), 0.7),
                            (0, _env(_noise(_n(0.03), rng, 0.8), 0.001, 2), 0.4)])
    # coins / food collected: two quick high notes
    s["coins"] = _mix(0.28, [(0, _env(_tone(_n(0.12), 1318.5), 0.002, 2), 0.4),
                             (0.08, _env(_tone(_n(0.2), 1975.5), 0.002, 2), 0.4)])
    s["music"] = music()
    return s


MUSIC_RATE = 11025         # the loop holds no high notes: half the rate, half the file


def music(rate=MUSIC_RATE):
    """A quiet loop of 8 seconds: a soft pad over four chords, the end meeting the start."""
    total = 8.0
    chords = [(220.0, 261.63, 329.63), (174.61, 220.0, 261.63),
              (196.0, 246.94, 293.66), (164.81, 207.65, 246.94)]
    buf = [0.0] * int(total * rate)
    seg = int(total / len(chords) * rate)
    for ci, chord in enumerate(chords):
        for f in chord:
            for k in range(seg):
                t = k / seg
                env = math.sin(math.pi * t) ** 2          # swells in and out: no click at the seams
                v = math.sin(2 * math.pi * f * k / rate) * 0.7 + math.sin(2 * math.pi * f * 2 * k / rate) * 0.1
                buf[ci * seg + k] += v * env / 3
    return buf


def level(sig, rms_db):
    """Scale to the given RMS (dBFS), never past PEAK."""
    rms = math.sqrt(sum(v * v for v in sig) / len(sig)) or 1e-9
    peak = max(abs(v) for v in sig) or 1e-9
    gain = min(10 ** (rms_db / 20) / rms, PEAK / peak)
    return [v * gain for v in sig]


def measure(samples):
    """(rms dBFS, peak dBFS) of 16-bit samples."""
    rms = math.sqrt(sum(v * v for v in samples) / len(samples)) / 32768
    peak = max(abs(v) for v in samples) / 32768
    return round(20 * math.log10(max(rms, 1e-9)), 2), round(20 * math.log10(max(peak, 1e-9)), 2)


def read_wav(path):
    """The samples of a 16-bit mono WAV file (what the tests read too)."""
    with wave.open(path, "rb") as w:
        if w.getsampwidth() != 2 or w.getnchannels() != 1:
            raise ValueError(f"{path}: not 16-bit mono")
        raw = w.readframes(w.getnframes())
    return list(struct.unpack(f"<{len(raw) // 2}h", raw))


def write_wav(path, sig, rate=RATE):
    data = struct.pack(f"<{len(sig)}h", *(int(round(max(-1.0, min(1.0, v)) * 32767)) for v in sig))
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data)


def main(argv=None) -> int:
    os.makedirs(OUT, exist_ok=True)
    rng = random.Random(32)
    table = {}
    for name, sig in recipes(rng).items():
        sig = level(sig, MUSIC_RMS_DB if name == "music" else EFFECT_RMS_DB)
        path = os.path.join(OUT, f"{name}.wav")
        rate = MUSIC_RATE if name == "music" else RATE
        write_wav(path, sig, rate)
        rms, peak = measure(read_wav(path))
        table[name] = {"rms_db": rms, "peak_db": peak, "seconds": round(len(sig) / rate, 3)}
        print(f"{name:8s} rms {rms:7.2f} dBFS  peak {peak:6.2f} dBFS  {os.path.getsize(path):7d} bytes")
    with open(os.path.join(OUT, "loudness.json"), "w", encoding="utf-8") as f:
        json.dump(table, f, indent=1, sort_keys=True)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
