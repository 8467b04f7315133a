"""Gopher's Pantry: the searches of the rules - which signed totals a hand can make (the
combinations of a collection) and where a token can end a move of exactly the roll through the
tunnels of a page (leapfrogs, no hole twice)."""
from __future__ import annotations

from .data import DIGGER, Page, card_value

OFF = 256                      # bit offset of the signed-sum bit masks


def reach(values, subtract: bool) -> int:
    """Bit mask of every signed total of a sub-multiset of ``values`` (bit OFF + total)."""
    m = 1 << OFF
    if subtract:
        for v in values:
            m |= (m << v) | (m >> v)
    else:
        for v in values:
            m |= m << v
    return m


def can_make(values, amount: int, subtract: bool) -> bool:
    return amount > 0 and bool(reach(values, subtract) >> (OFF + amount) & 1)


def eligible(hand, what: str) -> list:
    """The hand cards that may be used at a sign (its kind; any provision at a store)."""
    if what == "store":
        return [c for c in hand if c != DIGGER]
    prefix = what + ":"
    return [c for c in hand if c.startswith(prefix)]


def combinations(hand, what: str, amount: int, subtract: bool, limit: int = 5000) -> list:
    """Every distinct (add, sub) pair of sorted code lists that makes ``amount`` at a sign of
    ``what`` (at most ``limit``).  For computer players and tests."""
    cards = sorted(eligible(hand, what))
    distinct = sorted(set(cards))
    counts = [cards.count(c) for c in distinct]
    out = []

    def rec(i, total, add, sub):
        if len(out) >= limit:
            return
        if i == len(distinct):
            if total == amount and add:
                out.append((list(add), list(sub)))
            return
        c, v, n = distinct[i], card_value(distinct[i]), counts[i]
        for a in range(n + 1):
            for s in range(n - a + 1 if subtract else 1):
                rec(i + 1, total + (a - s) * v, add + [c] * a, sub + [c] * s)
    rec(0, 0, [], [])
    return out


# ------------------------------------------------------------------------------------------
# moves
# ------------------------------------------------------------------------------------------
_PLAIN: dict = {}      # (page, start, steps, by_jumps) -> move_options with no token met
PLAIN_CACHE = 4096


def move_options(page: Page, start: int, steps: int, occupied: dict, by_jumps: bool) -> list:
    """Every end hole reachable from ``start`` in exactly ``steps`` steps: a list of
    (end, path, hops) with the first path found per end hole (per end and set of jumped seats
    when ``by_jumps``).  ``occupied``: hole -> seat of the other tokens.  A hop is
    (from, to, [jumped holes]).  A depth-first search over simple paths that skips a position
    (hole, steps left, holes used, seats jumped) it has already searched from.

    When no other token is within ``steps`` tunnels of ``start``, no path can meet one (the
    first token met lies at most ``steps`` tunnels away), so the answer is that of the empty
    page: it is remembered per page, start and steps (fresh lists each time)."""
    return [(e, p, [(x, y, list(o)) for x, y, o in h])
            for e, p, h in _move_options(page, start, steps, occupied, by_jumps)]


def _move_options(page: Page, start: int, steps: int, occupied: dict, by_jumps: bool) -> list:
    """move_options with each hop's jumped holes a tuple and the hops a tuple (shared, not
    copied: the rules copy them into lists only for the move carried out)."""
    if occupied:
        ball = page.balls()[start]
        near = ball[steps] if steps < len(ball) else ball[-1]
        for h in occupied:
            if near >> h & 1:
                return _search_moves(page, start, steps, occupied, by_jumps)
    key = (page, start, steps, by_jumps)
    got = _PLAIN.get(key)
    if got is None:
        if len(_PLAIN) >= PLAIN_CACHE:
            _PLAIN.clear()
        got = _PLAIN[key] = tuple((e, tuple(p), h)
                                  for e, p, h in _search_moves(page, start, steps, {}, by_jumps))
    return [(e, list(p), h) for e, p, h in got]


def _jump_landings(adj, occupied, prev: int, at: int, over: tuple) -> list:
    """Landing holes of a jump that has passed ``over`` (ending at occupied ``at``), each as
    (landing hole, the holes jumped, bit mask of the landing and jumped holes), the holes the
    move used before not yet left out: a move passes no hole twice, landed on or jumped over
    (RULINGS), so a searcher drops a landing whose mask meets the holes used.  Both move
    searches share it."""
    out = []
    for m in adj[at]:
        if m == prev or m in over:
            continue
        if m in occupied:
            out += _jump_landings(adj, occupied, at, m, over + (m,))
        else:
            mask = 1 << m
            for h in over:
                mask |= 1 << h
            out.append((m, over, mask))
    return out


def _search_ends(page: Page, start: int, steps: int, occupied: dict) -> list:
    """_search_moves without baskets (one entry per end hole): the same search, in the same
    order, with the path and hops so far kept on two stacks (copied only for an end hole found)
    and the positions remembered without the seats jumped (they make no difference to the end
    holes), as one number each (holes visited, hole, steps left)."""
    if steps == 0:
        return [(start, [start], ())]
    adj = page.adj
    nb = page.neighbour_bits()
    found: dict = {}
    done: set = set()
    landings: dict = {}
    ends = len(adj) - len(occupied) - 1     # every end hole found: stop early
    near = page.neighbours()
    occ_mask = 0
    for h in occupied:
        occ_mask |= 1 << h
    path = [start]
    hops: list = []
    push_p, pop_p, push_h, pop_h = path.append, path.pop, hops.append, hops.pop

    def rec(at, left, vis):
        """True once every end hole is found."""
        left -= 1                           # the steps left after this one
        for n, b in nb[at]:
            if vis & b:
                continue
            if occ_mask & b:
                got = landings.get(at << 10 | n)
                if got is None:
                    got = landings[at << 10 | n] = _jump_landings(adj, occupied, at, n, (n,))
                for land, over, lb in got:
                    if vis & lb:            # a hole landed on or jumped over before
                        continue
                    if left:
                        v = vis | lb
                        if left == 1 and not near[land] & occ_mask:
                            push_p(land)
                            push_h((at, land, over))
                            r = leaf(land, v)
                        else:
                            key = v << 13 | land << 3 | left
                            if key in done:
                                continue
                            done.add(key)
                            push_p(land)
                            push_h((at, land, over))
                            r = rec(land, left, v)
                        pop_p()
                        pop_h()
                        if r:
                            return True
                    elif land not in found:
                        found[land] = (land, path + [land], (*hops, (at, land, over)))
                        if len(found) >= ends:
                            return True
            elif not left:
                if n not in found:
                    found[n] = (n, path + [n], (*hops, (at, n, ())))
                    if len(found) >= ends:
                        return True
            else:
                v = vis | b
                if left == 1 and not near[n] & occ_mask:
                    push_p(n)
                    push_h((at, n, ()))
                    r = leaf(n, v)
                else:
                    key = v << 13 | n << 3 | left
                    if key in done:
                        continue
                    done.add(key)
                    push_p(n)
                    push_h((at, n, ()))
                    r = rec(n, left, v)
                pop_p()
                pop_h()
                if r:
                    return True
        return False

    def leaf(at, vis):
        """The last step from ``at`` when no token is next to it: its free neighbours not
        found yet, in order (True: every end hole is found)."""
        for n, b in nb[at]:
            if vis & b or n in found:
                continue
            found[n] = (n, path + [n], (*hops, (at, n, ())))
            if len(found) >= ends:
                return True
        return False

    rec(start, steps, 1 << start)
    return list(found.values())


def _search_moves(page: Page, start: int, steps: int, occupied: dict, by_jumps: bool) -> list:
    """_move_options' search itself (not remembered): (end, path, hops) with the hops a tuple
    of (from, to, tuple of jumped holes)."""
    if not by_jumps:
        return _search_ends(page, start, steps, occupied)
    return _walk_moves(page, start, steps, occupied, by_jumps)


def _walk_moves(page: Page, start: int, steps: int, occupied: dict, by_jumps: bool) -> list:
    """The move search for both kinds of answer (with baskets: per end and set of seats
    jumped); _search_ends is the quicker form of it without baskets."""
    adj = page.adj
    found: dict = {}
    path = [start]
    hops: list = []
    done: set = set()
    ends = len(adj) - len(occupied) - 1     # every end hole found: stop early (no baskets)

    landings: dict = {}

    def jumps(at, n, vis):
        """Landing holes (and holes jumped) of a jump from ``at`` over occupied ``n``."""
        got = landings.get(at << 10 | n)
        if got is None:
            got = landings[at << 10 | n] = _jump_landings(adj, occupied, at, n, (n,))
        return [x for x in got if not vis & x[2]]

    def rec(at, left, vis, jm):
        if left == 0:
            key = (at, jm) if by_jumps else at
            if key not in found:
                found[key] = (at, list(path), tuple(hops))
            return
        pos = (at, left, vis, jm)
        if pos in done:
            return
        done.add(pos)
        for n in adj[at]:
            if vis >> n & 1:
                continue
            if n in occupied:
                for land, over, lb in jumps(at, n, vis):
                    m = jm
                    for h in over:
                        m |= 1 << occupied[h]
                    if left == 1:    # the last step: what rec(land, 0, ...) does, in place
                        key = (land, m) if by_jumps else land
                        if key in found:
                            continue
                    path.append(land)
                    hops.append((at, land, over))
                    if left == 1:
                        found[key] = (land, list(path), tuple(hops))
                    else:
                        rec(land, left - 1, vis | lb, m)
                    hops.pop()
                    path.pop()
            elif left == 1:
                key = (n, jm) if by_jumps else n
                if key not in found:
                    found[key] = (n, path + [n], (*hops, (at, n, ())))
            elif left == 2:
                path.append(n)
                hops.append((at, n, ()))
                last(n, vis | 1 << n, jm)
                hops.pop()
                path.pop()
            else:
                path.append(n)
                hops.append((at, n, ()))
                rec(n, left - 1, vis | 1 << n, jm)
                hops.pop()
                path.pop()
            if not by_jumps and len(found) >= ends:
                return

    def last(at, vis, jm):
        """rec(at, 1, vis, jm) without remembering the position (a last step is cheap)."""
        for n in adj[at]:
            if vis >> n & 1:
                continue
            if n in occupied:
                for land, over, _ in jumps(at, n, vis):
                    m = jm
                    for h in over:
                        m |= 1 << occupied[h]
                    key = (land, m) if by_jumps else land
                    if key in found:
                        continue
                    path.append(land)
                    hops.append((at, land, over))
                    found[key] = (land, list(path), tuple(hops))
                    hops.pop()
                    path.pop()
            else:
                key = (n, jm) if by_jumps else n
                if key not in found:
                    found[key] = (n, path + [n], (*hops, (at, n, ())))
            if not by_jumps and len(found) >= ends:
                return
    rec(start, steps, 1 << start, 0)
    return list(found.values())


