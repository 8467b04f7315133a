"""Fit Mole Dig's ``CALIBRATION`` (game/ai/moles_ai.py): how sure ``equity`` may be, per layer.

Plays seeded good-vs-good two-player games, records every position where a player is about to
turn a disc, and fits, per layer, the logistic model  P(seat wins) = sigmoid(k * logit(equity))
to the games' outcomes (Newton's method; a tie counts as half a win).  k < 1: equity is too
sure on that layer; k > 1: too timid.  The two halves of the games (even and odd seeds) are
fitted apart too, to show how far k can be trusted.

    python tools/moles_calibration.py --games 300 --seed 3000 --every 3

Costs about a second of CPU a game (rules and the good player only).
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


def _logit(p: float) -> float:
    p = min(max(p, 1e-3), 1 - 1e-3)
    return math.log(p / (1 - p))


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def record(seed: int, every: int = 1) -> list:
    """[(layer, logit of seat 0's equity, seat 0's share of the win)] of one good-vs-good game."""
    st = new_game("moles", players=2, seed=seed)
    agents = [make_agent("moles", "good", seed=seed * 16 + s) for s in range(2)]
    seen = []
    turns = 0
    while not st.is_over():
        seat = st.current_player
        if st.step == "turn":
            if turns % every == 0:
                pos = Pos.from_state(st)
                seen.append((pos.layer, _logit(equity(pos)[0])))
            turns += 1
        st.apply(agents[seat].decide(st.view(seat), st.legal_actions()))
    won = st.winners()
    y = 1.0 / len(won) if 0 in won else 0.0
    return [(layer, x, y) for layer, x in seen]


def fit(rows: list, steps: int = 12) -> tuple:
    """Newton's method for P = sigmoid(a + k * x), both seats' points of view (so a ~ 0)."""
    a = k = 0.0
    for _ in range(steps):
        ga = gk = haa = hak = hkk = 1e-6
        for x0, y0 in rows:
            for x, y in ((x0, y0), (-x0, 1 - y0)):
                p = _sigmoid(a + k * x)
                q = p * (1 - p)
                ga += p - y
                gk += (p - y) * x
                haa += q
                hak += q * x
                hkk += q * x * x
        det = haa * hkk - hak * hak
        a -= (hkk * ga - hak * gk) / det
        k -= (haa * gk - hak * ga) / det
    return a, k


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=3000)
    ap.add_argument("--every", type=int, default=3, help="record every N-th turn")
    args = ap.parse_args(argv)
    per = {layer: {0: [], 1: []} for layer in range(LAYER_COUNT)}
    for i in range(args.games):
        seed = args.seed + i
        for layer, x, y in record(seed, args.every):
            per[layer][seed % 2].append((x, y))
        if (i + 1) % 20 == 0:
            print(f"{i + 1} games", file=sys.stderr, flush=True)
    for layer in range(LAYER_COUNT):
        both = per[layer][0] + per[layer][1]
        if len(both) < 20:
            print(f"layer {layer + 1}: too few positions ({len(both)})")
            continue
        k = fit(both)[1]
        halves = [fit(per[layer][h])[1] if len(per[layer][h]) >= 10 else float("nan")
                  for h in (0, 1)]
        print(f"layer {layer + 1}: k = {k:.2f} over {len(both)} positions "
              f"(even seeds {halves[0]:.2f}, odd seeds {halves[1]:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
