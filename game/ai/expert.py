"""The "expert" level: an information-set Monte Carlo tree search over the rules contract.

It knows nothing of a game but ``GameState``'s API, so it serves every game with rules:

* every iteration deals the unknowns afresh from the deciding seat's own view
  (``type(state).from_view(view, seed)``), so the search never sees a secret; where dealing is
  slow (Mole Dig rebuilds its boards: the ``pool`` setting), a few deals are kept and cloned, and
  each clone gets a fresh random seed, so rolls, draws and face-down tiles still come from the
  real odds;
* one tree for the whole information set (single-observer ISMCTS): a node's children are the
  actions by their key, a child is counted "available" each time a deal allows it, and UCB picks
  among the available ones with a reward vector (each seat maximises its own share of the win);
* after the tree, a short playout (random, or by the game's own cheap player: Gopher's Pantry
  a sharper form of its good player, Forest Gold its beginner's habits with an eye for gold;
  each seat decides from its own view of the deal, a share of random actions mixed in), then
  an evaluation: the final result where the game ended, else the game's own estimate where it
  has one (Mole Dig's calibrated win equity, Hamster Burrow's sheet evaluation, Forest Gold's
  position value, Gopher's Pantry's fitted score lead), else a normalised score lead;
* the guide, asked first, is the game's good player or a sharper form of it (Ants &
  Grasshopper, Hamster Burrow, Gopher's Pantry, Forest Gold); the search overrules it only
  by a margin; where a game sets ``paired`` the root's options are instead all played on each
  deal with the same seeds (common random numbers) and compared by their paired differences;
  secret choices below the root can be played as chance (``secret_chance``), so the seats after
  them do not "see" them;
* each game's settings, evaluation, playout player and guide live beside its other players, in
  ``EXPERT`` of ``game/ai/<game>_ai.py`` (see ``hooks``), so this module stays game-blind;
* bounded: ``think`` seconds a move (and optionally ``iterations``), a node cap for memory, and
  ``cancel()`` stops a search at once (the play screen calls it on Undo, Menu or quit).

With ``iterations`` set and a generous ``think`` the choice depends only on (view, legal, seed),
which the fairness tests use; on screen the time bound applies.
"""
from __future__ import annotations

import logging
import math
import random
import threading
import time
from importlib import import_module

from . import Agent

log = logging.getLogger(__name__)

THINK_SECONDS = 0.7        # default think time a move (keeps a move within 1 s when busy)
ITERATIONS = None          # default iteration cap (None: the time bound alone)
MAX_NODES = 200_000        # memory bound of one search tree
POOL = 12                  # deals kept where dealing is slow (TUNING "pool")

# game -> search settings; other games (and new ones) use DEFAULTS
DEFAULTS = {"depth": 30, "c": 0.7, "scale": 0.0, "margin": 0.02, "pool": False,
            "defer_secret": True, "explore": 0.15, "multi_margin": 0.08,
            "secret_chance": False, "width": 0, "z": 2.0, "tree_depth": 0, "settle": 0,
            "paired": False}
# "width": where the guide ranks its options (its ``ranked``: action keys, best first, after
# each ``decide``), the root searches only its first ``width`` (and the guide's pick); 0: all.
# "z": with two seats the search overrules the guide by ``margin`` and ``z`` standard errors.
# "settle": where the game's hook has ``settled`` (a test of a quiet position, where its leaf
# value was fitted), a playout that reached ``depth`` goes on until such a position, at most
# ``settle`` actions more (0: it stops at ``depth``)
# "tree_depth": the tree grows at most this many actions deep (0: no limit), the deciding
# seat's own follow-up choices (a chain inside its turn) not cut; below it the playout player
# moves (at small budgets a sharper model of the other seats than untried actions at random)
# "paired": the root's options (the guide's first ``width``) are all tried on each deal, with
# the same random seed for their playouts (common random numbers: an option is compared with
# the guide's pick on the same face-down tiles and rolls, so the deal's luck cancels out), and
# the search overrules the guide where the paired difference is clearly positive; no tree
# below the root (``tree_depth`` 1 in effect).  Off by default.
# With three or more seats the search's statistics are noisier (every other seat's choices
# are modelled too) and its overrules of the guide measured harmful (3 players, 12 games each,
# think 0.3 s on a busy machine: hamster 0.8 wins with the two-player bar, 2.8 never
# overruling; ants 2 and 3): there it overrules only by ``multi_margin`` and three standard
# errors.
MULTI_Z = 3.0
GUIDE_SHARE = 0.6          # a guide that reads ``deadline`` thinks at most this share of the move
TUNING = {
}   # a game's own settings live in its hook (``hooks``: EXPERT["tuning"] in <game>_ai.py)


def hooks(game: str) -> dict:
    """The game's own expert hook: ``EXPERT`` in ``game/ai/<game>_ai.py`` (empty where none).

    Keys (all optional):
      ``tuning``    search settings merged over ``DEFAULTS`` (and ``TUNING``); among them
                    ``secret_chance``: secret choices met inside the tree (a hidden disc) are
                    played at random and not branched on, so the seats after them cannot
                    "see" them (off by default)
      ``evaluate``  ``f(state) -> list``: each seat's share of the win in a position that is
                    not over (the search's leaf value instead of ``score_lead``)
      ``guide``     ``f(game, seed) -> Agent``: the player asked first; the search overrules it
                    only by a margin (default: the game's good player)
      ``playout``   ``f(game, seed) -> Agent``: plays the playouts after the tree (each seat from
                    its own view of the dealt state), a share ``explore`` of actions at random;
                    default: random playouts.  A player with ``decide_state(state, legal)``
                    is handed the dealt state instead of a view (it must read only what the
                    mover's view shows)
      ``settled``   ``f(state, seat) -> bool``: a quiet position for comparing the deciding
                    ``seat``'s options (where ``evaluate`` is trusted, at a like phase); with
                    the setting ``settle`` a playout goes on past ``depth`` until one
      ``key``       ``f(action) -> hashable``: a cheap identity of an action inside the tree
                    (equal for equal actions of one position); default ``action.key()`` (JSON,
                    slow in a hot loop). The root's children keep ``action.key()`` (parallel.py)
    A hook sees what the search sees: states dealt from the deciding seat's view.
    """
    cached = _HOOKS.get(game)
    if cached is None:
        try:
            mod = import_module(f".{game}_ai", __package__)
        except ImportError:
            mod = None
        cached = _HOOKS[game] = dict(getattr(mod, "EXPERT", None) or {})
    return cached


_HOOKS: dict = {}


def final_shares(state) -> list:
    n = state.players
    won = state.winners()
    if not won:
        return [1.0 / n] * n
    return [1.0 / len(won) if s in won else 0.0 for s in range(n)]


def score_lead(state, scale: float = 0.0) -> list:
    """Shares of the win from the running scores: a logistic of each seat's lead over the best
    other seat, normalised (equal shares where the scores are not numbers)."""
    n = state.players
    try:
        sc = [float(x) for x in state.scores()]
    except (TypeError, ValueError, NotImplementedError):
        return [1.0 / n] * n
    if n == 1:
        return [1.0]
    if not scale:
        scale = max(2.0, 0.15 * max(abs(x) for x in sc))
    return lead_shares(sc, scale)


def lead_shares(sc: list, scale: float) -> list:
    """A logistic of each seat's lead over the best other seat, normalised to sum 1."""
    n = len(sc)
    if n == 1:
        return [1.0]
    out = []
    for s in range(n):
        best = max(sc[t] for t in range(n) if t != s)
        z = max(-30.0, min(30.0, (sc[s] - best) / scale))
        out.append(1.0 / (1.0 + math.exp(-z)))
    total = sum(out)
    return [x / total for x in out]


class _Node:
    __slots__ = ("children", "n", "w", "w2", "avail", "secret")

    def __init__(self):
        self.children: dict = {}
        self.n = 0
        self.w = 0.0          # summed reward of the seat that chose the action leading here
        self.w2 = 0.0         # ... and of its squares (for the standard error)
        self.avail = 1
        self.secret = None    # whether the decision here is secret (``secret_chance``)


SECRET = "\x00secret"   # the one child of a secret decision inside the tree (secret_chance)


class ExpertAgent(Agent):
    level = "expert"

    def __init__(self, game: str, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None):
        super().__init__(game, seed)
        self.think = THINK_SECONDS if think is None else float(think)
        self.iterations = ITERATIONS if iterations is None else iterations
        hook = hooks(game)
        tune = dict(DEFAULTS)
        tune.update(TUNING.get(game, {}))
        tune.update(hook.get("tuning") or {})
        self.depth = int(tune["depth"])
        self.c = float(tune["c"])
        self.scale = float(tune["scale"])
        self.margin = float(tune["margin"])   # how much better the search's pick must look
        self.multi_margin = float(tune["multi_margin"])   # ... with three or more seats
        self.width = int(tune["width"])       # the root: the guide's first few options only
        self.z = float(tune["z"])             # standard errors an overrule needs (two seats)
        self.tree_depth = int(tune["tree_depth"])   # 0: the tree grows without a limit
        self.pool = bool(tune["pool"])
        self.paired = bool(tune["paired"])     # the root's options on common deals
        self.defer_secret = bool(tune["defer_secret"])   # secret choices: the guide's stands
        # secret choices inside the tree are played at random and not branched on, so the
        # seats after them decide without knowing them (else a guesser below a hidden disc
        # "sees" it)
        self.secret_chance = bool(tune["secret_chance"])
        self._guide = None                    # the game's good player, asked first (a prior)
        self.explore = float(tune["explore"])   # playouts: share of random actions
        self.evaluator = hook.get("evaluate")
        self._policy_maker = hook.get("playout")
        self._policy = None
        self._guide_maker = hook.get("guide")
        self.fast_key = hook.get("key")       # the tree's action identity (None: action.key())
        self.settle = int(tune["settle"])     # playouts go on to a quiet position ...
        self.settled = hook.get("settled") if self.settle > 0 else None   # ... this one
        self._cancel = threading.Event()
        self.last_iterations = 0   # of the last search (benchmarks read it)
        self.last_nodes = 0
        self.last_root = None      # the last search's root and good's pick (parallel.py)
        self.last_hint = None
        self.last_paired = None    # ... or the paired search's sums (``paired_pick``)

    def cancel(self) -> None:
        """Stop the search under way at once (it answers with its best action so far)."""
        self._cancel.set()

    # ---- dealing ---------------------------------------------------------------------------
    def _dealer(self, view: dict):
        from ..rules import GAMES
        cls = GAMES[self.game].state_class
        rng = self.rng
        pool: list = []
        keep = self.pool

        def deal():
            if not keep or len(pool) < POOL:
                st = cls.from_view(view, rng.getrandbits(31))
                if keep:
                    pool.append(st)
                    st = st.clone()
                    st.rng.seed(rng.getrandbits(63))
                return st
            st = pool[rng.randrange(len(pool))].clone()
            st.rng.seed(rng.getrandbits(63))
            return st
        return deal

    def _evaluate(self, state) -> list:
        if state.is_over():
            return final_shares(state)
        if self.evaluator is not None:
            return self.evaluator(state)
        return score_lead(state, self.scale)

    # ---- search ----------------------------------------------------------------------------
    def choose(self, view: dict, legal: list):
        self.last_root = self.last_hint = None  # hook: the root-parallel search (parallel.py)
        self.last_paired = None
        if len(legal) == 1:
            return legal[0]
        flag = self._cancel = threading.Event()   # a fresh flag per search (see cancel)
        keys = [a.key() if hasattr(a, "key") else _key(a) for a in legal]
        root = _Node()
        started = time.perf_counter()
        deadline = started + self.think
        cap = self.iterations
        deal = self._dealer(view)
        hint = self._hint(view, legal, started + GUIDE_SHARE * self.think)
        if hint is not None and self.defer_secret and self._secret(deal(), legal):
            # a secret or simultaneous choice (a hidden disc, a guess): a tree over one seat's
            # information would let the others "see" it, so the good player's mixed choice
            # stands
            self.last_iterations = self.last_nodes = 0
            return legal[hint]
        rng = self.rng
        c = self.c
        limit = self.tree_depth
        policy = self._playout_policy()
        secret_chance = self.secret_chance
        allowed = set(keys)
        fkey = self.fast_key
        root_of = {fkey(a): k for a, k in zip(legal, keys)} if fkey is not None else None
        ranked = getattr(self._guide, "ranked", None) if hint is not None else None
        if self.width > 0 and ranked:
            narrow = set(ranked[:self.width]) & allowed
            narrow.add(keys[hint])
            if len(narrow) > 1:
                allowed = narrow
        if self.paired and hint is not None and len(allowed) > 1:
            return self._paired(legal, keys, allowed, hint, deal, deadline, cap, flag)
        seats = 2
        nodes = 1
        it = 0
        searched = time.perf_counter()      # the search proper starts (after the guide)
        while True:
            if cap is not None and it >= cap:
                break
            if flag.is_set() or nodes >= MAX_NODES:
                break
            if it and _no_time_for_another(searched, it, deadline):
                break
            it += 1
            s = deal()
            seats = s.players
            node = root
            path = []         # (node, seat that chose it)
            first = True
            me = s.current_player
            while not s.is_over():
                if limit and len(path) >= limit and s.current_player != me:
                    break
                acts = s.legal_actions()
                mover = s.current_player
                if fkey is None:
                    ks = [a.key() for a in acts]
                elif first:
                    ks = [root_of.get(fkey(a)) for a in acts]
                else:
                    ks = [fkey(a) for a in acts]
                if first:     # the root: only the actions the caller offered
                    pairs = [(k, a) for k, a in zip(ks, acts) if k in allowed]
                    if not pairs:
                        break
                    first = False
                else:
                    pairs = list(zip(ks, acts))
                    if secret_chance and len(acts) > 1:
                        if node.secret is None:
                            node.secret = self._secret(s, acts)
                        if node.secret:
                            pairs = [(SECRET, acts[rng.randrange(len(acts))])]
                ch = node.children
                untried = [p for p in pairs if p[0] not in ch]
                for k, _ in pairs:
                    child = ch.get(k)
                    if child is not None:
                        child.avail += 1
                if untried:
                    k, a = untried[rng.randrange(len(untried))]
                    child = _Node()
                    ch[k] = child
                    nodes += 1
                    s.apply(a)
                    path.append((child, mover))
                    break
                best = None
                best_v = -1.0
                for k, a in pairs:
                    child = ch[k]
                    v = child.w / child.n + c * math.sqrt(math.log(child.avail) / child.n)
                    if v > best_v:
                        best_v, best = v, (child, a)
                child, a = best
                s.apply(a)
                path.append((child, mover))
                node = child
            self._playout(s, me, policy, rng)
            reward = self._evaluate(s)
            root.n += 1
            for child, mover in path:
                r = reward[mover]
                child.n += 1
                child.w += r
                child.w2 += r * r
        self.last_iterations = it
        self.last_nodes = nodes
        margin, z = (self.multi_margin, MULTI_Z) if seats > 2 else (self.margin, self.z)
        self.last_root, self.last_hint = root, hint   # hook: parallel.py merges these ...
        self.last_margin, self.last_z = margin, z      # ... by the same overruling rule
        best_i, best_n = 0, -1
        for i, k in enumerate(keys):
            child = root.children.get(k)
            n = child.n if child is not None else 0
            if n > best_n:
                best_i, best_n = i, n
        if hint is not None and keys[hint] != keys[best_i]:
            # the search overrules the game's good player only where its pick looks better by
            # the margin and by two standard errors of the difference
            ours, theirs = root.children.get(keys[best_i]), root.children.get(keys[hint])
            if ours is None or theirs is None or not _clearly_better(ours, theirs, margin, z):
                return legal[hint]
        return legal[best_i]

    def _paired(self, legal: list, keys: list, allowed: set, hint: int, deal, deadline: float,
                cap, flag):
        """The root's options compared on common deals (``paired``): each deal is played once
        after every option, the playouts seeded alike; the guide's pick stands unless another
        option beats it by the margin and ``z`` standard errors of the paired differences."""
        rng = self.rng
        policy = self._playout_policy()
        prng = getattr(policy, "rng", None)
        opts = [i for i, k in enumerate(keys) if k in allowed]
        if hint not in opts:
            opts.append(hint)
        total = {i: 0.0 for i in opts}
        dsum = {i: 0.0 for i in opts}     # paired differences against the guide's pick
        dsq = {i: 0.0 for i in opts}
        want = {keys[i]: i for i in opts}
        rounds = it = 0
        seats = 2
        searched = time.perf_counter()
        while True:
            if cap is not None and it + len(opts) > max(cap, len(opts)):
                break
            if flag.is_set() or (rounds and _no_time_for_another(searched, rounds, deadline)):
                break
            s0 = deal()
            seats = s0.players
            me = s0.current_player
            index = {}
            for j, a in enumerate(s0.legal_actions()):
                i = want.get(a.key() if hasattr(a, "key") else _key(a))
                if i is not None:
                    index[i] = j
            if len(index) < len(opts):
                break                      # the deal disagrees with the caller's list
            seed = rng.getrandbits(63)
            got = {}
            for i in opts:
                s = s0.clone()
                s.rng.seed(seed)
                local = random.Random(seed)
                if prng is not None:
                    prng.seed(seed)
                s.apply(s.legal_actions()[index[i]])
                self._playout(s, me, policy, local)
                got[i] = self._evaluate(s)[me]
            base = got[hint]
            for i in opts:
                total[i] += got[i]
                d = got[i] - base
                dsum[i] += d
                dsq[i] += d * d
            rounds += 1
            it += len(opts)
        self.last_iterations = it
        self.last_nodes = len(opts)
        self.last_root, self.last_hint = None, hint     # (no tree for parallel.py to merge)
        margin, z = (self.multi_margin, MULTI_Z) if seats > 2 else (self.margin, self.z)
        self.last_margin, self.last_z = margin, z
        # hook: parallel.py adds the helpers' sums to these and decides by ``paired_pick``
        self.last_paired = {keys[i]: (total[i], dsum[i], dsq[i], rounds) for i in opts}
        want = paired_pick(self.last_paired, keys[hint], margin, z)
        return legal[keys.index(want)]

    def _playout(self, s, me: int, policy, rng) -> None:
        """Play the state on after the tree: ``depth`` actions by the playout player (a share
        ``explore`` of them at random), and where the game asks (``settle``) on until its
        ``settled`` finds the deciding seat ``me`` in a quiet position."""
        depth, explore, settled = self.depth, self.explore, self.settled
        stop = depth + self.settle
        steps = 0
        while not s.is_over():
            if steps >= depth and (settled is None or steps >= stop or settled(s, me)):
                break
            acts = s.legal_actions()
            if policy is not None and len(acts) > 1 and rng.random() >= explore:
                s.apply(self._policy_pick(policy, s, acts, rng))
            else:
                s.apply(acts[rng.randrange(len(acts))])
            steps += 1

    def _playout_policy(self):
        """The hook's playout player (None: random playouts)."""
        if self._policy is None and self._policy_maker is not None:
            self._policy = self._policy_maker(self.game, self.rng.getrandbits(31))
        return self._policy

    @staticmethod
    def _policy_pick(policy, state, acts: list, rng):
        """The playout player's choice for the seat to move, from that seat's view of the
        dealt state (so a playout seat knows no more than a real one would); random where it
        fails.  A player with a ``decide_state(state, legal)`` method is handed the dealt state
        itself (no view to build: far cheaper); it must read only what the mover's view shows
        (the game's tests prove that its choice does not change with the hidden deal)."""
        try:
            fast = getattr(policy, "decide_state", None)
            if fast is not None:
                return fast(state, acts)
            return policy.decide(state.view(state.current_player), acts)
        except Exception:  # noqa: BLE001 - a playout never stops the search
            log.warning("_policy_pick: fell back after an error", exc_info=True)
            return acts[rng.randrange(len(acts))]

    @staticmethod
    def _secret(state, legal: list) -> bool:
        """Whether this decision is secret or simultaneous: the other seats see the same thing
        whichever action is taken (two different legal actions tried on copies of a deal)."""
        me = state.current_player
        others = [s for s in range(state.players) if s != me]
        if not others or len(legal) < 2:
            return False
        seen = []
        for action in legal[:2]:
            copy = state.clone()
            try:
                copy.apply(action)
            except Exception:  # noqa: BLE001 - the deal disagrees with the caller's list
                log.warning("_secret: fell back after an error", exc_info=True)
                return False
            seen.append([copy.view(s) for s in others])
        return seen[0] == seen[1]

    def _hint(self, view: dict, legal: list, deadline: float | None = None):
        """Index of the game's good player's choice (None where the game has none).  A guide
        with a ``deadline`` attribute is told when to answer by (a ``perf_counter`` time: a
        share ``GUIDE_SHARE`` of the think time), so that a slow guide keeps the move in time."""
        if self._guide is None:
            from . import RandomAgent, agent_class
            if self._guide_maker is not None:
                self._guide = self._guide_maker(self.game, self.rng.getrandbits(31))
            else:
                cls = agent_class(self.game, "good")
                self._guide = False if cls is RandomAgent or cls is ExpertAgent else \
                    cls(self.game, self.rng.getrandbits(31))
        if self._guide is False or self.margin <= 0:
            return None
        if deadline is not None and hasattr(self._guide, "deadline"):
            self._guide.deadline = deadline
        try:
            pick = self._guide.decide(view, legal)
        except Exception:  # noqa: BLE001 - the search stands on its own
            log.warning("_hint: fell back after an error", exc_info=True)
            return None
        want = _key(pick)
        for i, a in enumerate(legal):
            if _key(a) == want:
                return i
        return None


def paired_pick(stats: dict, hint_key: str, margin: float, z: float = 2.0) -> str:
    """The paired search's rule: ``stats`` maps each root option's key to (summed reward,
    summed and squared differences against the guide's pick, deals); the best option by its
    summed reward overrules the guide's pick only where the mean paired difference beats the
    margin and ``z`` standard errors."""
    rounds = stats[hint_key][3]
    if rounds < 2:
        return hint_key
    best = max(stats, key=lambda k: (stats[k][0], k == hint_key))
    if best == hint_key:
        return hint_key
    _, dsum, dsq, _ = stats[best]
    mean = dsum / rounds
    var = max(0.0, dsq / rounds - mean * mean) / (rounds - 1)
    if mean > margin and mean > z * math.sqrt(var):
        return best
    return hint_key


def _no_time_for_another(started: float, done: int, deadline: float) -> bool:
    """Whether one more iteration (or paired round), as long as the average so far, would end
    past the deadline: the search does not start what it cannot finish in time, so that a
    move where an iteration is slow (long playouts, big hands) stays within its think time."""
    now = time.perf_counter()
    return now + (now - started) / done >= deadline


def _clearly_better(a: _Node, b: _Node, margin: float, z: float = 2.0) -> bool:
    if a.n < 2 or b.n < 2:
        return False
    ma, mb = a.w / a.n, b.w / b.n
    va = max(0.0, a.w2 / a.n - ma * ma) / a.n
    vb = max(0.0, b.w2 / b.n - mb * mb) / b.n
    diff = ma - mb
    return diff > margin and diff > z * math.sqrt(va + vb)


def _key(action) -> str:
    from ..rules.base import action_key
    return action_key(action)
