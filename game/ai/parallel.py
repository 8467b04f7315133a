"""Root-parallel expert search: more cores, more tries a move.

The expert (``expert.py``) searches in one thread.  Where the machine has more cores, helper
processes run the same search on the same view at the same time, each with its own seed, and
the counts of the root's actions are added up (root parallelism: like one search with as many
tries as all of them together).  Each helper sees only what the deciding seat's view holds.

* The helpers are ``multiprocessing`` processes of the *spawn* kind (the same on Linux,
  macOS and Windows, and in the frozen executable, whose ``main.py`` calls
  ``multiprocessing.freeze_support()``), started in the background the first time an expert
  thinks with a think time of at least ``MIN_THINK``; until they are up the expert searches
  alone, and where they cannot start (or one dies) it keeps searching alone.
* A search is cancelled at once: the deciding thread stops (``cancel``) and the helpers see a
  shared number move past their task within ``POLL`` seconds; their late answers are dropped.
* No process outlives the app: a helper ends when told, when its pipe closes (the app ended,
  however), and ``shutdown`` (at exit) joins or terminates them.

    pool = shared_pool()                 # None where no helper can help (one core)
    agent = ParallelExpert("ants", seed=3, pool=pool)
    agent.decide(view, legal)            # like ExpertAgent, with the helpers' tries added

The merge needs two things of the expert's search, its hook: after ``decide`` the agent's
``last_root`` (the root node: ``children`` by action key, each with ``n``, ``w``, ``w2``) and
``last_hint`` (the index of the good player's pick, or None).  The choice then follows the
expert's own rule on the summed counts: the most tried action, unless the good player's pick is
not clearly worse (``expert._clearly_better``).
"""
from __future__ import annotations

import atexit
import logging
import os
import threading
import time

from . import Agent

log = logging.getLogger(__name__)

MIN_THINK = 0.2          # seconds: shorter searches (finishing a game) stay in one process
MAX_WORKERS = 3          # helper processes at most (beside the deciding thread)
POLL = 0.01              # seconds between a helper's looks at the cancel number
START_TIMEOUT = 20.0     # seconds a helper may take to start (a cold disk, a frozen exe)
HELPER_EARLY = 0.05      # seconds a helper stops before the deciding thread
ANSWER_SLACK = 0.05      # seconds past its think time the deciding thread waits for the helpers
#                          (late answers are dropped: a move stays within the think time and
#                          the controller's MOVE_RESERVE)


def cpu_count() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def default_workers() -> int:
    """Helpers beside the deciding thread: one fewer than the cores (at most ``MAX_WORKERS``)."""
    env = os.environ.get("BURROWBOX_SEARCH_WORKERS")
    if env is not None:
        try:
            return max(0, min(16, int(env)))
        except ValueError:
            pass
    return max(0, min(MAX_WORKERS, cpu_count() - 1))


# ---- the helper process -----------------------------------------------------------------------

def _worker_main(conn, cancelled) -> None:  # pragma: no cover - runs in the helper process
    """A helper: answers tasks ``(tid, game, view, legal, seed, think, iterations)`` with
    ``(tid, stats, iterations)`` where ``stats`` maps each root action's key to (n, w, w2);
    ``None`` ends it, and so does a closed pipe (the app is gone)."""
    from . import make_agent
    agents: dict = {}
    try:
        conn.send(("ready", os.getpid()))
        while True:
            try:
                task = conn.recv()
            except (EOFError, OSError):
                return
            if task is None:
                return
            if task[0] == "warm":          # build a game's player before its first search
                _warm(agents, task[1])
                continue
            tid, game, view, legal, seed, think, iterations = task
            if cancelled.value >= tid:
                conn.send((tid, None, 0))
                continue
            agent = agents.get(game)
            if agent is None:
                agent = agents[game] = make_agent(game, "expert", seed)
            agent.rng.seed(seed)
            agent.think, agent.iterations = think, iterations
            done = threading.Event()

            def watch(agent=agent, tid=tid, done=done):
                while not done.wait(POLL):
                    if cancelled.value >= tid:
                        agent.cancel()
            watcher = threading.Thread(target=watch, daemon=True)
            watcher.start()
            stats, its = None, 0
            try:
                agent.decide(view, legal)
                root = getattr(agent, "last_root", None)
                paired = getattr(agent, "last_paired", None)
                hint = getattr(agent, "last_hint", None)
                if root is not None and cancelled.value < tid:
                    stats = {k: (c.n, c.w, c.w2) for k, c in root.children.items()}
                    its = int(getattr(agent, "last_iterations", 0))
                elif paired and hint is not None and cancelled.value < tid:
                    # the paired search: its sums, and the guide's pick they are paired with
                    stats = {"paired": paired, "hint": _action_key(legal[hint])}
                    its = int(getattr(agent, "last_iterations", 0))
            except Exception:  # noqa: BLE001 - a helper's failure costs only its tries
                log.warning("_worker_main: fell back after an error", exc_info=True)
                stats = None
            finally:
                done.set()
                watcher.join()
            conn.send((tid, stats, its))
    except (EOFError, OSError, BrokenPipeError, KeyboardInterrupt):
        return


def _warm(agents: dict, game: str) -> None:  # pragma: no cover - runs in the helper process
    """Build ``game``'s expert and let it search a new game's first move briefly: the rules,
    data and players it needs are loaded before the first real search."""
    from . import make_agent
    try:
        from ..rules import GAMES, new_game
        agent = agents.get(game)
        if agent is None:
            agent = agents[game] = make_agent(game, "expert", 0)
        state = new_game(game, players=max(2, GAMES[game].min_players), seed=0)
        if not state.is_over():
            agent.think, agent.iterations = 0.05, 20
            agent.decide(state.view(state.current_player), state.legal_actions())
    except Exception:  # noqa: BLE001 - warming is only a head start
        log.warning("_warm: fell back after an error", exc_info=True)
        pass


# ---- the pool -----------------------------------------------------------------------------------

class SearchPool:
    """Helper processes for root-parallel searches; one search at a time."""

    def __init__(self, workers: int | None = None, target=None):
        self.size = default_workers() if workers is None else max(0, int(workers))
        self._target = target or _worker_main     # a helper's main (tools may wrap it)
        self._procs: list = []
        self._conns: list = []
        self._cancelled = None        # shared number: every task id up to it is cancelled
        self._tid = 0
        self._lock = threading.Lock()   # one search at a time
        self._io = threading.Lock()     # one thread at a time writes to the pipes
        self._start_lock = threading.Lock()
        self._state = "new"             # new, starting, ready, broken, closed
        self._starter: threading.Thread | None = None
        self._warm: set = set()         # games whose players the helpers build ahead
        self.problem: str | None = None

    # state
    @property
    def ready(self) -> bool:
        return self._state == "ready"

    @property
    def broken(self) -> bool:
        return self._state in ("broken", "closed")

    def pids(self) -> list[int]:
        return [p.pid for p in self._procs if p.pid is not None]

    def alive(self) -> list:
        return [p for p in self._procs if p.is_alive()]

    # starting
    def start_background(self) -> None:
        """Start the helpers in a thread (the caller goes on searching alone meanwhile)."""
        if self._state != "new":
            return
        self._state = "starting"
        self._starter = threading.Thread(target=self.start, name="search-pool-start", daemon=True)
        self._starter.start()

    def start(self) -> bool:
        """Start the helpers and wait until each says it is ready; False (and the pool stays
        unused) where they cannot start.  Called again (or while a background start runs), it
        waits for that start."""
        with self._start_lock:
            if self._procs or self._state not in ("new", "starting"):
                return self.ready
            return self._start()

    def _start(self) -> bool:
        self._state = "starting"
        if self.size <= 0:
            return self._fail("no helper wanted")
        try:
            import multiprocessing
            ctx = multiprocessing.get_context("spawn")
            self._cancelled = ctx.RawValue("q", 0)
            for i in range(self.size):
                if self._state == "closed":
                    break
                parent, child = ctx.Pipe()
                proc = ctx.Process(target=self._target, args=(child, self._cancelled),
                                   name=f"burrowbox-search-{i + 1}", daemon=True)
                proc.start()
                child.close()
                self._procs.append(proc)
                self._conns.append(parent)
            deadline = time.monotonic() + START_TIMEOUT
            for conn in list(self._conns):
                while not conn.poll(0.05):
                    if self._state == "closed":
                        self._stop_procs()
                        return False
                    if time.monotonic() > deadline:
                        return self._fail("a helper did not start in time")
                msg = conn.recv()
                if not (isinstance(msg, tuple) and msg and msg[0] == "ready"):
                    return self._fail("a helper answered oddly")
        except Exception as exc:  # noqa: BLE001 - no helpers: the search runs alone
            log.warning("_start: fell back after an error", exc_info=True)
            return self._fail(f"{type(exc).__name__}: {exc}")
        with self._io:
            if self._state != "closed":
                self._state = "ready"
                for game in sorted(self._warm):
                    self._send_warm(game)
        if self._state == "closed":        # shut down while starting
            self._stop_procs()
            return False
        return True

    def warm(self, game: str) -> None:
        """Have the helpers build ``game``'s player now (or as soon as they are up), so that
        they help from the first move on."""
        with self._io:
            if game in self._warm:
                return
            self._warm.add(game)
            if self.ready:
                self._send_warm(game)

    def _send_warm(self, game: str) -> None:
        for conn in self._conns:
            try:
                conn.send(("warm", game))
            except Exception:  # noqa: BLE001 - a helper gone shows at the next search
                log.warning("_send_warm: fell back after an error", exc_info=True)
                pass

    def _fail(self, why: str) -> bool:
        self.problem = why
        if self._state != "closed":
            self._state = "broken"
        self._stop_procs()
        return False

    # searching
    def submit(self, game: str, view: dict, legal: list, seed: int, think: float,
               iterations: int | None = None) -> int | None:
        """Hand the search to every helper; its task id, or None (busy, not ready, broken)."""
        if not self.ready or not self._lock.acquire(blocking=False):
            return None
        try:
            self._tid += 1
            tid = self._tid
            with self._io:
                for i, conn in enumerate(self._conns):
                    conn.send((tid, game, view, legal,
                               (seed * 1_000_003 + 7919 * (i + 1)) % (2 ** 61), think, iterations))
        except Exception as exc:  # noqa: BLE001 - a helper gone: search alone from now on
            log.warning("submit: fell back after an error", exc_info=True)
            self._lock.release()
            self._fail(f"{type(exc).__name__}: {exc}")
            return None
        return tid

    def collect(self, tid: int, timeout: float) -> list[tuple[dict, int]]:
        """The helpers' answers to task ``tid`` (stats, iterations) that come within
        ``timeout`` seconds; ends the task (the pool is free again)."""
        out = []
        try:
            deadline = time.monotonic() + timeout
            for conn in self._conns:
                while True:
                    left = deadline - time.monotonic()
                    if left <= 0 or not conn.poll(left):
                        break
                    got, stats, its = conn.recv()
                    if got == tid:
                        if stats is not None:
                            out.append((stats, its))
                        break           # older answers (a cancelled task) are dropped
        except Exception as exc:  # noqa: BLE001
            log.warning("collect: fell back after an error", exc_info=True)
            self._fail(f"{type(exc).__name__}: {exc}")
        finally:
            self.cancel(tid)
            self._release()
        return out

    def cancel(self, tid: int | None = None) -> None:
        """Stop the helpers' search ``tid`` (default: every task so far) at once."""
        value = self._cancelled
        if value is not None:
            value.value = max(value.value, self._tid if tid is None else tid)

    def abandon(self, tid: int) -> None:
        """Cancel task ``tid`` without waiting for its answers (they are dropped later)."""
        self.cancel(tid)
        self._release()

    def _release(self) -> None:
        try:
            self._lock.release()
        except RuntimeError:
            pass

    # ending
    def close(self, timeout: float = 2.0) -> None:
        """End every helper: ask, wait up to ``timeout``, then terminate; none is left."""
        self._state = "closed"
        self.cancel()
        self._stop_procs(timeout)

    def _stop_procs(self, timeout: float = 1.0) -> None:
        locked = self._io.acquire(timeout=0.5)
        try:
            for conn in self._conns:
                try:
                    conn.send(None)
                except Exception:  # noqa: BLE001 - already gone
                    log.warning("_stop_procs: fell back after an error", exc_info=True)
                    pass
        finally:
            if locked:
                self._io.release()
        deadline = time.monotonic() + timeout
        for proc in self._procs:
            try:
                proc.join(max(0.0, deadline - time.monotonic()))
                if proc.is_alive():
                    proc.terminate()
                    proc.join(1.0)
                if proc.is_alive():      # pragma: no cover - a helper that ignores SIGTERM
                    proc.kill()
                    proc.join(1.0)
            except Exception:  # noqa: BLE001
                log.warning("_stop_procs: fell back after an error", exc_info=True)
                pass
        for conn in self._conns:
            try:
                conn.close()
            except Exception:  # noqa: BLE001
                log.warning("_stop_procs: fell back after an error", exc_info=True)
                pass
        self._conns = []


_shared: SearchPool | None = None
_shared_lock = threading.Lock()


def shared_pool(start: bool = True) -> SearchPool | None:
    """The app's one pool (started in the background on first use), or None where no helper
    would help (one core) or the helpers could not start."""
    global _shared
    with _shared_lock:
        if _shared is None:
            if default_workers() <= 0:
                return None
            _shared = SearchPool()
            atexit.register(shutdown)
        pool = _shared
    if start:
        pool.start_background()
    return None if pool.broken else pool


def shutdown() -> None:
    """End the shared pool's helpers (the app calls it on quit; also at exit)."""
    global _shared
    with _shared_lock:
        pool, _shared = _shared, None
    if pool is not None:
        starter = pool._starter
        pool.close()
        if starter is not None and starter.is_alive():   # still starting: it stops soon
            starter.join(2.0)
            pool._stop_procs()


# ---- the agent ------------------------------------------------------------------------------------

class ParallelExpert(Agent):
    """The expert's search with the pool's helpers searching the same view beside it."""
    level = "expert"

    def __init__(self, game: str, seed: int | None = None, pool: SearchPool | None = None,
                 inner: Agent | None = None):
        super().__init__(game, seed)
        if inner is None:
            from . import make_agent
            inner = make_agent(game, "expert", seed)
        self.inner = inner
        self.pool = pool
        self._flag = threading.Event()
        self._tid: int | None = None
        self.last_iterations = 0     # the deciding thread's and the helpers' together
        self.last_helpers = 0        # helpers whose tries were added

    @property
    def think(self):
        return self.inner.think

    @think.setter
    def think(self, value) -> None:
        self.inner.think = value

    def cancel(self) -> None:
        self._flag.set()
        self.inner.cancel()
        pool, tid = self.pool, self._tid
        if pool is not None and tid is not None:
            pool.cancel(tid)

    def choose(self, view: dict, legal: list):
        self._flag = flag = threading.Event()
        inner = self.inner
        pool = self.pool
        tid = None
        think = float(getattr(inner, "think", 0) or 0)
        started = time.monotonic()
        if pool is not None and len(legal) > 1 and think >= MIN_THINK:
            # the helpers stop a little before the deciding thread, so their answers are there
            tid = pool.submit(self.game, view, legal, self.rng.getrandbits(61),
                              think - HELPER_EARLY, getattr(inner, "iterations", None))
        self._tid = tid
        answers: list = []
        try:
            action = inner.decide(view, legal)
            own = int(getattr(inner, "last_iterations", 0))
            self.last_iterations, self.last_helpers = own, 0
            root = getattr(inner, "last_root", None)
            paired = getattr(inner, "last_paired", None)
            if tid is None or flag.is_set() or (root is None and not paired):
                return action                  # alone, cancelled, no search
            answers = pool.collect(tid, max(0.0, started + think + ANSWER_SLACK - time.monotonic()))
            tid = None
            if flag.is_set() or not answers:
                return action
            self.last_iterations = own + sum(its for _, its in answers)
            self.last_helpers = len(answers)
            if root is None:
                return merged_paired(legal, paired, [stats for stats, _ in answers],
                                     getattr(inner, "last_hint", None),
                                     getattr(inner, "last_margin", 0.0),
                                     getattr(inner, "last_z", 2.0))
            return merged_choice(legal, root, [stats for stats, _ in answers],
                                 getattr(inner, "last_hint", None),
                                 getattr(inner, "last_margin", getattr(inner, "margin", 0.0)),
                                 getattr(inner, "last_z", 2.0))
        finally:
            if tid is not None:
                pool.abandon(tid)
            self._tid = None


def _action_key(action) -> str:
    from .expert import _key
    return action.key() if hasattr(action, "key") else _key(action)


def merged_paired(legal: list, paired: dict, helpers: list, hint: int | None, margin: float,
                  z: float = 2.0):
    """The paired search's rule (``expert.paired_pick``) on its own sums and the helpers'
    (those paired with the same guide's pick, over the same options)."""
    from .expert import paired_pick
    if hint is None:
        return legal[0]
    hint_key = _action_key(legal[hint])
    total = {k: list(v) for k, v in paired.items()}
    for stats in helpers:
        if not isinstance(stats, dict) or stats.get("hint") != hint_key:
            continue
        theirs = stats.get("paired") or {}
        if set(theirs) != set(total):
            continue
        for k, v in theirs.items():
            for j in range(4):
                total[k][j] += v[j]
    want = paired_pick({k: tuple(v) for k, v in total.items()}, hint_key, margin, z)
    return next((a for a in legal if _action_key(a) == want), legal[hint])


def merged_choice(legal: list, root, helpers: list[dict], hint: int | None, margin: float,
                  z: float = 2.0):
    """The expert's rule on the summed root counts of its own search and the helpers'."""
    from .expert import _clearly_better, _key, _Node
    keys = [a.key() if hasattr(a, "key") else _key(a) for a in legal]
    total: dict = {}
    for k, child in root.children.items():
        node = total[k] = _Node()
        node.n, node.w, node.w2 = child.n, child.w, child.w2
    for stats in helpers:
        if "paired" in stats:          # a paired search's sums: not this rule's counts
            continue
        for k, (n, w, w2) in stats.items():
            node = total.get(k)
            if node is None:
                node = total[k] = _Node()
                node.n = 0
            node.n += n
            node.w += w
            node.w2 += w2
    best_i, best_n = 0, -1
    for i, k in enumerate(keys):
        node = total.get(k)
        n = node.n if node is not None else 0
        if n > best_n:
            best_i, best_n = i, n
    if hint is not None and keys[hint] != keys[best_i]:
        ours, theirs = total.get(keys[best_i]), total.get(keys[hint])
        if ours is None or theirs is None or not _clearly_better(ours, theirs, margin, z):
            return legal[hint]
    return legal[best_i]
