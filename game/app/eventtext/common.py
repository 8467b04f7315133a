"""What every game's sentences share (a leaf: the game modules import it, never the package)."""
from __future__ import annotations

from ...i18n import tr


def names_list(names: list) -> str:
    """Names joined as the current language lists them: "A", "A and B", "A, B and C"."""
    names = [str(n) for n in names]
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return tr("events.list_and", first=tr("events.list_sep").join(names[:-1]), last=names[-1])
