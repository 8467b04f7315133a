"""The registry of games: ``GAMES``, ``new_game``, ``load_state``, ``state_from_view``."""
from __future__ import annotations

from typing import Any

from ..paths import resource_path
from .base import GameInfo, GameState
from .data import Checker, DataError, display_name, load_yaml


class LoadError(ValueError):
    """A saved game (dict) that cannot be restored: corrupt, foreign or from another version."""


def _state_classes() -> dict[str, type[GameState]]:
    from .ants import AntsState
    from .forest import ForestState
    from .gopher import GopherState
    from .hamster import HamsterState
    from .moles import MolesState
    return {"moles": MolesState, "hamster": HamsterState, "ants": AntsState,
            "forest": ForestState, "gopher": GopherState}


def _load_catalog() -> dict[str, GameInfo]:
    path = resource_path("data", "games.yaml")
    name = display_name(path)
    chk = Checker(name)
    raw = chk.mapping(load_yaml(path), "top level")
    classes = _state_classes()
    games: dict[str, GameInfo] = {}
    for i, entry in enumerate(chk.seq(chk.key(raw, "games", "top level"), "games")):
        where = f"games[{i}]"
        chk.mapping(entry, where)
        gid = chk.str(chk.key(entry, "id", where), where + ".id")
        players = chk.seq(chk.key(entry, "players", where), where + ".players")
        if len(players) != 2:
            chk.fail(where + ".players", "expected [fewest, most]")
        lo = chk.int(players[0], where + ".players[0]", 1, 8)
        hi = chk.int(players[1], where + ".players[1]", lo, 8)
        available = bool(entry.get("available", False))
        cls = classes.get(gid)   # rules exist (playable headless); available: on screen too
        if available and cls is None:
            chk.fail(where, f"game '{gid}' is marked available but has no rules")
        info = GameInfo(gid, chk.str(chk.key(entry, "title", where), where + ".title"), lo, hi,
                        blurb=str(entry.get("blurb", "")).strip(), available=available,
                        state_class=cls, score_label=str(entry.get("score_label", "score")))
        info.variant_label = str(entry.get("variant_label", "Variant"))
        curtain = entry.get("curtain", False)
        if not isinstance(curtain, bool):
            chk.fail(where + ".curtain", f"expected true or false, not {curtain!r}")
        info.curtain = curtain   # "pass the device" curtain between humans (secret decisions)
        _screen_entries(chk, entry, where, info)
        labels = entry.get("score_labels", {})
        chk.mapping(labels, where + ".score_labels")
        info.score_labels = {str(k): str(v) for k, v in labels.items()}
        if cls is not None:
            info.variants, info.options = cls.describe_setup()
            for k in info.score_labels:
                if k not in [v["id"] for v in info.variants]:
                    chk.fail(where + ".score_labels", f"'{k}' is not a variant of {gid}")
        games[gid] = info
    return games


def _screen_entries(chk: Checker, entry: dict, where: str, info: GameInfo) -> None:
    """What the app needs to show a game, read (never imported) here: its board view as
    ``"module:Class"``, the chooser's fallback colour and the sound each event type makes
    (the curtain is read with the rest of the entry)."""
    view = entry.get("view")
    if view is not None:
        view = chk.str(view, where + ".view")
        module, _, cls = view.partition(":")
        if not module or not cls or not all(p.isidentifier() for p in module.split(".") + [cls]):
            chk.fail(where + ".view", f"'{view}' is not of the form package.module:Class")
    info.view = view
    colour = entry.get("colour")
    if colour is not None:
        colour = chk.seq(colour, where + ".colour")
        if len(colour) != 3:
            chk.fail(where + ".colour", "expected [red, green, blue]")
        colour = tuple(chk.int(c, f"{where}.colour[{k}]", 0, 255) for k, c in enumerate(colour))
    info.colour = colour
    sounds = entry.get("sounds", {})
    chk.mapping(sounds, where + ".sounds")
    info.sounds = {str(k): chk.str(v, f"{where}.sounds.{k}") for k, v in sounds.items()}


GAMES: dict[str, GameInfo] = _load_catalog()


def new_game(game: str, players: int, seed: int | None = None, variant: str | None = None,
             options: dict | None = None) -> GameState:
    info = GAMES.get(game)
    if info is None:
        raise ValueError(f"unknown game '{game}' (known: {', '.join(GAMES)})")
    if info.state_class is None:
        raise ValueError(f"{info.title} is not playable yet")
    if (isinstance(players, bool) or not isinstance(players, int)
            or not info.min_players <= players <= info.max_players):
        raise ValueError(f"{info.title} takes {info.min_players} to {info.max_players} players, "
                         f"not {players}")
    return info.state_class(players, seed=seed, variant=variant, options=options)


def load_state(d: Any, thorough: bool = True) -> GameState:
    """Restore a state from ``to_dict()`` output; LoadError for anything that is not one.

    The dict is untrusted (it comes from a file): the game's loader checks every field, and
    the restored state must then answer the contract (legal actions, views, scores, to_dict)
    without an error, so a state that loads but would crash later is refused here.
    ``thorough=False`` (the undo snapshots of a save) skips playing a few actions ahead.
    """
    if not isinstance(d, dict) or "game" not in d:
        raise LoadError("this is not a Burrow Box game")
    gid = d.get("game")
    info = GAMES.get(gid) if isinstance(gid, str) else None
    if info is None or info.state_class is None:
        raise LoadError(f"unknown game {gid!r}")
    cls = info.state_class
    fmt = d.get("format")
    if isinstance(fmt, bool) or fmt != cls.FORMAT:
        raise LoadError(f"saved by another version of {info.title} (format {fmt!r})")
    try:
        state = cls.from_dict(d)
    except ValueError as exc:
        raise LoadError(f"the saved {info.title} game is damaged ({exc})") from None
    except Exception as exc:  # noqa: BLE001 - any other slip of a damaged file is refused too
        raise LoadError(f"the saved {info.title} game is damaged ({type(exc).__name__}: "
                        f"{str(exc)[:120]})") from None
    try:
        _exercise(state, thorough)
    except Exception as exc:  # noqa: BLE001
        raise LoadError(f"the saved {info.title} game does not hold together "
                        f"({type(exc).__name__}: {str(exc)[:120]})") from None
    return state


def _exercise(state: GameState, thorough: bool = True) -> None:
    """Use a freshly loaded state the way the screen and the computers will."""
    import json
    over = state.is_over()
    acts = state.legal_actions()
    if not over and not acts:
        raise ValueError("the player to move has no legal action")
    seats = [None, *range(state.players)] if thorough else [state.current_player]
    for seat in seats:
        json.dumps(state.view(seat))
    state.scores()
    state.winners()
    state.summary()
    json.dumps(state.to_dict())
    if not thorough:
        state._legal = None
        return
    # a few legal actions can be carried out (on copies), and a few turns played on
    for i in sorted({0, len(acts) - 1, *range(0, len(acts), max(1, len(acts) // 10))}):
        if 0 <= i < len(acts):
            state.clone().apply(acts[i])
    probe = state.clone()
    for _ in range(EXERCISE_DEPTH):
        if probe.is_over():
            break
        nxt = probe.legal_actions()
        if not nxt:
            raise ValueError("the player to move has no legal action")
        probe.apply(nxt[0])
        for seat in range(probe.players):
            probe.view(seat)
    state._legal = None


EXERCISE_DEPTH = 8


def state_from_view(game: str, view: dict, seed: int) -> GameState:
    return GAMES[game].state_class.from_view(view, seed)


__all__ = ["GAMES", "new_game", "load_state", "state_from_view", "LoadError", "DataError"]
