"""Checks for states read back from a file (saves, undo history).

A saved game is untrusted input: every field is checked for its type (a bool is not a whole
number), its range against the players, board and deck, and list lengths.  Each helper raises
``ValueError`` with a short sentence naming the field, e.g. ``current_player: 5 is not a seat
(0 to 1)``; ``registry.load_state`` turns it into a LoadError.  No pygame here.
"""
from __future__ import annotations

from typing import Any

_MISSING = object()


def bad(field: str, problem: str):
    raise ValueError(f"{field}: {problem}")


def show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def get(d: Any, key: str, field: str = "", default: Any = _MISSING) -> Any:
    if not isinstance(d, dict):
        bad(field or key, f"expected a mapping, found {type(d).__name__}")
    if key not in d:
        if default is _MISSING:
            bad(f"{field}.{key}" if field else key, "is missing")
        return default
    return d[key]


def integer(value: Any, field: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        bad(field, f"expected a whole number, found {show(value)}")
    if lo is not None and value < lo:
        bad(field, f"{value} is below {lo}")
    if hi is not None and value > hi:
        bad(field, f"{value} is above {hi}")
    return value


def seat(value: Any, field: str, players: int, none: bool = False) -> int | None:
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        bad(field, f"{show(value)} is not a seat (0 to {players - 1})")
    return value


def boolean(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        bad(field, f"expected true or false, found {show(value)}")
    return value


def text(value: Any, field: str, max_len: int = 2000, none: bool = False) -> str | None:
    if value is None and none:
        return None
    if not isinstance(value, str):
        bad(field, f"expected a text, found {show(value)}")
    if len(value) > max_len:
        bad(field, f"is longer than {max_len} characters")
    if "\x00" in value:
        bad(field, "holds a NUL character")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        bad(field, "holds a broken character (a lone surrogate)")
    return value


def choice(value: Any, field: str, choices) -> Any:
    if not any(value == c and type(value) is type(c) for c in choices):
        bad(field, f"{show(value)} is not one of {', '.join(map(str, choices))}")
    return value


def seq(value: Any, field: str, length: int | None = None, lo: int = 0,
        hi: int | None = None) -> list:
    if not isinstance(value, list):
        bad(field, f"expected a list, found {type(value).__name__}")
    if length is not None and len(value) != length:
        bad(field, f"has {len(value)} entries, expected {length}")
    if len(value) < lo:
        bad(field, f"has {len(value)} entries, expected at least {lo}")
    if hi is not None and len(value) > hi:
        bad(field, f"has {len(value)} entries, expected at most {hi}")
    return value


def ints(value: Any, field: str, length: int | None = None, lo: int | None = None,
         hi: int | None = None, max_len: int | None = None) -> list:
    seq(value, field, length, hi=max_len)
    for i, v in enumerate(value):
        integer(v, f"{field}[{i}]", lo, hi)
    return list(value)


def texts(value: Any, field: str, length: int | None = None, max_len: int = 2000) -> list:
    seq(value, field, length)
    for i, v in enumerate(value):
        text(v, f"{field}[{i}]", max_len)
    return list(value)


MT_WORDS = 624


def rng_state(value: Any, field: str = "rng") -> tuple:
    """[version, [625 words], gauss] as random.Random.getstate() gives it (JSON form)."""
    seq(value, field, 3)
    version, internal, gauss = value
    integer(version, f"{field}[0]", 3, 3)
    seq(internal, f"{field}[1]", MT_WORDS + 1)
    words = internal[:MT_WORDS]
    if not (all(type(w) is int for w in words) and min(words) >= 0 and max(words) < 2 ** 32):
        for i, w in enumerate(words):   # name the first bad word
            if type(w) is not int or not 0 <= w < 2 ** 32:
                bad(f"{field}[1][{i}]", f"{show(w)} is not a word of the random generator")
    integer(internal[MT_WORDS], f"{field}[1][{MT_WORDS}]", 0, MT_WORDS)
    if not any(internal[:MT_WORDS]):
        bad(f"{field}[1]", "the random generator state is all zeros")
    if gauss is not None and (isinstance(gauss, bool) or not isinstance(gauss, (int, float))
                              or gauss != gauss or abs(gauss) == float("inf")):
        bad(f"{field}[2]", f"{show(gauss)} is not a number")
    return version, tuple(internal), gauss
