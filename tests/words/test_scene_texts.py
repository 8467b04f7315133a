"""The screens speak the player's language: every scene text comes from the catalogs (a marker
catalog proves no English literal is drawn), the set-up names of every game exist in every
language, the language choice in Settings applies at once and is saved, the rules screen reads
the text of the language (English where there is none yet), and the rules page never starts a
line with the punctuation of a bold or italic word."""
from __future__ import annotations

import json
import re
import sys
import time

import pygame
import pytest

from game import i18n
from game.app.words import names
from game.app.store import saves
from game.app import ui
from game.app import launch
from game.app.app import App
from game.app.scenes.rules import RulesPage, inline_runs, rules_text
from game.rules import GAMES

pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)

MARK = "§"
WORD = re.compile(r"[^\W\d_]+")


def _mark(text: str) -> str:
    parts = re.split(r"(\{[^}]*\})", text)
    return "".join(p if p.startswith("{") else WORD.sub(lambda m: MARK + m.group(0), p) for p in parts)


def _marked_catalogs(monkeypatch) -> None:
    """Every catalog text with each of its words marked: a drawn word without the mark was
    not produced by tr()."""
    for lang in i18n.LANGUAGES:
        cat = i18n.catalog(lang)
        marked = {k: ({c: _mark(t) for c, t in v.items()} if isinstance(v, dict) else _mark(v))
                  for k, v in cat.items()}
        monkeypatch.setitem(i18n._catalogs, lang, marked)


def _unmarked(text: str, allowed: set[str]) -> list[str]:
    out = []
    for m in WORD.finditer(str(text)):
        if m.start() > 0 and text[m.start() - 1] == MARK:
            continue
        if m.group(0) not in allowed:
            out.append(m.group(0))
    return out


def _widget_texts(scene) -> list[str]:
    texts = []
    for el in list(scene._callbacks) + list(scene._changes) + list(scene._entries):
        if hasattr(el, "options_list"):
            texts += [o[0] if isinstance(o, tuple) else o for o in el.options_list]
        elif hasattr(el, "text") and not hasattr(el, "set_text_length_limit"):
            texts.append(el.text)
    return texts


def test_no_scene_draws_an_english_text_from_outside_the_catalogs(monkeypatch):
    _marked_catalogs(monkeypatch)
    i18n.set_language("de")
    drawn: list[tuple[str, str]] = []
    real_text, real_wrapped = ui.draw_text, ui.draw_wrapped

    def by_a_scene() -> bool:            # the board views draw their own texts (other tests)
        return sys._getframe(2).f_globals.get("__name__", "").startswith("game.app.scenes")

    def draw_text(surface, text, *a, **k):
        if by_a_scene():
            drawn.append((scene_name[0], str(text)))
        return real_text(surface, text, *a, **k)

    def draw_wrapped(surface, text, *a, **k):
        if by_a_scene():
            drawn.append((scene_name[0], str(text)))
        return real_wrapped(surface, text, *a, **k)
    monkeypatch.setattr(ui, "draw_text", draw_text)
    monkeypatch.setattr(ui, "draw_wrapped", draw_wrapped)
    scene_name = [""]
    app = App(size=(1024, 600), fullscreen=False)
    app.settings.speed = "off"
    i18n.set_language("de")
    _marked_catalogs(monkeypatch)       # a change of language lets the others' catalogs go
    seats = [{"name": "Anna", "colour": 0, "kind": "human", "level": "good"},
             {"name": "Ben", "colour": 1, "kind": "computer", "level": "expert"}]
    allowed = {"Anna", "Ben"}               # names typed by the players
    allowed |= set(WORD.findall(saves.format_date(time.time(), "de")))   # Babel's month names
    try:
        ctl = launch.new("moles", seats, seed=3)
        ctl.apply(ctl.table.state.legal_actions()[0])
        saves.flush_autosave()

        def show(label, make):
            scene_name[0] = label
            make()
            app.step(1 / 60, [])
            app.draw(app.surface)
            for text in _widget_texts(app.top):
                drawn.append((label, text))
        show("title", app.go_title)
        show("choose", lambda: app.open("choose"))
        for gid, info in GAMES.items():
            if not info.available:
                continue
            show(f"seats {gid}", lambda gid=gid: (app.go_title(), app.open("seats", gid)))
            if gid == "moles":
                show("seats moles chosen", lambda: app.top.set_option("rotations", "chosen"))
        show("settings", lambda: (app.go_title(), app.open("settings")))
        show("saved", lambda: (app.go_title(), app.open("saved")))
        show("rules", lambda: (app.go_title(), app.open("rules", None)))
        play = app.scene("play", launch.new("moles", seats, seed=4))
        monkeypatch.setattr(play.board, "status_lines", lambda: [])   # the board's own texts
        monkeypatch.setattr(play.board, "score_texts", lambda: None, raising=False)
        show("play", lambda: app.go(play))
        scene_name[0] = "play panel"
        play.sections.panel.render(app.surface, play.panel_rect)
        play.sections.cover.draw_question(app.surface)
        show("pause", lambda: app.open("pause", play))
        app.pop()
        done = launch.new("moles", seats, seed=5)
        while not done.is_over():
            done.apply(done.table.legal_for(done.current)[0])
        end = app.scene("play", done)
        monkeypatch.setattr(end.board, "status_lines", lambda: [])
        monkeypatch.setattr(end.board, "score_texts", lambda: None, raising=False)
        app.go(end)
        results_cls = type(app.scene("results", end))      # its sentences: tests of eventtext
        real_words = results_cls._words
        monkeypatch.setattr(results_cls, "_words", lambda self: dict(real_words(self), summary=""))
        show("results", lambda: app.open("results", end))
    finally:
        for scene in app.stack:
            stop = getattr(scene, "stop", None)
            if stop:
                stop()
        pygame.display.quit()
    bad = [(where, text) for where, text in drawn if _unmarked(text, allowed)]
    assert drawn and not bad, f"texts not from the catalogs: {bad[:8]}"


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_game_has_its_names_in_every_language(lang):
    cat = i18n.catalog(lang)
    for gid, info in GAMES.items():
        for key in (f"game.{gid}.title", f"game.{gid}.blurb", f"game.{gid}.score"):
            assert key in cat, f"{lang}: {key}"
        for variant in info.score_labels:
            assert f"game.{gid}.score.{variant}" in cat
        if info.variants:
            assert f"{gid}.variants" in cat
        for v in info.variants:
            assert f"{gid}.variant.{v['id']}" in cat, f"{lang}: {gid}.variant.{v['id']}"
        for opt in info.options:
            assert f"{gid}.option.{opt['id']}" in cat, f"{lang}: {gid}.option.{opt['id']}"
            for c in opt.get("choices") or []:
                key = f"{gid}.option.{opt['id']}.{str(c['id']).lower() if isinstance(c['id'], bool) else c['id']}"
                label = str(c.get("label", ""))
                assert key in cat or not any(ch.isalpha() for ch in label), f"{lang}: {key}"
    for level in ("random", "beginner", "good", "expert"):
        assert f"level.{level}" in cat and f"level.{level}.about" in cat
    for entry in ui.seat_palette():
        assert f"colour.{entry['id']}" in cat and f"colour.{entry['id']}.marked" in cat


def test_names_follow_the_language():
    info = GAMES["ants"]
    i18n.set_language("de")
    assert names.game_title(info) == "Ameise & Heuschrecke"
    assert names.variant_label(info, info.variants[0]).startswith("Herbst")
    i18n.set_language("ru")
    assert names.score_text(GAMES["moles"], None, 5) == "осталось 5 кротов"
    assert names.score_text(GAMES["moles"], None, 2) == "осталось 2 крота"
    moles = GAMES["moles"]
    rot = next(o for o in moles.options if o["id"] == "rotation_1")
    assert names.choice_label(moles, rot, rot["choices"][1]) == "60°"
    i18n.set_language("en")
    assert names.score_text(GAMES["ants"], "winter", 1) == "1 victory point"
    assert names.game_title(info) == info.title


def test_language_in_settings_applies_at_once_and_is_saved(home):
    app = App(size=(1024, 600), fullscreen=False)
    try:
        app.go_title()
        app.open("settings")
        scene = app.top
        dd = next(el for el in scene._changes if "Deutsch" in
                  [o[0] if isinstance(o, tuple) else o for o in el.options_list])
        scene._changes[dd]("Deutsch")                  # what choosing it in the list does
        assert i18n.get_language() == "de"
        assert "Zurück" in [b.text for b in app.top._callbacks]
        saved = json.loads((home / "settings.json").read_text(encoding="utf-8"))
        assert saved["language"] == "de"
        app.pop()
        assert "Neues Spiel" in [b.text for b in app.top._callbacks]
        seats = [{"name": "Anna", "colour": 0, "kind": "human", "level": "good"},
                 {"name": "Ben", "colour": 1, "kind": "computer", "level": "good"}]
        app.launch(lambda: launch.new("moles", seats, seed=2))     # in the middle of a game
        play = app.top
        app.open("pause", play)
        app.open("settings")
        app.top.set_language("fr")
        app.pop()
        assert "Reprendre" in [b.text for b in app.top._callbacks]
        app.pop()
        assert app.top is play and "Menu" in [b.text for b in play._callbacks]
        assert i18n.get_language() == "fr" and i18n.tr("common.undo") in [b.text for b in play._callbacks]
        play.stop()
        app.go_title()
        app.open("settings")
        app.top.set_language("de")
    finally:
        pygame.display.quit()
    i18n.set_language("en")
    again = App(size=(1024, 600), fullscreen=False)      # the next start speaks German
    try:
        assert i18n.get_language() == "de" and again.settings.language == "de"
    finally:
        pygame.display.quit()


def test_a_bad_language_in_the_settings_file_is_reset(home):
    from game.app.store import settings
    (home / "settings.json").write_text(json.dumps({"language": "xx"}), encoding="utf-8")
    st, msg = settings.load()
    assert st.language == i18n.system_language() and "language" in msg
    (home / "settings.json").write_text(json.dumps({"language": ["de"]}), encoding="utf-8")
    assert "language" in settings.load()[1]


def test_rules_text_per_language_with_english_fallback(monkeypatch):
    de = rules_text("moles", "de")
    assert de is not None and de.startswith("# Maulwurf-Buddelei")
    assert rules_text("moles", "fr").startswith("# Les Taupes") and rules_text("moles", "ru").startswith("# Кроты")
    en = rules_text("moles", "en")
    import game.app.scenes.rules as rules_mod
    real = rules_mod.resource_path

    def no_french(*parts):
        return real("data", "texts", "nowhere", parts[-1]) if parts[2] == "fr" else real(*parts)
    monkeypatch.setattr(rules_mod, "resource_path", no_french)
    assert rules_text("moles", "fr") == en                 # no text yet: the English one


def test_every_rules_text_keeps_the_english_headings_count():
    """A translation covers the whole text: as many sections as the English one."""
    en = rules_text("moles", "en")
    for lang in ("de", "fr", "ru"):
        text = rules_text("moles", lang)
        assert text.count("\n## ") == en.count("\n## "), lang
        for number in ("10", "7", "6", "13", "30", "300°"):
            assert number in text, (lang, number)


def test_punctuation_after_bold_or_italic_stays_on_its_line():
    pygame.font.init()
    text = ("Put **one mole**, then **another**; a *big space*: **holes**. Each **layer**, "
            "every *disc*, all **moles**! ") * 6
    runs = inline_runs(text)
    assert ("b", "one mole") in runs
    for width in range(60, 420, 7):
        page = RulesPage(text, 1.0, width)
        for _y, _h, words in page.lines:
            assert words, width
            first = words[0][1]
            assert first[0] not in ",.;:!?)", (width, first)


@pytest.mark.parametrize("game", ["hamster", "moles"])
def test_rules_pages_never_start_a_line_with_punctuation(game):
    pygame.font.init()
    for lang in i18n.LANGUAGES:
        text = rules_text(game, lang)
        for width in (280, 431, 617, 900):
            page = RulesPage(text, 1.0, width)
            starts = [words[0][1] for _y, _h, words in page.lines if words]
            assert not [w for w in starts if w[0] in ",.;:!?)"], (lang, width)
            for _y, _h, words in page.lines:        # and every line starts at its indent
                assert words[0][0] in (0, page._px(8), page._px(26)), (lang, width, words[0][1])


def test_every_key_built_from_ids_is_there_and_used():
    """The keys names.py builds from ids: each exists because a game, level or colour needs it
    (so the catalogs keep no leftovers under these prefixes)."""
    prefixes = names.dynamic_key_prefixes(GAMES)
    needed = set()
    for gid, info in GAMES.items():
        needed |= {f"game.{gid}.title", f"game.{gid}.blurb", f"game.{gid}.score"}
        needed |= {f"game.{gid}.score.{v}" for v in info.score_labels}
        if info.variants:
            needed.add(f"{gid}.variants")
        needed |= {f"{gid}.variant.{v['id']}" for v in info.variants}
        for opt in info.options:
            needed.add(f"{gid}.option.{opt['id']}")
            for c in opt.get("choices") or []:
                cid = str(c["id"]).lower() if isinstance(c["id"], bool) else str(c["id"])
                if any(ch.isalpha() for ch in str(c.get("label", ""))):   # not "60°"
                    needed.add(f"{gid}.option.{opt['id']}.{cid}")
    needed |= {f"level.{lv}" for lv in ("random", "beginner", "good", "expert")}
    needed |= {f"level.{lv}.about" for lv in ("random", "beginner", "good", "expert")}
    for entry in ui.seat_palette():
        needed |= {f"colour.{entry['id']}", f"colour.{entry['id']}.marked"}
    needed |= {f"settings.speed.{s}" for s in ("normal", "fast", "off")}
    built = {k for k in i18n.catalog("en") if k.startswith(prefixes)}
    assert built == needed, (sorted(built - needed), sorted(needed - built))
