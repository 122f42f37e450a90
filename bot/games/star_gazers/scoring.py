"""Reading a Mural: whole icons on edges, Journal cards, Constellations and the final score.

A player's board is the plain dict stored in the state (see ``model.new_player``). Scoring takes
a ``Catalog`` so the rulebook's scoring example can be rebuilt in a test with its own tiles.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from bot.games.star_gazers.components import Card, Catalog, Constellation
from bot.games.star_gazers.geometry import (
    CELLS,
    EDGES,
    LINES,
    PAIRS,
    RINGS,
    constellation_masks,
    edges_of_group,
    match,
    side_after,
)

PHOTO_POINTS = (0, 1, 2, 5, 8, 12)
# Points by stars matched, 0 to 6 (a single star scores nothing; three points more per star).
CONSTELLATION_POINTS = (0, 0, 4, 7, 10, 13, 16)
TELESCOPE_POINTS = 3
ICON_POINTS = {"comet": 1, "meteor": 1, "moon": 1, "station": 1, "black_hole": 2, "planet": 2}
# What a circular token on top of a square adds to Journal counts ("star_token" is a Star token,
# which only a Star* requirement accepts).
TOKEN_ICON = {
    "photo": "photo",
    "star": "star_token",
    "sun": "sun",
    "black_hole": "black_hole",
    "meteor": "meteor",
}

Player = dict[str, Any]


@dataclass(frozen=True)
class Survey:
    """Everything scoring needs from one Mural, computed in one pass."""

    tiled: tuple[bool, ...]
    cells: tuple[tuple[str, ...], ...]  # icons per square: printed, hex and visible token
    completed: tuple[tuple[int, str], ...]  # (edge index, "planet" | "star")
    edge_icon: dict[int, str]
    unmatched: int
    stars: int  # star positions as a bit mask (see geometry)
    photos: frozenset[str]


def survey(player: Player, cat: Catalog) -> Survey:
    tiles, tokens = player["tiles"], player["tokens"]
    cells: list[tuple[str, ...]] = []
    stars = 0
    photos: set[str] = set()
    kinds = cat.tokens
    for cell in range(CELLS):
        placed = tiles[cell]
        icons: tuple[str, ...] = ()
        if placed is not None:
            icons = cat.tiles[placed["id"]].icons
            if placed["hex"]:
                icons = icons + tuple(kinds[h].kind for h in placed["hex"])
        token = tokens[cell]
        if token is not None:
            info = kinds[token]
            icons = icons + (TOKEN_ICON.get(info.kind, info.kind),)
            if info.kind == "star":
                stars |= 1 << cell
            elif info.kind == "photo":
                photos.add(info.event or "")
        cells.append(icons)
    completed = []
    edge_icon: dict[int, str] = {}
    halves_used = 0
    for index, (a, b, side_a, side_b) in enumerate(EDGES):
        ta, tb = tiles[a], tiles[b]
        if ta is None or tb is None:
            continue
        icon = match(
            side_after(cat.tiles[ta["id"]].edges, ta["rot"], side_a),
            side_after(cat.tiles[tb["id"]].edges, tb["rot"], side_b),
        )
        if icon:
            completed.append((index, icon))
            edge_icon[index] = icon
            halves_used += 2
            if icon == "star":
                stars |= 1 << (CELLS + index)
    halves = sum(
        1
        for placed in tiles
        if placed is not None
        for half in cat.tiles[placed["id"]].edges
        if half is not None
    )
    return Survey(
        tuple(t is not None for t in tiles),
        tuple(cells),
        tuple(completed),
        edge_icon,
        halves - halves_used,
        stars,
        frozenset(photos),
    )


def group_counts(view: Survey, cells: tuple[int, ...]) -> Counter[str] | None:
    """Icons a group of squares holds together, or ``None`` when a square has no tile yet."""
    icons: list[str] = []
    for cell in cells:
        if not view.tiled[cell]:
            return None
        icons.extend(view.cells[cell])
    for edge in edges_of_group(cells):
        icon = view.edge_icon.get(edge)
        if icon:
            icons.append("star_printed" if icon == "star" else icon)
    return Counter(icons)


def satisfies(counts: Counter[str], needs: tuple[tuple[str, int], ...]) -> bool:
    """Printed Stars serve plain Star needs first; the rest and Star tokens serve Star* needs."""
    star = star_any = 0
    for icon, count in needs:
        if icon == "star":
            star = count
        elif icon == "star_any":
            star_any = count
        elif counts[icon] < count:
            return False
    printed = counts["star_printed"]
    return printed >= star and printed - star + counts["star_token"] >= star_any


def groups_for(card: Card, view: Survey) -> tuple[tuple[int, ...], ...]:
    if card.kind == "adjacent":
        return PAIRS
    if card.kind == "line":
        return LINES
    return tuple(RINGS[c] for c in RINGS if view.tiled[c] and "sun" in view.cells[c])


def card_complete(card: Card, view: Survey) -> bool:
    for cells in groups_for(card, view):
        counts = group_counts(view, cells)
        if counts is not None and satisfies(counts, card.needs):
            return True
    return False


def constellation_score(card: Constellation, stars: int) -> dict[str, Any]:
    """Stars matched under the best quarter turn (the lowest turn among equals)."""
    best, turn = -1, 0
    for k, mask in enumerate(constellation_masks(card)):
        hits = (stars & mask).bit_count()
        if hits > best:
            best, turn = hits, k
    return {"card": card.id, "stars": best, "rotation": turn, "points": CONSTELLATION_POINTS[min(best, 6)]}


def breakdown(
    player: Player,
    cards: list[Card],
    constellations: list[Constellation],
    cat: Catalog,
    secret: bool = True,
    view: Survey | None = None,
) -> dict[str, Any]:
    """The score sheet; with ``secret=False`` Journal cards are left out (count 0)."""
    view = view or survey(player, cat)
    unique = min(len(view.photos), 5)
    done = [c.id for c in cards if card_complete(c, view)] if secret else []
    scopes = sum(c.telescopes for c in cards if c.id in done)
    stars = [constellation_score(c, view.stars) for c in constellations]
    icons = dict.fromkeys(ICON_POINTS, 0)
    for cell_icons in view.cells:
        for icon in cell_icons:
            if icon in icons:
                icons[icon] += 1
    icons["planet"] = sum(1 for _, icon in view.completed if icon == "planet")
    icon_points = sum(ICON_POINTS[k] * n for k, n in icons.items())
    photos = PHOTO_POINTS[unique]
    total = photos + scopes * TELESCOPE_POINTS + sum(s["points"] for s in stars) + icon_points
    return {
        "photos": {"unique": unique, "points": photos},
        "telescopes": {"count": scopes, "points": scopes * TELESCOPE_POINTS, "completed": done},
        "constellations": stars,
        "icons": icons,
        "icon_points": icon_points,
        "total": total,
    }


def completed_icons(
    player: Player, cat: Catalog, view: Survey | None = None
) -> tuple[list[dict[str, Any]], int]:
    """Whole icons with their squares and halves, and the count of halves left unmatched."""
    view = view or survey(player, cat)
    tiles = player["tiles"]
    out = []
    for index, icon in view.completed:
        a, b, side_a, side_b = EDGES[index]
        halves = [
            side_after(cat.tiles[tiles[a]["id"]].edges, tiles[a]["rot"], side_a),
            side_after(cat.tiles[tiles[b]["id"]].edges, tiles[b]["rot"], side_b),
        ]
        out.append({"icon": icon, "cells": [a, b], "halves": halves})
    return out, view.unmatched
