"""Where two-player Mole Dig games are decided: before the last layer, or in its race.

Plays seeded games of player A against B (A takes seat 0 and seat 1 in turn) and sorts each
game by how it was decided: "early" when a seat was out before the last layer began (or the
game ended before it), "race" when both seats still had moles as the last layer began, so
the race to the centre hole decided it.  Prints A's share of the win in each kind.  The last
layer is mostly a race of the discs (see ``moles_duel.py``), so the race share bounds what any
player can win: with a share ``r`` of games raced and a race won at ``q``, A wins at most
``(1 - r) + r * q``.

    python tools/moles_phases.py --a guide --b good --games 400
    python tools/moles_phases.py --a expert --iterations 200 --b good --games 200

A: good, guide (the expert's guide alone), expert (with ``--iterations``), beginner; B: any
level.  Costs about 0.5 s of CPU a game with the guide, 2.5 s with the expert at 200
iterations.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
TOOLS = os.path.dirname(os.path.abspath(__file__))
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)

from moles_duel import player  # noqa: E402

from game.ai import make_agent  # noqa: E402
from game.rules import new_game  # noqa: E402
from game.rules.moles import LAYER_COUNT  # noqa: E402


def one_game(a: str, b: str, seed: int, a_seat: int, iterations: int | None) -> tuple:
    """(kind, A's share of the win) of one seeded game."""
    st = new_game("moles", players=2, seed=seed)
    agents = [player(a, seed * 16 + s, iterations) if s == a_seat else
              make_agent("moles", b, seed=seed * 16 + s) for s in range(2)]
    kind = "early"
    while not st.is_over():
        if st.layer == LAYER_COUNT - 1 and kind == "early":
            out = st.view(0)["eliminated"]
            kind = "race" if not any(out) else "early"
            break
        s = st.current_player
        st.apply(agents[s].decide(st.view(s), st.legal_actions()))
    while not st.is_over():
        s = st.current_player
        st.apply(agents[s].decide(st.view(s), st.legal_actions()))
    won = st.winners()
    return kind, (1.0 / len(won) if a_seat in won else 0.0)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", default="guide", help="good, guide, expert or beginner")
    ap.add_argument("--b", default="good", help="the other seat's level")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=30000, help="seed of the first game")
    ap.add_argument("--iterations", type=int, default=None)
    args = ap.parse_args(argv)
    started = time.perf_counter()
    tally = {"early": [0, 0.0], "race": [0, 0.0]}
    for i in range(args.games):
        kind, share = one_game(args.a, args.b, args.seed + i, i % 2, args.iterations)
        tally[kind][0] += 1
        tally[kind][1] += share
    total = sum(w for _, w in tally.values())
    print(f"{args.a} vs {args.b}: {total:g} of {args.games} won "
          f"({total / max(1, args.games):.1%}), {time.perf_counter() - started:.0f} s")
    for kind, (n, w) in tally.items():
        print(f"  {kind:5s} {n:4d} games ({n / max(1, args.games):.1%}), "
              f"A won {w:g} ({w / max(1, n):.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
