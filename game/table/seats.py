"""Who sits at a table: one ``Seat`` a player, with a kind.

    human     a person at this computer (the name is kept from older saves: "human")
    computer  a computer player of a level (``game.ai.LEVELS``), run by the table's host
    remote    a person at another computer, whose moves come over the network

A seat is a plain record (``to_dict``/``from_dict``), the same in saves and on the wire.
"""
from __future__ import annotations

from dataclasses import dataclass

HUMAN, COMPUTER, REMOTE = "human", "computer", "remote"
KINDS = (HUMAN, COMPUTER, REMOTE)
PEOPLE = (HUMAN, REMOTE)           # the kinds a person plays
NAME_LIMIT = 40                    # characters of a seat's name


@dataclass
class Seat:
    name: str
    colour: int = 0
    kind: str = HUMAN
    level: str = "good"

    @property
    def person(self) -> bool:
        return self.kind in PEOPLE

    def to_dict(self) -> dict:
        # its fields are plain values: a shallow copy is asdict's answer, without its deep walk
        # (the screens ask for the seats several times a frame)
        return dict(self.__dict__)

    @classmethod
    def from_dict(cls, d: dict) -> "Seat":
        """A seat from a record that was already checked (a save's or the set-up's)."""
        kind = d.get("kind", HUMAN)
        if kind not in KINDS:
            raise ValueError(f"unknown kind of seat {kind!r}")
        colour = d.get("colour", 0)
        if isinstance(colour, bool) or not isinstance(colour, int):
            raise ValueError(f"a seat's colour is a number, not {colour!r}")
        return cls(name=str(d.get("name", ""))[:NAME_LIMIT], colour=colour, kind=kind,
                   level=str(d.get("level") or "good"))


def as_seats(seats) -> list[Seat]:
    """Seats from ``Seat`` objects or dicts (the set-up screen's and the saves' shape)."""
    return [s if isinstance(s, Seat) else Seat.from_dict(s) for s in seats]
