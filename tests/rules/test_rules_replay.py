"""The rules play exactly as recorded: seeded random games of every game, player count and a
few variants and options, compared with a fixture (``tests/data/rules_replay.json``).

Each game is played by a seeded uniformly random player (as ``bench`` does), and a digest takes
in, at every step, the legal actions in their order (keys and sentences), the chosen action and
the events it gave, as JSON text in their own key order (as a save or a replay writes them);
every few steps the views of every seat and of a spectator, the whole saved state (RNG
included) and a state dealt from the current seat's view (``from_view``).  Every third step the
game goes on from a ``clone`` of the state, so a clone must behave exactly as the original.
Any change of behaviour (an action in another order, another sentence, another draw of chance,
a key in another place) changes the digest.

The fixture was recorded from the rules as they were before the rules were made faster; it is
written again only on purpose (a deliberate change of the rules):

    python -m tests.rules.test_rules_replay --write
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

if __name__ == "__main__":   # python -m tests.rules.test_rules_replay --write
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.rules import GAMES, new_game, state_from_view

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "rules_replay.json"

# game -> [(variant, options)]: the default set-up first, then a few others
CONFIGS = {
    "moles": [(None, {}), (None, {"championship": True}),
              (None, {"rotations": "chosen", "rotation_1": 1, "rotation_2": 2,
                      "rotation_3": 3, "rotation_4": 5})],
    "ants": [("autumn", {}),
             ("autumn", {"insects": "open", "insect_scoring": "linear", "first_ant": "edge"}),
             ("winter", {}), ("beetle", {"first_ant": "edge"})],
    "hamster": [("A", {}), ("B", {}), ("A", {"first_cross": "any", "timer": "short"}),
                ("B", {"timer": "short"})],
    "forest": [("race", {}), ("plunder", {}),
               ("race", {"size": 11, "alliances": True, "reinforcements": 3,
                         "bees_nugget": "keep"}),
               ("plunder", {"alliances": True, "reinforcements": 5})],
    "gopher": [("standard", {}), ("simplified", {}), ("baskets", {}), ("beginner", {}),
               ("beginner", {"single_card": "not_allowed"})],
}
EVERY = 5          # views, saved state and a dealt state every this many steps
CLONE_EVERY = 3    # the game goes on from a clone every this many steps
SEEDS = 2          # seeded games per set-up and player count
CAP = 20_000       # a random game longer than this is cut (none is, as recorded)


def canon(d) -> str:
    """JSON text in the records' own key order (a save file or a replay keeps that order)."""
    return json.dumps(d, separators=(",", ":"), allow_nan=False)


def play(game: str, players: int, variant, options: dict, seed: int) -> dict:
    state = new_game(game, players=players, seed=seed, variant=variant, options=dict(options))
    rng = random.Random(seed * 7919 + players)
    h = hashlib.sha256()
    step = 0
    while not state.is_over() and step < CAP:
        legal = state.legal_actions()
        h.update(canon([state.current_player, legal]).encode())
        if step % EVERY == 0:
            for seat in [None, *range(state.players)]:
                h.update(canon(state.view(seat)).encode())
            h.update(canon(state.to_dict()).encode())
            seat = state.current_player
            dealt = state_from_view(game, state.view(seat), seed=step)
            h.update(canon([dealt.to_dict(), dealt.legal_actions()]).encode())
        index = rng.randrange(len(legal))
        events = state.apply(legal[index])
        h.update(canon([index, events]).encode())
        step += 1
        if step % CLONE_EVERY == 0:
            state = state.clone()
    for seat in [None, *range(state.players)]:
        h.update(canon(state.view(seat)).encode())
    h.update(canon(state.to_dict()).encode())
    return {"game": game, "players": players, "variant": variant, "options": options,
            "seed": seed, "actions": step, "over": state.is_over(),
            "scores": state.scores(), "winners": state.winners(),
            "summary": state.summary(), "digest": h.hexdigest()}


def cases(game: str) -> list:
    info = GAMES[game]
    specs = {o["id"]: o for o in info.options}
    out = []
    for c, (variant, options) in enumerate(CONFIGS[game]):
        for players in range(info.min_players, info.max_players + 1):
            # an option that does not apply at this table is left out (alliances: 4 packs)
            opts = {k: v for k, v in options.items()
                    if info.option_applies(specs[k], variant, options, players)}
            for k in range(SEEDS):
                out.append((players, variant, opts, 1000 * c + 10 * players + k))
    return out


def record(game: str) -> list:
    return [play(game, players, variant, options, seed)
            for players, variant, options, seed in cases(game)]


@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_random_games_play_as_recorded(game):
    recorded = json.loads(FIXTURE.read_text(encoding="utf-8"))[game]
    now = record(game)
    assert len(now) == len(recorded)
    for got, want in zip(now, recorded):
        assert got == want, (f"{game} {got['players']}p {got['variant']} {got['options']} "
                             f"seed {got['seed']}: plays differently than recorded")


def test_every_game_is_recorded():
    playable = {g for g, info in GAMES.items() if info.state_class is not None}
    assert playable == set(CONFIGS)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.rules.test_rules_replay --write")
    FIXTURE.parent.mkdir(exist_ok=True)
    data = {game: record(game) for game in sorted(CONFIGS)}
    FIXTURE.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURE}: " + ", ".join(f"{g} {len(v)} games, "
                                          f"{sum(r['actions'] for r in v)} actions"
                                          for g, v in data.items()))
