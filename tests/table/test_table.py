"""The table on its own, without a screen (DESIGN.md, *Tables, sessions and the network*):
every refusal has its code, versions only go up, undo is the asking seat's own, subscribers
hear every change, and the record restores the table."""
from __future__ import annotations

import json

import pytest

from game.rules import new_game
from game.table import (CANNOT_UNDO, DAMAGED, ILLEGAL, NOT_YOUR_TURN, OVER, STALE, BotRunner,
                        Seat, Table)


def table(game="moles", kinds=("human", "human"), seed=4, **kw):
    seats = [Seat(f"P{i + 1}", i, k, "random") for i, k in enumerate(kinds)]
    return Table(game, seats, new_game(game, len(kinds), seed=seed, **kw))


def first_to_act(t: Table, kind: str) -> int:
    """Make the seat to act first a ``kind`` and every other seat the other kind."""
    other = "human" if kind == "computer" else "computer"
    first = t.current
    for s in range(len(t.seats)):
        t.set_seat(s, kind=kind if s == first else other)
    return first


def test_a_seat_acting_out_of_turn_is_refused_with_not_your_turn():
    t = table()
    other = 1 - t.current
    out = t.act(other, t.legal_for(t.current)[0])
    assert not out and out.code == NOT_YOUR_TURN and t.version == 0
    assert t.act(None, t.legal_for(t.current)[0]).code == NOT_YOUR_TURN
    assert t.act("0", t.legal_for(t.current)[0]).code == NOT_YOUR_TURN


def test_an_action_that_is_not_legal_is_refused_with_illegal():
    t = table()
    for bad in ({"type": "fly"}, "move", None, {"type": "move", "x": float("nan")}):
        out = t.act(t.current, bad)
        assert not out and out.code == ILLEGAL
    assert t.version == 0


def test_a_stale_version_is_refused():
    t = table()
    seat = t.current
    assert t.act(seat, t.legal_for(seat)[0], version=0)
    assert t.version == 1
    out = t.act(t.current, t.legal_for(t.current)[0], version=0)
    assert not out and out.code == STALE
    assert t.undo(t.current, version=0).code == STALE


def test_undo_by_another_seat_is_refused_and_the_own_seat_may_undo():
    t = table(kinds=("human", "human", "human"))
    seat = t.current
    t.act(seat, t.legal_for(seat)[0])
    if t.current == seat:           # still this seat's turn: only it may take back
        for other in (s for s in range(3) if s != seat):
            assert t.undo(other).code == CANNOT_UNDO
            assert not t.can_undo(other)
        assert t.can_undo(seat)
        v = t.version
        out = t.undo(seat)
        assert out and out.update.kind == "undo" and t.version == v + 1
    else:                           # handed on between people: nobody may take it back
        assert all(t.undo(s).code == CANNOT_UNDO for s in range(3))


def test_a_finished_game_refuses_every_action_with_over():
    t = table("hamster", kinds=("human",), seed=2)
    while not t.is_over():
        t.act(t.current, t.legal_for(t.current)[-1])
    assert t.act(0, {"type": "roll"}).code == OVER
    assert t.undo(0).code == CANNOT_UNDO
    assert t.result()["winners"] == [0]


def test_versions_only_go_up_and_subscribers_hear_every_change():
    t = table("moles", kinds=("human", "computer"))
    heard = []
    unsubscribe = t.subscribe(heard.append)
    versions = [t.version]
    for _ in range(12):
        seat = t.current
        t.act(seat, t.legal_for(seat)[0])
        versions.append(t.version)
        if t.can_undo(seat):
            t.undo(seat)
            versions.append(t.version)
            t.act(seat, t.legal_for(seat)[0])
            versions.append(t.version)
    assert versions == sorted(set(versions))
    assert [u.version for u in heard] == versions[1:]
    unsubscribe()
    t.act(t.current, t.legal_for(t.current)[0])
    assert len(heard) == len(versions) - 1


def test_a_broken_subscriber_does_not_stop_the_table():
    t = table()

    def broken(update):
        raise RuntimeError("listener bug")
    t.subscribe(broken)
    assert t.act(t.current, t.legal_for(t.current)[0])


def test_a_damaged_undo_snapshot_is_refused_with_damaged():
    t = table(kinds=("human", "computer"))
    seat = first_to_act(t, "human")
    t.act(seat, t.legal_for(seat)[0])
    assert t.can_undo(seat)
    t.history[-1]["before"]["rng"] = [3, [-1] * 625, None]
    out = t.undo(seat)
    assert not out and out.code == DAMAGED and not t.can_undo(seat)


def test_legal_actions_go_only_to_the_seat_to_act():
    t = table()
    assert t.legal_for(t.current)
    assert t.legal_for(1 - t.current) == [] and t.legal_for(None) == []


def test_the_record_restores_the_table_with_its_log_and_version():
    t = table("hamster", kinds=("human", "human"), seed=3)
    for _ in range(9):
        t.act(t.current, t.legal_for(t.current)[0])
    rec = json.loads(json.dumps(t.to_record()))
    from game.rules import load_state
    back = Table(rec["game"], rec["seats"], load_state(rec["state"]), history=rec["undo"],
                 log=rec["log"], version=rec["version"])
    assert back.version == t.version
    for seat in (0, 1, None):
        assert back.log_for(seat) == t.log_for(seat)
        assert back.view_for(seat) == t.view_for(seat)
    assert back.can_undo(0) == t.can_undo(0)


def test_a_computer_seat_acts_through_the_bot_runner_after_its_pause():
    t = table("moles", kinds=("computer", "human"))
    seat = first_to_act(t, "computer")
    bots = BotRunner(t, pause=0.5)
    assert bots.poll(0.1) is None           # thinking, or waiting its pause
    bots.wait()
    assert bots.poll(0.1) is None and bots.poll(0.1) is None     # 0.3 s of 0.5
    assert bots.poll(0.3) is None           # 0.5 s reached: acts on the next poll
    out = bots.poll(0.0)
    assert out and out.update.seat == seat and t.version == 1
    bots.close()


def test_a_computer_answer_to_an_old_position_is_never_applied():
    t = table("moles", kinds=("computer", "human"))
    seat = first_to_act(t, "computer")
    bots = BotRunner(t, pause=0.0)
    bots.poll(0.0)
    bots.wait()
    # the position changes under the thinking computer (as if a move came from elsewhere)
    assert t.act(seat, t.legal_for(seat)[-1])
    out = bots.poll(0.0)
    assert out is None or out.update.version == t.version
    bots.close()


def test_finishing_a_computer_only_game_plays_it_to_the_end():
    t = table("ants", kinds=("computer", "computer"))
    bots = BotRunner(t)
    updates = bots.finish()
    assert t.is_over() and updates and updates[-1].version == t.version
    bots.close()


@pytest.mark.parametrize("game", ["ants", "hamster", "gopher", "forest", "moles"])
def test_the_envelope_carries_turn_scores_and_winners(game):
    t = table(game, kinds=("human", "computer"))
    env = t.view_for(0)
    assert env["turn"] == t.current and env["over"] is False and env["winners"] == []
    assert len(env["scores"]) == 2 and env["seats"][1]["kind"] == "computer"
    bots = BotRunner(t)
    t.set_seat(0, kind="computer")
    bots.finish()
    env = t.view_for(None)
    assert env["over"] and env["winners"] and env["turn"] is None
    assert t.result()["ranking"][0] in env["winners"]


def test_a_seat_named_before_the_first_move_names_it_in_the_rules_too():
    """A guest who takes a seat (with their name) before the game starts: the rules' names
    follow, so a replay of the game (which names the seats from its record) ends in the very
    same state; after the first move a new sitter changes only the seat."""
    t = table("hamster")
    t.set_seat(1, name="Ida")
    assert t.state.names == ["P1", "Ida"]
    t.act(t.current, t.legal_for(t.current)[0])
    t.set_seat(0, name="Bo")
    assert t.state.names == ["P1", "Ida"] and t.seats[0].name == "Bo"
