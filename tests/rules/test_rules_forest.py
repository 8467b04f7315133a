"""Forest Gold rules: one test per rule sentence of seed 002 and per forest ruling (RULINGS.md),
plus the shared design (views, saves, computer players).

Test names start with the part they check: setup_, turn_, hunter_, gold_, camp_, attack_,
death_, end_, tile_<kind>_ for the tile texts, ruling_ for RULINGS.md, designed_ for our own
readings (module docstring of game/rules/forest/__init__.py) and spec_ for the shared design.

Positions are built by hand: ``forest`` plays the campfire round (middle of each edge by
default), ``clear`` opens the whole forest as Empty Forest, ``lay`` puts one tile, ``put`` puts
a piece, ``turn`` hands the move to a seat, ``act`` applies the one legal action that has the
given fields.
"""
from __future__ import annotations

import json
import random

import pytest

from game.ai import make_agent
from game.rules import IllegalAction, LoadError, load_state, new_game, state_from_view
from game.rules.forest import ForestState, default_data

D = default_data()


# ------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------
def matches(a, fields) -> bool:
    return all(a.get(k) == v for k, v in fields.items())


def options_of(st, type_, **fields) -> list:
    return [a for a in st.legal_actions() if a["type"] == type_ and matches(a, fields)]


def can(st, type_, **fields) -> bool:
    return bool(options_of(st, type_, **fields))


def act(st, type_, **fields) -> list:
    found = options_of(st, type_, **fields)
    assert len(found) == 1, f"{type_} {fields}: {len(found)} legal actions match"
    return st.apply(found[0])


def forest(players=2, variant="race", seed=1, camps=None, **options) -> ForestState:
    st = new_game("forest", players=players, seed=seed, variant=variant, options=options)
    n = st.n
    spots = {"S": (n // 2, n - 1), "N": (n // 2, 0), "W": (0, n // 2), "E": (n - 1, n // 2)}
    for s in range(players):
        x, y = (camps or {}).get(s, spots[st.edges[s]])
        act(st, "camp", cell=[x, y])
    return st


def C(st, x, y) -> int:
    return y * st.n + x


def lay(st, x, y, tile, opened=True, rot=0):
    c = C(st, x, y)
    st.tile[c], st.opened[c], st.rot[c] = tile, opened, rot
    spec = D.types[tile]
    if spec["kind"] == "swamp" and opened:
        st.bump_nug[c] = [0] * spec["bumps"]
    else:
        st.bump_nug.pop(c, None)
    st._legal = None


def clear(st):
    """Every tile but the campfires open Empty Forest, no loose nuggets."""
    for c in range(st.n * st.n):
        if st.tile[c] is not None:
            st.tile[c], st.opened[c], st.rot[c] = "empty", True, 0
            st.loose[c] = 0
    st.bump_nug.clear()
    st._legal = None


def put(st, pid, x, y, carry=False, bump=-1):
    p = st._pid[pid]
    p["at"], p["carry"], p["bump"] = C(st, x, y), carry, bump
    st._legal = None


def turn(st, seat):
    st.current_player, st.step, st.pending = seat, "move", None
    st._legal = None


def at(st, pid):
    c = st._pid[pid]["at"]
    return None if c is None else (c % st.n, c // st.n)


def types(events) -> list:
    return [e["type"] for e in events]


def home(st, seat):
    c = st.camps[seat]
    return (c % st.n, c // st.n)


@pytest.fixture
def st():
    """Two packs on a cleared 9x9 forest: south (seat 0) camps at (4, 8), north at (4, 0)."""
    s = forest()
    clear(s)
    turn(s, 0)
    return s


# ------------------------------------------------------------------------------------------
# set-up and turns
# ------------------------------------------------------------------------------------------
def test_setup_first_round_each_pack_picks_its_campfire_tile_on_its_own_edge():
    """In the first round every pack chooses one tile of its own edge for its campfire."""
    g = new_game("forest", players=2, seed=3)
    assert g.step == "camp" and g.current_player == 0
    cells = sorted(tuple(a["cell"]) for a in g.legal_actions())
    assert cells == [(x, 8) for x in range(1, 8)]          # the south edge, corners excluded
    act(g, "camp", cell=[2, 8])
    assert g.current_player == 1
    assert sorted(tuple(a["cell"]) for a in g.legal_actions()) == [(x, 0) for x in range(1, 8)]
    act(g, "camp", cell=[6, 0])
    assert g.step == "move" and g.current_player == 0
    assert home(g, 0) == (2, 8) and home(g, 1) == (6, 0)
    assert all(at(g, p["id"]) == home(g, p["seat"]) for p in g.pieces)


def test_ruling_packs_of_two_canines_and_a_hunter_one_per_edge():
    """2-4 packs, one per board edge, each with two canines and one hunter."""
    for players, edges in ((2, ["S", "N"]), (3, ["S", "W", "N"]), (4, ["S", "W", "N", "E"])):
        g = new_game("forest", players=players, seed=1)
        assert g.edges == edges
        for s in range(players):
            kinds = sorted(p["kind"] for p in g.pieces if p["seat"] == s)
            assert kinds == ["canine", "canine", "hunter"]


def test_ruling_the_forest_is_9x9_face_down_by_default_11x11_as_an_option():
    g = new_game("forest", players=2, seed=1)
    assert g.n == 9 and not any(g.opened) and len(g.tile) == 81
    g = new_game("forest", players=2, seed=1, options={"size": 11})
    assert g.n == 11 and len(g.tile) == 121 and not any(g.opened)


def test_ruling_the_tile_under_a_campfire_leaves_play():
    g = new_game("forest", players=2, seed=4)
    under = g.tile[C(g, 4, 8)]
    act(g, "camp", cell=[4, 8])
    assert g.aside == [under] and g.tile[C(g, 4, 8)] is None


def test_camp_move_camp_moves_the_campfire_and_the_counter_counts_down(st):
    """Move Camp moves the pack's campfire; its counter shows the moves left."""
    st.stored[0] = [3, 5]
    assert st.view(0)["camp_moves"][0] == 3
    act(st, "move_camp", to=[5, 8])
    assert home(st, 0) == (5, 8) and st.camp_moves[0] == 2 and len(st.stored[0]) == 2
    assert st.current_player == 1                      # it was the pack's action of the turn


def test_ruling_move_camp_goes_to_a_neighbouring_edge_tile_with_its_gold_three_times(st):
    """Move Camp: to a neighbouring tile of the same edge, stored nuggets and the pack's
    pieces along, the tile left behind becomes open Empty Forest; 3 uses a game."""
    assert sorted(tuple(a["to"]) for a in options_of(st, "move_camp")) == [(3, 8), (5, 8)]
    lay(st, 5, 8, "bear", opened=False)
    st.stored[0] = [2]
    events = act(st, "move_camp", to=[5, 8])
    assert st.tile[C(st, 4, 8)] == "empty" and st.opened[C(st, 4, 8)]
    assert "bear" in st.aside and st.stored[0] == [2]
    assert all(at(st, p) == (5, 8) for p in ("0-c1", "0-c2", "0-h"))
    e = next(e for e in events if e["type"] == "move_camp")
    assert e["frm"] == [4, 8] and e["to"] == [5, 8] and e["left"] == 2
    for x in (6, 7):
        turn(st, 0)
        act(st, "move_camp", to=[x, 8])
    turn(st, 0)
    assert st.camp_moves[0] == 0 and not can(st, "move_camp")


def test_turn_a_canine_may_move_onto_an_unopened_tile_which_opens_and_acts(st):
    """A canine may step onto a face-down tile: it opens and its effect happens at once."""
    lay(st, 4, 7, "bees", opened=False)
    events = act(st, "move", piece="0-c1", to=[4, 7], carry=False)
    reveal = next(e for e in events if e["type"] == "reveal")
    assert reveal["chance"] is True and reveal["kind"] == "bees" and reveal["at"] == [4, 7]
    assert st.opened[C(st, 4, 7)] and at(st, "0-c1") == (4, 8)     # the bees chased it home


def test_ruling_one_piece_one_step_to_one_of_its_eight_neighbours(st):
    put(st, "0-c1", 4, 4)
    tos = sorted(tuple(a["to"]) for a in options_of(st, "move", piece="0-c1"))
    assert tos == sorted((4 + dx, 4 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                         if (dx, dy) != (0, 0))
    act(st, "move", piece="0-c1", to=[5, 3], carry=False)
    assert st.current_player == 1 and at(st, "0-c2") == (4, 8)


def test_turn_a_pack_s_turn_ends_when_a_piece_steps_onto_empty_forest(st):
    """A turn ends as soon as a piece steps onto an Empty Forest tile."""
    lay(st, 4, 7, "empty", opened=False)
    act(st, "move", piece="0-c1", to=[4, 7], carry=False)
    assert st.current_player == 1 and st.step == "move"


def test_hunter_cannot_explore_it_only_moves_onto_open_tiles(st):
    """Hunters never enter face-down tiles; they move only onto open ones."""
    for x, y in ((3, 7), (4, 7), (5, 7), (3, 8), (5, 8)):
        lay(st, x, y, "empty", opened=False)
    assert not can(st, "move", piece="0-h")
    assert can(st, "move", piece="0-c1", to=[4, 7])
    lay(st, 4, 7, "empty")
    assert can(st, "move", piece="0-h", to=[4, 7])


def test_hunter_cannot_move_on_two_turns_of_its_pack_in_a_row(st):
    """A hunter must rest after each move: never two turns of its pack in a row."""
    act(st, "move", piece="0-h", to=[4, 7], carry=False)
    act(st, "move", piece="1-c1", to=[4, 1], carry=False)
    assert st.current_player == 0 and not can(st, "move", piece="0-h")
    act(st, "move", piece="0-c1", to=[3, 7], carry=False)
    act(st, "move", piece="1-c1", to=[4, 2], carry=False)
    assert can(st, "move", piece="0-h")
    assert st.view(0)["hunter_moved"] == [False, False]


def test_designed_a_pack_that_can_do_nothing_passes(st):
    for p in st.pieces:
        if p["seat"] == 0 and p["kind"] == "canine":
            p["at"], p["dead"] = None, 1
    st.hunter_moved[0] = True
    st.camp_moves[0] = 0
    st._legal = None
    assert types(st.legal_actions()) == ["pass"]
    act(st, "pass")
    assert st.current_player == 1


# ------------------------------------------------------------------------------------------
# gold
# ------------------------------------------------------------------------------------------
def test_gold_nuggets_appear_when_the_tile_opens_and_pieces_carry_them_home(st):
    """Opening a Gold Nuggets tile puts its nuggets there; hunters and canines carry them to
    their camp."""
    lay(st, 4, 7, "gold-3", opened=False)
    events = act(st, "move", piece="0-c1", to=[4, 7], carry=False)
    assert st.loose[C(st, 4, 7)] == 3
    assert next(e for e in events if e["type"] == "nuggets")["count"] == 3
    turn(st, 0)
    events = act(st, "move", piece="0-c1", to=[4, 8], carry=True)
    assert st.stored[0] == [st.round] and st.loose[C(st, 4, 7)] == 2
    assert "pick_up" in types(events) and "store" in types(events)


def test_gold_a_hunter_or_canine_carries_one_nugget_at_a_time(st):
    """On a turn a piece carries one nugget, never two."""
    lay(st, 4, 6, "gold-3")
    st.loose[C(st, 4, 6)] = 3
    put(st, "0-c1", 4, 6, carry=True)
    moves = options_of(st, "move", piece="0-c1", to=[4, 7])
    assert sorted(a["carry"] for a in moves) == [False, True]
    act(st, "move", piece="0-c1", to=[4, 7], carry=True)
    assert st._pid["0-c1"]["carry"] is True and st.loose[C(st, 4, 6)] == 3


def test_gold_dropping_a_nugget_leaves_it_where_the_piece_stood(st):
    put(st, "0-c1", 4, 6, carry=True)
    act(st, "move", piece="0-c1", to=[4, 5], carry=False)
    assert st.loose[C(st, 4, 6)] == 1 and not st._pid["0-c1"]["carry"]


def test_gold_nuggets_cannot_be_carried_onto_certain_tiles(st):
    """A carrier enters only open tiles, never a Wolf Den; a hunter carries none onto the
    Lynx."""
    put(st, "0-c1", 4, 6, carry=True)
    put(st, "0-h", 2, 6, carry=True)
    lay(st, 4, 5, "empty", opened=False)
    lay(st, 3, 5, "wolf_den")
    lay(st, 5, 5, "lynx")
    lay(st, 2, 5, "lynx")
    assert can(st, "move", piece="0-c1", to=[4, 5], carry=False)
    assert not can(st, "move", piece="0-c1", to=[4, 5], carry=True)
    assert not can(st, "move", piece="0-c1", to=[3, 5], carry=True)
    assert can(st, "move", piece="0-c1", to=[5, 5], carry=True)    # the canine may (and dies)
    assert not can(st, "move", piece="0-h", to=[2, 5], carry=True)
    assert can(st, "move", piece="0-h", to=[2, 5], carry=False)


def test_ruling_gold_pays_out_once_an_opened_gold_tile_acts_as_empty_forest(st):
    """After opening, a Gold Nuggets tile is Empty Forest: entering again finds nothing."""
    lay(st, 4, 7, "gold-2", opened=False)
    act(st, "move", piece="0-c1", to=[4, 7], carry=False)
    turn(st, 0)
    act(st, "move", piece="0-c2", to=[3, 7], carry=False)
    turn(st, 0)
    st.loose[C(st, 4, 7)] = 0
    events = act(st, "move", piece="0-c2", to=[4, 7], carry=False)
    assert st.loose[C(st, 4, 7)] == 0 and "nuggets" not in types(events)
    assert st.current_player == 1


# ------------------------------------------------------------------------------------------
# campfires and attacks
# ------------------------------------------------------------------------------------------
def test_camp_nuggets_on_an_unguarded_campfire_can_be_carried_away_by_a_rival(st):
    """A rival that steps onto an unguarded campfire takes a nugget away (one per visit,
    two or three for a careless pack)."""
    st.stored[1] = [3, 7, 9]
    for pid in ("1-c1", "1-c2", "1-h"):
        put(st, pid, 8, 4)
    put(st, "0-c1", 4, 1)
    events = act(st, "move", piece="0-c1", to=[4, 0], carry=False)
    assert "rob" in types(events) and st.stored[1] == [3, 7] and st._pid["0-c1"]["carry"]
    turn(st, 0)
    act(st, "move", piece="0-c1", to=[4, 1], carry=True)
    turn(st, 0)
    st._pid["0-c1"]["carry"] = False
    act(st, "move", piece="0-c1", to=[4, 0], carry=False)
    assert st.stored[1] == [3]


def test_ruling_a_rival_campfire_guarded_by_its_pack_cannot_be_entered(st):
    put(st, "0-c1", 4, 1)
    assert at(st, "1-h") == (4, 0)
    assert not can(st, "move", piece="0-c1", to=[4, 0])


def test_camp_the_campfire_is_the_base_pieces_return_to_and_gold_is_stored_on(st):
    """The campfire is the pack's base: pieces sent back go there and gold is kept there."""
    put(st, "0-c1", 4, 4, carry=True)
    put(st, "1-c1", 4, 3)
    turn(st, 1)
    act(st, "move", piece="1-c1", to=[4, 4], carry=False)
    assert at(st, "0-c1") == (4, 8) and st.loose[C(st, 4, 4)] == 1


def test_attack_canines_attack_rival_canines_which_return_to_their_campfires(st):
    """Any nugget is fair game; a canine that is attacked goes back to its campfire."""
    put(st, "1-c1", 4, 5, carry=True)
    put(st, "0-c1", 4, 6)
    events = act(st, "move", piece="0-c1", to=[4, 5], carry=False)
    e = next(e for e in events if e["type"] == "attack")
    assert e["victim"] == "1-c1" and e["died"] is False
    assert at(st, "1-c1") == (4, 0) and st.loose[C(st, 4, 5)] == 1


def test_attack_a_single_canine_sends_every_rival_canine_on_the_tile_home():
    """One canine attacks a tile with several rival canines and sends them all home."""
    g = forest(players=3)
    clear(g)
    turn(g, 0)
    put(g, "1-c1", 4, 4)
    put(g, "2-c1", 4, 4)
    put(g, "2-c2", 4, 4)
    put(g, "0-c1", 4, 5)
    events = act(g, "move", piece="0-c1", to=[4, 4], carry=False)
    assert sorted(e["victim"] for e in events if e["type"] == "attack") == ["1-c1", "2-c1", "2-c2"]
    assert at(g, "1-c1") == home(g, 1) and at(g, "2-c2") == home(g, 2)


def test_attack_canines_cannot_be_attacked_on_their_own_campfire_or_in_a_wolf_den(st):
    put(st, "0-c1", 4, 1)
    for pid in ("1-c2", "1-h"):
        put(st, pid, 8, 8)
    # the north pack's canine on its own campfire: the campfire is guarded, no entry at all
    assert not can(st, "move", piece="0-c1", to=[4, 0])
    lay(st, 2, 2, "wolf_den")
    put(st, "1-c2", 2, 2)
    put(st, "0-c2", 2, 3)
    act(st, "move", piece="0-c2", to=[2, 2], carry=False)
    assert at(st, "1-c2") == (2, 2) and at(st, "0-c2") == (2, 2)


def test_attack_a_rival_canine_on_my_own_campfire_is_sent_home(st):
    for pid in ("0-c1", "0-c2", "0-h"):
        put(st, pid, 4, 7)
    put(st, "1-c1", 4, 8)
    act(st, "move", piece="0-c1", to=[4, 8], carry=False)
    assert at(st, "1-c1") == (4, 0)


def test_attack_hunters_can_be_attacked_only_by_other_hunters(st):
    """Canines never attack hunters; a hunter attacked by a hunter goes home."""
    put(st, "1-h", 4, 5)
    put(st, "0-c1", 4, 6)
    act(st, "move", piece="0-c1", to=[4, 5], carry=False)
    assert at(st, "1-h") == (4, 5)
    turn(st, 0)
    put(st, "0-h", 3, 6)
    events = act(st, "move", piece="0-h", to=[4, 5], carry=False)
    assert at(st, "1-h") == (4, 0) and "attack" in types(events)
    assert at(st, "0-c1") == (4, 5)


def test_ruling_a_hunter_may_attack_canines(st):
    put(st, "1-c1", 4, 5)
    put(st, "0-h", 4, 6)
    act(st, "move", piece="0-h", to=[4, 5], carry=False)
    assert at(st, "1-c1") == (4, 0)


def test_ruling_a_carried_nugget_stays_where_its_carrier_was_attacked(st):
    put(st, "1-h", 2, 2, carry=True)
    put(st, "0-h", 2, 3)
    act(st, "move", piece="0-h", to=[2, 2], carry=False)
    assert st.loose[C(st, 2, 2)] == 1 and not st._pid["1-h"]["carry"]


# ------------------------------------------------------------------------------------------
# deaths and reinforcements
# ------------------------------------------------------------------------------------------
def test_death_a_canine_stepping_on_the_lynx_is_killed(st):
    """A canine dies on the Lynx, in an endless loop, or when attacked in a swamp."""
    lay(st, 4, 7, "lynx", opened=False)
    events = act(st, "move", piece="0-c1", to=[4, 7], carry=False)
    assert st._pid["0-c1"]["at"] is None and st._pid["0-c1"]["dead"] == st.round
    assert "death" in types(events)


def test_death_a_canine_in_an_infinite_loop_dies(st):
    # two arrows pointing at each other: (4, 6) points up (N), (4, 5) points down (S)
    lay(st, 4, 6, "arrows-straight")
    lay(st, 4, 5, "arrows-straight", rot=2)
    put(st, "0-c1", 3, 6)
    events = act(st, "move", piece="0-c1", to=[4, 6], carry=False)
    assert "loop" in types(events) and st._pid["0-c1"]["at"] is None


def test_death_a_canine_attacked_on_a_swamp_tile_dies(st):
    lay(st, 4, 5, "swamp-3")
    put(st, "1-c1", 4, 5, bump=0)
    put(st, "0-c1", 4, 6)
    events = act(st, "move", piece="0-c1", to=[4, 5], carry=False)
    assert st._pid["1-c1"]["at"] is None and "drown" in types(events)


def test_death_a_killed_canine_is_removed_from_the_game(st):
    lay(st, 4, 7, "lynx")
    act(st, "move", piece="0-c1", to=[4, 7], carry=False)
    for _ in range(12):
        turn(st, 0)
        assert not can(st, "move", piece="0-c1")
        st.round += 1


def test_death_reinforcements_bring_a_new_canine_to_the_campfire_after_the_chosen_rounds():
    """With the option, a killed canine is replaced at the campfire after 3 or 5 rounds."""
    g = forest(reinforcements=3)
    clear(g)
    turn(g, 0)
    lay(g, 4, 7, "lynx")
    act(g, "move", piece="0-c1", to=[4, 7], carry=False)
    died = g._pid["0-c1"]["dead"]
    seen = None
    for _ in range(40):
        seat = g.current_player
        legal = [a for a in g.legal_actions() if a["type"] in ("move", "pass")
                 and not (a["type"] == "move" and a["to"] == [4, 7])]
        events = g.apply(legal[0])
        if "reinforce" in types(events):
            seen = g.round
            break
        assert seat is not None
    assert seen == died + 3 and at(g, "0-c1") == home(g, 0)


# ------------------------------------------------------------------------------------------
# the end
# ------------------------------------------------------------------------------------------
def test_end_race_the_first_pack_to_store_6_nuggets_wins(st):
    """Race: the first pack with 6 nuggets on its campfire wins at once."""
    st.stored[0] = [2, 3, 4, 5, 6]
    put(st, "0-c1", 4, 7, carry=True)
    events = act(st, "move", piece="0-c1", to=[4, 8], carry=True)
    assert st.is_over() and st.winners() == [0] and "win" in types(events)
    assert st.end_reason == "race" and "6 stored nuggets" in st.summary()


def test_end_race_an_alliance_needs_11_nuggets_together():
    """An alliance of two packs wins the Race with 11 nuggets on its two campfires."""
    g = forest(players=4, alliances=True)
    clear(g)
    turn(g, 0)
    assert g.teams == [0, 1, 0, 1]
    g.stored[0] = [2] * 6
    g.stored[2] = [2] * 4
    put(g, "0-c1", 4, 7, carry=True)
    act(g, "move", piece="0-c1", to=[4, 8], carry=True)
    assert g.is_over() and g.winners() == [0, 2]


def test_ruling_alliances_only_with_four_packs():
    g = forest(players=3)
    assert g.teams == [0, 1, 2] and g.settings_target() == 6


def test_ruling_allies_never_attack_each_other_and_pool_their_gold():
    g = forest(players=4, alliances=True)
    clear(g)
    turn(g, 0)
    put(g, "2-c1", 3, 3)
    put(g, "0-c1", 3, 4)
    act(g, "move", piece="0-c1", to=[3, 3], carry=False)
    assert at(g, "2-c1") == (3, 3)
    turn(g, 0)
    put(g, "0-c2", 4, 1, carry=True)
    for pid in ("2-c2", "2-h"):
        put(g, pid, 6, 6)
    act(g, "move", piece="0-c2", to=[4, 0], carry=True)       # onto the ally's campfire
    assert len(g.stored[2]) == 1 and g.team_total(0) == 1


def test_end_plunder_ends_when_all_gold_is_on_campfires_and_most_nuggets_win(st):
    """Plunder: the hunt goes on until every nugget is on a campfire; most nuggets win."""
    st.variant = "plunder"
    st.stored[0] = [3, 4]
    st.stored[1] = [5]
    put(st, "0-c1", 4, 7, carry=True)
    act(st, "move", piece="0-c1", to=[4, 8], carry=True)
    assert st.is_over() and st.winners() == [0] and st.end_reason == "plunder"


def test_end_plunder_goes_on_while_gold_is_still_face_down(st):
    st.variant = "plunder"
    lay(st, 0, 0, "gold-1", opened=False)
    put(st, "0-c1", 4, 7, carry=True)
    act(st, "move", piece="0-c1", to=[4, 8], carry=True)
    assert not st.is_over()


def test_end_ties_are_broken_by_the_rounds_in_which_the_gold_was_delivered(st):
    """Equal nuggets: the pack whose gold came home later wins (each nugget counts its
    delivery round; the higher sum wins)."""
    st.variant = "plunder"
    st.stored[0] = [3, 4]
    st.stored[1] = [9, 10]
    put(st, "0-c1", 4, 7, carry=True)
    st.round = 5
    act(st, "move", piece="0-c1", to=[4, 8], carry=True)    # 3 nuggets (12) against 2
    assert st.winners() == [0]
    g = forest(variant="plunder")
    clear(g)
    turn(g, 0)
    g.stored[0] = [3, 4]
    g.stored[1] = [9, 10, 2]
    put(g, "0-c1", 4, 7, carry=True)
    g.round = 6
    act(g, "move", piece="0-c1", to=[4, 8], carry=True)     # 3 each: 13 against 21
    assert g.winners() == [1] and "tie was broken" in g.summary()


def test_ruling_every_game_ends_by_the_round_cap(st):
    """Plunder ends after 60 rounds at the latest (designed: Race too); most nuggets win."""
    assert st.data.settings["round_cap"] == 60
    st.round = 60
    st.stored[1] = [7]
    lay(st, 0, 0, "gold-2", opened=False)
    act(st, "move", piece="0-c1", to=[3, 7], carry=False)
    act(st, "move", piece="1-c1", to=[3, 1], carry=False)
    assert st.is_over() and st.end_reason == "round_cap" and st.winners() == [1]
    assert st.ending() == "round_cap"


# ------------------------------------------------------------------------------------------
# the tiles
# ------------------------------------------------------------------------------------------
def test_tile_mole_tunnel_lets_the_piece_make_an_l_shaped_move(st):
    """On a Mole Tunnel a piece may go on like a knight in chess."""
    lay(st, 4, 6, "mole_tunnel")
    put(st, "0-c1", 4, 7)
    act(st, "move", piece="0-c1", to=[4, 6], carry=False)
    assert st.step == "choose" and st.current_player == 0
    tos = sorted(tuple(a["to"]) for a in st.legal_actions())
    assert tos == sorted([(2, 5), (2, 7), (3, 4), (5, 4), (6, 5), (6, 7), (3, 8), (5, 8),
                         (4, 6)])
    act(st, "choose", to=[6, 5], why="mole_tunnel")
    assert at(st, "0-c1") == (6, 5) and st.current_player == 1


def test_designed_the_mole_tunnel_may_be_left_unused(st):
    lay(st, 4, 6, "mole_tunnel")
    put(st, "0-c1", 4, 7)
    act(st, "move", piece="0-c1", to=[4, 6], carry=False)
    events = act(st, "choose", to=[4, 6], why="mole_tunnel")
    assert at(st, "0-c1") == (4, 6) and "stay" in types(events)


def test_tile_bees_chase_the_piece_back_to_its_campfire(st):
    """Bees send a hunter or canine straight back to its campfire."""
    lay(st, 4, 4, "bees")
    put(st, "0-h", 4, 5)
    events = act(st, "move", piece="0-h", to=[4, 4], carry=False)
    assert at(st, "0-h") == (4, 8)
    assert next(e for e in events if e["type"] == "home")["why"] == "bees"


def test_ruling_bees_a_carried_nugget_drops_on_the_bees_or_comes_along_as_an_option(st):
    lay(st, 4, 4, "bees")
    put(st, "0-c1", 4, 5, carry=True)
    act(st, "move", piece="0-c1", to=[4, 4], carry=True)
    assert st.loose[C(st, 4, 4)] == 1 and st.stored[0] == []
    g = forest(bees_nugget="keep")
    clear(g)
    turn(g, 0)
    lay(g, 4, 4, "bees")
    put(g, "0-c1", 4, 5, carry=True)
    act(g, "move", piece="0-c1", to=[4, 4], carry=True)
    assert g.loose[C(g, 4, 4)] == 0 and len(g.stored[0]) == 1


def test_tile_lynx_kills_a_canine_but_its_nugget_stays_for_a_hunter(st):
    """The Lynx kills a canine; a nugget it carried stays on the Lynx; hunters survive it."""
    lay(st, 4, 5, "lynx")
    put(st, "0-c1", 4, 6, carry=True)
    act(st, "move", piece="0-c1", to=[4, 5], carry=True)
    assert st._pid["0-c1"]["at"] is None and st.loose[C(st, 4, 5)] == 1
    turn(st, 0)
    put(st, "0-h", 4, 6)
    act(st, "move", piece="0-h", to=[4, 5], carry=False)
    assert at(st, "0-h") == (4, 5)
    turn(st, 1)
    turn(st, 0)
    st.hunter_moved[0] = False
    act(st, "move", piece="0-h", to=[4, 6], carry=True)
    assert st._pid["0-h"]["carry"] and st.loose[C(st, 4, 5)] == 0


def test_tile_wolf_den_protects_canines_and_takes_no_gold_nor_hunters(st):
    """In a Wolf Den a canine cannot be attacked; no nuggets may be carried in; hunters may
    not enter."""
    lay(st, 4, 5, "wolf_den")
    put(st, "0-h", 3, 5)
    put(st, "0-c1", 4, 6, carry=True)
    assert not can(st, "move", piece="0-h", to=[4, 5])
    assert not can(st, "move", piece="0-c1", to=[4, 5], carry=True)
    put(st, "1-c1", 4, 5)
    act(st, "move", piece="0-c1", to=[4, 5], carry=False)
    assert at(st, "1-c1") == (4, 5)


def test_tile_bear_sends_the_piece_two_tiles_back_the_way_it_came(st):
    """On a Bear a piece flees two tiles back, away from the side it came from."""
    lay(st, 3, 4, "bear")
    put(st, "0-c1", 2, 4)                 # enters from the left ...
    events = act(st, "move", piece="0-c1", to=[3, 4], carry=False)
    assert at(st, "0-c1") == (1, 4)       # ... and ends two tiles to the left
    step = [e for e in events if e["type"] == "step"][-1]
    assert step["by"] == "bear" and step["frm"] == [3, 4] and step["to"] == [1, 4]


def test_ruling_bear_as_far_back_as_the_edge_allows(st):
    lay(st, 1, 4, "bear")
    put(st, "0-c1", 0, 4)
    act(st, "move", piece="0-c1", to=[1, 4], carry=False)
    assert at(st, "0-c1") == (0, 4)


def test_tile_serpent_traps_a_canine_until_a_pack_mate_steps_on(st):
    """A canine caught by the Serpent stays put until a pack mate (canine or hunter) comes
    onto that tile and frees it."""
    lay(st, 4, 6, "serpent")
    act(st, "move", piece="0-c1", to=[4, 7], carry=False)
    turn(st, 0)
    events = act(st, "move", piece="0-c1", to=[4, 6], carry=False)
    assert "trap" in types(events) and st._pid["0-c1"]["trapped"]
    turn(st, 0)
    assert not can(st, "move", piece="0-c1")
    events = act(st, "move", piece="0-c2", to=[4, 7], carry=False)
    turn(st, 0)
    events = act(st, "move", piece="0-c2", to=[4, 6], carry=False)
    assert "free" in types(events) and not st._pid["0-c1"]["trapped"]
    assert not st._pid["0-c2"]["trapped"]
    turn(st, 0)
    assert can(st, "move", piece="0-c1")


def test_tile_serpent_a_hunter_is_not_trapped_it_rests_a_turn_and_moves_on(st):
    lay(st, 4, 7, "serpent")
    act(st, "move", piece="0-h", to=[4, 7], carry=False)
    assert not st._pid["0-h"]["trapped"]
    turn(st, 0)
    assert not can(st, "move", piece="0-h")         # the skipped turn
    act(st, "move", piece="0-c1", to=[3, 7], carry=False)
    turn(st, 0)
    assert can(st, "move", piece="0-h")


def test_tile_red_fox_sends_the_piece_to_the_first_unopened_tile_away_from_its_side(st):
    """The Red Fox points away from the pack's own side: the piece goes to the first face-down
    tile in that direction."""
    lay(st, 4, 6, "red_fox")
    lay(st, 4, 3, "empty", opened=False)
    lay(st, 4, 1, "empty", opened=False)
    put(st, "0-c1", 4, 7)
    events = act(st, "move", piece="0-c1", to=[4, 6], carry=False)
    assert at(st, "0-c1") == (4, 3) and st.opened[C(st, 4, 3)]
    assert [e for e in events if e["type"] == "step"][-1]["by"] == "red_fox"


def test_ruling_red_fox_stays_when_there_is_no_face_down_tile_that_way(st):
    lay(st, 4, 6, "red_fox")
    put(st, "0-c1", 4, 7)
    act(st, "move", piece="0-c1", to=[4, 6], carry=False)
    assert at(st, "0-c1") == (4, 6) and st.current_player == 1


def test_tile_hare_the_player_picks_one_of_the_two_far_corners(st):
    """After a Hare a piece runs to one of the two corners furthest from its campfire."""
    lay(st, 4, 6, "hare")
    put(st, "0-h", 4, 7)
    act(st, "move", piece="0-h", to=[4, 6], carry=False)
    assert st.step == "choose"
    assert sorted(tuple(a["to"]) for a in st.legal_actions()) == [(0, 0), (8, 0)]
    act(st, "choose", to=[8, 0], why="hare")
    assert at(st, "0-h") == (8, 0)


def test_tile_elven_arrows_move_the_piece_one_tile_in_the_arrow_s_direction(st):
    """An arrow moves the piece one tile on; with several arrows the player picks one."""
    lay(st, 4, 6, "arrows-straight", rot=1)           # one arrow, turned to point east
    put(st, "0-c1", 4, 7)
    act(st, "move", piece="0-c1", to=[4, 6], carry=False)
    assert at(st, "0-c1") == (5, 6)
    turn(st, 0)
    lay(st, 2, 6, "arrows-cross")
    put(st, "0-c2", 2, 7)
    act(st, "move", piece="0-c2", to=[2, 6], carry=False)
    assert st.step == "choose"
    assert sorted(tuple(a["to"]) for a in st.legal_actions()) == [(1, 6), (2, 5), (2, 7), (3, 6)]
    act(st, "choose", to=[2, 5], why="arrows")
    assert at(st, "0-c2") == (2, 5)


def test_ruling_arrow_orientation_is_fixed_when_the_forest_is_dealt():
    g = new_game("forest", players=2, seed=8)
    arrows = [c for c, t in enumerate(g.tile) if D.types[t]["kind"] == "arrows"]
    assert {g.rot[c] for c in arrows} <= {0, 1, 2, 3} and len({g.rot[c] for c in arrows}) > 1
    assert all(g.rot[c] == 0 for c in range(81) if c not in arrows)


def test_ruling_arrow_loop_a_hunter_goes_home(st):
    lay(st, 4, 6, "arrows-straight")
    lay(st, 4, 5, "arrows-straight", rot=2)
    put(st, "0-h", 3, 6)
    events = act(st, "move", piece="0-h", to=[4, 6], carry=False)
    loop = next(e for e in events if e["type"] == "loop")
    assert loop["died"] is False and at(st, "0-h") == (4, 8)


def test_designed_an_arrow_off_the_board_cannot_be_followed(st):
    lay(st, 0, 4, "arrows-straight", rot=3)   # on the west edge, pointing west
    put(st, "0-c1", 1, 4)
    act(st, "move", piece="0-c1", to=[0, 4], carry=False)
    assert at(st, "0-c1") == (0, 4) and st.current_player == 1


def test_tile_hunters_call_the_canine_runs_to_its_hunter_with_its_nugget(st):
    """On the Hunter's Call the canine runs to its hunter's tile, nugget and all; hunters may
    not step on this tile."""
    lay(st, 4, 5, "hunters_call")
    put(st, "0-h", 7, 7)
    put(st, "0-c1", 4, 6, carry=True)
    act(st, "move", piece="0-c1", to=[4, 5], carry=True)
    assert at(st, "0-c1") == (7, 7) and st._pid["0-c1"]["carry"]
    turn(st, 0)
    put(st, "0-h", 3, 5)
    assert not can(st, "move", piece="0-h", to=[4, 5])


def test_ruling_hunters_call_not_onto_a_tile_forbidden_to_the_canine(st):
    lay(st, 4, 5, "hunters_call")
    lay(st, 7, 7, "lynx")
    put(st, "0-h", 7, 7)
    lay(st, 6, 6, "wolf_den")
    put(st, "0-c1", 4, 6, carry=True)
    act(st, "move", piece="0-c1", to=[4, 5], carry=True)     # the lynx is allowed: it dies
    assert st._pid["0-c1"]["at"] is None
    turn(st, 0)
    lay(st, 2, 2, "hunters_call")
    put(st, "0-h", 6, 6)        # (a hunter never walks into a den; put there for the check)
    put(st, "0-c2", 2, 3, carry=True)
    act(st, "move", piece="0-c2", to=[2, 2], carry=True)     # a carrier may not enter the den
    assert at(st, "0-c2") == (2, 2)


def test_tile_swamp_pieces_wade_through_every_bump_one_per_turn(st):
    """In a Swamp a piece goes one bump per turn and leaves only from the last bump."""
    lay(st, 4, 6, "swamp-3")
    put(st, "0-c1", 4, 7)
    act(st, "move", piece="0-c1", to=[4, 6], carry=False)
    assert st._pid["0-c1"]["bump"] == 0
    for b in (1, 2):
        turn(st, 0)
        assert [a["type"] for a in options_of(st, "move", piece="0-c1")] == []
        act(st, "wade", piece="0-c1", carry=False)
        assert st._pid["0-c1"]["bump"] == b
    turn(st, 0)
    assert not can(st, "wade", piece="0-c1") and can(st, "move", piece="0-c1", to=[4, 5])
    act(st, "move", piece="0-c1", to=[4, 5], carry=False)
    assert st._pid["0-c1"]["bump"] == -1


def test_tile_swamp_a_nugget_put_on_another_on_one_bump_sinks_the_lower_one(st):
    """Gold may be taken into a swamp; when a second nugget lands on a bump that already
    holds one, the one underneath is lost."""
    lay(st, 4, 6, "swamp-2")
    st.bump_nug[C(st, 4, 6)] = [1, 0]
    put(st, "0-c1", 4, 7, carry=True)
    events = act(st, "move", piece="0-c1", to=[4, 6], carry=True)
    assert "sink" in types(events) and st.bump_nug[C(st, 4, 6)] == [0, 0]
    assert st._pid["0-c1"]["carry"] and st.destroyed == 1


def test_tile_swamp_stepping_onto_a_bump_with_a_canine_drowns_it_friend_or_foe(st):
    lay(st, 4, 6, "swamp-2")
    put(st, "0-c2", 4, 6, bump=0)
    put(st, "0-c1", 4, 7)
    events = act(st, "move", piece="0-c1", to=[4, 6], carry=False)
    assert st._pid["0-c2"]["at"] is None and "drown" in types(events)


def test_tile_swamp_a_hunter_attacked_in_the_swamp_goes_back_to_its_campfire(st):
    lay(st, 4, 4, "swamp-2")
    put(st, "1-h", 4, 4, bump=0)
    put(st, "0-h", 4, 5)
    act(st, "move", piece="0-h", to=[4, 4], carry=False)
    assert at(st, "1-h") == (4, 0) and st._pid["1-h"]["bump"] == -1


def test_ruling_effects_apply_on_every_entry(st):
    lay(st, 4, 4, "bees")
    for _ in range(2):
        put(st, "0-c1", 4, 5)
        turn(st, 0)
        act(st, "move", piece="0-c1", to=[4, 4], carry=False)
        assert at(st, "0-c1") == (4, 8)


def test_ruling_chains_resolve_until_the_piece_rests(st):
    """A tile effect can lead onto another tile with an effect, and so on."""
    lay(st, 4, 6, "arrows-straight")          # north to (4, 5)
    lay(st, 4, 5, "arrows-diagonal")          # north-east to (5, 4)
    lay(st, 5, 4, "bear")                     # entered going north-east: back to (3, 6)
    put(st, "0-c1", 4, 7)
    events = act(st, "move", piece="0-c1", to=[4, 6], carry=False)
    steps = [(e["to"], e["by"]) for e in events if e["type"] == "step"]
    assert steps == [([4, 6], "step"), ([4, 5], "arrows"), ([5, 4], "arrows"), ([3, 6], "bear")]
    assert at(st, "0-c1") == (3, 6) and st.current_player == 1


# ------------------------------------------------------------------------------------------
# passing, loops, reinforcements, ties and alliances as RULINGS.md rules them
# ------------------------------------------------------------------------------------------
def no_piece_can_move(g, seat):
    for p in g.pieces:
        if p["seat"] == seat and p["kind"] == "canine":
            p["at"], p["dead"] = None, g.round
    g.hunter_moved[seat] = True
    g._legal = None


def test_ruling_a_pack_whose_pieces_cannot_move_may_always_pass_move_camp_is_never_forced(st):
    """RULINGS forest: "A pack whose pieces cannot move may always pass; Move Camp is a
    choice, never forced" - with camp moves left, Pass is offered beside them."""
    no_piece_can_move(st, 0)
    assert st.camp_moves[0] == 3
    assert sorted(types(st.legal_actions())) == ["move_camp", "move_camp", "pass"]
    act(st, "pass")
    assert st.current_player == 1 and st.camp_moves[0] == 3 and home(st, 0) == (4, 8)
    turn(st, 0)
    no_piece_can_move(st, 0)
    act(st, "move_camp", to=[3, 8])                    # or the pack moves its camp after all
    assert home(st, 0) == (3, 8) and st.camp_moves[0] == 2


def test_ruling_pass_is_offered_only_when_no_piece_can_move(st):
    """RULINGS forest: passing belongs to a pack whose pieces cannot move."""
    assert not can(st, "pass")
    st.hunter_moved[0] = True
    st._legal = None
    assert not can(st, "pass")                         # the canines still can


def test_ruling_loop_when_the_chain_enters_a_tile_again_from_the_same_direction(st):
    """RULINGS forest, infinite loop: the piece enters a tile it already entered in this
    chain, from the same direction, with nothing opened or chosen since: a canine dies and
    what it carried is lost (the loop swallows it)."""
    lay(st, 4, 6, "arrows-straight")                   # north
    lay(st, 4, 5, "arrows-straight", rot=2)            # south: the two point at each other
    put(st, "0-c1", 3, 6, carry=True)
    events = act(st, "move", piece="0-c1", to=[4, 6], carry=True)
    loop = next(e for e in events if e["type"] == "loop")
    assert loop["died"] and loop["at"] == [4, 5] and "lost" in types(events)
    assert st._pid["0-c1"]["at"] is None and st.destroyed == 1
    assert st.loose[C(st, 4, 5)] == st.loose[C(st, 4, 6)] == 0


def test_ruling_loop_a_tile_entered_again_from_another_direction_resolves_again(st):
    """RULINGS forest: entering a tile again in any other way resolves that tile again; the
    loop comes where a tile is entered again from the same direction."""
    lay(st, 3, 5, "arrows-straight", rot=1)            # east, onto the bear
    lay(st, 4, 5, "bear")                              # entered going east: two tiles back west
    lay(st, 2, 5, "arrows-straight", rot=1)            # east again: (3, 5) entered going east
    put(st, "0-c1", 3, 6)
    events = act(st, "move", piece="0-c1", to=[3, 5], carry=False)
    steps = [(e["to"], e["by"]) for e in events if e["type"] == "step"]
    assert steps == [([3, 5], "step"), ([4, 5], "arrows"), ([2, 5], "bear"), ([3, 5], "arrows"),
                     ([4, 5], "arrows")]
    loop = next(e for e in events if e["type"] == "loop")
    assert loop["at"] == [4, 5]                        # the bear, entered going east twice


def test_ruling_loop_a_red_fox_sends_the_canine_on_again_after_a_tile_opened(st):
    """RULINGS forest: a red fox that sends a canine onto arrows pointing back at the fox is
    no loop - a tile opened on the way, and the fox sends it on to the next face-down tile."""
    lay(st, 4, 5, "red_fox")
    lay(st, 4, 4, "arrows-straight", opened=False, rot=2)   # face down, points back south
    lay(st, 4, 3, "empty", opened=False)
    put(st, "0-c1", 4, 6)
    events = act(st, "move", piece="0-c1", to=[4, 5], carry=False)
    assert "loop" not in types(events)
    steps = [(e["to"], e["by"]) for e in events if e["type"] == "step"]
    assert steps == [([4, 5], "step"), ([4, 4], "red_fox"), ([4, 5], "arrows"),
                     ([4, 3], "red_fox")]
    assert at(st, "0-c1") == (4, 3) and st.current_player == 1


def test_ruling_loop_an_arrow_exit_back_onto_the_chain_is_a_normal_choice(st):
    """RULINGS forest: an arrow exit back onto a tile of the chain is a normal choice, not a
    death sentence - the tiles resolve again, and the choice comes again."""
    lay(st, 4, 6, "arrows-straight")                   # north, onto the two-way arrows
    lay(st, 4, 5, "arrows-two")                        # north or south (back onto (4, 6))
    lay(st, 4, 4, "empty")
    put(st, "0-c1", 4, 7)
    act(st, "move", piece="0-c1", to=[4, 6], carry=False)
    assert st.step == "choose" and at(st, "0-c1") == (4, 5)
    events = act(st, "choose", to=[4, 6], why="arrows")
    assert "loop" not in types(events) and "death" not in types(events)
    assert st.step == "choose" and at(st, "0-c1") == (4, 5) and st.current_player == 0
    act(st, "choose", to=[4, 4], why="arrows")
    assert at(st, "0-c1") == (4, 4) and st.current_player == 1


def test_designed_loop_a_choice_whose_every_way_comes_back_is_a_loop(st):
    """RULINGS forest: a chain is caught in a loop when it would repeat itself for ever.
    Designed: where every choice (and every choice it leads to) only comes back to a choice
    already met, with nothing to open on the way, no choice can end the chain - a loop."""
    lay(st, 4, 6, "arrows-straight")                   # north
    lay(st, 4, 5, "arrows-two")                        # north or south
    lay(st, 4, 4, "arrows-straight", rot=2)            # south, back onto the two-way arrows
    put(st, "0-c1", 4, 7)
    events = act(st, "move", piece="0-c1", to=[4, 6], carry=False)
    loop = next(e for e in events if e["type"] == "loop")
    assert loop["at"] == [4, 5] and loop["died"] and st._pid["0-c1"]["at"] is None
    assert st.step == "move" and st.current_player == 1
    turn(st, 0)
    lay(st, 4, 4, "empty", opened=False)               # a face-down tile: a way out
    put(st, "0-c2", 4, 7)
    act(st, "move", piece="0-c2", to=[4, 6], carry=False)
    assert st.step == "choose"


def test_ruling_loop_a_hunter_goes_home_and_its_nugget_is_lost(st):
    """RULINGS forest: in a loop a hunter goes home; what it carried is lost."""
    lay(st, 4, 6, "arrows-straight")
    lay(st, 4, 5, "arrows-straight", rot=2)
    put(st, "0-h", 3, 6, carry=True)
    events = act(st, "move", piece="0-h", to=[4, 6], carry=True)
    loop = next(e for e in events if e["type"] == "loop")
    assert loop["died"] is False and at(st, "0-h") == (4, 8)
    assert not st._pid["0-h"]["carry"] and st.stored[0] == [] and st.destroyed == 1


def test_ruling_reinforcements_are_on_by_default_after_5_rounds():
    """RULINGS forest: reinforcements off / 3 / 5 rounds, 5 by default; the new canine
    appears at the campfire."""
    spec = next(o for o in ForestState.describe_setup()[1] if o["id"] == "reinforcements")
    assert spec["default"] == 5 and [c["id"] for c in spec["choices"]] == [0, 3, 5]
    g = forest()
    assert g.options["reinforcements"] == 5
    clear(g)
    turn(g, 0)
    lay(g, 4, 7, "lynx")
    act(g, "move", piece="0-c1", to=[4, 7], carry=False)
    died = g._pid["0-c1"]["dead"]
    for _ in range(40):
        legal = [a for a in g.legal_actions() if a["type"] in ("move", "pass")
                 and not (a["type"] == "move" and a["to"] == [4, 7])]
        if "reinforce" in types(g.apply(legal[0])):
            break
    assert g.round == died + 5 and at(g, "0-c1") == home(g, 0)


def test_ruling_a_tie_the_tie_break_leaves_is_shared_and_the_results_say_so(st):
    """RULINGS forest, tie-break: the higher sum of delivery rounds wins; still tied: shared,
    and the results say so (not "broken by the rounds of delivery (11 against 11)")."""
    st.variant = "plunder"
    st.stored[0] = [3, 4]
    st.stored[1] = [2, 4, 5]
    put(st, "0-c1", 4, 7, carry=True)
    st.round = 4
    act(st, "move", piece="0-c1", to=[4, 8], carry=True)     # 3 each, 11 rounds each
    assert st.is_over() and st.winners() == [0, 1]
    assert "shared" in st.summary() and "broken" not in st.summary()
    assert "11 each" in st.summary()
    win = st.view(None)
    assert win["winners"] == [0, 1]
    from game.app import eventtext
    from game.app.eventtext import forest as forest_text
    words = forest_text.results(st, eventtext.Ctx("forest", ["Ann", "Ben"]))
    assert "share" in words["head"] and "share the win" in words["summary"]
    assert "Equal gold" not in words["summary"]


def test_ruling_a_tie_broken_by_the_rounds_of_delivery_says_how(st):
    st.variant = "plunder"
    st.stored[0] = [3, 4]
    st.stored[1] = [2, 4, 9]
    put(st, "0-c1", 4, 7, carry=True)
    st.round = 4
    act(st, "move", piece="0-c1", to=[4, 8], carry=True)     # 3 each, 11 against 15
    assert st.winners() == [1] and "broken by the rounds of delivery (15 against 11)" in \
        st.summary()


def test_ruling_alliances_with_2_or_3_packs_are_refused_with_a_message():
    """RULINGS forest: alliances only with 4 packs; options that do not apply to the chosen
    table (alliances with 2 or 3 packs) are refused with a message and not offered on
    screen."""
    for players in (2, 3):
        with pytest.raises(ValueError, match="4 packs"):
            new_game("forest", players=players, seed=1, options={"alliances": True})
        assert new_game("forest", players=players, seed=1, options={"alliances": False})
    g = forest(players=4, alliances=True)
    assert g.teams == [0, 1, 0, 1]
    assert g.settings_target() == 11
    from game.rules import GAMES
    info = GAMES["forest"]
    spec = next(o for o in info.options if o["id"] == "alliances")
    assert info.option_applies(spec, "race", {}, 4)
    assert not info.option_applies(spec, "race", {}, 3)
    assert not info.option_applies(spec, "race", {}, 2)


def test_ruling_alliances_with_3_packs_are_refused_on_the_command_line(capsys):
    from game.cli import main
    assert main(["simulate", "forest", "--players", "3", "--option", "alliances=on"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error:") and "4 packs" in err[0]


def test_ruling_simulate_counts_an_alliance_s_win_as_the_alliance_s(monkeypatch):
    """RULINGS forest: allies pool their nuggets and win together - ``simulate`` counts that
    as a win of the alliance (each of its seats), not as a tie; packs of different teams that
    stay level share."""
    from game import sim
    one = sim.play_one("forest", 4, 3, ["random"], "race", {"alliances": True})
    assert one["teams"] == [0, 1, 0, 1]
    results = iter([{"seed": 0, "winners": [0, 2], "scores": [5, 1, 6, 0],
                     "teams": [0, 1, 0, 1], "ending": "race", "actions": 9, "seconds": 0.1},
                    {"seed": 1, "winners": [0, 1, 2, 3], "scores": [0, 0, 0, 0],
                     "teams": [0, 1, 0, 1], "ending": "race", "actions": 9, "seconds": 0.1},
                    {"seed": 2, "winners": [1, 3], "scores": [0, 6, 0, 5],
                     "teams": [0, 1, 0, 1], "ending": "race", "actions": 9, "seconds": 0.1}])
    monkeypatch.setattr(sim, "play_one", lambda *a, **k: next(results))
    r = sim.simulate("forest", 4, 3, levels=["random"], variant="race",
                     options={"alliances": True})
    assert [s["wins"] for s in r["seats"]] == [1, 1, 1, 1]
    assert [s["shared_wins"] for s in r["seats"]] == [1, 1, 1, 1] and r["ties"] == 1
    assert [s["win_percent"] for s in r["seats"]] == [66.67] * 4


def test_ruling_simulate_counts_how_race_games_end_target_or_round_cap(monkeypatch):
    """RULINGS forest: "Race: first pack to 6 stored nuggets ... Race has the same round cap as
    a safety net" - ``simulate`` counts the games by how they ended (``state.ending()``), the
    figure that shows Race games end by the target and not by the cap."""
    from game import sim
    g = forest()
    assert g.ending() == ""
    one = sim.play_one("forest", 2, 4, ["random"], "race")
    assert one["ending"] in ("race", "round_cap")
    results = iter([{"seed": i, "winners": [i % 2], "scores": [6, 2], "teams": [0, 1],
                     "ending": ending, "actions": 9, "seconds": 0.1}
                    for i, ending in enumerate(["race", "round_cap", "race", "race"])])
    monkeypatch.setattr(sim, "play_one", lambda *a, **k: next(results))
    r = sim.simulate("forest", 2, 4, levels=["good"], variant="race")
    assert r["endings"] == {"race": 3, "round_cap": 1}
    assert "endings: race 3 (75.0%), round_cap 1 (25.0%)" in sim.format_table(r)


# ------------------------------------------------------------------------------------------
# views, saves, computer players (shared design)
# ------------------------------------------------------------------------------------------
def test_spec_face_down_tiles_are_unknown_to_everybody_the_view_counts_them():
    g = forest(seed=5)
    v = g.view(0)
    assert all(c is None or c["kind"] == "campfire" for c in v["cells"])
    assert sum(v["unseen"].values()) == 81 and v["face_down"] == 79 and v["aside"] == 2
    assert "tile" not in json.dumps([c for c in v["cells"] if c])
    assert g.view(0)["cells"] == g.view(1)["cells"] == g.view(None)["cells"]
    text = json.dumps(v)
    for c in range(81):     # no tile type of a face-down cell appears by position
        if not g.opened[c]:
            assert v["cells"][c] is None
    assert "rot" not in text


def test_spec_from_view_deals_the_hidden_tiles_at_random_but_keeps_what_is_known():
    g = forest(seed=5)
    clear_some = random.Random(1)
    for _ in range(30):
        legal = g.legal_actions()
        g.apply(clear_some.choice(legal))
        if g.is_over():
            break
    v = g.view(0)
    a, b = ForestState.from_view(v, 1), ForestState.from_view(v, 2)
    assert a.view(0) == v == b.view(0)
    hidden = [c for c in range(81) if not g.opened[c]]
    assert [a.tile[c] for c in hidden] != [b.tile[c] for c in hidden]


def test_spec_events_carry_what_a_screen_needs(st):
    lay(st, 4, 6, "arrows-straight")
    lay(st, 4, 5, "gold-2", opened=False)
    put(st, "0-c1", 4, 7)
    events = act(st, "move", piece="0-c1", to=[4, 6], carry=False)
    for e in events:
        assert e["text"]
        json.dumps(e)
    reveal = next(e for e in events if e["type"] == "reveal")
    assert reveal["chance"] is True and reveal["kind"] == "gold" and reveal["tile"] == "gold-2"
    assert all("chance" not in e for e in events if e["type"] != "reveal")
    steps = [e for e in events if e["type"] == "step"]
    assert all({"piece", "frm", "to", "by", "carry", "kind"} <= set(e) for e in steps)
    assert [e["kind"] for e in steps] == ["arrows", "face_down"]


def test_spec_to_dict_round_trips_exactly_and_refuses_damage():
    g = forest(seed=2)
    rng = random.Random(2)
    for _ in range(80):
        if g.is_over():
            break
        g.apply(rng.choice(g.legal_actions()))
    d = json.loads(json.dumps(g.to_dict()))
    assert load_state(d).to_dict() == d
    bad = []
    for key, value in (("tile", ["dragon"] * 81), ("rot", [7] * 81), ("loose", [-1] * 81),
                       ("round", "3"), ("step", "dance"), ("camps", [0, 1]),
                       ("opened", [1] * 81), ("stored", [[0]]), ("pieces", []),
                       ("camp_moves", [9, 9]), ("size", 10), ("hunter_moved", [0, 0])):
        x = json.loads(json.dumps(d))
        x["state"][key] = value
        bad.append(x)
    x = json.loads(json.dumps(d))
    x["state"]["pieces"][0]["at"] = 999
    bad.append(x)
    x = json.loads(json.dumps(d))
    x["options"]["size"] = 13
    bad.append(x)
    for x in bad:
        with pytest.raises(LoadError):
            load_state(x)


@pytest.mark.parametrize("variant", ["race", "plunder"])
@pytest.mark.parametrize("size", [9, 11])
def test_spec_games_always_end_under_every_computer_level(variant, size):
    for i, levels in enumerate((["random"] * 2, ["beginner"] * 3, ["good", "random", "beginner",
                                                                   "good"])):
        players = len(levels)
        g = new_game("forest", players=players, seed=10 + i, variant=variant,
                     options={"size": size, "alliances": players == 4,
                              "reinforcements": 3 if i == 1 else 0})
        agents = [make_agent("forest", lv, seed=s) for s, lv in enumerate(levels)]
        for _ in range(5000):
            if g.is_over():
                break
            seat = g.current_player
            g.apply(agents[seat].decide(g.view(seat), g.legal_actions()))
        assert g.is_over() and g.winners()
        assert g.round <= 61


def test_spec_agents_decide_the_same_whatever_the_face_down_tiles_are():
    g = forest(seed=9)
    rng = random.Random(9)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))
    seat = g.current_player
    view = g.view(seat)
    twin = ForestState.from_view(view, 77)
    assert [a.key() for a in twin.legal_actions()] == [a.key() for a in g.legal_actions()]
    for level in ("beginner", "good"):
        a = make_agent("forest", level, seed=3).decide(view, g.legal_actions())
        b = make_agent("forest", level, seed=3).decide(twin.view(seat), twin.legal_actions())
        assert a.key() == b.key()


def test_spec_illegal_actions_are_refused(st):
    with pytest.raises(IllegalAction):
        st.apply({"type": "move", "piece": "0-c1", "to": [4, 4], "carry": False})
    with pytest.raises(IllegalAction):
        st.apply({"type": "move", "piece": "1-c1", "to": [4, 1], "carry": False})
    with pytest.raises(IllegalAction):
        st.apply({"type": "camp", "cell": [4, 8]})
