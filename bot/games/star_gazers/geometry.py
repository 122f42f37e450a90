"""The fixed geometry of a 4 x 4 Mural, computed once: edges, groups, rotations, half matching.

Star positions for Constellations are numbered ``0..15`` for squares and ``16 + e`` for the
24 inner edges, so a Mural's stars and a rotated card pattern are both bit masks and matching
is one ``&`` and a popcount.
"""

from __future__ import annotations

from functools import cache

from bot.games.star_gazers.components import PLANETS, Constellation

SIZE = 4
CELLS = 16
N, E, S, W = 0, 1, 2, 3
CENTRE = (5, 6, 9, 10)  # a Solar System's Sun must sit in one of these


def row(cell: int) -> int:
    return cell // SIZE


def col(cell: int) -> int:
    return cell % SIZE


def _edges() -> tuple[tuple[int, int, int, int], ...]:
    """``(a, b, side of a facing b, side of b facing a)`` for every inner edge, a < b."""
    out = []
    for cell in range(CELLS):
        if col(cell) < SIZE - 1:
            out.append((cell, cell + 1, E, W))
        if row(cell) < SIZE - 1:
            out.append((cell, cell + SIZE, S, N))
    return tuple(out)


EDGES = _edges()
EDGE_INDEX = {(a, b): i for i, (a, b, _, _) in enumerate(EDGES)}


def _neighbours() -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each square, ``(side, neighbour)`` pairs inside the Mural."""
    out = []
    for cell in range(CELLS):
        near = []
        if row(cell) > 0:
            near.append((N, cell - SIZE))
        if col(cell) < SIZE - 1:
            near.append((E, cell + 1))
        if row(cell) < SIZE - 1:
            near.append((S, cell + SIZE))
        if col(cell) > 0:
            near.append((W, cell - 1))
        out.append(tuple(near))
    return tuple(out)


NEIGHBOURS = _neighbours()

PAIRS = tuple((a, b) for a, b, _, _ in EDGES)  # Adjacent Tiles groups
LINES = tuple(tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)) + tuple(
    tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)
)  # Row/Column groups


def ring(cell: int) -> tuple[int, ...]:
    """The eight squares around a centre square (a Solar System's planets)."""
    r, c = row(cell), col(cell)
    return tuple(
        (r + dr) * SIZE + c + dc
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= r + dr < SIZE and 0 <= c + dc < SIZE
    )


RINGS = {cell: ring(cell) for cell in CENTRE}


def group_edges(cells: tuple[int, ...]) -> tuple[int, ...]:
    """Inner edges with at least one side in ``cells``: a whole icon half inside counts."""
    inside = set(cells)
    return tuple(i for i, (a, b, _, _) in enumerate(EDGES) if a in inside or b in inside)


@cache
def edges_of_group(cells: tuple[int, ...]) -> tuple[int, ...]:
    return group_edges(cells)


def side_after(edges: tuple, rotation: int, side: int) -> str | None:
    """The half icon a tile turned ``rotation`` quarter turns clockwise shows on ``side``."""
    return edges[(side - rotation) % 4]


def rotated(edges: tuple, rotation: int) -> list[str | None]:
    return [edges[(side - rotation) % 4] for side in range(4)]


def match(a: str | None, b: str | None) -> str | None:
    """What two halves facing each other make: "star", "planet" or nothing.

    Same planet kinds pair; a wild half pairs with any planet half but never with another wild.
    """
    if a is None or b is None:
        return None
    if a == "star" or b == "star":
        return "star" if a == b else None
    if a == "wild" or b == "wild":
        return "planet" if a != b else None
    return "planet" if a == b and a in PLANETS else None


def turn_cell(cell: int) -> int:
    """A square after turning the whole Mural a quarter clockwise."""
    return col(cell) * SIZE + (SIZE - 1 - row(cell))


def pattern_mask(cells: tuple[int, ...], edges: tuple[tuple[int, int], ...], turns: int) -> int:
    mask = 0
    for cell in cells:
        for _ in range(turns):
            cell = turn_cell(cell)
        mask |= 1 << cell
    for a, b in edges:
        for _ in range(turns):
            a, b = turn_cell(a), turn_cell(b)
        mask |= 1 << (CELLS + EDGE_INDEX[(min(a, b), max(a, b))])
    return mask


@cache
def constellation_masks(card: Constellation) -> tuple[int, int, int, int]:
    """The card's star positions under 0, 1, 2 and 3 quarter turns."""
    return tuple(pattern_mask(card.cells, card.edges, k) for k in range(4))  # type: ignore[return-value]
