"""Sentences for what happened in a game, in the player's language.

The rules package is language-free: its events (and refusals) carry a ``type`` and parameters.
This package turns them into the sentences the log, the toasts and the results screen show,
through the catalogs (``game.i18n.tr``), at the moment they are drawn, so that switching the
language relabels a whole game's log, and a game saved in one language continues in another.

One module per game, ``game/app/eventtext/<game>.py``, named by the game's ``words`` entry in
data/games.yaml; each gives

    line(ev: dict, ctx: Ctx) -> str | None      the log sentence of one event ("" : no line)
    toast(ev: dict, ctx: Ctx) -> str | None     a short toast for an event with no animation
                                                (the viewer and its view: ``ctx.extra``)
    refusal(code: str, params: dict, ctx: Ctx) -> str   why a click was refused (optional)
    results(state, ctx) -> dict | None          the results screen's sentences (optional):
                                                {"head": ..., "summary": ...}
    hint(action, view, ctx) -> str | None      why the Hint button suggests this action
                                                (optional; ``ctx.extra["events"]``: the events
                                                a clone of the seat's own view gives for it)
                                                ``hints.py`` has the five games' hints.

A module that lacks a function gives no text.  ``line`` returns "" for an event that has no log
line by design, and None for an event it does not know: that one falls back to the event's own
``text`` (records written by older versions).  ``toast`` and ``refusal`` give "" for none.

Besides the games' events, the log holds entries of the play logic itself, rendered here:
``{"type": "_undo", "count": n}`` (actions taken back).  Helpers for the modules:
``names_list(names)`` joins names the way the language lists them ("A, B and C").

The context: ``Ctx(game, names, extra, namer)``; ``ctx.name(seat)`` names a seat (through
``namer`` when a board view names seats itself, else ``names``); ``extra`` may hold ``seat`` (the
viewing seat, ``ctx.viewer``), ``view`` (what that seat sees) and ``log`` (the game's log, for
``results``).  A board view gets its context from ``for_board(view, game)`` and calls
``toast(ev, for_board(self, game))``; the log renders with the controller's names.

``results(state, ctx, solo=None)`` gives the results screen its sentences: ``head`` (who won,
a shared win, or a solo score) and ``summary`` (why: the winning move, the tie and what broke
it, the solo best).  ``solo`` is (score, best kept, new best?) for a solo game played for a
score.  Games without a ``results`` function get a generic head and the rules' ``summary()``.
"""
from __future__ import annotations

import logging

from dataclasses import dataclass, field
from typing import Any

from .common import names_list  # noqa: F401 - the game modules' helper, here for callers

log = logging.getLogger(__name__)



@dataclass
class Ctx:
    """What a sentence needs besides the event: the game and the seats' names."""
    game: str
    names: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)   # "seat": the viewer, "view", "log"
    #: optional: seat -> name, for a board view that names seats itself (used before ``names``)
    namer: Any = None

    def name(self, seat: Any) -> str:
        if not isinstance(seat, int) or isinstance(seat, bool):
            return "?"
        if self.namer is not None:
            try:
                got = self.namer(seat)
            except Exception:  # noqa: BLE001
                log.debug("name: fell back after an error", exc_info=True)  # drawn every frame: quiet
                got = None
            if got:
                return str(got)
        if 0 <= seat < len(self.names):
            return str(self.names[seat])
        return "?"

    @property
    def viewer(self) -> Any:
        """The seat whose screen shows the text (``extra["seat"]``; None: a spectator)."""
        return self.extra.get("seat")


def _module(game: str):
    from ...rules import part
    try:
        return part(game, "words")
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
    if ev.get("type") == "_undo":
        from ...i18n import tr
        count = ev.get("count")
        return tr("events.taken_back", count=count if isinstance(count, int) else 1)
    mod = _module(ctx.game)
    fn = getattr(mod, "line", None) if mod is not None else None
    text = fn(ev, ctx) if fn is not None else None
    if text is None:        # not known to the module: the record's own sentence (older saves)
        text = str(ev.get("text") or "")
    return str(text)


def toast(ev: dict, ctx: Ctx) -> str:
    """A toast for one event ("" for none); the views pass their viewer and view in ``extra``."""
    try:
        return _call(ctx.game, "toast", ev, ctx) or ""
    except Exception:  # noqa: BLE001 - a toast must never stop an animation
        log.debug("toast: fell back after an error", exc_info=True)  # drawn every frame: quiet
        return ""


def for_board(board: Any, game: str) -> Ctx:
    """The context of a board view: its names, its viewing seat and its view."""
    return Ctx(game, namer=getattr(board, "_name", None),
               extra={"seat": getattr(board, "seat", None), "view": getattr(board, "view", None)})


def refusal(code: str, params: dict, ctx: Ctx) -> str:
    return _call(ctx.game, "refusal", code, params, ctx) or ""


def results(state: Any, ctx: Ctx, solo: tuple | None = None) -> dict:
    """The results screen's sentences: {"head": str, "summary": str} (see the docstring)."""
    from ...i18n import tr
    out = None
    mod = _module(ctx.game)
    fn = getattr(mod, "results", None) if mod is not None else None
    if fn is not None:
        try:
            out = fn(state, ctx)
        except Exception:  # noqa: BLE001 - the results screen must always have its words
            log.debug("results: fell back after an error", exc_info=True)  # drawn every frame: quiet
            out = None
    if not out:
        winners = list(state.winners() or [])
        if len(winners) == 1:
            head = tr("events.result_wins", name=ctx.name(winners[0]))
        elif winners:
            head = tr("events.result_shared")
        else:
            head = tr("events.result_over")
        try:
            summary = str(state.summary() or "")
        except Exception:  # noqa: BLE001
            log.debug("results: fell back after an error", exc_info=True)  # drawn every frame: quiet
            summary = ""
        out = {"head": head, "summary": summary}
    out = {"head": str(out.get("head") or ""), "summary": str(out.get("summary") or "")}
    if solo is not None:
        score, best, new = solo
        out["head"] = tr("events.solo_points", count=score)
        extra = tr("events.solo_new_best") if new else tr("events.solo_best_kept", count=best)
        out["summary"] = f"{out['summary']} {extra}".strip()
    return out


def hint_events(game: str, action: Any, view: dict, seed: int = 1) -> list:
    """The events ``action`` gives on a clone of the seat's own view (hidden parts dealt at
    random by ``from_view``, never the real hidden state); [] when the clone cannot tell."""
    from ...rules import state_from_view
    try:
        clone = state_from_view(game, view, seed)
        return [dict(e) for e in clone.apply(action) if isinstance(e, dict)]
    except Exception:  # noqa: BLE001 - a hint still has its general sentence
        log.debug("hint_events: fell back after an error", exc_info=True)  # drawn every frame: quiet
        return []


def hint(action: Any, view: dict, ctx: Ctx, seed: int = 1) -> str:
    """One sentence why the good player chooses ``action`` from ``view``: the game's own
    ``hint`` when it has one, else what the action does (its first log sentence)."""
    from ...i18n import tr
    events = hint_events(ctx.game, action, view, seed)
    ctx.extra.setdefault("events", events)
    from . import hints
    for ask in (lambda: _call(ctx.game, "hint", action, view, ctx),
                lambda: hints.hint(action, view, ctx)):
        try:
            text = ask()
        except Exception:  # noqa: BLE001
            log.debug("hint: fell back after an error", exc_info=True)  # drawn every frame: quiet
            text = None
        if text:
            return str(text)
    for ev in events:
        if ev.get("chance") or ev.get("reveal"):     # the clone's deal is made up: never told
            continue
        try:
            what = line(ev, ctx)
        except Exception:  # noqa: BLE001
            log.debug("hint: fell back after an error", exc_info=True)  # drawn every frame: quiet
            what = ""
        if what:
            return tr("hint.does", what=what)
    return tr("hint.general")
