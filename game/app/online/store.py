"""What a player's computer keeps to take its seat back: the secret token each table gave it
(``online.json`` in the user-data folder), and the last address typed.

    {"version": 1, "last": {"address": "192.168.1.20:8765", "server": "tables.example.org"},
     "seats": [{"code": "KPXWRT", "address": "ws://...", "seat": 1, "token": "...", "when": 0}]}

Read strictly and checked entry by entry; a file that cannot be read or written only means the
seat is taken by hand again (join with the same code), so nothing here ever stops the app.
"""
from __future__ import annotations

import json
import time

from ...io.paths import atomic_write, user_data_dir
from ...io.safeio import FileProblem, load_json

FILE = "online.json"
VERSION = 1
KEEP = 20                  # tables remembered at most (the newest)
MAX_BYTES = 64 * 1024


def _read() -> dict:
    try:
        raw = load_json(user_data_dir() / FILE, FILE, max_bytes=MAX_BYTES, max_depth=6)
    except (FileNotFoundError, FileProblem, OSError):
        return {"seats": [], "last": {}}
    if not isinstance(raw, dict) or raw.get("version") != VERSION:
        return {"seats": [], "last": {}}
    seats = []
    for s in raw.get("seats") or []:
        if isinstance(s, dict) and isinstance(s.get("code"), str) and len(s["code"]) <= 32 \
                and isinstance(s.get("token"), str) and 0 < len(s["token"]) <= 200 \
                and isinstance(s.get("seat"), int) and not isinstance(s.get("seat"), bool) \
                and 0 <= s["seat"] < 8 and isinstance(s.get("address", ""), str):
            seats.append({"code": s["code"], "token": s["token"], "seat": s["seat"],
                          "address": s.get("address", "")[:300], "when": s.get("when", 0)})
    last = raw.get("last") if isinstance(raw.get("last"), dict) else {}
    return {"seats": seats[-KEEP:],
            "last": {k: last[k][:300] for k in ("address", "server")
                     if isinstance(last.get(k), str)}}


def _write(data: dict) -> None:
    try:
        atomic_write(user_data_dir() / FILE,
                     json.dumps({"version": VERSION, **data}, ensure_ascii=False, indent=1))
    except OSError:           # the seat is taken by hand again next time
        pass


def token_for(code: str) -> tuple[int, str] | None:
    """(seat, token) this computer was given at the table ``code``, or None."""
    for s in reversed(_read()["seats"]):
        if s["code"] == code:
            return s["seat"], s["token"]
    return None


def remember(code: str, address: str, seat: int, token: str) -> None:
    data = _read()
    seats = [s for s in data["seats"] if s["code"] != code]
    seats.append({"code": code, "address": address, "seat": seat, "token": token,
                  "when": int(time.time())})
    data["seats"] = seats[-KEEP:]
    _write(data)


def forget(code: str) -> None:
    data = _read()
    kept = [s for s in data["seats"] if s["code"] != code]
    if len(kept) != len(data["seats"]):
        data["seats"] = kept
        _write(data)


def last_address() -> str:
    return _read()["last"].get("address", "")


def remember_address(address: str, key: str = "address") -> None:
    data = _read()
    if data["last"].get(key) != address:
        data["last"][key] = address[:300]
        _write(data)


def last_server() -> str:
    """The table server's address typed last (Play online, A table server)."""
    return _read()["last"].get("server", "")


def remember_server(address: str) -> None:
    remember_address(address, "server")


def seats_at(url: str) -> list[dict]:
    """The seats (code, token) this computer holds at the tables of the server ``url``, the
    newest first."""
    return [{"code": s["code"], "token": s["token"]} for s in reversed(_read()["seats"])
            if s["address"] == url]
