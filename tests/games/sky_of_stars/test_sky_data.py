"""The authored vault and cards: counts, and validation that refuses broken data."""

from __future__ import annotations

import copy
import json

import pytest

from bot.games.sky_of_stars.components import (
    DATA_DIR,
    Colour,
    DataError,
    Shape,
    load_cards,
    load_vault,
    parse_cards,
    parse_vault,
)


@pytest.fixture
def vault_data() -> dict:
    return json.loads((DATA_DIR / "vault.json").read_text(encoding="utf-8"))


@pytest.fixture
def card_data() -> dict:
    return json.loads((DATA_DIR / "cards.json").read_text(encoding="utf-8"))


def test_counts() -> None:
    cards = load_cards()
    assert len(cards) == 30
    assert all(len(card) == 5 and len(set(card)) == 5 for card in cards)
    assert len({frozenset(card) for card in cards}) == 30
    vault = load_vault()
    assert 40 <= len(vault.stars) <= 50
    assert {s.shape for s in vault.stars} == set(Shape)
    assert {s.colour for s in vault.stars} == set(Colour)
    assert vault.star_radius == 16


def test_the_rulebook_examples_are_among_the_cards() -> None:
    cards = {frozenset(card) for card in load_cards()}
    assert frozenset({"airplane", "pinwheel", "scissors", "kite", "sailboat"}) in cards
    assert frozenset({"flower", "wheel", "balloon", "umbrella", "hook"}) in cards


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["stars"][1].update(label=d["stars"][0]["label"]), "duplicate label"),
        (lambda d: d["stars"][0].update(x=5), "not fully inside"),
        (lambda d: d["stars"][0].update(y=d["height"]), "not fully inside"),
        (lambda d: d["stars"][1].update(x=d["stars"][0]["x"] + 20, y=d["stars"][0]["y"]), "closer than"),
        (lambda d: d["stars"][0].update(shape="six"), "six"),
        (lambda d: d["stars"][0].update(x="12"), "integers"),
        (lambda d: d.update(stars=d["stars"][:39]), "40-50 stars"),
        (lambda d: d.update(star_radius=0), "star_radius"),
        (lambda d: [s.update(colour="red") for s in d["stars"] if s["colour"] == "blue"], "colour blue"),
    ],
)
def test_bad_vault_is_refused(vault_data: dict, edit, message: str) -> None:
    bad = copy.deepcopy(vault_data)
    edit(bad)
    with pytest.raises(DataError, match=message):
        parse_vault(bad)


def test_good_vault_parses(vault_data: dict) -> None:
    assert parse_vault(vault_data) == load_vault()


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda c: c.pop(), "exactly 30 cards"),
        (lambda c: c[0].pop(), "exactly 5 words"),
        (lambda c: c[0].__setitem__(1, c[0][0].upper()), "appears twice"),
        (lambda c: c[1].__setitem__(slice(None), list(reversed(c[0]))), "same words as card #1"),
        (lambda c: c[2].__setitem__(0, " "), "non-empty"),
        (lambda c: c[2].__setitem__(0, 7), "non-empty"),
    ],
)
def test_bad_cards_are_refused(card_data: dict, edit, message: str) -> None:
    bad = copy.deepcopy(card_data)
    edit(bad["cards"])
    with pytest.raises(DataError, match=message):
        parse_cards(bad)
