"""The expert's root-parallel search (game/ai/parallel.py): helper processes of the spawn kind
search the same view beside the deciding thread; a search is cancelled at once, no helper
outlives its pool, and where helpers cannot start the expert searches alone."""
from __future__ import annotations

import multiprocessing
import threading
import time
from pathlib import Path

import pytest

from game.ai import make_agent, parallel
from game.ai.expert import ExpertAgent, _Node
from game.ai.parallel import ParallelExpert, SearchPool, merged_choice
from game.rules import new_game
from tests.helpers import key

ROOT = Path(__file__).resolve().parents[2]


def position(game: str = "gopher", seed: int = 1):
    """A view with a real, non-secret choice for the seat to act."""
    state = new_game(game, players=2, seed=seed)
    movers = [make_agent(game, "beginner", s) for s in range(2)]
    for _ in range(200):
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        if len(legal) > 1 and not ExpertAgent._secret(state.clone(), legal):
            return view, legal
        state.apply(movers[seat].decide(view, legal))
    pytest.skip("no real choice found")


@pytest.fixture(scope="module")
def pool():
    p = SearchPool(workers=1)
    assert p.start(), p.problem
    yield p
    p.close()
    assert not p.alive()


@pytest.fixture(autouse=True)
def patient(monkeypatch):
    """A busy test machine may answer late: wait longer for the helpers than the app does."""
    monkeypatch.setattr(parallel, "ANSWER_SLACK", 2.0)


def test_helpers_add_their_tries_to_the_expert_search(pool):
    view, legal = position()
    agent = ParallelExpert("gopher", 3, pool=pool)
    agent.think = 0.3
    action = agent.decide(view, legal)
    assert key(action) in {key(a) for a in legal}
    assert agent.last_helpers == 1
    assert agent.last_iterations > agent.inner.last_iterations > 0
    assert pool.ready and len(pool.alive()) == 1


def test_helpers_add_their_tries_to_a_paired_search(pool):
    """Forest Gold's expert compares its guide's options on common deals (``paired``): the
    helper's sums are added to the deciding thread's."""
    view, legal = position("forest")
    agent = ParallelExpert("forest", 3, pool=pool)
    assert agent.inner.paired
    agent.think = 0.3
    action = agent.decide(view, legal)
    assert key(action) in {key(a) for a in legal}
    assert agent.inner.last_paired and agent.inner.last_root is None
    assert agent.last_helpers == 1
    assert agent.last_iterations > agent.inner.last_iterations > 0


def test_a_cancelled_search_ends_at_once_and_its_late_answers_are_dropped(pool):
    view, legal = position()
    agent = ParallelExpert("gopher", 4, pool=pool)
    agent.think = 30.0
    out = []
    worker = threading.Thread(target=lambda: out.append(agent.decide(view, legal)))
    worker.start()
    time.sleep(0.3)
    start = time.perf_counter()
    agent.cancel()
    worker.join(5.0)
    assert not worker.is_alive() and time.perf_counter() - start < 0.5
    assert key(out[0]) in {key(a) for a in legal}
    # the next search gets its own answers (the helper stopped the old one at once)
    agent.think = 0.3
    start = time.perf_counter()
    agent.decide(view, legal)
    assert agent.last_helpers == 1 and time.perf_counter() - start < 2.0


def test_no_helper_outlives_its_pool():
    p = SearchPool(workers=2)
    assert p.start(), p.problem
    procs = list(p._procs)
    assert len(procs) == 2 and all(pr.is_alive() for pr in procs)
    p.close()
    assert not any(pr.is_alive() for pr in procs)
    assert not set(procs) & set(multiprocessing.active_children())


def test_a_helper_ends_when_the_app_is_gone():
    """The pipe closes (the app ended without a word): the helper ends by itself."""
    p = SearchPool(workers=1)
    assert p.start(), p.problem
    proc = p._procs[0]
    for conn in p._conns:
        conn.close()
    proc.join(5.0)
    assert not proc.is_alive()
    p._conns = []
    p.close()


def test_without_helpers_the_expert_searches_alone(monkeypatch):
    ctx = multiprocessing.get_context("spawn")

    def refuse(self):
        raise OSError("no processes here")
    monkeypatch.setattr(ctx.Process, "start", refuse)
    p = SearchPool(workers=1)
    assert not p.start() and p.broken and "no processes" in p.problem
    view, legal = position()
    agent = ParallelExpert("gopher", 5, pool=p)
    agent.think = 0.2
    assert key(agent.decide(view, legal)) in {key(a) for a in legal}
    assert agent.last_helpers == 0 and agent.inner.last_iterations > 0
    assert SearchPool(workers=0).start() is False


def test_one_core_starts_no_pool(monkeypatch):
    monkeypatch.setenv("BURROWBOX_SEARCH_WORKERS", "0")
    assert parallel.shared_pool() is None


def test_merged_counts_follow_the_experts_rule():
    legal = [{"type": "a"}, {"type": "b"}, {"type": "c"}]
    keys = [key(a) for a in legal]

    def node(n, w, w2):
        x = _Node()
        x.n, x.w, x.w2 = n, w, w2
        return x

    class Root:
        children = {keys[0]: node(10, 5.0, 2.6), keys[1]: node(8, 4.0, 2.1)}
    # the helper's tries make "b" the most tried; without a good-player pick it is chosen
    helper = {keys[1]: (10, 5.0, 2.6), keys[2]: (1, 0.0, 0.0)}
    assert merged_choice(legal, Root, [helper], None, 0.02) is legal[1]
    # the good player's pick "a" stands: "b" is not clearly better
    assert merged_choice(legal, Root, [helper], 0, 0.02) is legal[0]
    # ... unless it is: "b" wins nearly always, "a" nearly never
    Root.children = {keys[0]: node(20, 1.0, 1.0), keys[1]: node(20, 19.0, 19.0)}
    assert merged_choice(legal, Root, [{keys[1]: (20, 19.0, 19.0)}], 0, 0.02) is legal[1]


def test_the_play_screen_uses_helpers_where_there_are_cores(monkeypatch, tmp_path):
    from game.app.session import LocalSession
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    monkeypatch.setenv("BURROWBOX_SEARCH_WORKERS", "1")
    seats = [{"name": "Ann", "colour": 0, "kind": "human", "level": "good"},
             {"name": "Bot", "colour": 1, "kind": "computer", "level": "expert"},
             {"name": "Cat", "colour": 2, "kind": "computer", "level": "good"}]
    ctl = LocalSession("gopher", seats, new_game("gopher", 3, seed=1), autosave=False)
    try:
        assert isinstance(ctl._agent(1), ParallelExpert)
        assert not isinstance(ctl._agent(2), ParallelExpert)
        ctl.search_helpers = False
        ctl.bots._agents.clear()
        assert type(ctl._agent(1)) is ExpertAgent
    finally:
        pool = parallel._shared
        parallel.shutdown()
        if pool is not None:
            assert not pool.alive()


def test_the_program_supports_frozen_helpers():
    """The executable starts its helpers by running itself: main.py hands such a start to
    multiprocessing before anything else."""
    text = (ROOT / "main.py").read_text(encoding="utf-8")
    assert text.index("multiprocessing.freeze_support()") < text.index("from game.cli import main")
    # only there: from source multiprocessing waits until an expert first needs its helpers
    assert text.index('getattr(sys, "frozen", False)') < text.index("import multiprocessing")


def test_quitting_while_the_helpers_start_leaves_none(monkeypatch):
    monkeypatch.setenv("BURROWBOX_SEARCH_WORKERS", "2")
    pool = parallel.shared_pool()          # starts in the background
    assert pool is not None and not pool.ready
    start = time.perf_counter()
    parallel.shutdown()
    assert time.perf_counter() - start < 3.0
    assert not pool.alive() and not pool.ready
    assert parallel._shared is None


def test_warmed_helpers_help_from_the_first_move():
    p = SearchPool(workers=1)
    p.warm("gopher")                       # asked before the helpers are up
    try:
        assert p.start(), p.problem
        time.sleep(0.5)                    # the helper builds its player meanwhile
        view, legal = position()
        agent = ParallelExpert("gopher", 6, pool=p)
        agent.think = 0.3
        agent.decide(view, legal)
        assert agent.last_helpers == 1
    finally:
        p.close()
    assert not p.alive()


def test_undo_stops_the_helpers_too(monkeypatch, tmp_path):
    """A person against an expert with a helper: Undo during its think ends the search in the
    deciding thread and in the helper at once, and no move of it is played."""
    from tests.app.test_expert_in_app import human_against_expert
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    monkeypatch.setenv("BURROWBOX_SEARCH_WORKERS", "1")
    try:
        ctl, before = human_against_expert(think=30.0)
        agent = ctl._agent(1)
        assert isinstance(agent, ParallelExpert)
        assert agent.pool.start(), agent.pool.problem    # waits for the background start
        assert len(agent.pool._procs) == 1
        ctl.tick(0.0, animating=True, speed="off")
        time.sleep(0.3)
        assert ctl.thinking and agent._tid is not None   # the helper searches too
        start = time.perf_counter()
        assert ctl.undo()
        ctl.wait_for_computer(5.0)
        assert not ctl.thinking and time.perf_counter() - start < 0.5
        assert ctl.table.state.to_dict() == before
        assert ctl.tick(0.1, animating=False, speed="off", computer_speed="instant") is None
        assert agent.pool._cancelled.value >= agent.pool._tid      # the helper was told
    finally:
        pool = parallel._shared
        parallel.shutdown()
        assert pool is None or not pool.alive()


def test_closing_the_window_ends_the_helpers(monkeypatch, tmp_path):
    """The window closes while the expert thinks with a helper: the app's loop ends at once and
    leaves no helper process behind."""
    import pygame

    from game.app.scenes.play import PlayScene
    from tests.helpers import pump, running_app
    from tests.app.test_expert_in_app import human_against_expert
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    monkeypatch.setenv("BURROWBOX_SEARCH_WORKERS", "1")
    for app in running_app((1024, 600)):
        app.settings.expert_think = 5.0
        ctl, _ = human_against_expert()
        agent = ctl._agent(1)
        assert agent.pool.start(), agent.pool.problem
        procs = list(agent.pool._procs)
        app.go(PlayScene(app, ctl, auto_results=False))
        pump(app, 2)
        time.sleep(0.2)
        assert ctl.thinking and agent._tid is not None
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        start = time.perf_counter()
        assert app.run() == 0
        ctl.wait_for_computer(5.0)
        assert time.perf_counter() - start < 3.0 and not ctl.thinking
        assert not any(p.is_alive() for p in procs) and parallel._shared is None


def test_the_merge_overrules_by_the_searchs_own_rule_for_three_seats():
    """With three or more seats the expert overrules its guide only by a wider margin and three
    standard errors; the merged answer of the helpers keeps that rule."""
    from game.ai import expert
    legal = [{"type": "a"}, {"type": "b"}]
    keys = [key(a) for a in legal]

    def node(n, w, w2):
        nd = expert._Node()
        nd.n, nd.w, nd.w2 = n, w, w2
        return nd

    class Root:
        children = {keys[0]: node(400, 200.0, 200.0), keys[1]: node(420, 252.0, 252.0)}
    # b is a bit better: clear by the two-seat rule, not by the three-seat one
    assert merged_choice(legal, Root, [{}], 0, 0.02, 2.0) is legal[1]
    assert merged_choice(legal, Root, [{}], 0, 0.08, expert.MULTI_Z) is legal[0]


def test_paired_sums_merge_by_the_paired_rule():
    """The paired search's helpers add their sums where they paired with the same guide's
    pick; the rule then overrules the guide only by a clear paired difference."""
    from game.ai.parallel import merged_paired
    legal = [{"type": "x", "i": i} for i in range(3)]
    from game.ai.expert import _key
    k = [_key(a) for a in legal]
    own = {k[0]: (5.0, 0.0, 0.0, 10), k[1]: (5.3, 0.3, 0.0101, 10)}
    # alone: 10 deals, a mean difference of 0.03 with no spread: overruled
    assert merged_paired(legal, own, [], 0, 0.02) is legal[1]
    # a helper that saw the opposite on 30 deals of its own: the guide's pick stands
    theirs = {"hint": k[0], "paired": {k[0]: (15.0, 0.0, 0.0, 30),
                                       k[1]: (14.4, -0.6, 0.03, 30)}}
    assert merged_paired(legal, own, [theirs], 0, 0.02) is legal[0]
    # a helper paired with another pick, or over other options, is left out
    other = dict(theirs, hint=k[1])
    assert merged_paired(legal, own, [other], 0, 0.02) is legal[1]
    wider = {"hint": k[0], "paired": dict(theirs["paired"], **{k[2]: (1.0, 0.0, 0.0, 30)})}
    assert merged_paired(legal, own, [wider], 0, 0.02) is legal[1]
