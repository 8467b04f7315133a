"""The languages Burrow Box speaks: a plain list that needs no data file, so that checking a
``--lang`` on the command line never loads a catalog (a broken data file is then reported as
itself, not as a bad language)."""

#: language code -> its own name (also ``language.name`` in its catalog), in the order the
#: settings list them
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français", "ru": "Русский"}
DEFAULT = "en"
