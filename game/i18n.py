"""Texts a player reads, in the player's language.

Every sentence shown on screen comes from a catalog, ``data/i18n/<lang>/*.yaml`` (one folder
per language, one file per area: ``common.yaml``, ``moles.yaml``, ...; a key lives in exactly one
file), never from a string glued together in code:

    from game.i18n import tr, set_language
    set_language("ru")
    tr("moles.left", count=5)          # -> "5 кротов"

A message is either one text or, when it depends on a number, one text per plural category of
the language (CLDR categories: ``one``, ``few``, ``many``, ``other``).  The number that picks the
category is the ``count`` parameter.  Parameters are named (``{count}``, ``{name}``) so that each
language places them where its sentence wants them.

English (``en``) is the reference catalog: every other catalog has exactly its keys, the same
parameters in each text and the plural categories its language needs; ``check_catalogs()``
proves it (a test runs it).  A key missing at run time falls back to English, then to the key
itself, so a gap never stops the game.

The rules package never imports this module: rules events carry data, and the app renders them.
"""
from __future__ import annotations

import locale
import os
import string
from typing import Any, Callable

from .paths import resource_path
from .rules.data import Checker, DataError, display_name, load_yaml

#: language code -> its own name, in the order the settings list them
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français", "ru": "Русский"}
DEFAULT = "en"


# ---- plural categories ---------------------------------------------------------------------
# The CLDR plural rules (cardinal) of the four languages, for whole numbers and decimals.
# They are three lines each; a locale library would bring megabytes of data for them.
def _operands(n: float | int) -> tuple[int, int]:
    """(i, v): the integer digits and the number of visible fraction digits of ``n``."""
    if isinstance(n, bool):
        n = int(n)
    if isinstance(n, int):
        return abs(n), 0
    text = repr(abs(float(n)))
    if "e" in text or "." not in text:
        return int(abs(n)), 0
    whole, frac = text.split(".")
    frac = frac.rstrip("0")
    return int(whole), len(frac)


def plural_category(lang: str, n: float | int) -> str:
    i, v = _operands(n)
    if lang in ("en", "de"):
        return "one" if i == 1 and v == 0 else "other"
    if lang == "fr":
        if i in (0, 1):
            return "one"
        if v == 0 and i != 0 and i % 1_000_000 == 0:
            return "many"
        return "other"
    if lang == "ru":
        if v != 0:
            return "other"
        if i % 10 == 1 and i % 100 != 11:
            return "one"
        if 2 <= i % 10 <= 4 and not 12 <= i % 100 <= 14:
            return "few"
        return "many"
    return "one" if i == 1 and v == 0 else "other"


#: the categories a catalog must give for a plural message, per language
PLURAL_CATEGORIES: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"), "de": ("one", "other"),
    "fr": ("one", "many", "other"), "ru": ("one", "few", "many", "other"),
}


# ---- catalogs --------------------------------------------------------------------------------
_catalogs: dict[str, dict[str, Any]] = {}
_language = DEFAULT
_listeners: list[Callable[[str], None]] = []
_MAX_TEXT = 4000


def _fields(text: str, entry: str, chk: Checker) -> set[str]:
    """The named parameters of ``text``; only plain names are allowed (no {0}, {a.b}, {a[0]})."""
    names = set()
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError as exc:
        chk.fail(entry, f"broken braces in the text ({exc})")
    for _literal, field, spec, conversion in parsed:
        if field is None:
            continue
        if not field.isidentifier() or conversion or spec:
            chk.fail(entry, f"parameter '{{{field}}}' must be a plain name like {{count}} "
                            "(numbers are formatted by number())")
        names.add(field)
    return names


def _load(lang: str) -> dict[str, Any]:
    """Every ``data/i18n/<lang>/*.yaml`` file merged (one file per area: common, moles, ...)."""
    folder = resource_path("data", "i18n", lang)
    files = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    if not files:
        raise DataError(display_name(folder), "", "no catalog files (*.yaml) for this language")
    out: dict[str, Any] = {}
    for path in files:
        _load_file(path, lang, out)
    return out


def _load_file(path, lang: str, out: dict[str, Any]) -> None:
    chk = Checker(display_name(path))
    raw = chk.mapping(load_yaml(path), "top level")
    if raw.get("language") != lang:
        chk.fail("language", f"expected '{lang}', found {raw.get('language')!r}")
    messages = chk.mapping(chk.key(raw, "messages", "top level"), "messages")
    for key, value in messages.items():
        entry = f"messages.{key}"
        if not isinstance(key, str) or not key:
            chk.fail("messages", f"a key must be a text, found {key!r}")
        if key in out:
            chk.fail(entry, "this key is already given in another file of the language")
        if isinstance(value, str):
            if len(value) > _MAX_TEXT:
                chk.fail(entry, "text too long")
            _fields(value, entry, chk)
            out[key] = value
        elif isinstance(value, dict):
            forms = {}
            for cat, text in value.items():
                if cat not in ("zero", "one", "two", "few", "many", "other"):
                    chk.fail(entry, f"'{cat}' is not a plural category (one, few, many, other)")
                chk.str(text, f"{entry}.{cat}")
                _fields(text, f"{entry}.{cat}", chk)
                forms[cat] = text
            if "other" not in forms:
                chk.fail(entry, "a plural message needs an 'other' form")
            out[key] = forms
        else:
            chk.fail(entry, f"expected a text or plural forms, found {type(value).__name__}")


def catalog(lang: str) -> dict[str, Any]:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language '{lang}' (known: {', '.join(LANGUAGES)})")
    if lang not in _catalogs:
        _catalogs[lang] = _load(lang)
    return _catalogs[lang]


def check_catalogs() -> None:
    """Every catalog has the English keys, the same parameters, and its plural categories."""
    ref = catalog(DEFAULT)
    for lang in LANGUAGES:
        cat = catalog(lang)
        name = f"data/i18n/{lang}/"
        chk = Checker(name)
        missing = sorted(set(ref) - set(cat))
        extra = sorted(set(cat) - set(ref))
        if missing:
            chk.fail("messages", f"missing {len(missing)} key(s), e.g. {', '.join(missing[:5])}")
        if extra:
            chk.fail("messages", f"keys not in English: {', '.join(extra[:5])}")
        for key, value in cat.items():
            entry = f"messages.{key}"
            want = _params(ref[key])
            if isinstance(ref[key], dict) != isinstance(value, dict):
                chk.fail(entry, "plural forms here must match English (both plural or both not)")
            if isinstance(value, dict):
                need = set(PLURAL_CATEGORIES[lang])
                if not need <= set(value):
                    chk.fail(entry, f"needs the forms {', '.join(sorted(need))}")
            have = _params(value)
            if have != want:
                chk.fail(entry, f"parameters {sorted(have)} differ from English {sorted(want)}")


def _params(message: Any) -> set[str]:
    texts = message.values() if isinstance(message, dict) else [message]
    out: set[str] = set()
    for text in texts:
        out |= {f for _l, f, _s, _c in string.Formatter().parse(text) if f}
    return out


# ---- the current language ----------------------------------------------------------------------
def system_language() -> str:
    """The first of our languages that the system's locale asks for; English otherwise."""
    candidates = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            candidates += value.split(":")
    try:
        loc = locale.getlocale()[0]
        if loc:
            candidates.append(loc)
    except (ValueError, TypeError):
        pass
    for cand in candidates:
        code = cand.split(".")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


def set_language(lang: str) -> None:
    global _language
    catalog(lang)      # loads and checks it; an unknown code raises ValueError
    if lang != _language:
        _language = lang
        for fn in list(_listeners):
            fn(lang)


def get_language() -> str:
    return _language


def on_language_change(fn: Callable[[str], None]) -> None:
    """Call ``fn(lang)`` whenever the language changes (screens rebuild their texts)."""
    if fn not in _listeners:
        _listeners.append(fn)


def has(key: str) -> bool:
    return key in catalog(DEFAULT)


_GROUP = {"en": (",", "."), "de": (".", ","), "fr": ("\u202f", ","), "ru": ("\u00a0", ",")}


def number(n: float | int, lang: str | None = None, decimals: int = 0) -> str:
    """``n`` written as the language writes numbers: 1,234.5 / 1.234,5 / 1 234,5."""
    group, point = _GROUP.get(lang or _language, _GROUP[DEFAULT])
    text = f"{n:,.{decimals}f}" if decimals else f"{int(round(n)):,}"
    return text.replace(",", "\0").replace(".", point).replace("\0", group)


class _Safe(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def tr(key: str, lang: str | None = None, **params: Any) -> str:
    """The text of ``key`` in ``lang`` (default: the current language), parameters filled in."""
    lang = lang or _language
    message = None
    for code in (lang, DEFAULT):
        try:
            message = catalog(code).get(key)
        except DataError:
            message = None
        if message is not None:
            break
    else:
        return key
    if isinstance(message, dict):
        count = params.get("count", 0)
        cat = plural_category(code, count if isinstance(count, (int, float)) else 0)
        message = message.get(cat) or message["other"]
    return message.format_map(_Safe(params))


__all__ = ["LANGUAGES", "tr", "set_language", "get_language", "system_language",
           "plural_category", "check_catalogs", "number", "on_language_change", "catalog", "has"]
