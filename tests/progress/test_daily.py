"""The deal of the day: the same deal for everyone on a date (a stable hash, never Python's
hash()), the first try counts and later ones are practice, the streak, the Share text (no
spoiler), and ``main.py daily`` (the seed and the expert's reproducible result)."""
from __future__ import annotations

import datetime
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import make_agent
from game.app.progress import daily, endgame
from game.app import launch
from game.app.store import saves
from game.cli import main

ROOT = Path(__file__).resolve().parents[2]
DAY = datetime.date(2025, 3, 14)


@pytest.fixture(autouse=True)
def _home(home, monkeypatch):
    monkeypatch.setattr(daily, "today", lambda: DAY)
    yield home


def _finish(s, seed=1):
    s.computers_enabled = False
    agents = [make_agent(s.game_id, "good", seed * 16 + i) for i in range(len(s.seats))]
    while not s.is_over():
        c = s.current
        s.apply(agents[c].decide(s.table.view_for(c)["view"], s.table.legal_for(c)))
    return endgame.finish(s)


def test_the_seed_and_the_deal_are_the_same_everywhere_for_a_date():
    # fixed numbers: a SHA-256 of the game and the date, the same on every computer
    assert daily.seed_for("moles", DAY) == 960320672
    assert daily.seed_for("hamster", DAY) == 1814644006
    code = ("import datetime, sys; sys.path.insert(0, '.'); from game.app.progress import daily; "
            "print(daily.seed_for('ants', datetime.date(2025, 3, 14)))")
    other = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                           env={"PYTHONHASHSEED": "123", "PATH": ""}, timeout=60)
    assert other.stdout.strip() == str(daily.seed_for("ants", DAY))
    seeds = {daily.seed_for(g, DAY + datetime.timedelta(days=k)) for g in daily.games() for k in range(20)}
    assert len(seeds) == 100
    d = daily.deal("hamster", DAY)
    assert (d.players, d.variant, d.colours) == (1, "B", [])
    for g in daily.games():
        d = daily.deal(g, DAY)
        assert d == daily.deal(g, DAY) and len(d.colours) == d.players - 1
        seats = daily.seats(d, "Anna", d.colours[0] if d.colours else 0)
        assert seats[0]["kind"] == "human" and seats[0]["colour"] not in d.colours
        assert [s["colour"] for s in seats[1:]] == d.colours
        assert all(s["kind"] == "computer" and s["level"] == d.level for s in seats[1:])


def test_the_first_try_counts_and_every_other_game_of_the_deal_is_practice():
    s = launch.daily("moles", "Anna", 2)
    assert s.daily["counted"] and s.table.state.seed == daily.seed_for("moles", DAY)
    again = launch.daily("moles", "Anna", 2)          # before the first is finished: practice
    assert not again.daily["counted"]
    out = _finish(s)
    e = daily.entry("Anna", DAY, "moles")
    assert e["done"] and e["of"] == s.table.state.players and out.daily_info["counted"]
    assert e["place"] == (1 if e["won"] else 2) and out.replay_id
    _finish(again)
    practice = launch.rematch(s)                     # Practice again: the same deal
    assert practice.table.state.seed == s.table.state.seed and not practice.daily["counted"]
    _finish(practice)
    e = daily.entry("Anna", DAY, "moles")
    assert e["practice"] == 2 and e["done"]
    # another person's first try is theirs
    assert launch.daily("moles", "Ben", 0).daily["counted"]


def test_a_try_continued_from_its_save_still_counts():
    s = launch.daily("hamster", "Anna", 1)
    for _ in range(4):
        s.apply(s.table.legal_for(0)[0])
    saves.flush_autosave()
    loaded = launch.saved(saves.read_autosave(saves.current_slot()))
    assert loaded.daily is None                      # a saved game is recognised by its seed
    out = _finish(loaded)
    assert out.daily_info["counted"] and daily.entry("Anna", DAY, "hamster")["done"]


def test_the_streak_counts_days_running_and_keeps_the_best():
    store = {"Anna": {}}
    for back in (0, 1, 2, 5, 6, 7, 8):
        day = (DAY - datetime.timedelta(days=back)).isoformat()
        store["Anna"][day] = {"ants": {"seed": 1, "done": True, "score": 3, "place": 1, "of": 2,
                                       "won": True, "practice": 0}}
    store["Anna"][(DAY - datetime.timedelta(days=3)).isoformat()] = {
        "ants": {"seed": 1, "done": False, "practice": 0}}
    assert daily._save(store) is None
    assert daily.streak("Anna", DAY) == 3 and daily.best_streak("Anna") == 4
    assert daily.days("Anna") == 7
    assert daily.streak("Anna", DAY + datetime.timedelta(days=1)) == 3    # today not played yet
    assert daily.streak("Anna", DAY + datetime.timedelta(days=2)) == 0
    assert set(daily.month("Anna", 2025, 3)) == {14, 13, 12, 11, 9, 8, 7, 6}


def test_a_damaged_results_file_is_kept_aside_and_what_passes_is_used(home):
    (home / "daily.json").write_text(json.dumps({"version": 1, "players": {
        "Anna": {"2025-03-14": {"moles": {"seed": 5, "done": "yes"}},
                 "2025-03-13": {"moles": {"seed": 5, "done": False, "practice": 0}}},
        "": {}}}), encoding="utf-8")
    store, message = daily.load_store()
    assert message and list(store) == ["Anna"] and "2025-03-13" in store["Anna"]
    assert any(p.name.startswith("daily.json.damaged") for p in home.iterdir())


def test_the_share_text_tells_the_result_without_the_deal():
    e = {"seed": 1, "done": True, "score": 4, "place": 2, "of": 3, "won": False, "practice": 0}
    text = daily.share_text("Anna", "moles", DAY, e, run=3)
    lines = text.split("\n")
    assert "Mole Dig" in lines[1] and "2025-03-14" in lines[1]
    assert "2 of 3" in lines[2] and "4 moles left" in lines[2]
    assert lines[3] == daily.OTHER + daily.YOU + daily.OTHER
    assert "3 days" in lines[4]
    assert str(daily.seed_for("moles", DAY)) not in text and "Anna" not in text
    solo = daily.share_text("Anna", "hamster", DAY, dict(e, score=67, place=1, of=1, won=True))
    assert daily.FILLED * 6 + daily.EMPTY * 4 in solo and "67" in solo
    won = daily.picture(dict(e, place=1, won=True))
    assert won.startswith(daily.WIN)
    assert daily.copy_to_clipboard(text) is False          # no clipboard under the dummy driver


def test_the_expert_result_is_the_same_on_every_run():
    a = daily.expert_result("hamster", DAY, iterations=3)
    b = daily.expert_result("hamster", DAY, iterations=3)
    assert a == b and a["seed"] == daily.seed_for("hamster", DAY) and a["players"] == 1


def test_the_daily_command_prints_the_seed_and_the_experts_result(capsys):
    assert main(["daily", "hamster", "--date", "2025-03-14", "--iterations", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seed"] == daily.seed_for("hamster", DAY) and out["date"] == "2025-03-14"
    assert main(["daily", "hamster", "--date", "2025-03-14", "--iterations", "3"]) == 0
    text = capsys.readouterr().out
    assert f"seed: {daily.seed_for('hamster', DAY)}" in text and "expert's result: solo" in text
    for bad in (["daily", "chess"], ["daily", "moles", "--date", "14.03.2025"],
                ["daily", "moles", "--iterations", "0"]):
        assert main(bad) == 2
        assert capsys.readouterr().err.startswith("error:")


def test_the_daily_set_ups_are_checked(tmp_path):
    from game.io.data import DataError
    path = tmp_path / "daily.yaml"
    path.write_text("games:\n  moles: {players: [9], variants: [null], levels: [good]}\n",
                    encoding="utf-8")
    with pytest.raises(DataError) as err:
        daily.load_setups(path)
    assert err.value.entry == "games.moles.players[0]"


@pytest.mark.parametrize("text", ["{ not json", "[" * 5000 + "]" * 5000, "\x00\xff",
                                  json.dumps({"version": 1, "players": "lots"}),
                                  json.dumps({"version": 1, "players": {"Anna": {"not a date": 5}}})])
def test_a_hostile_results_file_is_refused_with_a_message_and_the_day_still_plays(home, text):
    (home / "daily.json").write_text(text, encoding="utf-8", errors="surrogateescape")
    store, message = daily.load_store()
    assert message and "Traceback" not in message
    assert daily.start("Anna", daily.deal("moles", DAY))          # a fresh file, the try counts
    assert daily.entry("Anna", DAY, "moles")["seed"] == daily.seed_for("moles", DAY)


def test_hostile_daily_set_ups_name_the_file_and_the_entry(tmp_path):
    from game.io.data import DataError
    path = tmp_path / "daily.yaml"
    for text in ("games: [1, 2]", "games:\n  moles: {players: [3], variants: [zz], levels: [good]}",
                 "games:\n  moles: {players: [3], variants: [null], levels: [godlike]}",
                 ": : :", "games:\n  chess: {players: [2]}"):
        path.write_text(text, encoding="utf-8")
        with pytest.raises(DataError) as err:
            daily.load_setups(path)
        assert "daily.yaml" in str(err.value)


def test_the_deal_itself_is_the_same_for_two_people_and_the_next_day_differs():
    """Not only the seed: the set-up and every roll, disc, tile and card after the same moves."""
    import hashlib

    def digest(s):          # the players' names aside
        d = s.table.state.to_dict()
        d["state"].pop("names", None)
        return hashlib.sha256(json.dumps(d, sort_keys=True).encode()).hexdigest()
    for g in daily.games():
        a, b = launch.daily(g, "Anna", None, DAY), launch.daily(g, "Bo", None, DAY)
        assert a.daily["counted"] and b.daily["counted"]
        assert digest(a) == digest(b)
        for s in (a, b):
            s.computers_enabled = False
            for _ in range(6):
                if not s.is_over():
                    s.apply(s.table.legal_for(s.current)[0])
        assert digest(a) == digest(b)
        tomorrow = launch.daily(g, "Anna", None, DAY + datetime.timedelta(days=1))
        assert tomorrow.table.state.seed != a.table.state.seed
        for s in (a, b, tomorrow):
            s.stop()
