"""Fit Mole Dig's ``CALIBRATION`` (game/ai/moles_ai/hook.py): how sure ``equity`` may be, per layer.

Plays seeded good-vs-good games (``--players`` seats), records every position where a player
is about to turn a disc, and fits, per layer, the model  P(seat s wins) = e_s ** k / sum e ** k
(e: ``equity``'s shares; with two seats that is sigmoid(k * logit(e))) to the games' outcomes
by maximum likelihood (Newton's method; a shared win counts as a share).  k < 1: equity is too
sure on that layer; k > 1: too timid.  The two halves of the games (even and odd seeds) are
fitted apart too, to show how far k can be trusted.

    python tools/moles_calibration.py --games 300 --seed 3000 --every 3
    python tools/moles_calibration.py --players 4 --games 300 --seed 3000 --every 3

Costs about a second of CPU a game with two players (rules and the good player only), about
as much with four.
"""
from __future__ import annotations

import argparse
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from game.ai import make_agent  # noqa: E402
from game.ai.moles_ai import Pos, equity  # noqa: E402
from game.rules import new_game  # noqa: E402
from game.rules.moles import LAYER_COUNT  # noqa: E402

FLOOR = 1e-3     # a share below this counts as this (a seat still in the game)


def _logs(shares: list) -> list:
    """log of each seat's share; None for a seat with no share at all (out of the game)."""
    return [math.log(max(x, FLOOR)) if x > 0 else None for x in shares]


def record(seed: int, every: int = 1, players: int = 2) -> list:
    """[(layer, log shares of ``equity``, each seat's share of the win)] of one good-vs-good
    game."""
    st = new_game("moles", players=players, seed=seed)
    agents = [make_agent("moles", "good", seed=seed * 16 + s) for s in range(players)]
    seen = []
    turns = 0
    while not st.is_over():
        seat = st.current_player
        if st.step == "turn":
            if turns % every == 0:
                pos = Pos.from_state(st)
                seen.append((pos.layer, _logs(equity(pos))))
            turns += 1
        st.apply(agents[seat].decide(st.view(seat), st.legal_actions()))
    won = st.winners()
    y = [1.0 / len(won) if s in won else 0.0 for s in range(players)]
    return [(layer, x, y) for layer, x in seen]


def fit(rows: list, steps: int = 30) -> float:
    """Newton's method for the temperature k of P(s) = exp(k * x_s) / sum exp(k * x) over
    [(log shares, outcome shares)] (seats whose log share is None take no part)."""
    k = 1.0
    for _ in range(steps):
        grad = hess = 0.0
        for xs, ys in rows:
            live = [(x, y) for x, y in zip(xs, ys) if x is not None]
            if len(live) < 2:
                continue
            top = max(x for x, _ in live)
            ws = [math.exp(k * (x - top)) for x, _ in live]
            tot = sum(ws)
            ps = [w / tot for w in ws]
            mean = sum(p * x for p, (x, _) in zip(ps, live))
            var = sum(p * (x - mean) ** 2 for p, (x, _) in zip(ps, live))
            ysum = sum(y for _, y in live)
            grad += sum(y * x for x, y in live) - ysum * mean
            hess -= ysum * var
        if hess >= -1e-9:
            break
        step = grad / hess
        k -= max(-0.5, min(0.5, step))
        if abs(step) < 1e-6:
            break
    return k


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=3000)
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument("--every", type=int, default=3, help="record every N-th turn")
    args = ap.parse_args(argv)
    per = {layer: {0: [], 1: []} for layer in range(LAYER_COUNT)}
    for i in range(args.games):
        seed = args.seed + i
        for layer, x, y in record(seed, args.every, args.players):
            per[layer][seed % 2].append((x, y))
        if (i + 1) % 20 == 0:
            print(f"{i + 1} games", file=sys.stderr, flush=True)
    for layer in range(LAYER_COUNT):
        both = per[layer][0] + per[layer][1]
        if len(both) < 20:
            print(f"layer {layer + 1}: too few positions ({len(both)})")
            continue
        k = fit(both)
        halves = [fit(per[layer][h]) if len(per[layer][h]) >= 10 else float("nan")
                  for h in (0, 1)]
        print(f"layer {layer + 1}: k = {k:.2f} over {len(both)} positions "
              f"(even seeds {halves[0]:.2f}, odd seeds {halves[1]:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
