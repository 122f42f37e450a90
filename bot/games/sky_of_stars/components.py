"""Authored component data: the Celestial Vault (48 stars) and the 30 Constellation cards.

There is one deck of cards per language (``DECKS``): the words are drawn, so each deck is our
own choice of easy-to-draw things in its language, not a translation of another deck.

The files under ``data/`` are the game's content; everything here checks them at load time so
a bad edit fails loudly at start-up instead of producing an unplayable vault mid-game.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any, cast

DATA_DIR = Path(__file__).resolve().parent / "data"

DECKS = ("en", "it")
"""The languages with their own deck of cards (``data/cards.json`` is English, others
``data/cards_<code>.json``)."""
DEFAULT_DECK = "en"
CARD_COUNT = 30
WORDS_PER_CARD = 5
MIN_STARS, MAX_STARS = 40, 50
# Star discs must stay clear of each other with room to spare: centres at least three radii
# apart, so a disc never overlaps a neighbour and a stroke between neighbours is drawable.
MIN_SEPARATION_RADII = 3


class DataError(ValueError):
    """Raised when an authored data file breaks one of the rules the engine relies on."""


class Shape(StrEnum):
    FOUR = "four"
    FIVE = "five"
    EIGHT = "eight"


class Colour(StrEnum):
    YELLOW = "yellow"
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Star:
    label: str
    x: int
    y: int
    shape: Shape
    colour: Colour


@dataclass(frozen=True)
class Vault:
    """The star field every player's board shows; ``index`` maps a label to its position."""

    width: int
    height: int
    star_radius: int
    stars: tuple[Star, ...]
    index: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {star.label: i for i, star in enumerate(self.stars)})


def _positive_int(data: dict[str, Any], key: str, where: str) -> int:
    value = data.get(key)
    if type(value) is not int or value <= 0:
        raise DataError(f"{where}: `{key}` must be a positive integer, got {value!r}.")
    return value


def parse_vault(data: dict[str, Any]) -> Vault:
    """Build a ``Vault`` from its JSON form, refusing anything the geometry cannot trust."""
    if not isinstance(data, dict):
        raise DataError("vault: expected a JSON object.")
    width = _positive_int(data, "width", "vault")
    height = _positive_int(data, "height", "vault")
    radius = _positive_int(data, "star_radius", "vault")
    raw = data.get("stars")
    if not isinstance(raw, list) or not MIN_STARS <= len(raw) <= MAX_STARS:
        count = len(raw) if isinstance(raw, list) else raw
        raise DataError(f"vault: needs {MIN_STARS}-{MAX_STARS} stars, got {count!r}.")
    stars: list[Star] = []
    for i, item in enumerate(raw):
        where = f"vault star #{i + 1}"
        if not isinstance(item, dict):
            raise DataError(f"{where}: expected an object.")
        label = item.get("label")
        if not isinstance(label, str) or not label.strip() or label != label.strip():
            raise DataError(f"{where}: `label` must be a non-empty string without spaces around it.")
        where = f"vault star {label}"
        x, y = item.get("x"), item.get("y")
        if type(x) is not int or type(y) is not int:
            raise DataError(f"{where}: coordinates must be integers.")
        if not (radius <= x <= width - radius and radius <= y <= height - radius):
            raise DataError(f"{where}: ({x}, {y}) is not fully inside the {width}x{height} field.")
        try:  # the lookup takes any JSON value and refuses what is not a member, a missing one too
            shape, colour = Shape(cast(str, item.get("shape"))), Colour(cast(str, item.get("colour")))
        except ValueError as error:
            raise DataError(f"{where}: {error}.") from None
        stars.append(Star(label, x, y, shape, colour))
    labels = [star.label for star in stars]
    duplicates = sorted({label for label in labels if labels.count(label) > 1})
    if duplicates:
        raise DataError(f"vault: duplicate label(s) {', '.join(duplicates)}.")
    for kind, present in (("shape", {s.shape for s in stars}), ("colour", {s.colour for s in stars})):
        enum = Shape if kind == "shape" else Colour
        missing = [member.value for member in enum if member not in present]
        if missing:
            raise DataError(f"vault: no star has {kind} {', '.join(missing)}.")
    gap = MIN_SEPARATION_RADII * radius
    for i, a in enumerate(stars):
        for b in stars[i + 1 :]:
            if math.dist((a.x, a.y), (b.x, b.y)) < gap:
                raise DataError(f"vault: {a.label} and {b.label} are closer than {gap} units.")
    return Vault(width, height, radius, tuple(stars))


def parse_cards(data: dict[str, Any]) -> tuple[tuple[str, ...], ...]:
    """Check the Constellation cards: 30 cards of five distinct words, no card repeated."""
    raw = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(raw, list) or len(raw) != CARD_COUNT:
        count = len(raw) if isinstance(raw, list) else raw
        raise DataError(f"cards: need exactly {CARD_COUNT} cards, got {count!r}.")
    cards: list[tuple[str, ...]] = []
    seen: dict[frozenset[str], int] = {}
    for i, words in enumerate(raw, 1):
        if not isinstance(words, list) or len(words) != WORDS_PER_CARD:
            raise DataError(f"card #{i}: needs exactly {WORDS_PER_CARD} words.")
        if not all(isinstance(w, str) and w.strip() and w == w.strip() for w in words):
            raise DataError(f"card #{i}: every word must be a non-empty, trimmed string.")
        folded = frozenset(w.casefold() for w in words)
        if len(folded) != WORDS_PER_CARD:
            raise DataError(f"card #{i}: a word appears twice.")
        if folded in seen:
            raise DataError(f"card #{i}: same words as card #{seen[folded]}.")
        seen[folded] = i
        cards.append(tuple(words))
    return tuple(cards)


def _read(name: str) -> Any:
    with (DATA_DIR / name).open(encoding="utf-8") as handle:
        return json.load(handle)


@cache
def load_vault() -> Vault:
    return parse_vault(_read("vault.json"))


def deck_file(deck: str) -> str:
    """The data file of a deck; refuses a deck there is none of."""
    if deck not in DECKS:
        raise DataError(f"cards: there is no {deck!r} deck (decks: {', '.join(DECKS)}).")
    return "cards.json" if deck == DEFAULT_DECK else f"cards_{deck}.json"


@cache
def load_cards(deck: str = DEFAULT_DECK) -> tuple[tuple[str, ...], ...]:
    return parse_cards(_read(deck_file(deck)))
