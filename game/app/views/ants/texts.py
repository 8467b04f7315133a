"""Every sentence the Ants & Grasshopper screen shows, through the translation catalogs
(``data/i18n/<lang>/ants.yaml``): instructions, buttons, refusals, the dialog, tooltips, the
header, the tableaux, the side panel and the results. The log and toast sentences of events
come from ``game.app.eventtext``."""
from __future__ import annotations

from ....i18n import tr

MODES = ("autumn", "winter", "beetle")


def kind(k) -> str:
    """The name of a kind of path (tablecloth, tiles, stone, wood)."""
    return tr(f"ants.kind.{k}") if k else ""


def insect(i) -> str:
    return tr(f"ants.insect.{i}") if i else ""


def supply(design) -> str:
    """The name of a supply card design (honey, seeds, ...)."""
    return tr(f"ants.supply.{design}") if design else ""


def ability(aid) -> str:
    return tr(f"ants.ability.{aid}") if aid else ""


def ability_text(aid) -> str:
    return tr(f"ants.ability_text.{aid}") if aid else ""


def mode(variant) -> str:
    return tr(f"ants.mode.{variant}") if variant in MODES else ""


def role(r: str) -> str:
    return tr(f"ants.role.{r}")


def doing(which: str, **kw) -> str:
    """The bar's sentence when the player at the screen decides."""
    return tr(f"ants.do.{which}", **kw)


def waiting(step: str, name: str, **kw) -> str:
    """The bar's sentence while someone else decides."""
    known = ("place", "choose", "red_choose", "guess", "take", "ability", "buy", "swap")
    return tr(f"ants.wait.{step if step in known else 'other'}", name=name, **kw)


def over(names: list) -> str:
    if not names:
        return tr("ants.over.none")
    if len(names) == 1:
        return tr("ants.over.one", name=names[0])
    return tr("ants.over.shared")


def button(which: str, **kw) -> str:
    return tr(f"ants.btn.{which}", **kw)


def refuse(which: str, **kw) -> str:
    return tr(f"ants.refuse.{which}", **kw)


def dialog(which: str, **kw) -> str:
    return tr(f"ants.dlg.{which}", **kw)


def card(kind_id, insect_id) -> str:
    """A path card in a tooltip."""
    if insect_id:
        return tr("ants.card.insect", kind=kind(kind_id), insect=insect(insect_id))
    return tr("ants.card.plain", kind=kind(kind_id))


def ability_tip(aid, insect_id, holder: str | None) -> str:
    if holder is None:
        return tr("ants.tip.ability_free", ability=ability(aid), insect=insect(insect_id),
                  text=ability_text(aid))
    return tr("ants.tip.ability_held", ability=ability(aid), insect=insect(insect_id), name=holder,
              text=ability_text(aid))


def supply_tip(design, price: list, pair: int, mark: str) -> str:
    return tr("ants.tip.supply", card=supply(design), price=", ".join(kind(k) for k in price),
              pair=pair, mark=mark)


def header(rnd: int, variant) -> str:
    return tr("ants.header.round", round=rnd, mode=mode(variant))


def deck(n: int) -> str:
    return tr("ants.header.deck", count=n)


def vp(n: int) -> str:
    return tr("ants.score.vp", count=n)


def tab(which: str, **kw) -> str:
    return tr(f"ants.tab.{which}", **kw)


def name_role(name: str, r: str) -> str:
    return tr("ants.tab.name_role", name=name, role=role(r)) if r else name


def status(which: str, **kw) -> str:
    return tr(f"ants.status.{which}", **kw)


def result(which: str, **kw) -> str:
    return tr(f"ants.result.{which}", **kw)


def kinds_list(kinds: list) -> str:
    return ", ".join(kind(k) for k in kinds)
