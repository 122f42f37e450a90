"""Observatory's Constellation cards: loaded from ``data/cards.json`` and checked at load time.

A bad edit (wrong counts, a pattern repeating another under rotation, a figure too big for the
12 × 12 map, a line through one of its own stars) fails loudly at start-up.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from bot.games.observatory.model import SIZE
from bot.games.plane import on_segment

DATA_DIR = Path(__file__).resolve().parent / "data"

LARGE_COUNT, SMALL_COUNT, ASTERISM_COUNT = 65, 59, 20
LARGE_STARS, SMALL_STARS = (5, 8), (2, 4)
BONUS_KINDS = ("shooting_star", "research", "free_star")


class DataError(ValueError):
    """An authored data file breaks a rule the engine relies on."""


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    type: str
    asterism: bool
    description: str
    stars: tuple[tuple[int, int], ...]
    lines: tuple[tuple[int, int], ...]
    points: int | None
    bonus: dict[str, Any] | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "type": self.type,
            "asterism": self.asterism,
            "description": self.description,
            "stars": [list(s) for s in self.stars],
            "lines": [list(line) for line in self.lines],
            "points": self.points,
            "bonus": dict(self.bonus) if self.bonus else None,
        }


def rotate(stars: list[tuple[int, int]] | tuple, quarter_turns: int) -> list[tuple[int, int]]:
    """Rotate offsets clockwise on the map (rows grow downwards) by ``quarter_turns`` × 90°."""
    out = []
    for dr, dc in stars:
        for _ in range(quarter_turns % 4):
            dr, dc = dc, -dr
        out.append((dr, dc))
    return out


def canonical(stars: list, lines: list) -> tuple:
    """A key equal for two figures exactly when one is a rotation of the other (no mirrors)."""
    keys = []
    for turns in range(4):
        pts = rotate([tuple(s) for s in stars], turns)
        r0, c0 = min(p[0] for p in pts), min(p[1] for p in pts)
        pts = [(r - r0, c - c0) for r, c in pts]
        segs = sorted(tuple(sorted((pts[i], pts[j]))) for i, j in lines)
        keys.append((tuple(sorted(pts)), tuple(segs)))
    return min(keys)


def _check_card(raw: Any, index: int) -> Card:
    where = f"card #{index + 1}"
    if not isinstance(raw, dict):
        raise DataError(f"{where}: expected an object.")
    cid, name, kind = raw.get("id"), raw.get("name"), raw.get("type")
    if not isinstance(cid, str) or not isinstance(name, str) or not name.strip():
        raise DataError(f"{where}: needs a string id and a name.")
    where = f"card {cid}"
    if kind not in ("large", "small"):
        raise DataError(f"{where}: type must be large or small.")
    asterism = raw.get("asterism")
    if type(asterism) is not bool or (asterism and kind != "small"):
        raise DataError(f"{where}: asterism must be a boolean, and only small cards are asterisms.")
    desc = raw.get("description")
    if not isinstance(desc, str) or not desc.strip():
        raise DataError(f"{where}: needs a description.")
    stars = raw.get("stars")
    if not isinstance(stars, list) or not all(
        isinstance(s, list) and len(s) == 2 and all(type(v) is int for v in s) for s in stars
    ):
        raise DataError(f"{where}: stars must be [row, col] integer offsets.")
    pts = [tuple(s) for s in stars]
    low, high = LARGE_STARS if kind == "large" else SMALL_STARS
    if not low <= len(pts) <= high or len(set(pts)) != len(pts):
        raise DataError(f"{where}: a {kind} card needs {low}-{high} distinct stars.")
    rows, cols = [p[0] for p in pts], [p[1] for p in pts]
    if max(rows) - min(rows) >= SIZE or max(cols) - min(cols) >= SIZE:
        raise DataError(f"{where}: the figure does not fit the {SIZE}x{SIZE} map.")
    lines = _check_lines(where, raw.get("lines"), pts)
    points = raw.get("points")
    if asterism:
        if points is not None:
            raise DataError(f"{where}: asterisms have no points of their own.")
    elif type(points) is not int or points <= 0:
        raise DataError(f"{where}: points must be a positive integer.")
    bonus = raw.get("bonus")
    if bonus is not None:
        _check_bonus(where, bonus)
    return Card(
        cid,
        name,
        kind,
        asterism,
        desc,
        tuple(pts),
        lines,
        points,
        dict(bonus) if bonus else None,
    )


def _check_lines(where: str, lines: Any, pts: list[tuple[Any, ...]]) -> tuple[tuple[int, int], ...]:
    """A card's lines: each joins two of its stars, once, without running through a third, and
    together they join every star into one figure."""
    if not isinstance(lines, list) or not lines:
        raise DataError(f"{where}: needs lines.")
    seen_lines: set[tuple[int, int]] = set()
    for line in lines:
        if not (
            isinstance(line, list)
            and len(line) == 2
            and all(type(v) is int for v in line)
            and all(0 <= v < len(pts) for v in line)
            and line[0] != line[1]
        ):
            raise DataError(f"{where}: line {line!r} must join two of its stars.")
        key = (min(line), max(line))
        if key in seen_lines:
            raise DataError(f"{where}: line {line!r} is repeated.")
        seen_lines.add(key)
        a, b = pts[line[0]], pts[line[1]]
        if any(on_segment(p, a, b) for p in pts if p not in (a, b)):
            raise DataError(f"{where}: line {line!r} runs through another of its stars.")
    _check_connected(where, len(pts), seen_lines)
    return tuple((line[0], line[1]) for line in lines)


def _check_bonus(where: str, bonus: Any) -> None:
    if not isinstance(bonus, dict) or bonus.get("kind") not in BONUS_KINDS:
        raise DataError(f"{where}: bonus must be null or one of {', '.join(BONUS_KINDS)}.")
    if bonus["kind"] == "shooting_star":
        if bonus.get("value") not in (2, 3, 4, 5, 6) or len(bonus) != 2:
            raise DataError(f"{where}: a Shooting Star bonus needs a die value 2-6.")
    elif len(bonus) != 1:
        raise DataError(f"{where}: unexpected fields in the bonus.")


def _check_connected(where: str, count: int, lines: set[tuple[int, int]]) -> None:
    reached, frontier = {0}, [0]
    while frontier:
        node = frontier.pop()
        for i, j in lines:
            for a, b in ((i, j), (j, i)):
                if a == node and b not in reached:
                    reached.add(b)
                    frontier.append(b)
    if len(reached) != count:
        raise DataError(f"{where}: the lines must join all its stars into one figure.")


def parse_cards(data: Any) -> dict[str, Card]:
    raw = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(raw, list):
        raise DataError('cards: expected {"cards": [...]}.')
    cards = [_check_card(item, i) for i, item in enumerate(raw)]
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise DataError("cards: duplicate ids.")
    large = [c for c in cards if c.type == "large"]
    small = [c for c in cards if c.type == "small"]
    asterisms = [c for c in small if c.asterism]
    if (len(large), len(small), len(asterisms)) != (LARGE_COUNT, SMALL_COUNT, ASTERISM_COUNT):
        raise DataError(
            f"cards: need {LARGE_COUNT} large, {SMALL_COUNT} small ({ASTERISM_COUNT} "
            f"asterisms), got {len(large)}, {len(small)} ({len(asterisms)})."
        )
    keys: dict[tuple, str] = {}
    for card in cards:
        key = canonical(list(card.stars), list(card.lines))
        if key in keys:
            raise DataError(f"cards: {card.id} repeats the pattern of {keys[key]} (under rotation).")
        keys[key] = card.id
    return {c.id: c for c in cards}


@cache
def load_cards() -> dict[str, Card]:
    with (DATA_DIR / "cards.json").open(encoding="utf-8") as handle:
        return parse_cards(json.load(handle))


def card(card_id: str) -> Card:
    return load_cards()[card_id]
