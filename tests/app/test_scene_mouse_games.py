"""Every game played to the end on the real play screen, only by posted mouse clicks: every
human decision is a click on a lit target or a bar button that the board view turns into
exactly that legal action (the route comes from the view's ``clicks_for``); computers play
their seats; the "pass the device" curtain is clicked away whenever the next human takes over.
One test over the games, their modes and rule sets, 2 to 4 seats, people and computers mixed
(the helpers are ``tests/mouse_games.py``)."""
from __future__ import annotations

import pytest

from tests.mouse_games import play_by_clicks, start
from tests.app.test_app_scenes import app, pump  # noqa: F401  (fixtures)
pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)

PREFER = {"gopher": ("collect", "take", "add", "subtract", "keep")}

CASES = [
    ("forest", "race", ["human", "computer"], {}),
    ("forest", "plunder", ["human", "human", "computer"], {}),
    ("forest", "race", ["computer", "human", "computer", "human"], {"alliances": True}),
    ("forest", "plunder", ["human", "computer", "computer", "computer"], {"reinforcements": 3}),
    ("gopher", "standard", ["human", "computer"], {}),
    ("gopher", "standard", ["human", "human", "computer"], {}),
    ("gopher", "simplified", ["computer", "human", "computer", "human"], {}),
    ("gopher", "baskets", ["human", "computer", "human"], {}),
    ("gopher", "baskets", ["human", "human"], {}),
    ("gopher", "beginner", ["human", "computer"], {}),
    ("gopher", "beginner", ["computer", "human", "human", "computer"], {"single_card": "not_allowed"}),
    ("hamster", "A", ["human", "computer"], {}),
    ("hamster", "B", ["human", "human", "computer"], {}),
    ("moles", None, ["human", "computer"], {}),
    ("moles", None, ["human", "human", "computer"], {}),
    ("ants", "autumn", ["human", "computer"], {}),
    ("ants", "winter", ["human", "human", "computer"], {}),
]


def _id(case):
    game, variant, kinds, options = case
    return f"{game}-{variant or 'plain'}-{len(kinds)}" + ("-" + "-".join(options) if options else "")


@pytest.mark.parametrize("game,variant,kinds,options", CASES, ids=[_id(c) for c in CASES])
def test_a_whole_game_by_mouse(app, monkeypatch, game, variant, kinds, options):
    play = start(app, game, variant, kinds, seed=len(kinds) * 5 + len(variant or ""),
                 monkeypatch=monkeypatch, options=options)
    n = play_by_clicks(app, play, seed=len(kinds), prefer=PREFER.get(game, ()))
    assert play.session.is_over() and n > 5
    pump(app, 5)


@pytest.mark.parametrize("game,variant", [("forest", "race"), ("gopher", "baskets")])
def test_a_whole_game_by_mouse_with_animations(app, monkeypatch, game, variant):
    """The same with animations on: buttons and lit targets come alive once things stop."""
    app.settings.speed = "fast"
    play = start(app, game, variant, ["human", "computer"], seed=11, monkeypatch=monkeypatch)
    n = play_by_clicks(app, play, seed=11, prefer=PREFER.get(game, ()))
    assert play.session.is_over() and n > 5
