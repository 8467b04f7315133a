"""The play controller: undo rules, computers in a thread, autosave, curtain, ranking."""
from __future__ import annotations

import time

import pytest

from game.app.store import saves
from game.app.session import LocalSession, default_seats
from game.table import ranking
from game.rules import new_game

pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)


def seats(kinds):
    return [{"name": f"S{i}", "colour": i, "kind": k, "level": "random"} for i, k in enumerate(kinds)]


def play_until(ctl, cond, limit=2000):
    for _ in range(limit):
        if cond():
            return
        ctl.apply(ctl.table.state.legal_actions()[0])
    raise AssertionError("condition never met")


def test_default_seats():
    s = default_seats(3)
    assert [x["kind"] for x in s] == ["human", "computer", "computer"]
    assert s[0]["name"] == "Player 1" and s[2]["name"] == "Computer 3"
    assert len({x["colour"] for x in s}) == 3


def test_names_go_into_the_state():
    ctl = LocalSession("moles", seats(["human", "computer"]), new_game("moles", 2, seed=1),
                         autosave=False)
    assert ctl.table.state.names == ["S0", "S1"]


def test_lone_human_undo_never_crosses_a_computer_reply():
    ctl = LocalSession("moles", seats(["human", "computer", "computer"]), new_game("moles", 3, seed=4),
                         autosave=False, computers=False)
    play_until(ctl, ctl.human_to_act)
    assert not ctl.can_undo()
    snapshot = ctl.table.state.to_dict()
    log_len = len(ctl.log)
    ctl.apply(ctl.table.state.legal_actions()[0])            # the human's placement ends the turn
    assert ctl.computer_to_act()
    assert ctl.can_undo() and ctl.undo_needs_confirm()  # not answered yet: asks first
    assert ctl.undo()
    assert ctl.table.state.to_dict() == snapshot
    assert len(ctl.log) == log_len + 1 and ctl.log[-1] == {"type": "_undo", "count": 1}
    assert ctl.log_lines()[-1].startswith("(One action taken back")
    ctl.apply(ctl.table.state.legal_actions()[0])
    play_until(ctl, ctl.human_to_act)                  # computers reply
    assert not ctl.can_undo()                          # another seat's decision stands


def test_lone_human_undo_never_crosses_a_disc():
    ctl = LocalSession("moles", seats(["human", "computer"]), new_game("moles", 2, seed=8),
                         autosave=False, computers=False)
    play_until(ctl, lambda: ctl.human_to_act() and ctl.table.state.step == "turn")
    ev = ctl.apply(ctl.table.state.legal_actions()[0])        # turn a disc: chance
    assert any(e.get("chance") for e in ev)
    assert not ctl.can_undo() and not ctl.undo()


def test_hot_seat_undo_stops_at_chance_and_other_humans():
    st = new_game("moles", 2, seed=3, options={"championship": True})
    ctl = LocalSession("moles", seats(["human", "human"]), st, autosave=False, computers=False)
    first = ctl.current
    ctl.apply(ctl.table.state.legal_actions()[0])             # a placement; the other human is next
    assert ctl.current != first
    assert not ctl.can_undo()                           # never across another human's action
    # reach a turn where two different discs are turned (keep step)
    for _ in range(3000):
        st = ctl.table.state
        if st.step == "keep":
            break
        ctl.apply(st.legal_actions()[0])
    assert ctl.table.state.step == "keep"
    assert not ctl.can_undo()                           # the disc turn revealed chance
    ctl.apply(ctl.table.state.legal_actions()[0])             # keep one disc: no chance
    if ctl.table.state.step == "move":
        snap_step = "keep"
        assert ctl.can_undo()
        ctl.undo()
        assert ctl.table.state.step == snap_step
        assert not ctl.can_undo()                       # the barrier


def test_no_undo_for_computers_only_and_history_stays_small():
    ctl = LocalSession("moles", seats(["computer", "computer"]), new_game("moles", 2, seed=2),
                         autosave=False, computers=False)
    for _ in range(30):
        ctl.apply(ctl.table.state.legal_actions()[0])
    assert not ctl.can_undo() and ctl.history == []


def test_computer_thinks_in_a_thread_and_waits_for_animation():
    ctl = LocalSession("moles", seats(["computer", "computer"]), new_game("moles", 2, seed=2),
                         autosave=False)
    assert ctl.tick(0.016, animating=True, speed="normal") is None   # starts thinking
    ctl.wait_for_computer()
    assert ctl.tick(0.016, animating=True, speed="normal") is None   # still animating
    act = None
    t0 = time.time()
    while act is None and time.time() - t0 < 5:
        act = ctl.tick(0.1, animating=False, speed="normal")         # pause, then the action
    assert act is not None and act.kind == "act" and act.seat in (0, 1)   # played through the table


def test_stale_computer_answer_is_dropped_after_undo():
    ctl = LocalSession("moles", seats(["human", "computer"]), new_game("moles", 2, seed=6),
                         autosave=False)
    play_until(ctl, ctl.computer_to_act)
    ctl.tick(0.0, animating=False, speed="off")
    ctl.wait_for_computer()
    if ctl.can_undo():
        ctl.undo()
        assert ctl.human_to_act()
        assert ctl.tick(1.0, animating=False, speed="off") is None


def test_autosave_after_every_action_and_removed_at_game_over():
    ctl = LocalSession("moles", seats(["human", "computer"]), new_game("moles", 2, seed=6))
    ctl.apply(ctl.table.state.legal_actions()[0])
    saves.flush_autosave()
    assert saves.read_autosave().state.to_dict() == ctl.table.state.to_dict()
    ctl.table.state.current_player = None                     # pretend the game ended
    ctl.save()
    saves.flush_autosave()
    assert not saves.autosave_exists()


def test_curtain_only_between_humans_when_enabled():
    st = new_game("moles", 2, seed=3)
    ctl = LocalSession("moles", seats(["human", "human"]), st, autosave=False, curtain=True)
    assert ctl.curtain_seat == ctl.current and ctl.legal_for_board() is None
    assert ctl.viewing_seat() is None
    ctl.clear_curtain()
    assert ctl.curtain_seat is None and ctl.legal_for_board()
    ctl.apply(ctl.table.state.legal_actions()[0])
    assert ctl.curtain_seat == ctl.current               # the other human must confirm
    off = LocalSession("moles", seats(["human", "human"]), new_game("moles", 2, seed=3), autosave=False)
    assert off.curtain_seat is None


def test_ranking_puts_winner_first():
    class S:
        players = 3

        def winners(self):
            return [2]

        def scores(self):
            return [5, 7, 1]
    assert ranking(S()) == [2, 1, 0]
