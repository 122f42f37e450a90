"""Exact integer geometry on the vault, with the static parts computed once per process.

Stars are points with integer coordinates, so every test here is done with integer cross and
dot products: no rounding can make a legal stroke look illegal or the other way round.
"""

from __future__ import annotations

from functools import cache

from bot.games.plane import Point, segments_touch
from bot.games.sky_of_stars.components import Vault, load_vault


def passes_over(a: Point, b: Point, c: Point, radius: int) -> bool:
    """True if the centre ``c`` lies within ``radius`` of the segment a-b, endpoints excluded."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = (c[0] - a[0]) * dx + (c[1] - a[1]) * dy
    if 0 < t < length2:
        cross = dx * (c[1] - a[1]) - dy * (c[0] - a[0])
        return cross * cross <= radius * radius * length2
    # closest to an endpoint: only a star overlapping that endpoint can be that close
    nearest = a if t <= 0 else b
    return (c[0] - nearest[0]) ** 2 + (c[1] - nearest[1]) ** 2 <= radius * radius


class Geometry:
    """Which stars lie under each possible stroke, and which strokes touch which.

    Both are bit masks: bit ``k`` of ``under(a, b)`` is star ``k``; bit ``pair(c, d)`` of
    ``touching(a, b)`` is the stroke c-d. Masks turn a legality check into a few integer ops.
    """

    def __init__(self, vault: Vault) -> None:
        self.vault = vault
        self.size = len(vault.stars)
        self.points: list[Point] = [(s.x, s.y) for s in vault.stars]
        r = vault.star_radius
        n = self.size
        self._under = [[0] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                mask = 0
                for k in range(n):
                    if k not in (i, j) and passes_over(self.points[i], self.points[j], self.points[k], r):
                        mask |= 1 << k
                self._under[i][j] = self._under[j][i] = mask
        self._touching: dict[int, int] = {}

    def pair(self, a: int, b: int) -> int:
        """One id per unordered pair of stars: the bit that stands for the stroke a-b."""
        return a * self.size + b if a < b else b * self.size + a

    def under(self, a: int, b: int) -> int:
        return self._under[a][b]

    def touching(self, a: int, b: int) -> int:
        """Mask of every possible stroke that shares a point with a-b (computed on first use)."""
        key = self.pair(a, b)
        mask = self._touching.get(key)
        if mask is None:
            p, q = self.points[a], self.points[b]
            left, right = min(p[0], q[0]), max(p[0], q[0])
            top, bottom = min(p[1], q[1]), max(p[1], q[1])
            pts, n = self.points, self.size
            mask = 0
            for c in range(n):
                for d in range(c + 1, n):
                    r, s = pts[c], pts[d]
                    # bounding boxes that do not meet cannot hold a common point
                    if (
                        max(r[0], s[0]) < left
                        or min(r[0], s[0]) > right
                        or max(r[1], s[1]) < top
                        or min(r[1], s[1]) > bottom
                    ):
                        continue
                    if segments_touch(p, q, r, s):
                        mask |= 1 << (c * n + d)
            self._touching[key] = mask
        return mask


@cache
def default_geometry() -> Geometry:
    return Geometry(load_vault())
