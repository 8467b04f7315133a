"""Strength benchmark: level A against level B (``python main.py strength GAME ...``).

Game ``i`` uses seed ``seed + i``; level A sits in seat ``i % players`` and level B fills the
other seats, so A plays every seat equally often (with 2 players: seats swapped every other
game).  A's win share counts a tie as a share (1 / number of tied winners).  The 95% interval
is Wilson's score interval on that share.  A's decision times (moments with more than one
legal action) give the move-time median and maximum.
"""
from __future__ import annotations

import math
import statistics
import time

from . import LEVELS, make_agent


def wilson(share: float, n: int, z: float = 1.96) -> tuple:
    """95% score interval of a proportion ``share`` observed over ``n`` trials."""
    if n <= 0:
        return (0.0, 1.0)
    d = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / d
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


ITERATION_THINK = 60.0   # with an iteration budget, the time bound is only a safety net


def _agent(game: str, level: str, seed: int, think: float | None,
           iterations: int | None = None):
    agent = make_agent(game, level, seed=seed)
    if think is not None and hasattr(agent, "think"):
        agent.think = think
    if iterations is not None and hasattr(agent, "iterations"):
        agent.iterations = iterations
        if think is None:
            agent.think = ITERATION_THINK
    return agent


def play_duel(game: str, a: str, b: str, players: int, seed: int, a_seat: int,
              think: float | None = None, variant: str | None = None,
              options: dict | None = None, times: list | None = None,
              iterations: int | None = None) -> float:
    """One game, level ``a`` in ``a_seat`` and ``b`` elsewhere; returns A's share of the win."""
    from ..rules import new_game
    state = new_game(game, players=players, seed=seed, variant=variant, options=options)
    from .arena import agent_seed, play
    agents = [_agent(game, a if s == a_seat else b, agent_seed(seed, s), think, iterations)
              for s in range(players)]

    def timed(seat, view, legal, action, seconds):
        if times is not None and seat == a_seat and len(legal) > 1:
            times.append(seconds)
    play(state, agents, on_decision=timed, label=f"{game} seed {seed}")
    won = state.winners()
    return 1.0 / len(won) if a_seat in won else 0.0


def _one_game(job: tuple) -> tuple:
    """One duel of a strength run (a worker process's task): (A's share, A's move times)."""
    game, a, b, players, seed, a_seat, think, variant, options, iterations = job
    times: list = []
    share = play_duel(game, a, b, players, seed, a_seat, think, variant, options, times,
                      iterations)
    return share, times


def strength(game: str, a: str = "expert", b: str = "good", games: int = 20, players: int = 2,
             seed: int = 1, think: float | None = None, variant: str | None = None,
             options: dict | None = None, progress=None, jobs: int = 1,
             iterations: int | None = None) -> dict:
    """Play ``games`` duels and add them up (a JSON-safe dict).  ``jobs`` > 1 plays that many
    games at once in worker processes; every game is the same as in one process (its seeds
    are its own), only the move times grow when the machine has fewer free cores.
    ``iterations`` caps the searching level's iterations a move instead of its think time, so
    that the result does not depend on how busy the machine is (the time bound is then
    ``think`` or ``ITERATION_THINK``)."""
    for level in (a, b):
        if level not in LEVELS:
            raise ValueError(f"unknown computer level '{level}' (known: {', '.join(LEVELS)})")
    times: list = []
    shares = []
    start = time.perf_counter()
    todo = [(game, a, b, players, seed + i, i % players, think, variant, options, iterations)
            for i in range(games)]
    if jobs > 1 and games > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(max_workers=min(jobs, games)) as pool:
            for share, spent in pool.map(_one_game, todo):
                shares.append(share)
                times.extend(spent)
                if progress is not None:
                    progress(len(shares), sum(shares))
    else:
        for job in todo:
            share, spent = _one_game(job)
            shares.append(share)
            times.extend(spent)
            if progress is not None:
                progress(len(shares), sum(shares))
    share = sum(shares) / games if games else 0.0
    lo, hi = wilson(share, games)
    return {"game": game, "a": a, "b": b, "players": players, "games": games, "seed": seed,
            "think": think, "iterations": iterations, "variant": variant, "jobs": max(1, jobs),
            "a_wins": round(sum(shares), 3),
            "a_share": round(share, 4), "interval95": [round(lo, 4), round(hi, 4)],
            "fair_share": round(1.0 / players, 4),
            "move_median_s": round(statistics.median(times), 4) if times else None,
            "move_max_s": round(max(times), 4) if times else None,
            "decisions": len(times), "seconds": round(time.perf_counter() - start, 1)}


def format_result(r: dict) -> str:
    think = f", think {r['think']} s" if r["think"] is not None else ""
    if r.get("iterations") is not None:
        think += f", {r['iterations']} iterations a move"
    lines = [f"{r['game']}: {r['a']} vs {r['b']}, {r['players']} players, {r['games']} games "
             f"(seeds {r['seed']}..{r['seed'] + r['games'] - 1}{think})",
             f"  {r['a']} win share {100 * r['a_share']:.1f}% "
             f"(95% interval {100 * r['interval95'][0]:.1f}-{100 * r['interval95'][1]:.1f}%; "
             f"fair share {100 * r['fair_share']:.0f}%), wins {r['a_wins']:g} of {r['games']}"]
    if r["move_median_s"] is not None:
        lines.append(f"  {r['a']} move time: median {r['move_median_s']:.3f} s, "
                     f"max {r['move_max_s']:.3f} s over {r['decisions']} decisions")
    lines.append(f"  {r['seconds']:.0f} s in all")
    return "\n".join(lines)


TABLE_OPPONENTS = ("good", "beginner", "random")
TABLE_PLAYERS = (2, 3, 4)


def table(game: str, a: str = "expert", opponents=TABLE_OPPONENTS, players=TABLE_PLAYERS,
          games: int = 200, seed: int = 1, think: float | None = None,
          iterations: int | None = None, jobs: int = 1, progress=None, row=None) -> list:
    """The strength table of one game: level ``a`` against each of ``opponents`` at each
    player count in ``players`` (those the game allows), ``games`` seeded games a cell (the
    same seeds in every cell).  ``row(result)`` is called as each cell is done, so that a long
    run can be read as it goes; returns the list of cell results (as ``strength`` gives)."""
    from ..rules import GAMES
    info = GAMES[game]
    out = []
    for p in players:
        if not info.min_players <= p <= info.max_players:
            continue
        for b in opponents:
            r = strength(game, a, b, games=games, players=p, seed=seed, think=think,
                         jobs=jobs, iterations=iterations, progress=progress)
            out.append(r)
            if row is not None:
                row(r)
    return out


TABLE_HEAD = ("| game | players | against | A's win share | 95% interval | fair share | games "
              "| move median / max |\n|---|---|---|---|---|---|---|---|")


def format_row(r: dict) -> str:
    """One cell of the strength table as a Markdown row (the header is ``TABLE_HEAD``)."""
    lo, hi = r["interval95"]
    times = "-" if r["move_median_s"] is None else \
        f"{r['move_median_s']:.2f} / {r['move_max_s']:.2f} s"
    return (f"| {r['game']} | {r['players']} | {r['b']} | {100 * r['a_share']:.1f}% "
            f"| {100 * lo:.1f}-{100 * hi:.1f}% | {100 * r['fair_share']:.0f}% | {r['games']} "
            f"| {times} |")

