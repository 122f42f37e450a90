"""Authored Star Gazers components: tiles, tokens, Journal cards, Constellations, Journal board.

The JSON under ``data/`` is the game's content (written by ``tools/make_star_gazers_data.py``);
this module checks it at load time (counts, player-count marks, unique ids, patterns that fit
the 4 x 4 Mural) so a bad edit fails at start-up instead of mid-game. Bonus tokens and the
Starter Suns are fixed by the rules, so they are built here rather than stored.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parent / "data"

TILE_COUNT = TOKEN_COUNT = 64
IN_PLAY = {2: 32, 3: 48, 4: 64}  # tiles and tokens used for each player count
JOURNAL_DECKS = ("I", "II", "III")
CARDS_PER_DECK = 16
CONSTELLATIONS_PER_SIDE = 3
SIDES = ("A", "B")
MIN_PATTERN, MAX_PATTERN = 4, 6  # stars on a Constellation card (the table stops at 6)
SHUTTLE_SPACES = 8
RESERVE_SPACES = 2

PLANETS = ("ringed", "banded", "cratered", "icy")
HALVES = ("star", "wild", *PLANETS)
PRINTED = ("moon", "comet", "station", "meteor")
EVENTS = ("eclipse", "aurora", "nebula", "supernova", "transit")
GALAXY_KINDS = ("shuttle", "photo", "black_hole", "star", "sun", "meteor")
CIRCLE_BONUS = ("star", "shuttle", "sun")
HEX_BONUS = ("moon", "comet", "station")
BONUS_TYPES = CIRCLE_BONUS + HEX_BONUS
JOURNAL_KINDS = ("adjacent", "line", "solar")
NEEDS = ("moon", "comet", "station", "meteor", "planet", "black_hole", "sun", "photo", "star", "star_any")
SHUTTLE_BONUSES = ("gain", "move_token", "move_tile", "journal")


class DataError(ValueError):
    """Raised when an authored data file breaks a rule the engine relies on."""


@dataclass(frozen=True)
class Tile:
    id: str
    players: int
    icons: tuple[str, ...]
    edges: tuple[str | None, str | None, str | None, str | None]  # N, E, S, W unrotated


@dataclass(frozen=True)
class Token:
    id: str
    kind: str
    shape: str  # "circle" or "hex"
    bonus: bool  # Bonus tokens and Starter Suns carry the yellow targeting arrows
    players: int = 2
    event: str | None = None


@dataclass(frozen=True)
class Card:
    id: str
    deck: str
    kind: str
    needs: tuple[tuple[str, int], ...]
    telescopes: int


@dataclass(frozen=True)
class Constellation:
    id: str
    name: str
    side: str
    cells: tuple[int, ...]
    edges: tuple[tuple[int, int], ...]

    @property
    def stars(self) -> int:
        return len(self.cells) + len(self.edges)


@dataclass(frozen=True)
class Board:
    reserve_spaces: int
    shuttle_spaces: tuple[str, ...]


def _fail(where: str, why: str) -> DataError:
    return DataError(f"{where}: {why}")


def _players(item: dict[str, Any], where: str) -> int:
    value = item.get("players")
    if value not in IN_PLAY:
        raise _fail(where, f"`players` must be 2, 3 or 4, got {value!r}.")
    return value


def _unique(ids: list[str], what: str) -> None:
    twice = sorted(i for i, n in Counter(ids).items() if n > 1)
    if twice:
        raise DataError(f"{what}: duplicate id(s) {', '.join(twice)}.")


def _marks(items: list[Any], what: str) -> None:
    """Each player count must bring exactly its share: 32 marked 2+, then 16 each for 3+ and 4+."""
    for players, total in IN_PLAY.items():
        count = sum(1 for item in items if item.players <= players)
        if count != total:
            raise DataError(f"{what}: {count} usable with {players} players, expected {total}.")


def parse_tiles(data: Any) -> tuple[Tile, ...]:
    raw = data.get("tiles") if isinstance(data, dict) else None
    if not isinstance(raw, list) or len(raw) != TILE_COUNT:
        raise DataError(f"tiles: need exactly {TILE_COUNT} tiles.")
    tiles = []
    for i, item in enumerate(raw, 1):
        where = f"tile #{i}"
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise _fail(where, "expected an object with a string `id`.")
        where = f"tile {item['id']}"
        icons, edges = item.get("icons"), item.get("edges")
        if not isinstance(icons, list) or any(icon not in PRINTED for icon in icons) or len(icons) > 3:
            raise _fail(where, f"`icons` must list up to three of {', '.join(PRINTED)}.")
        if (
            not isinstance(edges, list)
            or len(edges) != 4
            or any(e is not None and e not in HALVES for e in edges)
        ):
            raise _fail(where, "`edges` must be four half icons (or null) for N, E, S, W.")
        tiles.append(Tile(item["id"], _players(item, where), tuple(icons), tuple(edges)))
    _unique([t.id for t in tiles], "tiles")
    _marks(tiles, "tiles")
    return tuple(tiles)


def parse_tokens(data: Any) -> tuple[Token, ...]:
    raw = data.get("tokens") if isinstance(data, dict) else None
    if not isinstance(raw, list) or len(raw) != TOKEN_COUNT:
        raise DataError(f"tokens: need exactly {TOKEN_COUNT} Galaxy tokens.")
    tokens = []
    for i, item in enumerate(raw, 1):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise _fail(f"token #{i}", "expected an object with a string `id`.")
        where = f"token {item['id']}"
        kind, event = item.get("kind"), item.get("event")
        if kind not in GALAXY_KINDS:
            raise _fail(where, f"`kind` must be one of {', '.join(GALAXY_KINDS)}.")
        if (kind == "photo") != (event is not None) or (event is not None and event not in EVENTS):
            raise _fail(where, "a photo needs an `event` from the five; other tokens have none.")
        tokens.append(Token(item["id"], kind, "circle", False, _players(item, where), event))
    _unique([t.id for t in tokens], "tokens")
    _marks(tokens, "tokens")
    return tuple(tokens)


def parse_journal(data: Any) -> tuple[Card, ...]:
    raw = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(raw, list) or len(raw) != CARDS_PER_DECK * len(JOURNAL_DECKS):
        raise DataError(f"journal: need exactly {CARDS_PER_DECK * len(JOURNAL_DECKS)} cards.")
    cards = []
    for i, item in enumerate(raw, 1):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise _fail(f"journal card #{i}", "expected an object with a string `id`.")
        where = f"journal card {item['id']}"
        needs, scopes = item.get("needs"), item.get("telescopes")
        if item.get("deck") not in JOURNAL_DECKS or item.get("kind") not in JOURNAL_KINDS:
            raise _fail(where, "`deck` must be I, II or III and `kind` adjacent, line or solar.")
        if (
            not isinstance(needs, dict)
            or not needs
            or any(k not in NEEDS or type(v) is not int or v < 1 for k, v in needs.items())
        ):
            raise _fail(where, "`needs` must map known icons to positive counts.")
        if type(scopes) is not int or not 1 <= scopes <= 4:
            raise _fail(where, "`telescopes` must be 1 to 4.")
        cards.append(Card(item["id"], item["deck"], item["kind"], tuple(sorted(needs.items())), scopes))
    _unique([c.id for c in cards], "journal")
    for deck in JOURNAL_DECKS:
        count = sum(1 for c in cards if c.deck == deck)
        if count != CARDS_PER_DECK:
            raise DataError(f"journal: deck {deck} has {count} cards, expected {CARDS_PER_DECK}.")
    return tuple(cards)


def _adjacent(a: int, b: int) -> bool:
    return (abs(a - b) == 1 and a // 4 == b // 4) or abs(a - b) == 4


def parse_constellations(data: Any) -> tuple[Constellation, ...]:
    raw = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(raw, list) or len(raw) != CONSTELLATIONS_PER_SIDE * len(SIDES):
        raise DataError("constellations: need exactly 6 cards.")
    cards = []
    for i, item in enumerate(raw, 1):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise _fail(f"constellation #{i}", "expected an object with a string `id`.")
        where = f"constellation {item['id']}"
        cells, edges = item.get("cells"), item.get("edges")
        if item.get("side") not in SIDES or not isinstance(item.get("name"), str):
            raise _fail(where, "needs a `name` and a `side` of A or B.")
        if not isinstance(cells, list) or any(type(c) is not int or not 0 <= c < 16 for c in cells):
            raise _fail(where, "`cells` must be Mural squares 0..15.")
        if not isinstance(edges, list) or any(
            not isinstance(e, list)
            or len(e) != 2
            or any(type(c) is not int or not 0 <= c < 16 for c in e)
            or not _adjacent(*e)
            for e in edges
        ):
            raise _fail(where, "`edges` must be pairs of side-by-side squares.")
        pairs = tuple(tuple(sorted(e)) for e in edges)
        if len(set(cells)) != len(cells) or len(set(pairs)) != len(pairs):
            raise _fail(where, "a star position appears twice.")
        card = Constellation(item["id"], item["name"], item["side"], tuple(cells), pairs)
        if not MIN_PATTERN <= card.stars <= MAX_PATTERN:
            raise _fail(where, f"needs {MIN_PATTERN} to {MAX_PATTERN} stars, has {card.stars}.")
        cards.append(card)
    _unique([c.id for c in cards], "constellations")
    for side in SIDES:
        if sum(1 for c in cards if c.side == side) != CONSTELLATIONS_PER_SIDE:
            raise DataError(f"constellations: need {CONSTELLATIONS_PER_SIDE} cards on side {side}.")
    return tuple(cards)


def parse_board(data: Any) -> Board:
    spaces = data.get("shuttle_spaces") if isinstance(data, dict) else None
    if (
        not isinstance(spaces, list)
        or len(spaces) != SHUTTLE_SPACES
        or any(s not in SHUTTLE_BONUSES for s in spaces)
    ):
        raise DataError(f"board: need {SHUTTLE_SPACES} Shuttle spaces from {', '.join(SHUTTLE_BONUSES)}.")
    if spaces.count("move_tile") != 1:
        raise DataError("board: the tile move is once per game, so exactly one space offers it.")
    if data.get("reserve_spaces") != RESERVE_SPACES:
        raise DataError(f"board: the Reserve has {RESERVE_SPACES} spaces.")
    return Board(RESERVE_SPACES, tuple(spaces))


def bonus_tokens(players: int) -> tuple[Token, ...]:
    """``players`` tokens of each of the six Bonus types, e.g. ``B-moon-3``."""
    return tuple(
        Token(f"B-{kind}-{n}", kind, "circle" if kind in CIRCLE_BONUS else "hex", True)
        for kind in BONUS_TYPES
        for n in range(1, players + 1)
    )


def starter_sun(seat: int) -> Token:
    return Token(f"S-sun-{seat + 1}", "sun", "circle", True)


def _read(name: str) -> Any:
    with (DATA_DIR / name).open(encoding="utf-8") as handle:
        return json.load(handle)


@dataclass(frozen=True)
class Catalog:
    """Every component by id; scoring takes one so a test can build its own tiles."""

    tiles: dict[str, Tile]
    tokens: dict[str, Token]


@cache
def load_tiles() -> tuple[Tile, ...]:
    return parse_tiles(_read("tiles.json"))


@cache
def load_tokens() -> tuple[Token, ...]:
    return parse_tokens(_read("tokens.json"))


@cache
def load_journal() -> tuple[Card, ...]:
    return parse_journal(_read("journal.json"))


@cache
def load_constellations() -> tuple[Constellation, ...]:
    return parse_constellations(_read("constellations.json"))


@cache
def load_board() -> Board:
    return parse_board(_read("board.json"))


@cache
def catalog() -> Catalog:
    tokens = {t.id: t for t in load_tokens()}
    tokens.update({t.id: t for t in bonus_tokens(4)})
    tokens.update({t.id: t for t in (starter_sun(s) for s in range(4))})
    return Catalog({t.id: t for t in load_tiles()}, tokens)


@cache
def cards_by_id() -> dict[str, Card]:
    return {c.id: c for c in load_journal()}


@cache
def constellations_by_id() -> dict[str, Constellation]:
    return {c.id: c for c in load_constellations()}
