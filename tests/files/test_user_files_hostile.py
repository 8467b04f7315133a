"""Hostile things in the user folder (issue 37): a named pipe, a device or a folder in place of a
file never hangs the app and is refused with the usual note; a read-only folder gets notes that
say what really happened; a save that is not a file is named; an overlong player name in a save
is clipped, not a reason to refuse the game."""
from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.io import safeio
from game.app.store import records, saves, settings, setups
from game.app.session import LocalSession, default_seats
from game.rules import new_game

ROOT = Path(__file__).resolve().parents[2]
posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need POSIX")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    saves.set_current(None)
    saves._told.clear()
    setups._told.clear()
    yield tmp_path / "home"
    saves.flush_autosave()
    saves.set_current(None)


def within(seconds: float, fn, *args):
    """fn(*args), failing (not hanging) when it takes longer than ``seconds``."""
    out: dict = {}

    def run():
        try:
            out["value"] = fn(*args)
        except BaseException as exc:   # noqa: BLE001 - handed to the test
            out["error"] = exc
    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"{getattr(fn, '__name__', fn)} hung on a special file"
    if "error" in out:
        raise out["error"]
    return out["value"]


def _payload(game="hamster", players=2, actions=4) -> dict:
    st = new_game(game, players, seed=5)
    ctl = LocalSession(game, default_seats(players), st, autosave=False, computers=False)
    for _ in range(actions):
        ctl.apply(ctl.table.state.legal_actions()[0])
    return json.loads(json.dumps(saves.build_payload(game, ctl.seats, ctl.table.state, ctl.history,
                                                     ctl.log)))


# ---- named pipes and devices ----------------------------------------------------------------------

@posix_only
def test_the_strict_reader_refuses_a_pipe_a_device_and_a_folder_without_waiting(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(safeio.FileProblem, match="named pipe"):
        within(5, safeio.read_text, fifo)
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    with pytest.raises(safeio.FileProblem, match="device"):
        within(5, safeio.load_json, link)
    with pytest.raises(safeio.FileProblem, match="folder"):
        within(5, safeio.read_text, tmp_path)
    (tmp_path / "ok.json").write_text('{"a": 1}', encoding="utf-8")
    (tmp_path / "link.json").symlink_to(tmp_path / "ok.json")     # a link to a file is fine
    assert safeio.load_json(tmp_path / "link.json") == {"a": 1}
    with pytest.raises(FileNotFoundError):                       # a link to nothing: missing
        (tmp_path / "gone.json").symlink_to(tmp_path / "nothing")
        safeio.read_text(tmp_path / "gone.json")


@posix_only
def test_a_pipe_swapped_in_after_the_check_is_still_refused(tmp_path, monkeypatch):
    """The check before opening can be raced; the opened file is checked again (fstat), and it
    was opened without waiting, so the swap cannot hang the reader."""
    path = tmp_path / "settings.json"
    path.write_text("{}", encoding="utf-8")
    real_open = os.open

    def swap_then_open(p, flags, *a):
        if os.fspath(p) == str(path):
            path.unlink()
            os.mkfifo(path)
        return real_open(p, flags, *a)
    monkeypatch.setattr(safeio.os, "open", swap_then_open)
    with pytest.raises(safeio.FileProblem, match="named pipe"):
        within(5, safeio.read_text, path)


@posix_only
def test_a_pipe_in_place_of_each_user_file_is_refused_with_a_note(home):
    for name in ("settings.json", setups.STATS, setups.PROFILES, setups.SETUPS, records.FILE_NAME):
        os.mkfifo(home / name)
    got, message = within(5, settings.load)
    assert message and "named pipe" in message
    assert got.window == settings.Settings().window
    for name, load in ((setups.STATS, setups.load_stats), (setups.PROFILES, setups.load_profiles),
                       (setups.SETUPS, setups.load_setups)):
        data, message = within(5, load)
        assert message and f"{name}.damaged" in message, message
        assert (home / (name + ".damaged")).is_fifo()           # kept aside, never opened
    assert within(5, records.best_solo, "hamster") is None
    assert within(5, records.record_solo, "hamster", None, 30) == (30, True)   # written over it
    assert records.best_solo("hamster") == 30


@posix_only
def test_a_pipe_in_place_of_a_save_is_named_not_hung_on(home):
    folder = saves.saves_dir()
    os.mkfifo(folder / "moles-7.json")
    saves.set_current("moles-7")
    with pytest.raises(saves.SaveError, match="named pipe"):
        within(5, saves.read_autosave)
    games, messages = within(5, saves.list_saves)
    assert games == []
    assert len(messages) == 1 and "moles-7.json" in messages[0] and "named pipe" in messages[0]
    assert (folder / "moles-7.json.damaged").is_fifo()


@posix_only
def test_a_pipe_as_crash_log_is_not_waited_on(home, tmp_path, monkeypatch):
    import tempfile

    from game import cli
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path))
    os.mkfifo(home / "crash.log")

    def crash():
        try:
            raise RuntimeError("test")
        except RuntimeError:
            return cli.write_crash_log()
    path = within(5, crash)
    assert path != home / "crash.log" and "RuntimeError" in path.read_text(encoding="utf-8")


PIPES_SCRIPT = """
import pygame
from game.app.app import App
app = App(headless=True)
app.go_title()
app.step(1 / 60, [])
print("title:", app.top.save_message)
app.open("stats")
app.step(1 / 60, [])
print("stats:", app.top.message)
app.go_title()
app.open("seats", "moles")
app.step(1 / 60, [])
print("seats:", app.top.table_note)
app.go_title()
app.open("saved")
app.step(1 / 60, [])
print("saved:", " ".join(app.top.messages))
print("notices:", " ".join(app.notices))
"""


@posix_only
def test_the_app_with_a_pipe_for_every_user_file_starts_and_opens_every_screen(tmp_path):
    home = tmp_path / "pipes"
    (home / "saves").mkdir(parents=True)
    for name in ("settings.json", "stats.json", "records.json", "profiles.json", "setups.json",
                 "autosave.json", "crash.log", "saves/moles-3.json"):
        os.mkfifo(home / name)
    env = dict(os.environ, BURROWBOX_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "main.py", "play", "--exit-after-first-frame"],
                          cwd=ROOT, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=90)
    assert proc.returncode == 0, proc.stderr
    for name in ("stats.json", "profiles.json", "setups.json", "saves/moles-3.json"):
        if (home / name).exists():
            (home / name).unlink()
        os.mkfifo(home / name)
    proc = subprocess.run([sys.executable, "-c", PIPES_SCRIPT], cwd=ROOT, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=90)
    assert proc.returncode == 0, proc.stderr
    out = dict(line.split(":", 1) for line in proc.stdout.splitlines())
    assert "stats.json.damaged" in out["stats"]
    assert "profiles.json.damaged" in out["seats"] or "setups.json.damaged" in out["seats"]
    assert "moles-3.json" in out["title"] and "named pipe" in out["title"]


# ---- a save that is not a file ----------------------------------------------------------------

@posix_only
@pytest.mark.parametrize("kind", ["folder", "link to a folder", "link to nothing",
                                  "link to a device"])
def test_a_save_that_is_not_a_file_is_named(home, kind, tmp_path):
    folder = saves.saves_dir()
    path = folder / "moles-9.json"
    if kind == "folder":
        path.mkdir()
    elif kind == "link to a folder":
        path.symlink_to(tmp_path)
    elif kind == "link to nothing":
        path.symlink_to(tmp_path / "gone.json")
    else:
        path.symlink_to("/dev/zero")
    games, messages = saves.list_saves()
    assert games == []
    assert len(messages) == 1, messages
    words = {"folder": "a folder", "link to a folder": "a link to a folder",
             "link to nothing": "a link to nothing", "link to a device": "a link to a device"}
    assert "moles-9.json" in messages[0] and words[kind] in messages[0], messages[0]
    assert "moles-9.json.damaged" in messages[0]
    assert os.path.lexists(folder / "moles-9.json.damaged")       # the entry, renamed
    assert saves.list_saves() == ([], [])                          # told once
    if kind == "link to a folder":
        assert tmp_path.is_dir()                                    # what it pointed to stays


def test_a_link_to_a_good_save_is_offered(home, tmp_path):
    real = tmp_path / "elsewhere.json"
    real.write_text(json.dumps(_payload()), encoding="utf-8")
    (saves.saves_dir() / "hamster-5.json").symlink_to(real)
    games, messages = saves.list_saves()
    assert [g.game_id for g in games] == ["hamster"] and messages == []


# ---- a read-only folder -----------------------------------------------------------------------

@pytest.fixture
def read_only(monkeypatch):
    """Renaming fails as in a read-only folder (root may rename anywhere, so it is simulated)."""
    import game.io.paths as paths
    real = os.replace

    def refuse(src, dst, *a, **k):
        if str(dst).endswith(".damaged") or ".damaged." in str(dst):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return real(src, dst, *a, **k)
    monkeypatch.setattr(paths.os, "replace", refuse)


def test_in_a_read_only_folder_a_damaged_save_is_said_to_be_left_as_it_is(home, read_only):
    path = saves.saves_dir() / "moles-4.json"
    path.write_text("{ not json", encoding="utf-8")
    games, messages = saves.list_saves()
    assert games == [] and len(messages) == 1
    text = messages[0]
    assert "could not be renamed" in text and "Read-only file system" in text, text
    assert "left as it is" in text and "kept as" not in text and str(path) in text
    assert path.read_text(encoding="utf-8") == "{ not json"       # untouched
    assert saves.list_saves() == ([], [])                          # told once a session
    saves._told.clear()                                            # the next start: told again
    assert len(saves.list_saves()[1]) == 1


def test_in_a_read_only_folder_a_save_that_fails_to_continue_is_left_as_it_is(home, read_only):
    path = saves.saves_dir() / "hamster-5.json"
    path.write_text(json.dumps(_payload()), encoding="utf-8")
    text = saves.set_aside("hamster-5", "KeyError")
    assert "could not be renamed" in text and "kept as" not in text, text
    assert path.exists()


@pytest.mark.parametrize("kind", [setups.SETUPS, setups.PROFILES, setups.STATS])
def test_in_a_read_only_folder_a_damaged_table_file_is_left_as_it_is(home, read_only, kind):
    path = home / kind
    path.write_text('{"version": 1, "games": [{"game": "moles"}]', encoding="utf-8")
    before = path.read_bytes()
    load = {setups.SETUPS: setups.load_setups, setups.PROFILES: setups.load_profiles,
            setups.STATS: setups.load_stats}[kind]
    data, message = load()
    assert message and "could not be renamed" in message and f"file {kind}" in message, message
    assert "kept under the name" not in message
    assert path.read_bytes() == before                             # never written over
    assert load()[1] is None                                       # told once a session


@pytest.mark.parametrize("lang", ["de", "fr", "ru"])
def test_the_read_only_notes_are_translated(home, read_only, lang):
    from game.i18n import set_language
    set_language(lang)
    try:
        path = saves.saves_dir() / "moles-4.json"
        path.write_text("[", encoding="utf-8")
        (home / setups.STATS).write_text("[", encoding="utf-8")
        (_, messages), (_, note) = saves.list_saves(), setups.load_stats()
    finally:
        set_language("en")
    assert len(messages) == 1 and messages[0].endswith(f"{path}."), messages
    assert "could not be renamed" not in messages[0] and "could not" not in note
    assert setups.STATS in note and "Read-only file system" in note


# ---- an overlong player name -----------------------------------------------------------------

@pytest.mark.parametrize("game", ["hamster", "ants", "moles", "forest", "gopher"])
def test_an_overlong_player_name_is_clipped_and_the_game_kept(home, game):
    raw = _payload(game, players=2, actions=3)
    long_name = "Ä" * 10_000
    raw["seats"][0]["name"] = long_name
    if isinstance(raw["state"].get("names"), list):
        raw["state"]["names"][0] = long_name
    for e in raw["undo"]:
        if isinstance(e["before"].get("names"), list):
            e["before"]["names"][0] = long_name
    path = saves.saves_dir() / f"{game}-5.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    games, messages = saves.list_saves()
    assert messages == [] and len(games) == 1
    saved = games[0]
    assert saved.seats[0]["name"] == "Ä" * saves.MAX_SEAT_NAME
    names = getattr(saved.state, "names", None)
    if names:
        assert len(names[0]) <= saves.MAX_SEAT_NAME
