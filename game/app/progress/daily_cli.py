"""``main.py daily GAME [--date YYYY-MM-DD] [--iterations N] [--json]``: the deal of the day's
seed and set-up, and the result of the expert computer playing the person's seat against the
day's computers with a capped search (the same result on every computer), so that a player
can compare.  No window; the rules and the computer players only."""
from __future__ import annotations

import json
import sys

DEFAULT_ITERATIONS = 100


def add_command(sub, int_type, usage_error, game_info) -> None:
    daily = sub.add_parser(
        "daily", help="the deal of the day of a game: its seed and the expert's result",
        description="Print the deal of the day of GAME (its seed, players, variant and the "
                    "day's computer level) and the result of the Expert computer playing the "
                    "person's seat against the day's computers. The searches are capped at "
                    "--iterations a move, with no time limit, so every computer prints the same "
                    "result.")
    daily.add_argument("game", metavar="GAME", help="game id, e.g. moles")
    daily.add_argument("--date", default=None, metavar="YYYY-MM-DD",
                       help="the date (default: today, as this computer shows it)")
    daily.add_argument("--iterations", type=int_type, default=DEFAULT_ITERATIONS, metavar="N",
                       help=f"search iterations a move of every Expert (default: {DEFAULT_ITERATIONS})")
    daily.add_argument("--json", action="store_true", help="print one JSON object instead")
    daily.set_defaults(func=lambda args: run(args, usage_error, game_info))


def run(args, usage_error, game_info) -> int:
    from ...rules import GAMES
    from . import daily
    from ..words.names import score_text
    info = game_info(args.game, screen=False)
    if info.id not in daily.setups():
        raise usage_error(f"{info.title} has no deal of the day")
    try:
        date = daily.parse_date(args.date) if args.date else daily.today()
    except ValueError:
        raise usage_error(f"'{args.date}' is not a date like 2025-03-14") from None
    if not 1 <= args.iterations <= 100_000:
        raise usage_error("--iterations must be between 1 and 100000")
    d = daily.deal(info.id, date)
    if not args.json:
        print(f"Deal of the day: {info.title}, {date.isoformat()}")
        print(f"seed: {d.seed}")
        seats = "solo" if d.players == 1 else \
            f"{d.players} players: you (seat 1) against {d.players - 1} x {d.level}"
        print(f"table: {seats}; variant: {d.variant or '-'}")
        print(f"the expert plays your seat ({args.iterations} iterations a move) ...",
              file=sys.stderr, flush=True)
    result = daily.expert_result(info.id, date, iterations=args.iterations)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    score = score_text(GAMES[info.id], d.variant, result["score"])
    place = f"place {result['place']} of {result['players']}" if result["players"] > 1 else "solo"
    print(f"expert's result: {place}, {score}{' (won)' if result['won'] and d.players > 1 else ''}")
    print("scores: " + ", ".join(f"seat {i + 1}: {s}" for i, s in enumerate(result["scores"]))
          + f"; {result['actions']} actions")
    return 0


__all__ = ["add_command", "run"]
