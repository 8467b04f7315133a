"""Every event the rules emit is a documented one: its type is in the game's EVENT_TYPES and
every field it carries is named there (game/rules/base.py says what an event must carry)."""
from __future__ import annotations

import random

import pytest

from game.rules import GAMES, new_game

MARKS = {"type", "text", "chance", "reveal", "simultaneous", "private_to", "secret"}  # base.py
PLAYABLE = [g for g, info in GAMES.items() if info.available and info.state_class is not None]


def fields_of(doc: str) -> set:
    head = doc.split(":", 1)[0] if ":" in doc else ""
    return {f.strip() for f in head.split(",") if f.strip()}


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_emitted_event_is_documented(game):
    info = GAMES[game]
    documented = info.state_class.EVENT_TYPES
    assert documented, f"{game} lists no EVENT_TYPES"
    variants = [v["id"] for v in info.variants] or [None]
    seen = set()
    for seed in range(12):
        players = info.min_players + seed % (info.max_players - info.min_players + 1)
        state = new_game(game, players, seed=seed, variant=variants[seed % len(variants)])
        rng = random.Random(seed)
        for _ in range(1500):
            if state.is_over():
                break
            for ev in state.apply(rng.choice(state.legal_actions())):
                kind = ev["type"]
                assert kind in documented, f"{game}: event {kind!r} is not in EVENT_TYPES"
                extra = set(ev) - MARKS - fields_of(documented[kind])
                assert not extra, f"{game}: event {kind!r} carries undocumented {sorted(extra)}"
                seen.add(kind)
    assert seen


def test_an_ant_says_which_end_of_the_trail_it_joined():
    state = new_game("ants", 2, seed=3)
    rng = random.Random(3)
    chain = []
    while state.view(None)["step"] == "place":
        a = rng.choice(state.legal_actions())
        ev = next(e for e in state.apply(a) if e["type"] == "place")
        assert ev["end"] in ("head", "tail")
        if ev["end"] == "head":
            chain.insert(0, list(ev["cell"]))
        else:
            chain.append(list(ev["cell"]))
    trail = state.view(None).get("chain") or state.view(None).get("trail")
    if trail is not None:
        assert [list(c) for c in trail] == chain
