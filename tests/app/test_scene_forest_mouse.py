"""Forest Gold's set-up screen offers the game's modes and options from the rules.  The whole
games played by mouse clicks (every mode, 2 to 4 seats, people and computers mixed) are in the
one test over all games, ``tests/app/test_scene_mouse_games.py``."""
from __future__ import annotations

import pytest

from tests.app.test_app_scenes import app, button, click, pump  # noqa: F401  (fixtures)
pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)


def test_setup_shows_the_forest_options_from_the_rules(app):
    app.go_title()
    pump(app)
    click(app, button(app.top, "New game").rect.center)
    click(app, app.top.card_rects["forest"].center)
    seats = app.top
    assert [v["id"] for v in seats.info.variants] == ["race", "plunder"]
    labels = {lab for lab, _ in seats.option_labels}
    assert "Mode" in labels and "Forest size" in labels and "Reinforcements after" in labels
