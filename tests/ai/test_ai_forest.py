"""Forest Gold computer players: sensible choices, strength, speed.

The full strength report (200 seeded 2-pack Race games against each weaker level) is
``game.ai.forest_ai.strength_report()``; here a smaller seeded sample keeps the suite quick.
"""
from __future__ import annotations

import time

from game.ai import make_agent
from game.ai.forest_ai import Evaluator, duel
from game.rules.base import action_key
from game.rules import new_game
from tests.rules.test_rules_forest import act, clear, forest, lay, put, turn


def test_beginner_delivers_a_nugget_next_to_its_campfire():
    st = forest()
    clear(st)
    turn(st, 0)
    put(st, "0-c1", 4, 7, carry=True)
    a = make_agent("forest", "beginner", 1).decide(st.view(0), st.legal_actions())
    assert a["type"] == "move" and a["to"] == [4, 8] and a["carry"]


def test_beginner_keeps_canines_off_an_open_lynx():
    st = forest()
    clear(st)
    turn(st, 0)
    for x in (3, 4, 5):
        lay(st, x, 7, "lynx")
    for pid in ("0-c2", "0-h"):
        put(st, pid, 0, 4)
    for seed in range(20):
        a = make_agent("forest", "beginner", seed).decide(st.view(0), st.legal_actions())
        assert not (a["type"] == "move" and a["piece"] == "0-c1" and a["to"][1] == 7)


def test_good_takes_gold_home_and_attacks_a_rival_carrier():
    st = forest()
    clear(st)
    turn(st, 0)
    put(st, "0-c1", 4, 7, carry=True)
    a = make_agent("forest", "good", 1).decide(st.view(0), st.legal_actions())
    assert a["to"] == [4, 8] and a["carry"]
    put(st, "0-c1", 2, 2)
    put(st, "1-c1", 2, 3, carry=True)
    a = make_agent("forest", "good", 1).decide(st.view(0), st.legal_actions())
    assert a["piece"] == "0-c1" and a["to"] == [2, 3]


def test_good_guards_a_full_campfire_against_a_raider():
    st = forest()
    clear(st)
    turn(st, 0)
    st.stored[0] = [3, 4, 5]
    for pid in ("0-c1", "0-c2", "0-h"):
        put(st, pid, 4, 7)
    put(st, "1-c1", 5, 7)
    a = make_agent("forest", "good", 1).decide(st.view(0), st.legal_actions())
    assert a["type"] == "move" and a["to"] in ([4, 8], [5, 7])


def test_good_steps_onto_the_gold_it_sees():
    st = forest()
    clear(st)
    turn(st, 0)
    lay(st, 2, 5, "gold-3")
    st.loose[st.n * 5 + 2] = 3
    put(st, "0-c1", 2, 6)
    ev = Evaluator(0)
    before = ev.value(st)
    act(st, "move", piece="0-c1", to=[2, 5], carry=False)
    assert ev.value(st) > before


def test_good_beats_random_and_beginner_in_two_pack_races():
    """Seeded sample of the strength report (targets: 90% against random, 75% against the
    beginner over 200 games)."""
    assert duel(6, 1, "random")["rate"] >= 0.9
    assert duel(10, 1, "beginner")["rate"] >= 0.7


def test_good_moves_within_a_second_on_the_big_board():
    g = new_game("forest", players=4, seed=3, variant="plunder", options={"size": 11})
    agents = [make_agent("forest", "good", s) for s in range(4)]
    worst = 0.0
    for _ in range(120):
        if g.is_over():
            break
        seat = g.current_player
        t0 = time.process_time()   # CPU time: a busy machine does not fail it
        a = agents[seat].decide(g.view(seat), g.legal_actions())
        worst = max(worst, time.process_time() - t0)
        g.apply(a)
    assert worst < 1.0


# ---- the expert's hook: playout player and leaf value ------------------------------------------

def _positions(count=6, steps=40):
    """Seeded 2-pack positions reached by beginner play, each with a real choice."""
    out = []
    for seed in range(1, count + 1):
        st = new_game("forest", players=2, seed=seed)
        movers = [make_agent("forest", "beginner", seed * 10 + s) for s in range(2)]
        for step in range(steps + 40):
            if st.is_over() or (step >= steps and len(st.legal_actions()) > 1):
                break
            s = st.current_player
            st.apply(movers[s].decide(st.view(s), st.legal_actions()))
        if not st.is_over():
            out.append(st)
    return out


def test_expert_playout_player_reads_only_what_the_view_shows():
    """Same view, different hidden deals: the same choices (it never reads a face-down tile)."""
    from game.ai.forest_ai import ForestPlayoutAgent
    from game.rules.forest import ForestState
    for st in _positions():
        view = st.view(st.current_player)
        picks = []
        for deal in (3, 4, 5):
            dealt = ForestState.from_view(view, deal)
            agent = ForestPlayoutAgent("forest", 7)
            picks.append([agent.decide_state(dealt, dealt.legal_actions()).key()
                          for _ in range(5)])
        assert picks[0] == picks[1] == picks[2]


def test_expert_playout_player_delivers_and_spares_its_canines():
    from game.ai.forest_ai import ForestPlayoutAgent
    st = forest()
    clear(st)
    turn(st, 0)
    put(st, "0-c1", 4, 7, carry=True)
    a = ForestPlayoutAgent("forest", 1).decide_state(st, st.legal_actions())
    assert a["type"] == "move" and a["to"] == [4, 8] and a["carry"]
    st = forest()
    clear(st)
    turn(st, 0)
    for x in (3, 4, 5):
        lay(st, x, 7, "lynx")
    for pid in ("0-c2", "0-h"):
        put(st, pid, 0, 4)
    for seed in range(20):
        a = ForestPlayoutAgent("forest", seed).decide_state(st, st.legal_actions())
        assert not (a["type"] == "move" and a["piece"] == "0-c1" and a["to"][1] == 7)


def test_expert_playout_player_goes_for_gold_and_rival_carriers():
    from game.ai.forest_ai import ForestPlayoutAgent
    st = forest()
    clear(st)
    turn(st, 0)
    lay(st, 2, 5, "gold-3")
    st.loose[st.n * 5 + 2] = 3
    put(st, "0-c1", 2, 6)
    put(st, "0-c2", 6, 2)
    put(st, "1-c1", 7, 2, carry=True)
    for seed in range(10):
        a = ForestPlayoutAgent("forest", seed).decide_state(st, st.legal_actions())
        assert (a["piece"], a["to"]) in (("0-c1", [2, 5]), ("0-c2", [7, 2]))


def test_expert_leaf_value_is_a_fair_share_of_the_win():
    """Win shares that sum to 1, the same for every deal of a view, higher with more gold."""
    from game.ai.forest_ai import expert_shares
    from game.rules.forest import ForestState
    for st in _positions(4):
        view = st.view(st.current_player)
        a = expert_shares(ForestState.from_view(view, 1))
        b = expert_shares(ForestState.from_view(view, 2))
        assert a == b
        assert abs(sum(a) - 1) < 1e-9 and all(0 <= x <= 1 for x in a)
        richer = ForestState.from_view(view, 1)
        richer.stored[0].append(richer.round)
        assert expert_shares(richer)[0] > a[0]
    st = forest(players=4, alliances=True)
    clear(st)
    st.stored[0] = [1, 2, 3]
    sh = expert_shares(st)
    assert abs(sum(sh) - 1) < 1e-9 and sh[0] == sh[2] > sh[1] == sh[3]
    st = forest(variant="plunder")
    clear(st)
    st.stored[1] = [1]
    sh = expert_shares(st)
    assert abs(sum(sh) - 1) < 1e-9 and sh[1] > sh[0]


def test_expert_guide_plays_as_good_and_ranks_its_pick_first():
    from game.ai.forest_ai import ForestAgent, ForestGuide
    from game.rules.base import action_key
    for st in _positions(4):
        view, legal = st.view(st.current_player), st.legal_actions()
        guide = ForestGuide("forest", 3)
        pick = guide.decide(view, legal)
        assert action_key(pick) == action_key(ForestAgent("forest", 3).decide(view, legal))
        assert guide.ranked[0] == action_key(pick)
        assert sorted(guide.ranked) == sorted(action_key(a) for a in legal)


def test_expert_searches_only_the_guides_first_options():
    from game.ai.expert import ExpertAgent
    agent = ExpertAgent("forest", 2, think=30.0, iterations=40)
    st = next(s for s in _positions(6) if len(s.legal_actions()) > agent.width)
    view, legal = st.view(st.current_player), st.legal_actions()
    agent.decide(view, legal)
    width = agent.width
    assert 0 < width < len(legal)
    assert agent.paired        # the options meet common deals: their statistics, no tree
    assert set(agent.last_paired) <= set(agent._guide.ranked[:width])
    agent.paired = False
    agent.decide(view, legal)
    assert set(agent.last_root.children) <= set(agent._guide.ranked[:width])


def test_expert_tree_stops_one_action_deep():
    """tree_depth 1: below the root's own moves the playout player answers (no rival nodes);
    without the limit the tree grows into the rival's replies."""
    from game.ai.expert import ExpertAgent
    st = forest()
    clear(st)
    turn(st, 0)
    lay(st, 2, 5, "gold-3")
    st.loose[st.n * 5 + 2] = 3
    put(st, "0-c1", 2, 6)
    view, legal = st.view(0), st.legal_actions()
    agent = ExpertAgent("forest", 2, think=30.0, iterations=60)
    assert agent.tree_depth == 1
    agent.paired = False       # (the paired search grows no tree at all)
    agent.decide(view, legal)
    assert agent.last_root.children
    assert all(not c.children for c in agent.last_root.children.values())
    agent.tree_depth = 0
    agent.decide(view, legal)
    assert any(c.children for c in agent.last_root.children.values())


def test_expert_leaf_value_counts_stored_gold_near_the_round_cap():
    """Gold carried close to home outweighs one stored nugget early on; in the last round
    only stored gold decides (the round cap ends the hunt)."""
    from game.ai.forest_ai import expert_shares
    st = forest()
    clear(st)
    turn(st, 0)
    st.stored[0] = [3]
    put(st, "1-c1", 4, 1, carry=True)
    put(st, "1-c2", 3, 1, carry=True)
    st.round = 10
    early = expert_shares(st)[0]
    st.round = st.data.settings["round_cap"]
    late = expert_shares(st)[0]
    assert early < 0.5 < late


def test_race_clock_and_blend_are_fair_shares_of_the_win():
    """The race clock and the blended leaf: the same for every deal of a view, shares that
    sum to 1, higher with more gold stored, carried or lying near home."""
    from game.ai.forest_ai import blend_shares, race_shares
    from game.rules.forest import ForestState
    for st in _positions(4):
        view = st.view(st.current_player)
        for fn in (race_shares, blend_shares):
            a = fn(ForestState.from_view(view, 1))
            assert a == fn(ForestState.from_view(view, 2))
            assert abs(sum(a) - 1) < 1e-9 and all(0 <= x <= 1 for x in a)
            richer = ForestState.from_view(view, 1)
            richer.stored[0].append(richer.round)
            assert fn(richer)[0] > a[0]
    st = forest(players=4, alliances=True)
    clear(st)
    st.stored[0] = [1, 2, 3]
    sh = blend_shares(st)
    assert abs(sum(sh) - 1) < 1e-9 and sh[0] == sh[2] > sh[1] == sh[3]


def test_race_clock_counts_the_turns_to_gold():
    """A nugget carried next to home is worth more than one far off; a pile near the own
    campfire more than the same pile at the rival's."""
    from game.ai.forest_ai import race_clock
    st = forest()
    clear(st)
    turn(st, 0)
    put(st, "0-c1", 4, 7, carry=True)
    near = race_clock(st)[0]
    put(st, "0-c1", 4, 2, carry=True)
    assert race_clock(st)[0] < near
    st = forest()
    clear(st)
    turn(st, 0)
    lay(st, 4, 6, "gold-3")
    st.loose[st.n * 6 + 4] = 3
    mine = race_clock(st)[0]
    st.loose[st.n * 6 + 4] = 0
    lay(st, 4, 2, "gold-3")
    st.loose[st.n * 2 + 4] = 3
    assert race_clock(st)[0] < mine


def test_cached_ways_home_match_the_evaluators():
    from game.ai.forest_ai import Evaluator, cached_home_dist
    for st in _positions(3):
        for s in range(st.players):
            assert cached_home_dist(st, s) == Evaluator(s).home_dist(st, s)


def test_reply_guide_counts_the_rivals_best_answer():
    """The reply guide takes a nugget home as good does, and a carrier left next to a rival
    canine costs what the rival's attack would take."""
    from game.ai.forest_ai import ForestReplyGuide
    st = forest()
    clear(st)
    turn(st, 0)
    put(st, "0-c1", 4, 5, carry=True)
    put(st, "1-c1", 4, 3)
    put(st, "1-c2", 2, 1)
    guide = ForestReplyGuide("forest", 1)
    a = guide.decide(st.view(0), st.legal_actions())
    assert a["piece"] == "0-c1" and a["carry"] and a["to"][1] == 6
    assert guide.ranked[0] == action_key(a)
    # the answer it fears: a rival canine one step from where the carrier would stand
    ev = Evaluator(0)
    near = st.clone()
    act(near, "move", piece="0-c1", to=[4, 4], carry=True)
    assert guide._answer(near, ev, 0) < 0


def test_paired_search_compares_the_guides_options_on_common_deals():
    """paired: every option of the root meets the same deals; a guide's poor pick (a carrier
    turning away from its campfire with the winning nugget) is overruled, a good one stands."""
    from game.ai.expert import ExpertAgent
    st = forest()
    clear(st)
    turn(st, 0)
    st.stored[0] = [1, 2, 3, 4, 5]
    put(st, "0-c1", 4, 7, carry=True)
    view, legal = st.view(0), st.legal_actions()
    home = next(a for a in legal if a["piece"] == "0-c1" and a["to"] == [4, 8] and a["carry"])
    away = next(a for a in legal if a["piece"] == "0-c1" and a["to"] == [4, 6] and a["carry"])

    class Stubborn:
        def __init__(self, pick):
            self.pick = pick
            self.ranked = [action_key(pick), action_key(home), action_key(away)]

        def decide(self, view, legal):
            return self.pick
    for pick, want in ((away, home), (home, home)):
        agent = ExpertAgent("forest", 3, think=30.0, iterations=60)
        agent.paired = True
        agent.margin = 0.001   # (turning away only delays the winning delivery a turn)
        agent._guide = Stubborn(pick)
        got = agent.decide(view, legal)
        assert action_key(got) == action_key(want)
        rounds = {r for _, _, _, r in agent.last_paired.values()}
        assert len(rounds) == 1 and agent.last_iterations <= 60
        assert agent.last_root is None


def _walled_in():
    """Pack 0's canine carries a nugget at (4, 5); row 6 is face-down from edge to edge, the
    other canine is out of the hunt and the hunter (who cannot open tiles) far away."""
    st = forest()
    clear(st)
    turn(st, 0)
    for x in range(st.n):
        lay(st, x, 6, "empty", opened=False)
    put(st, "0-c1", 4, 5, carry=True)
    put(st, "0-h", 0, 0)
    st._pid["0-c2"]["at"], st._pid["0-c2"]["dead"] = None, 1
    put(st, "1-c1", 8, 0)
    put(st, "1-c2", 8, 1)
    put(st, "1-h", 7, 0)
    st.hunter_moved[0] = True
    st.camp_moves[0] = 0
    return st


def test_walled_in_carrier_opens_its_way_home():
    """A canine carrier with no open way home puts its nugget down and opens the face-down
    tile nearest home (the planner alone would keep carrying it to and fro), then fetches
    the nugget again."""
    from game.ai.forest_ai import ForestReplyGuide, carrier_walled
    st = _walled_in()
    p = st._pid["0-c1"]
    assert carrier_walled(st, p, p["at"])
    plain = ForestReplyGuide("forest", 1)
    plain.unwall = plain.unstick = False
    a = plain.decide(st.view(0), st.legal_actions())
    assert a["piece"] == "0-c1" and a["carry"]          # the habit it breaks
    guide = ForestReplyGuide("forest", 1)
    a = guide.decide(st.view(0), st.legal_actions())
    assert a["piece"] == "0-c1" and not a["carry"] and a["to"][1] == 6
    assert guide.ranked[0] == action_key(a)
    st.apply(a)
    assert st.loose[st.n * 5 + 4] == 1 and st.opened[st.n * 6 + a["to"][0]]
    lay(st, a["to"][0], 6, "empty")                      # (whatever it was: plain forest)
    put(st, "0-c1", *a["to"])
    turn(st, 0)
    b = guide.decide(st.view(0), st.legal_actions())
    assert b["piece"] == "0-c1" and b["to"] == [4, 5]     # back for the nugget


def test_reply_guide_keeps_its_campfire_where_it_is():
    """Where the planner would move its campfire for want of anything better, the reply
    guide plays its best other option, and ranks the campfire's moves last (beyond the few
    the search compares)."""
    from game.ai.forest_ai import ForestReplyGuide
    st = _walled_in()
    st.camp_moves[0] = 3
    plain = ForestReplyGuide("forest", 1)
    plain.camp_moves = True
    assert plain.decide(st.view(0), st.legal_actions())["type"] == "move_camp"
    guide = ForestReplyGuide("forest", 1)
    legal = st.legal_actions()
    a = guide.decide(st.view(0), legal)
    assert a["type"] == "move"
    camp = sum(1 for x in legal if x["type"] == "move_camp")
    assert camp and all('"move_camp"' in k for k in guide.ranked[-camp:])
    assert guide.ranked[0] == action_key(a)


def test_carrier_turned_back_by_an_arrow_opens_a_shorter_way():
    """The only open tile on the carrier's way home is an arrow pointing back (the planner
    keeps stepping onto it and lands where it stood): the canine opens the face-down tile
    through which its way home is short instead; a carrier that does come nearer home is
    left alone."""
    from game.ai.forest_ai import ForestReplyGuide, carrier_walled, open_home_dist
    st = _walled_in()
    lay(st, 0, 6, "arrows-straight")            # (points north: back where it came from)
    p = st._pid["0-c1"]
    assert not carrier_walled(st, p, p["at"])
    assert open_home_dist(st, 0)[p["at"]] >= 4 * st.n
    plain = ForestReplyGuide("forest", 1)
    plain.unstick = False
    a = plain.decide(st.view(0), st.legal_actions())
    assert a["piece"] == "0-c1" and a["carry"]          # the habit it breaks
    guide = ForestReplyGuide("forest", 1)
    a = guide.decide(st.view(0), st.legal_actions())
    assert a["piece"] == "0-c1" and not a["carry"] and a["to"][1] == 6 and a["to"][0] != 0
    assert guide.ranked[0] == action_key(a)
    lay(st, 4, 6, "empty")
    b = guide.decide(st.view(0), st.legal_actions())
    assert b["piece"] == "0-c1" and b["carry"] and b["to"][1] == 6


def test_carrier_inside_a_chain_rests_nearest_home():
    """A carrier's choice in a mole tunnel: where the planner's pick would rest it farther
    from home along open tiles than another option, the reply guide takes the nearest."""
    from game.ai.forest_ai import ForestReplyGuide, open_home_dist
    st = forest()
    clear(st)
    turn(st, 0)
    lay(st, 4, 5, "mole_tunnel")
    put(st, "0-c1", 4, 4, carry=True)
    act(st, "move", piece="0-c1", to=[4, 5], carry=True)
    assert st.step == "choose" and st.current_player == 0
    view, legal = st.view(0), st.legal_actions()
    dist = open_home_dist(st, 0)
    rest = {tuple(a["to"]): dist[a["to"][1] * st.n + a["to"][0]] for a in legal}
    far = next(a for a in legal if tuple(a["to"]) == (3, 3))
    near = min(legal, key=lambda a: rest[tuple(a["to"])])
    guide = ForestReplyGuide("forest", 1)
    alt = guide._chain_home(view, legal, far)
    assert alt is not None and rest[tuple(alt["to"])] == rest[tuple(near["to"])] < rest[(3, 3)]
    assert guide._chain_home(view, legal, near) is None
    a = guide.decide(view, legal)
    assert rest[tuple(a["to"])] == rest[tuple(near["to"])]


def test_stuck_carrier_moves_the_campfire_next_door():
    """A hunter carrying a nugget next to a campfire sealed off by face-down tiles and bees:
    the campfire moves onto the bees' tile beside it, one step from the hunter."""
    from game.ai.forest_ai import ForestReplyGuide, open_home_dist
    st = forest()
    clear(st)
    turn(st, 0)
    for x, y in ((3, 7), (4, 7), (5, 7), (3, 8)):
        lay(st, x, y, "empty", opened=False)
    lay(st, 5, 8, "bees")
    for pid in ("0-c1", "0-c2"):
        st._pid[pid]["at"], st._pid[pid]["dead"] = None, 1
    put(st, "0-h", 6, 7, carry=True)
    assert open_home_dist(st, 0)[st.n * 7 + 6] >= 4 * st.n
    plain = ForestReplyGuide("forest", 1)
    plain.unstick_camp = False
    assert plain.decide(st.view(0), st.legal_actions())["type"] != "move_camp"
    guide = ForestReplyGuide("forest", 1)
    a = guide.decide(st.view(0), st.legal_actions())
    assert a["type"] == "move_camp" and a["to"] == [5, 8]
    st.apply(a)
    assert open_home_dist(st, 0)[st.n * 7 + 6] == 1


def test_no_computer_player_goes_round_to_a_choice_it_met_in_the_chain():
    """RULINGS forest (infinite loop): an arrow exit back onto the chain is a normal choice,
    so a player may go round to the same choice again.  The computer players never take a
    way that only comes back to a choice already met in this chain (nothing would change);
    where every way does, the one with the fewest choices left to an end.  So their chains
    end."""
    from game.ai.forest_ai import (ForestPlayoutAgent, ForestReplyGuide, chain_choices)
    st = forest()
    clear(st)
    turn(st, 0)
    lay(st, 4, 5, "arrows-cross")                      # N to the two-way arrows, W out
    lay(st, 4, 6, "arrows-straight")                   # north: back onto the cross
    lay(st, 5, 5, "arrows-straight", rot=3)            # west: back onto the cross
    lay(st, 4, 4, "arrows-two")                        # north or south (the cross)
    lay(st, 4, 3, "arrows-straight", rot=2)            # south: back onto the two-way arrows
    put(st, "0-c1", 3, 6)
    act(st, "move", piece="0-c1", to=[4, 5], carry=False)
    assert st.step == "choose" and len(st.legal_actions()) == 4

    def ways(s):
        return sorted(a["to"] for a in chain_choices(s, s.legal_actions()))
    assert ways(st) == [[3, 5], [4, 4]]                # out, or on to a choice not met yet
    act(st, "choose", to=[4, 4], why="arrows")
    assert st.step == "choose" and ways(st) == [[4, 5]]    # every way comes back: the nearer
    players = [make_agent("forest", "beginner", 1), make_agent("forest", "good", 1),
               ForestReplyGuide("forest", 1)]
    for agent in players:
        assert agent.decide(st.view(0), st.legal_actions())["to"] == [4, 5]
    assert ForestPlayoutAgent("forest", 1).decide_state(st, st.legal_actions())["to"] == [4, 5]
    act(st, "choose", to=[4, 5], why="arrows")
    assert st.step == "choose" and ways(st) == [[3, 5]]
    for agent in players:
        assert agent.decide(st.view(0), st.legal_actions())["to"] == [3, 5]


def test_race_turns_count_what_the_pack_still_needs_to_the_target():
    """Good plays for the Race target: ``race_turns`` (the race clock's turns to the target)
    falls as a carrier nears home and when the nugget is stored."""
    from game.ai.forest_ai import race_turns
    st = forest()
    clear(st)
    turn(st, 0)
    st.stored[0] = [2, 3, 4, 5]
    put(st, "0-c1", 4, 4, carry=True)
    far = race_turns(st)[0]
    put(st, "0-c1", 4, 7, carry=True)
    near = race_turns(st)[0]
    act(st, "move", piece="0-c1", to=[4, 8], carry=True)
    assert far > near > race_turns(st)[0] and race_turns(st)[1] > race_turns(st)[0]


def test_good_opens_a_face_down_tile_now_rather_than_a_turn_later():
    """A two-step plan counts the worth of the tile its first step opens in both steps: a
    canine next to the last face-down tile opens it now (before, stepping aside and opening
    it next turn looked better, turn after turn)."""
    st = forest()
    clear(st)
    lay(st, 4, 2, "gold-3", opened=False)
    turn(st, 0)
    put(st, "0-c1", 4, 3)
    for seed in range(3):
        a = make_agent("forest", "good", seed).decide(st.view(0), st.legal_actions())
        assert a["type"] == "move" and a["to"] == [4, 2], a


def test_good_marks_down_bringing_a_piece_back_where_it_rested():
    """A piece (or the campfire) brought back where it rested before costs REPEAT for each
    time before, so that a pack does not pace to and fro (storing or picking up gold costs
    nothing)."""
    from game.ai.forest_ai import REPEAT, ForestAgent
    st = forest()
    clear(st)
    turn(st, 0)
    agent = ForestAgent("forest", 1)
    for x in (3, 4, 3, 4, 3):
        put(st, "0-c1", x, 5)
        agent._count_visits(st, 0, st.round)
    after = st.clone()
    put(after, "0-c1", 3, 5)
    step = {"type": "move", "piece": "0-c1", "to": [3, 5], "carry": False}
    assert agent._again(st, after, step, 0) == 3 * REPEAT
    put(after, "0-c1", 5, 5)
    assert agent._again(st, after, dict(step, to=[5, 5]), 0) == 0
    after.stored[0].append(after.round)                    # it stored a nugget: no cost
    put(after, "0-c1", 3, 5)
    assert agent._again(st, after, step, 0) == 0


def test_good_against_good_races_end_by_the_target():
    """RULINGS forest: "Race: first pack to 6 stored nuggets ... Race has the same round cap
    as a safety net" and "a family game should not drag". Good against good, 2 packs, Race:
    the games of seeds 9024, 9029, 9035 and 9039 ran to the 60-round cap with the earlier
    player and rules (passing for rounds on end, pacing to and fro); playing for the target
    they end by it."""
    from game.ai.arena import play_seeded_game
    for seed in (9024, 9029, 9035, 9039):
        state, _ = play_seeded_game("forest", ["good", "good"], seed, variant="race")
        assert state.ending() == "race" and state.round <= 60, (seed, state.round)
