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

Switching the language while the app runs (the settings screen's language list): call

    from game.app.lang import choose_language
    choose_language(app, code)        # i18n.set_language(code) + saved in the settings

``set_language`` tells every listener (``on_language_change``) at once; the app's listener
switches pygame_gui's locale and relabels and lays out again every visible screen
(``Scene.on_language``, ``BoardView.on_language``), so nothing waits for a restart.  Texts are
looked up when drawn (``tr`` in ``build()`` or ``draw()``), never kept from an earlier language.

Languages: ``LANGUAGES`` (kept in ``game/languages.py``, which needs no data file); a fifth
language is one folder ``data/i18n/<code>/`` with the same files as ``en`` plus its line in
``LANGUAGES`` (Babel knows every language's plural rules
and number formats).  Tests may also choose ``pseudo`` (``enable_pseudo()``): English made
accented and a third longer, generated at run time, to find untranslated or clipped texts.

The rules package never imports this module: rules events carry data, and the app renders them.
"""
from __future__ import annotations

import functools
import locale
import logging
import os
import re
import string
import sys
import weakref
from typing import Any, Callable

from .io import safeio
from .io.paths import resource_path
from .io.data import Checker, DataError, display_name, load_yaml

from .languages import DEFAULT, LANGUAGES  # noqa: F401 - the list needs no data file

log = logging.getLogger(__name__)
#: the test-only pseudo-language (see ``enable_pseudo``); never offered to a player
PSEUDO = "pseudo"
_pseudo_enabled = False


# ---- plural categories and numbers: Babel (CLDR) -----------------------------------------------
# Babel carries the Unicode CLDR data: each language's plural rules and how it writes numbers.
# It is imported on first use (about 60 ms), so the title screen does not wait for it.
_packs: dict[str, tuple] = {}


def _pack(lang: str) -> tuple:
    """What the app keeps of Babel's CLDR data for ``lang``: its plural rule and its number
    symbols (decimal, group, minus).  Babel's whole locale data (about 30 MB a language once
    unpickled) is let go right after (``release_locale_data``), so switching languages in a
    long session does not keep every language's data for ever.  The pseudo-language counts and
    writes numbers as English."""
    code = DEFAULT if lang not in LANGUAGES or lang == PSEUDO else lang
    pack = _packs.get(code)
    if pack is None:
        from babel import Locale
        loc = Locale.parse(code)
        symbols = loc.number_symbols
        if isinstance(symbols.get("latn"), dict) or "latn" in symbols:   # Babel >= 2.14
            symbols = symbols["latn"]
        pack = _packs[code] = (loc.plural_form, symbols.get("decimal", "."),
                               symbols.get("group", ","), symbols.get("minusSign", "-"))
        del loc, symbols
        release_locale_data()
    return pack


def release_locale_data() -> None:
    """Let go of the locale data Babel keeps loaded, and its global data (both load again
    when next needed, e.g. to write a date); the app calls this at every screen change."""
    try:
        from babel import localedata
        lock = getattr(localedata, "_cache_lock", None)
        if lock is not None:
            with lock:
                localedata._cache.clear()
        else:                                             # pragma: no cover - other Babel versions
            localedata._cache.clear()
    except Exception:  # noqa: BLE001 - only memory is at stake
        log.warning("release_locale_data: fell back after an error", exc_info=True)
        pass
    core = sys.modules.get("babel.core")       # its global data (2 MB) loads again on demand
    if core is not None and getattr(core, "_global_data", None) is not None:
        core._global_data = None


def plural_category(lang: str, n: float | int) -> str:
    """The CLDR plural category (``one``, ``few``, ``many``, ``other``) of ``n`` in ``lang``."""
    if isinstance(n, bool):
        n = int(n)
    return _pack(lang)[0](n)


def plural_categories(lang: str) -> tuple[str, ...]:
    """The categories a catalog of ``lang`` must give for a plural message (from CLDR):
    en, de: one, other; fr: one, many, other; ru: one, few, many, other."""
    order = ("zero", "one", "two", "few", "many", "other")
    return tuple(c for c in order if c in _pack(lang)[0].tags or c == "other")


# ---- catalogs --------------------------------------------------------------------------------
_catalogs: dict[str, dict[str, Any]] = {}
_language = DEFAULT
_listeners: list[Callable[[], Any]] = []      # weak references to the listeners
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
    out: dict[str, Any] = {}
    for path in _files(lang):
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


# At start only the area files a screen asks for are read (the title needs ``common.yaml``, not
# every game's texts): ``_partial`` holds what was read so far, ``_unread`` the files still to
# read; a key of area ``forest.`` is looked for in ``forest.yaml``, then in ``common.yaml``.  ``catalog()`` reads
# a language whole (the checks, and a key that no file read so far has).
_partial: dict[str, dict[str, Any]] = {}
_unread: dict[str, list] = {}


def _files(lang: str) -> list:
    folder = resource_path("data", "i18n", lang)
    files = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    if not files:
        raise DataError(display_name(folder), "", "no catalog files (*.yaml) for this language")
    return files


def _message(lang: str, key: str) -> Any:
    """The message of ``key`` in ``lang`` (None if the language has none), reading as few of
    its files as it can."""
    if lang in _catalogs or lang == PSEUDO:
        return catalog(lang).get(key)
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language '{lang}' (known: {', '.join(LANGUAGES)})")
    part = _partial.setdefault(lang, {})
    if key in part:
        return part[key]
    if lang not in _unread:
        _unread[lang] = _files(lang)
    area = key.split(".", 1)[0]
    for stems in ((area, area + "s"), ("common",)):     # its area's file, then the shared words
        for path in [f for f in _unread[lang] if f.stem in stems]:
            _load_file(path, lang, part)
            _unread[lang].remove(path)
        if key in part:
            return part[key]
    for path in [f for f in _unread[lang] if area in _areas(f)]:   # other files with that area
        _load_file(path, lang, part)
        _unread[lang].remove(path)
    if key in part:
        return part[key]
    return catalog(lang).get(key)           # somewhere else, or nowhere: read it all


_AREA = re.compile(r"^\s+([A-Za-z_][\w]*)\.", re.MULTILINE)


@functools.lru_cache(maxsize=256)
def _areas(path) -> frozenset:
    """The key areas (``title`` of ``title.continue``) a catalog file seems to hold, from a look
    at its lines (no YAML parsing: a hint of which file to read, never trusted as its content)."""
    try:
        return frozenset(_AREA.findall(safeio.read_text(path)))
    except (OSError, ValueError, DataError):
        return frozenset()


def catalog(lang: str) -> dict[str, Any]:
    if lang == PSEUDO and _pseudo_enabled:
        if lang not in _catalogs:
            _catalogs[lang] = {k: _pseudo_message(v) for k, v in catalog(DEFAULT).items()}
        return _catalogs[lang]
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language '{lang}' (known: {', '.join(LANGUAGES)})")
    if lang not in _catalogs:
        _catalogs[lang] = _load(lang)
        _partial.pop(lang, None)
        _unread.pop(lang, None)
    return _catalogs[lang]


# ---- the pseudo-language (tests only) ---------------------------------------------------------
_ACCENTED = dict(zip("AaCcEeIiNnOoSsUuYyZzGgKkLlRrTtWwHhDd",
                     "ÅåÇçÉéÎîÑñÖöŠšÜüÝýŽžĞğĶķĻļŘřŢţŴŵĤĥĎď"))


def _pseudo_text(text: str) -> str:
    """English with accented letters, a third longer (padding inside the words' brackets), the
    ``{parameters}`` kept: it shows untranslated texts and boxes too small for German."""
    out: list[str] = []
    for literal, field, _spec, _conv in string.Formatter().parse(text):
        out.append("".join(_ACCENTED.get(ch, ch) for ch in literal))
        if field is not None:
            out.append("{" + field + "}")
    body = "".join(out)
    # the padding: words of up to six letters, as a longer language has (a single word a third
    # as long as the text could never wrap)
    n = max(1, (len(text) + 2) // 3)
    pad = "".join(" " if i % 7 == 6 else "ẋỳ"[i % 2] for i in range(n)).strip()
    return f"[{body} {pad}]" if body.strip() else body


def _pseudo_message(message: Any) -> Any:
    if isinstance(message, dict):
        return {cat: _pseudo_text(text) for cat, text in message.items()}
    return _pseudo_text(message)


def enable_pseudo() -> None:
    """Let ``set_language("pseudo")`` choose the pseudo-language (tests call this; the app never
    does, and the settings and the command line never accept it)."""
    global _pseudo_enabled
    _pseudo_enabled = True


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
                need = set(plural_categories(lang))
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
    """The first of our languages that the system asks for; English otherwise.  Looks at the
    locale variables (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), then Python's
    locale, then the desktop's own setting (Windows: the user's display language; macOS: the
    first of the preferred languages), since a program started from a desktop may have no
    locale variables."""
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
    for cand in candidates + _desktop_languages():
        code = cand.split(".")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


@functools.lru_cache(maxsize=1)
def _desktop_languages() -> list[str]:
    """The desktop's language setting where the locale variables are not the way to it."""
    try:
        if sys.platform == "win32":
            import ctypes
            lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()
            name = locale.windows_locale.get(lcid)
            return [name] if name else []
        if sys.platform == "darwin":
            import subprocess
            out = subprocess.run(["defaults", "read", "-g", "AppleLanguages"], capture_output=True,
                                 text=True, timeout=2).stdout
            return [w.strip(' "(),\n') for w in out.split(",") if w.strip(' "(),\n')]
    except Exception:  # noqa: BLE001 - no answer: English
        log.warning("_desktop_languages: fell back after an error", exc_info=True)
        return []
    return []


def set_language(lang: str) -> None:
    """Make ``lang`` the language of every text from now on and tell every listener at once
    (``on_language_change``): the live screens relabel and relayout, pygame_gui switches its
    locale.  An unknown code raises ValueError naming the known ones."""
    global _language
    if lang != PSEUDO or not _pseudo_enabled:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language '{lang}' (known: {', '.join(LANGUAGES)})")
        _message(lang, "language.name")     # reads its first file: a missing folder fails here
    if lang != _language:
        _language = lang
        _forget_languages(keep=(lang, DEFAULT, PSEUDO))
        _tell_listeners(lang)


def _forget_languages(keep) -> None:
    """Let the catalogs of languages no longer shown go (0.5 MB each); English stays, every
    language falls back to it, and a language shown again is read again."""
    for store in (_catalogs, _partial, _unread):
        for lang in [k for k in store if k not in keep]:
            del store[lang]


def get_language() -> str:
    return _language


def language_name(code: str) -> str:
    """A language's name in that language (``language.name`` of its catalog): for the list the
    settings offer, where each language is found under its own name."""
    return tr("language.name", code)


def on_language_change(fn: Callable[[str], None]) -> None:
    """Call ``fn(lang)`` whenever the language changes (the app relabels every live screen).
    A bound method is held weakly: a window that is closed stops listening by itself."""
    ref: Callable[[], Any]
    if hasattr(fn, "__self__") and hasattr(fn, "__func__"):
        ref = weakref.WeakMethod(fn)
    else:
        ref = (lambda f=fn: f)
    if not any(r() == fn for r in _listeners):
        _listeners.append(ref)


def _tell_listeners(lang: str) -> None:
    for ref in list(_listeners):
        fn = ref()
        if fn is None:
            _listeners.remove(ref)
        else:
            fn(lang)


def has(key: str) -> bool:
    return key in catalog(DEFAULT)


def number(n: float | int, lang: str | None = None, decimals: int = 0) -> str:
    """``n`` written as the language writes numbers (CLDR symbols from Babel): 1,234.5 /
    1.234,5 / 1 234,5 (grouped by thousands, as the CLDR pattern #,##0 of the four languages)."""
    _rule, dec, group, minus = _pack(lang or _language)
    value = round(float(n), decimals) if decimals > 0 else int(round(n))
    text = f"{abs(value):,.{decimals}f}" if decimals > 0 else f"{abs(value):,d}"
    text = text.replace(",", "\0").replace(".", dec).replace("\0", group)
    return (minus + text) if value < 0 else text


class _Safe(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def tr(key: str, lang: str | None = None, **params: Any) -> str:
    """The text of ``key`` in ``lang`` (default: the current language), parameters filled in."""
    lang = lang or _language
    message = None
    for code in (lang, DEFAULT):
        try:
            message = _message(code, key)
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


__all__ = ["LANGUAGES", "PSEUDO", "tr", "language_name", "enable_pseudo", "plural_categories",
           "set_language", "get_language", "system_language", "plural_category", "check_catalogs",
           "number", "on_language_change", "catalog", "has"]


def folder_reason(exc: OSError) -> str:
    """Why the user-data folder cannot be used, in the player's language where the reason is
    ours (``paths.UserDataUnavailable.reason_key``); an OS error's own words stay as they are."""
    key = getattr(exc, "reason_key", None)
    return tr(key) if key else str(getattr(exc, "reason", None) or exc)


def cannot_save_message(exc: OSError) -> str:
    """The sentence for the player when the user-data folder cannot be used."""
    folder = getattr(exc, "folder", None)
    if folder is None:
        return tr("saves.no_folder", folder="?", reason=exc)
    return tr("saves.no_folder", folder=folder, reason=folder_reason(exc))
