"""The Mole Dig and Hamster Burrow screens in four languages: every text they draw comes from
the catalogs, switching the language relabels them, and the one action bar keeps its sentence
inside the bar (wrapped or smaller, never cut or over the buttons)."""
from __future__ import annotations

import random

import pytest

pygame = pytest.importorskip("pygame")

from game import i18n  # noqa: E402
from game.rules import new_game  # noqa: E402

LANGS = ("en", "de", "fr", "ru")
NAMES = ["Anna", "Bartholomäus", "Chloe"]


@pytest.fixture(autouse=True)
def _english_after(monkeypatch, tmp_path):
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    yield
    i18n.set_language("en")


def _seats(n):
    return [{"name": NAMES[i], "colour": i, "kind": "human", "level": "good"} for i in range(n)]


def _view(game, state, size=(1024, 600)):
    from game.app.assets import Assets
    from game.app.views import view_class
    v = view_class(game)(game, _seats(state.players), Assets())
    v.set_rect(pygame.Rect(10, 10, int(size[0] * 0.66), size[1] - 20))
    _sync(v, state)
    return v


def _sync(v, state):
    cp = state.current_player
    v.sync(state.view(cp), state.legal_actions(), cp)
    v.finish()
    v.update(0.01)


def _play_to(state, rng, cond, limit=4000):
    for _ in range(limit):
        if state.is_over() or cond(state):
            return
        state.apply(rng.choice(state.legal_actions()))


def _screen_texts(v) -> list[str]:
    """What the screen says in words: the bar, its buttons and the side panel."""
    out = [v.instruction()] + list(v.status_lines()) + list(v.score_texts() or [])
    out += [t.label for t in v.get_targets() if t.bar and t.label]
    return [t for t in out if t]


def _catalog_texts(lang, prefix) -> set:
    """Every text of the catalogs (all plural forms) under ``prefix``, with its parameters cut
    out, to recognise a drawn text as coming from the catalog."""
    out = set()
    for key, val in i18n.catalog(lang).items():
        if key.startswith(prefix):
            for text in (val.values() if isinstance(val, dict) else [val]):
                out.add(text)
    return out


def _from_catalog(text, templates) -> bool:
    import re
    for t in templates:
        pattern = "^" + re.sub(r"\\\{\w+\\\}", ".+?", re.escape(t)) + "$"
        if re.match(pattern, text, re.S):
            return True
    return False


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,step", [("moles", "place"), ("moles", "move"), ("moles", "keep"),
                                       ("moles", "bonus"), ("hamster", "roll"), ("hamster", "choose")])
def test_every_bar_and_panel_text_comes_from_the_catalog(display, lang, game, step):
    i18n.set_language(lang)
    for seed in range(40):                     # the first seeded game that reaches the step
        options = {"championship": True} if step == "keep" else None
        state = new_game(game, 2, seed=seed, options=options)
        _play_to(state, random.Random(seed), lambda s: s.view(s.current_player)["step"] == step)
        if not state.is_over():
            break
    assert not state.is_over()
    v = _view(game, state)
    templates = _catalog_texts(lang, game + ".") | _catalog_texts(lang, "seat.")
    for text in _screen_texts(v):
        assert _from_catalog(text, templates), f"{lang}: {text!r} is not a catalog text"
    surf = pygame.Surface((1024, 600))
    v.draw(surf)


def test_switching_the_language_relabels_the_bar_and_the_side_panel(display):
    i18n.set_language("en")
    state = new_game("hamster", 2, seed=3)
    v = _view("hamster", state)
    surf = pygame.Surface((1024, 600))
    v.draw(surf)
    before = [b["key"] for b in v.bar_buttons()]
    labels_en = [t.label for t in v.get_targets() if t.bar]
    status_en = v.status_lines()
    i18n.set_language("de")
    v.draw(surf)
    assert [b["key"] for b in v.bar_buttons()] == before == ["roll"]
    assert [t.label for t in v.get_targets() if t.bar] == ["Würfeln"] != labels_en
    assert v.status_lines() != status_en and "Runde 1" in v.status_lines()[0]


def test_mole_counts_use_each_languages_plural_forms(display):
    state = new_game("moles", 2, seed=1)
    v = _view("moles", state)
    i18n.set_language("ru")
    assert v.score_texts()[0] == "10 кротов"
    assert i18n.tr("moles.score.left", count=2) == "2 крота"
    assert i18n.tr("moles.score.left", count=1) == "1 крот"
    i18n.set_language("de")
    assert v.score_texts()[0] == "10 Maulwürfe"


def test_hamster_header_labels_mushrooms_and_nuts_as_points():
    from game.app.views.hamster import texts
    for lang, want in (("en", "4 pts"), ("de", "4 Pkt."), ("fr", "4 pts"), ("ru", "4 оч.")):
        i18n.set_language(lang)
        assert texts.points(4) == want


@pytest.mark.parametrize("lang", ("de", "ru"))
def test_a_long_bar_sentence_stays_inside_the_bar_and_off_the_buttons(display, lang):
    i18n.set_language(lang)
    state = new_game("hamster", 2, seed=3)
    _play_to(state, random.Random(4), lambda s: s.view(s.current_player)["step"] == "choose"
             and s.legal_actions()[0]["type"] == "cross" and s.view(s.current_player)["roll"] > 1)
    v = _view("hamster", state, size=(1024, 600))
    a = next(a for a in v.legal if a["type"] == "cross")
    c = v.cell_centre(a["cells"][0])
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=c, button=1))
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=c, button=1))
    items = v.bar_items()
    label = items[0]
    assert label["kind"] == "label" and label["img"] is not None
    text_rect = label["img"].get_rect(midleft=(label["rect"].x + v._px(36), label["rect"].centery))
    assert v.bar_rect.contains(text_rect)
    for it in items[1:]:
        assert not text_rect.colliderect(it["rect"]), it["kind"]
        assert v.bar_rect.contains(it["rect"]) or it["kind"] == "gap"


def test_confirm_looks_dim_until_the_picked_cells_make_a_whole_choice(display):
    state = new_game("hamster", 2, seed=3)
    _play_to(state, random.Random(4), lambda s: s.view(s.current_player)["step"] == "choose"
             and s.legal_actions()[0]["type"] == "cross")
    v = _view("hamster", state)

    def enabled():
        return {it["key"]: not it.get("disabled") for it in v.bar_items() if it.get("kind") == "button"}
    assert enabled() == {"clear": False, "confirm": False}
    a = next(a for a in v.legal if a["type"] == "cross")
    for key in v.clicks_for(a)[:-1]:
        t = next(t for t in v.get_targets() if str(t.key) == key)
        v.activate(t)
    assert enabled() == {"clear": True, "confirm": True}


@pytest.mark.parametrize("game", ["moles", "hamster"])
def test_the_drawn_board_changes_with_the_language(display, game):
    """Texts drawn once and kept (the layer indicator and legend, the sheet's labels) are drawn
    again in the new language, and back."""
    i18n.set_language("en")
    state = new_game(game, 2, seed=3)
    v = _view(game, state)
    surf = pygame.Surface((1024, 600))

    if game == "moles":                        # the layer indicator, top left
        area = pygame.Rect(v.rect.x, v.rect.y, 200, 40)
    else:                                      # the 1-row and timer labels under the burrow
        sr = v.sheet_rect
        area = pygame.Rect(sr.x, sr.bottom - sr.h // 7, sr.w, sr.h // 7)

    def shot():
        surf.fill((0, 0, 0))
        v.draw(surf)
        return pygame.image.tobytes(surf.subsurface(area), "RGB")
    before = shot()
    assert shot() == before
    i18n.set_language("ru")
    assert shot() != before
    i18n.set_language("en")
    assert shot() == before
