"""Find scripted games that earn every achievement, for the tests (a developer tool).

    python tools/achievement_games.py [--out tests/data/achievement_games.json] [--seeds N]

Plays seeded games of every game (computer players at level good; as the grasshopper of Ants
& Grasshopper a player that knows the ant's disc, so that a run of right guesses happens) and
checks each seat's game with the achievements' own conditions.  It keeps, greedily, a few games
that together earn every achievement of a single game, and writes each as a replay record (the
set-up and every action) with the seat that earns them: the tests replay these records through
the rules and award them again (``tests/progress/test_achievements.py``).  Achievements across games are
earned in the tests by awarding such games several times; the opponents of a game kept for an
"against an expert" achievement are marked as Expert computers in the record.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("BURROWBOX_SEARCH_WORKERS", "0")

from game.ai import make_agent  # noqa: E402
from game.app.progress import achievements  # noqa: E402
from game.app.progress.replay import Run, check_record, record_of  # noqa: E402
from game.rules import new_game  # noqa: E402
from game.table import Table  # noqa: E402

CONFIGS = {
    "moles": [dict(players=p, options=o) for p in (2, 3, 4) for o in ({}, {"championship": True})]
    + [dict(players=2, options={}, first=4, seeds=12), dict(players=2, options={}, first=26, seeds=27)],
    "ants": [dict(players=p, variant=v) for v in ("autumn", "winter", "beetle") for p in (2, 3)],
    "hamster": [dict(players=p, variant=v) for v in ("A", "B") for p in (1, 2)]
    + [dict(players=1, variant="A", first=4, seeds=16)],
    "forest": [dict(players=p, variant=v) for v in ("race", "plunder") for p in (2, 3)],
    "gopher": [dict(players=p, variant=v) for v in ("standard", "baskets", "simplified") for p in (2, 3)],
}


def _cheat_guess(state, legal):
    """The grasshopper's guess that hits (generator only: it reads the hidden disc)."""
    if getattr(state, "step", None) != "guess":
        return None
    for a in legal:
        x, y = a["cell"]
        if state.kind_of_cell(y * 4 + x) == state.choice:
            return a
    return None


def play(game: str, seed: int, players: int, variant=None, options=None, cheat=False):
    seats = [{"name": f"P{i + 1}", "colour": i, "kind": "computer", "level": "good"}
             for i in range(players)]
    table = Table(game, seats, new_game(game, players, seed=seed, variant=variant, options=options))
    agents = [make_agent(game, "good", seed * 16 + s) for s in range(players)]
    while not table.is_over():
        s = table.current
        legal = table.legal_for(s)
        action = _cheat_guess(table.state, legal) if cheat else None
        if action is None:
            action = agents[s].decide(table.view_for(s)["view"], legal)
        table.act(s, action)
    return record_of(table, when=0)


def met(record: dict, game: str) -> dict[int, set[str]]:
    """Per seat, the achievements of ``game`` whose game condition (or ``of``) holds."""
    run = Run(check_record(record))
    out = {}
    for seat in range(len(record["seats"])):
        seen = achievements.Seen(seat, run.stream(seat), dict(run.result, options=record["options"]),
                                 run.seats)
        got = set()
        for a in achievements.catalog():
            if a.game != game:
                continue
            body = a.when[a.word]
            if a.word in ("total", "distinct"):
                if "of" not in body or achievements.holds(body["of"], seen):
                    got.add(a.id if a.word == "total" else f"{a.id}#{record['variant']}")
            elif a.word not in ("daily_streak", "daily_days") and achievements.holds(a.when, seen):
                got.add(a.id)
            if "opponents" in str(a.when) and seat in run.result["winners"] and len(run.seats) > 1:
                got.add(a.id + "@won")      # the tests mark the other seats as Expert computers
        out[seat] = got
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(ROOT / "tests" / "data" / "achievement_games.json"))
    ap.add_argument("--seeds", type=int, default=6)
    args = ap.parse_args()
    wanted: set[str] = set()
    for a in achievements.catalog():
        if a.game == "box":
            continue
        if a.word == "distinct":
            wanted |= {f"{a.id}#autumn", f"{a.id}#winter", f"{a.id}#beetle"}
        elif "opponents" in str(a.when):
            wanted.add(a.id + "@won")
        else:
            wanted.add(a.id)
    found: list[tuple[dict, int, set]] = []
    for game, configs in CONFIGS.items():
        for cfg in configs:
            for seed in range(cfg.get("first", 0), cfg.get("seeds", args.seeds)):
                for cheat in ((False, True) if game == "ants" else (False,)):
                    rec = play(game, seed, cfg["players"], cfg.get("variant"), cfg.get("options"), cheat)
                    for seat, got in met(rec, game).items():
                        got &= wanted
                        if got:
                            found.append((rec, seat, got))
            print(game, cfg, "covered so far:", len(set().union(*[f[2] for f in found])), "of",
                  len(wanted), file=sys.stderr, flush=True)
    chosen, left = [], set(wanted)
    while left:
        best = max(found, key=lambda f: (len(f[2] & left), -len(f[0]["actions"])), default=None)
        if best is None or not best[2] & left:
            break
        chosen.append(best)
        left -= best[2]
    games, earn = {}, {}
    for k, (rec, seat, got) in enumerate(chosen):
        key = f"{rec['game']}{k}"
        games[key] = {"seat": seat, "record": rec}
        for aid in got:
            earn.setdefault(aid, key)
    Path(args.out).write_text(json.dumps({"games": games, "earn": earn}, separators=(",", ":")),
                              encoding="utf-8")
    print(f"{len(games)} games; not found: {sorted(left)}", file=sys.stderr)


if __name__ == "__main__":
    main()
