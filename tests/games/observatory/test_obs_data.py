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


@pytest.mark.parametrize("edit", [
    lambda cards: cards.pop(),
    lambda cards: cards[1].update(stars=[[r, c] for r, c in zip(
        [c for _, c in cards[0]["stars"]], [-r for r, _ in cards[0]["stars"]], strict=True)],
        lines=cards[0]["lines"]),
    lambda cards: cards[0].update(stars=[[0, 0], [0, 20], [1, 1], [2, 2], [3, 3]], lines=[[0, 1]]),
    lambda cards: cards[0].update(points=None),
    lambda cards: cards[0].update(bonus={"kind": "shooting_star", "value": 1}),
    lambda cards: cards[0].update(lines=[[0, 9]]),
    lambda cards: cards[-1].update(type="large"),
], ids=["count", "rotated-duplicate", "too-wide", "no-points", "bad-bonus", "bad-line", "wrong-type"])
def test_bad_data_is_refused(edit) -> None:
    with pytest.raises(DataError):
        parse_cards(_broken(edit))
