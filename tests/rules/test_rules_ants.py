"""Ants & Grasshopper rules: one test per rule sentence of seed 001 and per ants ruling
(RULINGS.md), plus the shared design (views, saves) and the data design.

Test names start with the part of the rulebook they check: setup_, ant_, hopper_, reveal_,
pantry_, roundend_, end_, score_, variant_ (Autumn), winter_, beetle_, then ruling_ for
RULINGS.md, spec_ for the shared design (views, secrets, saves) and designed_ for our data.

Positions are built by hand with ``arrange`` (a 4x4 layout of kind letters T tablecloth, I tiles,
S stone, W wood; optional insects per cell) and chains with ``place``.
"""
from __future__ import annotations

import json
import random
import time

import pytest

from game.rules import GAMES, IllegalAction, load_state, new_game, state_from_view
from game.rules.ants import AntsState, default_data

D = default_data()
LET = {"T": "tablecloth", "I": "tiles", "S": "stone", "W": "wood"}
KI = {k: i for i, k in enumerate(D.kinds)}


# ------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------
def game(variant="autumn", players=2, seed=1, **options) -> AntsState:
    return new_game("ants", players=players, seed=seed, variant=variant, options=options)


def card(kind: str, insect=None, exclude=()) -> int:
    return next(c for c in D.card_ids if D.card_kind[c] == KI[kind]
                and D.card_insect[c] == insect and c not in exclude)


def arrange(state, rows, insects=None):
    """Put chosen cards into the grid (taken from grid + deck); the rest form the deck."""
    insects = insects or {}
    pool = [c for c in state.grid if c is not None] + state.deck
    used: set = set()
    grid = []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            ins = insects.get((x, y))
            c = next(c for c in pool if c not in used and D.card_kind[c] == KI[LET[ch]]
                     and D.card_insect[c] == ins)
            used.add(c)
            grid.append(c)
    state.grid = grid
    state.deck = [c for c in pool if c not in used]
    state._legal = None
    return state


def at(state, x, y) -> int:
    return state.grid[x + 4 * y]


def do(state, type_, **fields):
    return state.apply({"type": type_, **fields})


def place(state, cells):
    for x, y in cells:
        do(state, "place", cell=[x, y])


def legal(state, type_=None):
    return [a for a in state.legal_actions() if type_ is None or a["type"] == type_]


def legal_cells(state):
    return sorted(tuple(a["cell"]) for a in legal(state, "place"))


ROWS = ["TTTT", "IIII", "SSSS", "WWWW"]
# a chain over two kinds: ants on (0,0) (1,0) (2,0) tablecloth and (2,1) (1,1) (0,1) tiles
CHAIN = [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (2, 1)]


def round_to_guess(state, cells=CHAIN, kind="tablecloth", reds=None):
    place(state, cells)
    do(state, "choose", kind=kind)
    for k in reds or []:
        do(state, "red_choose", kind=k)
    assert state.step == "guess"


def canon(d) -> str:
    return json.dumps(d, sort_keys=True, allow_nan=False)


# ------------------------------------------------------------------------------------------
# setup
# ------------------------------------------------------------------------------------------
def test_setup_48_round_path_cards_in_4_kinds():
    assert len(D.card_ids) == 48 and len(D.kinds) == 4
    s = game()
    assert sorted(s.deck + s.grid) == sorted(D.card_ids)


def test_setup_path_cards_are_shuffled_into_a_face_down_deck():
    a, b = game(seed=1), game(seed=2)
    assert a.deck != b.deck
    v = a.view(0)
    assert v["deck_count"] == 32 and "deck" not in v


def test_setup_16_cards_face_up_in_a_4x4_grid():
    s = game()
    assert len(s.grid) == 16 and None not in s.grid
    assert s.view(1)["grid"] == s.grid


def test_setup_two_modes_autumn_is_the_simpler_default():
    assert new_game("ants", players=2, seed=0).variant == "autumn"
    assert [v["id"] for v in GAMES["ants"].variants] == ["autumn", "winter", "beetle"]


def test_setup_youngest_is_the_ant_left_neighbour_the_grasshopper():
    for n in (2, 3, 4):
        s = game(players=n)
        assert (s.ant, s.hopper, s.current_player, s.step) == (0, 1, 0, "place")


def test_setup_autumn_each_player_has_5_cubes_and_an_empty_pantry():
    s = game(players=4)
    assert D.scoring["cubes"] == 5
    assert s.shelves == [[-1] * 4 for _ in range(4)]


# ------------------------------------------------------------------------------------------
# 1. the ant's turn
# ------------------------------------------------------------------------------------------
def test_ant_places_its_6_figures_one_by_one():
    s = arrange(game(), ROWS)
    for n, cell in enumerate(CHAIN, 1):
        assert s.step == "place" and s.current_player == s.ant
        do(s, "place", cell=list(cell))
        assert len(s.chain) == n
    assert s.step == "choose"


def test_ant_only_one_figure_per_card():
    s = arrange(game(), ROWS)
    place(s, [(0, 0), (1, 0)])
    assert (0, 0) not in legal_cells(s) and (1, 0) not in legal_cells(s)
    with pytest.raises(IllegalAction):
        do(s, "place", cell=[0, 0])


def test_ant_each_figure_orthogonally_next_to_another():
    s = arrange(game(), ROWS)
    place(s, [(1, 1)])
    assert legal_cells(s) == [(0, 1), (1, 0), (1, 2), (2, 1)]
    with pytest.raises(IllegalAction):
        do(s, "place", cell=[2, 2])        # diagonal


def test_ant_the_chain_has_no_branches():
    s = arrange(game(), ROWS)
    place(s, [(0, 1), (1, 1), (2, 1)])
    # (1, 0) and (1, 2) touch the middle ant only: a branch
    assert legal_cells(s) == [(0, 0), (0, 2), (2, 0), (2, 2), (3, 1)]
    with pytest.raises(IllegalAction):
        do(s, "place", cell=[1, 0])


def test_ruling_a_card_next_to_both_ends_offers_both_ends():
    # issue 15: closing a 2x2 ring used to join the tail end silently, so the order the same
    # four cards were laid in decided the next cells; now the player picks the end
    s = arrange(game(), ROWS)
    place(s, [(0, 0), (1, 0), (1, 1)])
    ring = [a for a in legal(s, "place") if a["cell"] == [0, 1]]
    assert sorted(a["end"] for a in ring) == ["head", "tail"]
    assert all("end" not in a for a in legal(s, "place") if a["cell"] != [0, 1])
    tail, head = s.clone(), s.clone()
    ev = do(tail, "place", cell=[0, 1], end="tail")
    assert ev[0]["end"] == "tail" and "ring" in ev[0]["text"]
    assert legal_cells(tail) == [(0, 2)]              # the ends are (0, 0) and (0, 1)
    do(head, "place", cell=[0, 1], end="head")
    assert legal_cells(head) == [(0, 2), (1, 2), (2, 1)]   # the ends are (0, 1) and (1, 1)


def test_ruling_the_first_ant_goes_anywhere_or_on_an_edge_card_as_an_option():
    assert len(legal_cells(game())) == 16
    edge = legal_cells(game(first_ant="edge"))
    assert len(edge) == 12 and (1, 1) not in edge


def test_ruling_all_6_ants_can_always_be_placed():
    # exhaustive: no chain of fewer than 6 ants on a 4x4 grid is stuck
    def rec(s, depth):
        if s.step != "place":
            return 1
        acts = legal(s, "place")
        assert acts, f"stuck chain {s.chain}"
        total = 0
        for a in acts:
            t = s.clone()
            t.apply(a)
            total += rec(t, depth + 1)
        return total
    s = arrange(game(), ROWS)
    place(s, [(0, 0)])
    assert rec(s, 1) > 0
    s = arrange(game(), ROWS)
    place(s, [(1, 1)])
    assert rec(s, 1) > 0


def test_ant_then_secretly_chooses_a_kind():
    s = arrange(game(), ROWS)
    place(s, CHAIN)
    ev = do(s, "choose", kind="tiles")
    assert "tiles" not in canon(ev)
    assert s.view(1)["choice"] is None and s.view(1)["choice_made"]
    assert s.view(0)["choice"] == "tiles"


def test_ant_disc_must_show_a_kind_with_at_least_one_ant():
    s = arrange(game(), ROWS)
    place(s, CHAIN)
    assert sorted(a["kind"] for a in legal(s, "choose")) == ["tablecloth", "tiles"]
    with pytest.raises(IllegalAction):
        do(s, "choose", kind="wood")


# ------------------------------------------------------------------------------------------
# 2. the grasshopper's turn
# ------------------------------------------------------------------------------------------
def test_hopper_guesses_by_standing_on_a_card_with_an_ant():
    s = arrange(game(), ROWS)
    round_to_guess(s)
    assert s.current_player == s.hopper
    assert sorted(tuple(a["cell"]) for a in legal(s, "guess")) == sorted(CHAIN)
    with pytest.raises(IllegalAction):
        do(s, "guess", cell=[0, 3])


# ------------------------------------------------------------------------------------------
# 3. reveal and collect
# ------------------------------------------------------------------------------------------
def test_reveal_the_ant_shows_its_disc():
    s = arrange(game(), ROWS)
    round_to_guess(s)
    ev = do(s, "guess", cell=[3, 1])
    rev = next(e for e in ev if e["type"] == "reveal")
    assert rev["kind"] == "tablecloth" and rev["reveal"] is True and rev["chance"] is True


def test_reveal_grasshopper_right_takes_every_card_of_the_kind_under_an_ant():
    s = arrange(game(), ROWS)
    cards = [at(s, x, 0) for x in range(4)]
    round_to_guess(s)
    do(s, "guess", cell=[1, 0])
    assert s.shelves[1][KI["tablecloth"]] == 3          # 4 cards, cube stops at the top
    assert s.shelves[0] == [-1] * 4
    assert all(c in s.box for c in cards)


def test_reveal_grasshopper_wrong_the_ant_takes_them():
    s = arrange(game(), ROWS)
    round_to_guess(s)
    do(s, "guess", cell=[2, 1])
    assert s.shelves[0][KI["tablecloth"]] == 3 and s.shelves[1] == [-1] * 4


def test_reveal_example_three_cards_taken():
    s = arrange(game(), ROWS)
    round_to_guess(s, cells=[(0, 0), (1, 0), (2, 0), (2, 1), (3, 1), (3, 2)], kind="tablecloth")
    do(s, "guess", cell=[3, 2])                          # wrong: stone
    assert s.shelves[0][KI["tablecloth"]] == 2           # three cards: space 3


def test_pantry_one_step_right_per_card_first_card_on_the_leftmost_space():
    s = arrange(game(), ROWS)
    round_to_guess(s, cells=[(0, 0), (0, 1), (1, 1), (2, 1), (3, 1), (3, 2)], kind="tablecloth")
    do(s, "guess", cell=[1, 1])
    assert s.shelves[0][KI["tablecloth"]] == 0           # one card: the leftmost space


def test_pantry_each_shelf_belongs_to_another_kind():
    s = arrange(game(), ROWS)
    round_to_guess(s, kind="tiles")
    do(s, "guess", cell=[0, 0])
    assert s.shelves[0][KI["tiles"]] == 1 and s.shelves[0][KI["tablecloth"]] == -1


def test_pantry_a_cube_stops_on_the_last_space_extra_cards_do_nothing():
    s = arrange(game(), ROWS)
    s.shelves[0][KI["tablecloth"]] = 2
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    assert s.shelves[0][KI["tablecloth"]] == 3


def test_pantry_collected_cards_go_back_to_the_box_except_insect_cards():
    s = arrange(game(), ROWS, insects={(1, 0): "ladybug"})
    bug, plain = at(s, 1, 0), at(s, 0, 0)
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    assert plain in s.box and bug not in s.box and s.insects[0] == [bug]


def test_pantry_insect_cards_lie_face_down_the_owner_may_look():
    s = arrange(game(), ROWS, insects={(1, 0): "ladybug"})
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    assert s.view(0)["seats"][0]["insects"] == s.insects[0]
    other = s.view(1)["seats"][0]
    assert other["insects"] is None and other["insect_count"] == 1
    assert other["insect_points"] is None


def test_variant_autumn_insect_cards_face_up():
    s = arrange(game(insects="open"), ROWS, insects={(1, 0): "ladybug"})
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    assert s.view(1)["seats"][0]["insects"] == s.insects[0]


# ------------------------------------------------------------------------------------------
# 4. round end
# ------------------------------------------------------------------------------------------
def test_roundend_new_cards_fill_the_empty_spaces():
    s = arrange(game(), ROWS)
    deck = len(s.deck)
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    assert None not in s.grid and len(s.deck) == deck - 4


def test_roundend_ant_that_collected_passes_to_its_left_neighbour():
    s = arrange(game(players=3), ROWS)
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])                 # wrong: the ant collects
    assert s.ant == 1 and s.hopper == 2 and s.current_player == 1 and s.step == "place"


def test_roundend_ant_that_collected_nothing_stays_the_ant():
    s = arrange(game(players=4), ROWS)
    round_to_guess(s)
    do(s, "guess", cell=[0, 0])                 # right: the grasshopper collects
    assert s.ant == 0 and s.hopper == 2


def test_roundend_grasshopper_passes_left_whatever_happened():
    for cell, ant in (([0, 0], 0), ([3, 1], 1)):
        s = arrange(game(players=4), ROWS)
        round_to_guess(s)
        do(s, "guess", cell=cell)
        assert s.hopper == 2 and s.ant == ant


def test_roundend_no_one_is_ant_and_grasshopper_the_role_skips_to_the_ants_left():
    s = arrange(game(players=3), ROWS)
    s.ant, s.hopper, s.current_player = 0, 2, 0
    round_to_guess(s)
    do(s, "guess", cell=[0, 0])                 # right: the ant stays; 2+1 = 0 is the ant
    assert s.ant == 0 and s.hopper == 1


def test_roundend_two_players_ant_keeps_its_role_so_does_the_grasshopper():
    s = arrange(game(players=2), ROWS)
    round_to_guess(s)
    do(s, "guess", cell=[0, 0])
    assert (s.ant, s.hopper) == (0, 1)
    arrange(s, ROWS)
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    assert (s.ant, s.hopper) == (1, 0)


# ------------------------------------------------------------------------------------------
# end and scoring (Autumn)
# ------------------------------------------------------------------------------------------
def test_end_two_cubes_on_a_fourth_space():
    s = arrange(game(), ROWS)
    s.shelves[0][KI["wood"]] = 3
    round_to_guess(s)
    ev = do(s, "guess", cell=[3, 1])
    assert s.is_over() and any(e["type"] == "game_over" for e in ev)
    assert s.winners() == [0]


def test_ruling_end_one_cube_on_top_is_not_enough():
    s = arrange(game(), ROWS)
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    assert not s.is_over()


def test_end_not_enough_cards_to_refill_the_grid():
    s = arrange(game(), ROWS)
    s.deck = s.deck[:3]
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])          # 4 empty spaces, 3 cards
    assert s.is_over()


def test_ruling_end_no_partial_refill_but_an_exact_refill_goes_on():
    s = arrange(game(), ROWS)
    s.deck = s.deck[:4]
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    assert not s.is_over() and None not in s.grid and s.deck == []


def test_score_each_cube_is_worth_1_3_6_or_10():
    s = game()
    assert D.scoring["shelf_values"] == [1, 3, 6, 10]
    s.shelves[0] = [0, 1, 2, 3]
    assert s.scores()[0] == 20


def test_score_worked_example_10_0_1_10_3_is_24():
    s = game()
    s.shelves[0] = [3, -1, 0, 3]
    s.insects[0] = [card("tablecloth", "ladybug"), card("tiles", "ladybug")]
    assert s.shelf_points(0) == 21 and s.insect_points(0) == 3
    assert s.scores()[0] == 24


def test_ruling_insect_sets_score_1_3_6_10_per_insect_kind():
    s = game()
    bees = [c for c in D.card_ids if D.card_insect[c] == "bee"]
    for n, pts in ((1, 1), (2, 3), (3, 6)):
        s.insects[0] = bees[:n]
        assert s.insect_points(0) == pts
    s.insects[0] = bees[:2] + [card("tiles", "ladybug")]
    assert s.insect_points(0) == 4


def test_ruling_insect_scoring_linear_option():
    s = game(insect_scoring="linear")
    s.insects[0] = [card("tablecloth", "ladybug"), card("tiles", "ladybug")]
    assert s.insect_points(0) == 2


def test_score_insect_cards_are_revealed_at_the_end():
    s = arrange(game(), ROWS, insects={(1, 0): "ladybug"})
    s.shelves[0][KI["wood"]] = 3
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    assert s.is_over() and s.view(1)["seats"][0]["insects"] == s.insects[0]


def test_score_most_points_wins():
    s = arrange(game(), ROWS)
    s.shelves[1] = [3, 3, 3, -1]
    s.deck = []
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    assert s.winners() == [1] and "Player 2" in s.summary()


def test_score_tie_most_insect_cards_then_shared():
    s = arrange(game(insect_scoring="linear"), ROWS)
    s.deck = []
    s.shelves[0] = [-1, 1, -1, -1]          # 3 (+ 10 for the tablecloth collected below)
    s.shelves[1] = [3, 0, -1, -1]           # 11
    s.insects[1] = [card("wood", "bee")]    # 12 and 1 insect card
    s.insects[0] = []
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])             # player 1: 13 + 0 insects -> 13
    assert s.scores() == [13, 12]
    s2 = arrange(game(insect_scoring="linear"), ROWS)
    s2.deck = []
    s2.shelves[1] = [3, 1, -1, -1]          # 13, no insects
    s2.insects[0] = [card("wood", "bee")]
    s2.shelves[0] = [-1, -1, -1, -1]
    round_to_guess(s2)
    do(s2, "guess", cell=[3, 1])            # player 1: 10 + 1 = 11
    assert s2.scores() == [11, 13] and s2.winners() == [1]
    s3 = arrange(game(), ROWS)
    s3.deck = []
    s3.shelves[1] = [3, -1, -1, -1]
    s3.insects[1] = [card("wood", "bee")]
    s3.insects[0] = [card("wood", "beetle")]
    round_to_guess(s3)
    do(s3, "guess", cell=[3, 1])            # 11 each, 1 insect each: shared
    assert s3.scores() == [11, 11] and s3.winners() == [0, 1]


def test_score_tie_broken_by_most_insect_cards():
    s = arrange(game(insect_scoring="linear"), ROWS)
    s.deck = []
    s.shelves[1] = [3, -1, -1, -1]                                   # 10
    s.insects[1] = [card("wood", "bee"), card("wood", "beetle")]     # + 2 = 12, 2 cards
    s.shelves[0] = [-1, 0, -1, -1]                                   # 1
    s.insects[0] = [card("tiles", "ladybug")]                        # + 1; +10 below = 12
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    assert s.scores() == [12, 12] and s.winners() == [1]


# ------------------------------------------------------------------------------------------
# Winter
# ------------------------------------------------------------------------------------------
def test_winter_each_player_starts_with_one_face_up_card():
    s = game("winter", players=3)
    assert all(len(st) == 1 for st in s.store)
    assert s.view(2)["seats"][0]["store"] == s.store[0]
    assert s.shelves == [[-1] * 4] * 3


def test_winter_three_random_supply_cards_face_up():
    s = game("winter")
    assert len(s.display) == 3 and None not in s.display
    assert any(game("winter", seed=k).display != s.display for k in (5, 6))


def test_winter_player_count_removes_supply_cards():
    for n, total in ((2, 6), (3, 10), (4, 14)):
        s = game("winter", players=n)
        used = s.display + s.supply_deck
        assert len(used) == total
        marks = {D.designs[x.rsplit("-", 1)[0]]["mark"] for x in used}
        assert marks == {2: {"2+"}, 3: {"2+", "3+"}, 4: {"2+", "3+", "4"}}[n]


def test_winter_other_players_are_red_ants_with_3_or_4_players():
    assert game("winter", players=2).reds == []
    assert game("winter", players=3).reds == [2]
    assert game("winter", players=4).reds == [2, 3]
    assert game("autumn", players=4).reds == []


def test_winter_red_ants_choose_secretly_at_the_same_time_as_the_ant():
    s = arrange(game("winter", players=4), ROWS)
    place(s, CHAIN)
    do(s, "choose", kind="tablecloth")
    assert s.step == "red_choose" and s.current_player == 2
    do(s, "red_choose", kind="stone")
    assert s.current_player == 3
    assert s.view(3)["seats"][2]["red"] is None and s.view(3)["seats"][2]["red_made"]
    assert s.view(2)["seats"][2]["red"] == "stone"
    do(s, "red_choose", kind="wood")
    assert s.step == "guess" and s.current_player == 1
    assert s.view(1)["seats"][2]["red"] is None and s.view(1)["choice"] is None


def test_ruling_red_ants_may_name_any_kind():
    s = arrange(game("winter", players=3), ROWS)
    place(s, CHAIN)
    do(s, "choose", kind="tiles")
    assert sorted(a["kind"] for a in legal(s)) == sorted(D.kinds)


def test_winter_two_players_the_ant_turn_is_as_in_autumn():
    s = arrange(game("winter", players=2), ROWS)
    round_to_guess(s)
    assert s.current_player == 1


def test_winter_red_ants_reveal_with_the_ant():
    s = arrange(game("winter", players=3), ROWS)
    round_to_guess(s, reds=["stone"])
    ev = do(s, "guess", cell=[0, 0])
    rev = next(e for e in ev if e["type"] == "reveal")
    assert rev["reds"] == {"2": "stone"}
    assert s.view(0)["seats"][2]["red"] in (None, "stone")   # a new round may have begun


def test_winter_right_red_ants_draw_a_card_when_the_grasshopper_failed():
    s = arrange(game("winter", players=4), ROWS)
    round_to_guess(s, reds=["tablecloth", "stone"])
    do(s, "guess", cell=[3, 1])                  # wrong
    assert len(s.store[2]) == 2 and len(s.store[3]) == 1


def test_winter_red_ants_draw_nothing_when_the_grasshopper_was_right():
    s = arrange(game("winter", players=4), ROWS)
    round_to_guess(s, reds=["tablecloth", "stone"])
    do(s, "guess", cell=[0, 0])
    assert len(s.store[2]) == 1


def test_winter_collected_cards_lie_face_up_as_the_players_supply():
    s = arrange(game("winter"), ROWS)
    cards = [at(s, x, 0) for x in range(4)]
    round_to_guess(s)
    do(s, "guess", cell=[0, 0])
    assert all(c in s.store[1] for c in cards)
    assert all(c in s.view(0)["seats"][1]["store"] for c in cards)


def test_winter_ant_collecting_an_insect_takes_it_or_another_grid_card_with_that_insect():
    s = arrange(game("winter"), ROWS, insects={(1, 0): "ladybug", (2, 2): "ladybug"})
    bug, other = at(s, 1, 0), at(s, 2, 2)
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    assert s.step == "take" and s.current_player == 0
    assert sorted(a["card"] for a in legal(s)) == sorted([bug, other])
    do(s, "take", card=other)                # no ant on (2, 2): allowed
    assert other in s.store[0] and bug not in s.store[0]


def test_ruling_winter_the_card_not_taken_stays_in_the_grid():
    s = arrange(game("winter"), ROWS, insects={(1, 0): "ladybug", (2, 2): "ladybug"})
    bug = at(s, 1, 0)
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    do(s, "take", card=at(s, 2, 2))
    while s.step == "buy":
        do(s, "skip_buy")
    assert at(s, 1, 0) == bug


def test_winter_only_the_ant_swaps_insects():
    s = arrange(game("winter"), ROWS, insects={(1, 0): "ladybug", (2, 2): "ladybug"})
    bug = at(s, 1, 0)
    round_to_guess(s)
    do(s, "guess", cell=[0, 0])             # the grasshopper collects
    assert s.step != "take" and bug in s.store[1]


def test_winter_cards_without_insects_are_collected_as_in_autumn():
    s = arrange(game("winter"), ROWS, insects={(1, 0): "ladybug", (2, 2): "ladybug"})
    plain = at(s, 0, 0)
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    assert plain in s.store[0]


def buy_position(variant="winter", players=2, store=(), display=("honey-1", "seeds-1",
                                                                  "berries-1")):
    """The ant (seat 0) collected tablecloth cards and may buy; ``store`` lists extra kinds."""
    s = arrange(game(variant, players=players), ROWS)
    if variant == "beetle":
        s.owner = {a: None for a in s.in_play}
    s.display = list(display)
    s.supply_deck = [x for x in D.supply_ids(players) if x not in s.display]
    s.store[0] = []
    taken = set(s.grid)
    for k in store:
        c = next(c for c in s.deck if D.card_kind[c] == KI[k] and c not in taken)
        taken.add(c)
        s.deck.remove(c)
        s.store[0].append(c)
    return s


def test_winter_only_the_collector_may_buy_not_the_red_ants():
    s = buy_position(players=3, store=["tiles", "stone", "wood"])
    s.store[2] = [c for c in s.deck[:10]]
    s.deck = s.deck[10:]
    round_to_guess(s, reds=["tablecloth"])
    do(s, "guess", cell=[3, 1])
    assert s.step == "buy" and s.current_player == 0
    do(s, "skip_buy")
    assert s.step == "place" and s.supplies[2] == []


def test_winter_buy_exactly_one_supply_card_paying_its_price():
    s = buy_position(store=["tiles", "stone", "wood"])
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])       # 4 tablecloth collected
    honey = [a for a in legal(s, "buy") if a["card"] == "honey-1"]
    assert len(honey) == 4            # tiles+stone+wood, or 3 tablecloth for one of them
    pays = [sorted(D.kinds[D.card_kind[c]] for c in a["pay"]) for a in honey]
    assert ["stone", "tiles", "wood"] in pays
    do(s, "buy", card="honey-1", pay=next(a["pay"] for a in honey
                                          if len(a["pay"]) == 3))
    assert s.supplies[0] == ["honey-1"] and s.step == "place"


def test_spec_payments_are_listed_canonically_other_ids_are_refused():
    s = buy_position(store=["tiles", "stone", "wood"])
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    a = next(a for a in legal(s, "buy") if a["card"] == "honey-1" and len(a["pay"]) == 4 + 1)
    tcloth = [c for c in s.store[0] if D.card_kind[c] == KI["tablecloth"]]
    assert all(c in a["pay"] for c in sorted(tcloth)[:3])
    other = [c for c in a["pay"] if c not in tcloth] + sorted(tcloth)[1:]
    with pytest.raises(IllegalAction):
        do(s, "buy", card="honey-1", pay=other)


def test_ruling_winter_buying_is_optional():
    s = buy_position(store=["tiles", "stone", "wood"])
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    do(s, "skip_buy")
    assert s.supplies[0] == [] and s.step == "place"


def test_winter_paid_cards_form_a_face_up_discard_pile():
    s = buy_position(store=["tiles", "stone", "wood"])
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    a = next(a for a in legal(s, "buy") if a["card"] == "honey-1" and len(a["pay"]) == 3)
    do(s, "buy", card="honey-1", pay=a["pay"])
    assert sorted(s.discard) == sorted(a["pay"])
    assert s.view(1)["discard"] == s.discard


def test_winter_the_discard_pile_is_shuffled_into_a_new_deck_when_the_deck_runs_out():
    s = arrange(game("winter"), ROWS)
    s.discard = s.deck[4:]
    s.deck = s.deck[:2]
    round_to_guess(s)
    ev = do(s, "guess", cell=[0, 0])
    while s.step == "buy":
        ev += do(s, "skip_buy")
    assert any(e["type"] == "reshuffle" and e["chance"] for e in ev)
    assert None not in s.grid and s.discard == []


def test_winter_three_identical_cards_replace_any_one_needed_card():
    s = buy_position(store=["tiles", "stone"])
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])              # 4 tablecloth: 3 of them stand in for the wood
    honey = [a for a in legal(s, "buy") if a["card"] == "honey-1"]
    assert [sorted(D.kinds[D.card_kind[c]] for c in a["pay"]) for a in honey] == \
        [["stone", "tablecloth", "tablecloth", "tablecloth", "tiles"]]


def test_ruling_winter_three_identical_means_three_of_the_same_kind():
    s = buy_position(store=["tiles", "stone", "tablecloth", "tablecloth", "tiles"])
    s.display = ["honey-1", None, None]          # tiles + stone + wood; no wood in the store
    assert s._buy_options(0) == []               # T T I are three cards, but not identical
    s.store[0].append(card("tablecloth", None, exclude=set(s.grid) | set(s.store[0])))
    (sid, pay), = s._buy_options(0)
    assert sorted(D.kinds[D.card_kind[c]] for c in pay) == \
        ["stone", "tablecloth", "tablecloth", "tablecloth", "tiles"]


def test_winter_the_bought_card_lies_face_up_and_is_worth_1_point():
    s = game("winter")
    s.supplies[0] = ["honey-1"]
    assert s.vp(0) == 1 and s.scores()[0] == 1
    assert s.view(1)["seats"][0]["supplies"] == ["honey-1"]


def test_winter_two_identical_supply_cards_are_worth_3():
    s = game("winter")
    s.supplies[0] = ["honey-1", "honey-2"]
    assert s.vp(0) == 3
    s.supplies[0] = ["honey-1", "seeds-1"]
    assert s.vp(0) == 2


def test_winter_paid_exactly_no_draw_while_cards_are_left():
    s = buy_position(store=["tiles", "stone", "wood"])
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])             # 4 tablecloth collected
    a = next(a for a in legal(s, "buy") if a["card"] == "honey-1" and len(a["pay"]) == 3)
    ev = do(s, "buy", card="honey-1", pay=a["pay"])
    assert len(s.store[0]) == 4 and not any(e["type"] == "draw" for e in ev)


def test_winter_paid_exactly_draw_after_spending_every_card():
    s = buy_position(store=["tiles", "stone"])
    wood = card("wood", None, exclude=set(s.grid) | set(s.store[0]))
    s.store[0].append(wood)
    s.deck = [c for c in s.deck if c not in s.store[0]]
    s.display = ["honey-1", "crumbs-1", "seeds-1"]
    round_to_guess(s, cells=[(0, 0), (0, 1), (1, 1), (2, 1), (3, 1), (3, 2)], kind="tablecloth")
    do(s, "guess", cell=[3, 2])             # the ant collects 1 tablecloth: T I S W in store
    a = next(a for a in legal(s, "buy") if a["card"] == "crumbs-1")
    ev = do(s, "buy", card="crumbs-1", pay=a["pay"])
    draw = [e for e in ev if e["type"] == "draw"]
    assert draw and "paid exactly" in draw[0]["text"] and len(s.store[0]) == 1


def test_winter_round_end_refills_grid_and_supply_display():
    s = buy_position(store=["tiles", "stone", "wood"])
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    a = next(a for a in legal(s, "buy") if a["card"] == "honey-1")
    do(s, "buy", card="honey-1", pay=a["pay"])
    assert None not in s.display and "honey-1" not in s.display and None not in s.grid
    assert s.view(1)["supply_deck_count"] == 2


def test_winter_a_collector_who_cannot_pay_is_not_asked():
    s = buy_position(store=[])
    round_to_guess(s, cells=[(0, 0), (0, 1), (1, 1), (2, 1), (3, 1), (3, 2)])
    ev = do(s, "guess", cell=[3, 2])          # 1 tablecloth card buys nothing
    assert any(e["type"] == "no_buy" for e in ev) and s.step == "place"


def test_winter_roles_pass_as_in_autumn_everyone_else_is_a_red_ant():
    s = arrange(game("winter", players=4), ROWS)
    round_to_guess(s, reds=["stone", "wood"])
    do(s, "guess", cell=[3, 1])
    while s.step in ("buy", "take"):
        do(s, "skip_buy")
    assert (s.ant, s.hopper, s.reds) == (1, 2, [0, 3])


def test_winter_first_to_4_points_wins_at_once():
    s = buy_position(store=["tiles", "stone", "wood"])
    s.supplies[0] = ["honey-2", "seeds-1"]       # 3 + 1 for the honey pot = 4 with the pair
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    a = next(a for a in legal(s, "buy") if a["card"] == "honey-1")
    ev = do(s, "buy", card="honey-1", pay=a["pay"])
    assert s.is_over() and s.winners() == [0] and ev[-1]["type"] == "game_over"
    assert s.vp(0) == 4


def test_ruling_winter_cards_exhausted_most_points_wins_tie_most_path_cards():
    s = arrange(game("winter"), ROWS)
    s.deck, s.discard = s.deck[:1], []
    s.supplies[1] = ["honey-1"]
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    while s.step == "buy":
        do(s, "skip_buy")
    assert s.is_over() and s.winners() == [1]
    t = arrange(game("winter"), ROWS)
    t.deck, t.discard = t.deck[:1], []
    round_to_guess(t)
    do(t, "guess", cell=[3, 1])              # the ant has 5 path cards, the grasshopper 1
    while t.step == "buy":
        do(t, "skip_buy")
    assert t.is_over() and t.winners() == [0]


# ------------------------------------------------------------------------------------------
# Long live the beetle!
# ------------------------------------------------------------------------------------------
def test_beetle_four_of_the_six_ability_cards_face_up_in_the_centre():
    s = game("beetle")
    assert len(s.in_play) == 4 and all(s.owner[a] is None for a in s.in_play)
    assert s.view(1)["abilities"] == {a: None for a in s.in_play}
    assert {tuple(game("beetle", seed=k).in_play) for k in range(8)} != {tuple(s.in_play)}


def beetle_round(insects, in_play=None, players=2):
    s = arrange(game("beetle", players=players), ROWS, insects=insects)
    s.in_play = sorted(in_play or list(D.abilities)[:4])
    s.owner = {a: None for a in s.in_play}
    return s


def test_beetle_the_ant_may_discard_a_collected_insect_card_for_its_ability():
    s = beetle_round({(1, 0): "ladybug"}, in_play=["bargain", "treasure", "spyglass", "stash"])
    bug = at(s, 1, 0)
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    assert s.step == "ability"
    assert [a["card"] for a in legal(s, "take_ability")] == [bug]
    do(s, "take_ability", card=bug)
    assert s.owner["bargain"] == 0 and bug in s.discard and bug not in s.store[0]


def test_beetle_only_the_ant_takes_abilities():
    s = beetle_round({(1, 0): "ladybug"}, in_play=["bargain", "treasure", "spyglass", "stash"])
    round_to_guess(s)
    do(s, "guess", cell=[0, 0])             # the grasshopper collects the ladybug
    assert s.step != "ability" and s.owner["bargain"] is None


def test_ruling_beetle_nothing_happens_if_that_ability_is_not_in_play():
    s = beetle_round({(1, 0): "ladybug"}, in_play=["treasure", "spyglass", "stash", "exchange"])
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    assert s.step != "ability"


def test_beetle_only_one_ability_per_round():
    s = beetle_round({(1, 0): "ladybug", (2, 0): "bee"},
                     in_play=["bargain", "treasure", "spyglass", "stash"])
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    assert len(legal(s, "take_ability")) == 2
    do(s, "take_ability", card=s.round_insects[0])
    assert s.step != "ability"


def test_ruling_beetle_ability_is_taken_after_the_insect_swaps():
    s = beetle_round({(1, 0): "ladybug", (2, 2): "ladybug"},
                     in_play=["bargain", "treasure", "spyglass", "stash"])
    other = at(s, 2, 2)
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    assert s.step == "take"
    do(s, "take", card=other)
    assert s.step == "ability" and [a["card"] for a in legal(s, "take_ability")] == [other]


def test_beetle_the_ant_may_steal_an_ability_from_another_player():
    s = beetle_round({(1, 0): "ladybug"}, in_play=["bargain", "treasure", "spyglass", "stash"])
    s.owner["bargain"] = 1
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    ev = do(s, "take_ability", card=s.round_insects[0])
    assert s.owner["bargain"] == 0 and "Player 2" in ev[0]["text"]


def test_beetle_two_for_one_two_identical_cards_replace_one():
    s = buy_position("beetle", store=["tiles", "stone"])
    s.in_play = sorted(set(s.in_play) | {"bargain"})
    s.owner["bargain"] = 0
    assert s.owns(0, "two_for_one")
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    honey = [a for a in legal(s, "buy") if a["card"] == "honey-1"]
    # tiles + stone + 2 tablecloth for the wood, or 2 + 2 tablecloth for two of the three
    assert sorted(len(a["pay"]) for a in honey) == [4, 5, 5]


def test_beetle_bonus_point_while_held():
    s = game("beetle")
    s.in_play = sorted(set(s.in_play) | {"treasure"})
    s.owner = {a: None for a in s.in_play}
    s.owner["treasure"] = 1
    assert s.vp(1) == 1 and s.vp(0) == 0
    s.owner["treasure"] = 0
    assert s.vp(1) == 0 and s.vp(0) == 1


def test_beetle_peek_the_grasshopper_sees_one_random_unused_disc():
    s = beetle_round({}, in_play=["spyglass", "treasure", "stash", "exchange"])
    s.owner["spyglass"] = 1
    place(s, CHAIN)
    ev = do(s, "choose", kind="tablecloth")
    assert any(e["type"] == "peek" for e in ev) and "stone" not in canon(ev)
    peek = s.view(1)["peek"]
    assert peek in D.kinds and peek != "tablecloth"
    assert s.view(0)["peek"] is None


def test_beetle_consolation_draw_when_collecting_nothing():
    s = beetle_round({}, in_play=["consolation", "treasure", "stash", "exchange"])
    s.owner["consolation"] = 1
    round_to_guess(s)
    ev = do(s, "guess", cell=[3, 1])       # the ant collects; the grasshopper got nothing
    while s.step == "buy":
        ev += do(s, "skip_buy")
    assert len(s.store[1]) == 2 and any("consolation" in e["text"] for e in ev)


def test_beetle_consolation_nothing_for_the_collector():
    s = beetle_round({}, in_play=["consolation", "treasure", "stash", "exchange"])
    s.owner["consolation"] = 0
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    while s.step == "buy":
        do(s, "skip_buy")
    assert len(s.store[0]) == 5


def test_beetle_hidden_card_drawn_face_down_on_taking_the_ability():
    s = beetle_round({(2, 1): "beetle"},
                     in_play=["stash", "treasure", "spyglass", "exchange"])
    round_to_guess(s, kind="tiles")
    do(s, "guess", cell=[0, 0])            # wrong: the ant collects tiles incl. the beetle
    assert s.step == "ability"
    do(s, "take_ability", card=s.round_insects[0])
    assert s.hidden[0] is not None
    assert s.view(0)["seats"][0]["hidden"] == s.hidden[0]
    assert s.view(1)["seats"][0]["hidden"] is None and s.view(1)["seats"][0]["has_hidden"]


def test_beetle_hidden_card_pays_and_is_replaced_and_is_discarded_when_stolen():
    s = buy_position("beetle", store=["tiles", "stone"])
    s.in_play = sorted(set(s.in_play) | {"stash"})
    s.owner["stash"] = 0
    wood = card("wood", None, exclude=set(s.grid) | set(s.store[0]))
    s.deck.remove(wood)
    s.hidden[0] = wood
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    a = next(a for a in legal(s, "buy") if a["card"] == "honey-1" and wood in a["pay"])
    do(s, "buy", card="honey-1", pay=a["pay"])
    assert s.hidden[0] is not None and s.hidden[0] != wood and wood in s.discard
    # stolen: the old owner discards the hidden card
    t = beetle_round({(2, 1): "beetle"}, in_play=["stash", "treasure", "spyglass", "exchange"])
    t.owner["stash"] = 1
    old = t.deck.pop()
    t.hidden[1] = old
    round_to_guess(t, kind="tiles")
    do(t, "guess", cell=[0, 0])
    do(t, "take_ability", card=t.round_insects[0])
    assert t.hidden[1] is None and old in t.discard and t.hidden[0] is not None


def test_beetle_hidden_card_does_not_count_for_paid_exactly():
    s = buy_position("beetle", store=["tiles", "stone", "wood"])
    s.in_play = sorted(set(s.in_play) | {"stash"})
    s.owner["stash"] = 0
    s.hidden[0] = s.deck.pop()
    s.display = ["crumbs-1", "honey-1", "seeds-1"]
    round_to_guess(s, cells=[(0, 0), (0, 1), (1, 1), (2, 1), (3, 1), (3, 2)])
    do(s, "guess", cell=[3, 2])            # 1 tablecloth: T I S W face up + hidden
    a = next(a for a in legal(s, "buy") if a["card"] == "crumbs-1" and s.hidden[0] not in a["pay"])
    ev = do(s, "buy", card="crumbs-1", pay=a["pay"])
    assert any(e["type"] == "draw" for e in ev) and len(s.store[0]) == 1


def test_beetle_swap_a_supply_card_with_an_opponent_or_the_display_once():
    s = buy_position("beetle", store=[])
    s.in_play = sorted(set(s.in_play) | {"exchange"})
    s.owner["exchange"] = 0
    s.supplies[0] = ["honey-1"]
    s.supplies[1] = ["seeds-1"]
    s.display = ["honey-2", "berries-1", None]
    round_to_guess(s)
    do(s, "guess", cell=[3, 1])
    if s.step == "buy":
        do(s, "skip_buy")
    assert s.step == "swap"
    others = sorted(a["other"] for a in legal(s, "supply_swap"))
    assert others == ["berries-1", "seeds-1"]       # the same design is no swap
    ev = do(s, "supply_swap", mine="honey-1", other="seeds-1")
    assert s.supplies[0] == ["seeds-1"] and s.supplies[1] == ["honey-1"]
    assert s.owner["exchange"] is None and "centre" in ev[0]["text"]


def test_beetle_swap_only_after_collecting():
    s = buy_position("beetle", store=[])
    s.in_play = sorted(set(s.in_play) | {"exchange"})
    s.owner["exchange"] = 0
    s.supplies[0] = ["honey-1"]
    round_to_guess(s)
    do(s, "guess", cell=[0, 0])           # the grasshopper collects; the ant has nothing
    while s.step == "buy":
        do(s, "skip_buy")
    assert s.step == "place" and s.owner["exchange"] == 0


# ------------------------------------------------------------------------------------------
# spec: views, secrets, saves, speed
# ------------------------------------------------------------------------------------------
def moments(variant, players, seed, every=3):
    s = new_game("ants", players=players, seed=seed, variant=variant)
    rng = random.Random(seed)
    k = 0
    while not s.is_over():
        if k % every == 0:
            yield s
        s.apply(rng.choice(s.legal_actions()))
        k += 1
    yield s


@pytest.mark.parametrize("variant", ["autumn", "winter", "beetle"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_spec_every_mode_plays_to_the_end_at_random(variant, players):
    for seed in range(4):
        s = new_game("ants", players=players, seed=seed, variant=variant)
        rng = random.Random(seed)
        n = 0
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
            n += 1
            assert n < 3000
        assert s.winners() and s.summary()


@pytest.mark.parametrize("variant", ["winter", "beetle"])
def test_spec_state_from_view_shows_the_same_view_and_actions(variant):
    for players in (2, 3, 4):
        for s in moments(variant, players, seed=players, every=5):
            if s.is_over():
                continue
            for seat in range(players):
                view = json.loads(canon(s.view(seat)))
                twin = state_from_view("ants", view, seed=7)
                assert canon(twin.view(seat)) == canon(view)
                if seat == s.current_player:
                    assert [a.key() for a in twin.legal_actions()] == \
                        [a.key() for a in s.legal_actions()]


@pytest.mark.parametrize("variant", ["winter", "beetle"])
def test_spec_saves_round_trip_in_winter_modes(variant):
    for s in moments(variant, 4, seed=3, every=7):
        d = json.loads(canon(s.to_dict()))
        r = load_state(d)
        assert canon(r.to_dict()) == canon(d)
        c = s.clone()
        assert canon(c.to_dict()) == canon(d)


def test_spec_views_hide_the_deck_order_and_the_secrets():
    for s in moments("beetle", 4, seed=9, every=1):
        if s.is_over():
            break
        for seat in range(4):
            v = s.view(seat)
            assert "deck" not in v and "supply_deck" not in v
            if not v["revealed"] and seat != s.ant:
                assert v["choice"] is None
            for o in range(4):
                if o != seat and not v["revealed"]:
                    assert v["seats"][o]["red"] is None
                if o != seat:
                    assert v["seats"][o]["hidden"] is None


def test_spec_a_view_does_not_depend_on_the_ants_secret():
    s = arrange(game(), ROWS)
    place(s, CHAIN)
    a, b = s.clone(), s.clone()
    do(a, "choose", kind="tablecloth")
    do(b, "choose", kind="tiles")
    assert canon(a.view(1)) == canon(b.view(1))


def test_spec_speed_random_playouts():
    rng = random.Random(1)
    n, t0 = 0, time.process_time()   # CPU time: a busy machine does not fail it
    for seed in range(20):
        s = new_game("ants", players=3, seed=seed, variant=("autumn", "winter", "beetle")[seed % 3])
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
            n += 1
    rate = n / (time.process_time() - t0)
    assert rate > 5_000, f"{rate:.0f} actions/s"    # target 50,000 on an idle machine


# ------------------------------------------------------------------------------------------
# designed data
# ------------------------------------------------------------------------------------------
def test_designed_12_cards_per_kind_and_18_insect_cards_3_per_insect():
    kinds = [D.card_kind[c] for c in D.card_ids]
    assert all(kinds.count(k) == 12 for k in range(4))
    ins = [D.card_insect[c] for c in D.card_ids if D.card_insect[c]]
    assert len(ins) == 18 and all(ins.count(i) == 3 for i in D.insects)
    for i in D.insects:
        assert len({D.card_kind[c] for c in D.card_ids if D.card_insect[c] == i}) == 3


def test_designed_supply_prices_of_3_to_5_cards_and_6_10_14_cards_by_player_count():
    assert all(3 <= len(d["price"]) <= 5 for d in D.designs.values())
    assert [len(D.supply_ids(n)) for n in (2, 3, 4)] == [6, 10, 14]


def test_designed_each_insect_has_one_of_the_six_rulebook_effects():
    assert sorted(a["insect"] for a in D.abilities.values()) == sorted(D.insects)
    assert len({a["effect"] for a in D.abilities.values()}) == 6
