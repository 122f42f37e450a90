"""Exact integer geometry in the plane, for the games that draw figures on grids and star maps
(Observatory's constellation cards, A Sky of Stars' strokes).

Points have integer coordinates, so every test is done with integer cross products: no rounding
can make a legal figure look illegal or the other way round.
"""

from __future__ import annotations

Point = tuple[int, int]


def _cross(a: Point, b: Point, c: Point) -> int:
    """Positive when ``c`` is left of the line ``ab``, negative when right, 0 on it."""
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _within_box(a: Point, b: Point, p: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def on_segment(p: Point, a: Point, b: Point) -> bool:
    """Whether point ``p`` lies on the closed segment ``ab``."""
    return _cross(a, b, p) == 0 and _within_box(a, b, p)


def segments_touch(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether the closed segments ``ab`` and ``cd`` share a point: a crossing, a touch or a
    collinear overlap."""
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return (
        (d1 == 0 and _within_box(c, d, a))
        or (d2 == 0 and _within_box(c, d, b))
        or (d3 == 0 and _within_box(a, b, c))
        or (d4 == 0 and _within_box(a, b, d))
    )
