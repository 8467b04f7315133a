"""The rules' quick paths give what the general ones give (tests/rules/test_rules_replay.py checks
whole recorded games; these check the short cuts one by one on seeded random positions)."""
from __future__ import annotations

import inspect
import random
import textwrap

from game.rules import gopher, hamster, new_game


def _positions(game, step, seeds, variants=(None,), moves=200):
    rng = random.Random(5)
    for seed in seeds:
        for variant in variants:
            kw = {"variant": variant} if variant else {}
            state = new_game(game, players=2 + seed % 3, seed=seed, **kw)
            for _ in range(moves):
                if state.is_over():
                    break
                if state.step == step:
                    yield state
                state.apply(rng.choice(state.legal_actions()))


def test_gopher_picks_with_one_or_two_cards_are_those_of_the_bit_masks():
    """A collection with at most two eligible cards is answered without bit masks; the
    answer is the general one, action for action."""
    src = textwrap.dedent(inspect.getsource(gopher.GopherState._pick_actions))
    assert "if n <= 2:" in src
    scope: dict = {}
    exec(src.replace("if n <= 2:", "if False:"), vars(gopher.legal), scope)   # the general path only
    general = scope["_pick_actions"]
    small = 0
    for state in _positions("gopher", "collect", range(8), ("standard", "simplified")):
        seat = state.current_player
        got = state._pick_actions(seat)
        assert [list(a.items()) for a in got] == \
            [list(a.items()) for a in general(state, seat)]
        small += len(gopher.eligible(state.hands[seat], state.sign_at(seat)[0])) <= 2
    assert small > 50


def test_gopher_deck_is_a_new_list_each_time():
    data = gopher.default_data()
    deck = data.deck("standard")
    deck.pop()
    assert len(data.deck("standard")) == len(deck) + 1


def test_hamster_legal_sets_are_the_connected_sets_next_to_the_crosses():
    """The remembered legal lists (a roll of 1: every size in one entry) are those worked out
    from the chamber's sets directly."""
    checked = 0
    for state in _positions("hamster", "choose", range(6), moves=300):
        seat, roll = state.current_player, state.roll
        marks = state.marks[seat]
        if roll == 1:
            free = state.sheet.one_row - state.one_used[seat]
            sizes = range(1, min(hamster.MAX_ONES, free) + 1)
        else:
            sizes = [roll]
        want = []
        for c in state.sheet.chambers:
            m = marks[c.index]
            if m == c.full:
                continue
            if not any(marks):
                anchors = c.full if (state.options.get("first_cross") == "any" or c.start) else 0
            else:
                anchors = c.nbr[m] if m else 0
                for far, other, near in c.entries:
                    if marks[other] & near:
                        anchors |= far
                anchors &= ~m
            for k in sizes:
                if k < len(c.by_size):
                    want += [(c.index, s) for s in c.by_size[k] if not s & m and s & anchors]
        got, parts = state._legal_parts(seat, roll)
        assert got == want == state._legal_sets(seat, roll)
        chambers = state.sheet.chambers
        assert list(parts) == [(chambers[ci].cells_of(s), chambers[ci].describe(s))
                               for ci, s in got]
        checked += 1
    assert checked > 100


def test_moles_can_move_is_whether_a_move_is_listed():
    checked = 0
    for state in _positions("moles", "turn", range(6), moves=300):
        seat = state.current_player
        for value in sorted(set(state.board.discs)):
            for bonus in (False, True):
                assert state.can_move(seat, value, bonus) == \
                    bool(state._list_moves(seat, value, bonus))
                checked += 1
    assert checked > 100
