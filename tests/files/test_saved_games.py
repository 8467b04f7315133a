"""Issue 11: several saved games, nothing in progress lost, damaged saves refused and kept,
an unusable user-data folder, and saves checked as strictly as data files."""
from __future__ import annotations

import json
import os
import time

import pygame
import pytest

from game.app.store import saves, settings
from game.app.app import App
from game.app.session import LocalSession, default_seats
from game.rules import LoadError, load_state, new_game
from tests.helpers import pump, running_app

pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)


@pytest.fixture
def app():
    yield from running_app((1280, 720))


def buttons(scene) -> dict:
    return {b.text: b for b in scene._callbacks}


def _played(game="moles", seed=1, actions=6, players=2, variant=None):
    st = new_game(game, players, seed=seed, variant=variant)
    ctl = LocalSession(game, default_seats(players, humans=2), st, autosave=False, computers=False)
    for _ in range(actions):
        ctl.apply(ctl.table.state.legal_actions()[0])
    return ctl


def _save(ctl) -> None:
    assert saves.write_autosave(ctl.game_id, ctl.seats, ctl.table.state, ctl.history, ctl.log) is None


# ---- several saved games -------------------------------------------------------------------

def test_each_game_has_its_own_slot_so_a_new_game_never_replaces_one_in_progress(home):
    a, b = _played(seed=1), _played("hamster", seed=2, players=3)
    _save(a)
    _save(b)
    games, messages = saves.list_saves()
    assert messages == [] and sorted(g.game_id for g in games) == ["hamster", "moles"]
    assert {g.slot for g in games} == {"moles-1", "hamster-2"}
    line = saves.describe(next(g for g in games if g.game_id == "moles"))
    assert "Mole Dig" in line and "6 moves played" in line and a.seats[0]["name"] in line


def test_the_current_game_is_removed_at_its_end_the_others_stay(home):
    a, b = _played(seed=1), _played(seed=2)
    _save(a)
    _save(b)
    saves.remove_autosave_async()      # b, the current game, ended
    saves.flush_autosave()
    assert [g.slot for g in saves.list_saves()[0]] == ["moles-1"]


def test_a_continued_game_ended_by_its_first_action_leaves_no_save(home):
    """Nothing was written in this run before the game ended (the save was read, not
    written): the slot still goes, else the finished game came back under Continue."""
    from game.app import launch
    st = new_game("moles", 2, seed=5)
    ctl = LocalSession("moles", default_seats(2, humans=2), st, autosave=False, computers=False)
    while True:
        ending = next((a for a in ctl.table.state.legal_actions() if _ends(ctl, a)), None)
        if ending is not None:
            break
        ctl.apply(ctl.table.state.legal_actions()[0])
    _save(ctl)
    saves._journals.clear()
    saves.set_current(None)                    # a new run of the app
    again = launch.saved(saves.read_autosave("moles-5"))
    again.apply(ending)
    assert again.is_over()
    saves.flush_autosave()
    assert saves.list_saves() == ([], [])


def _ends(ctl, action) -> bool:
    probe = ctl.table.state.clone()
    probe.apply(action)
    return probe.is_over()


def test_delete_one_saved_game(home):
    _save(_played(seed=1))
    _save(_played(seed=2))
    assert saves.delete_slot("moles-1") is None
    assert [g.slot for g in saves.list_saves()[0]] == ["moles-2"]


def test_slot_names_from_a_file_cannot_reach_outside_the_folder():
    with pytest.raises(saves.SaveError):
        saves.slot_path("../../etc/passwd")


def test_the_autosave_of_older_versions_is_moved_into_a_slot(home):
    ctl = _played(seed=7)
    payload = saves.build_payload("moles", ctl.seats, ctl.table.state, ctl.history, ctl.log)
    (home / "autosave.json").write_text(json.dumps(payload), encoding="utf-8")
    games, messages = saves.list_saves()
    assert [g.slot for g in games] == ["moles-7"] and not messages
    assert not (home / "autosave.json").exists()
    assert games[0].state.to_dict() == ctl.table.state.to_dict()


def test_a_damaged_autosave_of_older_versions_is_kept_and_named(home):
    (home / "autosave.json").write_text('{"app": "BurrowBox", "seats": [', encoding="utf-8")
    games, messages = saves.list_saves()
    assert games == [] and len(messages) == 1
    kept = home / "autosave.json.damaged"
    assert kept.is_file() and str(kept) in messages[0]


def test_writes_are_fsynced_and_leftover_temp_files_cleaned(home, monkeypatch):
    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd)))
    _save(_played(seed=1))
    assert synced, "the save was not fsync'd"
    folder = saves.saves_dir()
    left = folder / ".tmp-abc.part"       # a write killed half-way
    left.write_text('{"app": "Burr', encoding="utf-8")
    old = folder / ".tmp-old.json"         # the temp name of older versions
    old.write_text("{", encoding="utf-8")
    games, messages = saves.list_saves()
    assert [g.slot for g in games] == ["moles-1"] and not messages
    assert not left.exists() and not old.exists()


def test_a_damaged_save_is_refused_on_the_title_and_kept_on_disk(app, home):
    _save(_played(seed=1))
    path = saves.saves_dir() / "moles-1.json"
    raw = json.loads(path.read_text())
    raw["state"]["current_player"] = 5
    path.write_text(json.dumps(raw))
    _save(_played(seed=2))
    app.go_title()
    pump(app)
    title = app.top
    assert title.saved is not None and title.saved.slot == "moles-2"
    assert "current_player" in title.save_message and ".damaged" in title.save_message
    assert (saves.saves_dir() / "moles-1.json.damaged").is_file()
    # the next launch is clean: the damaged file is not offered again
    games, messages = saves.list_saves()
    assert [g.slot for g in games] == ["moles-2"] and messages == []


def test_title_lists_saved_games_continue_and_delete(app, home):
    _save(_played(seed=1))
    time.sleep(0.02)
    _save(_played(seed=2, actions=8))
    app.go_title()
    pump(app)
    title = app.top
    assert "Saved games (2)" in buttons(title)
    buttons(title)["Saved games (2)"].rect  # noqa: B018 - it is laid out
    title.saved_games()
    pump(app)
    scene = app.top
    assert scene.name == "saved" and len(scene.rows) == 2
    assert all("Mole Dig" in head for _, (head, seats) in scene.rows)
    # Delete asks once more
    scene.delete(scene.games[-1])
    pump(app)
    assert "Sure?" in buttons(scene) and len(scene.games) == 2
    scene.delete(scene.games[-1])
    pump(app)
    assert len(scene.games) == 1 and len(scene.rows) == 1
    scene.continue_game(scene.games[0])
    pump(app)
    assert app.top.name == "play" and app.top.session.table.state.turn_number == 8
    assert saves.current_slot() == "moles-2"


def test_saved_games_screen_survives_resizes(app, home):
    for seed in range(12):
        _save(_played(seed=seed, actions=2))
    app.go_title()
    pump(app)
    app.top.saved_games()
    pump(app)
    for w, h in [(1024, 600), (2400, 1400), (800, 500), (1280, 720)]:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        for _ in range(3):
            app.step(0.2, pygame.event.get())
    scene = app.top
    assert scene.name == "saved" and 1 <= len(scene.rows) <= 12


# ---- an unusable user-data folder ----------------------------------------------------------

def test_a_user_data_folder_that_cannot_be_made_does_not_stop_the_app(app, home, monkeypatch,
                                                                      tmp_path_factory):
    blocker = tmp_path_factory.mktemp("x") / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("BURROWBOX_HOME", str(blocker))
    st, msg = settings.load()
    assert st == settings.Settings() and str(blocker) in msg and "nothing is saved" in msg
    assert settings.save(st) is not None
    games, messages = saves.list_saves()
    assert games == [] and str(blocker) in messages[0]
    app2 = App(size=(1280, 720), fullscreen=False)
    try:
        app2.go_title()
        pump(app2)
        assert app2.top.name == "title"
        assert any(str(blocker) in n for n in app2.notices) or str(blocker) in (
            app2.top.save_message or "")
        ctl = LocalSession("moles", default_seats(2, humans=2), new_game("moles", 2, seed=1),
                             computers=False)
        ctl.apply(ctl.table.state.legal_actions()[0])
        saves.flush_autosave()
        ctl.apply(ctl.table.state.legal_actions()[0])   # the game goes on, saying it is not saved
        assert ctl.message and "not saved" in ctl.message
    finally:
        pygame.display.quit()


# ---- saves checked as strictly as data files (issue 11's cases) -----------------------------

def _refused(d, *words):
    with pytest.raises(LoadError) as info:
        load_state(json.loads(json.dumps(d)))
    text = str(info.value)
    for w in words:
        assert w in text, text
    return text


@pytest.mark.parametrize("value", [5, -1, "0", 1.5, True])
def test_moles_current_player_out_of_range_or_of_the_wrong_type_is_refused(value):
    d = new_game("moles", 2, seed=1).to_dict()
    d["current_player"] = value
    _refused(d, "current_player")


@pytest.mark.parametrize("field,value", [
    ("ant", 9), ("chain", [99, -1]), ("round", None), ("reds", 5), ("deck", [999]),
    ("hopper", True), ("names", ["a\x00b", "c"]), ("names", ["\ud800", "c"]),
])
def test_ants_fields_out_of_range_wrong_type_or_unknown_cards_are_refused(field, value):
    d = new_game("ants", 2, seed=1).to_dict()
    d["state"][field] = value
    _refused(d, field)


@pytest.mark.parametrize("field,value", [
    ("roll", 9), ("decided", [1, 0]), ("turn", "3"), ("timer_active", 1), ("one_used", [0]),
])
def test_hamster_fields_of_the_wrong_type_are_refused(field, value):
    d = new_game("hamster", 2, seed=1).to_dict()
    d["state"][field] = value
    _refused(d, field)


@pytest.mark.parametrize("rng", [None, [3, [1] * 10, None], [3, [-1] * 625, None],
                                 [3, [0] * 624 + [624], None], [3, [1] * 624 + [999], None]])
def test_a_random_state_of_the_wrong_shape_is_refused(rng):
    d = new_game("moles", 2, seed=1).to_dict()
    d["rng"] = rng
    _refused(d, "rng")


def test_undo_history_entries_are_each_checked_like_a_save(home):
    ctl = _played(seed=1)
    ctl.table.history = [{"seat": 0, "human": True, "chance": False, "before": ctl.table.state.to_dict(),
                    "log": 0}]
    good = saves.build_payload("moles", ctl.seats, ctl.table.state, ctl.history, ctl.log)
    assert saves.parse_payload(json.loads(json.dumps(good))).undo
    other = new_game("moles", 3, seed=1).to_dict()          # a state of another shape
    bad = json.loads(json.dumps(good))
    bad["undo"][0]["before"] = other
    with pytest.raises(saves.SaveError, match="undo"):
        saves.parse_payload(bad)
    bad = json.loads(json.dumps(good))
    bad["undo"][0]["before"]["rng"][1][0] = -5             # a negative RNG word
    with pytest.raises(saves.SaveError, match="undo"):
        saves.parse_payload(bad)


def test_seat_names_and_log_lines_with_nul_or_lone_surrogates_are_cleaned():
    ctl = _played(seed=1)
    payload = saves.build_payload("moles", ctl.seats, ctl.table.state, [], ctl.log)
    payload["seats"][0]["name"] = "Ad\x00a\ud800"
    payload["log"] = ["fine", "bro\x00ken\udc00", 5]
    got = saves.parse_payload(payload)
    assert got.seats[0]["name"].startswith("Ada")
    for text in [got.seats[0]["name"], *got.log]:
        text.encode("utf-8")
        assert "\x00" not in text
    # from a file, such texts are refused outright (the strict reader)
    path = saves.saves_dir() / "moles-1.json"
    path.write_text(json.dumps(payload), encoding="utf-8")
    with pytest.raises(saves.SaveError, match="NUL"):
        saves.read_autosave("moles-1")


def test_a_state_that_loads_but_would_crash_later_is_refused():
    d = new_game("moles", 2, seed=1).to_dict()
    d["state"]["moles"][0]["at"] = [40, 40]          # off the board
    _refused(d, "moles")


def test_continue_never_crashes_even_when_the_play_screen_cannot_start(app, home, monkeypatch):
    _save(_played(seed=1))
    app.go_title()
    pump(app)
    from game.app import app as app_mod

    def broken(*a, **k):
        raise RuntimeError("boom")
    monkeypatch.setitem(app_mod.SCENES, "play", broken)
    app.top.continue_game()
    pump(app)
    title = app.top
    assert title.name == "title" and title.saved is None
    assert "could not be continued" in title.save_message
    assert (saves.saves_dir() / "moles-1.json.damaged").is_file()


def test_an_empty_list_says_so_in_the_middle_of_the_page(app):
    from game.app import ui
    from game.i18n import tr
    app.switch("saved")
    with ui.fit.shown() as texts:
        pump(app, 3)
    assert tr("saved.none") in texts
    surf = pygame.display.get_surface()
    w, h = app.size
    row = {surf.get_at((x, h * 2 // 5))[:3] for x in range(w // 4, 3 * w // 4)}
    assert tuple(ui.colour("text_muted")) in row or len(row) > 3       # the sentence is drawn there
