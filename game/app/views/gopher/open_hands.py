"""The Gopher's Pantry board with everything open (watching a finished game again): every
hand shows, face up, in its seat's box, and the strip under the book shows the hand of the
seat that acts (the one paying, else the one whose turn it is) with its token.  Live play
never gets such a view (``open`` is set only by the rules' ``open_view``)."""
from __future__ import annotations

from ... import ui
from ...board import draw


class GopherOpenHands:
    """Mixin of ``GopherView``: drawing of the hands an open view holds."""

    def is_open(self) -> bool:
        return bool((self.view or {}).get("open"))

    def hand_owner(self):
        """The seat whose hand the strip shows: the viewing seat, or with everything open the
        seat paying (else the one whose turn it is)."""
        v = self.view or {}
        if not v.get("open"):
            return self.seat
        for key in ("collector", "active", "current_player"):
            if isinstance(v.get(key), int):
                return v[key]
        return None

    def owner_pad(self) -> int:
        """Room for the owner's token at the left of the strip (everything open only)."""
        return self._px(30) if self.is_open() and self.hand_owner() is not None else 0

    def draw_owner_token(self, surface) -> None:
        s = self.hand_owner()
        if not self.owner_pad() or s is None:
            return
        hr = self.hand_rect
        tok = self.token(s, self._px(12))
        surface.blit(tok, tok.get_rect(center=(hr.x + self._px(12) + self._px(13), hr.y + self._px(22))))

    def draw_open_hand(self, surface, cards: list, x: int, y: int, w: int) -> None:
        """A seat's hand in its box, small and face up, overlapping when it is long."""
        cw, ch = self._px(16), self._px(23)
        if not cards:
            t = draw.text(self.assets, "–", self._px(14), ui.colour("text_muted"))
            surface.blit(t, (x, y))
            return
        step = cw + self._px(2)
        if len(cards) * step > w:
            step = max(self._px(6), (w - cw) // max(1, len(cards) - 1))
        for i, code in enumerate(cards):
            surface.blit(self.card(code, cw, ch), (x + i * step, y))
