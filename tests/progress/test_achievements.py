"""Achievements: the data file is checked (errors name the file and the entry), every
achievement has its badge and its words in the four languages, each one is earned in a
scripted game (tests/data/achievement_games.json, made by tools/achievement_games.py: the
set-up and every action, replayed through the rules here), only from what the person's seat
was given, by each person at the table and never by a computer seat."""
from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

from game import i18n
from game.app.progress import achievements, daily, endgame
from game.app import launch
from game.app.progress.replay import Run, check_record
from game.rules import GAMES
from game.io.data import DataError

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = json.loads((ROOT / "tests" / "data" / "achievement_games.json").read_text(encoding="utf-8"))
NAME = "Tester"


@pytest.fixture(autouse=True)
def _home(home):
    yield home


def _run(key: str, expert: bool = False) -> tuple[Run, int]:
    """A scripted game, with the person's seat named and (``expert``) the others marked as
    Expert computers."""
    g = SCRIPTS["games"][key]
    rec = json.loads(json.dumps(g["record"]))
    for i, s in enumerate(rec["seats"]):
        if i == g["seat"]:
            s.update(name=NAME, kind="human")
        else:
            s.update(kind="computer", level="expert" if expert else "good")
    return Run(check_record(rec)), g["seat"]


def _award(key: str, expert: bool = False, daily_of=None) -> set[str]:
    run, seat = _run(key, expert)
    new, message = achievements.award(run, [(seat, NAME)], daily_of=daily_of)
    assert message is None
    return {a.id for a in new.get(NAME, [])}


# ---- the data -----------------------------------------------------------------------------------

def test_each_game_has_8_to_12_and_the_box_a_few_each_with_a_badge_and_words_in_four_languages():
    items = achievements.load()
    per_game = {g: [a for a in items if a.game == g] for g in GAMES if GAMES[g].available}
    assert all(8 <= len(v) <= 12 for v in per_game.values()), {g: len(v) for g, v in per_game.items()}
    box = {a.id for a in items if a.game == achievements.BOX}
    assert {"box_all_games", "box_week", "box_experts"} <= box
    assert any(a.hidden for a in items) and any(a.target for a in items)
    for a in items:
        assert (ROOT / "sprites" / a.icon).is_file()
        for lang in i18n.LANGUAGES:
            cat = i18n.catalog(lang)
            assert a.title_key in cat and a.line_key in cat, (lang, a.id)
    # no words for achievements that do not exist
    ids = {a.id for a in items}
    keyed = {k.split(".")[1] for k in i18n.catalog("en") if k.startswith("achievement.")}
    assert keyed == ids
    assert (ROOT / "sprites" / "achievements" / "hidden.svg").is_file()


@pytest.mark.parametrize("entry,where,problem", [
    ("{id: x, game: moles, icon: achievements/moles_win.svg, when: {wins: true}}",
     "achievements[0] (x).when", "unknown condition 'wins'"),
    ("{id: x, game: moles, icon: achievements/moles_win.svg, when: {count: {event: fly}}}",
     "achievements[0] (x).when.count.event", "'fly' is not one of"),
    ("{id: x, game: moles, icon: achievements/moles_win.svg, when: {count: {event: move, where: {wings: 2}}}}",
     "achievements[0] (x).when.count.where.wings", "'move' events have no field 'wings'"),
    ("{id: x, game: moles, icon: achievements/nothing.svg, when: {won: true}}",
     "achievements[0] (x).icon", "no SVG file"),
    ("{id: x, game: chess, icon: achievements/moles_win.svg, when: {won: true}}",
     "achievements[0] (x).game", "'chess' is not one of"),
    ("{id: X-1, game: moles, icon: achievements/moles_win.svg, when: {won: true}}",
     "achievements[0].id", "lower-case"),
    ("{id: x, game: moles, icon: achievements/moles_win.svg, when: {all: [{total: {at_least: 2}}]}}",
     "achievements[0] (x).when.all[0]", "across games only"),
    ("{id: x, game: box, icon: achievements/moles_win.svg, when: {count: {event: move}}}",
     "achievements[0] (x).when.count", "only in a game's own"),
    ("{id: x, game: moles, icon: achievements/moles_win.svg, when: {option: {colour: red}}}",
     "achievements[0] (x).when.option.colour", "no option"),
    ("{id: x, game: moles, icon: ../../etc/passwd.svg, when: {won: true}}",
     "achievements[0] (x).icon", "no SVG file"),
])
def test_a_broken_entry_names_the_file_the_entry_and_the_problem(tmp_path, entry, where, problem):
    path = tmp_path / "achievements.yaml"
    path.write_text(f"achievements:\n  - {entry}\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        achievements.load(path)
    assert err.value.entry == where and problem in err.value.problem, str(err.value)
    assert "achievements.yaml" in str(err.value)


def test_a_damaged_data_file_means_no_achievements_and_a_message(monkeypatch):
    def broken(path=None):
        raise DataError("data/achievements.yaml", "achievements[3] (x).when", "broken")
    monkeypatch.setattr(achievements, "_catalog", None)
    monkeypatch.setattr(achievements, "_problem", None)
    monkeypatch.setattr(achievements, "load", broken)
    assert achievements.catalog() == []
    assert achievements.problem() == "data/achievements.yaml: achievements[3] (x).when: broken"
    run, seat = _run(SCRIPTS["earn"]["moles_win"])
    assert achievements.award(run, [(seat, NAME)]) == ({}, None)


# ---- earned in scripted games ------------------------------------------------------------------

GAME_LEVEL = sorted(a.id for a in achievements.load()
                    if a.game != achievements.BOX and a.word not in ("total", "distinct")
                    and "opponents" not in str(a.when))


@pytest.mark.parametrize("aid", GAME_LEVEL)
def test_each_achievement_of_one_game_is_earned_in_its_scripted_game(aid):
    key = SCRIPTS["earn"][aid]
    assert aid in _award(key)


@pytest.mark.parametrize("aid", sorted(a.id for a in achievements.load()
                                       if "opponents" in str(a.when) and a.game != achievements.BOX))
def test_beating_an_expert_is_earned_only_against_expert_computers(aid):
    key = SCRIPTS["earn"][aid + "@won"]
    assert aid not in _award(key, expert=False)
    assert aid in _award(key, expert=True)


@pytest.mark.parametrize("aid", sorted(a.id for a in achievements.load()
                                       if a.word == "total" and a.game != achievements.BOX))
def test_an_achievement_across_games_counts_up_and_is_earned_at_its_count(aid):
    a = achievements.by_id(aid)
    need = a.when["total"]["at_least"]
    for k in range(need):
        got = _award(SCRIPTS["earn"][aid])
        assert (aid in got) == (k == need - 1)
        status = {x.id: (when, prog) for x, when, prog in achievements.status(NAME)}
        assert status[aid][1] == k + 1


def test_all_seasons_needs_a_win_in_each_of_the_three_modes():
    for k, mode in enumerate(("autumn", "winter", "beetle")):
        got = _award(SCRIPTS["earn"][f"ants_seasons#{mode}"])
        assert ("ants_seasons" in got) == (k == 2)


def test_the_box_achievements(monkeypatch):
    keys = {}
    for aid, key in SCRIPTS["earn"].items():
        keys.setdefault(SCRIPTS["games"][key]["record"]["game"], key)
    wins = {}
    for aid, key in SCRIPTS["earn"].items():
        if aid.endswith("_win@won") or aid.endswith("_expert@won"):
            wins.setdefault(SCRIPTS["games"][key]["record"]["game"], key)
    assert len(keys) == 5 and len(wins) == 5
    got = set()
    for gid in keys:
        got |= _award(keys[gid])
    assert "box_all_games" in got and "box_experts" not in got
    for gid in wins:
        got |= _award(wins[gid], expert=True)
    assert "box_experts" in got
    # the deals of the day: one finished, then seven days running
    assert "box_first_daily" in _award(keys["moles"], daily_of=lambda n: (1, 1))
    assert "box_week" not in _award(keys["moles"], daily_of=lambda n: (6, 9))
    assert "box_week" in _award(keys["moles"], daily_of=lambda n: (7, 10))


def test_progress_is_the_best_of_one_game_and_earned_ones_keep_their_date():
    key = SCRIPTS["earn"]["ants_sharp_eyes"]
    run, seat = _run(key)
    seen = achievements.Seen(seat, run.stream(seat), dict(run.result, options={}), run.seats)
    streak = achievements.counter("streak", achievements.by_id("ants_streak").when["streak"], seen)
    achievements.award(run, [(seat, NAME)], when=1_700_000_000)
    status = {a.id: (when, prog) for a, when, prog in achievements.status(NAME)}
    assert status["ants_sharp_eyes"][0] == 1_700_000_000
    if streak < 5:
        assert status["ants_streak"] == (None, streak)


# ---- whose they are ---------------------------------------------------------------------------------

def _finished(seats, game="moles", seed=3):
    from game.ai import make_agent
    s = launch.new(game, seats, seed=seed)
    s.computers_enabled = False
    agents = [make_agent(game, "good", seed * 16 + i) for i in range(len(seats))]
    while not s.is_over():
        c = s.current
        s.apply(agents[c].decide(s.table.view_for(c)["view"], s.table.legal_for(c)))
    return s


def test_computer_seats_never_earn_and_each_person_at_the_table_earns_for_their_own_seat():
    seats = [{"name": "Computer A", "colour": 0, "kind": "computer", "level": "good"},
             {"name": "Computer B", "colour": 1, "kind": "computer", "level": "good"}]
    out = endgame.finish(_finished(seats))
    assert out.earned == {} and out.replay_id
    store, _ = achievements.load_store()
    assert "Computer A" not in store and "Computer B" not in store
    seats = [{"name": "Ann", "colour": 0, "kind": "human", "level": "good"},
             {"name": "Bo", "colour": 1, "kind": "human", "level": "good"}]
    s = _finished(seats)
    out = endgame.finish(s)
    winner = s.seats[s.table.result()["winners"][0]]["name"]
    loser = "Bo" if winner == "Ann" else "Ann"
    assert "moles_win" in {a.id for a in out.earned[winner]}
    assert "moles_win" not in {a.id for a in out.earned.get(loser, [])}
    assert endgame.finish(s) is out           # once per game


def test_a_condition_reads_only_the_seats_own_stream(monkeypatch):
    """award() asks the run for each person's stream (Table.events_for), never the state."""
    run, seat = _run(SCRIPTS["earn"]["gopher_present"])
    asked = []
    real = Run.stream
    monkeypatch.setattr(Run, "stream", lambda self, s: asked.append(s) or real(self, s))
    monkeypatch.setattr(type(run.final), "view", lambda *a, **k: pytest.fail("peeked at a state"))
    achievements.award(run, [(seat, NAME)])
    assert asked == [seat]


def test_the_deal_of_the_day_feeds_the_box_achievements(monkeypatch):
    monkeypatch.setattr(daily, "today", lambda: datetime.date(2025, 3, 14))
    s = launch.daily("hamster", NAME, 0)
    s.computers_enabled = False
    from game.ai import make_agent
    agent = make_agent("hamster", "good", 1)
    while not s.is_over():
        s.apply(agent.decide(s.table.view_for(0)["view"], s.table.legal_for(0)))
    out = endgame.finish(s)
    assert "box_first_daily" in {a.id for a in out.earned[NAME]}
