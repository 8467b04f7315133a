"""Computer-only games without a window (``python main.py simulate``).

Every seat is a computer player from ``game.ai.make_agent``; it decides from
``state.view(seat)`` and ``state.legal_actions()`` only, exactly as on screen.  Game ``i`` uses
seed ``seed + i``, so a run is reproducible (apart from the timings).

Wins: a game won by one seat, or by one team of allies (``state.seat_teams()``), counts as a
win for each of its seats; a tie between seats of different teams counts as a *shared* win for
every tied seat.  ``win %`` counts both.  Where a game can end in more than one way
(``state.ending()``, e.g. Forest Gold's Race target or its round cap), the games are counted
by how they ended.
"""
from __future__ import annotations

import json
import statistics
import time

from .ai import make_agent
from .rules import GAMES, new_game

MAX_ACTIONS = 100_000  # a game still running after this many actions is a bug


class SimulationError(RuntimeError):
    """A computer-only game went wrong (an agent chose an illegal action, a game never ended)."""


def agent_seed(game_seed: int, seat: int) -> int:
    return game_seed * 16 + seat


def play_one(game: str, players: int, seed: int, levels: list[str], variant: str | None = None,
             options: dict | None = None) -> dict:
    """Play one computer-only game; returns winners, scores, action count and seconds."""
    start = time.perf_counter()
    state = new_game(game, players=players, seed=seed, variant=variant, options=options)
    agents = [make_agent(game, levels[seat % len(levels)], seed=agent_seed(seed, seat))
              for seat in range(players)]
    actions = 0
    while not state.is_over():
        if actions >= MAX_ACTIONS:
            raise SimulationError(f"{game} seed {seed}: still running after {actions} actions")
        seat = state.current_player
        action = agents[seat].decide(state.view(seat), state.legal_actions())
        try:
            state.apply(action)
        except ValueError as exc:
            raise SimulationError(f"{game} seed {seed}: the {levels[seat % len(levels)]} "
                                  f"computer in seat {seat + 1} chose an illegal action "
                                  f"({exc})") from exc
        actions += 1
    return {"seed": seed, "winners": list(state.winners()), "scores": list(state.scores()),
            "teams": list(state.seat_teams()), "ending": state.ending(), "actions": actions,
            "seconds": time.perf_counter() - start}


def simulate(game: str, players: int, games: int, seed: int = 0, levels: list[str] | None = None,
             variant: str | None = None, options: dict | None = None) -> dict:
    """Play ``games`` computer-only games and add up the results (a JSON-safe dict)."""
    levels = list(levels or ["good"])
    seat_levels = [levels[seat % len(levels)] for seat in range(players)]
    wins = [0] * players
    shared = [0] * players
    score_sums = [0.0] * players
    numeric_scores = True
    ties = 0
    lengths, seconds = [], []
    endings: dict[str, int] = {}
    for i in range(games):
        one = play_one(game, players, seed + i, seat_levels, variant, options)
        winners = one["winners"]
        tie = len({one["teams"][seat] for seat in winners}) > 1   # not one team: shared
        if tie:
            ties += 1
        for seat in winners:
            if tie:
                shared[seat] += 1
            else:
                wins[seat] += 1
        for seat, score in enumerate(one["scores"]):
            if isinstance(score, (int, float)) and not isinstance(score, bool):
                score_sums[seat] += score
            else:
                numeric_scores = False
        if one["ending"]:
            endings[one["ending"]] = endings.get(one["ending"], 0) + 1
        lengths.append(one["actions"])
        seconds.append(one["seconds"])
    seats = []
    for seat in range(players):
        seats.append({
            "seat": seat, "level": seat_levels[seat], "wins": wins[seat],
            "shared_wins": shared[seat],
            "win_percent": round(100.0 * (wins[seat] + shared[seat]) / games, 2),
            "average_score": round(score_sums[seat] / games, 3) if numeric_scores else None,
        })
    return {
        "game": game, "title": GAMES[game].title, "players": players, "games": games,
        "seed": seed, "levels": seat_levels, "variant": variant, "options": dict(options or {}),
        "seats": seats, "ties": ties, "endings": dict(sorted(endings.items())),
        "average_actions": round(statistics.fmean(lengths), 2),
        "shortest": min(lengths), "longest": max(lengths),
        "average_seconds": round(statistics.fmean(seconds), 4),
        "total_seconds": round(sum(seconds), 3),
    }


def to_json(result: dict) -> str:
    return json.dumps(result, indent=2)


def format_table(result: dict) -> str:
    levels = sorted(set(result["levels"]))
    setup = [f"{result['games']} game{'s' if result['games'] != 1 else ''}",
             f"{result['players']} players",
             f"seed {result['seed']}" if result["games"] == 1 else
             f"seeds {result['seed']}..{result['seed'] + result['games'] - 1}",
             f"computer level {'/'.join(levels)}"]
    if result["variant"]:
        setup.append(f"variant {result['variant']}")
    for key, value in result["options"].items():
        setup.append(f"{key}={value}")
    lines = [f"{result['title']}: " + ", ".join(setup), ""]
    has_score = all(s["average_score"] is not None for s in result["seats"])
    header = f"  {'seat':>4}  {'level':<8} {'wins':>6} {'shared':>7} {'win %':>7}"
    if has_score:
        header += f" {'avg score':>10}"
    lines.append(header)
    for s in result["seats"]:
        row = (f"  {s['seat'] + 1:>4}  {s['level']:<8} {s['wins']:>6} {s['shared_wins']:>7} "
               f"{s['win_percent']:>6.1f}%")
        if has_score:
            row += f" {s['average_score']:>10.2f}"
        lines.append(row)
    lines.append("")
    if result.get("endings"):
        lines.append("  endings: " + ", ".join(
            f"{kind} {n} ({100.0 * n / result['games']:.1f}%)"
            for kind, n in result["endings"].items()))
    lines += [
        f"  ties: {result['ties']} game{'s' if result['ties'] != 1 else ''} "
        "(a tie counts as a shared win for each tied seat; allies win together)",
        f"  game length: {result['average_actions']:.1f} actions on average "
        f"(shortest {result['shortest']}, longest {result['longest']})",
        f"  time: {result['average_seconds']:.3f} s per game on average, "
        f"{result['total_seconds']:.1f} s in all",
    ]
    return "\n".join(lines)
