"""Issue 11: a Mole Dig game that ends with nobody left (a forced lift that leaves no mole)
must not crash the play screen: the win is shared and the screen says so."""
from __future__ import annotations

import pygame
import pytest

from game.app.store import saves
from game.app.app import App
from game.app.session import LocalSession, default_seats
from game.app.scenes.play import PlayScene
from tests.moles_helpers import position

pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)


@pytest.mark.parametrize("speed", ["normal", "off"])
def test_a_lift_that_leaves_no_mole_ends_on_a_shared_win_without_a_crash(speed):
    st = position(players=2, moles={0: [(4, -4), (-4, 4)], 1: [(3, -4), (-3, 4)]},
                  current=0, face_down={0: [4]})
    st.layer_turns = 30 * 2 - 1            # the last-resort lift comes at the end of this turn
    app = App(size=(1280, 720), fullscreen=False)
    app.settings.speed = speed
    try:
        ctl = LocalSession("moles", default_seats(2, humans=2), st, autosave=False,
                             computers=False)
        scene = PlayScene(app, ctl)
        app.go(scene)
        for _ in range(5):
            app.step(1 / 60, [])
        while not ctl.is_over():
            scene.apply_action(ctl.table.state.legal_actions()[0], animate=True)
            for _ in range(120):
                app.step(1 / 60, [])
        for _ in range(240):
            app.step(1 / 60, [])
        assert ctl.table.state.winners() == [0, 1]
        assert "share the win" in scene.board.instruction()
    finally:
        scene.stop()
        pygame.display.quit()
