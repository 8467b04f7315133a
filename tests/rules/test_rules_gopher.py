"""Gopher's Pantry rules: one test per rule sentence of seed 000 and per gopher ruling
(RULINGS.md), plus the shared design (views, secrets, saves, events) and the computer players.

Test names start with the part of the rulebook they check: goal_, end_, setup_, play_, move_,
level_, collect_, present_, score_, simplified_, baskets_, beginner_, then ruling_ for RULINGS.md,
spec_ for the shared design and designed_ for our own readings and data.

Positions are built by hand with ``table`` (tokens, page, hands and deck chosen) and dice are
forced with ``dice``.
"""
from __future__ import annotations

import json
import random
import time

import pytest

from game.ai import make_agent
from game.rules import GAMES, IllegalAction, LoadError, load_state, new_game, state_from_view
from game.rules.gopher import (DIGGER, GopherState, combinations, default_data, move_options)
from tests.helpers import key, play

D = default_data()
VARIANTS = ("standard", "simplified", "baskets", "beginner")


# ------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------
def game(variant="standard", players=2, seed=1) -> GopherState:
    return new_game("gopher", players=players, seed=seed, variant=variant)


def placed(variant="standard", players=2, seed=1) -> GopherState:
    st = game(variant, players, seed)
    for s in range(players):
        st.apply(st.legal_actions()[s])
    return st


def table(variant="standard", tokens=(1, 20), page=1, hands=None, deck=None, active=0,
          players=None) -> GopherState:
    """A position at the start of ``active``'s turn: tokens, page, hands and deck chosen (the
    cards are taken from the rule set's deck so that every card is somewhere)."""
    players = players or len(tokens)
    st = placed(variant, players)
    pool = D.deck(variant)
    if variant != "beginner":
        st.hands = []
        for s in range(players):
            h = list((hands or {}).get(s, []))
            for c in h:
                pool.remove(c)
            st.hands.append(h)
        for s in range(players):
            if s not in (hands or {}):
                st.hands[s] = sorted(pool.pop() for _ in range(6))
        if deck is not None:
            for c in deck:
                pool.remove(c)
            st.discard = pool              # out of the way, still counted
            st.deck = list(deck)
        else:
            st.deck = pool
    st.tokens = list(tokens)
    st.page = page
    ev: list = []
    st._start_turn(active, ev)
    st._legal = None
    return st


def dice(st, *values):
    it = iter(values)
    st._roll_die = lambda: next(it, None) or st.rng.randint(1, 6)
    return st


def act(st, type_, **fields):
    for a in st.legal_actions():
        if a["type"] == type_ and all(a.get(k) == v for k, v in fields.items()):
            return st.apply(a)
    raise AssertionError(f"no legal {type_} {fields}: {[key(a) for a in st.legal_actions()]}")


def types(st) -> set:
    return {a["type"] for a in st.legal_actions()}


def ends(st) -> set:
    return {a["to"] for a in st.legal_actions() if a["type"] == "move"}


def roll(st, value):
    dice(st, value)
    return act(st, "roll")


def collect_with(st, add=(), sub=()):
    ev = []
    for c in add:
        ev += act(st, "add", card=c)
    for c in sub:
        ev += act(st, "subtract", card=c)
    return ev + act(st, "collect")


def hole_with(page, what, amount=None):
    return next(h for h, s in sorted(D.pages[page].signs.items())
                if s[0] == what and (amount is None or s[1] == amount))


def full_cards(st) -> list:
    out = st.deck + st.discard + st.picks_add + st.picks_sub + st.present
    for s in range(st.players):
        out += st.hands[s] + st.face_up[s] + st.face_down[s] + st.trophies[s]
    out += [c for c, n in st.table.items() for _ in range(n)]
    return sorted(out)


# ------------------------------------------------------------------------------------------
# goal and end
# ------------------------------------------------------------------------------------------
def test_goal_collect_as_many_provisions_as_possible_the_most_wins():
    st = table()
    st.face_up = [["acorn:5"], ["berry:7"]]
    st._finish("test", [])
    assert st.scores() == [5, 7] and st.winners() == [1]


def test_end_deck_empty_and_a_player_holds_three_or_fewer_cards():
    # seat 0 at hole 1 (page 1: acorn 2); a move of one step to 2 (berry 5)
    st = table(tokens=(1, 20), hands={0: ["berry:5", "acorn:1", "acorn:2"],
                                      1: ["acorn:3", "acorn:4", "berry:1", "berry:2"]}, deck=[])
    roll(st, 1)
    act(st, "move", to=2)
    ev = collect_with(st, add=["berry:5"])
    assert st.is_over() and "deck is empty" in st.end_reason
    assert ev[-1]["type"] == "game_over" and ev[-1]["end"] == {"why": "deck_empty", "cards": 2}


def test_ruling_the_end_is_checked_after_refilling():
    """Down to 2 cards after collecting, refilled to 6 by the last 4 cards: no end yet."""
    st = table(tokens=(1, 20), hands={0: ["berry:5", "acorn:1", "acorn:2"]},
               deck=["spikelet:1", "spikelet:2", "spikelet:3", "spikelet:4"])
    roll(st, 1)
    act(st, "move", to=2)
    collect_with(st, add=["berry:5"])
    assert not st.is_over() and len(st.hands[0]) == 6 and st.deck == []


# ------------------------------------------------------------------------------------------
# setup
# ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_each_player_gets_six_cards(players):
    st = game(players=players)
    assert all(len(h) == 6 for h in st.hands)
    assert len(st.deck) == 58 - 6 * players


def test_setup_tokens_placed_in_turn_from_the_youngest_on_any_empty_hole():
    st = game(players=3)
    assert st.current_player == 0 and len(st.legal_actions()) == 20
    act(st, "place", hole=7)
    assert st.current_player == 1 and 7 not in {a["hole"] for a in st.legal_actions()}
    act(st, "place", hole=8)
    assert st.current_player == 2 and len(st.legal_actions()) == 18


def test_setup_a_roll_opens_the_start_page():
    st = game()
    act(st, "place", hole=1)
    dice(st, 4)
    ev = act(st, "place", hole=2)
    page = next(e for e in ev if e["type"] == "page")
    assert st.page == 4 and page["chance"] is True and page["value"] == 4
    assert st.step == "roll" and st.current_player == 0


# ------------------------------------------------------------------------------------------
# play
# ------------------------------------------------------------------------------------------
def test_play_turns_go_clockwise_from_the_youngest():
    st = table(players=3, tokens=(1, 10, 20))
    seen = []
    for _ in range(4):
        seen.append(st.active)
        act(st, "roll") if st.step == "roll" else None
        while st.active == seen[-1] and not st.is_over():
            st.apply([a for a in st.legal_actions() if a["type"] != "dig"][-1])
    assert seen == [0, 1, 2, 0]


def test_play_a_turn_rolls_moves_that_many_steps_and_collects():
    st = table(tokens=(1, 20), hands={0: ["berry:5", "acorn:1"]})
    ev = roll(st, 1)
    assert ev[0]["type"] == "roll" and ev[0]["chance"] and st.step == "move"
    assert ends(st) == {2, 6}
    act(st, "move", to=2)
    assert st.step == "collect"
    ev = collect_with(st, add=["berry:5"])
    assert st.face_up[0] == ["berry:5"]


def test_play_after_the_turn_everyone_refills_to_six():
    st = table(tokens=(1, 20), hands={0: ["berry:2", "berry:3"], 1: ["acorn:1"]})
    roll(st, 1)
    act(st, "move", to=2)
    collect_with(st, add=["berry:2", "berry:3"])
    assert [len(h) for h in st.hands] == [6, 6]


# ------------------------------------------------------------------------------------------
# moving
# ------------------------------------------------------------------------------------------
def test_move_in_any_direction_turns_allowed():
    st = table(tokens=(7, 20), page=4)             # the crossroads: a full grid
    roll(st, 2)
    assert ends(st) == {1, 3, 9, 11, 13, 17}


def test_move_only_along_tunnels_never_through_walls():
    page = D.pages[3]                                 # the snake: 1-2-3-...
    assert [1, 6] in page.walls or [1, 6] not in page.tunnels
    st = table(tokens=(1, 20), page=3)
    roll(st, 1)
    assert ends(st) == {2}                            # hole 6 is behind a wall


def test_move_leapfrog_another_token():
    st = table(tokens=(1, 2), page=3)
    roll(st, 1)
    assert ends(st) == {3}
    ev = act(st, "move", to=3)
    hop = ev[0]["hops"][0]
    assert hop["over"] == [2] and hop["jumped"] == [1]


def test_move_leapfrog_a_run_of_neighbouring_tokens():
    st = table(tokens=(1, 2, 3), page=3)
    roll(st, 1)
    assert ends(st) == {4, 8}                         # over 2 and 3, turning at 3 or not
    ev = act(st, "move", to=4)
    assert ev[0]["hops"][0]["over"] == [2, 3]


def test_move_a_jump_counts_as_one_step_the_jumped_holes_do_not_count():
    st = table(tokens=(1, 2), page=3)
    roll(st, 2)
    assert ends(st) == {4, 8}                         # jump (1 step) + one more


def test_ruling_exactly_the_roll_no_hole_twice():
    st = table(tokens=(1, 20), page=3)
    roll(st, 3)
    assert ends(st) == {4, 8}                         # never back to 1 or 2
    opts = move_options(D.pages[4], 7, 4, {}, False)
    for end, path, hops in opts:
        assert len(path) == 5 and len(set(path)) == 5


def plain_ends(page, start, steps, occupied, by_jumps) -> set:
    """Every end of a move by the ruling read plainly (an independent, slow search): a step
    goes to a free neighbour or jumps a run of tokens (turning where the tunnels turn) to the
    first free hole behind it; no hole is used twice, landed on or jumped over.  With
    ``by_jumps``: (end, the seats jumped)."""
    adj = page.adj
    out = set()

    def jumps(prev, at, over):
        for m in adj[at]:
            if m == prev or m in over:
                continue
            if m in occupied:
                yield from jumps(at, m, over + [m])
            else:
                yield m, over

    def walk(at, left, used, seats):
        if left == 0:
            out.add((at, seats) if by_jumps else at)
            return
        for n in adj[at]:
            if n in used:
                continue
            if n not in occupied:
                walk(n, left - 1, used | {n}, seats)
                continue
            for land, over in jumps(at, n, [n]):
                if land in used or used & set(over):
                    continue
                walk(land, left - 1, used | {land} | set(over),
                     seats | frozenset(occupied[h] for h in over))
    walk(start, steps, {start}, frozenset())
    return out


def test_ruling_a_move_never_jumps_the_same_hole_twice():
    """RULINGS, movement: no hole twice in one move, "neither landed on nor jumped over: a move
    never leapfrogs the same hole twice".  Page 4, tokens on 9 and 8, a roll of 3: 9 -> 3 -> 7
    -> 6 would jump hole 8 twice, so hole 6 is out of reach."""
    st = table(tokens=(9, 8), page=4)
    roll(st, 3)
    assert 6 not in ends(st) and {1, 3, 5, 11, 17} <= ends(st)
    for end, path, hops in move_options(D.pages[4], 9, 3, {8: 1}, False):
        used = [9] + [h for _, y, over in hops for h in list(over) + [y]]
        assert used.count(8) <= 1 and len(used) == len(set(used)), used
    ev = act(st, "move", to=3)
    used = [ev[0]["start"]] + [h for hop in ev[0]["hops"] for h in hop["over"] + [hop["to"]]]
    assert len(used) == len(set(used))


def test_ruling_a_move_never_passes_a_hole_twice_the_hub_of_page_5():
    """RULINGS, movement (no hole twice, jumped or landed on): on page 5 with the hub 13 taken
    and the mover on 14, every way on after jumping the hub leads back through it, so a roll of
    6 reaches no hole at all and the token stays (ineffective)."""
    st = table(tokens=(14, 13), page=5, hands={0: ["acorn:1"]})
    roll(st, 6)
    assert ends(st) == set() and types(st) == {"stay"}
    ev = act(st, "stay")
    assert st.tokens[0] == 14 and any(e["type"] == "ineffective" for e in ev)


@pytest.mark.parametrize("by_jumps", [False, True])
def test_ruling_no_hole_twice_every_end_hole_as_a_plain_search_finds_it(by_jumps):
    """RULINGS, movement: the end holes offered (with baskets: per set of seats jumped) are
    exactly those of a plain search of the ruling, over 600 seeded positions of every page with
    1 to 3 other tokens, and every path offered uses each hole once, jumped or landed on."""
    rng = random.Random(31)
    holes = sorted(D.holes)
    for _ in range(600):
        page = D.pages[rng.randint(1, 6)]
        start, *others = rng.sample(holes, rng.randint(2, 4))
        occupied = {h: s + 1 for s, h in enumerate(others)}
        steps = rng.randint(1, 6)
        got = move_options(page, start, steps, occupied, by_jumps)
        found = {(e, frozenset(occupied[h] for _, _, o in hops for h in o)) if by_jumps else e
                 for e, _, hops in got}
        assert found == plain_ends(page, start, steps, occupied, by_jumps)
        assert len(found) == len(got)
        for end, path, hops in got:
            used = [start] + [h for _, y, over in hops for h in list(over) + [y]]
            assert len(used) == len(set(used)) and path[-1] == end and len(hops) == steps


def test_ruling_one_token_per_hole():
    st = table(tokens=(1, 3), page=3)
    roll(st, 2)
    assert 3 not in ends(st)


def test_designed_no_end_hole_reachable_the_token_stays_ineffective():
    from game.rules.gopher import Page
    tiny = Page(1, "two holes", {1: (2,), 2: (1,)}, {}, [[1, 2]], [])
    assert move_options(tiny, 1, 2, {}, False) == []
    st = table(tokens=(1, 20), hands={0: ["acorn:1"]})
    roll(st, 2)
    st._moves = []                                       # as if no end hole could be reached
    st._legal = None
    assert types(st) == {"stay"}
    ev = act(st, "stay")
    assert st.tokens[0] == 1 and any(e["type"] == "ineffective" for e in ev)


# ------------------------------------------------------------------------------------------
# level changes
# ------------------------------------------------------------------------------------------
def _portal_one_step(page):
    """A (start, portal) pair one tunnel apart on ``page``."""
    p = D.pages[page]
    for h, (what, _) in sorted(p.signs.items()):
        if what == "portal":
            return p.adj[h][0], h
    raise AssertionError


def test_level_a_portal_after_the_move_rolls_for_the_page():
    start, portal = _portal_one_step(2)
    st = table(tokens=(start, 20 if start != 20 else 19), page=2)
    dice(st, 1, 5)
    act(st, "roll")
    ev = act(st, "move", to=portal)
    pages = [e for e in ev if e["type"] == "page"]
    assert pages and pages[0]["page_to"] == 5 and pages[0]["chance"] and st.page == 5


def test_level_portal_roll_of_the_current_page_no_change():
    start, portal = _portal_one_step(2)
    st = table(tokens=(start, 20 if start != 20 else 19), page=2)
    dice(st, 1, 2)
    act(st, "roll")
    ev = act(st, "move", to=portal)
    assert st.page == 2 and not next(e for e in ev if e["type"] == "page")["changed"]
    assert st.active == 1                                # the turn is over


def test_level_digger_before_the_roll_instead_of_moving():
    st = table(tokens=(1, 20), hands={0: [DIGGER, "acorn:1"]})
    assert "dig" in types(st)
    dice(st, 3)
    ev = act(st, "dig")
    assert st.tokens[0] == 1 and st.page == 3 and ev[0]["before_roll"] is True


def test_level_digger_after_the_roll_instead_of_moving():
    st = table(tokens=(1, 20), hands={0: [DIGGER, "acorn:1"]})
    roll(st, 2)
    assert "dig" in types(st)
    dice(st, 5)
    act(st, "dig")
    assert st.tokens[0] == 1 and st.page == 5


def test_level_digger_onto_a_portal_rolls_once_more():
    hole = hole_with(6, "portal")                       # page 6 has a portal at `hole`
    assert D.pages[2].signs[hole][0] != "portal"
    st = table(tokens=(hole, 20 if hole != 20 else 19), page=2, hands={0: [DIGGER]})
    dice(st, 6, 4)
    ev = act(st, "dig")
    pages = [e for e in ev if e["type"] == "page"]
    assert len(pages) == 2 and pages[1]["extra"] and st.page == 4


def test_level_the_used_digger_goes_to_the_discard_pile():
    st = table(tokens=(1, 20), hands={0: [DIGGER, "acorn:1"]})
    n = len(st.discard)
    dice(st, 3)
    act(st, "dig")
    assert st.discard.count(DIGGER) >= 1 and len(st.discard) == n + 1
    assert DIGGER not in st.hands[0][:1] or st.hands[0].count(DIGGER) < 2


def test_level_after_a_change_every_player_may_collect_active_first():
    # page 5 (the star): hole 1 acorn 6, hole 2 berry 6
    st = table(tokens=(1, 2), page=1, hands={0: [DIGGER, "acorn:6"], 1: ["berry:6"]})
    dice(st, 5)
    act(st, "dig")
    assert st.step == "collect" and st.current_player == 0
    collect_with(st, add=["acorn:6"])
    assert st.step == "collect" and st.current_player == 1
    collect_with(st, add=["berry:6"])
    assert st.face_up == [["acorn:6"], ["berry:6"]] and st.active == 1 and st.step == "roll"


def test_ruling_the_extra_roll_does_not_chain():
    hole = hole_with(6, "portal")
    pages_with_portal = [p for p in D.pages if D.pages[p].signs[hole][0] == "portal"]
    other = next(p for p in pages_with_portal if p != 6) if len(pages_with_portal) > 1 else 6
    st = table(tokens=(hole, 20 if hole != 20 else 19), page=2, hands={0: [DIGGER]})
    dice(st, 6, other, 3, 3, 3)
    ev = act(st, "dig")
    assert len([e for e in ev if e["type"] == "page"]) == 2


def test_ruling_failing_to_collect_after_a_change_costs_nothing():
    st = table(tokens=(1, 2), page=1, hands={0: [DIGGER, "acorn:6"], 1: ["berry:6"]})
    dice(st, 5)
    act(st, "dig")
    act(st, "pass")                                    # seat 0 passes: no card drawn
    assert not any(e["type"] == "draw" and e["seat"] == 0 and e["why"] == "ineffective"
                   for e in act(st, "pass"))


# ------------------------------------------------------------------------------------------
# collecting
# ------------------------------------------------------------------------------------------
def test_collect_the_sign_gives_the_kind_and_amount():
    st = table(tokens=(1, 20), hands={0: ["acorn:5", "berry:2"]})   # page 1, hole 2: berry 5
    roll(st, 1)
    act(st, "move", to=2)
    assert types(st) == {"pass"}                        # no berries making 5: give up only
    assert any(e["type"] == "ineffective" for e in act(st, "pass"))


def test_collect_by_a_sum_of_cards():
    st = table(tokens=(1, 20), hands={0: ["berry:2", "berry:3"]})
    roll(st, 1)
    act(st, "move", to=2)
    ev = collect_with(st, add=["berry:2", "berry:3"])
    c = next(e for e in ev if e["type"] == "collect")
    assert c["add"] == ["berry:2", "berry:3"] and c["sub"] == [] and c["amount"] == 5


def test_collect_by_a_difference_of_cards():
    st = table(tokens=(1, 20), hands={0: ["berry:7", "berry:2"]})
    roll(st, 1)
    act(st, "move", to=2)
    collect_with(st, add=["berry:7"], sub=["berry:2"])
    assert st.face_up[0] == ["berry:7"] and st.face_down[0] == ["berry:2"]


def test_collect_with_one_card_of_the_right_value():
    st = table(tokens=(1, 20), hands={0: ["berry:5"]})
    roll(st, 1)
    act(st, "move", to=2)
    collect_with(st, add=["berry:5"])
    assert st.face_up[0] == ["berry:5"]


def test_collect_without_the_cards_the_turn_is_ineffective_and_draws_one():
    st = table(tokens=(1, 20), hands={0: ["acorn:1", "acorn:2", "acorn:3", "acorn:4", "acorn:6",
                                          "acorn:7"]})
    roll(st, 1)
    act(st, "move", to=2)
    assert types(st) == {"pass"}
    ev = act(st, "pass")
    assert any(e["type"] == "ineffective" for e in ev)
    assert len(st.hands[0]) == 7


def test_collect_a_whole_store_takes_any_kinds():
    st = table(tokens=(3, 20), hands={0: ["acorn:4", "berry:5"]})   # page 1 hole 8: store 9
    st.tokens = [7, 20]
    st._legal = None
    roll(st, 1)
    act(st, "move", to=8)
    collect_with(st, add=["acorn:4", "berry:5"])
    assert sorted(st.face_up[0]) == ["acorn:4", "berry:5"]


def test_collect_added_cards_face_up_subtracted_face_down():
    st = table(tokens=(1, 20), hands={0: ["berry:9", "berry:4"]})
    roll(st, 1)
    act(st, "move", to=2)
    collect_with(st, add=["berry:9"], sub=["berry:4"])
    v = st.view(1)["seats"][0]
    assert v["face_up"] == ["berry:9"] and v["face_down"] == ["berry:4"]


def test_ruling_at_least_one_card_added_only_completable_picks_offered():
    st = table(tokens=(1, 20), hands={0: ["berry:7", "berry:2", "acorn:5"]})
    roll(st, 1)
    act(st, "move", to=2)
    offered = {(a["type"], a.get("card")) for a in st.legal_actions()}
    assert offered == {("add", "berry:7"), ("subtract", "berry:2"), ("pass", None)}


def test_ruling_collecting_is_optional_a_pass_is_ineffective():
    st = table(tokens=(1, 20), hands={0: ["berry:5"]})
    roll(st, 1)
    act(st, "move", to=2)
    act(st, "add", card="berry:5")
    ev = act(st, "pass")
    assert st.face_up[0] == [] and any(e["type"] == "ineffective" for e in ev)
    assert "berry:5" in st.hands[0]


def test_ruling_the_hand_may_exceed_six():
    st = table(tokens=(1, 20), hands={0: ["acorn:1", "acorn:2", "acorn:3", "acorn:4", "acorn:6",
                                          "acorn:7"]})
    roll(st, 1)
    act(st, "move", to=2)
    act(st, "pass")
    assert len(st.hands[0]) == 7


def test_ruling_an_empty_hole_is_ineffective_a_portal_is_not():
    h = hole_with(1, "nothing")
    start = D.pages[1].adj[h][0]
    st = table(tokens=(start, 20 if start != 20 else 1), hands={0: ["acorn:1"]})
    roll(st, 1)
    ev = act(st, "move", to=h)
    assert any(e["type"] == "ineffective" for e in ev)
    start, portal = _portal_one_step(2)
    st = table(tokens=(start, 20 if start != 20 else 19), page=2, hands={0: ["acorn:1"]})
    dice(st, 1, 2)
    act(st, "roll")
    ev = act(st, "move", to=portal)
    assert not any(e["type"] == "ineffective" for e in ev)


def test_ruling_refill_active_player_first_then_clockwise():
    st = table(players=3, tokens=(1, 10, 20), active=1,
               hands={0: ["acorn:1"], 1: ["acorn:2"], 2: ["acorn:3"]})
    st.tokens = [1, 10, 20]
    h = hole_with(1, "nothing")
    st._legal = None
    ev: list = []
    st._end_turn(ev)
    draws = [e["seat"] for e in ev if e["type"] == "draw"]
    assert draws == [1, 2, 0]


# ------------------------------------------------------------------------------------------
# presents
# ------------------------------------------------------------------------------------------
def _to_present(deck, hands=None):
    st = table(tokens=(2, 20), hands=hands or {0: ["acorn:1"]}, deck=deck)   # page 1: 3 present
    roll(st, 1)
    return st, act(st, "move", to=3)


def test_present_look_at_three_keep_one_as_a_trophy():
    st, ev = _to_present(["acorn:1", "berry:2", "berry:9", "spikelet:4", "acorn:7"])
    look = next(e for e in ev if e["type"] == "present")
    assert look["count"] == 3 and look["chance"] and look["private_to"] == 0
    assert st.view(0)["present"] == ["acorn:7", "spikelet:4", "berry:9"]
    assert st.view(1)["present"] is None
    assert {a["card"] for a in st.legal_actions()} == {"acorn:7", "spikelet:4", "berry:9"}
    act(st, "keep", card="berry:9")
    assert st.trophies[0] == ["berry:9"] and st.scores()[0] == 9


def test_present_the_others_go_to_the_bottom_of_the_deck():
    st, _ = _to_present(["acorn:1", "berry:2", "berry:9", "spikelet:4", "acorn:7"])
    act(st, "keep", card="berry:9")
    # refill took from the top; the two returned cards lie at the bottom
    assert set(st.deck[:2]) == {"acorn:7", "spikelet:4"} or st.deck == []


def test_present_a_digger_taken_is_used_at_once_never_to_the_hand():
    st, _ = _to_present(["acorn:1", "berry:2", "berry:9", "spikelet:4", DIGGER])
    dice(st, 4, 4)                                       # hole 3 is a portal on page 4
    ev = act(st, "keep", card=DIGGER)
    assert DIGGER not in st.hands[0] and DIGGER in st.discard and st.page == 4
    assert any(e["type"] == "page" for e in ev) and st.trophies[0] == []


def test_present_with_an_empty_deck_the_hole_is_empty():
    st, ev = _to_present([])
    assert any(e["type"] == "present_empty" for e in ev)
    assert any(e["type"] == "ineffective" for e in ev)


def test_ruling_present_with_fewer_cards_looks_at_what_is_left():
    st, ev = _to_present(["acorn:3"])
    assert next(e for e in ev if e["type"] == "present")["count"] == 1


# ------------------------------------------------------------------------------------------
# scoring
# ------------------------------------------------------------------------------------------
def test_score_added_cards_count_plus_subtracted_count_minus():
    st = table()
    st.face_up = [["acorn:7", "berry:3"], []]
    st.face_down = [["berry:2"], []]
    st.trophies = [["spikelet:4"], []]
    assert st.scores() == [7 + 3 - 2 + 4, 0]


def test_ruling_tie_fewer_subtracted_points_wins():
    st = table()
    st.face_up = [["acorn:7", "berry:3"], ["acorn:9"]]
    st.face_down = [["berry:2"], ["acorn:1"]]
    st._finish("test", [])
    assert st.scores() == [8, 8] and st.winners() == [1]


def test_ruling_tie_with_equal_subtracted_points_is_shared():
    st = table()
    st.face_up = [["acorn:8"], ["berry:8"]]
    st._finish("test", [])
    assert st.winners() == [0, 1]


# ------------------------------------------------------------------------------------------
# simplified rules
# ------------------------------------------------------------------------------------------
def test_simplified_addition_only():
    st = table("simplified", tokens=(1, 20), hands={0: ["berry:7", "berry:2"]})
    roll(st, 1)
    act(st, "move", to=2)                                # 7 - 2 would make 5, not allowed
    assert types(st) == {"pass"}


def test_simplified_two_diggers_and_the_8_9_10_cards_removed():
    deck = D.deck("simplified")
    assert deck.count(DIGGER) == 5 and len(deck) == 42 + 5
    assert not any(c != DIGGER and int(c.split(":")[1]) >= 8 for c in deck)


# ------------------------------------------------------------------------------------------
# baskets
# ------------------------------------------------------------------------------------------
def test_baskets_each_player_starts_with_the_own_basket():
    assert table("baskets", players=3, tokens=(1, 10, 20)).holder == [0, 1, 2]


def _jump_and_collect(hands, collect=True, tokens=(1, 2, 20), holder=None):
    # page 3, the snake: 1-2-3-4 ; hole 3 acorn 5, hole 4 spikelet 2
    st = table("baskets", tokens=tokens, page=3, hands=hands)
    if holder:
        st.holder = list(holder)
    roll(st, 1)
    act(st, "move", to=3)
    if collect:
        return st, collect_with(st, add=["acorn:5"])
    return st, None


def test_baskets_leapfrog_on_an_effective_turn_takes_the_basket():
    st, ev = _jump_and_collect({0: ["acorn:5"]})
    assert st.holder[1] == 0 and any(e["type"] == "baskets" for e in ev)


def test_baskets_on_an_ineffective_turn_every_basket_stays():
    st, _ = _jump_and_collect({0: ["berry:1"]}, collect=False)
    assert st.holder == [0, 1, 2]


def test_baskets_the_owner_buys_back_with_the_next_effective_collection():
    st = table("baskets", tokens=(1, 20, 10), page=3, active=1, hands={1: ["berry:3"]})
    st.tokens = [10, 1, 20]
    st.holder = [0, 0, 2]                                # seat 0 holds seat 1's basket
    st._legal = None
    roll(st, 1)
    act(st, "move", to=2)                                # page 3, hole 2: berry 3
    ev = collect_with(st, add=["berry:3"])
    assert st.holder[1] == 1 and st.face_up[0] == ["berry:3"] and st.face_up[1] == []
    assert any(e["type"] == "ransom" for e in ev)


def test_baskets_several_leapfrogged_in_one_turn_all_taken():
    st = table("baskets", tokens=(1, 2, 3), page=3, hands={0: ["spikelet:2"]})
    roll(st, 1)
    act(st, "move", to=4)                                # hole 4: spikelet 2
    collect_with(st, add=["spikelet:2"])
    assert st.holder == [0, 0, 0]


def test_baskets_a_holder_leapfrogged_loses_every_basket_held():
    st = table("baskets", tokens=(1, 2, 20), page=3, hands={0: ["acorn:5"]})
    st.holder = [0, 1, 1]                                # seat 1 holds seat 2's basket
    roll(st, 1)
    act(st, "move", to=3)
    collect_with(st, add=["acorn:5"])
    assert st.holder == [0, 0, 0]


def test_ruling_an_owner_who_leapfrogs_the_holder_takes_the_basket_back_free():
    st = table("baskets", tokens=(1, 2, 20), page=3, hands={0: ["acorn:5"]})
    st.holder = [1, 1, 2]                                # seat 1 holds seat 0's basket
    roll(st, 1)
    act(st, "move", to=3)
    ev = collect_with(st, add=["acorn:5"])
    assert st.holder == [0, 0, 2] and st.face_up[0] == ["acorn:5"]
    assert not any(e["type"] == "ransom" for e in ev)


# ------------------------------------------------------------------------------------------
# beginner rules
# ------------------------------------------------------------------------------------------
def test_beginner_cards_lie_open_on_the_table_sorted_no_hands():
    st = game("beginner")
    assert st.hands == [[], []] and st.deck == []
    assert st.table["acorn:1"] == 2 and st.table["berry:10"] == 1
    assert st.view(1)["table"] == st.table


def test_beginner_take_one_two_or_three_cards_for_the_sum():
    st = table("beginner", tokens=(1, 20))
    roll(st, 1)
    act(st, "move", to=2)                                # berry 5
    takes = {tuple(a["take"]) for a in st.legal_actions() if a["type"] == "take" and not a["give"]}
    assert (5,) in takes and (1, 4) in takes and (1, 1, 3) in takes
    assert all(len(t) <= 3 and sum(t) == 5 for t in takes)


def test_beginner_give_back_change():
    st = table("beginner", tokens=(1, 20))
    st.face_up[0] = ["berry:3"]
    st.table["berry:3"] -= 1
    roll(st, 1)
    act(st, "move", to=2)
    act(st, "take", kind="berry", take=[8], give=[3])
    assert st.face_up[0] == ["berry:8"] and st.table["berry:3"] == 2


def test_beginner_harder_no_sign_paid_with_a_single_card():
    st = new_game("gopher", players=2, seed=1, variant="beginner",
                  options={"single_card": "not_allowed"})
    for s in range(2):
        act(st, "place", hole=(1, 20)[s])
    st.page = 1
    st._start_turn(0, [])
    st._legal = None
    roll(st, 1)
    act(st, "move", to=2)                                # berry 5
    takes = [a for a in st.legal_actions() if a["type"] == "take"]
    assert takes and all(len(a["take"]) >= 2 for a in takes)


def test_beginner_at_a_store_choose_the_kind():
    st = table("beginner", tokens=(7, 20))
    roll(st, 1)
    act(st, "move", to=8)                                # page 1 hole 8: store 9
    kinds = {a["kind"] for a in st.legal_actions() if a["type"] == "take"}
    assert kinds == {"acorn", "berry", "spikelet"}


def test_beginner_a_present_gives_another_turn():
    st = table("beginner", tokens=(2, 20))
    roll(st, 1)
    ev = act(st, "move", to=3)
    assert st.active == 0 and st.step == "roll" and any(e.get("again") for e in ev)


def test_ruling_beginner_every_present_gives_another_turn_on_an_extra_turn_too():
    """RULINGS, beginner: "a present hole gives another turn - every present reached does, on
    an extra turn too": three presents in a row, three extra turns."""
    st = table("beginner", tokens=(2, 20))
    for _ in range(3):
        st.tokens[0] = 2
        st._legal = None
        roll(st, 1)
        ev = act(st, "move", to=3)                       # page 1, hole 3: a present
        assert [e["type"] for e in ev][-2:] == ["present", "turn"] and ev[-2]["again"]
        assert st.active == 0 and st.step == "roll" and st.bonus
        assert not any(e["type"] in ("present_empty", "ineffective") for e in ev)
    roll(st, 1)
    act(st, "move", to=4)
    while st.active == 0:
        st.apply(st.legal_actions()[-1])
    assert st.active == 1 and not st.bonus


def test_beginner_one_digger_each():
    st = table("beginner", tokens=(1, 20))
    assert st.diggers_left == [1, 1] and "dig" in types(st)
    dice(st, 3)
    act(st, "dig")
    while st.active == 0:
        st.apply(st.legal_actions()[-1])
    while st.active == 1:
        st.apply([a for a in st.legal_actions() if a["type"] != "dig"][-1])
    assert "dig" not in types(st)


def test_beginner_after_a_level_change_everyone_may_take():
    st = table("beginner", tokens=(1, 2))
    dice(st, 5)
    act(st, "dig")
    assert st.step == "collect" and st.current_player == 0
    act(st, "take", kind="acorn", take=[6], give=[])
    assert st.current_player == 1 and st.step == "collect"


def test_beginner_the_game_ends_when_a_kind_runs_out():
    st = table("beginner", tokens=(1, 20))
    for c in list(st.table):
        if c.startswith("berry") and c != "berry:5":
            st.table[c] = 0
    st.table["berry:5"] = 1
    roll(st, 1)
    act(st, "move", to=2)
    act(st, "take", kind="berry", take=[5], give=[])
    assert st.is_over() and "berry" in st.end_reason


def test_beginner_score_is_the_number_of_complete_lunches():
    st = table("beginner")
    st.face_up = [["acorn:5", "berry:3", "spikelet:9"], ["acorn:10", "berry:10"]]
    assert st.scores() == [3, 0]


# ------------------------------------------------------------------------------------------
# rulings on the components
# ------------------------------------------------------------------------------------------
def test_ruling_six_pages_share_one_set_of_holes():
    assert sorted(D.pages) == [1, 2, 3, 4, 5, 6]
    for p in D.pages.values():
        assert set(p.adj) == set(D.holes) == set(p.signs)


def test_ruling_pages_differ_in_tunnels_walls_and_signs():
    tunnels = {json.dumps(p.tunnels) for p in D.pages.values()}
    signs = {json.dumps(sorted(p.signs.items())) for p in D.pages.values()}
    assert len(tunnels) == 6 and len(signs) == 6


def test_ruling_the_designed_deck_51_provisions_and_7_diggers():
    deck = D.deck("standard")
    assert len(deck) == 58 and deck.count(DIGGER) == 7
    for k in D.kinds:
        vals = sorted(int(c.split(":")[1]) for c in deck if c.startswith(k + ":"))
        assert vals == sorted(list(range(1, 8)) * 2 + [8, 9, 10])


def test_ruling_signs_are_kind_amount_store_portal_present_or_nothing():
    kinds = {s[0] for p in D.pages.values() for s in p.signs.values()}
    assert kinds == {"acorn", "berry", "spikelet", "store", "portal", "present", "nothing"}


def test_designed_a_stalled_game_ends():
    st = table(tokens=(1, 20), hands={0: ["acorn:1"] * 0 + ["acorn:9", "acorn:10", "berry:10",
                                                              "berry:9"],
                                      1: ["spikelet:10", "spikelet:9", "spikelet:8", "acorn:8"]},
               deck=[])
    n = 0
    while not st.is_over():
        st.apply(next((a for a in st.legal_actions() if a["type"] in ("pass", "stay", "roll")),
                      None) or st.legal_actions()[0])
        n += 1
        assert n < 500
    assert "nobody collected" in st.end_reason or "deck is empty" in st.end_reason


def _turns_without_collecting(st, turns: int) -> None:
    """End ``turns`` turns in a row in which nobody collects."""
    for _ in range(turns):
        assert not st.is_over()
        st.collected_any = False
        st._end_turn([])


@pytest.mark.parametrize("variant", ["standard", "simplified", "baskets"])
def test_ruling_stall_only_with_the_deck_empty(variant):
    """RULINGS, stall: "with the deck empty (standard, simplified, baskets), when nobody has
    collected for 3 full rounds the game ends": with cards in the deck no count of idle rounds
    ends it; with the deck empty, 3 full rounds do, not one turn sooner."""
    st = table(variant, tokens=(1, 20))
    assert st.deck
    _turns_without_collecting(st, 40)
    assert not st.is_over() and st.stall == 0
    st.discard += st.deck
    st.deck = []
    _turns_without_collecting(st, 3 * 2 - 1)
    assert not st.is_over() and st.stall == 5
    ev: list = []
    st._end_turn(ev)
    assert st.is_over() and st.end == {"why": "stalled", "rounds": 3}
    assert ev[-1]["type"] == "game_over" and ev[-1]["end"] == {"why": "stalled", "rounds": 3}


@pytest.mark.parametrize("players", [2, 3])
def test_ruling_beginner_stall_needs_ten_full_rounds(players):
    """RULINGS, stall: "in the beginner rules (no deck) the same end needs 10 full rounds
    without a collection" (3 rounds could end a beginner game in its first rounds while every
    kind is still on the table)."""
    st = table("beginner", tokens=(1, 20, 10)[:players])
    assert D.rule_sets["beginner"]["stalled_rounds"] == 10
    _turns_without_collecting(st, 10 * players - 1)
    assert not st.is_over()
    st._end_turn([])
    assert st.is_over() and st.end == {"why": "stalled", "rounds": 10}


def test_ruling_beginner_a_take_resets_the_stall():
    """RULINGS, stall: the rounds counted are rounds without a collection."""
    st = table("beginner", tokens=(1, 20))
    st.stall = 15
    roll(st, 1)
    act(st, "move", to=2)                                # berry 5
    act(st, "take", kind="berry", take=[5], give=[])
    assert st.stall == 0 and not st.is_over()


PRESENT_DECK = ["acorn:1", "berry:2", "berry:9", "spikelet:7", "acorn:7"]
THREE_HANDS = {0: ["spikelet:1"], 1: ["spikelet:2"], 2: ["spikelet:3"]}


def _present_deck(*cards):
    """Seat 0 one step from the present on page 1 (hole 3) with a hand of six; the deck."""
    hand = ["spikelet:1", "spikelet:2", "spikelet:3", "spikelet:4", "spikelet:5", "spikelet:6"]
    return table(tokens=(2, 20), hands={0: hand}, deck=list(cards))


def test_ruling_a_kept_trophy_counts_as_collecting_for_the_stall():
    """RULINGS, stall: "Keeping a present's trophy counts as collecting": the last card of the
    deck kept as a trophy in a turn that would have been the stall's last does not end the
    game."""
    st = _present_deck("acorn:7")
    st.stall = 2 * 3 - 1                                 # one turn short of 3 idle rounds
    roll(st, 1)
    act(st, "move", to=3)
    ev = act(st, "keep", card="acorn:7")
    assert st.deck == [] and not st.is_over() and st.stall == 0
    assert not any(e["type"] == "game_over" for e in ev)


def test_ruling_a_trophy_turn_is_effective_and_draws_no_card():
    """RULINGS: "A turn that keeps a present's trophy is effective ... and draws no card"."""
    st = _present_deck(*PRESENT_DECK)
    roll(st, 1)
    ev = act(st, "move", to=3)
    assert st.effective is False and st.step == "present"
    ev = act(st, "keep", card="berry:9")
    assert not any(e["type"] == "ineffective" for e in ev)
    assert not any(e["type"] == "draw" and e["why"] == "ineffective" for e in ev)
    assert len(st.hands[0]) == 6 and st.trophies[0] == ["berry:9"]


def _leap_to_present():
    """(page, start, jumped hole, present hole): a one-step leapfrog onto a present."""
    for num, page in sorted(D.pages.items()):
        for c, (what, _) in sorted(page.signs.items()):
            if what != "present":
                continue
            for b in page.adj[c]:
                for a in page.adj[b]:
                    if a != c and len(page.adj[b]) == 2:
                        return num, a, b, c
    raise AssertionError("no leapfrog onto a present in the book")


def test_ruling_a_trophy_turn_takes_the_baskets_of_the_seats_leapfrogged():
    """RULINGS: a turn that keeps a trophy is effective: "it takes baskets when the move
    leapfrogged" (with baskets: the jumped seat's basket and any it holds)."""
    num, a, b, c = _leap_to_present()
    free = next(h for h in sorted(D.holes) if h not in (a, b, c))
    st = table("baskets", tokens=(a, b, free), page=num, hands=THREE_HANDS, deck=PRESENT_DECK)
    st.holder = [0, 1, 1]                                # seat 1 holds seat 2's basket
    roll(st, 1)
    ev = act(st, "move", to=c)
    assert ev[0]["jumped"] == [1] and st.step == "present"
    ev = act(st, "keep", card="berry:9")
    assert st.holder == [0, 0, 0] and st.trophies[0] == ["berry:9"]
    taken = next(e for e in ev if e["type"] == "baskets")
    assert taken["source"] == 1 and taken["owners"] == [1, 2]


def test_ruling_a_trophy_turn_without_leapfrog_takes_no_basket():
    """RULINGS (baskets are taken only "when the move leapfrogged")."""
    st = table("baskets", tokens=(2, 20, 10), hands=THREE_HANDS, deck=PRESENT_DECK)
    roll(st, 1)
    act(st, "move", to=3)
    ev = act(st, "keep", card="berry:9")
    assert st.holder == [0, 1, 2] and not any(e["type"] == "baskets" for e in ev)


def test_designed_a_trophy_on_the_owners_next_effective_turn_buys_the_basket_back():
    """RULINGS, baskets: an owner buys the basket back with what the next effective turn
    collects; a trophy turn is effective, so the trophy goes to the holder (its trophies)."""
    st = table("baskets", tokens=(2, 20, 10), hands=THREE_HANDS, deck=PRESENT_DECK)
    st.holder = [2, 1, 2]                                # seat 2 holds seat 0's basket
    roll(st, 1)
    act(st, "move", to=3)
    ev = act(st, "keep", card="berry:9")
    assert st.holder == [0, 1, 2] and st.trophies == [[], [], ["berry:9"]]
    ransom = next(e for e in ev if e["type"] == "ransom")
    assert ransom["holder"] == 2 and ransom["cards"] == ["berry:9"]


# what the rules text on screen says of each ruling, in the four languages
RULES_TEXT_SAYS = {
    "no hole twice, jumped or landed on": {
        "en": "neither as a stop nor as a hole you jump over",
        "de": "weder als Halt noch als Loch, über das du springst",
        "fr": "ni comme arrêt ni comme trou que tu sautes",
        "ru": "ни как остановка, ни как нора, через которую ты прыгаешь"},
    "stall: deck empty, 3 full rounds, a trophy counts as collecting": {
        "en": "If the deck is empty and nobody collects anything for three whole rounds, the "
              "game also ends; a trophy kept from a present counts as collecting.",
        "de": "Ist der Stapel leer und sammelt drei ganze Runden lang niemand etwas ein, endet "
              "das Spiel ebenfalls; eine behaltene Trophäe zählt als Einsammeln.",
        "fr": "Si la pioche est vide et que personne ne ramasse rien pendant trois tours "
              "complets, la partie s'arrête aussi ; garder le trophée d'un cadeau compte comme "
              "ramasser.",
        "ru": "Если колода пуста и три полных круга никто ничего не собирает, игра тоже "
              "заканчивается; оставленный трофей из подарка считается сбором."},
    "stall: beginner 10 full rounds": {
        "en": "nobody has taken anything for ten whole rounds",
        "de": "zehn ganze Runden lang niemand etwas genommen hat",
        "fr": "personne n'a rien pris pendant dix tours complets",
        "ru": "десять полных кругов никто ничего не брал"},
    "a turn keeping a trophy is effective": {
        "en": "Keeping a trophy counts as collecting, so the turn is not wasted.",
        "de": "Eine behaltene Trophäe zählt als Einsammeln, der Zug war also nicht vergeblich.",
        "fr": "Garder un trophée compte comme ramasser : le tour n'est donc pas perdu.",
        "ru": "Оставленный трофей считается сбором, так что ход не впустую."},
    "a trophy turn takes baskets when the move leapfrogged": {
        "en": "(keeping a present's trophy counts)",
        "de": "(auch eine behaltene Trophäe zählt)",
        "fr": "(garder le trophée d'un cadeau compte aussi)",
        "ru": "(трофей из подарка тоже считается)"},
    "beginner: every present reached gives another turn, on an extra turn too": {
        "en": "every time you reach one, even on a turn that a present gave you",
        "de": "jedes Mal, wenn du eines erreichst, auch in einem Zug, den dir ein Geschenk "
              "gebracht hat",
        "fr": "chaque fois que tu en atteins un, même pendant un tour qu'un cadeau t'a donné",
        "ru": "каждый раз, когда ты до неё доходишь, даже в ходе, который дал тебе подарок"},
    "picks private until paid, giving up shows nothing": {
        "en": "nobody finds out which cards went back into your hand",
        "de": "erfährt niemand, welche Karten in deine Hand zurückgegangen sind",
        "fr": "personne n'apprend lesquelles sont retournées dans ta main",
        "ru": "никто не узнает, какие из них вернулись в руку"},
}


@pytest.mark.parametrize("ruling", sorted(RULES_TEXT_SAYS))
def test_ruling_the_rules_text_says_it_in_four_languages(ruling):
    """RULINGS (gopher: movement, stall, trophy turns, beginner presents, private picks): the
    rules text on screen says each of them, in English, German, French and Russian."""
    from pathlib import Path
    for lang, words in RULES_TEXT_SAYS[ruling].items():
        text = Path(f"data/texts/{lang}/gopher_rules.md").read_text(encoding="utf-8")
        assert words in " ".join(text.split()), (lang, ruling)


# ------------------------------------------------------------------------------------------
# the shared design: views, saves, events, speed
# ------------------------------------------------------------------------------------------
def test_spec_view_hides_other_hands_and_the_deck_order():
    st = placed()
    v = st.view(0)
    assert v["seats"][0]["hand"] == st.hands[0] and v["seats"][1]["hand"] is None
    assert v["seats"][1]["hand_count"] == 6 and v["deck_count"] == len(st.deck)
    assert "deck" not in v
    other = st.clone()                                   # other hidden cards, same view
    pool = other.hands[1] + other.deck
    random.Random(3).shuffle(pool)
    other.hands[1], other.deck = sorted(pool[:6]), pool[6:]
    assert other.hands[1] != st.hands[1] and other.view(0) == v
    assert st.view(None)["seats"][0]["hand"] is None


def test_spec_present_cards_shown_to_the_looker_only():
    st, ev = _to_present(["acorn:1", "berry:2", "berry:9", "spikelet:4", "acorn:7"])
    assert st.view(0)["present"] == ["acorn:7", "spikelet:4", "berry:9"]
    assert st.view(1)["present"] is None and st.view(1)["present_count"] == 3
    look = next(e for e in ev if e["type"] == "present")
    assert "berry" not in look["text"] and look["seat"] == 0


def test_spec_draws_name_no_card_in_their_text():
    """Draws and looks carry no card at all; picks and giving up carry theirs in fields marked
    ``secret`` (the seat's alone: RULINGS, picks are private until paid), never anywhere else."""
    st = placed()
    seen = set()
    for _ in range(300):
        if st.is_over():
            break
        for e in st.apply(random.Random(len(st.deck)).choice(st.legal_actions())):
            seen.add(e["type"])
            if e["type"] in ("draw", "present") and not e.get("again"):
                assert e["chance"] and e["private_to"] == e["seat"] and "secret" not in e
                assert "card" not in e and "cards" not in e
                assert not any(k in e["text"] for k in ("acorn", "berry", "spikelet", "digger"))
            if e["type"] in ("pick", "pass"):
                assert e["private_to"] == e["seat"] and "chance" not in e
                assert e["secret"] == (["card", "sign"] if e["type"] == "pick" else ["returned"])
                public = {k: v for k, v in e.items() if k not in e["secret"] and k != "text"}
                assert not any(k in json.dumps(public) for k in ("acorn", "berry", "spikelet"))
    assert {"pick", "pass"} <= seen


def _building(variant="standard"):
    """Seat 0 at berry 5 (page 1, hole 2) with many ways to pay; seat 1 and a spectator
    watch."""
    hand = ["berry:1", "berry:2", "berry:3", "berry:4", "berry:6", "acorn:5"]
    st = table(variant, tokens=(1, 20), hands={0: hand, 1: ["acorn:1", "acorn:2"]})
    roll(st, 1)
    act(st, "move", to=2)
    assert st.step == "collect" and st.collector == 0
    return st


@pytest.mark.parametrize("variant", ["standard", "simplified", "baskets"])
def test_ruling_picks_are_private_until_paid_other_views_are_the_same_whichever_cards(variant):
    """RULINGS: "Cards a player picks while building a payment are that player's secret until
    the payment is confirmed": view(other seat) and view(None) are the same whichever cards
    were picked (and however many), while the picking seat sees its own picks."""
    base = _building(variant)
    others = {seat: base.view(seat) for seat in (1, None)}
    assert others[1]["seats"][0]["hand_count"] == 6 and others[1]["picks_add"] == []
    builds = 0
    todo = [base]
    while todo:
        st = todo.pop()
        for seat in (1, None):
            assert st.view(seat) == others[seat]
        if st.picks_add or st.picks_sub:
            builds += 1
            mine = st.view(0)
            assert (mine["picks_add"], mine["picks_sub"]) == (st.picks_add, st.picks_sub)
            assert mine["seats"][0]["hand"] == st.hands[0]
        for a in st.legal_actions():
            if a["type"] in ("add", "subtract"):
                nxt = st.clone()
                nxt.apply(a)
                todo.append(nxt)
    assert builds >= 8
    act(base, "add", card="berry:2")
    act(base, "add", card="berry:3")
    ev = act(base, "collect")                            # paid: now public
    assert base.view(1)["seats"][0]["face_up"] == ["berry:2", "berry:3"]
    assert any(e["type"] == "collect" and "secret" not in e for e in ev)


def test_ruling_giving_up_shows_nothing_to_the_others():
    """RULINGS: "giving up shows nothing to the others": the pass event keeps the cards that
    went back in a ``secret`` field, and the other views after it are the same whichever cards
    had been picked."""
    after = {}
    for picks in ([("add", "berry:1")], [("add", "berry:2"), ("add", "berry:3")],
                  [("add", "berry:6"), ("subtract", "berry:1")], []):
        st = _building()
        for t, c in picks:
            act(st, t, card=c)
        ev = act(st, "pass")
        gave_up = next(e for e in ev if e["type"] == "pass")
        assert gave_up["private_to"] == 0 and gave_up["secret"] == ["returned"]
        assert sorted(gave_up["returned"]) == sorted(c for _, c in picks)
        public = {k: v for k, v in gave_up.items() if k not in gave_up["secret"] + ["text"]}
        assert public == {"type": "pass", "seat": 0, "private_to": 0, "secret": ["returned"]}
        for seat in (1, None):
            v = st.view(seat)
            after.setdefault(seat, v)
            assert v == after[seat]


def test_ruling_picks_private_a_state_dealt_from_another_view_holds_together():
    """RULINGS (picks private): a state dealt from another seat's view (``from_view``, what a
    computer player searches on) puts the unseen picks back into the collector's hand: the
    same view, every card once, and it plays on to the end."""
    st = _building()
    act(st, "add", card="berry:6")
    act(st, "subtract", card="berry:1")
    for seat in (1, None):
        for i in range(20):
            twin = state_from_view("gopher", st.view(seat), seed=i)
            assert twin.view(seat) == st.view(seat)
            assert full_cards(twin) == full_cards(st)
            assert twin.picks_add == twin.picks_sub == [] and len(twin.hands[0]) == 6
            assert twin.current_player == 0 and {"pass"} <= types(twin)
            rng = random.Random(i)
            while not twin.is_over():
                twin.apply(rng.choice(twin.legal_actions()))


@pytest.mark.parametrize("variant", ["standard", "simplified", "baskets"])
def test_spec_the_collect_step_opens_whatever_the_hidden_hand_can_pay(variant):
    """A hand is its seat's secret: at a provision sign the collect step opens whether or not
    the hand can pay (it may only give up), so the other seats see the same game either way
    (the same step, views and public events); after a page turn too."""
    def arrive(hand):
        st = table(variant, tokens=(1, 20), hands={0: hand, 1: ["acorn:1", "acorn:2"]})
        roll(st, 1)
        return st, act(st, "move", to=2)                 # page 1, hole 2: berry 5
    can, ev_can = arrive(["berry:2", "berry:3", "acorn:5"])
    cannot, ev_cannot = arrive(["berry:1", "berry:7", "acorn:5"])
    assert can.step == cannot.step == "collect" and types(cannot) == {"pass"}
    assert [e["type"] for e in ev_can] == [e["type"] for e in ev_cannot]
    for seat in (1, None):
        assert can.view(seat) == cannot.view(seat)
    public = [[(e["type"], e.get("seat")) for e in act(st, "pass")] for st in (can, cannot)]
    assert public[0] == public[1]
    # a page turn: every seat at a provision sign decides, whatever its hand
    st = table(variant, tokens=(1, 2), page=1, hands={0: [DIGGER, "spikelet:1"],
                                                      1: ["spikelet:2"]})
    dice(st, 5)
    act(st, "dig")                                       # page 5: hole 1 acorn 6, 2 berry 6
    assert st.step == "collect" and st.current_player == 0 and types(st) == {"pass"}
    act(st, "pass")
    assert st.step == "collect" and st.current_player == 1 and types(st) == {"pass"}


def test_spec_an_option_that_does_nothing_in_the_rule_set_is_refused():
    """Issue 31 (texts: "an option that does nothing in the chosen rule set is refused with a
    message"). ``single_card`` belongs to the beginner rules; set (to a value other than its default)
    with another rule set it would do nothing, so the setup refuses it with a sentence."""
    for variant in ("standard", "simplified", "baskets"):
        with pytest.raises(ValueError) as info:
            new_game("gopher", 2, seed=1, variant=variant, options={"single_card": "not_allowed"})
        assert "single_card" in str(info.value) and "Beginner" in str(info.value)
        assert new_game("gopher", 2, seed=1, variant=variant,
                        options={"single_card": "allowed"}).options["single_card"] == "allowed"
    st = new_game("gopher", 2, seed=1, variant="beginner", options={"single_card": "not_allowed"})
    assert st.options["single_card"] == "not_allowed"


@pytest.mark.parametrize("variant", VARIANTS)
def test_spec_every_roll_and_draw_is_marked_chance(variant):
    st = placed(variant, 3)
    rng = random.Random(4)
    while not st.is_over():
        for e in st.apply(rng.choice(st.legal_actions())):
            if e["type"] in ("roll", "page", "draw", "present") and not e.get("again"):
                assert e.get("chance") is True, e


@pytest.mark.parametrize("variant", VARIANTS)
def test_spec_from_view_deals_hidden_cards_and_shows_the_same_view(variant):
    st = placed(variant, 3, seed=5)
    rng = random.Random(5)
    for i in range(120):
        if st.is_over():
            break
        seat = st.current_player
        twin = state_from_view("gopher", st.view(seat), seed=i)
        assert twin.view(seat) == st.view(seat)
        assert sorted(map(key, twin.legal_actions())) == sorted(map(key, st.legal_actions()))
        assert full_cards(twin) == full_cards(st)
        st.apply(rng.choice(st.legal_actions()))


@pytest.mark.parametrize("variant", VARIANTS)
def test_spec_save_and_load_round_trip_exactly(variant):
    st = placed(variant, 4, seed=7)
    rng = random.Random(7)
    for i in range(200):
        if st.is_over():
            break
        d = json.loads(json.dumps(st.to_dict()))
        back = load_state(d)
        assert back.to_dict() == st.to_dict()
        a = rng.choice(st.legal_actions())
        assert json.dumps(back.apply(a), sort_keys=True) == json.dumps(st.apply(a), sort_keys=True)


@pytest.mark.parametrize("change,word", [
    (lambda s: s.__setitem__("page", 9), "page"),
    (lambda s: s.__setitem__("tokens", [1, 1]), "tokens"),
    (lambda s: s["hands"][0].append("acorn:1"), "cards"),
    (lambda s: s.__setitem__("step", "dance"), "step"),
    (lambda s: s.__setitem__("holder", [0, 5]), "basket"),
    (lambda s: s.__setitem__("stall", -1), "stall"),
    (lambda s: s.pop("deck"), "deck"),
    (lambda s: s.__setitem__("effective", "yes"), "effective"),
    (lambda s: s.__setitem__("present", s["hands"][0][:1]) or s["hands"][0].pop(0), "present"),
    (lambda s: s.__setitem__("table", [["acorn:1", 2]]), "cards"),
])
def test_spec_a_damaged_save_is_refused_with_a_sentence(change, word):
    st = placed()
    d = json.loads(json.dumps(st.to_dict()))
    change(d["state"])
    with pytest.raises(LoadError) as info:
        load_state(d)
    assert word in str(info.value)


def test_spec_illegal_actions_are_refused():
    st = placed()
    with pytest.raises(IllegalAction):
        st.apply({"type": "move", "to": 99, "path": []})
    with pytest.raises(IllegalAction):
        st.apply({"type": "collect"})


def test_spec_legal_lists_stay_small():
    for variant in VARIANTS:
        st = placed(variant, 4, seed=3)
        rng = random.Random(3)
        while not st.is_over():
            legal = st.legal_actions()
            if st.step == "move":
                assert len(legal) <= (20 * 8 if variant == "baskets" else 20) + 1
            elif st.step == "collect" and variant != "beginner":
                assert len(legal) <= 2 * len(st.hands[st.current_player]) + 2
            elif st.step == "collect":
                assert len(legal) <= 60
            st.apply(rng.choice(legal))


def test_spec_combinations_helper_matches_the_build_up():
    hand = ["berry:2", "berry:3", "berry:7", "acorn:5"]
    combos = combinations(hand, "berry", 5, True)
    assert (["berry:2", "berry:3"], []) in combos and (["berry:7"], ["berry:2"]) in combos
    assert all(sum(int(c.split(":")[1]) for c in a) - sum(int(c.split(":")[1]) for c in s) == 5
               for a, s in combos)


def test_spec_random_playouts_are_fast():
    rng = random.Random(0)
    n, t0 = 0, time.process_time()
    seed = 0
    while time.process_time() - t0 < 1.0:
        st = new_game("gopher", players=2 + seed % 3, seed=seed)
        seed += 1
        while not st.is_over():
            st.apply(rng.choice(st.legal_actions()))
            n += 1
    rate = n / (time.process_time() - t0)
    assert rate >= 10_000, f"{rate:.0f} actions/s"      # the bench target is 50,000 (alone)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("level", ["random", "beginner", "good"])
def test_spec_games_always_end(variant, level):
    for players in (2, 3, 4):
        st = new_game("gopher", players=players, seed=players, variant=variant)
        agents = [make_agent("gopher", level, seed=s) for s in range(players)]
        play(st, agents, limit=5000)
        assert st.winners()


def test_spec_catalog_lists_gopher_with_its_rules_and_screen():
    info = GAMES["gopher"]
    assert info.state_class is GopherState and info.available
    assert info.variant_label == "Rule set" and [v["id"] for v in info.variants] == list(VARIANTS)
    assert info.score_label_for("beginner") == "complete lunches"


@pytest.mark.parametrize("variant", VARIANTS)
def test_spec_every_event_is_listed_in_event_types(variant):
    from tests.rules.test_event_types import MARKS, fields_of
    for seed in range(4):
        st = placed(variant, 2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not st.is_over():
            for ev in st.apply(rng.choice(st.legal_actions())):
                doc = GopherState.EVENT_TYPES.get(ev["type"])
                assert doc, ev["type"]
                assert not set(ev) - MARKS - fields_of(doc), ev
