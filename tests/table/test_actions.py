"""The table keeps the actions applied (a finished game is its set-up plus its actions): one
per applied action, without its sentence; an undo takes them back; the record carries them;
a record whose actions do not match its state has none (its game has no replay)."""
from __future__ import annotations

from game.rules import new_game
from game.table import Seat, Table


def _table(kinds=("human", "human"), seed=4):
    seats = [Seat(f"P{i + 1}", i, k, "random") for i, k in enumerate(kinds)]
    return Table("moles", seats, new_game("moles", len(kinds), seed=seed))


def test_every_applied_action_is_kept_without_its_sentence_and_replays_the_game():
    t = _table()
    for _ in range(20):
        t.act(t.current, t.legal_for(t.current)[0])
    assert len(t.actions) == 20 == t.state.turn_number
    assert all("text" not in a["action"] and isinstance(a["seat"], int) for a in t.actions)
    again = new_game("moles", 2, seed=4)
    again.set_names(["P1", "P2"])
    for a in t.actions:
        assert again.current_player == a["seat"]
        again.apply(a["action"])
    assert again.to_dict() == t.state.to_dict()


def test_an_undo_takes_its_actions_back_and_a_refused_action_adds_none():
    t = _table()
    for _ in range(6):
        t.act(t.current, t.legal_for(t.current)[0])
    n = len(t.actions)
    assert not t.act(t.current, {"type": "fly"})
    assert len(t.actions) == n
    if t.undo(t.current):
        assert len(t.actions) == t.state.turn_number < n


def test_the_record_carries_the_actions_and_a_mismatch_drops_them():
    t = _table()
    for _ in range(5):
        t.act(t.current, t.legal_for(t.current)[0])
    rec = t.to_record()
    assert rec["actions"] == t.actions
    from game.rules import load_state
    back = Table("moles", rec["seats"], load_state(rec["state"]), actions=rec["actions"])
    assert back.actions == t.actions
    assert Table("moles", rec["seats"], load_state(rec["state"]), actions=rec["actions"][:-1]).actions is None
    assert Table("moles", rec["seats"], load_state(rec["state"])).actions is None
    assert Table("moles", rec["seats"], load_state(rec["state"]), actions=[{"seat": "x"}] * 5).actions is None
    assert _table().actions == []
