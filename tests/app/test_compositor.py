"""Drawing only what changed (game/app/loop/compositor.py): the window after each frame is exactly
what drawing the whole frame gives, while a frame where little moves draws little."""
from __future__ import annotations

import pygame
import pytest

from game.app.loop import compositor
from game.app.store import saves
from game.app.loop.compositor import Compositor, Recorder, redrawn


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    yield tmp_path
    saves.flush_autosave()


@pytest.fixture
def display():
    pygame.display.init()
    yield pygame.display.set_mode((320, 200))
    pygame.display.quit()


def plain(draw, size=(320, 200)):
    surf = pygame.Surface(size)
    draw(surf)
    return surf


def same(a, b) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def sprite(colour, size=(20, 20), alpha=True):
    img = pygame.Surface(size, pygame.SRCALPHA if alpha else 0)
    img.fill(colour)
    return img


def test_the_recorder_keeps_calls_with_their_boxes_and_draws_nothing():
    rec = Recorder((100, 80))
    rec.begin()
    img = sprite((255, 0, 0, 128))
    assert rec.blit(img, (10, 5)) == pygame.Rect(10, 5, 20, 20)
    rec.set_clip((0, 0, 50, 50))
    rec.fill((1, 2, 3), (40, 40, 30, 30))
    pygame.draw.circle(rec, (9, 9, 9), (45, 45), 4)
    pygame.draw.line(rec, (9, 9, 9), (200, 200), (300, 300))     # outside the clip: no call
    assert [op[0][0] for op in rec.ops] == [0, 1, 2]
    assert rec.ops[1][1] == pygame.Rect(40, 40, 10, 10)            # within the clip
    assert rec.ops[2][1].contains(pygame.Rect(41, 41, 9, 9))
    assert rec.get_size() == (100, 80) and rec.get_clip() == pygame.Rect(0, 0, 50, 50)
    assert pygame.Surface.get_size(rec) == (1, 1)                  # no pixels to draw on


def test_a_moving_sprite_redraws_around_it_and_the_window_is_the_plain_frame(display):
    comp = Compositor()
    bg = sprite((30, 60, 90), (320, 200), alpha=False)
    mole = sprite((200, 150, 20, 200))
    for x in (10, 14, 18, 60):
        def draw(s, x=x):
            s.blit(bg, (0, 0))
            s.blit(mole, (x, 50))
            pygame.draw.rect(s, (255, 255, 255), (100, 100, 40, 20), width=2, border_radius=5)
        boxes = comp.frame(display, draw)
        assert same(display, plain(draw))
    assert boxes is not None and sum(b.w * b.h for b in boxes) < 1500   # not the window
    assert comp.frame(display, draw) == []                            # nothing changed


def test_two_pictures_swapping_places_in_the_order_are_drawn_again(display):
    comp = Compositor()
    a, b = sprite((255, 0, 0, 150)), sprite((0, 0, 255, 150))
    for order in ((a, b), (b, a)):
        def draw(s, order=order):
            s.fill((10, 10, 10))
            for img in order:
                s.blit(img, (30, 30))
        comp.frame(display, draw)
        assert same(display, plain(draw))


def test_a_picture_faded_differently_in_one_frame_keeps_each_alpha(display):
    comp = Compositor()
    glow = sprite((255, 255, 0, 255))
    for step in range(3):
        def draw(s, step=step):
            s.fill((0, 0, 0))
            for i, alpha in enumerate((40 + step, 120, 250)):
                glow.set_alpha(alpha)          # one shared picture, another alpha each place
                s.blit(glow, (10 + 30 * i, 10))
        comp.frame(display, draw)
        expect = plain(draw)
        assert same(display, expect)
    assert glow.get_alpha() == 250            # left as the screen set it


def test_a_picture_drawn_again_in_place_is_seen_whole_or_in_part(display):
    comp = Compositor()
    sheet = sprite((50, 50, 50), (100, 60), alpha=False)

    def draw(s):
        s.fill((0, 0, 0))
        s.blit(sheet, (20, 20))
    comp.frame(display, draw)
    sheet.fill((200, 0, 0), (10, 10, 10, 10))
    redrawn(sheet, (10, 10, 10, 10))
    boxes = comp.frame(display, draw)
    assert boxes == [pygame.Rect(30, 30, 10, 10)] and same(display, plain(draw))
    sheet.fill((0, 200, 0))
    redrawn(sheet)
    comp.frame(display, draw)
    assert same(display, plain(draw))


def test_a_part_drawn_again_after_the_record_was_forgotten_draws_the_whole_picture(display, monkeypatch):
    comp = Compositor()
    sheet = sprite((50, 50, 50), (100, 60), alpha=False)

    def draw(s):
        s.fill((0, 0, 0))
        s.blit(sheet, (20, 20))
    redrawn(sheet, (0, 0, 5, 5))
    comp.frame(display, draw)
    monkeypatch.setattr(compositor, "_SURFACES_KEPT", 1)
    sheet.fill((0, 0, 200), (50, 30, 10, 10))          # this part's record goes ...
    redrawn(sheet, (50, 30, 10, 10))
    sheet.fill((200, 0, 0), (10, 10, 10, 10))
    redrawn(pygame.Surface((1, 1)))                    # ... with all the others
    redrawn(sheet, (10, 10, 10, 10))
    assert comp.frame(display, draw) == [pygame.Rect(20, 20, 100, 60)]
    assert same(display, plain(draw))


def test_an_opaque_picture_over_the_box_spares_what_lies_under_it(display, monkeypatch):
    comp = Compositor()
    card = sprite((90, 90, 90), (120, 120), alpha=False)
    dot = sprite((255, 0, 0, 255), (6, 6))
    made = []
    real = compositor._make
    monkeypatch.setattr(compositor, "_make", lambda t, call, clip, a: (made.append(call[0]), real(t, call, clip, a)))
    for x in (40, 44):
        def draw(s, x=x):
            s.fill((1, 2, 3))
            for i in range(20):
                s.fill((i, i, i), (0, i * 10, 320, 10))
            s.blit(card, (20, 20))
            s.blit(dot, (x, 40))
        made.clear()
        comp.frame(display, draw)
        assert same(display, plain(draw))
    assert made == [0, 0]                     # the card and the dot: no fill under the card


def test_a_window_whose_pixels_moved_is_drawn_whole(display):
    comp = Compositor()
    red = sprite((200, 0, 0, 255))

    def draw(s):
        s.fill((5, 6, 7))
        s.blit(red, (10, 10))
    comp.frame(display, draw)
    assert comp.frame(display, draw) == []
    grown = pygame.display.set_mode((330, 210))
    assert comp.frame(grown, draw) is None and same(grown, plain(draw, (330, 210)))


@pytest.mark.parametrize("game", ["moles", "ants", "hamster", "forest", "gopher"])
def test_every_game_animating_draws_the_frames_the_plain_way_would(game, monkeypatch):
    """The play screen while moves animate, each frame checked against drawing it whole."""
    monkeypatch.setenv("BURROWBOX_CHECK_FRAMES", "1")
    from game.app import PlayHarness
    harness = PlayHarness(game, seed=2, size=(1280, 720))
    try:
        partial = 0
        for _ in range(90):
            harness.step()                  # raises if a frame differs
            partial += harness.app.damage is not None
        assert partial > 80                 # most frames drew only what changed
    finally:
        harness.close()


def test_the_monkey_through_every_screen_draws_the_frames_the_plain_way_would(monkeypatch):
    """Random clicks, keys and resizes through every screen and game, each frame checked."""
    monkeypatch.setenv("BURROWBOX_CHECK_FRAMES", "1")
    from game.app.app import App
    from game.app.devtools.monkey import Monkey
    app = App(size=(1280, 720), fullscreen=False, headless=True, desktop=(1920, 1080))
    app.settings.speed = "fast"
    app.go_title()
    monkey = Monkey(app, seed=5)
    try:
        result = monkey.run(events=700)
    finally:
        monkey.close()
        saves.flush_autosave()
        pygame.display.quit()
    assert len(result["screens"]) >= 4, result


def test_the_panel_in_pieces_is_the_panel_drawn_whole():
    """The side panel's rows and status lines, each its own opaque picture, give the very
    pixels of the whole panel drawn in one go on the background (its frame and title are
    drawn straight onto the window, no picture of the panel's size is kept)."""
    from game.app import launch, ui
    from game.app.app import App
    from game.i18n import set_language
    app = App(size=(1600, 900), fullscreen=False, headless=True)
    try:
        for lang, game in (("en", "moles"), ("de", "hamster"), ("ru", "gopher")):
            set_language(lang)
            seats = [{"name": f"Spieler {i + 1}", "colour": i, "kind": "human" if i else "computer",
                      "level": "good"} for i in range(5 if game == "hamster" else 3)]
            app.launch(launch.new(game, seats, seed=4))
            play = app.top
            for _ in range(2):
                app.step(1 / 60, [])
            p = play.panel_rect
            pieces = pygame.Surface(app.size)
            ui.draw_background(pieces, strata=False)
            play.sections.panel.on_draw(pieces)
            whole = pygame.Surface(app.size)
            ui.draw_background(whole, strata=False)
            play.sections.panel.render(whole, pygame.Rect(p))
            play.log.draw(whole)
            assert same(pieces, whole), (lang, game)
    finally:
        set_language("en")
        for scene in app.stack:
            getattr(scene, "stop", lambda: None)()
        pygame.display.quit()


WINDOW_SCRIPT = r'''
import os, random, subprocess, sys
sys.path[:0] = [os.getcwd(), os.path.join(os.getcwd(), "tests")]
import pygame
from game.app.app import App
from game.app.devtools.headless import computer_seats
from game.app.scenes.play import PlayScene
from game.app.session import LocalSession
from game.rules import new_game
from tests.app.test_real_window import read_xwd
app = App(size=(1280, 720), fullscreen=False)
session = LocalSession(sys.argv[1], computer_seats(3), new_game(sys.argv[1], 3, seed=3), autosave=False,
                       computers=False)
scene = PlayScene(app, session, auto_results=False)
app.go(scene)
rng = random.Random(1)
for check in range(4):
    for _ in range(20):
        if not scene.animating and not session.is_over():
            scene.apply_action(rng.choice(session.table.legal_for(session.current)))
        app.step(1 / 60, pygame.event.get())
        app.present()
    pygame.event.pump()
    shot = subprocess.run(["xwd", "-silent", "-id", str(pygame.display.get_wm_info()["window"])],
                          capture_output=True, check=True).stdout
    w, h, _, _, rgbx = read_xwd(shot)
    window = pygame.image.frombuffer(rgbx, (w, h), "RGBX")
    if pygame.image.tobytes(window, "RGB") != pygame.image.tobytes(app.surface, "RGB"):
        sys.exit(f"check {check}: the window differs from what the app drew")
scene.stop()
pygame.quit()
'''


@pytest.mark.parametrize("game", ["hamster", "gopher"])
def test_a_real_window_shows_every_frame_drawn_in_parts(game, tmp_path):
    """Under Xvfb, while moves animate and only changed boxes are shown (display.update): the
    window's pixels (xwd) are the app's own."""
    import os
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    from tests.app.test_real_window import XServer
    if not sys.platform.startswith("linux") or not all(shutil.which(t) for t in ("Xvfb", "xwd")):
        pytest.skip("needs Xvfb and xwd (apt-get install xvfb x11-apps)")
    xserver = XServer(tmp_path)
    try:
        env = dict(os.environ, DISPLAY=xserver.display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   BURROWBOX_HOME=str(tmp_path))
        proc = subprocess.run([sys.executable, "-c", WINDOW_SCRIPT, game], env=env, capture_output=True,
                              text=True, timeout=180, cwd=Path(__file__).resolve().parents[2])
        assert proc.returncode == 0, proc.stderr[-2000:]
    finally:
        xserver.stop()
