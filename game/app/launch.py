"""The one place a game is started: a new game from the set-up screen, a saved game continued,
a rematch with the same seats.  Each returns the PlayController; ``App.launch`` shows it.

Raises ValueError (with a sentence a player can read) when the game cannot be started.
"""
from __future__ import annotations

import random

from ..rules import GAMES, new_game
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
    """A saved game (``saves.Saved``: game_id, seats, state, undo, log) where it stopped."""
    return PlayController(save.game_id, save.seats, save.state, history=save.undo, log=save.log,
                          curtain=needs_curtain(save.game_id),
                          held=getattr(save, "held", None))


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
