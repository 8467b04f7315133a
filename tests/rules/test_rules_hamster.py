"""Hamster Burrow rules: one test per rule sentence of seed 004 and per hamster ruling
(RULINGS.md), plus the shared spec (/work/notes/HAMSTER.md) and the sheet design.

Test names start with the part of the rulebook they check: setup_, goal_, play_, one_ (the
special case of a 1), timer_, end_, scoring_, variant_, then ruling_ for RULINGS.md, spec_ for
the shared spec (view, events, saves) and designed_ for our own sheet design.

Positions are built with ``position`` (crosses placed by hand) and dice with ``roll``.
Side A's den is (5..7, 5..6) with tunnels den(5,5)-pantry(1,5), den(6,5)-cubby(6,3) and
den(7,6)-bedroom(11,6); side B's den is the staircase (4,3) (4,4) (5,4) (6,4) (6,5) (6,6)
(7,6) (8,6) (8,7) with den(4,3)-burrow(3,2), den(6,4)-hub(6,2) and den(8,7)-fork(10,7).
"""
from __future__ import annotations

import json
import random
import statistics
import time

import pytest
import yaml

from game.io.paths import resource_path
from game.rules import GAMES, IllegalAction, LoadError, load_state, new_game, state_from_view
from game.rules.hamster import HamsterState, explain_pass, explain_refusal, load_sheet

SHEET_A = load_sheet(side="A")
SHEET_B = load_sheet(side="B")
DEN_A = {(5, 5), (6, 5), (7, 5), (5, 6), (6, 6), (7, 6)}
CUBBY_A = {(5, 2), (6, 2), (7, 2), (5, 3), (6, 3), (7, 3)}
DEN_B = {(4, 3), (4, 4), (5, 4), (6, 4), (6, 5), (6, 6), (7, 6), (8, 6), (8, 7)}
HUB_B = {(6, 2), (7, 2), (8, 2), (9, 2), (8, 3), (9, 3), (8, 4)}


# ------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------
class Dice(random.Random):
    """An RNG whose die rolls are given in advance."""

    def __init__(self, *values):
        super().__init__(0)
        self.values = list(values)

    def randint(self, a, b):
        return self.values.pop(0)


def position(players=2, side="A", crosses=None, roller=0, one_used=None, first_cross="start",
             sheet=None):
    """A game at the start of a turn (step "roll") with crosses placed by hand."""
    st = HamsterState(players, seed=1, variant=side, options={"first_cross": first_cross},
                      sheet=sheet)
    for seat, cells in (crosses or {}).items():
        st._mark_cells(seat, cells)
    for seat, k in (one_used or {}).items():
        st.one_used[seat] = k
    st.turn = roller
    st.current_player = roller
    return st


def roll(st, value):
    st.rng = Dice(value)
    assert st.step == "roll"
    return st.apply(st.legal_actions()[0])


def sets(st, size=None):
    """The legal cross sets of the deciding seat, as frozensets of (x, y)."""
    out = set()
    for a in st.legal_actions():
        if a["type"] == "cross" and (size is None or len(a["cells"]) == size):
            out.add(frozenset(tuple(c) for c in a["cells"]))
    return out


def cross(st, cells):
    cells = sorted(([x, y] for x, y in cells), key=lambda c: (c[1], c[0]))
    return st.apply({"type": "cross", "cells": cells})


def pass_(st):
    return st.apply({"type": "pass"})


def types(events):
    return [e["type"] for e in events]


def connected(cells) -> bool:
    cells = set(cells)
    todo = [next(iter(cells))]
    seen = set(todo)
    while todo:
        x, y = todo.pop()
        for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if q in cells and q not in seen:
                seen.add(q)
                todo.append(q)
    return seen == cells


def greedy(st, rng):
    """A simple greedy player (for the game-length check): fill chambers, take mushrooms and
    nuts, keep to started chambers, head for tunnels, save the 1-row."""
    legal = st.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = st.current_player
    marks = st.marks[seat]
    best, best_score = None, -1e9
    for a in legal:
        cells = [tuple(c) for c in a["cells"]]
        c = st.sheet.chambers[st.sheet.cell_chamber[cells[0]]]
        s = sum(c.bit[p] for p in cells)
        m = marks[c.index]
        new = m | s
        score = 2.0 * c.points if new == c.full else 0.0
        score += 1.5 * bin(s & c.mushrooms).count("1") + 4 * bin(s & c.nuts).count("1")
        score -= 1.0 if m == 0 else 0.0
        score += sum(1.5 for far, other, near in c.entries
                     if new & far and not m & far and marks[other] == 0)
        if st.roll == 1:
            score -= 0.8 * len(cells)
        score += rng.random() * 0.5
        if score > best_score:
            best, best_score = a, score
    return best


def play(st, policy, rng):
    while not st.is_over():
        if policy == "random" or st.step == "roll":
            st.apply(rng.choice(st.legal_actions()))
        else:
            st.apply(greedy(st, rng))
    return st


def finish_turn(st, rng=None):
    """Let every seat that has not decided yet take its first legal action."""
    events = []
    while st.step == "choose":
        events += st.apply(st.legal_actions()[0])
    return events


# ------------------------------------------------------------------------------------------
# SETUP
# ------------------------------------------------------------------------------------------
def test_setup_one_sheet_per_player_from_1_to_6():
    info = GAMES["hamster"]
    assert (info.min_players, info.max_players) == (1, 6)
    for n in range(1, 7):
        v = new_game("hamster", n, seed=1).view(0)
        assert len(v["sheets"]) == n
        assert all(sh["crosses"] == [] and sh["one_row_used"] == 0 for sh in v["sheets"])


def test_setup_sheets_have_a_light_side_a_and_a_dark_side_b():
    assert [v["id"] for v in GAMES["hamster"].variants] == ["A", "B"]
    a = new_game("hamster", 2, seed=1, variant="A").view(0)["sheet"]
    b = new_game("hamster", 2, seed=1, variant="B").view(0)["sheet"]
    assert a["side"] == "A" and b["side"] == "B"
    assert a["chambers"] != b["chambers"]


def test_setup_everyone_plays_on_the_same_side():
    st = new_game("hamster", 4, seed=2, variant="B")
    sheets = [json.dumps(st.view(s)["sheet"], sort_keys=True) for s in range(4)]
    assert len(set(sheets)) == 1


def test_setup_side_a_is_the_default_for_a_first_game():
    assert GAMES["hamster"].default_variant() == "A"
    assert new_game("hamster", 2, seed=1).view(0)["variant"] == "A"


def test_setup_one_die_for_everyone():
    st = new_game("hamster", 3, seed=4)
    events = st.apply(st.legal_actions()[0])
    rolls = [e for e in events if e["type"] == "roll"]
    assert len(rolls) == 1 and rolls[0]["chance"] is True and 1 <= rolls[0]["value"] <= 6


# ------------------------------------------------------------------------------------------
# OBJECT OF THE GAME
# ------------------------------------------------------------------------------------------
def test_goal_score_for_full_chambers_mushrooms_and_nuts():
    st = position(crosses={0: sorted(DEN_A) + [(3, 0)]})
    b = st.breakdown(0)
    assert set(b) == {"chambers", "mushrooms", "nuts", "total"}
    # full den (5 points) with its mushroom (6,6), plus one nut at (3,0)
    assert b == {"chambers": 5, "mushrooms": 1, "nuts": 2, "total": 8}
    assert st.scores() == [8, 0]


# ------------------------------------------------------------------------------------------
# GAMEPLAY
# ------------------------------------------------------------------------------------------
def test_play_each_turn_the_die_is_rolled_exactly_once():
    st = new_game("hamster", 3, seed=7)
    assert [a["type"] for a in st.legal_actions()] == ["roll"]
    st.apply(st.legal_actions()[0])
    for _ in range(3):
        assert st.step == "choose"
        assert all(a["type"] != "roll" for a in st.legal_actions())
        st.apply(st.legal_actions()[0])
    assert st.step == "roll"


def test_play_the_result_is_used_by_all_players():
    st = position(players=3)
    roll(st, 4)
    seen = []
    while st.step == "choose":
        seen.append(st.current_player)
        assert st.view(st.current_player)["roll"] == 4
        assert all(len(a["cells"]) == 4 for a in st.legal_actions())
        st.apply(st.legal_actions()[0])
    assert seen == [0, 1, 2]


def test_play_the_roller_rotates_and_decides_first():
    st = new_game("hamster", 3, seed=5)
    rollers = []
    for _ in range(4):
        rollers.append(st.current_player)
        assert st.view(0)["roller"] == st.current_player
        st.apply(st.legal_actions()[0])
        order = []
        while st.step == "choose":
            order.append(st.current_player)
            st.apply(st.legal_actions()[0])
        assert order == [(rollers[-1] + k) % 3 for k in range(3)]
    assert rollers == [0, 1, 2, 0]


def test_play_the_start_chamber_is_central_and_darker():
    for sheet in (SHEET_A, SHEET_B):
        start = sheet.chambers[sheet.start]
        assert start.start and sum(1 for c in sheet.chambers if c.start) == 1
        cols, rows = sheet.size
        cx = sum(x for x, _ in start.cells) / len(start.cells)
        cy = sum(y for _, y in start.cells) / len(start.cells)
        assert abs(cx - (cols - 1) / 2) <= 1.5 and abs(cy - (rows - 1) / 2) <= 1.5
    view = new_game("hamster", 1, seed=1).view(0)["sheet"]
    assert [c["id"] for c in view["chambers"] if c["start"]] == ["den"]


def test_play_the_very_first_cross_goes_inside_the_start_chamber():
    for v in (2, 3, 5, 6):
        st = position()
        roll(st, v)
        got = sets(st)
        assert got and all(s <= DEN_A for s in got)
    st = position()
    roll(st, 2)      # anywhere in the den: all 7 connected pairs of its 6 cells
    assert len(sets(st)) == 7


def test_play_later_first_cross_next_to_an_earlier_cross():
    st = position(crosses={0: [(5, 6), (6, 6)]})     # no tunnel cell crossed
    roll(st, 2)
    for s in sets(st):
        assert any(abs(x - a) + abs(y - b) == 1 for x, y in s for a, b in [(5, 6), (6, 6)])
    assert frozenset({(7, 5), (7, 6)}) in sets(st)


def test_play_cross_exactly_the_number_on_the_die():
    for v in (2, 3, 4, 5, 6):
        st = position(crosses={0: sorted(DEN_A)})
        roll(st, v)
        assert all(len(s) == v for s in sets(st))


def test_play_all_crosses_in_one_chamber_and_adjacent_to_each_other():
    st = position(crosses={0: [(5, 5), (6, 5), (7, 6)]})   # pantry, cubby, bedroom open
    roll(st, 3)
    cc = SHEET_A.cell_chamber
    got = sets(st)
    assert got
    for s in got:
        assert len({cc[p] for p in s}) == 1
        assert connected(s)


def test_play_no_spreading_a_roll_over_several_chambers():
    st = position(crosses={0: [(5, 5), (6, 5), (7, 6)]})
    roll(st, 2)
    with pytest.raises(IllegalAction):
        cross(st, [(1, 5), (11, 6)])         # one cell in the pantry, one in the bedroom
    with pytest.raises(IllegalAction):
        cross(st, [(5, 6), (6, 3)])          # den and cubby


def test_play_no_separated_parts_inside_a_chamber():
    st = position(crosses={0: [(6, 6)]})
    roll(st, 2)
    with pytest.raises(IllegalAction):
        cross(st, [(5, 6), (7, 6)])          # both touch (6,6) but not each other
    cross(st, [(5, 6), (5, 5)])


def test_play_example_after_a_3_a_1_may_only_touch_earlier_crosses():
    # side B's den; three crosses (6,5) (6,6) (7,6): green (6,4) (8,6), red (5,4) and the rest
    st = position(side="B", crosses={0: [(6, 5), (6, 6), (7, 6)]})
    roll(st, 1)
    singles = {next(iter(s)) for s in sets(st, size=1)}
    assert singles == {(6, 4), (8, 6)}
    with pytest.raises(IllegalAction):
        cross(st, [(5, 4)])


def test_play_a_new_chamber_opens_once_the_tunnel_cell_is_crossed():
    st = position(crosses={0: [(5, 6), (6, 6)]})
    roll(st, 2)
    assert all(s <= DEN_A for s in sets(st))           # no tunnel cell crossed yet
    st = position(crosses={0: [(5, 6), (6, 6), (7, 6)]})   # (7,6) leads to the bedroom
    roll(st, 2)
    assert frozenset({(11, 6), (12, 6)}) in sets(st)      # the bedroom, from its tunnel cell
    assert frozenset({(12, 6), (12, 7)}) not in sets(st)  # must start at the tunnel cell
    pantry = set(SHEET_A.by_id["pantry"].cells)
    assert not any(s & (pantry | CUBBY_A) for s in sets(st))   # pantry and cubby still shut


def test_play_the_old_chamber_need_not_be_full():
    st = position(crosses={0: [(6, 5), (6, 6)]})          # (6,5) leads to the cubby
    roll(st, 3)
    cross(st, [(6, 3), (6, 2), (5, 2)])
    assert st.marks[0][SHEET_A.by_id["den"].index] != SHEET_A.by_id["den"].full


def test_play_example_a_5_then_a_4_goes_wholly_into_the_new_chamber():
    # side B: 5 den crosses include (6,4), the tunnel cell to the hub; (4,3) (to the burrow)
    # and (8,7) (to the fork) are not crossed, so those stay shut; the den's 4 free cells
    # are two pairs apart, so the 4 cannot stay in the den
    st = position(side="B", crosses={0: [(5, 4), (6, 4), (6, 5), (6, 6), (7, 6)]})
    roll(st, 4)
    got = sets(st)
    assert got == {frozenset({(6, 2), (7, 2), (8, 2), (9, 2)}),
                   frozenset({(6, 2), (7, 2), (8, 2), (8, 3)})}
    assert all(s <= HUB_B and (6, 2) in s for s in got)


def test_play_if_you_cannot_cross_exactly_the_roll_you_pass():
    # only the den is open (no tunnel cell crossed) and its 3 free cells lie apart:
    # a 6 fits nowhere
    st = position(side="B", crosses={0: sorted(DEN_B - {(4, 3), (6, 4), (8, 7)})})
    roll(st, 6)
    assert [a["type"] for a in st.legal_actions()] == ["pass"]
    events = pass_(st)
    assert types(events)[0] == "pass" and events[0]["seat"] == 0
    assert st.current_player == 1


def test_play_no_pass_while_a_legal_set_exists():
    st = position()
    roll(st, 3)
    assert "pass" not in [a["type"] for a in st.legal_actions()]
    with pytest.raises(IllegalAction):
        pass_(st)


# ------------------------------------------------------------------------------------------
# SPECIAL CASE: ROLLS OF 1
# ------------------------------------------------------------------------------------------
def test_one_choose_how_many_contiguous_cells_from_1_to_7():
    st = position(crosses={0: sorted(SHEET_A.by_id["den"].cells)
                           + sorted(CUBBY_A)})                    # den and cubby full
    roll(st, 1)
    sizes = {len(s) for s in sets(st)}
    assert sizes == {1, 2, 3, 4, 5, 6, 7}   # the pantry (10 cells) is open
    assert all(connected(s) for s in sets(st))


def test_one_each_cross_uses_one_slot_of_the_row():
    st = position(crosses={0: [(5, 5)]})
    roll(st, 1)
    events = cross(st, [(6, 5), (7, 5)])
    assert st.one_used[0] == 2
    assert "slot" in events[0]["text"]
    pass_(st) if st.legal_actions()[0]["type"] == "pass" else st.apply(st.legal_actions()[0])
    assert st.view(1)["sheets"][0]["one_row_used"] == 2


def test_one_example_two_crosses_mark_two_slots():
    st = position(crosses={0: [(5, 5)]}, one_used={0: 3})
    roll(st, 1)
    cross(st, [(6, 5), (6, 6)])
    assert st.view(0)["sheets"][0]["one_row_used"] == 5


def test_one_only_as_many_crosses_as_free_slots():
    st = position(crosses={0: [(5, 5)]}, one_used={0: 5})
    roll(st, 1)
    assert {len(s) for s in sets(st)} == {1, 2}


def test_one_with_the_row_full_a_1_crosses_nothing():
    st = position(crosses={0: [(5, 5)]}, one_used={0: 7})
    roll(st, 1)
    assert [a["type"] for a in st.legal_actions()] == ["pass"]


# ------------------------------------------------------------------------------------------
# ACTIVATING AND CHECKING THE TIMER
# ------------------------------------------------------------------------------------------
def three_chambers():
    # seat 0: den (start, 1st), pantry (2nd), cubby (3rd); pantry (0,5) opens the nook
    return [(5, 5), (6, 5), (7, 5), (1, 5), (0, 5), (6, 3)]


def test_timer_activated_after_any_player_starts_a_fourth_chamber():
    st = position(crosses={0: three_chambers()}, roller=1)
    roll(st, 2)
    assert st.current_player == 1
    st.apply(st.legal_actions()[0])
    events = cross(st, [(0, 6), (1, 6)])    # seat 0's first cross in the nook, 4th chamber
    # seat 0 decided last: the turn ended and the timer came on
    assert "timer_on" in types(events)
    assert st.timer_active and st.view(1)["timer"]["active"]


def test_timer_is_activated_only_after_the_turn_ends():
    st = position(crosses={0: three_chambers()})
    roll(st, 2)
    cross(st, [(0, 6), (1, 6)])
    assert not st.timer_active and st.view(0)["timer"]["active"] is False
    events = st.apply(st.legal_actions()[0])        # seat 1 decides: end of the turn
    assert "timer_on" in types(events)
    assert types(events).index("timer_on") > types(events).index("cross")
    assert st.timer_active


def test_timer_four_or_more_crosses_a_box_only_after_activation():
    st = position(crosses={0: three_chambers()})
    events = roll(st, 6)                    # not active yet: nothing happens to the timer
    assert "timer" not in types(events)
    cross(st, [(0, 6), (1, 6), (0, 7), (1, 7), (0, 8), (1, 8)])
    finish_turn(st)
    assert st.timer_active and st.timer_crossed == 0
    events = roll(st, 4)
    assert types(events) == ["roll", "timer"] and events[1]["boxes"] == 1
    assert st.view(1)["timer"]["crossed"] == 1


@pytest.mark.parametrize("value", [1, 2, 3])
def test_timer_a_roll_below_4_crosses_no_box(value):
    st = position(crosses={0: [(5, 5)]})
    st.timer_active = True
    events = roll(st, value)
    assert "timer" not in types(events) and st.timer_crossed == 0


def test_timer_box_is_crossed_before_the_spaces():
    st = position(crosses={0: [(5, 5)]})
    st.timer_active = True
    events = roll(st, 5)
    assert types(events) == ["roll", "timer"]      # then everyone crosses as usual
    assert st.step == "choose" and all(len(a["cells"]) == 5 for a in st.legal_actions())


def test_timer_is_shared_by_all_players():
    st = position(players=4, crosses={2: three_chambers()}, roller=0)
    roll(st, 2)
    while st.step == "choose":
        if st.current_player == 2:
            cross(st, [(0, 6), (1, 6)])
        else:
            st.apply(st.legal_actions()[0])
    assert all(st.view(s)["timer"]["active"] for s in range(4))


# ------------------------------------------------------------------------------------------
# END OF GAME
# ------------------------------------------------------------------------------------------
def test_end_after_the_turn_in_which_the_last_box_is_crossed():
    st = position(players=3, crosses={0: [(5, 5)], 1: [(5, 5)], 2: [(5, 5)]})
    st.timer_active = True
    st.timer_crossed = SHEET_A.timer - 1
    events = roll(st, 4)
    assert st.timer_crossed == SHEET_A.timer and not st.is_over()
    # the roll is still played by everyone
    for seat in (0, 1):
        assert st.current_player == seat
        st.apply(st.legal_actions()[0])
        assert not st.is_over()
    events = st.apply(st.legal_actions()[0])
    assert st.is_over() and types(events)[-1] == "end"
    assert st.current_player is None and st.legal_actions() == []
    assert st.view(0)["step"] == "over"
    assert all(len(c) > 1 for c in st.view(0)["sheets"][2]["crosses"])


def test_end_no_end_while_boxes_remain():
    st = position(crosses={0: [(5, 5)], 1: [(5, 5)]})
    st.timer_active = True
    st.timer_crossed = SHEET_A.timer - 2
    roll(st, 6)
    finish_turn(st)
    assert not st.is_over() and st.step == "roll"


# ------------------------------------------------------------------------------------------
# POINTS
# ------------------------------------------------------------------------------------------
def finished(crosses, players=2):
    st = position(players=players, crosses=crosses)
    st._finish([])
    return st


def test_scoring_a_full_chamber_scores_its_points():
    st = finished({0: sorted(CUBBY_A), 1: sorted(CUBBY_A - {(7, 3)})})
    assert st.breakdown(0)["chambers"] == SHEET_A.by_id["cubby"].points == 5
    assert st.breakdown(1)["chambers"] == 0


def test_scoring_no_points_for_a_chamber_not_entirely_crossed():
    st = finished({0: sorted(DEN_A - {(7, 6)})})
    assert st.breakdown(0)["chambers"] == 0


def test_scoring_full_chamber_points_count_apart_from_its_mushroom():
    st = finished({0: sorted(DEN_A)})
    assert st.breakdown(0) == {"chambers": 5, "mushrooms": 1, "nuts": 0, "total": 6}


def test_scoring_each_crossed_mushroom_scores_1_even_in_an_unfinished_chamber():
    st = finished({0: [(6, 6), (6, 0), (0, 3)]})
    assert st.breakdown(0) == {"chambers": 0, "mushrooms": 3, "nuts": 0, "total": 3}


@pytest.mark.parametrize("count,points", [(0, 0), (1, 2), (2, 4), (3, 8), (4, 16)])
def test_scoring_nuts_2_4_8_16(count, points):
    nuts = list(SHEET_A.nuts)[:count]
    st = finished({0: nuts})
    assert st.breakdown(0)["nuts"] == points and st.scores()[0] == points


def test_scoring_nuts_count_whether_or_not_the_chamber_is_full():
    st = finished({0: [(1, 8)]})                 # one nut in the unfinished nook
    assert st.breakdown(0)["nuts"] == 2 and st.breakdown(0)["chambers"] == 0


def test_scoring_the_highest_score_wins():
    st = finished({0: [(6, 6)], 1: [(3, 0)]})
    assert st.scores() == [1, 2] and st.winners() == [1]
    assert "Player 2 wins with 2 points" in st.summary()


def test_scoring_tie_break_most_chamber_points_first():
    # 5 points each: a full cubby against all five mushrooms
    st = finished({0: sorted(SHEET_A.mushrooms), 1: sorted(CUBBY_A)})
    assert st.scores() == [5, 5] and st.winners() == [1]
    assert "chamber" in st.summary()


def test_scoring_tie_break_then_most_mushroom_points():
    # 2 points each: two mushrooms against one nut
    st = finished({0: [(3, 0)], 1: [(6, 6), (6, 0)]})
    assert st.scores() == [2, 2] and st.winners() == [1]
    assert "mushroom" in st.summary()


def test_scoring_tie_break_then_nuts_else_the_win_is_shared():
    # equal total, chambers and mushrooms means equal nuts too: the win is shared
    st = finished({0: [(3, 0), (6, 6)], 1: [(1, 8), (6, 0)], 2: []}, players=3)
    assert st.scores() == [3, 3, 0] and st.winners() == [0, 1]
    assert "share" in st.summary()


# ------------------------------------------------------------------------------------------
# GAME VARIANT
# ------------------------------------------------------------------------------------------
def test_variant_first_cross_in_any_chamber():
    st = position(first_cross="any")
    roll(st, 3)
    chambers = {SHEET_A.cell_chamber[next(iter(s))] for s in sets(st)}
    assert len(chambers) == 8        # every chamber (the smallest has 3 cells)
    st = position(first_cross="any")
    roll(st, 2)
    assert len({SHEET_A.cell_chamber[next(iter(s))] for s in sets(st)}) == 8
    # after the first cross the usual rules apply
    cross(st, [(9, 0), (10, 0)])
    assert st.view(0)["first_cross"] == "any"


def test_variant_is_a_setup_option():
    opts = GAMES["hamster"].options
    assert opts == [{"id": "first_cross", "label": "First cross",
                     "choices": [{"id": "start", "label": "In the start chamber"},
                                 {"id": "any", "label": "In any chamber"}],
                     "default": "start"},
                    {"id": "timer", "label": "Timer",
                     "choices": [{"id": "full", "label": "Full timer (6 boxes)"},
                                 {"id": "short", "label": "Short timer (3 boxes)"}],
                     "default": "full"}]
    st = new_game("hamster", 2, seed=1, options={"first_cross": "any"})
    st.apply(st.legal_actions()[0])
    if st.roll <= 4:
        cells = {tuple(c) for a in st.legal_actions() for c in a["cells"]}
        assert not cells <= DEN_A


# ------------------------------------------------------------------------------------------
# RULINGS.md (hamster)
# ------------------------------------------------------------------------------------------
def test_ruling_components_eight_chambers_four_nuts_seven_slots():
    for sheet in (SHEET_A, SHEET_B):
        assert len(sheet.chambers) == 8 and len(sheet.nuts) == 4
        assert sheet.one_row == 7 and sheet.nut_points == [2, 4, 8, 16]
        assert 4 <= len(sheet.mushrooms) <= 6
        assert sheet.timer >= 3


def test_ruling_bigger_chambers_score_more():
    for sheet in (SHEET_A, SHEET_B):
        for a in sheet.chambers:
            assert 3 <= len(a.cells) <= 12
            assert abs(a.points - (len(a.cells) - 1)) <= 1
            for b in sheet.chambers:
                if len(a.cells) > len(b.cells):
                    assert a.points > b.points, (a.id, b.id)


def test_ruling_grid_of_about_9_to_11_cells():
    for sheet in (SHEET_A, SHEET_B):
        cols, rows = sheet.size
        assert 9 <= cols <= 13 and 9 <= rows <= 11


def test_ruling_side_a_tidy_side_b_crooked():
    def rectangular(c):
        xs = [x for x, _ in c.cells]
        ys = [y for _, y in c.cells]
        return (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1) == len(c.cells)
    assert sum(rectangular(c) for c in SHEET_A.chambers) >= 7
    assert sum(not rectangular(c) for c in SHEET_B.chambers) >= 6


def test_ruling_one_touching_cross_is_enough():
    st = position(side="B", crosses={0: [(4, 3)]})
    roll(st, 3)
    # (4,4) touches (4,3); (5,4) and (6,4) do not, but the set is connected through (4,4)
    assert frozenset({(4, 4), (5, 4), (6, 4)}) in sets(st)


def test_ruling_the_far_side_cell_of_an_open_tunnel_is_an_entry():
    st = position(side="B", crosses={0: [(4, 4), (5, 4), (6, 4)]})
    roll(st, 2)
    hub_sets = {s for s in sets(st) if s <= HUB_B}
    assert hub_sets == {frozenset({(6, 2), (7, 2)})}


def test_ruling_any_started_chamber_may_be_continued_later():
    st = position(crosses={0: [(5, 5), (6, 5), (7, 5), (6, 3)]})
    roll(st, 2)
    assert frozenset({(6, 2), (7, 2)}) in sets(st)         # the cubby
    assert frozenset({(5, 6), (6, 6)}) in sets(st)         # the den


def test_ruling_adjacency_through_a_chamber_wall_does_not_count(tmp_path):
    data = yaml.safe_load(resource_path("data", "hamster", "side_a.yaml").read_text("utf-8"))
    # move the cubby right next to the den: (8,5) (8,6) (9,6) share a wall with (7,5) (7,6)
    cub = next(c for c in data["chambers"] if c["id"] == "cubby")
    cub["cells"] = [[8, 5], [8, 6], [9, 6]]
    for t in data["tunnels"]:
        for k in (0, 2):
            if t[k] == "cubby":
                t[k + 1] = [9, 6]
            if t[k] == "den" and t[2 - k] == "cubby":
                t[k + 1] = [7, 6]
    path = tmp_path / "side_a.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    sheet = load_sheet(path)
    st = position(crosses={0: [(6, 5), (7, 5)]}, sheet=sheet)
    roll(st, 1)
    singles = {next(iter(s)) for s in sets(st, size=1)}
    assert (8, 5) not in singles and (7, 6) in singles
    st = position(crosses={0: [(6, 5), (7, 5), (7, 6)]}, sheet=sheet)
    roll(st, 1)
    singles = {next(iter(s)) for s in sets(st, size=1)}
    assert (9, 6) in singles and (8, 5) not in singles and (8, 6) not in singles


def test_ruling_rolls_of_2_to_6_exactly_that_many_else_pass():
    st = position(side="B", crosses={0: sorted(DEN_B | HUB_B)})
    # the den and the hub are full; the burrow (via (3,2)) has 7 cells, the crook (via (11,2))
    # 12, the fork (via (10,7)) 9
    for v, expect in ((6, True), (2, True)):
        st2 = st.clone()
        roll(st2, v)
        assert bool(sets(st2)) is expect
    st = position(side="B", crosses={0: sorted(DEN_B - {(4, 3), (6, 4), (8, 7)})})
    roll(st, 3)   # 3 free den cells apart, all three tunnels shut: nothing fits
    assert [a["type"] for a in st.legal_actions()] == ["pass"]


def test_ruling_a_1_spends_one_slot_per_cross_none_left_nothing():
    st = position(crosses={0: [(5, 5)]}, one_used={0: 6})
    roll(st, 1)
    cross(st, [(6, 5)])
    finish_turn(st)
    assert st.one_used[0] == 7
    roll(st, 1)
    st.apply(st.legal_actions()[0])             # seat 1 rolled and decides first
    assert st.current_player == 0
    assert [a["type"] for a in st.legal_actions()] == ["pass"]


def test_ruling_the_start_chamber_is_the_first_of_the_four():
    # den (1st) + pantry (2nd); the nook is the 3rd: no timer yet
    st = position(crosses={0: [(5, 5), (5, 6), (1, 5), (0, 5)]})
    roll(st, 2)
    cross(st, [(0, 6), (1, 6)])
    finish_turn(st)
    assert st.chambers_started(0) == 3 and not st.timer_active
    # den + pantry + cubby: the nook is the 4th
    st = position(crosses={0: three_chambers()})
    roll(st, 2)
    cross(st, [(0, 6), (1, 6)])
    finish_turn(st)
    assert st.chambers_started(0) == 4 and st.timer_active


def test_ruling_the_last_roll_is_still_played():
    st = position(crosses={0: [(5, 5)], 1: [(5, 5)]})
    st.timer_active = True
    st.timer_crossed = SHEET_A.timer - 1
    roll(st, 5)
    cross(st, [(6, 5), (7, 5), (5, 6), (6, 6), (7, 6)])
    events = cross(st, [(6, 5), (7, 5), (5, 6), (6, 6), (7, 6)])
    assert st.is_over() and "end" in types(events)
    assert st.scores() == [6, 6] and st.winners() == [0, 1]


def test_ruling_solo_timer_circles_first_then_crosses():
    st = position(players=1, crosses={0: [(5, 5)]})
    v = st.view(0)["timer"]
    assert v["active"] and v["pass"] == 1 and v["circled"] == 0
    L = SHEET_A.timer
    for k in range(1, L + 1):
        events = roll(st, 5)
        assert events[1]["type"] == "timer" and events[1]["circled"] is True
        assert st.timer_circled == k and st.timer_crossed == 0
        events = st.apply(st.legal_actions()[0])
    assert "timer_on" in types(events) and st.timer_pass == 2   # first pass complete
    for k in range(1, L + 1):
        events = roll(st, 4)
        assert events[1]["circled"] is False and st.timer_crossed == k
        events = st.apply(st.legal_actions()[0])
    assert st.is_over() and types(events)[-1] == "end"
    assert "scored" in st.summary() and st.winners() == [0]


def test_ruling_solo_second_pass_starts_after_the_fourth_chamber():
    st = position(players=1, crosses={0: three_chambers()})
    roll(st, 4)                                   # circles box 1
    events = cross(st, [(0, 6), (1, 6), (0, 7), (1, 7)])   # 4th chamber
    assert "timer_on" in types(events) and st.timer_pass == 2 and st.timer_circled == 1
    events = roll(st, 6)
    assert events[1]["circled"] is False and st.timer_crossed == 1


def test_ruling_solo_a_roll_below_4_does_nothing_to_the_timer():
    st = position(players=1, crosses={0: [(5, 5)]})
    events = roll(st, 3)
    assert "timer" not in types(events) and st.timer_circled == 0


# ------------------------------------------------------------------------------------------
# the shared spec (HAMSTER.md): setup, view, events, hidden choices, saves
# ------------------------------------------------------------------------------------------
def test_spec_describe_setup():
    variants, options = HamsterState.describe_setup()
    assert variants == [{"id": "A", "label": "Side A (tidy chambers)"},
                        {"id": "B", "label": "Side B (crooked chambers)"}]
    assert options[0]["id"] == "first_cross" and options[0]["default"] == "start"


def test_spec_view_format():
    st = new_game("hamster", 2, seed=3, variant="B")
    v = st.view(1)
    assert set(v) >= {"game", "seat", "players", "names", "variant", "sheet", "current_player",
                      "step", "turn", "roller", "roll", "sheets", "timer", "first_cross",
                      "winners"}
    assert v["game"] == "hamster" and v["seat"] == 1 and v["step"] == "roll" and v["roll"] is None
    assert set(v["sheet"]) >= {"size", "chambers", "tunnels", "mushrooms", "nuts", "one_row",
                               "timer", "nut_points"}
    assert set(v["sheet"]["chambers"][0]) == {"id", "name", "points", "start", "cells"}
    assert v["sheet"]["tunnels"][0] == ["den", [4, 3], "burrow", [3, 2]]
    assert set(v["sheets"][0]) >= {"crosses", "one_row_used", "decided", "breakdown"}
    assert set(v["timer"]) == {"active", "crossed", "length", "pass", "circled"}
    assert v["timer"]["pass"] is None and v["timer"]["length"] == SHEET_B.timer
    json.dumps(v)


def test_spec_cross_actions_list_cells_sorted_by_row_then_column():
    st = position()
    roll(st, 4)
    for a in st.legal_actions():
        assert set(a) == {"type", "cells", "text"}
        assert a["cells"] == sorted(a["cells"], key=lambda c: (c[1], c[0]))


def test_spec_pass_is_the_only_action_when_nothing_fits():
    st = position(crosses={0: [(5, 5)]}, one_used={0: 7})
    roll(st, 1)
    assert [dict(a, text="") for a in st.legal_actions()] == [{"type": "pass", "text": ""}]


def test_spec_events_for_the_screen():
    st = position(crosses={0: sorted(DEN_A - {(7, 6)})})
    events = roll(st, 1)
    assert events[0]["type"] == "roll" and events[0]["value"] == 1 and events[0]["chance"]
    events = cross(st, [(7, 6)])
    assert events[0]["type"] == "cross" and events[0]["seat"] == 0
    assert events[0]["cells"] == [[7, 6]] and events[0]["chamber"] == "den"
    assert events[1] == {"type": "chamber_full", "seat": 0, "chamber": "den", "points": 5,
                         "text": events[1]["text"], "simultaneous": True, "private_to": 0}
    events = st.apply(st.legal_actions()[0])
    assert events[0]["type"] == "cross" and events[0]["seat"] == 1


def test_spec_choices_stay_hidden_from_other_seats_until_the_turn_ends():
    st = position(players=3, crosses={0: [(5, 5)], 1: [(5, 5)], 2: [(5, 5)]})
    roll(st, 1)
    cross(st, [(6, 5), (7, 5)])                 # seat 0, spending 2 slots
    for seat in (1, 2, None):
        other = st.view(seat)["sheets"][0]
        assert other["decided"] is True
        assert other["crosses"] == [[5, 5]] and other["one_row_used"] == 0
        assert other["breakdown"]["total"] == 0
    own = st.view(0)["sheets"][0]
    assert own["crosses"] == [[5, 5], [6, 5], [7, 5]] and own["one_row_used"] == 2
    assert own["this_roll"] == [[6, 5], [7, 5]]
    assert st.view(1)["sheets"][2]["decided"] is False
    assert st.scores()[0] == 0
    cross(st, [(5, 6)])
    cross(st, [(6, 5)])                         # the turn ends: everything is revealed
    assert st.view(2)["sheets"][0]["crosses"] == [[5, 5], [6, 5], [7, 5]]
    assert st.view(2)["sheets"][0]["one_row_used"] == 2
    assert st.view(2)["sheets"][0]["decided"] is False


def test_spec_from_view_keeps_the_view_and_the_legal_actions():
    st = position(players=3, crosses={0: three_chambers(), 1: [(5, 5)], 2: [(5, 5)]})
    roll(st, 2)
    cross(st, [(0, 6), (1, 6)])
    for seat in range(3):
        view = json.loads(json.dumps(st.view(seat)))
        twin = state_from_view("hamster", view, seed=9)
        assert twin.view(seat) == view
    view = st.view(1)
    twin = state_from_view("hamster", view, seed=9)
    assert [a.key() for a in twin.legal_actions()] == [a.key() for a in st.legal_actions()]


def test_spec_save_and_load_mid_turn_keeps_hidden_choices():
    st = position(players=2, crosses={0: [(5, 5)], 1: [(5, 5)]})
    roll(st, 1)
    cross(st, [(6, 5)])
    copy = load_state(json.loads(json.dumps(st.to_dict())))
    assert copy.view(0) == st.view(0) and copy.view(1) == st.view(1)
    assert copy.pending == st.pending and copy.pending_one == [1, 0]


def test_spec_damaged_saves_are_refused():
    st = new_game("hamster", 2, seed=3)
    st.apply(st.legal_actions()[0])
    good = json.loads(json.dumps(st.to_dict()))

    def bad(change):
        d = json.loads(json.dumps(good))
        change(d["state"])
        with pytest.raises(LoadError):
            load_state(d)

    bad(lambda s: s["crosses"][0].append([3, 3]))            # a cross on rock
    bad(lambda s: s.update(step="dance"))
    bad(lambda s: s.update(one_used=[9, 0]))
    bad(lambda s: s.update(timer_crossed=99))
    bad(lambda s: s.update(deciding=5))
    bad(lambda s: s.update(this_roll=[[[4, 3]], None]))      # a cross of this roll not on the sheet
    d = json.loads(json.dumps(good))
    d["variant"] = "C"
    with pytest.raises(LoadError):
        load_state(d)


def test_spec_clone_is_independent():
    st = position(crosses={0: [(5, 5)]})
    roll(st, 2)
    copy = st.clone()
    cross(copy, [(6, 5), (7, 5)])
    assert st.marks[0] != copy.marks[0] and st.current_player == 0


# ------------------------------------------------------------------------------------------
# designed: game length, random games end, speed
# ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_designed_a_2_player_game_lasts_15_to_25_rolls(side, policy):
    rolls = []
    for seed in range(60):
        st = play(new_game("hamster", 2, seed=seed, variant=side), policy, random.Random(seed))
        rolls.append(st.turn + 1)
    assert 15 <= statistics.median(rolls) <= 25, sorted(rolls)


def test_designed_greedy_play_outscores_random_play():
    for side in "AB":
        means = {}
        for policy in ("random", "greedy"):
            scores = []
            for seed in range(30):
                st = play(new_game("hamster", 1, seed=seed, variant=side), policy,
                          random.Random(seed))
                scores += st.scores()
            means[policy] = statistics.mean(scores)
        assert means["greedy"] > means["random"] + 8, means


@pytest.mark.parametrize("players", [1, 2, 6])
def test_designed_uniformly_random_games_end(players):
    for seed in range(20):
        for side in "AB":
            st = new_game("hamster", players, seed=seed, variant=side)
            rng = random.Random(seed)
            n = 0
            while not st.is_over():
                st.apply(rng.choice(st.legal_actions()))
                n += 1
                assert n < 2000
            assert st.winners()


def test_designed_rules_are_fast_enough_for_playouts():
    rng = random.Random(0)
    actions = games = 0
    st = None
    start = time.process_time()   # CPU time: a busy machine does not fail it
    while time.process_time() - start < 0.5:
        if st is None or st.is_over():
            st = new_game("hamster", 1 + games % 6, seed=games)
            games += 1
        st.apply(rng.choice(st.legal_actions()))
        actions += 1
    rate = actions / (time.process_time() - start)
    assert rate > 5000   # measured ~55,000/s; the margin allows for a busy test machine


# ------------------------------------------------------------------------------------------
# why a cell cannot be chosen: explain_refusal / explain_pass (from what the seat's view shows)
# ------------------------------------------------------------------------------------------
def _start_id(st):
    return next(c.id for c in st.sheet.chambers if c.start)


def test_refusal_first_cross_goes_in_the_start_chamber():
    st = position()
    roll(st, 2)
    seat = st.current_player
    cell = sorted(CUBBY_A)[0]
    assert explain_refusal(st.view(seat), seat, cell) == ("first_cross", {"chamber": _start_id(st)})


def test_refusal_crossed_cell_and_earth():
    st = position(crosses={0: sorted(DEN_A)[:2]})
    roll(st, 2)
    view = st.view(0)
    assert explain_refusal(view, 0, sorted(DEN_A)[0]) == ("crossed", {})
    inside = {tuple(c) for ch in view["sheet"]["chambers"] for c in ch["cells"]}
    earth = next((x, y) for y in range(9) for x in range(11) if (x, y) not in inside)
    assert explain_refusal(view, 0, earth) == ("earth", {})


def test_refusal_too_small_counts_the_free_cells_joined_to_the_cell():
    den = sorted(DEN_A, key=lambda p: (p[1], p[0]))
    st = position(crosses={0: den[:5]})
    roll(st, 3)
    assert explain_refusal(st.view(0), 0, den[5]) == ("too_small", {"count": 1, "roll": 3})


def test_refusal_with_a_selection_one_chamber_and_exactly_the_roll():
    den = sorted(DEN_A, key=lambda p: (p[1], p[0]))
    st = position()
    roll(st, 2)
    view = st.view(0)
    assert explain_refusal(view, 0, sorted(CUBBY_A)[0], [den[0]]) == ("one_chamber", {})
    assert explain_refusal(view, 0, den[2], den[:2]) == ("exactly", {"count": 2})
    assert explain_refusal(view, 0, den[5], den[:1]) == ("joined", {})


def test_refusal_a_one_with_the_one_row_full_or_nearly_full():
    den = sorted(DEN_A, key=lambda p: (p[1], p[0]))
    used = SHEET_A.one_row - 1
    st = position(one_used={0: used})
    roll(st, 1)
    view = st.view(0)
    assert explain_refusal(view, 0, den[1], den[:1]) == ("one_row_left", {"count": 1})
    full = position(one_used={0: SHEET_A.one_row})
    roll(full, 1)
    assert explain_pass(full.view(0), 0) == ("one_row_full", {})
    st3 = position()
    roll(st3, 5)
    assert explain_pass(st3.view(0), 0) == ("no_fit", {"roll": 5})
