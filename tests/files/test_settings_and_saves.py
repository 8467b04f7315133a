"""Settings and the autosave: round trips, and damaged files give clear messages (no crash)."""
from __future__ import annotations

import json

import pytest

from game.app.store import saves, settings
from game.app.session import LocalSession, default_seats
from game.rules import new_game

pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)


# ---- settings ----------------------------------------------------------------------------------

def test_settings_defaults_when_missing():
    st, msg = settings.load()
    assert msg is None
    assert st == settings.Settings()


def test_settings_round_trip(home):
    st = settings.Settings(window=(1600, 900), fullscreen=True, speed="fast", sound=False)
    assert settings.save(st) is None
    assert (home / "settings.json").is_file()
    again, msg = settings.load()
    assert msg is None
    assert again == st


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "", "\x00\xff"])
def test_settings_corrupt_file_gives_defaults_and_message(home, text):
    (home / "settings.json").write_text(text, encoding="utf-8", errors="ignore")
    st, msg = settings.load()
    assert st == settings.Settings()
    assert msg and "default" in msg


def test_settings_bad_values_are_reset_one_by_one(home):
    (home / "settings.json").write_text(json.dumps(
        {"window": [5, "x"], "fullscreen": "yes", "speed": "warp", "sound": False}))
    st, msg = settings.load()
    assert st.window == (1280, 720) and st.fullscreen is False and st.speed == "normal"
    assert st.sound is False                       # the good value is kept
    assert "window size" in msg and "animation speed" in msg


# ---- autosave ----------------------------------------------------------------------------------

def _game():
    state = new_game("moles", 3, seed=11)
    ctl = LocalSession("moles", default_seats(3), state, autosave=False, computers=False)
    for _ in range(5):
        ctl.apply(ctl.table.state.legal_actions()[0])
    return ctl


def test_autosave_round_trip():
    ctl = _game()
    assert saves.write_autosave("moles", ctl.seats, ctl.table.state, ctl.history, ctl.log) is None
    assert saves.autosave_exists()
    got = saves.read_autosave()
    assert got.game_id == "moles"
    assert got.seats == ctl.seats
    assert got.state.to_dict() == ctl.table.state.to_dict()
    assert got.undo == ctl.history
    assert got.log == ctl.log
    raw = json.loads(saves.autosave_path().read_text())
    assert raw["app"] == "BurrowBox" and {"version", "seats", "state", "undo"} <= set(raw)


def test_autosave_async_write_and_remove():
    ctl = _game()
    saves.write_autosave_async("moles", ctl.seats, ctl.table.state, ctl.history, ctl.log)
    saves.flush_autosave()
    assert saves.read_autosave().state.to_dict() == ctl.table.state.to_dict()
    saves.remove_autosave_async()
    saves.flush_autosave()
    assert not saves.autosave_exists()


def _write(text: str) -> None:
    saves.autosave_path().write_text(text, encoding="utf-8")


def _message() -> str:
    path = saves.autosave_path()
    with pytest.raises(saves.SaveError) as info:
        saves.read_autosave()
    saved, msg = saves.check_autosave()
    # refused with the same sentence, and the file is kept (moved aside, named in the message)
    assert saved is None and msg.startswith(str(info.value))
    kept = path.with_name(path.name + saves.DAMAGED_SUFFIX)
    assert kept.is_file() and str(kept) in msg and not path.exists()
    return str(info.value)


def test_corrupt_json():
    _write('{"app": "BurrowBox", "seats": [')
    assert "not valid JSON" in _message()


def test_foreign_json():
    _write(json.dumps({"hello": "world"}))
    assert "not a Burrow Box game" in _message()


def test_missing_key():
    ctl = _game()
    payload = saves.build_payload("moles", ctl.seats, ctl.table.state, ctl.history, ctl.log)
    del payload["undo"]
    _write(json.dumps(payload))
    assert "no 'undo'" in _message()


def test_truncated_state():
    ctl = _game()
    payload = saves.build_payload("moles", ctl.seats, ctl.table.state, ctl.history, ctl.log)
    del payload["state"]["state"]
    _write(json.dumps(payload))
    assert "could not be loaded" in _message()


def test_truncated_file():
    ctl = _game()
    text = json.dumps(saves.build_payload("moles", ctl.seats, ctl.table.state, ctl.history, ctl.log))
    _write(text[: len(text) // 2])
    assert "damaged" in _message()


def test_wrong_seats_and_undo():
    ctl = _game()
    payload = saves.build_payload("moles", ctl.seats, ctl.table.state, ctl.history, ctl.log)
    payload["seats"] = payload["seats"][:1]
    _write(json.dumps(payload))
    assert "players" in _message()
    payload = saves.build_payload("moles", ctl.seats, ctl.table.state, ctl.history, ctl.log)
    payload["undo"] = [{"before": 3}]
    _write(json.dumps(payload))
    assert "undo" in _message()


def test_unknown_or_unavailable_game(monkeypatch):
    from game.rules import GAMES
    monkeypatch.setattr(GAMES["gopher"], "available", False)   # a game still to come
    ctl = _game()
    payload = saves.build_payload("moles", ctl.seats, ctl.table.state, ctl.history, ctl.log)
    payload["state"]["game"] = "gopher"
    _write(json.dumps(payload))
    assert "not playable" in _message()
    payload["state"]["game"] = "chess"
    _write(json.dumps(payload))
    assert "does not know" in _message()
