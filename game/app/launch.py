"""The one place a game is started: a new game from the set-up screen, a saved game continued,
a rematch with the same seats.  Each returns the LocalSession; ``App.launch`` shows it.

Raises ValueError (with a sentence a player can read) when the game cannot be started.
"""
from __future__ import annotations

import random

from ..rules import GAMES, IllegalAction, new_game
from .store import saves
from .session import LocalSession
from .views import needs_curtain


def _seed() -> int:
    return random.SystemRandom().randrange(2 ** 31)


def new(game_id: str, seats: list[dict], variant=None, options=None, seed=None) -> LocalSession:
    """A new game with these seats (one dict per player: name, colour, kind, level)."""
    state = new_game(game_id, len(seats), seed=_seed() if seed is None else seed,
                     variant=variant, options=options)
    return LocalSession(game_id, seats, state, curtain=needs_curtain(game_id))


def saved(save) -> LocalSession:
    """A saved game (``saves.Saved``: game_id, seats, state, undo, log) where it stopped: the
    save, then the actions its journal holds after it (each must be legal where it is
    replayed; a note says so when part of the journal was left out).  A table that was hosted
    on the network is hosted again with its code and seat tokens (the others rejoin by
    themselves: ``game/app/online/host_session.py``)."""
    if getattr(save, "online", None):
        from .online.host_session import rehost
        return rehost(save)
    session = LocalSession(save.game_id, save.seats, save.state, history=save.undo,
                           log=save.log, curtain=needs_curtain(save.game_id),
                           held=getattr(save, "held", None), version=getattr(save, "version", 0),
                           actions=getattr(save, "actions", None))
    autosave, session.autosave_enabled = session.autosave_enabled, False
    try:
        note = saves.replay_journal(save, lambda seat, key: _replay_action(session, seat, key),
                                    session.undo)
    finally:
        session.autosave_enabled = autosave
    if note:
        session.message = note
    return session


def _replay_action(session: LocalSession, seat: int, key: str) -> None:
    """Apply the action ``key`` of ``seat``; IllegalAction when it is not that seat's turn or
    not one of its legal actions now."""
    if session.is_over() or session.current != seat:
        raise IllegalAction(f"it is not seat {seat}'s turn")
    for action in session.table.legal_for(seat):
        if action.key() == key:
            session.apply(action)
            return
    raise IllegalAction("not one of the legal actions")


def daily(game_id: str, name: str, colour=None, date=None) -> LocalSession:
    """The deal of the day of ``game_id`` (``daily.py``) for the person ``name``: the try
    that counts if it is their first of the day, else practice (``session.daily``)."""
    from .progress import daily as daily_mod
    d = daily_mod.deal(game_id, date)
    counted = daily_mod.start(name, d)
    session = new(game_id, daily_mod.seats(d, name, colour), variant=d.variant,
                  options=d.options, seed=d.seed)
    session.daily = {"game": game_id, "date": d.key, "name": name, "counted": counted}
    return session


def rematch(session: LocalSession, seed=None) -> LocalSession:
    """The same game, seats, variant and options again, with a new shuffle (a deal of the
    day: the same deal again, as practice)."""
    info = getattr(session, "daily", None)
    if info:
        from .progress import daily as daily_mod
        return daily(session.game_id, info["name"], session.seats[0].get("colour"),
                     daily_mod.parse_date(info["date"]))
    setup = session.setup()
    info = GAMES[session.game_id]
    known = {o["id"] for o in info.options}
    options = {k: v for k, v in (setup["options"] or {}).items() if k in known}
    seed = _seed() if seed is None else seed
    try:
        state = new_game(session.game_id, setup["players"], seed=seed, variant=setup["variant"],
                         options=options)
    except ValueError:
        state = new_game(session.game_id, setup["players"], seed=seed)
    return LocalSession(session.game_id, session.seats, state,
                        curtain=needs_curtain(session.game_id))
