"""The sounds (issue 32): each game's own sounds from data/sounds/, all about as loud, a music
loop well below them with its own volume (saved, checked when read back), the sound an event
makes as data (games.yaml), and "your turn" when a person is to play after the computers."""
from __future__ import annotations

import json
import math
import struct
import wave

import pytest

from game.app.store import saves
from game.app.store import settings as smod
from game.app.board.contract import BoardView
from game.app.scenes.play import PlayScene
from game.app.session import LocalSession, default_seats
from game.app.sound import MUSIC, NAMES, Sounds, sound_file
from game.io.paths import resource_path
from game.rules import GAMES, new_game
from tests.helpers import pump, running_app

#: the loudest effect is at most this much louder (RMS, dB) than the quietest
EFFECT_SPREAD_DB = 3.0
#: the music loop is at least this much quieter than the quietest effect
MUSIC_BELOW_DB = 8.0


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    yield tmp_path
    saves.flush_autosave()


def loudness(name: str) -> tuple[float, float, float]:
    """(RMS dBFS, peak dBFS, seconds) of a sound file, read with the wave module."""
    with wave.open(str(sound_file(name)), "rb") as w:
        assert w.getsampwidth() == 2 and w.getnchannels() == 1, name
        rate = w.getframerate()
        raw = w.readframes(w.getnframes())
    samples = struct.unpack(f"<{len(raw) // 2}h", raw)
    rms = math.sqrt(sum(v * v for v in samples) / len(samples)) / 32768
    peak = max(abs(v) for v in samples) / 32768
    return 20 * math.log10(rms), 20 * math.log10(peak), len(samples) / rate


def test_every_effect_is_about_as_loud_as_the_others_and_none_clips():
    levels = {name: loudness(name) for name in NAMES}
    rms = [v[0] for v in levels.values()]
    assert max(rms) - min(rms) <= EFFECT_SPREAD_DB, levels
    for name, (_, peak, seconds) in levels.items():
        assert peak <= -0.5, name                     # headroom: never at full scale
        assert 0.03 <= seconds <= 1.5, name           # short effects, small files


def test_the_music_loop_is_quiet_and_the_table_of_the_script_matches_the_files():
    music_rms, _, seconds = loudness(MUSIC)
    assert music_rms <= min(loudness(n)[0] for n in NAMES) - MUSIC_BELOW_DB
    assert seconds >= 4
    table = json.loads(resource_path("data", "sounds", "loudness.json").read_text(encoding="utf-8"))
    assert set(table) == set(NAMES) | {MUSIC}
    for name, row in table.items():
        assert row["rms_db"] == pytest.approx(loudness(name)[0], abs=0.05), name


def test_each_game_has_its_own_sounds_and_names_only_existing_ones():
    used = {}
    for gid, info in GAMES.items():
        if not info.available:
            continue
        assert info.sounds, gid
        for kind, name in info.sounds.items():
            assert name in NAMES and sound_file(name).is_file(), (gid, kind, name)
        used[gid] = set(info.sounds.values())
    assert {"die", "card", "disc", "dig", "tile", "nugget"} <= set().union(*used.values())
    assert len({frozenset(v) for v in used.values()}) == len(used)     # no two games the same set


def test_the_sound_of_a_move_is_the_one_listed_first_in_games_yaml():
    class Scene:
        board = BoardView("moles", [], None)        # a view that leaves the sound to games.yaml
        sounds = {"store": "nugget", "reveal": "tile", "step": "step"}
    pick = PlayScene.sound_for
    assert pick(Scene, [{"type": "step"}, {"type": "reveal"}]) == "tile"
    assert pick(Scene, [{"type": "step"}, {"type": "reveal"}, {"type": "store"}]) == "nugget"
    assert pick(Scene, [{"type": "nothing"}]) == "move"


def test_music_volume_is_saved_and_a_bad_one_is_reset(home):
    st = smod.Settings()
    assert st.music == smod.MUSIC_DEFAULT == 0        # the loop is optional: off at first
    st.music = 30
    assert smod.save(st) is None
    assert smod.load()[0].music == 30
    for bad in (101, -1, "loud", True, 2.5):
        (home / smod.FILE_NAME).write_text(json.dumps({"music": bad}), encoding="utf-8")
        loaded, msg = smod.load()
        assert loaded.music == smod.MUSIC_DEFAULT and msg and "music" in msg


def test_music_starts_and_stops_with_its_volume(monkeypatch):
    calls = []
    snd = Sounds(True, 0.8, 0.0)
    monkeypatch.setattr(snd, "_init", lambda: True)
    import pygame
    monkeypatch.setattr(pygame.mixer.music, "load", lambda p: calls.append(("load", p)))
    monkeypatch.setattr(pygame.mixer.music, "play", lambda loops=0: calls.append(("play", loops)))
    monkeypatch.setattr(pygame.mixer.music, "stop", lambda: calls.append(("stop",)))
    monkeypatch.setattr(pygame.mixer.music, "set_volume", lambda v: calls.append(("volume", v)))
    snd.update_music()
    assert calls == []                                 # music 0: nothing starts
    snd.music = 0.3
    snd.update_music()
    assert calls[0][0] == "load" and calls[0][1].endswith("music.wav") and ("play", -1) in calls
    assert calls[-1] == ("volume", 0.3)
    snd.music = 0.0
    snd.update_music()
    assert calls[-1] == ("stop",)
    calls.clear()
    Sounds(True, 0.8, 0.5, music_allowed=False).update_music()    # no window: no music
    assert calls == []


def test_settings_screen_has_a_music_slider_by_keyboard():
    for app in running_app((1024, 600)):
        app.go_title()
        app.open("settings")
        pump(app, 2)
        scene = app.top
        assert scene.focus.focus_key("music")
        import pygame
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        pump(app, 2)
        assert app.settings.music > 0 and smod.load()[0].music == app.settings.music
        assert app.sounds.music == pytest.approx(app.settings.music / 100)
        assert scene.box.bottom < app.size[1]          # every row fits at 1024x600


@pytest.mark.parametrize("game", ["moles", "hamster", "gopher"])
def test_your_turn_sounds_when_a_person_is_to_play_after_the_computers(game):
    for app in running_app((1024, 600)):
        seats = default_seats(3, humans=1)
        session = LocalSession(game, seats, new_game(game, players=3, seed=5), autosave=False)
        scene = PlayScene(app, session)
        app.go(scene)
        for _ in range(400):
            if session.human_to_act() or session.is_over():
                break
            pump(app, 1)
        for _ in range(800):                          # the person plays until a computer has moved
            if session.is_over():
                break
            if session.human_to_act() and not scene.animating:
                app.sounds.played.clear()
                scene.apply_action(session.table.legal_for(session.current)[0])
                pump(app, 1)
                if not session.human_to_act():
                    break
            pump(app, 1)
        for _ in range(2000):
            if session.human_to_act() or session.is_over():
                break
            pump(app, 1)
        pump(app, 3)
        if session.is_over():
            pytest.skip("the game ended before the person's next turn")
        assert "turn" in app.sounds.played
        assert app.sounds.played.count("turn") == 1
