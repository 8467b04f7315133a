"""``BotRunner``: the computer players of a table.

Each computer seat decides in a background thread from copies of its own view and legal
actions (never the full state), and its answer goes to ``Table.act`` with the version it
thought about: an answer to a position that has changed since (an undo, another move) is
refused by the table as stale, never applied.  Before a computer acts the runner waits
``pause`` seconds (a table setting: the screen sets it from the computer speed, and it is the
moment a lone person may still take back the move that ended their turn); ``poll`` is called
by whoever drives the table (the play screen once a frame, a host's loop) and applies the move
when it is due.  A failing computer player is logged and plays its first legal move.
"""
from __future__ import annotations

import copy
import logging
import threading

from .seats import COMPUTER
from .table import ILLEGAL, Outcome, Table, Update

log = logging.getLogger(__name__)

FINISH_THINK = 0.03       # seconds a searching computer may think a move while finishing a game
FINISH_LIMIT = 20000      # actions at most while finishing (every game ends long before)
#: a searching computer stops this much before its think time, so that the move, handing over
#: included, is there within the think time
MOVE_RESERVE = 0.1


def agent_seed(game_seed, seat: int) -> int:
    """The one seeding rule of computer players: seat ``seat`` of a game dealt from
    ``game_seed`` (simulate, strength, bench, tests and the app all use it)."""
    if isinstance(game_seed, int) and not isinstance(game_seed, bool):
        return (game_seed * 16 + seat) % (2 ** 31)
    return seat


class BotRunner:
    def __init__(self, table: Table, *, pause: float = 0.0, think: float | None = None,
                 helpers: bool = True, enabled: bool = True):
        self.table = table
        self.pause = pause              # seconds a computer waits before it acts
        self.think = think              # an expert's seconds a move; None: its own
        self.helpers = helpers          # an expert may search in helper processes
        self.enabled = enabled
        self._agents: dict = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._thinker = None
        self._token: object | None = None
        self._result: tuple | None = None     # (version, action or None)
        self._pause_left = pause
        self._unsubscribe = table.subscribe(self._on_update)

    def close(self) -> None:
        self.stop()
        self._unsubscribe()

    # ---- agents -------------------------------------------------------------------------------
    def agent(self, seat: int):
        agent = self._agents.get(seat)
        if agent is None:
            from ..ai import make_agent
            seed = agent_seed(getattr(self.table.state, "seed", None), seat)
            level = self.table.seats[seat].level or "good"
            game = self.table.game_id
            try:
                agent = make_agent(game, level, seed)
            except ValueError:
                log.warning("unknown computer level %r in %s: it plays at random", level, game)
                agent = make_agent(game, "random", seed)
            if level == "expert" and self.helpers and hasattr(agent, "cancel"):
                from ..ai import parallel      # more cores: helper processes search beside it
                pool = parallel.shared_pool()
                if pool is not None:
                    pool.warm(game)
                    agent = parallel.ParallelExpert(game, seed, pool=pool, inner=agent)
            self._agents[seat] = agent
        return agent

    def forget(self, seat: int) -> None:
        """A seat changed hands (its level, or a person took it): its player is made anew."""
        self._agents.pop(seat, None)

    # ---- thinking -----------------------------------------------------------------------------
    @property
    def thinking(self) -> bool:
        t = self._thread
        return t is not None and t.is_alive()

    def computer_to_act(self) -> bool:
        t = self.table
        return not t.is_over() and t.current is not None and t.kind(t.current) == COMPUTER

    def _think_seconds(self) -> float | None:
        if self.think is None:
            return None
        return max(0.05, float(self.think) - MOVE_RESERVE)

    def _start(self) -> None:
        t = self.table
        seat, version = t.current, t.version
        view = copy.deepcopy(t.view_for(seat)["view"])
        legal = copy.deepcopy(t.legal_for(seat))
        agent = self.agent(seat)
        think = self._think_seconds()
        if think is not None and isinstance(getattr(agent, "think", None), (int, float)):
            agent.think = think
        self._thinker = agent
        token = self._token = object()

        def work():
            try:
                act = agent.decide(view, legal)
            except Exception:  # noqa: BLE001 - a failing agent is logged and plays a legal move
                log.exception("the %s computer in seat %s failed to decide",
                              getattr(agent, "level", "?"), seat + 1)
                act = None
            with self._lock:
                if token is self._token:
                    self._result = (version, act)

        self._thread = threading.Thread(target=work, name=f"computer-{seat}", daemon=True)
        self._thread.start()

    def _cancel(self) -> None:
        """A searching computer stops at once and its answer is dropped."""
        self._token = None
        agent = self._thinker
        if agent is not None and self.thinking and hasattr(agent, "cancel"):
            agent.cancel()
        with self._lock:
            self._result = None

    def _on_update(self, update: Update) -> None:
        with self._lock:
            stale = self._result is not None and self._result[0] != update.version
        if update.kind == "undo" or stale:
            self._cancel()

    def pause_thinking(self) -> None:
        """The table is not watched (a menu covers it): a searching computer stops at once and
        thinks the move afresh when ``poll`` is called again."""
        self._cancel()

    def stop(self) -> None:
        self._cancel()

    def wait(self, timeout: float = 10.0) -> None:
        """Tests: block until the thinking thread is done."""
        t = self._thread
        if t is not None:
            t.join(timeout)

    # ---- acting -------------------------------------------------------------------------------
    def poll(self, dt: float, hold: bool = False, before=None) -> Outcome | None:
        """Call often (once a frame).  Starts the computer to act thinking, and once its
        answer is there and ``pause`` seconds have passed without ``hold`` (the board still
        plays a move), applies it (calling ``before()`` just before); returns the outcome of
        that act, else None."""
        if not self.enabled or not self.computer_to_act():
            self._pause_left = self.pause
            return None
        t = self.table
        with self._lock:
            if self._result is not None and self._result[0] != t.version:
                self._result = None
            result = self._result
        if result is None and not self.thinking:
            self._start()
        if hold:
            self._pause_left = self.pause
            return None
        if self._pause_left > 0:
            self._pause_left -= dt
            return None
        if result is None:
            return None
        with self._lock:
            self._result = None
        self._pause_left = self.pause
        if before is not None:
            before()
        return self._play(t.current, result[1], result[0])

    def _play(self, seat: int, action, version: int) -> Outcome:
        t = self.table
        outcome = t.act(seat, action, version) if action is not None else \
            Outcome(False, ILLEGAL, detail="no answer")
        if not outcome and outcome.code == ILLEGAL:
            legal = t.legal_for(seat)
            if legal:
                if action is not None:
                    log.warning("the computer in seat %s chose an illegal action (%s): it "
                                "plays its first legal one", seat + 1, outcome.detail)
                outcome = t.act(seat, legal[0], version)
        return outcome

    def finish(self, limit: int = FINISH_LIMIT) -> list[Update]:
        """Play the rest at once while only computers are to act, each at its own level (a
        searching one thinks briefly); returns the updates."""
        self.stop()
        t = self.table
        updates: list[Update] = []
        for _ in range(limit):
            if not self.computer_to_act():
                break
            seat = t.current
            agent = self.agent(seat)
            think = getattr(agent, "think", None)
            if isinstance(think, (int, float)):
                agent.think = min(think, FINISH_THINK)
            try:
                act = agent.decide(copy.deepcopy(t.view_for(seat)["view"]),
                                   copy.deepcopy(t.legal_for(seat)))
            except Exception:  # noqa: BLE001 - a failing agent is logged and plays a legal move
                log.exception("a computer failed to decide while finishing the game")
                act = None
            finally:
                if isinstance(think, (int, float)):
                    agent.think = think
            outcome = self._play(seat, act, t.version)
            if not outcome:
                break
            updates.append(outcome.update)
        return updates
