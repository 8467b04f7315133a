"""Gopher's Pantry (seed 000): roll, move a token through the tunnels of a six-page book and
collect provisions with hand cards that add up (or subtract down) to the sign at the hole.

Data: ``data/gopher/book.yaml`` (the holes shared by all six pages; per page its tunnels,
walls and signs) and ``data/gopher/deck.yaml`` (the provision and digger cards, the hand size
and the four rule sets); see ``load_data``.

Rule sets (the ``variant``): ``standard``; ``simplified`` (addition only, 2 diggers and every
8/9/10 out); ``baskets`` (standard + leapfrogging takes baskets that are bought back);
``beginner`` (no hands: the cards lie open on the table, sorted; a take may give change; score =
complete lunches).

Option ``single_card`` (beginner only): ``allowed`` (default) or ``not_allowed`` - the
rulebook's harder beginner game, where no sign may be paid with one card from the table.  Set
to ``not_allowed`` with another rule set it would do nothing, so the setup refuses it.

Cards are short codes: ``"acorn:5"`` (kind and value) or ``"digger"``.  Identical cards are
interchangeable, so hands are sorted lists of codes.

Steps, one decision per action of ``current_player``:
  place    setup: every seat in turn puts its token on an empty hole ({"type": "place",
           "hole": h}); then a roll opens the start page
  roll     the active seat rolls ({"type": "roll"}) or plays a digger first ({"type": "dig"})
  move     one action per reachable end hole ({"type": "move", "to": h, "path": [h0, h1, ...],
           "jumped": [seats leapfrogged]}; with baskets one per end hole and set of jumped
           seats), or {"type": "dig"} instead of moving, or {"type": "stay"} when no end hole
           can be reached with exactly the roll
  collect  the collecting seat builds its combination card by card: {"type": "add", "card": c}
           (face up, counts plus) or {"type": "subtract", "card": c} (face down, counts minus),
           then {"type": "collect"} once the signed total is the sign's amount; {"type": "pass"}
           gives up (the picked cards go back to the hand).  Beginner: one action per way to
           take cards from the table ({"type": "take", "kind": k, "take": [values],
           "give": [values]}) or pass
  present  the active seat keeps one of the cards it looked at ({"type": "keep", "card": c})

Why these shapes: a move of up to six steps with turns and leapfrogs has hundreds of paths but
only the end hole matters (and, with baskets, which tokens were jumped), so there is one action
per end hole (per set of jumped seats with baskets) carrying the first path found; the list
stays at most one entry per hole and set.  A hand that grows by ineffective turns can make
thousands of signed combinations, so a combination is built one card at a time; only picks that
can still be completed are offered (a reachability test over the remaining cards), so every
build ends in a legal collection and the list stays at most two entries per card plus two.

Rulings (RULINGS.md) the code follows where the rulebook is open:
  - a move never passes the same hole twice, whether it lands there or jumps over it (so it
    never leapfrogs the same token twice);
  - keeping a present's trophy is collecting: the turn is effective (no card drawn), with
    baskets it takes the baskets of the tokens leapfrogged, and it counts against a stall;
  - beginner: every present reached gives another turn, on an extra turn too;
  - the stall end: with the deck empty (standard, simplified, baskets) the game ends after
    ``stalled_rounds`` (3) full rounds in which nobody collected; in the beginner rules (no
    deck) after the beginner rule set's ``stalled_rounds`` (10), so that no game runs forever;
  - the cards a seat picks while building a payment are its secret until it pays: the other
    seats' views show them still in the hand, and the ``pick`` and ``pass`` events mark the
    card and the cards taken back ``secret`` (the contract's mark);
  - a hand is secret too, so with a hand the collect step opens at every provision or store
    sign (after a page turn: for every seat at one) whether or not the hand can pay; one that
    cannot may only give up.  The open beginner table is public: there the step opens only
    where the table can pay (else ``cannot_collect``).

Readings of our own where the rulebook and RULINGS.md say nothing (also in the rules text):
  - no end hole reachable with exactly the roll: the token stays and the turn is ineffective;
  - after a level change only provision and store signs can be collected (a present or portal
    on the new page does nothing); the active player's own collection then counts for baskets;
  - a digger that turns up the same page changes nothing and the turn ends (not ineffective);
  - with baskets, a trophy kept on the owner's next effective turn buys the basket back (it
    goes to the holder's trophies), as the added cards of a collection would.

Events (each with ``type``, data fields and an English ``text``): ``place``, ``page`` (every
roll for a page: ``value``, ``page_from``, ``page_to``, ``changed``, ``extra``), ``turn``,
``roll``, ``move`` (``start``, ``to``, ``path`` and ``hops``: each hop's ``from``, ``to``,
``over`` [holes jumped] and ``jumped`` [their seats]), ``portal``, ``dig``, ``pick``,
``collect`` (``add``, ``sub``, ``what``, ``amount``), ``take`` (beginner), ``pass``,
``cannot_collect``, ``empty_hole``, ``ineffective``, ``draw``, ``present``, ``present_empty``,
``trophy``, ``baskets``, ``ransom``, ``stay``, ``game_over``.  Rolls, draws and looks carry
``chance: True``.

Secrets: the hands of other seats, the deck order, the cards a seat looks at on a present
hole and the cards a seat has picked towards a payment not yet paid.  Events about cards only
one seat sees (``draw``, ``present``) carry ``private_to`` (that seat) and never the cards: the
seat reads them in its own ``view``.  ``pick`` and ``pass`` carry ``private_to`` and name their
cards in ``secret`` fields, which the table layer gives that seat alone.

The package, by job: ``data.py`` (the cards and the book read from data/gopher and checked),
``search.py`` (the totals a hand can make, the moves through the tunnels), ``state.py``
(``GopherState``: set-up, results, views), ``legal.py`` (the legal actions), ``play.py``
(carrying an action out and the turn), ``persist.py`` (the save and its check).
"""
from __future__ import annotations

from .data import (DIGGER, END_WHY, RULE_SETS, SPECIAL, STEPS, GopherData, Page, card_kind,
                   card_value, default_data, load_data)
from .search import OFF, can_make, combinations, eligible, move_options, reach
from .state import GopherState

__all__ = ["GopherState", "GopherData", "load_data", "default_data", "combinations", "can_make",
           "reach", "move_options", "eligible", "card_kind", "card_value", "DIGGER", "RULE_SETS",
           "Page", "SPECIAL", "STEPS", "END_WHY", "OFF"]
