"""Gopher's Pantry's set-up screen offers the game's modes and options from the rules.  The whole
games played by mouse clicks (every mode, 2 to 4 seats, people and computers mixed) are in the
one test over all games, ``tests/app/test_scene_mouse_games.py``."""
from __future__ import annotations

import pytest

from tests.app.test_app_scenes import app, button, click, pump  # noqa: F401  (fixtures)
pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)


def test_setup_offers_the_four_rule_sets_and_the_beginner_option(app, monkeypatch):
    app.go_title()
    pump(app)
    click(app, button(app.top, "New game").rect.center)
    click(app, app.top.card_rects["gopher"].center)
    seats = app.top
    assert [v["id"] for v in seats.info.variants] == ["standard", "simplified", "baskets", "beginner"]
    seats.set_variant("beginner")
    pump(app)
    labels = [lab for lab, _ in seats.option_labels]
    assert "Beginner: one card may pay a sign" in labels
    seats.set_variant("standard")
    pump(app)
    assert "Beginner: one card may pay a sign" not in [lab for lab, _ in seats.option_labels]
