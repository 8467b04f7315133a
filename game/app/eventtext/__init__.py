"""Sentences for what happened in a game, in the player's language.

The rules package is language-free: its events (and refusals) carry a ``type`` and parameters.
This package turns them into the sentences the log, the toasts and the results screen show,
through the catalogs (``game.i18n.tr``), at the moment they are drawn, so that switching the
language relabels a whole game's log, and a game saved in one language continues in another.

One module per game, ``game/app/eventtext/<game>.py``, registered in ``MODULES``; each gives

    line(ev: dict, ctx: Ctx) -> str | None      the log sentence of one event (None: no line)
    toast(ev: dict, ctx: Ctx) -> str | None     a short toast for an event with no animation
    refusal(code: str, params: dict, ctx: Ctx) -> str   why a click was refused (optional)

A module that lacks a function, or returns None, gives no text; an event a module does not know
falls back to the event's own ``text`` (records written by older versions) and never raises.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

#: game id -> module name inside this package
MODULES = {g: g for g in ("moles", "ants", "hamster", "forest", "gopher")}


@dataclass
class Ctx:
    """What a sentence needs besides the event: the game and the seats' names."""
    game: str
    names: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.names):
            return str(self.names[seat])
        return "?"


def _module(game: str):
    name = MODULES.get(game)
    if name is None:
        return None
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ImportError:
        return None


def _call(game: str, fn: str, *args) -> str | None:
    mod = _module(game)
    f = getattr(mod, fn, None) if mod is not None else None
    if f is None:
        return None
    out = f(*args)
    return str(out) if out else None


def line(ev: Any, ctx: Ctx) -> str:
    """The log sentence of one log entry: an event dict, or a plain line from an older save."""
    if isinstance(ev, str):
        return ev
    if not isinstance(ev, dict):
        return ""
    text = _call(ctx.game, "line", ev, ctx)
    if text is None:
        text = str(ev.get("text") or "")
    return text


def toast(ev: dict, ctx: Ctx) -> str:
    return _call(ctx.game, "toast", ev, ctx) or ""


def refusal(code: str, params: dict, ctx: Ctx) -> str:
    return _call(ctx.game, "refusal", code, params, ctx) or ""
