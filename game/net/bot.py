"""A computer player at a table of another computer (``main.py join ... --ai LEVEL``): it joins
like a person, is sent only what its seat may see, and decides from that view with the level's
agent (``game.ai.make_agent``) until the game ends.

    result = play_remote("ws://127.0.0.1:8765", "ABCDEF", level="good", seat=None)
"""
from __future__ import annotations

import logging
import time
from typing import Callable

from ..rules.base import Rec
from .client import CLOSED, TableClient
from .protocol import FULL, SEAT_TAKEN

log = logging.getLogger(__name__)


class RemoteGame(Exception):
    """The table could not be joined or was lost; ``code`` says why (a protocol or client
    code: wrong_code, full, other_version, unreachable, lost, ...)."""

    def __init__(self, code: str, about: str = ""):
        super().__init__(code)
        self.code = code
        self.about = about


def play_remote(url: str, code: str, *, level: str = "good", seat: int | None = None,
                name: str = "", colour: int = 0, timeout: float = 3600.0,
                on_joined: Callable[[int, dict], None] | None = None,
                client: TableClient | None = None, think: float | None = None) -> dict:
    """Join, play the seat with a computer player until the game ends, and return the last
    picture of the table (``{"env", "legal", ...}``).  Raises RemoteGame when the table refuses
    or is lost, and after ``timeout`` seconds."""
    from ..ai import make_agent
    client = client or TableClient(url, code=code, name=name, colour=colour, seat=seat)
    client.start()
    agent = None
    last: dict | None = None
    asked: int | None = None          # the version the agent last answered
    deadline = time.monotonic() + timeout
    lobby: dict = {}
    seated = False
    tried: set[int] = set()           # seats asked for and refused (taken by someone faster)
    try:
        while time.monotonic() < deadline:
            got = client.poll()
            if not got:
                if client.state == CLOSED:
                    raise RemoteGame(client.why or "lost")
                time.sleep(0.01)
                continue
            for msg in got:
                t = msg.get("t")
                if t in ("welcome", "lobby"):
                    lobby = msg.get("lobby") or lobby
                    if t == "welcome" and msg.get("seat") is None and seat is None:
                        tried = _sit_free(client, lobby, tried)
                    elif t == "welcome" and msg.get("seat") is not None:
                        seated = True
                        if on_joined:
                            on_joined(msg["seat"], lobby)
                elif t in ("state", "update"):
                    last = msg
                    if t == "state":          # a whole new picture (a rejoin): think afresh
                        asked = None
                elif t == "error":
                    code_ = str(msg.get("code") or "")
                    if not seated and code_ in (SEAT_TAKEN, FULL):
                        # another player sat down first (two joining at once): a chosen seat
                        # is gone for good; otherwise the next free one, by the newest lobby
                        if seat is not None or code_ == FULL:
                            raise RemoteGame(code_)
                        tried = _sit_free(client, lobby, tried)
                    elif code_ in ("stale", "not_your_turn", "not_connected"):
                        asked = None          # a newer picture is on its way
                    elif code_ == "too_fast":
                        time.sleep(0.3)       # the host's rate limit: ask again a moment later
                        asked = None
                    else:
                        log.info("the host refused: %s %s", code_, msg.get("about", ""))
                elif t in ("closed", "bye"):
                    if last is not None and (last.get("env") or {}).get("over"):
                        return last
                    raise RemoteGame(str(msg.get("why") or "lost"))
            if last is None:
                continue
            env = last.get("env") or {}
            if env.get("over"):
                return last
            legal = last.get("legal") or []
            if legal and last.get("started", True) is not False and asked != last.get("v"):
                if agent is None:
                    agent = make_agent(env.get("game"), level, seed=None)
                    if think is not None and isinstance(getattr(agent, "think", None), float):
                        agent.think = think
                action = agent.decide(env.get("view") or {}, [Rec(a) for a in legal])
                asked = last.get("v")
                client.act(action, last.get("v"))
        raise RemoteGame("timeout")
    finally:
        client.close()


def _sit_free(client: TableClient, lobby: dict, tried: set[int]) -> set[int]:
    """Ask for the first free remote seat not asked for before; RemoteGame("full") when none
    is left.  Returns the seats asked for so far."""
    free = [i for i, s in enumerate(lobby.get("seats") or [])
            if isinstance(s, dict) and s.get("kind") == "remote" and not s.get("taken")
            and i not in tried]
    if not free:
        raise RemoteGame("full")
    client.sit(free[0])
    return tried | {free[0]}
