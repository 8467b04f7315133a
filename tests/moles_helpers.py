"""Helpers to set up exact Mole Dig positions for rule tests."""
from __future__ import annotations

from game.rules import new_game


def position(players=2, layer=0, moles=None, current=0, step="turn", championship=False,
             face_down=None):
    """A game in play with layers unrotated and moles exactly where given.

    moles: {seat: [(q, r), ...]}; seats not named have no mole left.
    face_down: {seat: [values]} to force the next disc(s).
    """
    st = new_game("moles", players, seed=1,
                  options={"rotations": "chosen", "championship": championship})
    for m in st.moles:
        m["at"] = None
    st.to_place = [0] * players
    for seat, points in (moles or {}).items():
        mine = [m for m in st.moles if m["seat"] == seat]
        assert len(points) <= len(mine)
        for m, p in zip(mine, points):
            m["at"] = [p[0], p[1]]
    st.layer = layer
    st.step = step
    st.current_player = current
    for seat, values in (face_down or {}).items():
        st.face_down[seat] = list(values)
        st.face_up[seat] = []
    st._init_cache()
    return st


def force_disc(st, seat, value):
    st.face_down[seat] = [value]
    st.face_up[seat] = []
    st._legal = None


def moves(st):
    return {(tuple(a["frm"]), tuple(a["to"])) for a in st.legal_actions() if a["type"] == "move"}


def act(st, type_, **fields):
    for a in st.legal_actions():
        if a["type"] == type_ and all(a.get(k) == v for k, v in fields.items()):
            return st.apply(a)
    raise AssertionError(f"no legal {type_} {fields}: {[dict(a) for a in st.legal_actions()]}")


def move(st, frm, to):
    return act(st, "move", frm=list(frm), to=list(to))
