"""The generic rules contract (game/rules/base.py), checked for every playable game.

Nothing here knows a game's rules: it only plays seeded random games through the public API
and checks what every game promises (see game/rules/base.py and game/rules/registry.py).

Random playouts are played by each game's "beginner" computer player, seeded: a random
player that avoids only the plainly pointless moves.  Uniformly random play is checked too
(``test_uniform_random_play_keeps_the_contract``), but not to the end: in Mole Dig a mole that
moves at random leaves a hole as often as it enters one, so a uniformly random game practically
never fills a layer (measured: over 400,000 actions without a lift with 2 players).
"""
from __future__ import annotations

import json
import random

import pytest

from game.ai import make_agent
from game.rules import (GAMES, IllegalAction, LoadError, Record, load_state, new_game,
                        state_from_view)

AVAILABLE = [gid for gid, info in GAMES.items() if info.state_class is not None]  # rules exist
ACTION_CAP = 5_000    # a random game still running after this many actions never ends
PLAYOUTS = 30         # seeded random games per player count


def pick(state, rng):
    """One playout step: the game's seeded beginner player decides from its own view."""
    agent = make_agent(state.GAME_ID, "beginner", rng.randrange(2**31))
    return agent.decide(state.view(state.current_player), state.legal_actions())


def player_counts(game: str) -> list[int]:
    info = GAMES[game]
    return list(range(info.min_players, info.max_players + 1))


GAME_PLAYERS = [pytest.param(g, n, id=f"{g}-{n}p") for g in AVAILABLE for n in player_counts(g)]


def canon(d) -> str:
    """A canonical JSON text: equal texts mean equal JSON data (also checks JSON-safety)."""
    return json.dumps(d, sort_keys=True, allow_nan=False)


def as_json(action) -> dict:
    """An action as a save file or a replay would hand it back: a plain dict."""
    return json.loads(json.dumps(action))


def moments(game: str, players: int, seed: int, every: int = 1):
    """Play a seeded random game; yield (step, state, rng) at every ``every``-th step and at
    the end.  The caller may look at the state but must not change it."""
    state = new_game(game, players=players, seed=seed)
    rng = random.Random(seed * 7919 + players)
    step = 0
    while not state.is_over():
        if step % every == 0:
            yield step, state, rng
        assert step < ACTION_CAP, f"{game} seed {seed}: no end after {ACTION_CAP} actions"
        state.apply(pick(state, rng))
        step += 1
    yield step, state, rng


def finish(state, rng, record=None) -> int:
    """Play ``state`` to its end at random; returns the number of actions."""
    n = 0
    while not state.is_over():
        assert n < ACTION_CAP, f"no end after {ACTION_CAP} actions"
        action = pick(state, rng)
        events = state.apply(action)
        if record is not None:
            record.append((as_json(action), canon(events)))
        n += 1
    return n


def check_record(record, what: str) -> None:
    assert isinstance(record, Record), f"{what} is not a Record: {record!r}"
    assert isinstance(record.get("type"), str) and record["type"], f"{what} has no type: {record!r}"
    assert isinstance(record.get("text"), str) and record["text"].strip(), \
        f"{what} has no text: {record!r}"
    if "chance" in record:
        assert isinstance(record["chance"], bool), f"{what}: chance must be true/false"
    canon(record)


# ---- the catalog ----------------------------------------------------------------------------

@pytest.mark.parametrize("game", AVAILABLE)
def test_catalog_entry_is_consistent(game):
    info = GAMES[game]
    assert info.id == game and info.title and info.state_class is not None
    assert 1 <= info.min_players <= info.max_players
    assert len({v["id"] for v in info.variants}) == len(info.variants)
    assert len({o["id"] for o in info.options}) == len(info.options)
    for option in info.options:
        assert option["label"] and "default" in option
        if "choices" in option:
            ids = [c["id"] for c in option["choices"]]
            assert option["default"] in ids, f"{option['id']}: default is not a choice"
            assert all(c["label"] for c in option["choices"])
    canon(info.to_dict())


@pytest.mark.parametrize("game", AVAILABLE)
def test_new_game_refuses_bad_setups(game):
    info = GAMES[game]
    for players in (info.min_players - 1, info.max_players + 1, "2", None):
        with pytest.raises(ValueError):
            new_game(game, players=players, seed=0)
    with pytest.raises(ValueError):
        new_game(game, players=info.min_players, seed=0, variant="no-such-variant")
    with pytest.raises(ValueError):
        new_game(game, players=info.min_players, seed=0, options={"no-such-option": 1})
    with pytest.raises(ValueError):
        new_game("no-such-game", players=2, seed=0)


@pytest.mark.parametrize("game", AVAILABLE)
def test_the_state_class_checks_its_own_setup(game):
    """Built directly (not through new_game), a state refuses the same bad setups with a
    sentence, fills in every option's default and agrees with the catalog's player counts."""
    info = GAMES[game]
    cls = info.state_class
    assert cls.PLAYERS == (info.min_players, info.max_players) and cls.TITLE == info.title
    lo, hi = cls.PLAYERS
    for players in (lo - 1, hi + 1, True, "2"):
        with pytest.raises(ValueError, match=f"{info.title} takes {lo} to {hi} players"):
            cls(players, seed=0)
    with pytest.raises(ValueError, match="unknown variant 'no-such-variant'"):
        cls(lo, seed=0, variant="no-such-variant")
    with pytest.raises(ValueError, match="unknown option 'no-such-option'"):
        cls(lo, seed=0, options={"no-such-option": 1})
    for option in info.options:
        if option.get("choices"):
            with pytest.raises(ValueError, match=f"option '{option['id']}' cannot be"):
                cls(lo, seed=0, options={option["id"]: "no-such-choice"})
    state = cls(lo, seed=0)
    assert state.variant == info.default_variant()
    assert state.options == info.default_options()


@pytest.mark.parametrize("game", AVAILABLE)
def test_every_variant_and_option_choice_plays_to_the_end(game):
    info = GAMES[game]
    setups = [(v["id"], {}) for v in info.variants] or [(None, {})]
    for option in info.options:
        # in a variant where the option does something (its "when"): a game may refuse an
        # option set where it would do nothing
        variant = next((v["id"] for v in info.variants
                        if info.option_applies(option, v["id"], info.default_options())), None)
        for choice in option.get("choices", []):
            setups.append((variant, {option["id"]: choice["id"]}))
    for i, (variant, options) in enumerate(setups):
        players = player_counts(game)[i % len(player_counts(game))]
        state = new_game(game, players=players, seed=100 + i, variant=variant, options=options)
        finish(state, random.Random(i))
        assert state.winners(), f"{variant} {options}: no winner"


# ---- playing --------------------------------------------------------------------------------

@pytest.mark.parametrize("game,players", GAME_PLAYERS)
def test_random_playouts_keep_the_contract(game, players):
    for seed in range(PLAYOUTS):
        state = new_game(game, players=players, seed=seed)
        rng = random.Random(seed)
        for step in range(ACTION_CAP + 1):
            assert len(state.scores()) == players
            if state.is_over():
                break
            assert state.current_player is not None
            assert 0 <= state.current_player < players
            assert state.winners() == []
            legal = state.legal_actions()
            assert legal, f"seed {seed} step {step}: no legal action while the game is on"
            if step % 5 == 0:
                for action in legal:
                    check_record(action, "a legal action")
                keys = [a.key() for a in legal]
                assert len(set(keys)) == len(keys), "the same action is listed twice"
            events = state.apply(pick(state, rng))
            assert isinstance(events, list)
            for event in events:
                check_record(event, "an event")
        else:
            pytest.fail(f"{game} {players}p seed {seed}: no end after {ACTION_CAP} actions")
        assert state.current_player is None
        assert state.legal_actions() == []
        winners = state.winners()
        assert winners and all(0 <= w < players for w in winners)
        assert len(set(winners)) == len(winners)
        assert all(isinstance(s, (int, float)) and not isinstance(s, bool)
                   for s in state.scores())
        assert isinstance(state.summary(), str) and state.summary().strip()


@pytest.mark.parametrize("game,players", GAME_PLAYERS)
def test_uniform_random_play_keeps_the_contract(game, players):
    """Uniformly random actions for a while (the game need not end): the contract holds."""
    for seed in range(3):
        state = new_game(game, players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(1500):
            if state.is_over():
                break
            legal = state.legal_actions()
            assert legal and state.current_player is not None
            for event in state.apply(rng.choice(legal)):
                check_record(event, "an event")
        copy = load_state(json.loads(canon(state.to_dict())))
        assert canon(copy.to_dict()) == canon(state.to_dict())


@pytest.mark.parametrize("game", AVAILABLE)
def test_illegal_actions_are_refused_without_changing_the_state(game):
    assert issubclass(IllegalAction, ValueError)
    players = player_counts(game)[-1]
    past: dict[str, dict] = {}   # actions that were legal at some earlier moment
    tried_stale = 0
    state = None
    for step, state, rng in moments(game, players, seed=5, every=3):
        if state.is_over():
            break
        legal = state.legal_actions()
        legal_keys = {a.key() for a in legal}
        stale = [a for k, a in past.items() if k not in legal_keys][:3]
        tried_stale += len(stale)
        extra_key = dict(legal[0], unexpected_field=1)
        bad = ["move", 42, None, ["type"], {}, {"type": "nonsense"},
               {"type": "nonsense", "text": "Someone does something odd."}, extra_key] + stale
        before = canon(state.to_dict())
        for action in bad:
            with pytest.raises(IllegalAction):
                state.apply(action)
            assert canon(state.to_dict()) == before, f"refusing {action!r} changed the state"
        for a in legal:
            past.setdefault(a.key(), as_json(a))
    assert tried_stale, "no action of another moment was tried"
    assert state is not None and state.is_over()
    before = canon(state.to_dict())
    for action in list(past.values())[-20:]:
        with pytest.raises(IllegalAction):
            state.apply(action)
    assert canon(state.to_dict()) == before


@pytest.mark.parametrize("game", AVAILABLE)
def test_hand_built_actions_count_as_the_same_action(game):
    """Two actions are the same when they agree on every key except ``text``."""
    players = player_counts(game)[0]
    state = new_game(game, players=players, seed=11)
    twin = state.clone()
    rng = random.Random(11)
    for _ in range(ACTION_CAP):
        if state.is_over():
            break
        action = pick(state, rng)
        by_hand = {k: v for k, v in as_json(action).items() if k != "text"}
        by_hand["text"] = "typed in by hand"
        assert canon(state.apply(action)) == canon(twin.apply(by_hand))
        assert canon(state.to_dict()) == canon(twin.to_dict())
    assert state.is_over(), f"no end after {ACTION_CAP} actions"


@pytest.mark.parametrize("game", AVAILABLE)
def test_one_seed_and_one_action_list_replay_identically(game):
    for players in player_counts(game):
        seed = 40 + players
        assert canon(new_game(game, players=players, seed=seed).to_dict()) == \
            canon(new_game(game, players=players, seed=seed).to_dict())
        original = new_game(game, players=players, seed=seed)
        log: list = []
        finish(original, random.Random(seed), record=log)
        replay = new_game(game, players=players, seed=seed)
        for action, events in log:
            assert canon(replay.apply(action)) == events
        assert replay.is_over()
        assert canon(replay.to_dict()) == canon(original.to_dict())
        assert replay.winners() == original.winners()


# ---- saving and restoring ---------------------------------------------------------------------

@pytest.mark.parametrize("game", AVAILABLE)
def test_to_dict_and_load_state_round_trip(game):
    for players in player_counts(game):
        continued = 0
        for step, state, rng in moments(game, players, seed=20 + players, every=7):
            saved = json.loads(canon(state.to_dict()))
            restored = load_state(saved)
            assert type(restored) is type(state)
            assert canon(restored.to_dict()) == canon(saved)
            assert restored.current_player == state.current_player
            assert restored.is_over() == state.is_over()
            if step % 21 == 0 or state.is_over():
                # continue both with the same actions: identical events and states
                original = state.clone()
                moves = random.Random(step)
                for _ in range(60):
                    if original.is_over():
                        break
                    action = pick(original, moves)
                    assert canon(restored.apply(as_json(action))) == canon(original.apply(action))
                    assert canon(restored.to_dict()) == canon(original.to_dict())
                assert restored.winners() == original.winners()
                continued += 1
        assert continued >= 2


@pytest.mark.parametrize("game", AVAILABLE)
def test_load_state_refuses_garbage(game):
    info = GAMES[game]
    state = new_game(game, players=info.max_players, seed=3)
    rng = random.Random(3)
    for _ in range(25):
        if state.is_over():
            break
        state.apply(pick(state, rng))
    good = json.loads(canon(state.to_dict()))
    load_state(json.loads(canon(good)))  # the untouched dict loads

    def changed(**fields):
        d = json.loads(canon(good))
        for key, value in fields.items():
            if value is KeyError:
                d.pop(key, None)
            else:
                d[key] = value
        return d

    inner = good["state"]
    half = dict(list(inner.items())[: len(inner) // 2]) if isinstance(inner, dict) else {}
    garbage = [
        None, [], "moles", 42, {}, {"game": "nope"}, {"game": game},
        changed(game="nope"), changed(state=KeyError), changed(rng=KeyError),
        changed(players=KeyError), changed(format=good["format"] + 1),
        changed(format=str(good["format"])), changed(format=KeyError),
        changed(state=None), changed(state={}), changed(state=half),
        changed(rng="garbage"), changed(players="four"),
    ]
    for i, d in enumerate(garbage):
        with pytest.raises(LoadError):
            load_state(d)
            pytest.fail(f"garbage #{i} loaded: {str(d)[:120]}")


# ---- views, copies, results -----------------------------------------------------------------

@pytest.mark.parametrize("game", AVAILABLE)
def test_views_are_json_safe_and_change_nothing(game):
    for players in player_counts(game):
        for seed in range(3):
            for step, state, rng in moments(game, players, seed=seed, every=2):
                before = canon(state.to_dict())
                for seat in [*range(players), None]:
                    canon(state.view(seat))
                assert canon(state.to_dict()) == before, "view() changed the state"


@pytest.mark.parametrize("game", AVAILABLE)
def test_state_from_view_is_consistent_with_the_view(game):
    """Computer players search on states built from their own view: such a state must show
    the same view, and the same legal actions to the seat that is to play."""
    for players in player_counts(game):
        for step, state, rng in moments(game, players, seed=60 + players, every=9):
            if state.is_over():
                continue
            for seat in range(players):
                view = json.loads(canon(state.view(seat)))
                guess = state_from_view(game, view, seed=step)
                assert canon(guess.view(seat)) == canon(view)
                assert guess.current_player == state.current_player
                if seat == state.current_player:
                    assert [a.key() for a in guess.legal_actions()] == \
                        [a.key() for a in state.legal_actions()]


@pytest.mark.parametrize("game", AVAILABLE)
def test_clone_is_independent(game):
    players = player_counts(game)[-1]
    checked = 0
    for step, state, rng in moments(game, players, seed=77, every=11):
        if state.is_over():
            break
        before = canon(state.to_dict())
        copy = state.clone()
        assert canon(copy.to_dict()) == before
        finish(copy, random.Random(step))          # playing the copy leaves the original alone
        assert canon(state.to_dict()) == before
        other = state.clone()                      # playing the original leaves a copy alone
        state.apply(pick(state, random.Random(step)))
        assert canon(other.to_dict()) == before
        if state.is_over():
            break
        checked += 1
    assert checked >= 3


def _hidden_from_spectator(seat_view, spectator, open_view, path="") -> list:
    """The places where ``seat_view`` shows something (not None) that the spectator's view
    hides (None) and the open view hides as well."""
    if isinstance(seat_view, dict) and isinstance(spectator, dict):
        return [p for k in seat_view if k != "seat" and k in spectator
                for p in _hidden_from_spectator(seat_view[k], spectator[k],
                                                (open_view or {}).get(k) if isinstance(open_view, dict)
                                                else None, f"{path}.{k}")]
    if isinstance(seat_view, list) and isinstance(spectator, list) and len(seat_view) == len(spectator):
        ov = open_view if isinstance(open_view, list) and len(open_view) == len(seat_view) \
            else [None] * len(seat_view)
        return [p for i, (a, b) in enumerate(zip(seat_view, spectator))
                for p in _hidden_from_spectator(a, b, ov[i], f"{path}[{i}]")]
    if seat_view is not None and spectator is None and open_view is None:
        return [path]
    return []


@pytest.mark.parametrize("game", AVAILABLE)
def test_the_open_view_hides_nothing_any_seat_sees(game):
    """The open view (a finished game watched again) is JSON-safe, changes nothing, has every
    key of the spectator's view, and shows whatever any seat's own view shows that the
    spectator's hides (a hand, a secret disc, this roll's crosses)."""
    for players in player_counts(game):
        for step, state, rng in moments(game, players, seed=90 + players, every=3):
            before = canon(state.to_dict())
            opened = json.loads(canon(state.open_view()))
            assert canon(state.to_dict()) == before, "open_view() changed the state"
            spectator = json.loads(canon(state.view(None)))
            assert opened["open"] is True and opened["seat"] is None
            assert set(spectator) <= set(opened)
            for seat in range(players):
                mine = json.loads(canon(state.view(seat)))
                missing = _hidden_from_spectator(mine, spectator, opened)
                assert not missing, f"step {step}: seat {seat} sees {missing} the open view hides"
            # the open scores count everything hidden too (a replay's panel with everything open)
            scores = state.open_scores()
            assert len(scores) == players and canon(scores) == canon(json.loads(canon(scores)))
            if state.is_over():
                assert list(scores) == list(state.scores())
            if game == "hamster":       # this roll's crosses count: the scores the sheets show
                assert list(scores) == [sh["breakdown"]["total"] for sh in opened["sheets"]]
