"""Exact geometry of constellations on the Star Map and the placement finder.

Stars are cell centres (integer points); lines are straight segments between them. Two
constellations "touch" when any segment of one shares any point with a segment of the other
(crossing, overlapping, or ending on a star or a line), which also covers a line running through
another constellation's star, since every star of a constellation ends one of its lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from bot.games.observatory.components import card, rotate
from bot.games.observatory.model import SIZE, cell_name
from bot.games.plane import Point, segments_touch
from bot.i18n.msg import M_

Segment = tuple[int, int]  # two cell indices


@dataclass(frozen=True)
class Orientation:
    rotation: int  # degrees clockwise
    offsets: tuple[Point, ...]  # each star relative to the card's first star
    lines: tuple[tuple[int, int], ...]

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """Rows and columns an anchor may take: (row low, row high, col low, col high), inclusive."""
        rows = [dr for dr, _ in self.offsets]
        cols = [dc for _, dc in self.offsets]
        return -min(rows), SIZE - 1 - max(rows), -min(cols), SIZE - 1 - max(cols)


@dataclass(frozen=True)
class Placement:
    card: str
    rotation: int
    anchor: int
    cells: tuple[int, ...]
    segments: tuple[Segment, ...]

    @property
    def id(self) -> str:
        return f"{self.rotation}-{cell_name(self.anchor)}"

    @property
    def name(self) -> str:
        """How the placement reads in a list ("rotated 90°, anchored at C4"), translated where read."""
        cell = cell_name(self.anchor)
        if self.rotation == 0:
            return M_("as printed, anchored at {cell}", cell=cell)
        return M_("rotated {degrees}°, anchored at {cell}", degrees=self.rotation, cell=cell)

    def as_dict(self) -> dict:
        return {
            "id": self.id,
            "rotation": self.rotation,
            "anchor": cell_name(self.anchor),
            "name": self.name,
            "cells": [cell_name(c) for c in self.cells],
            "segments": [[cell_name(a), cell_name(b)] for a, b in self.segments],
        }


@cache
def orientations(card_id: str) -> tuple[Orientation, ...]:
    """The card's distinct rotations (a symmetric figure has fewer than four)."""
    data = card(card_id)
    seen: set[tuple] = set()
    out: list[Orientation] = []
    for turns in range(4):
        pts = rotate(data.stars, turns)
        r0, c0 = pts[0]
        offsets = tuple((r - r0, c - c0) for r, c in pts)
        low_r, low_c = min(p[0] for p in offsets), min(p[1] for p in offsets)
        shape = (
            frozenset((r - low_r, c - low_c) for r, c in offsets),
            frozenset(
                frozenset(
                    (
                        (offsets[i][0] - low_r, offsets[i][1] - low_c),
                        (offsets[j][0] - low_r, offsets[j][1] - low_c),
                    )
                )
                for i, j in data.lines
            ),
        )
        if shape in seen:
            continue
        seen.add(shape)
        out.append(Orientation(turns * 90, offsets, data.lines))
    return tuple(out)


def _point(cell: int) -> Point:
    return divmod(cell, SIZE)


def touches(segments: tuple[Segment, ...], existing: tuple[Segment, ...]) -> bool:
    """Whether any of ``segments`` touches any of ``existing`` (cells as indices)."""
    for a, b in segments:
        pa, pb = _point(a), _point(b)
        for c, d in existing:
            if segments_touch(pa, pb, _point(c), _point(d)):
                return True
    return False


def place(orientation: Orientation, anchor: int) -> tuple[int, ...] | None:
    """The cells of ``orientation`` with its first star on ``anchor``, or None if off the map."""
    r0, c0 = divmod(anchor, SIZE)
    cells = []
    for dr, dc in orientation.offsets:
        r, c = r0 + dr, c0 + dc
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            return None
        cells.append(r * SIZE + c)
    return tuple(cells)


def find_placements(card_id: str, unused: frozenset[int], existing: tuple[Segment, ...]) -> list[Placement]:
    """Every legal way to complete ``card_id`` on the ``unused`` stars, given the lines drawn so far.

    Rule A holds because only unused stars are candidates; rule B by using rotations only; rule
    C by refusing any segment that touches an existing one.
    """
    return list(_find(card_id, unused, frozenset(existing)))


@cache
def _compiled(card_id: str) -> tuple[tuple[Orientation, tuple[int, int, int, int], tuple[int, ...]], ...]:
    """Per orientation: its anchor bounds and each star's index offset from the anchor cell."""
    return tuple((o, o.bounds, tuple(dr * SIZE + dc for dr, dc in o.offsets)) for o in orientations(card_id))


@lru_cache(maxsize=8192)
def _find(card_id: str, unused: frozenset[int], existing: frozenset[Segment]) -> tuple[Placement, ...]:
    drawn = tuple(existing)
    out: list[Placement] = []
    if len(unused) < len(card(card_id).stars):
        return ()
    for orientation, (r_lo, r_hi, c_lo, c_hi), deltas in _compiled(card_id):
        anchors = set(unused)
        for d in deltas[1:]:  # anchors whose every star lands on an unused star
            anchors &= {u - d for u in unused}
            if not anchors:
                break
        for anchor in sorted(anchors):
            r0, c0 = divmod(anchor, SIZE)
            if not (r_lo <= r0 <= r_hi and c_lo <= c0 <= c_hi):
                continue
            cells = tuple(anchor + d for d in deltas)
            segments = tuple((cells[i], cells[j]) for i, j in orientation.lines)
            if drawn and touches(segments, drawn):
                continue
            out.append(Placement(card_id, orientation.rotation, anchor, cells, segments))
    return tuple(out)
