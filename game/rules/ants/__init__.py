"""Ants & Grasshopper (seed 001): the ant lays a chain of six figures over a 4x4 grid of round
path cards and secretly picks a kind of path; the grasshopper guesses by jumping onto a card.

Modes (the ``variant``): ``autumn`` (pantry shelves and insect sets), ``winter`` (collected
cards form a supply to buy supply cards with; first to 4 victory points) and ``beetle`` (Winter
with "Long live the beetle!": ability cards).  Options: ``insects`` (Autumn: insect cards kept
``hidden`` or ``open``), ``insect_scoring`` (``sets`` 1/3/6/10 or ``linear``), ``first_ant``
(``anywhere`` or on an ``edge`` card).

Data: ``data/ants/cards.yaml`` (48 path cards), ``supply.yaml`` (14 supply cards),
``abilities.yaml`` (6 abilities), ``scoring.yaml`` (every number); see ``load_data``.

A round, one decision per action of ``current_player``:
  place       the ant puts its figures one by one ({"type": "place", "cell": [x, y]})
  choose      the ant's secret disc ({"type": "choose", "kind": k}, kinds with an ant only)
  red_choose  Winter with 3-4 players: every red ant in seat order from the ant's left picks a
              disc in secret (any kind)
  guess       the grasshopper jumps onto a card with an ant ({"type": "guess", "cell": [x, y]});
              the reveal (event with ``reveal: True``) and the collection follow at once
  take        Winter, the ant collected an insect card: this card or another grid card with
              the same insect ({"type": "take", "card": id}); a single choice is automatic
  ability     beetle: the ant may discard one insect card collected this round for its ability
              ({"type": "take_ability", "card": id} or {"type": "skip_ability"})
  buy         Winter: the collector buys one displayed supply card
              ({"type": "buy", "card": sid, "pay": [ids]}) or not ({"type": "skip_buy"})
  swap        beetle, one-use exchange ability: ({"type": "supply_swap", "mine": sid,
              "other": sid}) or {"type": "skip_swap"}
then the round ends (refill, roles).  Secrets (the ant's disc, red discs, the spyglass peek, deck
order, face-down insect cards, the hidden stash card) stay out of other seats' views.

A new ant joins the end it touches; a card next to both ends (closing a ring, e.g. the fourth
ant of a 2x2 square) joins the tail end, the end that the last appended ant extended.

Payments are listed in a canonical form: for each kind the lowest card ids are paid (the hidden
stash card is a separate choice); a hand-built payment with other ids of the same kinds is
refused.

The package, by job: ``board.py`` (the grid: cells, neighbours, the edge), ``data.py`` (the
modes, ``AntsData``: the cards and scoring read from data/ants and checked, the tables of
supply points and payments), ``state.py`` (``AntsState``: set-up, queries, scores, views),
``play.py`` (the start of a round, the legal actions, an action carried out up to the guess),
``rounds.py`` (the reveal, collecting, abilities, the market, the end of a round),
``persist.py`` (the save and its check).
"""
from __future__ import annotations

from .board import CELLS, EDGE, EDGE_CELLS, N, NEIGHBOURS
from .data import EFFECTS, MARKS, MODES, AntsData, _design, default_data, load_data
from .state import AntsState


__all__ = ["AntsState", "AntsData", "load_data", "default_data", "MODES", "EFFECTS", "MARKS",
           "N", "CELLS", "NEIGHBOURS", "EDGE", "EDGE_CELLS"]
