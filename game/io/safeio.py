"""One strict reader for every file Burrow Box reads (saves, settings, data).

Files on disk are untrusted: a player may edit them, a disk may truncate them, a tester may
hand us a "billion laughs".  Everything here turns such a file into ``FileProblem`` (a
ValueError whose message names the file and says what is wrong) and never into a crash:

* only a regular file is read: a named pipe, a device, a socket or a folder (also behind a
  link) is refused before it is opened, and checked again on the opened file (opened without
  waiting, so that nothing put in its place meanwhile can hang the app);
* a size cap, checked before the whole file is read;
* UTF-8 with or without a byte-order mark;
* a nesting-depth cap checked BEFORE parsing, so Python's recursion limit is never reached;
* JSON: no NaN/Infinity, no NUL and no lone surrogate in any text or key;
* YAML: the safe loader only, a small budget of aliases (an alias bomb fails at once) and
  the same depth cap, counted while the document is composed.

The file itself is never touched: callers decide whether to keep or move it.  No pygame here.
"""
from __future__ import annotations

import json
import os
import re
import stat
from itertools import accumulate
from pathlib import Path
from typing import Any

import yaml

MAX_BYTES = 4 * 1024 * 1024      # a save with a long undo history is ~100 kB
MAX_DEPTH = 40                   # our files nest at most ~8 deep
MAX_ALIASES = 20                 # our data files use none


class FileProblem(ValueError):
    """A file that cannot be used; ``str()`` names the file and the problem."""

    def __init__(self, name: str, problem: str):
        self.file = name
        self.problem = problem
        super().__init__(f"{name}: {problem}")


def not_regular(mode: int) -> str | None:
    """What is wrong with a file of this ``st_mode`` for reading, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "is not a regular file (a named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is not a regular file (a device)"
    if stat.S_ISSOCK(mode):
        return "is not a regular file (a socket)"
    return "is not a regular file"


#: open without waiting: a named pipe or a device put in a file's place never blocks the open
_READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_BINARY", 0))


def read_bytes(path, name: str | None = None, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file, at most ``max_bytes``.  Anything else (a named pipe, a
    device, a socket, a folder, also behind a link) is refused before it is opened and again on
    the opened file, so it can never hang the app.  FileNotFoundError (also a link to nothing)
    passes through as it is; everything else is a FileProblem."""
    path = os.fspath(path)
    name = name or str(path)
    try:
        why = not_regular(os.stat(path).st_mode)
        if why:
            raise FileProblem(name, why)
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise FileProblem(name, "is a folder, not a file") from None
    except OSError as exc:
        raise FileProblem(name, f"cannot be read ({exc.strerror or exc})") from None
    try:
        st = os.fstat(fd)
        why = not_regular(st.st_mode)      # replaced between the check and the open
        if why:
            raise FileProblem(name, why)
        if st.st_size > max_bytes:
            raise FileProblem(name, f"is too large (more than {max_bytes // 1024} kB)")
        chunks, left = [], max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
    except OSError as exc:
        raise FileProblem(name, f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise FileProblem(name, f"is too large (more than {max_bytes // 1024} kB)")
    return data


def read_text(path, name: str | None = None, max_bytes: int = MAX_BYTES) -> str:
    """The file's text (UTF-8, a BOM is dropped); see ``read_bytes``.  FileNotFoundError is
    passed on as it is, so callers can tell "missing" from "damaged"; everything else is a
    FileProblem."""
    name = name or str(path)
    return decode(read_bytes(path, name, max_bytes), name)


def decode(data: bytes, name: str) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileProblem(name, f"is not UTF-8 text (byte {exc.start})") from None
    if "\x00" in text:
        raise FileProblem(name, "contains a NUL character")
    return text


# a string runs to its closing quote or, unterminated, to the end of the text: every character
# has exactly one way to match, so there is no backtracking and the scan stays linear
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\(?:.|\Z))*(?:"|\Z)', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def json_depth(text: str, stop_above: int | None = None) -> int:
    """The deepest nesting of [ and { outside strings (linear; no recursion).  With
    ``stop_above``, counting stops as soon as the depth goes beyond it."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    deepest = 0
    for depth in accumulate(1 if c in "[{" else -1 for c in brackets):
        if depth > deepest:
            deepest = depth
            if stop_above is not None and depth > stop_above:
                break
    return deepest


def bad_text(value: str) -> str | None:
    """What is wrong with a text from a file (NUL, lone surrogate), or None."""
    if "\x00" in value:
        return "a NUL character"
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "a broken character (a lone surrogate)"
    return None


def check_tree(value: Any, name: str, max_depth: int = MAX_DEPTH) -> None:
    """Walk a parsed document (iteratively): texts and keys must be clean, floats finite."""
    stack = [(value, 0)]
    while stack:
        v, depth = stack.pop()
        if depth > max_depth:
            raise FileProblem(name, f"is nested too deeply (more than {max_depth} levels)")
        if isinstance(v, str):
            why = bad_text(v)
            if why:
                raise FileProblem(name, f"has a text with {why}")
        elif isinstance(v, float):
            if v != v or v in (float("inf"), float("-inf")):
                raise FileProblem(name, "has a number that is not finite")
        elif isinstance(v, dict):
            for k, x in v.items():
                stack.append((k, depth + 1))
                stack.append((x, depth + 1))
        elif isinstance(v, (list, tuple)):
            stack.extend((x, depth + 1) for x in v)


def _no_constant(word: str):
    raise ValueError(f"{word} is not a number")


def parse_json(text: str, name: str, max_depth: int = MAX_DEPTH) -> Any:
    if json_depth(text, max_depth) > max_depth:
        raise FileProblem(name, f"is nested too deeply (more than {max_depth} levels)")
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError:  # pragma: no cover - the depth check above comes first
        raise FileProblem(name, "is nested too deeply") from None
    except ValueError as exc:
        raise FileProblem(name, f"is not valid JSON ({exc})") from None
    check_tree(value, name, max_depth)
    return value


def load_json(path, name: str | None = None, max_bytes: int = MAX_BYTES,
              max_depth: int = MAX_DEPTH) -> Any:
    """Read and check a JSON file (see the module text).  FileNotFoundError passes through."""
    name = name or str(path)
    return parse_json(read_text(path, name, max_bytes), name, max_depth)


# ---- YAML -------------------------------------------------------------------------------------

class _StrictLoader(yaml.SafeLoader):
    """The safe loader with an alias budget and a depth cap while composing."""

    max_depth = MAX_DEPTH
    max_aliases = MAX_ALIASES

    def __init__(self, stream):
        super().__init__(stream)
        self._depth = 0
        self._aliases = 0

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > self.max_aliases:
                event = self.peek_event()
                raise _LimitError(problem=f"uses more than {self.max_aliases} aliases "
                                  "(a document that expands without limit)",
                                  problem_mark=event.start_mark)
        self._depth += 1
        try:
            if self._depth > self.max_depth:
                event = self.peek_event()
                raise _LimitError(problem=f"is nested too deeply (more than {self.max_depth} "
                                  "levels)", problem_mark=event.start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


class _LimitError(yaml.MarkedYAMLError):
    """A document beyond our limits (aliases, depth)."""


_FAST = getattr(yaml, "__with_libyaml__", False)   # libyaml: the same parse, ten times quicker
_OPEN = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSE = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def _check_limits(text: str) -> None:
    """With libyaml: the alias budget and depth cap of ``_StrictLoader``, on the parser's
    events before anything is built (an alias bomb never expands)."""
    depth = aliases = 0
    for event in yaml.parse(text, Loader=yaml.CSafeLoader):
        if isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                raise _LimitError(problem=f"uses more than {MAX_ALIASES} aliases "
                                  "(a document that expands without limit)",
                                  problem_mark=event.start_mark)
        elif isinstance(event, _OPEN):
            depth += 1
            if depth >= MAX_DEPTH:
                raise _LimitError(problem=f"is nested too deeply (more than {MAX_DEPTH} "
                                  "levels)", problem_mark=event.start_mark)
        elif isinstance(event, _CLOSE):
            depth -= 1


def _parse(text: str):
    if _FAST:
        _check_limits(text)
        loader = yaml.CSafeLoader(text)
    else:
        loader = _StrictLoader(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def parse_yaml(text: str, name: str) -> Any:
    """Parse YAML text safely; FileProblem for anything wrong (with line and column)."""
    try:
        value = _parse(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        if isinstance(exc, _LimitError):
            raise FileProblem(name, f"{where}{problem}") from None
        raise FileProblem(name, f"{where}not valid YAML: {problem}") from None
    except RecursionError:  # pragma: no cover - the depth cap comes first
        raise FileProblem(name, "is nested too deeply") from None
    except (ValueError, TypeError, OverflowError) as exc:   # e.g. a date like 2024-99-99
        raise FileProblem(name, f"not valid YAML: {exc}") from None
    check_tree(value, name)
    return value


def load_yaml(path, name: str | None = None, max_bytes: int = MAX_BYTES) -> Any:
    name = name or str(path)
    return parse_yaml(read_text(path, name, max_bytes), name)


# ---- writing ----------------------------------------------------------------------------------

TMP_PREFIX = ".tmp-"


def atomic_write_bytes(path, data: bytes, public: bool = False) -> None:
    """Write ``data`` so that neither a crash nor a full disk leaves half a file: a temp file
    in the same folder, flushed and fsync'd, then renamed over ``path`` (and the folder
    fsync'd where the platform allows).  The file is private unless ``public``."""
    import tempfile
    path = os.fspath(path)
    folder = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(prefix=TMP_PREFIX, suffix=".part", dir=folder)
    try:
        if public:   # like a file made with open(): readable by others as the umask allows
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(tmp, 0o666 & ~mask)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_folder(folder)


def fsync_folder(folder) -> None:
    if os.name != "posix":
        return
    try:
        dfd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


def clean_temp_files(folder, min_age: float = 0.0) -> int:
    """Remove temp files that a killed write left in ``folder``; returns how many."""
    import time
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    now = time.time()
    for e in entries:
        if e.name.startswith(TMP_PREFIX) and e.is_file(follow_symlinks=False):
            try:
                if now - e.stat().st_mtime >= min_age:
                    os.unlink(e.path)
                    removed += 1
            except OSError:
                pass
    return removed
