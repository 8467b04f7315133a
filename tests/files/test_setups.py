"""The table remembers: set-up memory, player profiles and statistics, kept in the user folder,
checked on load, surviving a restart and a damaged file; the statistics screen."""
from __future__ import annotations

import json
import random

import pygame
import pytest

from game.app.store import records, saves, setups
from game.app.app import App
from game.app.launch import new
from game.i18n import check_catalogs, set_language

pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)


def make_app(size=(1280, 720)):
    from game.i18n import get_language
    a = App(size=size, fullscreen=False, lang=get_language())
    a.settings.speed = "off"
    a.go_title()
    return a


def close(a) -> None:
    for scene in a.stack:
        stop = getattr(scene, "stop", None)
        if stop:
            stop()
    saves.flush_autosave()
    pygame.display.quit()


def pump(a, frames=3):
    for _ in range(frames):
        a.step(1 / 60, pygame.event.get())


def key(a, k, frames=2):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pump(a, frames)


def finish(a, seed=1):
    """Play the game on the play screen to its end with random legal moves; show the results."""
    play = a.top
    ctl = play.session
    ctl.stop()
    rng = random.Random(seed)
    for _ in range(5000):
        if ctl.is_over():
            break
        play.apply_action(rng.choice(ctl.table.state.legal_actions()), animate=False)
    for _ in range(60):
        pump(a, 1)
        if a.top.name == "results":
            break
    assert a.top.name == "results"
    return ctl


def add_games(n, names=("Mia", "Opa", "Computer 3"), gid="moles"):
    games = []
    for k in range(n):
        games.append({"game": gid, "variant": None, "when": 1_700_000_000 + k,
                      "seats": [{"name": nm, "kind": "computer" if i == 2 else "human",
                                 "level": "expert" if i == 2 else "good", "score": (k * 7 + i) % 13,
                                 "won": i == k % 3} for i, nm in enumerate(names)]})
    assert setups._write(setups.STATS, {"version": 1, "games": games}) is None
    return games


# ---- set-up memory ------------------------------------------------------------------------------
def test_setup_memory_survives_a_restart_for_every_game(home):
    expected = {}
    a = make_app()
    for gid in ("moles", "ants", "hamster", "forest", "gopher"):
        a.go_title()
        a.open("seats", gid)
        sc = a.top
        info = sc.info
        n = info.max_players
        sc.set_count(n)
        sc.set_name(0, "  Mia   Sommer ")
        if n > 1:
            sc.set_kind(1, "human")
            sc.set_name(1, "Opa")
            sc.set_colour(1, 5)
        sc.set_level(n - 1, "expert")
        if info.variants:
            sc.set_variant(info.variants[-1]["id"])
        sc.start()
        assert a.top.name == "play", a.top.name
        expected[gid] = ([dict(s) for s in a.top.session.seats], sc.variant, dict(sc.options))
        a.top.stop()
    close(a)
    saved = json.loads((home / "setups.json").read_text(encoding="utf-8"))
    assert set(saved["games"]) == set(expected)
    b = make_app()                      # a new start of the program: only the files remain
    for gid, (seats, variant, options) in expected.items():
        b.go_title()
        b.open("seats", gid)
        sc = b.top
        assert sc.count == len(seats)
        assert [dict(s) for s in sc.seats[:sc.count]] == seats
        assert sc.seats[0]["name"] == "Mia Sommer"
        assert sc.variant == variant
        assert {k: sc.options[k] for k in options} == options
        assert sc.message == "" and sc.table_note == ""
    close(b)


def test_setup_memory_keeps_options(home):
    a = make_app()
    a.open("seats", "moles")
    a.top.set_option("championship", True)
    a.top.set_option("rotations", "chosen")
    a.top.set_option("rotation_2", 3)
    a.top.start()
    a.top.stop()
    a.go_title()
    a.open("seats", "moles")
    assert a.top.options["championship"] is True
    assert a.top.options["rotations"] == "chosen"
    assert a.top.options["rotation_2"] == 3
    close(a)


def test_unknown_option_values_in_a_setup_are_dropped_with_a_message(home):
    (home / "setups.json").write_text(json.dumps({"version": 1, "games": {"moles": {
        "count": 2, "seats": [{"name": "A", "colour": 0, "kind": "human", "level": "good"},
                              {"name": "B", "colour": 1, "kind": "computer", "level": "expert"}],
        "variant": None, "options": {"championship": "maybe", "no_such": 1}, "option_text": {}}}}),
        encoding="utf-8")
    setup, message = setups.load_setup("moles")
    assert setup["seats"][1]["level"] == "expert" and setup["options"] == {}
    assert message and "setups.json.damaged" in message
    assert (home / "setups.json.damaged").exists()
    again, message2 = setups.load_setup("moles")       # the good part was written back
    assert again == setup and message2 is None


# ---- damaged files ---------------------------------------------------------------------------------
def _good(kind: str) -> str:
    if kind == setups.SETUPS:
        return json.dumps({"version": 1, "games": {"moles": {
            "count": 2, "seats": [{"name": "A", "colour": 0, "kind": "human", "level": "good"},
                                  {"name": "B", "colour": 1, "kind": "computer", "level": "good"}],
            "variant": None, "options": {}, "option_text": {}}}})
    if kind == setups.PROFILES:
        return json.dumps({"version": 1, "profiles": [{"name": "Mia", "colour": 2}]})
    return json.dumps({"version": 1, "games": [{"game": "moles", "variant": None, "when": 1,
                       "seats": [{"name": "A", "kind": "human", "level": "good", "score": 3,
                                  "won": True}]}]})


DAMAGE = {
    "truncated": lambda kind: _good(kind)[: len(_good(kind)) // 2],
    "wrong types": lambda kind: _good(kind).replace('"A"', "17").replace('"Mia"', "[1]"),
    "wrong top": lambda kind: json.dumps(["version", 1]),
    "deep nesting": lambda kind: "[" * 5000 + "]" * 5000,
    "huge": lambda kind: json.dumps({"version": 1, "pad": "x" * (2 * 1024 * 1024)}),
    "not utf-8": lambda kind: "\udcff",
}
LOADERS = {setups.SETUPS: setups.load_setups, setups.PROFILES: setups.load_profiles,
           setups.STATS: setups.load_stats}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
@pytest.mark.parametrize("kind", [setups.SETUPS, setups.PROFILES, setups.STATS])
def test_a_damaged_file_gives_a_message_and_is_kept(home, kind, damage):
    text = DAMAGE[damage](kind)
    path = home / kind
    if damage == "not utf-8":
        path.write_bytes(b'{"version": 1, "games": "\xff\xfe"}')
    else:
        path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    data, message = LOADERS[kind]()
    assert message and f"{kind}.damaged" in message
    assert (home / (kind + ".damaged")).read_bytes() == before      # kept, never deleted
    assert isinstance(data, (dict, list))
    assert LOADERS[kind]()[1] is None                               # reported once


@pytest.mark.parametrize("kind", [setups.SETUPS, setups.PROFILES, setups.STATS])
def test_the_screens_open_with_a_damaged_file(home, kind):
    (home / kind).write_text("{ not json", encoding="utf-8")
    a = make_app((1024, 600))
    if kind == setups.STATS:
        a.open("stats")
    else:
        a.open("seats", "moles")
    pump(a)
    note = a.top.message if kind == setups.STATS else a.top.table_note
    assert note and "damaged" in note
    assert (home / (kind + ".damaged")).exists()
    close(a)


def test_a_file_that_cannot_be_written_is_skipped(home, monkeypatch):
    def refuse(*_a, **_k):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(setups, "atomic_write", refuse)
    assert setups.add_profiles([{"name": "Mia", "colour": 0}]) == setups.tr("table.cannot_write")
    a = make_app()
    a.open("seats", "moles")
    a.top.start()
    assert a.top.name == "play"
    assert setups.tr("table.cannot_write") in a.notices
    close(a)


# ---- profiles ----------------------------------------------------------------------------------------
def test_typed_names_become_profiles_and_seats_pick_them(home):
    a = make_app()
    a.open("seats", "moles")
    sc = a.top
    sc.set_name(0, "Mia")
    sc.set_colour(0, 4)
    sc.start()
    a.top.stop()
    profiles, _ = setups.load_profiles()
    assert profiles == [{"name": "Mia", "colour": 4}]
    close(a)
    b = make_app()                      # after a restart the profile is still there
    b.open("seats", "hamster")
    sc = b.top
    sc.set_count(2)
    sc.take_profile(1)
    assert sc.seats[1]["name"] == "Mia" and sc.seats[1]["colour"] == 4
    assert len({s["colour"] for s in sc.seats[:sc.count]}) == sc.count
    sc.take_profile(0)                  # the only profile is in use by another seat
    assert sc.table_note == setups.tr("table.profiles_in_use")
    close(b)


def test_default_names_and_computers_are_not_kept_as_profiles(home):
    a = make_app()
    a.open("seats", "moles")
    a.top.take_profile(1)
    assert a.top.table_note == setups.tr("table.no_profiles")
    a.top.start()
    a.top.stop()
    assert setups.load_profiles()[0] == []
    close(a)


def test_next_profile_cycles_through_the_free_profiles():
    profiles = [{"name": "A", "colour": 0}, {"name": "B", "colour": 1}, {"name": "C", "colour": 2}]
    seats = [{"name": "x"}, {"name": "B"}]
    assert setups.next_profile(profiles, seats, 0)["name"] == "A"
    seats[0]["name"] = "A"
    assert setups.next_profile(profiles, seats, 0)["name"] == "C"
    seats[0]["name"] = "C"
    assert setups.next_profile(profiles, seats, 0)["name"] == "A"
    assert setups.next_profile([], seats, 0) is None


def test_a_known_profile_takes_its_new_colour():
    setups.add_profiles([{"name": "Mia", "colour": 1}])
    setups.add_profiles([{"name": "mia", "colour": 3}, {"name": "Ben", "colour": 2}])
    assert setups.load_profiles()[0] == [{"name": "Ben", "colour": 2}, {"name": "mia", "colour": 3}]


# ---- statistics ---------------------------------------------------------------------------------------
def test_stats_are_counted_once_per_finished_game(home):
    a = make_app()
    a.launch(lambda: new("moles", [{"name": "Mia", "colour": 0, "kind": "human", "level": "good"},
                                   {"name": "Bot", "colour": 1, "kind": "computer", "level": "expert"}],
                         seed=3))
    ctl = finish(a)
    results = a.top
    a.open("results", results.play)          # the results shown again: not counted again
    assert setups.record_game(ctl) is None
    games, _ = setups.load_stats()
    assert len(games) == 1
    g = games[0]
    assert g["game"] == "moles" and [s["name"] for s in g["seats"]] == ["Mia", "Bot"]
    assert [s["won"] for s in g["seats"]] == [i in ctl.table.state.winners() for i in range(2)]
    assert [s["score"] for s in g["seats"]] == list(ctl.table.state.scores())
    a.top.play_again()                       # a rematch is a new game: counted when it ends
    finish(a, seed=2)
    assert len(setups.load_stats()[0]) == 2
    close(a)


def test_a_game_not_finished_is_not_counted(home):
    a = make_app()
    a.launch(lambda: new("moles", [{"name": "Mia", "colour": 0, "kind": "human", "level": "good"},
                                   {"name": "Bot", "colour": 1, "kind": "computer", "level": "good"}],
                         seed=3))
    assert setups.record_game(a.top.session) is None
    assert setups.load_stats()[0] == []
    close(a)


def test_summary_counts_wins_best_and_average():
    add_games(6)
    games, _ = setups.load_stats()
    rows = {(r["name"], r["level"]): r for r in setups.summary(games)}
    mia = rows[("Mia", "human")]
    assert mia["played"] == 6 and mia["wins"] == 2
    scores = [(k * 7) % 13 for k in range(6)]
    assert mia["best"] == max(scores)
    assert mia["average"] == pytest.approx(sum(scores) / 6)
    assert rows[("Computer 3", "expert")]["wins"] == 2
    assert setups.summary(games, "ants") == []
    assert [s for s, _w in setups.history(games, "Opa")] == [(k * 7 + 1) % 13 for k in range(6)]


def test_stats_keep_at_most_the_newest_games(home, monkeypatch):
    monkeypatch.setattr(setups, "MAX_GAMES", 5)
    add_games(5)
    a = make_app()
    a.launch(lambda: new("moles", [{"name": "New", "colour": 0, "kind": "computer", "level": "good"},
                                   {"name": "Bot", "colour": 1, "kind": "computer", "level": "good"}],
                         seed=3))
    finish(a)
    games, message = setups.load_stats()
    assert message is None and len(games) == 5 and games[-1]["seats"][0]["name"] == "New"
    close(a)


def test_best_solo_hamster_score_is_on_the_statistics_screen(home):
    records.record_solo("hamster", "A", 61)
    a = make_app()
    a.open("stats")
    assert any("61" in line and "Hamster" in line for line in a.top.solo_lines())
    close(a)


# ---- the statistics screen ------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_statistics_screen_draws(home, size, lang):
    set_language(lang)
    add_games(40, names=("Mia", "Großvater Alexander", "Компьютер 3"))
    setups.add_profiles([{"name": "Mia", "colour": 3}])
    records.record_solo("hamster", None, 44)
    a = make_app(size)
    a.open("stats")
    pump(a)
    sc = a.top
    assert sc.name == "stats"
    w, h = size
    for r in (sc.table_rect, sc.chart_rect):
        assert r.w > 0 and r.h > 0 and r.right <= w and r.bottom <= h
    assert sc.table_rect.bottom <= sc.chart_rect.top
    for el in sc._callbacks:
        assert el.rect.bottom <= h and el.rect.right <= w
    assert sc.visible_rows >= 3
    assert setups.tr("table.stats_title", lang=lang) == setups.tr("table.stats_title")
    close(a)


def test_statistics_screen_by_keyboard(home):
    add_games(30, names=("Mia", "Opa", "Computer 3"))
    add = setups.load_stats()[0]
    for k, g in enumerate(add):             # more rows than fit: games of every kind
        g["game"] = ["moles", "ants", "hamster", "forest", "gopher"][k % 5]
        g["seats"][1]["name"] = f"Guest {k % 7}"
    setups._write(setups.STATS, {"version": 1, "games": add})
    a = make_app((1024, 600))
    a.open("stats")
    pump(a)
    sc = a.top
    rows = len(sc.rows())
    assert rows > sc.visible_rows
    key(a, pygame.K_PAGEDOWN)
    assert sc.offset > 0
    key(a, pygame.K_PAGEUP)
    assert sc.offset == 0
    assert sc.focus.current.key == "game"
    key(a, pygame.K_RIGHT)                  # the next game in the game list
    assert sc.game_filter == "moles"
    assert all(r["game"] == "moles" for r in sc.rows())
    key(a, pygame.K_TAB)
    assert sc.focus.current.key == "player"
    before = sc.player
    key(a, pygame.K_RIGHT)
    assert sc.player != before
    key(a, pygame.K_ESCAPE)
    assert a.top.name == "title"
    close(a)


def test_statistics_screen_empty_and_from_the_title(home):
    a = make_app((1024, 600))
    pump(a)
    title = a.top
    stats_button = next(b for b in title._callbacks if b.text == setups.tr("table.stats_button"))
    assert stats_button.rect.bottom <= 600
    title._callbacks[stats_button]()
    pump(a)
    assert a.top.name == "stats" and a.top.rows() == [] and a.top.player is None
    key(a, pygame.K_ESCAPE)
    assert a.top.name == "title"
    close(a)


def test_catalogs_have_the_table_texts():
    check_catalogs()
    for lang in ("en", "de", "fr", "ru"):
        assert setups.tr("table.stats_title", lang=lang) != "table.stats_title"


# ---- fuzz: every field of every file ------------------------------------------------------------------
WRONG = [None, True, -1, 10 ** 12, 1.5, "", "x" * 500, [], {}, [[[]]]]


def _rich(kind: str) -> dict:
    if kind == setups.SETUPS:
        return {"version": 1, "games": {
            "moles": {"count": 3, "seats": [
                {"name": "A", "colour": 0, "kind": "human", "level": "good"},
                {"name": "B", "colour": 1, "kind": "computer", "level": "expert"},
                {"name": "C", "colour": 2, "kind": "computer", "level": "random"}],
                "variant": None, "options": {"championship": True}, "option_text": {}},
            "ants": {"count": 2, "seats": [
                {"name": "A", "colour": 0, "kind": "human", "level": "good"},
                {"name": "B", "colour": 1, "kind": "computer", "level": "good"}],
                "variant": "winter", "options": {"first_ant": "edge"}, "option_text": {}}}}
    if kind == setups.PROFILES:
        return {"version": 1, "profiles": [{"name": "Mia", "colour": 2}, {"name": "Ben", "colour": 0}]}
    return {"version": 1, "games": [
        {"game": "moles", "variant": None, "when": 5, "seats": [
            {"name": "A", "kind": "human", "level": "good", "score": 3, "won": True},
            {"name": "B", "kind": "computer", "level": "expert", "score": 1.5, "won": False}]},
        {"game": "hamster", "variant": "A", "when": 6, "seats": [
            {"name": "A", "kind": "human", "level": "good", "score": None, "won": True}]}]}


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


def _replace(value, path, new):
    if not path:
        return new
    value = json.loads(json.dumps(value))
    node = value
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = new
    return value


@pytest.mark.parametrize("kind", [setups.SETUPS, setups.PROFILES, setups.STATS])
def test_fuzz_every_field_with_wrong_values_never_raises(home, kind):
    good = _rich(kind)
    for path in list(_paths(good)):
        for bad in WRONG:
            for f in home.iterdir():
                f.unlink()
            (home / kind).write_text(json.dumps(_replace(good, path, bad)), encoding="utf-8")
            data, message = LOADERS[kind]()
            assert isinstance(data, (dict, list))
            if message is None:        # accepted as it is: it passes the checks again, unchanged
                assert LOADERS[kind]() == (data, None)
            else:
                assert (home / (kind + ".damaged")).exists()
                assert LOADERS[kind]()[1] is None


@pytest.mark.parametrize("kind", [setups.SETUPS, setups.PROFILES, setups.STATS])
def test_fuzz_truncated_at_every_length(home, kind):
    text = json.dumps(_rich(kind))
    for cut in range(0, len(text), 3):
        for f in home.iterdir():
            f.unlink()
        (home / kind).write_text(text[:cut], encoding="utf-8")
        data, message = LOADERS[kind]()
        assert message and isinstance(data, (dict, list))


def test_a_full_statistics_file_stays_within_its_size():
    names = ["Ä" * 20, "Б" * 20, "C" * 20, "D" * 20, "E" * 20, "F" * 20]
    games = [{"game": "hamster", "variant": "B", "when": 2 ** 39,
              "seats": [{"name": n, "kind": "computer", "level": "beginner", "score": -123456.25,
                         "won": False} for n in names]} for _ in range(setups.MAX_GAMES)]
    assert setups._write(setups.STATS, {"version": 1, "games": games}) is None
    loaded, message = setups.load_stats()
    assert message is None and len(loaded) == setups.MAX_GAMES


def test_statistics_screen_survives_the_monkey(home):
    from game.app.devtools.monkey import Monkey
    add_games(60, names=("Mia", "Großvater Alexander", "Computer 3"))
    setups.add_profiles([{"name": "Mia", "colour": 3}])
    a = make_app((1024, 600))
    a.open("stats")
    monkey = Monkey(a, seed=7)
    for _ in range(150):
        for _k in range(monkey.rng.randint(1, 4)):
            monkey.post_random()
        a.step(1 / 60, pygame.event.get())
        if not a.running or not a.stack or a.top.name != "stats":
            a.running = True
            a.go_title()
            a.open("stats")
    assert monkey.events >= 150
    close(a)


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_a_saved_player_can_be_forgotten_and_keeps_its_statistics(home, lang):
    set_language(lang)
    add_games(4, names=("Mia", "Opa", "Computer 3"))
    setups.add_profiles([{"name": "Mia", "colour": 3}, {"name": "Ben", "colour": 1}])
    a = make_app((1024, 600))
    a.open("stats")
    pump(a)
    sc = a.top
    assert sc.player == "Mia"
    forget = next(b for b in sc._callbacks if b.text == setups.tr("table.forget_profile"))
    assert forget.rect.right <= 1024 and forget.rect.bottom <= 600
    back = next(b for b in sc._callbacks if b.text == setups.tr("common.back"))
    assert not forget.rect.colliderect(back.rect)
    sc._callbacks[forget]()
    pump(a)
    assert setups.load_profiles()[0] == [{"name": "Ben", "colour": 1}]
    assert len(setups.load_stats()[0]) == 4 and sc.player == "Mia"
    assert all(b.text != setups.tr("table.forget_profile") for b in sc._callbacks)   # not saved now
    close(a)
