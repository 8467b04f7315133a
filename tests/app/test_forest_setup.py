"""Forest Gold's set-up screen: options that do not apply to the table are not offered."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.app.store import saves  # noqa: E402
from tests.helpers import pump, running_app  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    yield from running_app((1280, 720))
    saves.flush_autosave()


def test_ruling_alliances_are_offered_only_with_four_packs(app):
    """RULINGS forest: options that do not apply to the chosen table (alliances with 2 or 3
    packs) are not offered on screen; a game started from there has them off."""
    from game.app.scenes.seats import SeatsScene
    from game.app.words.names import option_label
    from game.rules import GAMES
    info = GAMES["forest"]
    label = option_label(info, next(o for o in info.options if o["id"] == "alliances"))
    app.go_title()
    pump(app)
    scene = SeatsScene(app, "forest")
    app.push(scene)
    pump(app, 2)
    scene.set_count(4)
    assert label in [text for text, _y in scene.option_labels]
    scene.set_option("alliances", True)
    assert scene.collect_options()["alliances"] is True
    for players in (3, 2):
        scene.set_count(players)
        pump(app, 1)
        assert label not in [text for text, _y in scene.option_labels]
        assert scene.collect_options()["alliances"] is False
