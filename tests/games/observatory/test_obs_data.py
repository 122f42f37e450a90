"""Card data: counts, uniqueness under rotation, fits the map, and bad data is refused."""

from __future__ import annotations

import copy
import json

import pytest

from bot.games.observatory.components import DATA_DIR, DataError, canonical, load_cards, parse_cards


def _raw() -> dict:
    return json.loads((DATA_DIR / "cards.json").read_text(encoding="utf-8"))


def test_counts_match_the_design() -> None:
    cards = load_cards().values()
    large = [c for c in cards if c.type == "large"]
    small = [c for c in cards if c.type == "small"]
    assert len(large) == 65 and len(small) == 59 and sum(c.asterism for c in small) == 20
    assert all(5 <= len(c.stars) <= 8 for c in large) and all(2 <= len(c.stars) <= 4 for c in small)
    assert all((c.points is None) == c.asterism for c in cards)
    assert {c.bonus["kind"] for c in cards if c.bonus} == {"shooting_star", "research", "free_star"}


def test_patterns_are_unique_under_rotation_and_fit() -> None:
    keys = [canonical(list(c.stars), list(c.lines)) for c in load_cards().values()]
    assert len(set(keys)) == len(keys)
    for c in load_cards().values():
        assert max(r for r, _ in c.stars) - min(r for r, _ in c.stars) < 12
        assert max(col for _, col in c.stars) - min(col for _, col in c.stars) < 12


def test_the_committed_data_loads() -> None:
    assert parse_cards(_raw()).keys() == load_cards().keys()


def _broken(edit) -> dict:
    data = copy.deepcopy(_raw())
    edit(data["cards"])
    return data


@pytest.mark.parametrize(
    "edit",
    [
        lambda cards: cards.pop(),
        lambda cards: cards[1].update(
            stars=[
                [r, c]
                for r, c in zip(
                    [c for _, c in cards[0]["stars"]], [-r for r, _ in cards[0]["stars"]], strict=True
                )
            ],
            lines=cards[0]["lines"],
        ),
        lambda cards: cards[0].update(stars=[[0, 0], [0, 20], [1, 1], [2, 2], [3, 3]], lines=[[0, 1]]),
        lambda cards: cards[0].update(points=None),
        lambda cards: cards[0].update(bonus={"kind": "shooting_star", "value": 1}),
        lambda cards: cards[0].update(lines=[[0, 9]]),
        lambda cards: cards[-1].update(type="large"),
    ],
    ids=["count", "rotated-duplicate", "too-wide", "no-points", "bad-bonus", "bad-line", "wrong-type"],
)
def test_bad_data_is_refused(edit) -> None:
    with pytest.raises(DataError):
        parse_cards(_broken(edit))


# How many stars the sky shows in each asterism (a range where guides differ), and the outline it
# is known by: "ring" (closed: each star joins two others), "row" (an open line) or "" (any).
KNOWN_ASTERISMS: dict[str, tuple[range, str]] = {
    "Horse and Rider": (range(2, 3), ""),
    "The Pointers": (range(2, 3), ""),
    "Guardians of the Pole": (range(2, 3), ""),
    "Southern Pointers": (range(2, 3), ""),
    "Summer Triangle": (range(3, 4), "ring"),
    "Winter Triangle": (range(3, 4), "ring"),
    "Spring Triangle": (range(3, 4), "ring"),
    "Head of Orion": (range(3, 4), "ring"),
    "Lid of the Teapot": (range(3, 4), "ring"),
    "Spout of the Teapot": (range(3, 4), "ring"),
    "Belt of Orion": (range(3, 4), "row"),
    "Sword of Orion": (range(3, 4), "row"),
    "Handle of the Big Dipper": (range(3, 4), "row"),
    "Great Square": (range(4, 5), "ring"),
    "Keystone": (range(4, 5), "ring"),
    "Job's Coffin": (range(4, 5), "ring"),
    "Great Diamond": (range(4, 5), "ring"),
    "Diamond Cross": (range(4, 5), "ring"),
    "False Cross": (range(4, 5), ""),
    "Bowl of the Big Dipper": (range(4, 5), "ring"),
    "Trapezium": (range(4, 5), "ring"),
    "Lozenge": (range(4, 5), "ring"),
    "Water Jar": (range(4, 5), ""),
    "Northern Cross": (range(5, 7), ""),
    "Kite": (range(5, 7), ""),
    "Sickle": (range(6, 7), ""),
    "Circlet": (range(5, 8), "ring"),
    "Winter Hexagon": (range(6, 7), "ring"),
    "Big Dipper": (range(7, 8), ""),
    "Little Dipper": (range(7, 8), ""),
    "Teapot": (range(8, 9), ""),
    "Coathanger": (range(6, 11), ""),
    "Fish Hook": (range(8, 16), ""),
}


def _outline(stars: int, lines: tuple[tuple[int, int], ...]) -> str:
    degree = [0] * stars
    for i, j in lines:
        degree[i] += 1
        degree[j] += 1
    if all(d == 2 for d in degree):
        return "ring"
    return "row" if len(lines) == stars - 1 and max(degree) <= 2 else "other"


def test_asterism_names_fit_their_star_count_and_outline() -> None:
    for c in load_cards().values():
        if not c.asterism:
            continue
        assert c.name in KNOWN_ASTERISMS, f"{c.name}: add it to the table with its real star count"
        counts, outline = KNOWN_ASTERISMS[c.name]
        assert len(c.stars) in counts, f"{c.id} {c.name} has {len(c.stars)} stars; the sky shows {counts}"
        assert not outline or _outline(len(c.stars), c.lines) == outline, f"{c.id} {c.name} is no {outline}"
    names = [c.name for c in load_cards().values()]
    assert len(set(names)) == len(names)
