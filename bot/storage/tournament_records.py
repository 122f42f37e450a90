"""The records of the tournament storage (``bot.storage.tournaments``) and how rows become them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.i18n.languages import DEFAULT, Language, parse
from bot.storage.records import Row, StorageError
from bot.storage.rows import record_from_row


@dataclass(frozen=True)
class Tournament:
    """One competition as stored. ``options``: the title's lobby options for every table."""

    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    organiser_name: str
    game: str
    options: dict[str, Any]
    seats: int
    format: str
    rounds: int  # Swiss: how many; other formats: 0 (they end by themselves)
    pace: int
    round_seconds: float
    language: Language
    role_id: int | None
    signup_closes: float
    seed: int
    status: str
    round_no: int
    due_at: float | None
    paused_left: float | None
    card_message_id: int | None
    event_id: int | None


@dataclass(frozen=True)
class Entrant:
    user_id: int
    name: str
    rating: float
    status: str  # 'in', 'withdrawn', 'removed' or 'left'


@dataclass(frozen=True)
class Round:
    round_no: int
    opened_at: float
    deadline_at: float
    closed_at: float | None


@dataclass(frozen=True)
class Table:
    """One table of a round; ``places``/``scores`` follow ``players`` once it is finished."""

    id: int
    tournament_id: int
    round_no: int
    position: int
    players: tuple[int, ...]
    why: str
    status: str  # 'waiting', 'playing', 'finished' or 'bye'
    game_id: int | None
    places: tuple[int, ...] | None
    scores: tuple[int, ...] | None
    late: tuple[int, ...]


@dataclass(frozen=True)
class NewTable:
    """A table to write when a round opens (one player: a bye)."""

    players: tuple[int, ...]
    why: str


class SignupClosed(StorageError):
    """The tournament no longer takes sign-ups."""


class AlreadyEntered(StorageError):
    """The player is signed up already."""


def tournament_from_row(row: Row) -> Tournament:
    language = parse(row["language"]) or DEFAULT
    return record_from_row(Tournament, row, options=json.loads(row["options"]), language=language)


def _tuple(value: str | None) -> tuple[int, ...] | None:
    return None if value is None else tuple(json.loads(value))


def table_from_row(row: Row) -> Table:
    return record_from_row(
        Table,
        row,
        players=tuple(json.loads(row["players"])),
        places=_tuple(row["places"]),
        scores=_tuple(row["scores"]),
        late=tuple(json.loads(row["late"])),
    )
