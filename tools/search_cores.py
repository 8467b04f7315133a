"""Does the expert's root-parallel search help on this machine?  Tries per second of the expert
alone and with its helper processes (game/ai/parallel.py), on the same seeded positions, and the
move times with helpers.

    python tools/search_cores.py [--think 0.9] [--workers N] [--positions 4] [--games moles,ants]

The gain needs idle cores: on a machine busy with other work the helpers only share the same
cores (the load average is printed with the figures).  On Linux the scheduler shares the cores
between sessions first ("autogroups"), so on a busy machine a helper in the game's session takes
its time from the game itself; ``--own-session`` starts each helper in a session of its own,
which is what an idle core gives it.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def positions(game: str, count: int) -> list:
    """(view, legal) of seeded beginner games, every seventh step with a real choice."""
    from game.ai import make_agent
    from game.rules import new_game
    state = new_game(game, players=2, seed=5)
    movers = [make_agent(game, "beginner", s) for s in range(2)]
    out, steps = [], 0
    while not state.is_over() and len(out) < count and steps < 600:
        seat, legal = state.current_player, state.legal_actions()
        if steps % 7 == 3 and len(legal) > 1:
            out.append((state.view(seat), legal))
        state.apply(movers[seat].decide(state.view(seat), legal))
        steps += 1
    return out


def own_session_helper(conn, cancelled) -> None:
    """A helper in a session of its own (``--own-session``)."""
    os.setsid()
    from game.ai.parallel import _worker_main
    _worker_main(conn, cancelled)


def main(argv=None) -> int:
    from game.ai.expert import ExpertAgent
    from game.ai.parallel import ParallelExpert, SearchPool, default_workers
    from game.rules import GAMES

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--think", type=float, default=0.9, help="seconds a move (default 0.9)")
    ap.add_argument("--workers", type=int, default=None, help="helper processes (default: cores - 1)")
    ap.add_argument("--positions", type=int, default=4, help="positions a game (default 4)")
    ap.add_argument("--games", default=",".join(g for g, i in GAMES.items() if i.state_class))
    ap.add_argument("--own-session", action="store_true",
                    help="each helper in a session of its own (Linux: its own scheduler share)")
    args = ap.parse_args(argv)
    workers = default_workers() if args.workers is None else args.workers
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"cores {os.cpu_count()}, helpers {workers}{' (own sessions)' if args.own_session else ''}, "
          f"load average {load:.1f}, think {args.think} s")
    pool = SearchPool(workers, target=own_session_helper if args.own_session else None)
    start = time.perf_counter()
    if not pool.start():
        print(f"helpers did not start: {pool.problem}")
        return 1
    print(f"helpers ready in {time.perf_counter() - start:.2f} s")
    try:
        for game in args.games.split(","):
            pos = positions(game, args.positions)
            alone = ExpertAgent(game, 1, think=args.think)
            helped = ParallelExpert(game, 1, pool=pool)
            helped.think = args.think
            helped.decide(*pos[0])           # the helpers build their player once
            a_it = h_it = answered = 0
            a_t = h_t = 0.0
            times = []
            for view, legal in pos:
                t = time.perf_counter()
                alone.decide(view, legal)
                a_t += time.perf_counter() - t
                a_it += alone.last_iterations
                t = time.perf_counter()
                helped.decide(view, legal)
                times.append(time.perf_counter() - t)
                h_it += helped.last_iterations
                answered += helped.last_helpers
            h_t = sum(times)
            print(f"{game:8} alone {a_it / a_t:7.0f} tries/s   with helpers {h_it / h_t:7.0f} tries/s "
                  f"({h_it / max(1, a_it):.2f}x)   helper answers {answered}/{len(pos) * workers}   "
                  f"move median {statistics.median(times):.3f} s, max {max(times):.3f} s")
    finally:
        pool.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
