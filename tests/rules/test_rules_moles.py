"""Mole Dig rules: one test per rule sentence of seed 003 and per moles ruling (RULINGS.md).

Test names start with the part of the rulebook they check: goal_, material_, setup_, play_,
move_, layers_, last_layer_, end_, then ruling_ for RULINGS.md and designed_ for our own
rulings where both are silent.  Positions use unrotated layers (see moles_helpers.position).
"""
from __future__ import annotations

import random

import pytest

from game.rules import IllegalAction, new_game
from game.rules.moles import hex_points, load_board, ring, rotate
from tests.moles_helpers import act, force_disc, move, moves, position

BOARD = load_board()
L1_HOLES = [tuple(p) for p in BOARD.layers[0]["holes"]]
L2_BIG = [tuple(p) for p in BOARD.layers[1]["big"]]


def play_setup(st, rng=None):
    rng = rng or random.Random(0)
    while st.step == "place":
        st.apply(rng.choice(st.legal_actions()))


# ------------------------------------------------------------------------------------------
# BUT DU JEU / goal
# ------------------------------------------------------------------------------------------
def test_goal_first_mole_into_the_last_hole_wins_the_golden_shovel():
    st = position(players=3, layer=3, moles={0: [(1, 0)], 1: [(0, 2)], 2: [(-2, 2)]},
                  face_down={0: [1]})
    act(st, "turn")
    events = move(st, (1, 0), (0, 0))
    assert st.is_over() and st.winners() == [0]
    assert any(e["type"] == "win" and e["seat"] == 0 for e in events)
    assert "shovel" in st.summary()


# ------------------------------------------------------------------------------------------
# Matériel / components
# ------------------------------------------------------------------------------------------
def test_material_four_stackable_layers_and_the_shovel_under_the_last():
    assert len(BOARD.layers) == 4
    assert [tuple(p) for p in BOARD.layers[3]["holes"]] == [(0, 0)]


def test_material_ten_moles_per_colour():
    # 10 moles of each colour: no player count asks for more
    assert max(BOARD.moles_per_player.values()) == 10


def test_material_each_colour_has_discs_1_2_2_3_3_4():
    assert sorted(BOARD.discs) == [1, 2, 2, 3, 3, 4]


# ------------------------------------------------------------------------------------------
# Préparation / setup
# ------------------------------------------------------------------------------------------
def test_setup_layers_stacked_green_red_light_brown_blue_from_the_top():
    names = [layer["name"].lower() for layer in BOARD.layers]
    assert names[0] == "meadow" and "red" in names[1] and "blue" in names[3]
    greens = [int(BOARD.layers[0]["colour"][i:i + 2], 16) for i in (1, 3, 5)]
    assert greens[1] > greens[0] and greens[1] > greens[2]   # the top layer is green


def test_setup_every_layer_has_dig_holes():
    assert [len(layer["holes"]) for layer in BOARD.layers] == [13, 8, 4, 1]


def test_setup_each_layer_goes_in_in_six_rotations():
    seen = [set() for _ in range(4)]
    for seed in range(80):
        st = new_game("moles", 2, seed=seed)
        for i, r in enumerate(st.rotations):
            seen[i].add(r)
    assert all(s == set(range(6)) for s in seen)
    st = new_game("moles", 2, seed=3, options={"rotations": "chosen", "rotation_2": 1})
    assert st.rotations == [0, 1, 0, 0]
    holes = st.view(0)["layers"][1]["holes"]
    assert holes == [list(rotate(tuple(p), 1)) for p in BOARD.layers[1]["holes"]]


def test_setup_each_player_gets_six_shuffled_discs_face_down():
    st = new_game("moles", 4, seed=2)
    for d in st.view(0)["discs"]:
        assert d["face_up"] == [] and sorted(d["face_down"]) == [1, 2, 2, 3, 3, 4]


@pytest.mark.parametrize("players,count", [(2, 10), (3, 7), (4, 6)])
def test_setup_moles_per_player_count(players, count):
    st = new_game("moles", players, seed=1)
    assert st.to_place == [count] * players


# ------------------------------------------------------------------------------------------
# Déroulement / play
# ------------------------------------------------------------------------------------------
def test_play_placement_and_turns_go_clockwise():
    st = new_game("moles", 3, seed=5)
    first = st.current_player
    order = []
    for _ in range(6):
        order.append(st.current_player)
        act(st, "place")
    assert order == [(first + k) % 3 for k in range(6)]
    play_setup(st)
    seq = []
    for _ in range(4):
        seq.append(st.current_player)
        act(st, "turn")
        while st.step in ("move", "bonus", "keep"):
            if st.step == "bonus":
                act(st, "pass")
            else:
                st.apply(st.legal_actions()[0])
    assert all((b - a) % 3 == 1 for a, b in zip(seq, seq[1:]) if st.players == 3)


def test_setup_start_player_is_random_ruling():
    # RULINGS: the "biggest hand" rule is a joke; the start player is drawn at random
    starts = {new_game("moles", 4, seed=s).current_player for s in range(40)}
    assert starts == {0, 1, 2, 3}


def test_setup_only_one_mole_per_point():
    st = new_game("moles", 2, seed=4)
    a = st.legal_actions()[0]
    st.apply(a)
    assert a["at"] not in [x["at"] for x in st.legal_actions()]
    with pytest.raises(IllegalAction):
        st.apply({"type": "place", "at": a["at"]})


def test_setup_no_mole_may_start_on_a_hole():
    st = new_game("moles", 2, seed=4)
    holes = st.view(0)["layers"][0]["holes"]
    assert not [a for a in st.legal_actions() if a["at"] in holes]
    assert len(st.legal_actions()) == 61 - 13


def test_setup_players_place_one_mole_at_a_time_until_all_are_placed():
    st = new_game("moles", 4, seed=9)
    n = 0
    while st.step == "place":
        before = sum(st.to_place)
        act(st, "place")
        assert sum(st.to_place) == before - 1
        n += 1
    assert n == 24 and st.step == "turn"
    assert st.current_player == st.start_player


def test_play_goal_only_moles_in_holes_stay_in_play_on_the_next_layer():
    # the lift keeps exactly the moles in holes (see also test_layers_lift_...)
    holes2 = [tuple(p) for p in BOARD.layers[1]["holes"]]
    st = position(players=2, layer=1, moles={0: holes2[:7] + [(3, 0)], 1: [(2, 1), (-3, 3)]},
                  current=0, face_down={0: [1]})
    # fill the last hole (holes2[7] = (-2, 2)) from (-3, 3)? that is seat 1's mole; use seat 0's
    st = position(players=2, layer=1, moles={0: holes2[:7] + [(-3, 2)], 1: [(2, 1), (-3, 3)]},
                  current=0, face_down={0: [1]})
    act(st, "turn")
    move(st, (-3, 2), (-2, 2))
    assert st.layer == 2
    assert st.moles_left(0) == 8 and st.moles_left(1) == 0


def test_play_turn_over_a_disc_and_move_one_mole_exactly_that_far():
    st = position(moles={0: [(0, -4)], 1: [(4, -4)]}, face_down={0: [3]})
    act(st, "turn")
    assert st.pending == [3]
    assert moves(st) == {((0, -4), (3, -4)), ((0, -4), (0, -1)), ((0, -4), (-3, -1))}


def test_play_the_turned_disc_lies_face_up_beside_its_owner():
    st = position(moles={0: [(0, -4)], 1: [(4, -4)]}, face_down={0: [1, 2, 3]})
    act(st, "turn")
    v = st.view(1)["discs"][0]
    assert len(v["face_up"]) == 1 and len(v["face_down"]) == 2


def test_play_next_turn_uses_one_of_the_remaining_discs():
    st = position(moles={0: [(0, 0)], 1: [(4, -4)]}, current=0)
    turned = []
    while len(turned) < 6:
        seat = st.current_player
        act(st, "turn")
        if seat == 0:
            turned.append(st.pending[0])
            if len(turned) < 6:
                assert len(st.face_down[0]) == 6 - len(turned)
        st.apply(st.legal_actions()[0])
    assert sorted(turned) == [1, 2, 2, 3, 3, 4]   # drawn without replacement


def test_play_after_all_six_discs_are_turned_they_are_shuffled_face_down_again():
    st = position(moles={0: [(0, -4)], 1: [(4, -4)]})
    st.face_down[0], st.face_up[0] = [2], [1, 2, 3, 3, 4]
    st._legal = None
    act(st, "turn")
    events = move(st, (0, -4), (2, -4))
    assert any(e["type"] == "reshuffle" for e in events)
    assert sorted(st.face_down[0]) == [1, 2, 2, 3, 3, 4] and st.face_up[0] == []


def test_play_a_new_layer_does_not_touch_the_discs():
    holes2 = [tuple(p) for p in BOARD.layers[1]["holes"]]
    st = position(players=2, layer=1, moles={0: holes2[:7] + [(-3, 2)], 1: [(2, 1)]},
                  current=0)
    st.face_down[0], st.face_up[0] = [1, 1], [2, 3, 3, 4]
    st._legal = None
    act(st, "turn")
    move(st, (-3, 2), (-2, 2))
    assert st.layer == 2
    assert st.face_down[0] == [1] and sorted(st.face_up[0]) == [1, 2, 3, 3, 4]


# ------------------------------------------------------------------------------------------
# Déplacement / moving
# ------------------------------------------------------------------------------------------
def test_move_each_player_moves_only_their_own_moles():
    st = position(moles={0: [(0, -4)], 1: [(0, 0)]}, face_down={0: [1]})
    act(st, "turn")
    assert all(f == (0, -4) for f, _ in moves(st))
    with pytest.raises(IllegalAction):
        st.apply({"type": "move", "frm": [0, 0], "to": [1, 0]})


def test_move_always_in_a_straight_line():
    st = position(moles={0: [(0, 0)], 1: [(4, -4)]}, face_down={0: [2]})
    act(st, "turn")
    dests = {t for _, t in moves(st)}
    assert dests == {(2, 0), (2, -2), (0, -2), (-2, 0), (-2, 2), (0, 2)}
    with pytest.raises(IllegalAction):
        st.apply({"type": "move", "frm": [0, 0], "to": [1, 1]})   # two points but bent


def test_move_holes_and_big_spaces_count_as_ordinary_points_to_pass_over():
    # layer 2 (red clay): from (3,-3) two points along (-1,+1)... use a line through a hole
    st = position(layer=1, moles={0: [(3, 0)], 1: [(-3, 3)]}, face_down={0: [2]})
    act(st, "turn")
    # (3,0) -> (1,0) passes (2,0), a hole, and ends in the hole (1,0)
    assert ((3, 0), (1, 0)) in moves(st)
    st2 = position(layer=1, moles={0: [(3, -3)], 1: [(-3, 3)]}, face_down={0: [2]})
    act(st2, "turn")
    # (3,-3) -> (3,-1) passes the big space? (3,-2) is plain, (3,-1) is big: ends on it
    assert ((3, -3), (3, -1)) in moves(st2)
    st3 = position(layer=1, moles={0: [(3, -3)], 1: [(-3, 3)]}, face_down={0: [3]})
    act(st3, "turn")
    assert ((3, -3), (3, 0)) in moves(st3)   # over the big space (3,-1)


def test_move_must_end_on_an_empty_point():
    st = position(moles={0: [(0, -4), (0, 0)], 1: [(4, -4)]}, face_down={0: [4]})
    act(st, "turn")
    assert ((0, -4), (0, 0)) not in moves(st)


def test_move_no_jumping_over_a_mole_of_either_colour():
    for blocker_seat in (0, 1):
        ms = {0: [(0, -4)], 1: [(4, -4)]}
        ms[blocker_seat] = ms[blocker_seat] + [(0, -2)]
        st = position(moles=ms, face_down={0: [3]})
        act(st, "turn")
        assert ((0, -4), (0, -1)) not in moves(st)


def test_move_is_compulsory_even_out_of_a_hole():
    hole = L1_HOLES[0]   # (1, 1)
    st = position(moles={0: [hole, (-4, 0)], 1: [(4, -4)]}, face_down={0: [4]})
    # (-4,0) with a 4: (0,0) along +q is free -> also legal; block it to force the hole mole
    st = position(moles={0: [hole, (-4, 4)], 1: [(4, -4), (-3, 4), (-3, 3), (-4, 3)]},
                  face_down={0: [1]})
    act(st, "turn")
    assert moves(st) and all(f == hole for f, _ in moves(st))
    assert not [a for a in st.legal_actions() if a["type"] != "move"]   # no pass


def test_move_player_with_every_mole_in_a_hole_waits_until_the_layer_is_lifted():
    st = position(players=3, moles={0: [L1_HOLES[0], L1_HOLES[1]], 1: [(4, -4)], 2: [(-4, 4)]},
                  current=2, face_down={2: [1]})
    act(st, "turn")
    events = move(st, (-4, 4), (-3, 4))
    assert any(e["type"] == "skip" and e["seat"] == 0 for e in events)
    assert st.current_player == 1


# ------------------------------------------------------------------------------------------
# Les plateaux / layers
# ------------------------------------------------------------------------------------------
def test_layers_big_spaces_on_every_layer_except_the_first():
    assert BOARD.layers[0]["big"] == []
    assert all(2 <= len(layer["big"]) <= 3 for layer in BOARD.layers[1:])


def test_layers_big_space_lets_the_player_turn_another_disc_and_move_a_mole():
    st = position(layer=1, moles={0: [(3, -3), (-3, 0)], 1: [(-3, 3)]}, face_down={0: [2, 1]})
    st.face_down[0] = [2]
    act(st, "turn")
    move(st, (3, -3), (3, -1))       # lands on a big space
    assert st.step == "bonus" and st.current_player == 0
    st.face_down[0] = [1]
    act(st, "bonus")
    assert st.step == "move"
    # any of the player's moles may take the bonus move
    assert {f for f, _ in moves(st)} == {(3, -1), (-3, 0)}


def test_layers_bonus_is_optional():
    st = position(layer=1, moles={0: [(3, -3)], 1: [(-3, 3)]}, face_down={0: [2]})
    act(st, "turn")
    move(st, (3, -3), (3, -1))
    act(st, "pass")
    assert st.current_player == 1


def test_layers_bonus_move_may_not_end_on_another_big_space():
    # big spaces of red clay: (3,-1), (-1,3), (-2,-1)
    st = position(layer=1, moles={0: [(3, -3), (-2, 1)], 1: [(-3, 3)]}, face_down={0: [2]})
    act(st, "turn")
    move(st, (3, -3), (3, -1))
    force_disc(st, 0, 2)
    act(st, "bonus")
    assert ((-2, 1), (-2, -1)) not in moves(st)   # would end on the big space (-2,-1)
    st2 = position(layer=1, moles={0: [(-2, 1)], 1: [(-3, 3)]}, face_down={0: [2]})
    act(st2, "turn")
    assert ((-2, 1), (-2, -1)) in moves(st2)       # an ordinary move may


def test_layers_when_every_hole_is_filled_the_layer_is_lifted_with_the_moles_not_in_holes():
    holes3 = [tuple(p) for p in BOARD.layers[2]["holes"]]
    st = position(players=2, layer=2, moles={0: holes3[:3] + [(2, -1)], 1: [(0, 2), (1, 0)]},
                  current=0, face_down={0: [1]})
    # (2,-1) -> (1,... ) ; the missing hole is holes3[3] = (-1,-1); put a mole next to it
    st = position(players=2, layer=2, moles={0: holes3[:3] + [(-1, 0)], 1: [(0, 2), (2, 0)]},
                  current=0, face_down={0: [1]})
    act(st, "turn")
    events = move(st, (-1, 0), (-1, -1))
    lift = next(e for e in events if e["type"] == "lift")
    assert st.layer == 3 and len(lift["survivors"]) == 4 and len(lift["removed"]) == 2


def test_layers_each_player_goes_on_with_the_moles_left_on_the_same_points():
    holes3 = [tuple(p) for p in BOARD.layers[2]["holes"]]
    st = position(players=2, layer=2, moles={0: holes3[:2] + [(-1, 0)], 1: [holes3[2], (2, 0)]},
                  current=0, face_down={0: [1]})
    act(st, "turn")
    move(st, (-1, 0), (-1, -1))
    assert st.layer == 3
    at = sorted(tuple(m["at"]) for m in st.moles if m["at"] is not None)
    assert at == sorted(holes3)


def test_layers_a_player_with_no_mole_left_is_out():
    holes3 = [tuple(p) for p in BOARD.layers[2]["holes"]]
    st = position(players=3, layer=2, moles={0: holes3[:2] + [(-1, 0)], 1: [holes3[2]],
                                             2: [(2, 0)]}, current=0, face_down={0: [1]})
    act(st, "turn")
    events = move(st, (-1, 0), (-1, -1))
    assert any(e["type"] == "eliminated" and e["seat"] == 2 for e in events)
    assert not st.is_over()
    # seat 2 never gets a turn again
    for _ in range(30):
        if st.is_over():
            break
        assert st.current_player != 2
        st.apply(st.legal_actions()[0])


# ------------------------------------------------------------------------------------------
# Le dernier plateau / the last layer
# ------------------------------------------------------------------------------------------
def test_last_layer_three_or_four_players_use_the_dotted_lines_and_the_lines_through_the_hole():
    st = position(players=3, layer=3, moles={0: [(1, 1)], 1: [(2, 0)], 2: [(0, -2)]},
                  face_down={0: [2]})
    act(st, "turn")
    assert moves(st) == {((1, 1), (-1, -1))}     # along the dotted line, over the empty centre
    st = position(players=3, layer=3, moles={0: [(2, 0)], 1: [(1, 1)], 2: [(0, -2)]},
                  face_down={0: [1]})
    act(st, "turn")
    assert moves(st) == {((2, 0), (1, 0))}        # along a solid line only (no ring moves)


def test_last_layer_two_players_use_only_the_three_lines_through_the_hole():
    st = position(players=2, layer=3, moles={0: [(1, 1)], 1: [(2, 0)]}, face_down={0: [2]})
    act(st, "turn")
    assert moves(st) == set()                       # the dotted line is closed to 2 players
    st = position(players=2, layer=3, moles={0: [(1, 1), (2, 0)], 1: [(0, -2)]},
                  face_down={0: [2]})
    act(st, "turn")
    assert moves(st) == {((2, 0), (0, 0))}


def test_last_layer_two_players_may_use_a_dotted_line_only_to_jump_into_the_hole():
    st = position(players=2, layer=3, moles={0: [(1, 1)], 1: [(2, 0)]}, face_down={0: [1]})
    act(st, "turn")
    assert moves(st) == {((1, 1), (0, 0))}
    move(st, (1, 1), (0, 0))
    assert st.winners() == [0]


# ------------------------------------------------------------------------------------------
# Fin du jeu / end
# ------------------------------------------------------------------------------------------
def test_end_the_first_into_the_golden_shovel_hole_wins_and_play_stops():
    st = position(players=2, layer=3, moles={0: [(0, -2)], 1: [(2, 0)]}, face_down={0: [2]})
    act(st, "turn")
    move(st, (0, -2), (0, 0))
    assert st.is_over() and st.current_player is None and st.legal_actions() == []
    with pytest.raises(IllegalAction):
        st.apply({"type": "turn"})


# ------------------------------------------------------------------------------------------
# RULINGS.md (moles)
# ------------------------------------------------------------------------------------------
def test_ruling_geometry_layers_of_61_37_19_19_points():
    assert [len(hex_points(layer["radius"])) for layer in BOARD.layers] == [61, 37, 19, 19]


def test_ruling_last_layer_every_point_on_exactly_one_of_six_lines_through_the_centre():
    lines = BOARD.layers[3]["lines"]
    assert len(lines) == 6
    assert sorted(ln["style"] for ln in lines) == ["dotted"] * 3 + ["solid"] * 3
    for p in hex_points(2):
        on = [ln for ln in lines if p in ln["points"]]
        assert len(on) == (6 if p == (0, 0) else 1), p


def test_ruling_stacking_every_hole_over_a_point_and_never_over_a_hole_in_every_rotation():
    for i in range(3):
        upper, lower = BOARD.layers[i], BOARD.layers[i + 1]
        lower_pts = set(hex_points(lower["radius"]))
        for h in upper["holes"]:
            for a in range(6):
                assert rotate(h, a) in lower_pts
                for b in range(6):
                    assert all(rotate(h2, b) != rotate(h, a) for h2 in lower["holes"])


def test_ruling_no_hole_at_the_centre_above_the_last_layer():
    assert all((0, 0) not in [tuple(p) for p in layer["holes"]] for layer in BOARD.layers[:3])


def test_ruling_big_spaces_two_or_three_on_layers_two_to_four():
    assert [len(layer["big"]) for layer in BOARD.layers] in ([0, 3, 2, 2],) or all(
        2 <= len(layer["big"]) <= 3 for layer in BOARD.layers[1:])


def test_ruling_rotations_random_at_setup_or_chosen_by_the_players():
    assert new_game("moles", 2, seed=1).options["rotations"] == "random"
    st = new_game("moles", 2, seed=1, options={"rotations": "chosen", "rotation_1": 5,
                                                "rotation_4": 2})
    assert st.rotations == [5, 0, 0, 2]


def test_ruling_players_know_which_disc_values_remain():
    st = position(moles={0: [(0, -4)], 1: [(4, -4)]}, face_down={0: [1, 4, 3]})
    act(st, "turn")
    v = st.view(1)["discs"][0]
    assert sorted(v["face_down"] + v["face_up"]) == [1, 3, 4]


def test_ruling_no_legal_move_the_disc_is_spent_and_the_turn_lost():
    # seat 0's only mole is boxed in: every move of 1 is blocked
    st = position(moles={0: [(4, -4)], 1: [(3, -4), (3, -3), (4, -3)]}, face_down={0: [1, 1]})
    events = act(st, "turn")
    assert any(e["type"] == "no_move" for e in events)
    assert st.current_player == 1 and st.face_up[0] == [1]


def test_ruling_the_layer_is_lifted_at_once_and_the_next_player_continues():
    holes3 = [tuple(p) for p in BOARD.layers[2]["holes"]]
    st = position(players=3, layer=2, moles={0: holes3[:2] + [(-1, 0)], 1: [holes3[2], (0, 2)],
                                             2: [(2, 0)]}, current=0, face_down={0: [1]})
    act(st, "turn")
    move(st, (-1, 0), (-1, -1))
    assert st.layer == 3 and st.current_player == 1


def test_ruling_if_only_one_player_has_moles_left_that_player_wins():
    holes3 = [tuple(p) for p in BOARD.layers[2]["holes"]]
    st = position(players=2, layer=2, moles={0: holes3[:3] + [(-1, 0)], 1: [(2, 0)]},
                  current=0, face_down={0: [1]})
    act(st, "turn")
    move(st, (-1, 0), (-1, -1))
    assert st.is_over() and st.winners() == [0]
    assert "only player" in st.summary()


def test_ruling_big_space_bonus_may_move_any_one_of_the_players_moles():
    test_layers_big_space_lets_the_player_turn_another_disc_and_move_a_mole()


def test_ruling_championship_turn_two_discs_keep_one_put_the_other_back():
    st = position(moles={0: [(0, -4)], 1: [(4, -4)]}, championship=True, face_down={0: [1, 4]})
    events = act(st, "turn")
    assert next(e for e in events if e["type"] == "disc")["values"] in ([1, 4], [4, 1])
    assert st.step == "keep"
    assert sorted(a["value"] for a in st.legal_actions()) == [1, 4]
    act(st, "keep", value=4)
    assert st.face_down[0] == [1] and st.face_up[0] == [4]
    assert st.step == "move" and {t for _, t in moves(st)} >= {(0, 0)}


def test_ruling_championship_with_one_face_down_disc_left_uses_it():
    st = position(moles={0: [(0, -4)], 1: [(4, -4)]}, championship=True, face_down={0: [2]})
    act(st, "turn")
    assert st.step == "move" and st.pending == [2]


def test_ruling_setup_places_moles_only_on_the_top_layer():
    st = new_game("moles", 2, seed=8)
    assert {ring(tuple(a["at"])) for a in st.legal_actions()} <= set(range(5))
    assert st.layer == 0


# ------------------------------------------------------------------------------------------
# Designed rulings (documented in the rules screen)
# ------------------------------------------------------------------------------------------
def test_designed_every_mole_in_play_in_a_hole_lifts_the_layer():
    holes2 = [tuple(p) for p in BOARD.layers[1]["holes"]]
    st = position(players=2, layer=1, moles={0: holes2[:2], 1: [holes2[2], (3, -3)]},
                  current=1, face_down={1: [1]})
    act(st, "turn")
    # seat 1 moves its last free mole into a hole: everyone is in holes -> lift
    events = move(st, (3, -3), (2, -2)) if ((3, -3), (2, -2)) in moves(st) else []
    assert any(e["type"] == "lift" for e in events)
    assert st.layer == 2


def test_designed_nobody_can_move_lift_fires_only_when_no_disc_value_gives_anyone_a_move():
    # issue 11 (outside audit): seat 0's mole is walled in for every disc but the 1; turning
    # 2s again and again is no reason to lift, because a 1 would still move it
    st = position(players=2, moles={0: [(4, -4)], 1: [(2, -4), (4, -2), (2, -2), L1_HOLES[0]]},
                  current=0, face_down={0: [2, 2]})
    st.idle_turns = 11            # the old rule lifted after 12 turns without a move
    events = act(st, "turn")
    assert [e["type"] for e in events][:2] == ["disc", "no_move"]
    assert not any(e["type"] in ("stuck", "lift") for e in events)
    assert st.layer == 0 and st.current_player == 1
    assert st.can_move(0, 1) and not st.can_move(0, 2) and st.anyone_can_move()


def test_designed_every_game_ends_the_lone_mover_has_one_round_of_discs():
    # RULINGS "Every game ends": every mole of seat 1 waits in a hole; seat 0, the one player
    # still moving, refuses the holes: after six turns (one round of discs) the layer is lifted
    st = position(players=2, moles={0: [(4, -4), (-4, 4)], 1: L1_HOLES[:3]},
                  current=0, face_down={0: [1, 2, 2, 3, 3, 4]})
    lifted = []
    for turn in range(6):
        assert st.layer == 0 and st.current_player == 0
        act(st, "turn")
        if st.step == "move":
            # move away from the holes where possible (a player behind refusing them)
            acts = [a for a in st.legal_actions() if tuple(a["to"]) not in L1_HOLES]
            events = st.apply((acts or st.legal_actions())[0])
        else:
            events = []
        lifted += [e for e in events if e["type"] == "stuck"]
        if st.is_over() or st.layer > 0:
            break
    assert lifted and lifted[0]["reason"] == "lone_round"
    assert turn == 5                           # exactly one round of discs, not earlier
    assert st.is_over() and st.winners() == [1]   # only seat 1 had moles in holes


def test_designed_every_game_ends_the_last_resort_after_30_rounds():
    st = position(players=2, moles={0: [(4, -4)], 1: [(-4, 4), L1_HOLES[0]]},
                  current=0, face_down={0: [1]})
    st.layer_turns = 30 * 2 - 1             # this is the 60th turn on the layer (2 players)
    events = act(st, "turn")
    if st.step == "move":
        events += st.apply(st.legal_actions()[0])
    assert any(e["type"] == "stuck" and e["reason"] == "last_resort" for e in events)
    assert st.is_over() and st.winners() == [1]


def test_designed_the_last_resort_on_the_last_layer_ends_the_game_with_most_moles():
    # nobody reached the centre in 30 rounds: the layer is cleared, every mole leaves, and the
    # player(s) with the most moles just before share the win
    st = position(players=3, layer=3, moles={0: [(2, 0), (-2, 0)], 1: [(0, 2)], 2: [(0, -2)]},
                  current=0, face_down={0: [4]})
    st.layer_turns = 30 * 3 - 1
    events = act(st, "turn")      # a 4 gives no move on the last layer here: the turn is lost
    assert st.step != "move"
    assert any(e["type"] == "stuck" for e in events)
    assert st.is_over() and st.winners() == [0] and st.layer == 3
    json_safe = st.view(0)
    assert json_safe["winners"] == [0]


def test_designed_a_lift_that_leaves_no_mole_at_all_ends_in_a_shared_result():
    st = position(players=2, moles={0: [(4, -4)], 1: [(3, -4), (3, -3), (4, -3)]},
                  current=0, face_down={0: [1, 1]})
    st.layer_turns = 30 * 2 - 1
    act(st, "turn")
    assert st.is_over() and st.winners() == [1]   # seat 1 had more moles before the lift
    st = position(players=2, moles={0: [(4, -4), (-4, 4)], 1: [(3, -4), (-3, 4)]},
                  current=0, face_down={0: [4]})
    st.layer_turns = 30 * 2 - 1
    act(st, "turn")
    if st.step == "move":
        st.apply(st.legal_actions()[0])
    assert st.is_over() and st.winners() == [0, 1]   # a tie: both share the win


@pytest.mark.parametrize("level", ["random", "beginner", "good"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_designed_every_game_ends_at_every_computer_level(level, players):
    # issue 11: `simulate moles --ai random` never ended (random players never keep moles in
    # holes); with the stall rules every level gives a result
    from game import sim
    seeds = range(1) if level == "good" else range(4)
    for seed in seeds:
        result = sim.play_one("moles", players, seed, [level])
        assert result["winners"] and result["actions"] < sim.MAX_ACTIONS


def test_designed_names_appear_in_the_game_log():
    st = new_game("moles", 2, seed=1)
    st.set_names(["Ada", "Bo"])
    a = st.legal_actions()[0]
    assert st.names[st.current_player] in a["text"]


def test_designed_no_forced_lift_on_the_last_layer_while_a_1_would_move():
    # a 1 always carries some mole towards the centre there, so play simply goes on
    st = position(players=2, layer=3, moles={0: [(1, 1)], 1: [(2, 0)]}, face_down={0: [2, 2]})
    st.idle_turns = 11
    events = act(st, "turn")
    assert any(e["type"] == "no_move" for e in events)
    assert not any(e["type"] == "stuck" for e in events)
    assert st.layer == 3 and not st.is_over() and st.current_player == 1


# ------------------------------------------------------------------------------------------
# Issue 11: rules from the outside audit
# ------------------------------------------------------------------------------------------
def test_ruling_championship_a_disc_that_moves_must_be_kept_no_dodging_with_a_dead_disc():
    # seat 0's only mole is at a corner, seat 1's moles stand two points away on each of its
    # lines: a 1 moves it, a 4 cannot (no jumping).  Turning over a 1 and a 4, keeping the
    # dead 4 to dodge the move is not allowed
    st = position(moles={0: [(4, -4)], 1: [(2, -4), (4, -2), (2, -2), L1_HOLES[0]]},
                  championship=True, face_down={0: [1, 4]})
    act(st, "turn")
    assert st.step == "keep"
    assert [a["value"] for a in st.legal_actions()] == [1]
    with pytest.raises(IllegalAction):
        st.apply({"type": "keep", "value": 4})
    act(st, "keep", value=1)
    assert st.step == "move" and moves(st)


def test_ruling_championship_when_neither_disc_moves_either_may_be_kept():
    st = position(moles={0: [(4, -4)], 1: [(3, -4), (4, -3), (3, -3), L1_HOLES[0]]},
                  championship=True, face_down={0: [1, 2]})
    act(st, "turn")
    assert sorted(a["value"] for a in st.legal_actions()) == [1, 2]


def test_ruling_last_layer_both_solid_and_dotted_paths_carry_moles_in_every_rotation():
    # moles reach the last layer only where the sandy-loam holes are; a mole never leaves the
    # line it stands on there, so in every pair of rotations both kinds of line must get one
    sandy, blue = BOARD.layers[2], BOARD.layers[3]
    for a in range(6):
        for b in range(6):
            styles = set()
            for h in sandy["holes"]:
                p = rotate(h, a)
                for ln in blue["lines"]:
                    if p in [rotate(q, b) for q in ln["points"]]:
                        styles.add(ln["style"])
            assert styles == {"solid", "dotted"}, (a, b)


def test_ruling_last_layer_two_players_a_mole_on_a_solid_30_degree_line_may_cross_the_centre():
    st = position(players=2, layer=3, moles={0: [(1, -2)], 1: [(2, 0)]}, face_down={0: [2]})
    act(st, "turn")
    assert moves(st) == {((1, -2), (-1, 2))}      # solid: over the empty centre hole
    st = position(players=2, layer=3, moles={0: [(1, 1)], 1: [(2, 0)]}, face_down={0: [2]})
    act(st, "turn")
    assert moves(st) == set()                     # dotted: only a jump into the hole
