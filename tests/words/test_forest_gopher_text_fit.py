"""Forest Gold and Gopher's Pantry fit at 1024x600 in every language: no text of the board
views is cut (a long word shrinks or wraps), the bar's sentence and buttons stay inside the bar
(a sentence too long gets its short form), and every caption fits its toast."""
from __future__ import annotations

import random

import pytest

pygame = pytest.importorskip("pygame")

from game import i18n  # noqa: E402
from game.app import eventtext  # noqa: E402
from game.app.board import draw  # noqa: E402
from game.app.board.widgets import TOAST_PX  # noqa: E402
from game.rules import new_game  # noqa: E402
from tests.app.test_board_kit import fresh_view  # noqa: E402

SIZE = (1024, 600)
SETUPS = [("gopher", "standard", 2), ("gopher", "baskets", 3), ("gopher", "beginner", 4),
          ("forest", "race", 2), ("forest", "plunder", 4)]


@pytest.fixture
def lang_restore():
    old = i18n.get_language()
    yield
    i18n.set_language(old)


def _states(game, variant, players, seed=1, every=13, limit=800):
    st = new_game(game, players, seed=seed, variant=variant)
    rng = random.Random(seed)
    events = []
    for k in range(limit):
        if st.is_over():
            break
        events += st.apply(rng.choice(st.legal_actions()))
        if k % every == 0:
            yield st, events
    yield st, events


@pytest.mark.parametrize("lang", ["de", "fr", "ru"])
@pytest.mark.parametrize("game,variant,players", SETUPS)
def test_board_texts_and_captions_fit(display, lang_restore, monkeypatch, lang, game, variant,
                                      players):
    i18n.set_language(lang)
    cut = []
    plain = draw.text

    def text(assets, s, px, colour, bold=False, width=None):
        if width is not None and assets.font(px, bold).size(str(s))[0] > width:
            cut.append(str(s))
        return plain(assets, s, px, colour, bold, width)
    monkeypatch.setattr(draw, "text", text)
    surf = pygame.Surface(SIZE)
    events = []
    for st, events in _states(game, variant, players):
        v = fresh_view(game, st, SIZE)
        v.draw(surf)
        for it in v.bar_items():          # the bar's sentence and buttons stay inside the bar
            r = it.get("rect")
            if r is not None and it.get("kind") != "gap":
                assert r.right <= v.bar_rect.right and r.x >= v.bar_rect.x, (it.get("label"), v.instruction())
    assert not cut, cut
    width = v._toast_anchor()[2]
    font = v.assets.font(max(1, int(round(TOAST_PX * v._k))), True)
    ctx = eventtext.Ctx(game, [f"Computer {i + 1}" for i in range(players)])
    long = [t for t in (eventtext.toast(e, ctx) for e in events) if t and font.size(t)[0] > width]
    assert not long, long
