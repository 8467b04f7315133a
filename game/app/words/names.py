"""The names the screens show for things the data and the rules know by id, in the player's
language: game titles and blurbs, set-up variants and options, computer levels, seat colours,
score labels.

The rules' ``GameInfo`` keeps English labels for the command line; the screens never show them
but look up catalog keys built from the ids (``data/i18n/<lang>/scenes.yaml``):

    game.<id>.title / game.<id>.blurb          the chooser's card
    game.<id>.score[.<variant>]                 "3 moles left" (plural by count)
    <game>.variants                             what the set-up calls the variants ("Mode")
    <game>.variant.<variant id>                 one variant
    <game>.option.<option id>                   an option's label
    <game>.option.<option id>.<choice id>       one choice (ids written lower case: true, 9)
    level.<level> / level.<level>.about         a computer level and its one-line description
    colour.<colour id> / colour.<id>.marked      a seat colour (with its marking)

A choice whose label has no letters (``60°``) is written with ``setup.degrees`` when it is an
angle, else shown as it is.  A key missing from the catalogs falls back to the rules' English
label, never to the bare key (a test checks that every game's keys exist).
"""
from __future__ import annotations

from ... import i18n
from ...i18n import has, tr

#: the catalog's default seat names ("Player {number}", "Computer {number}")
DEFAULT_NAME_KEYS = ("seat.player_n", "seat.computer_n")
MOST_SEATS = 8


def default_name_entry(name) -> tuple[str, int] | None:
    """(catalog key, number) when ``name`` is a default seat name in any language ("Spieler 1",
    "Computer 2"): such a name is the catalog's until the player types one of their own."""
    if not isinstance(name, str) or not name:
        return None
    langs = [i18n.get_language()] + [c for c in i18n.LANGUAGES if c != i18n.get_language()]
    for lang in langs:
        for key in DEFAULT_NAME_KEYS:
            for n in range(1, MOST_SEATS + 1):
                if tr(key, lang=lang, number=n) == name:
                    return key, n
    return None


def name_in_language(name: str) -> str:
    """``name`` in the language shown now when it is a default seat name, else as it is (the
    test pseudo-language, which only stretches the catalog's texts, leaves names alone)."""
    if i18n.get_language() not in i18n.LANGUAGES:
        return name
    entry = default_name_entry(name)
    return tr(entry[0], number=entry[1]) if entry else name


def follow_language(seats) -> bool:
    """Rename in place the seats (dicts) whose names are default ones to the language shown
    now; True when one changed."""
    changed = False
    for seat in seats or []:
        if isinstance(seat, dict):
            new = name_in_language(seat.get("name"))
            if new != seat.get("name"):
                seat["name"] = new
                changed = True
    return changed


def _key_part(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _or(key: str, fallback: str, **params) -> str:
    return tr(key, **params) if has(key) else fallback


def game_title(info_or_id) -> str:
    gid = getattr(info_or_id, "id", info_or_id)
    return _or(f"game.{gid}.title", getattr(info_or_id, "title", str(gid)))


def game_blurb(info) -> str:
    return _or(f"game.{info.id}.blurb", info.blurb)


def score_text(info, variant, count) -> str:
    """``count`` with what it counts, e.g. "3 moles left"."""
    if info is None:
        return str(count)
    keys = [f"game.{info.id}.score.{variant}"] if variant is not None else []
    for key in keys + [f"game.{info.id}.score"]:
        if has(key):
            return tr(key, count=count)
    return f"{count} {info.score_label_for(variant)}"


def variants_heading(info) -> str:
    return _or(f"{info.id}.variants", info.variant_label)


def variant_label(info, variant: dict) -> str:
    return _or(f"{info.id}.variant.{variant['id']}", str(variant.get("label", variant["id"])))


def option_label(info, option: dict) -> str:
    return _or(f"{info.id}.option.{option['id']}", str(option.get("label", option["id"])))


def choice_label(info, option: dict, choice: dict) -> str:
    key = f"{info.id}.option.{option['id']}.{_key_part(choice['id'])}"
    label = str(choice.get("label", choice["id"]))
    if has(key):
        return tr(key)
    if label.endswith("°") and not any(ch.isalpha() for ch in label):
        return tr("setup.degrees", degrees=label[:-1])
    return label


def level_name(level: str) -> str:
    return _or(f"level.{level}", level.replace("_", " ").capitalize())


def level_about(level: str, think: float | None = None) -> str:
    """One line on how a computer level plays; the expert's names its think time (Settings)."""
    from ..store.settings import THINK_DEFAULT
    return _or(f"level.{level}.about", "", seconds=think_seconds(THINK_DEFAULT if think is None else think))


def think_seconds(seconds: float) -> str:
    """A think time as the language writes it: "1", "0.5" ("0,5" in German)."""
    from ...i18n import number
    whole = float(seconds).is_integer()
    return number(seconds, decimals=0 if whole else 1)


def think_label(seconds: float) -> str:
    """A choice of the expert's think time on the settings screen."""
    return tr("think.choice", seconds=think_seconds(seconds))


def colour_name(entry: dict) -> str:
    return _or(f"colour.{entry.get('id')}", str(entry.get("name", "")))


def colour_marked(entry: dict) -> str:
    return _or(f"colour.{entry.get('id')}.marked",
               f"{entry.get('name', '')} {entry.get('marking', '')}".strip())


def dynamic_key_prefixes(game_ids) -> tuple[str, ...]:
    """The beginnings of the keys this module (and the settings screen) builds from ids, for a
    check that every catalog key is used somewhere."""
    out = ["game.", "level.", "colour.", "settings.speed."]
    for gid in game_ids:
        out += [f"{gid}.option.", f"{gid}.variant"]
    return tuple(out)
