"""The translation catalogs and their plural and number rules (game/i18n.py, data/i18n/)."""
import pytest

from game import i18n
from game.io.data import DataError


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def test_every_catalog_has_the_english_keys_parameters_and_plural_forms():
    i18n.check_catalogs()


@pytest.mark.parametrize("n,form", [(0, "many"), (1, "one"), (2, "few"), (4, "few"), (5, "many"),
                                    (11, "many"), (12, "many"), (14, "many"), (21, "one"),
                                    (22, "few"), (25, "many"), (101, "one"), (111, "many"),
                                    (1.5, "other")])
def test_russian_has_three_plural_forms_for_whole_numbers(n, form):
    assert i18n.plural_category("ru", n) == form


def test_russian_moles_read_naturally():
    assert [i18n.tr("count.moles", "ru", count=n) for n in (1, 2, 5, 21, 22, 11)] == [
        "1 крот", "2 крота", "5 кротов", "21 крот", "22 крота", "11 кротов"]


def test_french_counts_zero_and_one_as_singular_and_millions_with_de():
    assert i18n.tr("count.moles", "fr", count=0) == "0 taupe"
    assert i18n.tr("count.moles", "fr", count=1) == "1 taupe"
    assert i18n.tr("count.moles", "fr", count=2) == "2 taupes"
    assert i18n.plural_category("fr", 1_000_000) == "many"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_english_and_german_have_singular_only_for_one(lang):
    assert [i18n.plural_category(lang, n) for n in (0, 1, 2, 1.5)] == [
        "other", "one", "other", "other"]


def test_parameters_go_where_each_language_puts_them():
    assert i18n.tr("curtain.pass_to", "de", name="Anna") == "Gib das Gerät an Anna weiter"
    assert i18n.tr("curtain.pass_to", "en", name="Anna") == "Pass the device to Anna"


def test_numbers_are_written_the_languages_way():
    assert i18n.number(1234567, "en") == "1,234,567"
    assert i18n.number(1234567, "de") == "1.234.567"
    assert i18n.number(1234.5, "de", decimals=1) == "1.234,5"
    assert i18n.number(1234, "ru") == "1\u00a0234"
    assert i18n.number(1234, "fr") == "1\u202f234"


def test_set_language_switches_every_text_and_tells_the_listeners():
    heard = []
    i18n.on_language_change(heard.append)
    i18n.set_language("fr")
    assert i18n.tr("common.new_game") == "Nouvelle partie"
    i18n.set_language("ru")
    assert i18n.tr("common.new_game") == "Новая игра"
    assert heard[-2:] == ["fr", "ru"]


def test_an_unknown_language_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        i18n.set_language("xx")


def test_a_missing_key_falls_back_to_the_key_and_a_missing_parameter_stays_visible():
    assert i18n.tr("no.such.key") == "no.such.key"
    assert i18n.tr("curtain.pass_to") == "Pass the device to {name}"


@pytest.mark.parametrize("env,lang", [({"LANG": "de_DE.UTF-8"}, "de"),
                                      ({"LANGUAGE": "ru:en"}, "ru"),
                                      ({"LC_ALL": "fr_CA.UTF-8"}, "fr"),
                                      ({"LANG": "ja_JP.UTF-8"}, "en")])
def test_first_start_follows_the_system_locale_with_english_as_fallback(monkeypatch, env, lang):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    monkeypatch.setattr(i18n, "_desktop_languages", lambda: [])
    assert i18n.system_language() == lang


def test_without_locale_variables_the_desktop_setting_decides(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    monkeypatch.setattr(i18n, "_desktop_languages", lambda: ["ja-JP", "fr-CA"])
    assert i18n.system_language() == "fr"
    monkeypatch.setattr(i18n, "_desktop_languages", lambda: [])
    assert i18n.system_language() == "en"


@pytest.mark.parametrize("body,problem", [
    ("language: de\nmessages: {a: [1]}\n", "expected a text or plural forms"),
    ("language: de\nmessages: {a: '{0}'}\n", "must be a plain name"),
    ("language: de\nmessages: {a: '{x.y}'}\n", "must be a plain name"),
    ("language: de\nmessages: {a: {one: x}}\n", "needs an 'other' form"),
    ("language: de\nmessages: {a: {single: x, other: y}}\n", "not a plural category"),
    ("language: fr\nmessages: {}\n", "expected 'de'"),
    ("language: de\nmessages: {a: 'x {'}\n", "broken braces"),
])
def test_a_broken_catalog_names_the_file_and_the_entry(tmp_path, monkeypatch, body, problem):
    (tmp_path / "data" / "i18n" / "de").mkdir(parents=True)
    (tmp_path / "data" / "i18n" / "de" / "common.yaml").write_text(body, encoding="utf-8")
    monkeypatch.setattr(i18n, "resource_path", lambda *p: tmp_path.joinpath(*p))
    monkeypatch.setattr(i18n, "_catalogs", {})
    with pytest.raises(DataError, match=problem) as err:
        i18n.catalog("de")
    assert "common.yaml" in str(err.value)


def test_a_screen_reads_only_the_catalog_files_it_needs(monkeypatch):
    monkeypatch.setattr(i18n, "_catalogs", {})
    monkeypatch.setattr(i18n, "_partial", {})
    monkeypatch.setattr(i18n, "_unread", {})
    i18n.set_language("fr")                                  # the title: the shared words only
    assert i18n.tr("common.new_game") == "Nouvelle partie"
    unread = {f.stem for f in i18n._unread["fr"]}
    assert "common" not in unread and {"forest", "gopher"} <= unread
    assert i18n.tr("forest.tile.bear") == i18n.catalog("fr")["forest.tile.bear"]
    assert i18n.tr("no.such.key") == "no.such.key"           # looked for everywhere, then itself


def test_a_key_given_in_two_files_of_a_language_is_refused(tmp_path, monkeypatch):
    folder = tmp_path / "data" / "i18n" / "de"
    folder.mkdir(parents=True)
    for name in ("a.yaml", "b.yaml"):
        (folder / name).write_text("language: de\nmessages: {x: y}\n", encoding="utf-8")
    monkeypatch.setattr(i18n, "resource_path", lambda *p: tmp_path.joinpath(*p))
    monkeypatch.setattr(i18n, "_catalogs", {})
    with pytest.raises(DataError, match="already given in another file") as err:
        i18n.catalog("de")
    assert "b.yaml" in str(err.value)


def test_no_catalog_file_gives_a_key_twice():
    """YAML keeps the last of two equal keys without a word: a second, different copy of a
    sentence would win unnoticed (a block pasted twice), so every catalog file is read with
    a reader that sees each key."""
    import glob

    import yaml

    twice = []

    class Keys(yaml.SafeLoader):
        pass

    def mapping(loader, node):
        seen = set()
        for k, _ in node.value:
            key = loader.construct_object(k, deep=True)
            if key in seen:
                twice.append(f"{k.start_mark.name}:{k.start_mark.line + 1} {key}")
            seen.add(key)
        return yaml.SafeLoader.construct_mapping(loader, node)
    Keys.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    for path in sorted(glob.glob(str(ROOT / "data" / "i18n" / "*" / "*.yaml"))):
        with open(path, encoding="utf-8") as fh:
            yaml.load(fh, Loader=Keys)
    assert not twice, twice


# ---- the library (Babel), the pseudo-language, completeness, the font ----------------------------

import re                    # noqa: E402
from pathlib import Path     # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("lang,forms", [("en", ("one", "other")), ("de", ("one", "other")),
                                        ("fr", ("one", "many", "other")),
                                        ("ru", ("one", "few", "many", "other"))])
def test_plural_forms_are_complete_for_each_language(lang, forms):
    assert i18n.plural_categories(lang) == forms
    plural = {k: v for k, v in i18n.catalog(lang).items() if isinstance(v, dict)}
    assert plural, "the catalogs have plural messages"
    for key, value in plural.items():
        assert set(forms) <= set(value), f"{lang}: {key} lacks {set(forms) - set(value)}"


@pytest.mark.parametrize("lang", ["de", "fr", "ru"])
def test_the_placeholders_of_every_translation_match_the_english_ones(lang):
    ref, cat = i18n.catalog("en"), i18n.catalog(lang)
    for key, value in cat.items():
        texts = value.values() if isinstance(value, dict) else [value]
        for text in texts:
            assert i18n._params(text) <= i18n._params(ref[key]), f"{lang}: {key}: {text!r}"
        assert i18n._params(value) == i18n._params(ref[key]), f"{lang}: {key}"


#: keys built at run time from an id in other ways than an f-string that starts with the key's
#: prefix (``tr(f"ants.kind.{kind}")`` is found by itself): patterns of those keys
DYNAMIC_KEYS = [re.compile(p) for p in (
    r"^(moles|ants|hamster|forest|gopher)\.(option|variant|variants)\b",   # set-up choices
    r"^game\.\w+\.(title|blurb|score)\b",                               # data/games.yaml ids
    r"^(colour|level)\.",                                                # seat colours, levels
    r"^settings\.speed\.",                                                # animation speeds
    r"^quickref\.(moles|ants|hamster|forest|gopher)\.",   # data/quickref/<game>.yaml (test_quickref)
    r"^coach\.(moles|ants|hamster|forest|gopher)\.",      # data/coach/<game>.yaml (test_coach)
)]
#: shared words laid out for the screens still being translated (take a key off this list once
#: a screen uses it; the test below fails for a key on it that no catalog has any more)
NOT_YET_SHOWN = {
    "language.label", "language.follow_system", "common.ok", "common.cancel", "common.back",
    "common.yes", "common.no", "common.undo", "common.menu", "common.confirm", "common.continue",
    "common.delete", "common.new_game", "common.rules", "common.settings", "common.quit",
    "seat.human", "seat.computer", "seat.player_n", "seat.computer_n", "turn.yours", "turn.of",
    "curtain.pass_to", "curtain.ready", "count.moles", "count.points", "count.cards",
    "count.nuggets", "count.turns", "result.wins", "result.tie",
}


def test_no_catalog_holds_ids_the_game_never_uses():
    src = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "game").rglob("*.py"))
    literals = set(re.findall(r"""["']([a-z0-9_]+(?:\.[a-z0-9_]+)+)["']""", src))
    # tr(f"forest.tile.{kind}"), tr(f"gopher.result.win_{unit}"): keys built from a prefix
    prefixes = tuple(set(re.findall(r"""\bf["']([a-z][a-z0-9_]*\.[a-z0-9_.]*)\{""", src)))
    # K = "events.moles." ... tr(K + code): a key prefix kept in a constant
    prefixes += tuple(set(re.findall(r"""["']([a-z][a-z0-9_]*\.(?:[a-z0-9_]+\.)*)["']""", src)))
    keys = set(i18n.catalog("en"))
    unused = sorted(k for k in keys - literals - NOT_YET_SHOWN
                    if not k.startswith(prefixes) and not any(p.search(k) for p in DYNAMIC_KEYS))
    assert not unused, f"ids no code uses: {unused}"
    assert NOT_YET_SHOWN <= keys, f"gone from the catalogs: {sorted(NOT_YET_SHOWN - keys)}"


def test_the_pseudo_language_is_accented_longer_and_keeps_the_parameters():
    i18n.enable_pseudo()
    i18n.set_language("pseudo")
    text = i18n.tr("curtain.pass_to", name="Anna")
    assert "Anna" in text and "ţĥé" in text and text.startswith("[") and text.endswith("]")
    for key, value in i18n.catalog("en").items():
        pseudo = i18n.catalog("pseudo")[key]
        assert i18n._params(pseudo) == i18n._params(value), key
        for a, b in zip(value.values() if isinstance(value, dict) else [value],
                        pseudo.values() if isinstance(pseudo, dict) else [pseudo]):
            assert len(b) >= len(a) * 1.3 or len(a) < 3, key
    assert i18n.tr("count.moles", count=2).count("{") == 0


def test_the_pseudo_language_is_never_offered_to_players():
    assert "pseudo" not in i18n.LANGUAGES
    from game.app.store import settings
    assert settings.Settings(language="pseudo").language in i18n.LANGUAGES


def test_each_language_is_listed_under_its_own_name():
    assert [i18n.language_name(c) for c in i18n.LANGUAGES] == list(i18n.LANGUAGES.values())


def _all_texts():
    for lang in i18n.LANGUAGES:
        for key, value in i18n.catalog(lang).items():
            for text in (value.values() if isinstance(value, dict) else [value]):
                yield f"{lang}: {key}", text
    i18n.enable_pseudo()
    for key, value in i18n.catalog("pseudo").items():
        for text in (value.values() if isinstance(value, dict) else [value]):
            yield f"pseudo: {key}", text
    for path in sorted((ROOT / "data" / "texts").rglob("*.md")):
        yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")
    for n in (1234567, 1234.5):
        for lang in i18n.LANGUAGES:
            yield f"number in {lang}", i18n.number(n, lang, decimals=1)


def test_the_bundled_font_has_every_glyph_of_every_text():
    import pygame.freetype      # its metrics say None for a glyph the font lacks
    from game.app import ui
    pygame.freetype.init()
    chars: dict[str, str] = {}
    for where, text in _all_texts():
        for ch in text:
            if ch not in "\n\r\t" and ch not in chars:
                chars[ch] = where
    assert len(chars) > 150          # Latin, accents, Cyrillic
    for bold in (False, True):
        path = ui._font_file(bold)
        assert path is not None, "the font file is bundled (pygame_gui's Noto Sans)"
        font = pygame.freetype.Font(path, 20)
        assert font.get_metrics("\u6f22") == [None], "the check can see a missing glyph"
        letters = sorted(chars)
        missing = [f"{ch!r} U+{ord(ch):04X} ({chars[ch]})"
                   for ch, m in zip(letters, font.get_metrics("".join(letters))) if m is None]
        assert not missing, f"{path} lacks: {missing}"


# ---- the language setting, the command line, switching while the app runs ------------------------


def test_the_language_is_saved_with_the_settings_and_checked_strictly(home, monkeypatch):
    import json
    from game.app.store import settings
    monkeypatch.setenv("LANGUAGE", "fr")
    st, msg = settings.load()
    assert msg is None and st.language == "fr"          # first start: the system's language
    st.language = "ru"
    assert settings.save(st) is None
    assert json.loads((home / "settings.json").read_text())["language"] == "ru"
    assert settings.load()[0].language == "ru"
    for bad in ("xx", 3, ["de"], "pseudo", ""):
        (home / "settings.json").write_text(json.dumps({"language": bad}))
        st, msg = settings.load()
        assert st.language == "fr" and "language" in msg


@pytest.mark.parametrize("argv", [["--lang", "xx"], ["play", "--lang", "pseudo"],
                                  ["screenshot", "moles", "--out", "x.png", "--lang", "EN_x"]])
def test_an_unknown_lang_on_the_command_line_lists_the_codes(argv, capsys):
    from game import cli
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and "en, de, fr, ru" in err and "Traceback" not in err


def test_screenshot_takes_a_language(tmp_path):
    from game import cli
    out = tmp_path / "ru.png"
    assert cli.main(["screenshot", "moles", "--out", str(out), "--lang", "ru",
                     "--size", "1024x600"]) == 0
    assert out.is_file()
    assert i18n.get_language() == "ru"


def test_switching_the_language_relabels_every_live_screen_at_once(home):
    from game.app.app import App
    from game.app.session import LocalSession, default_seats
    from game.app.lang import choose_language
    from game.app.scenes.play import PlayScene
    from game.rules import new_game
    app = App(size=(1024, 600), headless=True, lang="en")
    try:
        ctl = LocalSession("forest", default_seats(2), new_game("forest", 2, seed=3),
                             autosave=False, computers=False)
        play = PlayScene(app, ctl)
        app.go(play)
        app.open("pause", play)
        app.step(1 / 60, [])
        heard = []
        play.board.on_language = heard.append
        builds = []
        pause = app.top
        real = pause.build
        pause.build = lambda: (builds.append(i18n.get_language()), real())[1]
        choose_language(app, "de")
        assert heard == ["de"] and builds == ["de"]        # the board and the overlay
        assert all(m._locale == "de" for _, m in app._managers.values())
        assert app.settings.language == "de"
        assert '"language": "de"' in (home / "settings.json").read_text()
        app.step(1 / 60, [])
        i18n.enable_pseudo()
        i18n.set_language("pseudo")                        # tests only: pygame_gui stays English
        assert all(m._locale == "en" for _, m in app._managers.values())
    finally:
        import pygame
        pygame.display.quit()


def test_a_screen_hidden_while_the_language_changes_relabels_when_it_shows(home):
    from game.app.app import App
    from game.app.session import LocalSession, default_seats
    from game.app.lang import choose_language
    from game.app.scenes.play import PlayScene
    from game.rules import new_game
    app = App(size=(1024, 600), headless=True, lang="en")
    try:
        ctl = LocalSession("gopher", default_seats(2), new_game("gopher", 2, seed=3),
                             autosave=False, computers=False)
        play = PlayScene(app, ctl)
        app.go(play)
        app.open("settings")                               # the game is hidden under it
        heard = []
        play.board.on_language = heard.append
        choose_language(app, "fr")
        assert heard == []
        app.pop()                                          # back to the game
        assert heard == ["fr"] and play._language == "fr"
        app.open("settings")
        app.pop()
        assert heard == ["fr"]                             # once only
    finally:
        import pygame
        pygame.display.quit()


def test_a_closed_app_stops_listening():
    import gc
    import pygame
    from game.app.app import App
    app = App(size=(1024, 600), headless=True, lang="en")
    assert any(ref() == app.on_language_change for ref in i18n._listeners)
    pygame.display.quit()
    del app
    gc.collect()
    i18n.set_language("fr")                  # must not reach the app that is gone
    assert all(ref() is not None for ref in i18n._listeners)
    assert not any(getattr(ref(), "__self__", None).__class__.__name__ == "App"
                   for ref in i18n._listeners)


def test_the_catalogs_of_languages_no_longer_shown_go():
    """Issue 37 (memory): after a change of language only its catalog and English's (the
    fallback of every language) stay read (0.5 MB each); a language shown again reads again
    and says the same."""
    from game import i18n
    before = i18n.get_language()
    try:
        i18n.set_language("de")
        german = i18n.tr("title.play") if "title.play" in i18n.catalog("de") else None
        for lang in ("fr", "ru", "en", "de"):
            i18n.set_language(lang)
            i18n.catalog(lang)
            kept = set(i18n._catalogs) | set(i18n._partial)
            assert kept <= {lang, i18n.DEFAULT, i18n.PSEUDO}, kept
        assert german is None or i18n.tr("title.play") == german
        assert i18n.language_name("fr") and i18n.language_name("ru")
    finally:
        i18n.set_language(before)
