"""Mole Dig's expert level: the calibrated equity, the guide, the leaf value and ``EXPERT``
(game/ai/expert.py reads it)."""
from __future__ import annotations

from .. import Agent
from .equity import equity, lone_race_equity
from .players import MolesAgent
from .pos import ALPHAS, BEFORE_LAST, EPS, Pos


# ------------------------------------------------------------------------------------------
# the expert level's hook (game/ai/expert.py reads EXPERT)
# ------------------------------------------------------------------------------------------
# ``equity`` is a share model, not a win chance: measured against the outcomes of good-vs-good
# games it is overconfident on the first three layers and a little timid on the last, so that
# positions on different layers (a move that fills the last hole and lifts the layer) were not
# compared on one scale.  A per-layer temperature puts it on the scale of real win chances:
# the share vector raised to the power (normalised); with two seats that is
# sigmoid(k * logit(p)).  Fitted by logistic regression on the recorded positions of seeded
# good-vs-good games: tools/moles_calibration.py.
# Fitted on 291 games (seeds 3000-3290, every third turn): 0.56, 0.54, 0.51, 1.05; the two
# halves of the games gave 0.72 / 0.38, 0.73 / 0.32, 0.74 / 0.34, 1.13 / 0.97 - the last layer's
# race odds are about right, the share model before it about twice too sure.
CALIBRATION = (0.55, 0.55, 0.5, 1.0)
# With three and four seats the same fit in its n-seat form (P(seat) = e ** k / sum e ** k, by
# maximum likelihood; tools/moles_calibration.py --players N), 300 good-vs-good games each
# (seeds 3000-3299, every third turn):
#   4 players: 0.35, 0.67, 0.67, 1.12 (halves 0.30 / 0.41, 0.53 / 0.82, 0.69 / 0.66,
#     1.09 / 1.14) - the same picture as with two: too sure before the last layer;
#   3 players: 0.63, 0.48, 0.69, 0.98 (halves 0.19 / 1.04, 0.28 / 0.75, 0.65 / 0.72,
#     0.99 / 0.96).
# Measured (the guide alone in every seat of a seed against good, so a seed's four games part
# only where the guide decides otherwise; the raw guide plays exactly like good there): 4
# players 65/240 (27.1%, standard error 2.5%, seeds 7000-7059), 59/240 (24.6%, 2.4%, seeds
# 7060-7119), 60/240 (25.0%, 2.8%, seeds 7120-7179): the guide alone gains little; with layer
# 1 at 0.5 69/240, with before_last 0.5 63/240 (seeds 7000-7059); 3 players with (0.6, 0.5,
# 0.7, 1.0) 60/180 (33.3%, 3.4%): no gain, so three seats keep ``equity`` as it is (the
# three-player expert, whose search already beats good, is unchanged).  The expert at 200
# iterations a move, 4 players against good, with the table / without it (as before):
# seeds 20000-20099 32 / 26 of 100, seeds 20100-20199 24 / 19, seeds 21000-21099 26 / 19 -
# 27.3% against 21.3% of 300 games.  The search's overrules of the guide with the raw equity
# seem to be what cost (fewer with the calibrated, closer values; see ``EXPERT``).
CALIBRATION_SEATS = {4: (0.35, 0.67, 0.67, 1.12)}


def calibrate(shares: list, k: float) -> list:
    """Shares raised to the power ``k`` and normalised (a temperature on the win shares)."""
    if k == 1.0:
        return shares
    w = [x ** k if x > 0 else 0.0 for x in shares]
    tot = sum(w)
    if tot <= EPS:
        return shares
    return [x / tot for x in w]


def calibrated_equity(pos: Pos, temps: tuple | None = None,
                      before_last: float = BEFORE_LAST, lone_odds: bool = False,
                      seat_temps: dict | None = None, lone_race: bool = False) -> list:
    """``equity`` on the scale of real win chances (see ``CALIBRATION``; with three or four
    seats ``CALIBRATION_SEATS``, or ``seat_temps`` where given).  ``lone_race``: two seats on
    the layer above the last with one of them moving alone are valued by
    ``lone_race_equity`` (already a win chance)."""
    if lone_race:
        eq = lone_race_equity(pos)
        if eq is not None:
            return eq
    eq = equity(pos, ALPHAS, before_last, lone_odds)
    if pos.winner is not None:
        return eq
    if pos.n == 2:
        return calibrate(eq, (temps or CALIBRATION)[pos.layer])
    table = (CALIBRATION_SEATS if seat_temps is None else seat_temps).get(pos.n)
    return calibrate(eq, table[pos.layer]) if table else eq


# The layer above the last, two seats, one seat moving alone while the other waits in holes:
# the race that follows is a race for the 1 (every mole lands one step from the centre), so
# what the lone mover decides is *when* to lift - at once, or a few turns later when its own
# 1 lies face down in a short row.  ``lone_race_equity`` values that moment exactly (optimal
# stopping over its disc row, the waiting seat's row frozen).  Measured from 271 positions at
# the start of that layer (guide against beginner, seeds 40000-40299, each played twice with
# the same dice): 457 against 444 of 542 won (+4.8% a position, standard error 2.0%); the
# expert at 200 iterations a move without it 448.  Whole games of the guide alone: against
# beginner 345 against 337 of 400 (seeds 20000-20399; 22 games differ, paired standard error
# 1.2%); against good 160 against 164 of 300 (seeds 50000-50299; 10 games differ, 3 won and 7
# lost - within the noise, as those few games go).  The expert at 200 iterations a move
# against beginner, seeds 20000-20199: 174 of 200 (87.0%; before: 172); against good, seeds
# 20000-20059: 29 of 60 (before: 30).
# Tried and dropped on the same positions: when both seats are sure to reach the last layer
# (each keeps a mole in a hole), weighing the race odds of the present disc rows 0.6 / 0.8
# instead of ``BEFORE_LAST`` (on the last layer's temperature) won 417 / 414 of 542 (0.8 on
# the layer's own temperature: 426): the rows change before the lift, and the share of holes
# it trades away matters more.  before_last 0.15 / 0.5: 446 / 444; the temperature of that
# layer 0.3 / 1.0: 442 / 443 - no change.
LONE_RACE = True


class MolesExpertGuide(MolesAgent):
    """The good player's search on the calibrated equity (the expert's guide), with the
    stall-aware projection of a lone mover (``equity``'s ``lone_odds``)."""
    level = "good"
    late = BEFORE_LAST     # the layer above the last: weight of survival and race odds
    temps = None           # per-layer temperatures (None: ``CALIBRATION``)
    seat_temps = None      # ... with three or four seats (None: ``CALIBRATION_SEATS``)
    lone_odds = True
    lone_race = LONE_RACE  # see ``lone_race_equity``

    def _eq(self, pos: Pos) -> list:
        self.evals += 1
        return calibrated_equity(pos, self.temps, self.late, self.lone_odds, self.seat_temps,
                                 self.lone_race)


def expert_equity(state) -> list:
    """The win equity of a dealt state (a spectator's view of it)."""
    return equity(Pos.from_state(state))


def expert_value(state) -> list:
    """The search's leaf value: the calibrated win equity of a dealt state (a lone mover's
    stall round at its real odds, as the guide sees it)."""
    return calibrated_equity(Pos.from_state(state), lone_odds=True, lone_race=LONE_RACE)


def action_id(action):
    """A cheap identity of a Mole Dig action inside the search tree (``action.key()`` is JSON)."""
    kind = action["type"]
    if kind == "move":
        f, t = action["frm"], action["to"]
        return (f[0], f[1], t[0], t[1])
    if kind == "place":
        p = action["at"]
        return ("place", p[0], p[1])
    if kind == "keep":
        return ("keep", action["value"])
    return kind


def expert_guide(game: str, seed: int) -> Agent:
    return MolesExpertGuide(game, seed)


# What decides a two-player game (measured with tools/moles_duel.py: from 100 positions of
# good-vs-good games, A against good in both seats with the same disc luck, 200 games):
#   * the last layer is a pure race for the 1: every mole lands at one point from the centre,
#     so how many moles a seat brings hardly matters (guide vs good, 80 whole games: 1 mole
#     against 3 won 5 of 12); the disc rows at the lift and who moves first do;
#   * from the layer above the last the guide wins 57.5% (good's own 50%), the expert at 200
#     iterations 59.5% (+9.5% a position, standard error 2.9%); with the race odds alone on
#     that layer (before_last 1.0) 48%, 0.5: 52%, 0.15: 50.5%, 0.0: 48%; without its
#     temperature (k = 1.0) 50%, k = 0.3: 56.5%;
#   * from the second layer on, the guide wins 48% (standard error 3.1%): the expert's edge,
#     where it has one, comes from the last two layers;
#   * the stall-aware lone mover (``lone_odds``): the guide 58.5% from the layer above the
#     last, 48.5% from the second (without it: 57.5% and 48%); the expert at 200 iterations
#     57% from the layer above the last (without it 59.5%; paired difference -2.5%, standard
#     error 1.3%).  Within the noise both ways; kept because the certain projection misjudged
#     exactly the positions where a seat can be put out (switch: ``lone_odds``).


EXPERT = {
    # from_view rebuilds the boards (slow): a few deals are kept and cloned.  The calibrated
    # values lie closer together than the raw equity (about half the lead in logit), so the
    # exploration constant and the margin for overruling the guide are about halved as well:
    # 40 paired games at 200 iterations a move against good (seeds 100-139): raw equity with
    # c 0.5 14 wins, calibrated with c 0.5 20, calibrated with c 0.25 and margin 0.01 24.
    # Four players (the overrule bar there is expert.py's multi_margin 0.08 and three standard
    # errors), 80 games at 100 iterations a move against good, seeds 22000-22079: as set 24
    # wins, multi_margin 0.03 21, never overruling the guide 24, without the four-seat
    # temperatures 21 - the search adds nothing measurable with four seats; what the guide
    # and the leaf value gain from the temperatures does.
    # Two players against good, seeds 20000-20059 (as set: 29 of 60 at 200 iterations a
    # move, 37 at 1,000, 39 at 2,000): the root narrowed to the guide's first 6 options (the
    # ``width`` setting, ranked by its one-ply equity) 30 at 200 (and 26 of 60 from seed 21000,
    # as set 30) but 26 at 1,000 - the search's gains come from options the guide ranks low;
    # overruling the guide more readily (margin 0, one standard error) 34 at 1,000; at
    # 4,000 iterations (what the default think time reaches in one process) 39, as at 2,000.
    "tuning": {"depth": 0, "c": 0.25, "margin": 0.01, "pool": True},
    "evaluate": expert_value,
    "guide": expert_guide,
    "key": action_id,
}
