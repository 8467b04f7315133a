"""The registry of games: ``GAMES``, ``new_game``, ``load_state``, ``state_from_view``."""
from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any

from ..io.paths import resource_path
from .base import GameInfo, GameState
from ..io.data import Checker, DataError, display_name, load_yaml


class LoadError(ValueError):
    """A saved game (dict) that cannot be restored: corrupt, foreign or from another version."""


def _import(spec: str):
    """The object ``"package.module:Name"`` names."""
    module, _, name = spec.partition(":")
    return getattr(import_module(module), name)


def _spec(chk: Checker, entry: dict, key: str, where: str) -> str | None:
    """A ``package.module:Name`` (or, for a module, ``package.module``) entry of games.yaml,
    checked for form, not imported."""
    spec = entry.get(key)
    if spec is None:
        return None
    spec = chk.str(spec, f"{where}.{key}")
    module, colon, name = spec.partition(":")
    need_name = key not in MODULE_PARTS
    if not module or bool(colon) != need_name or not all(
            p.isidentifier() for p in module.split(".") + ([name] if need_name else [])):
        form = "package.module:Name" if need_name else "package.module"
        chk.fail(f"{where}.{key}", f"'{spec}' is not of the form {form}")
    return spec


def _rules_of(chk: Checker, where: str, gid: str, spec: str, score_labels: dict):
    """The resolver of a game's rules: imported and checked the first time they are asked."""
    def resolve():
        cls = _import(spec)
        if not (isinstance(cls, type) and issubclass(cls, GameState)):
            chk.fail(f"{where}.rules", f"'{spec}' is not a game state class")
        variants, options = cls.describe_setup()
        for k in score_labels:
            if k not in [v["id"] for v in variants]:
                chk.fail(where + ".score_labels", f"'{k}' is not a variant of {gid}")
        return cls, variants, options
    return resolve


def _load_catalog() -> dict[str, GameInfo]:
    path = resource_path("data", "games.yaml")
    name = display_name(path)
    chk = Checker(name)
    raw = chk.mapping(load_yaml(path), "top level")
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
        rules = _spec(chk, entry, "rules", where)   # rules: playable headless; available: on screen
        if available and rules is None:
            chk.fail(where, f"game '{gid}' is marked available but has no rules")
        labels = entry.get("score_labels", {})
        chk.mapping(labels, where + ".score_labels")
        score_labels = {str(k): str(v) for k, v in labels.items()}
        info = GameInfo(gid, chk.str(chk.key(entry, "title", where), where + ".title"), lo, hi,
                        blurb=str(entry.get("blurb", "")).strip(), available=available,
                        score_label=str(entry.get("score_label", "score")),
                        resolve=_rules_of(chk, where, gid, rules, score_labels) if rules
                        else None)
        info.variant_label = str(entry.get("variant_label", "Variant"))
        curtain = entry.get("curtain", False)
        if not isinstance(curtain, bool):
            chk.fail(where + ".curtain", f"expected true or false, not {curtain!r}")
        info.curtain = curtain   # "pass the device" curtain between humans (secret decisions)
        _screen_entries(chk, entry, where, info)
        info.score_labels = score_labels
        info.parts = {key: _spec(chk, entry, key, where) for key in PARTS}
        games[gid] = info
    return games


#: what else a game is made of, each ``package.module:Name`` in its games.yaml entry (loaded
#: only when used): its computer players by level, its sentences, hints and rules pictures
PARTS = ("beginner", "good", "words", "diagrams")
MODULE_PARTS = ("words",)        # a module, not a name in one


def part(game: str, name: str):
    """A game's part named in games.yaml (imported now), or None when it has none."""
    info = GAMES.get(game)
    spec = (getattr(info, "parts", None) or {}).get(name)
    if spec is None:
        return None
    return import_module(spec) if name in MODULE_PARTS else _import(spec)


class _Catalog(Mapping):
    """``GAMES``: data/games.yaml, read the first time a game is looked up (no rules load)."""

    def __init__(self):
        self._games: dict[str, GameInfo] | None = None

    def _all(self) -> dict[str, GameInfo]:
        if self._games is None:
            self._games = _load_catalog()
        return self._games

    def __getitem__(self, key):
        return self._all()[key]

    def __iter__(self):
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self._all())})"


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


GAMES: Mapping[str, GameInfo] = _Catalog()


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


__all__ = ["GAMES", "new_game", "load_state", "state_from_view", "part", "LoadError",
           "DataError"]
