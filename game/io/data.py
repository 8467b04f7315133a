"""Loading and validating YAML data files.

Every data file is read with the strict reader of ``game.io.safeio`` (the YAML safe loader,
with size, nesting and alias limits).  Anything wrong gives a ``DataError``
whose message names the file, the entry and the problem, e.g.

    data/moles/board.yaml: layers[2].holes[3]: point (5, 0) lies outside the layer (radius 2)
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from . import safeio
from .paths import resource_path


class DataError(ValueError):
    """A data file is missing, unreadable or invalid."""

    def __init__(self, file: str | Path, entry: str, problem: str):
        self.file = str(file)
        self.entry = entry
        self.problem = problem
        where = f"{self.file}: {entry}: " if entry else f"{self.file}: "
        super().__init__(where + problem)


def display_name(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(resource_path().resolve()))
    except ValueError:
        return str(path)


def load_yaml(path: str | Path) -> Any:
    """Read a data file with the strict reader (safe loader, size, depth and alias limits)."""
    path = Path(path)
    name = display_name(path)
    try:
        return safeio.load_yaml(path, name)
    except FileNotFoundError:
        raise DataError(name, "", "file not found") from None
    except safeio.FileProblem as exc:
        raise DataError(name, "", exc.problem) from None


class Checker:
    """Small helpers that raise DataError with the file and entry path filled in."""

    def __init__(self, file: str):
        self.file = file

    def fail(self, entry: str, problem: str):
        raise DataError(self.file, entry, problem)

    def mapping(self, value: Any, entry: str) -> dict:
        if not isinstance(value, dict):
            self.fail(entry, f"expected a mapping, found {type(value).__name__}")
        return value

    def seq(self, value: Any, entry: str) -> list:
        if not isinstance(value, list):
            self.fail(entry, f"expected a list, found {type(value).__name__}")
        return value

    def key(self, mapping: dict, key: str, entry: str) -> Any:
        if key not in mapping:
            self.fail(entry, f"missing key '{key}'")
        return mapping[key]

    def int(self, value: Any, entry: str, lo: int | None = None, hi: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(entry, f"expected a whole number, found {value!r}")
        if lo is not None and value < lo:
            self.fail(entry, f"{value} is below the minimum {lo}")
        if hi is not None and value > hi:
            self.fail(entry, f"{value} is above the maximum {hi}")
        return value

    def str(self, value: Any, entry: str, choices=None) -> str:
        if not isinstance(value, str) or not value:
            self.fail(entry, f"expected a text, found {value!r}")
        if choices is not None and value not in choices:
            self.fail(entry, f"'{value}' is not one of {', '.join(map(str, choices))}")
        return value
