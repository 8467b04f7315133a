"""The screens of the deal of the day, the achievements and the replays, headless: every text
fits at 1024x600 and 1280x720 in every language (and the pseudo-language), each screen is used
with the keyboard alone, survives resizes, and the results screen leads to them."""
from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.ai import make_agent
from game.app.progress import achievements, daily, endgame
from game.app import launch, ui
from game.app.store import replays, saves, setups
from game.app.app import App
from game.app.progress.replay import Run, check_record
from game.app.scenes.play import PlayScene
from tests.helpers import pump

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = json.loads((ROOT / "tests" / "data" / "achievement_games.json").read_text(encoding="utf-8"))
DAY = datetime.date(2025, 3, 14)
LANGS = ["en", "de", "fr", "ru", "pseudo"]
SIZES = [(1024, 600), (1280, 720)]


@pytest.fixture(autouse=True)
def _home(home, monkeypatch):
    monkeypatch.setattr(daily, "today", lambda: DAY)
    yield home


def key(app, k, mod=0, frames=2, text=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0))
    pump(app, frames)


def click(app, pos, frames=3):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(app, frames)


def button(scene, k):
    for b, cb in scene._callbacks.items():
        item = next((i for i in scene.focus.items if i.element is b), None)
        if item is not None and item.key == k:
            return b
    raise AssertionError(f"no button {k!r} on {scene.name}")


def _finish(session, seed=1):
    session.computers_enabled = False
    agents = [make_agent(session.game_id, "good", seed * 16 + i) for i in range(len(session.seats))]
    while not session.is_over():
        c = session.current
        session.apply(agents[c].decide(session.table.view_for(c)["view"], session.table.legal_for(c)))
    return session


def _history(name="Großvater Alexander"):
    """A saved player with kept replays, a finished deal of the day and some achievements."""
    setups.add_profiles([{"name": name, "colour": 1}])
    ids = []
    for k, (key_, g) in enumerate(SCRIPTS["games"].items()):
        rec = json.loads(json.dumps(g["record"]))
        rec["seats"][g["seat"]].update(name=name, kind="human")
        rec["when"] = 1_741_900_000 + k
        run = Run(check_record(rec))
        rid, _ = replays.keep(rec, run.result)
        ids.append(rid)
        achievements.award(run, [(g["seat"], name)])
    store = {name: {}}
    for back in range(9):
        day = (DAY - datetime.timedelta(days=back)).isoformat()
        store[name][day] = {gid: {"seed": 1, "done": True, "score": 12, "place": 1 + back % 3,
                                  "of": 3, "won": back % 3 == 0, "practice": back % 2}
                            for gid in daily.games()[: 1 + back % 5]}
    daily._save(store)
    return name, ids


def _screens(name, ids):
    def replay_screen(app):
        # the board and the side panel are the play screen's, tested with the play screens
        # (whose boards' own texts are not this screen's): here the replay's controls
        g = next(g for g in SCRIPTS["games"].values() if g["record"]["game"] == "forest")
        rec = json.loads(json.dumps(g["record"]))
        rec["seats"][g["seat"]].update(name="Åsa", kind="human")
        rid, _ = replays.keep(rec, Run(check_record(rec)).result)
        app.go_title()
        app.open("replays")
        app.open("replay", replays.open_run(rid), rid)
        app.top.go_to(len(app.top.run) // 2)

    def results(app):
        # a short name: the games' own pictures on the results are tested elsewhere
        s = _finish(launch.daily("hamster", "Åsa", 1, DAY))
        scene = PlayScene(app, s, auto_results=False)
        app.go(scene)
        pump(app, 2)
        app.open("results", scene)
        pump(app, 2)

    return [
        ("daily", lambda app: (app.go_title(), app.open("daily"))),
        ("daily_calendar", lambda app: (app.go_title(), app.open("daily_calendar", name))),
        ("achievements", lambda app: (app.go_title(), app.open("achievements", name))),
        ("replays", lambda app: (app.go_title(), app.open("replays"))),
        ("replay_import", lambda app: (app.go_title(), app.open("replays"), app.open("replay_import"))),
        ("replay", replay_screen),
        ("results", results),        # with the moment of the achievements over it
        ("share", lambda app: app.open("share", daily.share_text(
            name, "moles", DAY, {"done": True, "score": 3, "place": 2, "of": 4, "won": False}, 5))),
    ]


def _render(app):
    for _ in range(3):
        app.step(1 / 60, [])
    for scene in app.visible_scenes():
        ui.fit.check_gui(scene.ui)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_every_new_screen_fits_in_every_language(lang, size):
    i18n.enable_pseudo()
    name, ids = _history()
    app = App(size=size, fullscreen=False, headless=True, lang="en")
    app.settings.speed = "off"
    problems = []
    try:
        i18n.set_language(lang)
        for screen, build in _screens(name, ids):
            with ui.fit.collecting() as found, ui.fit.where(f"{screen} [{lang} {size[0]}x{size[1]}]"):
                build(app)
                _render(app)
            problems += found
    finally:
        for scene in app.stack:
            getattr(scene, "stop", lambda: None)()
        saves.flush_autosave()
        pygame.display.quit()
    lines = sorted({str(p) for p in problems})
    assert not problems, f"{len(problems)} texts do not fit:\n" + "\n".join(lines[:60])


def test_no_new_screen_shows_english_that_is_not_from_a_catalog():
    from tests.words.test_text_fit import _untranslated
    i18n.enable_pseudo()
    name, ids = _history("Åsa Ülfsdøttir")
    app = App(size=(1280, 720), fullscreen=False, headless=True, lang="en")
    app.settings.speed = "off"
    found = {}
    try:
        i18n.set_language("pseudo")
        for screen, build in _screens(name, ids):
            with ui.fit.shown() as texts:
                build(app)
                _render(app)
            texts = [t for t in texts if not re.fullmatch(r"[\d\s:./,–-]*", t)]
            left = _untranslated(texts)
            if left:
                found[screen] = left
    finally:
        for scene in app.stack:
            getattr(scene, "stop", lambda: None)()
        saves.flush_autosave()
        pygame.display.quit()
    assert not found, found


@pytest.fixture
def app():
    a = App(size=(1280, 720), fullscreen=False, headless=True, lang="en")
    a.settings.speed = "off"
    yield a
    for scene in a.stack:
        getattr(scene, "stop", lambda: None)()
    saves.flush_autosave()
    pygame.display.quit()


def test_the_deal_of_the_day_from_the_title_with_the_keyboard(app):
    setups.add_profiles([{"name": "Anna", "colour": 2}])
    app.go_title()
    pump(app)
    app.top.focus.focus_key("Daily")
    key(app, pygame.K_RETURN)
    assert app.top.name == "daily"
    first = daily.games()[0]
    assert app.top.focus.current.key == f"play_{first}"
    key(app, pygame.K_RETURN)
    assert app.top.name == "play" and app.top.session.daily["counted"]
    assert app.top.session.table.state.seed == daily.seed_for(first, DAY)
    app.top.session.stop()
    # back on the screen: the try is under way, so Continue; Share waits for a result
    saves.flush_autosave()
    app.go_title()
    app.open("daily")
    pump(app)
    assert button(app.top, f"play_{first}").text == i18n.tr("daily.continue")
    assert not button(app.top, f"share_{first}").is_enabled
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "title"


def test_a_finished_deal_shows_share_and_replay_on_the_results(app):
    s = launch.daily("hamster", "Anna", 1, DAY)
    scene = PlayScene(app, _finish(s))
    app.go(scene)
    pump(app, 6)
    assert app.stack[1].name == "results"
    if app.top.name == "earned":            # the moment of the achievements comes first
        assert "box_first_daily" in {a.id for _n, a in app.top.items}
        key(app, pygame.K_RETURN)
    results = app.top
    assert results.name == "results" and results.outcome.replay_id
    assert button(results, "again").text == i18n.tr("daily.practice_again")
    click(app, button(results, "share").rect.center)
    assert app.top.name == "share" and "Hamster Burrow" in app.top.text   # no clipboard here
    key(app, pygame.K_ESCAPE)
    click(app, button(app.top, "replay").rect.center)
    assert app.top.name == "replay" and len(app.top.run) == len(s.table.actions)
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "results"
    click(app, button(app.top, "again").rect.center)
    assert app.top.name == "play" and not app.top.session.daily["counted"]


def test_the_replay_is_driven_by_the_keyboard(app):
    _name, ids = _history("Anna")
    app.go_title()
    app.open("replays")
    pump(app)
    key(app, pygame.K_DOWN)
    assert app.top.picked == 1
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    r = app.top
    assert r.name == "replay" and r.step == 0
    key(app, pygame.K_RIGHT)
    assert r.step == 1
    key(app, pygame.K_END)
    assert r.step == len(r.run)
    key(app, pygame.K_LEFT)
    assert r.step == len(r.run) - 1
    key(app, pygame.K_HOME)
    assert r.step == 0
    key(app, pygame.K_PAGEDOWN)
    assert r.step == r.run.rounds()[1] and r.run.round_of(r.step) == 2
    key(app, pygame.K_PAGEUP)
    assert r.step == 0
    key(app, pygame.K_PLUS)
    assert r.speed == 2.0
    key(app, pygame.K_v)
    assert r.audience == 0
    key(app, pygame.K_SPACE)
    assert r.playing
    for _ in range(200):
        app.step(0.05, [])
    assert r.step > 0
    key(app, pygame.K_SPACE)
    assert not r.playing
    # the view of one seat: that seat's board and log
    assert r.env["seat"] == 0 and r.board.seat == 0
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "replays"


def test_calendar_achievements_and_replays_are_tabs_of_statistics(app):
    _history("Anna")
    app.go_title()
    app.open("stats")
    pump(app)
    for tab in ("daily_calendar", "achievements", "replays", "stats"):
        click(app, button(app.top, f"tab_{tab}").rect.center)
        assert app.top.name == tab and app.stack[0].name == "title"
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "title"
    app.open("daily_calendar", "Anna")
    pump(app)
    cal = app.top
    assert cal.day == DAY.day
    key(app, pygame.K_LEFT)
    assert cal.day == DAY.day - 1
    key(app, pygame.K_UP)
    assert cal.day == DAY.day - 8
    key(app, pygame.K_PAGEDOWN)
    assert (cal.year, cal.month) == (2025, 4)
    app.go_title()
    app.open("achievements", "Anna")
    pump(app)
    ach = app.top
    key(app, pygame.K_PAGEDOWN)
    assert ach.offset > 0
    key(app, pygame.K_PAGEUP)
    assert ach.offset == 0


def test_a_damaged_replay_file_is_refused_on_the_screen_without_a_crash(app, home):
    bad = home / "exports"
    bad.mkdir()
    (bad / "broken.bbreplay").write_text('{"app": "BurrowBox", "kind": "replay", "format": 1}',
                                         encoding="utf-8")
    app.go_title()
    app.open("replays")
    app.open("replay_import")
    pump(app)
    assert app.top.focus.current.key == "file_0"
    key(app, pygame.K_RETURN)
    assert app.top.name == "replay_import" and app.top.message == i18n.tr("replay.unknown_game")
    app.top.set_path(str(home / "nothing.bbreplay"))
    click(app, button(app.top, "open").rect.center)
    assert "nothing.bbreplay" in app.top.message
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "replays"


@pytest.mark.parametrize("screen", ["daily", "daily_calendar", "achievements", "replays", "replay"])
def test_each_new_screen_survives_resizes(app, screen):
    _name, ids = _history("Anna")
    app.go_title()
    if screen == "replay":
        app.open("replay", replays.open_run(ids[0]), ids[0])
    else:
        app.open(screen)
    for size in [(1024, 600), (1920, 1080), (900, 500), (1366, 768)]:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        pump(app, 2)
        w, h = app.size
        assert app.top.laid_out_for() == (w, h) and w >= 1024 and h >= 600
        for el in app.top.buttons():
            assert el.rect.right <= w and el.rect.bottom <= h, (screen, size, el.text)
