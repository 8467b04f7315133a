"""The messages between a table's host and the players at other computers.

Every message is one JSON object in one WebSocket text frame, with its type under ``"t"``.
What a client sends is untrusted input: ``parse`` checks it like a save file (size, nesting,
types, ranges) and returns a ``Message`` or raises ``Bad`` with a code the host sends back;
nothing received is ever unpickled, evaluated or loaded as YAML, and an action only reaches the
rules through ``Table.act`` (which checks it against the seat's legal actions).

Client to host:
    hello   {"p": PROTOCOL, "app": "BurrowBox", "version": "x.y.z", "code": "ABCDEF",
             "name": str, "colour": int, "seat": int|null, "token": str|null}
    sit     {"seat": int}                   take a free seat (in the lobby)
    act     {"v": version, "a": action}     an action of the client's seat at that version
    undo    {"v": version}
    say     {"m": one of QUICK}             a quick message ("Good move!")
    ping    {}
  to a table server, before any hello:
    create  {"p", "app", "version", "game", "variant", "options", "seats": [{"kind":
             "remote"|"computer", "level", "name"}], "listed": bool, "timer": days}
    mine    {"tables": [{"code", "token"}]}  how the player's tables stand
    list    {}                               the listed tables that wait for players
Host to client:
    welcome {"p", "seat", "token", "lobby"}          joined (seat None until one is taken)
    lobby   {"lobby"}                                 who sits where, who is away, started?
                                                      (a table server's: "server": true)
    state   {"v", "env", "legal", "undo", "log"}      everything the seat may see, on (re)join
    update  {"v", "kind", "seat", "events", "entries", "env", "legal", "undo"}
            (a take-back adds the seat's whole "log"; once the game is over, state and
            update add its "result")
    said    {"seat", "m"}
    error   {"code", "about"}                         a refusal (the app says it in words)
    bye     {"why"}                                   the table closed
    created {"code", "lobby"}                         a table server made the table
    tables  {"tables": [...]}                         answer to mine and list
"""
from __future__ import annotations

import json
import math
import secrets
from dataclasses import dataclass
from typing import Any

PROTOCOL = 1
APP = "BurrowBox"
MAX_FRAME = 64 * 1024            # bytes of one message from a client
MAX_DEPTH = 12                   # nesting of a client's message
MAX_ITEMS = 2000                 # keys and list items in one client message
MAX_TEXT = 200                   # characters of a name or a version string
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"   # no I, no O: easy to read aloud and type
CODE_LENGTH = 6
TOKEN_BYTES = 18
QUICK = ("good_move", "your_turn", "thanks", "one_moment", "well_played", "oops")

CLIENT_TYPES = ("hello", "sit", "act", "undo", "say", "ping", "create", "mine", "list")
HOST_TYPES = ("welcome", "lobby", "state", "update", "said", "error", "bye", "pong",
              "created", "tables")

# refusal codes (the table's own: not_your_turn, illegal, stale, over, cannot_undo, damaged)
BAD_MESSAGE, TOO_BIG, UNKNOWN_TYPE, TOO_FAST = "bad_message", "too_big", "unknown_type", "too_fast"
WRONG_CODE, FULL, OTHER_VERSION, BAD_TOKEN = "wrong_code", "full", "other_version", "bad_token"
SEAT_TAKEN, NO_SEAT, NOT_STARTED, NOT_JOINED = "seat_taken", "no_seat", "not_started", "not_joined"
CLOSED = "closed"


class Bad(ValueError):
    """A message that cannot be taken; ``code`` goes back to the sender."""

    def __init__(self, code: str, about: str = ""):
        super().__init__(f"{code}: {about}" if about else code)
        self.code = code
        self.about = about


@dataclass
class Message:
    type: str
    fields: dict

    def get(self, key: str, default=None):
        return self.fields.get(key, default)


def new_code(length: int = CODE_LENGTH) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def normal_code(text: Any) -> str | None:
    """A table code as typed (spaces, dashes and small letters allowed), or None when it
    cannot be one."""
    if not isinstance(text, str) or len(text) > 64:
        return None
    code = "".join(ch for ch in text.upper() if ch not in " -_\t")
    if not 4 <= len(code) <= 32 or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def encode(type_: str, **fields) -> str:
    """One message as the text of a frame (compact, keys sorted: the same message is always
    the same bytes)."""
    return json.dumps({"t": type_, **fields}, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False, allow_nan=False)


def encode_dump(x: Any) -> str:
    """``x`` as the same JSON text ``json.dumps(..., sort_keys=True)`` gives after a round trip
    (for comparing what was sent with what the table holds)."""
    return json.dumps(json.loads(json.dumps(x, allow_nan=False)), sort_keys=True)


def _check_shape(x: Any, depth: int = 0, count: list | None = None) -> None:
    count = count if count is not None else [0]
    if depth > MAX_DEPTH:
        raise Bad(BAD_MESSAGE, "nested too deep")
    if isinstance(x, dict):
        count[0] += len(x)
        for k, v in x.items():
            if not isinstance(k, str) or len(k) > MAX_TEXT:
                raise Bad(BAD_MESSAGE, "a key is not a short text")
            _check_shape(v, depth + 1, count)
    elif isinstance(x, list):
        count[0] += len(x)
        for v in x:
            _check_shape(v, depth + 1, count)
    elif isinstance(x, float) and not math.isfinite(x):
        raise Bad(BAD_MESSAGE, "a number that is not finite")
    elif isinstance(x, str) and len(x) > 4 * MAX_TEXT:
        raise Bad(BAD_MESSAGE, "a text too long")
    if count[0] > MAX_ITEMS:
        raise Bad(BAD_MESSAGE, "too many items")


def _int(x: Any, lo: int, hi: int, what: str, none: bool = False) -> int | None:
    if x is None and none:
        return None
    if isinstance(x, bool) or not isinstance(x, int) or not lo <= x <= hi:
        raise Bad(BAD_MESSAGE, f"{what} is not a whole number from {lo} to {hi}")
    return x


def _text(x: Any, what: str, none: bool = False, limit: int = MAX_TEXT) -> str | None:
    if x is None and none:
        return None
    if not isinstance(x, str) or len(x) > limit or "\x00" in x:
        raise Bad(BAD_MESSAGE, f"{what} is not a short text")
    return x


def parse(data: Any) -> Message:
    """A client's frame as a checked Message; ``Bad`` for anything else."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        raise Bad(BAD_MESSAGE, "binary frames are not used")
    if not isinstance(data, str):
        raise Bad(BAD_MESSAGE, "not a text frame")
    if len(data.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        raise Bad(TOO_BIG, f"over {MAX_FRAME} bytes")
    try:
        raw = json.loads(data, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise Bad(BAD_MESSAGE, "not JSON") from None
    if not isinstance(raw, dict):
        raise Bad(BAD_MESSAGE, "not an object")
    _check_shape(raw)
    t = raw.get("t")
    if t not in CLIENT_TYPES:
        raise Bad(UNKNOWN_TYPE, str(t)[:40] if isinstance(t, str) else "")
    f = {k: v for k, v in raw.items() if k != "t"}
    if t == "hello":
        out = {"p": _int(f.get("p"), 0, 10 ** 6, "the protocol"),
               "app": _text(f.get("app"), "the program"),
               "version": _text(f.get("version"), "the version"),
               "code": _text(f.get("code"), "the table code", none=True),
               "name": _text(f.get("name", ""), "the name"),
               "colour": _int(f.get("colour", 0), 0, 63, "the colour"),
               "seat": _int(f.get("seat"), 0, 7, "the seat", none=True),
               "token": _text(f.get("token"), "the token", none=True)}
    elif t == "sit":
        out = {"seat": _int(f.get("seat"), 0, 7, "the seat")}
    elif t == "act":
        a = f.get("a")
        if not isinstance(a, dict) or not isinstance(a.get("type"), str):
            raise Bad(BAD_MESSAGE, "the action is not an object with a type")
        out = {"v": _int(f.get("v"), 0, 10 ** 9, "the version"), "a": a}
    elif t == "undo":
        out = {"v": _int(f.get("v"), 0, 10 ** 9, "the version")}
    elif t == "create":
        seats = f.get("seats")
        if not isinstance(seats, list) or not 1 <= len(seats) <= 8:
            raise Bad(BAD_MESSAGE, "the seats are not a list of 1 to 8")
        rows = []
        for s in seats:
            if not isinstance(s, dict):
                raise Bad(BAD_MESSAGE, "a seat is not an object")
            rows.append({"kind": _text(s.get("kind"), "a seat's kind"),
                         "level": _text(s.get("level", "good"), "a seat's level"),
                         "name": _text(s.get("name", ""), "a seat's name")})
        options = f.get("options") or {}
        if not isinstance(options, dict) or any(
                not isinstance(v, (str, int, bool)) or isinstance(v, float)
                for v in options.values()):
            raise Bad(BAD_MESSAGE, "the options are not an object of plain values")
        listed = f.get("listed", False)
        if not isinstance(listed, bool):
            raise Bad(BAD_MESSAGE, "listed is not true or false")
        out = {"p": _int(f.get("p"), 0, 10 ** 6, "the protocol"),
               "app": _text(f.get("app"), "the program"),
               "version": _text(f.get("version"), "the version"),
               "game": _text(f.get("game"), "the game"),
               "variant": _text(f.get("variant"), "the variant", none=True),
               "options": options, "seats": rows, "listed": listed,
               "timer": _int(f.get("timer", 0), 0, 3, "the timer")}
    elif t == "mine":
        tables = f.get("tables")
        if not isinstance(tables, list) or len(tables) > 50:
            raise Bad(BAD_MESSAGE, "the tables are not a list of at most 50")
        out = {"tables": [{"code": _text(x.get("code"), "a code"),
                           "token": _text(x.get("token"), "a token")}
                          for x in tables if isinstance(x, dict)]}
    elif t == "say":
        m = f.get("m")
        if m not in QUICK:
            raise Bad(BAD_MESSAGE, "not a quick message")
        out = {"m": m}
    else:
        out = {}
    return Message(t, out)


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def parse_reply(data: Any, limit: int) -> dict:
    """A host's frame as a dict (the client trusts the host as far as shapes go: it is checked
    for size and type, and every field is read defensively)."""
    if not isinstance(data, str) or len(data) > limit:
        raise Bad(BAD_MESSAGE, "not a text frame of a possible size")
    try:
        raw = json.loads(data, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise Bad(BAD_MESSAGE, "not JSON") from None
    if not isinstance(raw, dict) or raw.get("t") not in HOST_TYPES:
        raise Bad(UNKNOWN_TYPE)
    return raw
