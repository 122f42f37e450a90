"""What one seat may do on one vault: starting stars, strokes and cancellations.

A seat's vault in the state holds labels; ``Board`` turns it into bit masks over star indices
once, so listing every legal stroke costs a few hundred integer operations.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from bot.games.base import IllegalAction
from bot.games.sky_of_stars.components import Shape
from bot.games.sky_of_stars.geometry import Geometry, default_geometry
from bot.i18n.msg import M_, N_

WRONG_SHAPE_TEXT = {
    Shape.FOUR: N_("This roll needs a four-pointed star, and {star} is not one."),
    Shape.FIVE: N_("This roll needs a five-pointed star, and {star} is not one."),
    Shape.EIGHT: N_("This roll needs an eight-pointed star, and {star} is not one."),
}


def _mask(indices: Any) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


class Board:
    """One seat's vault as masks: used stars, cancelled stars and this round's constellation."""

    def __init__(self, vault: dict[str, Any], geometry: Geometry | None = None) -> None:
        self.geo = geometry or default_geometry()
        index = self.geo.vault.index
        self.cancelled = _mask(index[label] for label in vault["cancelled"])
        self.past_used = _mask(index[label] for past in vault["past"] for label in past["stars"])
        self.current = [index[label] for label in vault["current"]["stars"]]
        self.used = self.past_used | _mask(self.current)
        self._past_strokes = [(index[a], index[b]) for past in vault["past"] for a, b in past["strokes"]]
        self._blocked: int | None = None

    @property
    def blocked(self) -> int:
        """Mask of every stroke that would touch a line of an earlier constellation."""
        if self._blocked is None:
            mask = 0
            for a, b in self._past_strokes:
                mask |= self.geo.touching(a, b)
            self._blocked = mask
        return self._blocked

    def label(self, i: int) -> str:
        return self.geo.vault.stars[i].label

    def _labels(self, mask: int) -> list[str]:
        return [self.label(i) for i in range(self.geo.size) if mask >> i & 1]

    def start_stars(self) -> list[str]:
        """Stars a new constellation may begin on: outside earlier ones and not cancelled."""
        return self._labels(~(self.past_used | self.cancelled) & ((1 << self.geo.size) - 1))

    def unused_stars(self) -> list[str]:
        """Stars a neighbour may cancel: in no constellation, this round's included, not cancelled."""
        return self._labels(~(self.used | self.cancelled) & ((1 << self.geo.size) - 1))

    def _targets(self, shape: Shape | None) -> list[int]:
        stars = self.geo.vault.stars
        taken = self.used | self.cancelled
        return [
            i
            for i in range(self.geo.size)
            if not taken >> i & 1 and (shape is None or stars[i].shape is shape)
        ]

    def _clear(self, a: int, b: int) -> bool:
        geo = self.geo
        return not geo.under(a, b) & ~self.cancelled and not self.blocked >> geo.pair(a, b) & 1

    def stroke_moves(self, shape: Shape | None) -> dict[str, list[str]]:
        """Every legal stroke for a roll demanding ``shape`` (``None``: any), by starting star."""
        targets = self._targets(shape)
        moves: dict[str, list[str]] = {}
        for a in self.current:
            ends = [self.label(b) for b in targets if self._clear(a, b)]
            if ends:
                moves[self.label(a)] = ends
        return moves

    def has_stroke(self, shape: Shape | None) -> bool:
        targets = self._targets(shape)
        return any(self._clear(a, b) for a in self.current for b in targets)

    def stroke_error(self, shape: Shape | None, start: str, end: str) -> str | None:
        """Why the stroke ``start``-``end`` is refused, in words for the player; ``None`` if legal."""
        index = self.geo.vault.index
        a, b = index[start], index[end]
        if a not in self.current:
            return M_("{star} is not part of your constellation this round.", star=start)
        if self.used >> b & 1:
            return M_("{star} is already part of one of your constellations.", star=end)
        if self.cancelled >> b & 1:
            return M_("{star} has been cancelled on your vault.", star=end)
        if shape is not None and self.geo.vault.stars[b].shape is not shape:
            return M_(WRONG_SHAPE_TEXT[shape], star=end)
        under = self.geo.under(a, b) & ~self.cancelled
        if under:
            return M_("That stroke would pass over {stars}.", stars=", ".join(self._labels(under)))
        if self.blocked >> self.geo.pair(a, b) & 1:
            return M_("That stroke would cross or touch a line of one of your earlier constellations.")
        return None


_LABEL = re.compile(r"[A-Ha-h][1-6]")
_BETWEEN = re.compile(r"\s*(?:[-,;>→–—]+|\bto\b)?\s*")


def parse_line(typed: str) -> tuple[str, str]:
    """A typed line as ``(from, to)``: exactly two star labels, e.g. ``C4 D5``, ``c4-d5`` or
    ``C4 → D5``. Anything else is refused with what to type, so a slip never draws a line."""
    text = unicodedata.normalize("NFKC", typed).strip()  # a full-width Ｃ４ is C4
    labels: list[str] = []
    at = 0
    while at < len(text) and len(labels) <= 2:
        if labels:
            gap = _BETWEEN.match(text, at)
            at = gap.end() if gap else at
        found = _LABEL.match(text, at)
        glued = found is not None and found.end() < len(text) and text[found.end()].isalnum()
        if found is None or (glued and _LABEL.match(text, found.end()) is None):
            raise IllegalAction(
                M_(
                    "Type exactly two star labels, like `C4 D5` (columns A–H, rows 1–6); {typed} isn't one.",
                    typed=repr(text[at:].split()[0][:8]),
                )
            )
        labels.append(found.group().upper())
        at = found.end()
    if len(labels) != 2:
        raise IllegalAction(
            M_("Type exactly two star labels, like `C4 D5`: where the line starts and where it ends.")
        )
    start, end = labels
    if start == end:
        raise IllegalAction(M_("You typed {star} twice: a line joins two different stars.", star=start))
    return start, end
