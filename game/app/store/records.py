"""Best solo scores, kept in the user-data folder (records.json).

A missing or damaged file counts as no records; a file that cannot be written is skipped,
never a crash: the results screen then simply shows this game's score.
"""
from __future__ import annotations

import json

from ...io.paths import UserDataUnavailable, atomic_write, user_data_dir
from ...io.safeio import FileProblem, load_json

FILE_NAME = "records.json"
SOLO_SCORE_GAMES = {"hamster"}   # solo games played for a score, not for a win


def _key(game_id: str, variant) -> str:
    return f"{game_id}/{variant}" if variant else str(game_id)


def _load() -> dict:
    try:
        raw = load_json(user_data_dir() / FILE_NAME, FILE_NAME, max_bytes=256 * 1024)
    except (FileNotFoundError, FileProblem, UserDataUnavailable):
        return {}
    if not isinstance(raw, dict):
        return {}
    return {k: v for k, v in raw.items()
            if isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)}


def best_solo(game_id: str, variant=None):
    """The best solo score kept for this game (and variant), or None."""
    return _load().get(_key(game_id, variant))


def record_solo(game_id: str, variant, score: int) -> tuple[int, bool]:
    """Keep ``score`` if it beats the best; returns (best now, whether this score is a new best)."""
    data = _load()
    key = _key(game_id, variant)
    old = data.get(key)
    if old is not None and score <= old:
        return old, False
    data[key] = int(score)
    try:
        atomic_write(user_data_dir() / FILE_NAME, json.dumps(data, indent=2, sort_keys=True))
    except OSError:
        pass
    return int(score), True
