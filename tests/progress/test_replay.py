"""Replays: the table keeps the actions of a game (an undo takes them back, a save keeps
them), a finished game is its set-up plus its actions, a run of it gives every seat exactly
what the table gave that seat during the game, and a replay file from elsewhere is checked
like a save: refused with a sentence, never a crash."""
from __future__ import annotations

import json
import random

import pytest

from game.ai import make_agent
from game.app.progress import replay
from game.app.store import replays, saves
from game.app.progress.replay import OPEN, ReplayError, Run, check_record, record_of
from game.rules import new_game
from game.table import Table


@pytest.fixture(autouse=True)
def _home(home):
    yield home


def _seats(n, people=1):
    return [{"name": f"P{i + 1}", "colour": i, "kind": "human" if i < people else "computer",
             "level": "good"} for i in range(n)]


def played(game, players, seed=3, variant=None, people=1, listen=False):
    """A finished game on a table; with ``listen``, what the table gave each seat, update by
    update, during the game."""
    t = Table(game, _seats(players, people), new_game(game, players, seed=seed, variant=variant))
    given = {s: [] for s in range(players)}
    if listen:
        t.subscribe(lambda u: [given[s].extend(t.events_for(s, u)) for s in range(players)])
    agents = [make_agent(game, "good", seed * 16 + s) for s in range(players)]
    while not t.is_over():
        s = t.current
        t.act(s, agents[s].decide(t.view_for(s)["view"], t.legal_for(s)))
    return t, given


GAMES = [("moles", 3, None), ("ants", 3, "winter"), ("hamster", 2, "B"), ("forest", 2, "plunder"),
         ("gopher", 3, "baskets")]


@pytest.mark.parametrize("game,players,variant", GAMES)
def test_a_run_gives_every_seat_what_the_table_gave_it_during_the_game(game, players, variant):
    t, given = played(game, players, variant=variant, listen=True)
    assert len(t.actions) == t.state.turn_number
    run = replay.run_of(t)
    assert run.final.to_dict() == t.state.to_dict()
    assert run.result["winners"] == t.result()["winners"]
    for seat in range(players):
        assert run.stream(seat) == given[seat]
    # every step played again gives the same events, and the log up to the end is the table's
    for seat in (0, OPEN):
        steps = [e for k in range(1, len(run) + 1) for e in run.events_at(k, seat)]
        if seat != OPEN:
            assert steps == given[seat]
        assert run.log_until(len(run), seat) == (t.log_for(seat) if seat != OPEN else
                                                 run.log_until(len(run), OPEN))


def test_a_seat_sees_another_seats_simultaneous_choice_at_the_reveal_everything_open_at_once():
    t, _ = played("hamster", 2, variant="A", people=2)
    run = replay.run_of(t)
    k = next(k for k, a in enumerate(run.actions, 1) if a["seat"] == 0 and a["action"]["type"] == "cross"
             and not any(e.get("reveal") for e in run.events_at(k, OPEN)))
    mine = [e for e in run.events_at(k, OPEN) if e.get("type") == "cross"]
    assert mine and mine[0]["seat"] == 0 and mine[0] in run.events_at(k, 0)
    assert mine[0] not in run.events_at(k, 1)
    reveal = next(j for j in range(k, len(run) + 1)
                  if any(e.get("reveal") for e in run.events_at(j, OPEN)))
    assert reveal > k and mine[0] in run.events_at(reveal, 1)


def test_an_undo_takes_the_action_back_and_a_save_keeps_the_actions(home):
    from game.app import launch
    s = launch.new("moles", _seats(2, people=2), seed=5)
    s.computers_enabled = False
    for _ in range(12):
        s.apply(s.table.legal_for(s.current)[0])
    n = len(s.table.actions)
    assert n == 12 == s.table.state.turn_number
    if s.can_undo():
        s.undo()
        assert len(s.table.actions) == s.table.state.turn_number < n
    saves.flush_autosave()
    loaded = saves.read_autosave(saves.current_slot())
    assert loaded.actions == s.table.actions
    again = launch.saved(loaded)
    assert again.table.actions == s.table.actions
    # a save of an older version has no actions: that game has no replay
    raw = json.loads(saves.slot_path(saves.current_slot()).read_text(encoding="utf-8"))
    del raw["actions"]
    old = saves.parse_payload(raw)
    assert old.actions is None and launch.saved(old).table.actions is None
    assert record_of(launch.saved(old).table) is None


def test_rounds_start_at_zero_and_go_up():
    for game, players, variant in GAMES:
        run = replay.run_of(played(game, players, variant=variant)[0])
        starts = run.rounds()
        assert starts[0] == 0 and starts == sorted(set(starts)) and len(starts) > 1
        assert run.round_of(0) == 1 and run.round_of(len(run)) == len(starts)


# ---- untrusted files ------------------------------------------------------------------------------

def _record(game="hamster", players=1, seed=3):
    return json.loads(json.dumps(record_of(played(game, players, seed=seed)[0])))


@pytest.mark.parametrize("change,key,params", [
    (lambda r: r.update(app="Other"), "replay.not_ours", {}),
    (lambda r: r.update(format=99), "replay.newer", {}),
    (lambda r: r.update(game="chess"), "replay.unknown_game", {}),
    (lambda r: r.update(players=9), "replay.bad_field", {"field": "players"}),
    (lambda r: r.update(seed=-1), "replay.bad_field", {"field": "seed"}),
    (lambda r: r.update(seats=[{"name": "", "colour": 0, "kind": "human"}]), "replay.bad_seat",
     {"number": 1}),
    (lambda r: r.update(actions="lots"), "replay.bad_field", {"field": "actions"}),
    (lambda r: r.update(actions=r["actions"] * 2000), "replay.bad_field", {"field": "actions"}),
    (lambda r: r["actions"][5].update(action={"type": "cross", "cells": [[99, 99]]}),
     "replay.bad_move", {"number": 6}),
    (lambda r: r["actions"][5].update(seat=3), "replay.bad_move", {"number": 6}),
    (lambda r: r.update(actions=r["actions"][:-3]), "replay.not_over", {}),
])
def test_a_damaged_replay_is_refused_with_a_sentence(change, key, params):
    from game.i18n import tr
    r = _record()
    change(r)
    with pytest.raises(ReplayError) as err:
        Run(check_record(r))
    assert str(err.value) == tr(key, **params)


def test_a_replay_whose_set_up_the_rules_refuse_says_why():
    r = _record()
    r["variant"] = "Z"
    with pytest.raises(ReplayError) as err:
        Run(check_record(r))
    assert "Z" in str(err.value)


def test_random_damage_never_crashes_the_check():
    base = _record("ants", 2)
    rng = random.Random(7)
    junk = [None, 0, -1, 2 ** 70, 1.5, "x" * 300, [], {}, True, {"type": "guess"}, [1, 2]]
    for _ in range(150):
        r = json.loads(json.dumps(base))
        for _ in range(rng.randint(1, 3)):
            where = rng.choice(["top", "seat", "action"])
            if where == "top":
                r[rng.choice(list(r))] = rng.choice(junk)
            elif where == "seat" and isinstance(r.get("seats"), list) and r["seats"]:
                r["seats"][0][rng.choice(["name", "colour", "kind", "level"])] = rng.choice(junk)
            elif isinstance(r.get("actions"), list) and r["actions"]:
                a = rng.choice(r["actions"])
                if isinstance(a, dict) and isinstance(a.get("action"), dict):
                    a["action"][rng.choice(list(a["action"]) or ["type"])] = rng.choice(junk)
        try:
            Run(check_record(r))
        except ReplayError as exc:
            assert str(exc)


# ---- kept replays ------------------------------------------------------------------------------------

def test_replays_are_kept_per_person_up_to_the_setting_and_older_ones_go(home):
    t, _ = played("hamster", 1)
    rec = record_of(t)
    ids = []
    for k in range(12):
        rid, msg = replays.keep(dict(rec, when=1000 + k), t.result())
        assert rid and msg is None
        ids.append(rid)
    assert replays.get_keep() == replays.KEEP_DEFAULT
    assert replays.set_keep(10) is None
    kept, _ = replays.items("P1")
    assert [i["id"] for i in kept] == list(reversed(ids))[:10]
    assert not any((home / "replays" / f"{rid}.json").exists() for rid in ids[:2])
    # another person's games are kept for them, whatever the first one played since
    t2, _ = played("moles", 2, people=2)
    rec2 = dict(record_of(t2), seats=[dict(s, name=n) for s, n in zip(record_of(t2)["seats"], ["Ann", "Bo"])])
    rid2, _ = replays.keep(dict(rec2, when=5), t2.result())
    for k in range(10):
        replays.keep(dict(rec, when=2000 + k), t.result())
    assert [i["id"] for i in replays.items("Ann")[0]] == [rid2]
    run = replays.open_run(rid2)
    assert run.result["scores"] == t2.result()["scores"] and run.seats[0]["name"] == "Ann"
    assert replays.delete(rid2) is None and replays.items("Ann")[0] == []


def test_export_and_import_on_another_computer(home, tmp_path):
    t, _ = played("forest", 2)
    rid, _ = replays.keep(record_of(t), t.result())
    path = replays.export(rid, folder=tmp_path)
    assert path.name.endswith(".bbreplay") and path.stat().st_size < 200_000
    new_id = replays.import_file(path)
    assert replays.open_run(new_id).final.to_dict() == t.state.to_dict()
    assert replays.items()[0][0]["imported"]
    # damaged files: a sentence each
    bad = tmp_path / "bad.bbreplay"
    for text in ("{ not json", json.dumps({"app": "BurrowBox"}), "\x00\x01", "[]" * 10):
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(ReplayError):
            replays.import_file(bad)
    with pytest.raises(ReplayError):
        replays.import_file(tmp_path / "missing.bbreplay")
    with pytest.raises(ReplayError):
        replays.import_file(tmp_path)
    # without a folder: the exports folder (a portable or test home), where Open finds it
    mine = replays.export(rid)
    assert mine.parent == home / "exports" and mine in replays.candidates()


def test_a_damaged_index_is_set_aside_and_says_so(home):
    (home / "replays").mkdir()
    (home / "replays" / "index.json").write_text('{"version": 1, "items": [{"id": 5}]}',
                                                 encoding="utf-8")
    items, message = replays.items()
    assert items == [] and message
    assert any(p.name.startswith("index.json.damaged") for p in (home / "replays").iterdir())


# ---- the replay is the game, and a seat's replay shows that seat's game ----------------------

def _digest(state) -> str:
    import hashlib
    return hashlib.sha256(json.dumps(state.to_dict(), sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("game,players,variant", GAMES)
def test_a_replay_from_its_file_ends_where_the_game_ended(game, players, variant, tmp_path):
    t, _ = played(game, players, variant=variant, seed=11)
    rid, _ = replays.keep(record_of(t), t.result())
    new_id = replays.import_file(replays.export(rid, folder=tmp_path))
    run = replays.open_run(new_id)
    assert _digest(run.final) == _digest(t.state)
    assert _digest(run.state_at(len(run))) == _digest(t.state)
    # every step's position is the game's position after that many actions
    again = Table(game, _seats(players), new_game(game, players, seed=11, variant=variant))
    for k, a in enumerate(t.actions, 1):
        assert again.act(a["seat"], a["action"], k - 1)
        if k % 7 == 0 or k == len(t.actions):
            assert _digest(run.state_at(k)) == _digest(again.state)


def test_a_seat_never_sees_another_seats_hand_before_the_end():
    """Gopher: the hands are secret.  A seat's view at every step shows its own hand only,
    everything open (the game is over) every hand as it was, and the scores a seat may not
    know yet stay unknown to it until the end."""
    t, _ = played("gopher", 3, variant="baskets", people=3)
    run = replay.run_of(t)
    for k in range(0, len(run) + 1, 5):
        for seat in range(3):
            env = run.envelope(k, seat)
            hands = [s["hand"] for s in env["view"]["seats"]]
            assert hands[seat] is not None
            assert all(h is None for o, h in enumerate(hands) if o != seat)
            if not env["over"]:
                assert env["scores"] == list(run.state_at(k).public_scores(seat))
        st = run.state_at(k)
        assert [s["hand"] for s in run.envelope(k, OPEN)["view"]["seats"]] == st.hands


def test_the_secret_fields_of_an_event_reach_only_its_seat_in_the_replay(monkeypatch):
    """An event ``private_to`` a seat with ``secret`` fields: the replay gives that seat the
    fields, every other seat the event without them (and without its sentence), exactly as
    the table did during the game; the open view (after the end) has them."""
    from game.rules.base import Record
    cls = type(new_game("moles", 3, seed=1))
    apply = cls.apply

    def with_secret(self, action):
        seat = self.current_player
        events = apply(self, action)
        return list(events) + [Record("peek", f"seat {seat} sees card 42", seat=seat,
                                      private_to=seat, secret=["card"], card=42)]
    monkeypatch.setattr(cls, "apply", with_secret)
    t, given = played("moles", 3, people=3, listen=True)
    run = replay.run_of(t)
    for seat in range(3):
        assert run.stream(seat) == given[seat]
        assert run.log_until(len(run), seat) == t.log_for(seat)
        peeks = [e for e in run.log_until(len(run), seat) if e.get("type") == "peek"]
        mine = [e for e in peeks if e["private_to"] == seat]
        others = [e for e in peeks if e["private_to"] != seat]
        assert mine and others
        assert all(e["card"] == 42 and "text" in e for e in mine)
        assert all("card" not in e and "text" not in e for e in others)
        k = next(k for k, a in enumerate(run.actions, 1) if a["seat"] != seat)
        assert all("card" not in e for e in run.events_at(k, seat) if e.get("type") == "peek")
    assert all(e["card"] == 42 for e in run.log_until(len(run), OPEN) if e.get("type") == "peek")


def test_hostile_replay_files_are_refused_with_a_sentence(home, tmp_path):
    from game.i18n import tr
    path = tmp_path / "x.bbreplay"
    cases = {
        "deep": "[" * 5000 + "]" * 5000,
        "huge": json.dumps({"app": "BurrowBox", "pad": "x" * (replay.MAX_BYTES + 10)}),
        "binary": b"\xff\xfe\x00garbage",
        "number": "1e999999",
        "wrong kind": json.dumps({"app": "BurrowBox", "kind": "save", "format": 1}),
        "action not a dict": json.dumps(dict(_record(), actions=[{"seat": 0, "action": "x"}])),
        "long action": json.dumps(dict(_record(), actions=[{"seat": 0, "action": {
            "type": "cross", "junk": "y" * 5000}}])),
    }
    for what, text in cases.items():
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        with pytest.raises(ReplayError) as err:
            replays.import_file(path)
        assert str(err.value) and "Traceback" not in str(err.value), what
    assert replays.items()[0] == []
    # a kept replay damaged on the disk: a sentence when it is opened, nothing else kept
    t, _ = played("hamster", 1)
    rid, _ = replays.keep(record_of(t), t.result())
    (home / "replays" / f"{rid}.json").write_text("{", encoding="utf-8")
    with pytest.raises(ReplayError):
        replays.open_run(rid)
    with pytest.raises(ReplayError) as err:
        replays.open_run("../../etc/passwd")
    assert str(err.value) == tr("replay.missing")


def test_a_game_continued_after_the_app_was_killed_still_has_its_whole_replay(home, monkeypatch):
    """The save's actions plus the journal's after it: the replay of the finished game."""
    from game.app import launch
    s = launch.new("hamster", _seats(1), seed=8)
    s.computers_enabled = False
    rng = random.Random(2)
    s.apply(rng.choice(s.table.legal_for(0)))           # the first: the save itself, at once
    monkeypatch.setattr(saves._writer, "submit", lambda slot, payload: None)   # never written
    for _ in range(15):
        s.apply(rng.choice(s.table.legal_for(0)))
    slot = saves.current_slot()
    saves._journals.clear()                              # a new process: the files alone
    again = launch.saved(saves.read_autosave(slot))
    monkeypatch.undo()
    assert again.table.actions == s.table.actions and len(again.table.actions) == 16
    while not again.is_over():
        again.apply(rng.choice(again.table.legal_for(0)))
    run = replay.run_of(again.table)
    assert _digest(run.final) == _digest(again.table.state)
    saves.close_journals()
