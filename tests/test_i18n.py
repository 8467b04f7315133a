"""The translation catalogs and their plural and number rules (game/i18n.py, data/i18n/)."""
import pytest

from game import i18n
from game.rules.data import DataError


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
    assert i18n.system_language() == lang


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
