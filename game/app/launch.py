"""The one place a game is started: a new game from the set-up screen, a saved game continued,
a rematch with the same seats.  Each returns the PlayController; ``App.launch`` shows it.

Raises ValueError (with a sentence a player can read) when the game cannot be started.
"""
from __future__ import annotations

import random

from ..rules import GAMES, IllegalAction, new_game
from . import saves
from .controller import PlayController
from .views import needs_curtain


def _seed() -> int:
    return random.SystemRandom().randrange(2 ** 31)


def new(game_id: str, seats: list[dict], variant=None, options=None, seed=None) -> PlayController:
    """A new game with these seats (one dict per player: name, colour, kind, level)."""
    state = new_game(game_id, len(seats), seed=_seed() if seed is None else seed,
                     variant=variant, options=options)
    return PlayController(game_id, seats, state, curtain=needs_curtain(game_id))


def saved(save) -> PlayController:
    """A saved game (``saves.Saved``: game_id, seats, state, undo, log) where it stopped: the
    save, then the actions its journal holds after it (each must be legal where it is
    replayed; a note says so when part of the journal was left out)."""
    ctl = PlayController(save.game_id, save.seats, save.state, history=save.undo, log=save.log,
                         curtain=needs_curtain(save.game_id),
                         held=getattr(save, "held", None))
    autosave, ctl.autosave_enabled = ctl.autosave_enabled, False
    try:
        note = saves.replay_journal(save, lambda seat, key: _replay_action(ctl, seat, key),
                                    ctl.undo)
    finally:
        ctl.autosave_enabled = autosave
    if note:
        ctl.message = note
    return ctl


def _replay_action(ctl: PlayController, seat: int, key: str) -> None:
    """Apply the action ``key`` of ``seat``; IllegalAction when it is not that seat's turn or
    not one of its legal actions now."""
    if ctl.is_over() or ctl.current != seat:
        raise IllegalAction(f"it is not seat {seat}'s turn")
    for action in ctl.state.legal_actions():
        if action.key() == key:
            ctl.apply(action)
            return
    raise IllegalAction("not one of the legal actions")


def rematch(ctl: PlayController, seed=None) -> PlayController:
    """The same game, seats, variant and options again, with a new shuffle."""
    old = ctl.state
    info = GAMES[ctl.game_id]
    known = {o["id"] for o in info.options}
    options = {k: v for k, v in (old.options or {}).items() if k in known}
    seed = _seed() if seed is None else seed
    try:
        state = new_game(ctl.game_id, old.players, seed=seed, variant=old.variant, options=options)
    except ValueError:
        state = new_game(ctl.game_id, old.players, seed=seed)
    return PlayController(ctl.game_id, ctl.seats, state, curtain=needs_curtain(ctl.game_id))
