"""The records and errors both storage backends share (``bot.storage``); rows become records in
``bot.storage.rows``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from bot.i18n.languages import DEFAULT, Language

# A result row: sqlite3.Row or asyncpg.Record, both read by column name and by position.
Row = Any

STATUSES: Final = ("lobby", "active", "finished", "cancelled")
# The option that marks a practice game (``GameRecord.practice``), kept with the game's options.
PRACTICE_KEY: Final = "practice"
MAX_ID = 2**63 - 1  # the largest id a database integer (SQLite's, PostgreSQL's BIGINT) holds

# Seat numbers are moved out of the way by this much while renumbering (see remove_seat).
_SEAT_SHIFT: Final = 1_000_000


class StorageError(Exception):
    """Something the storage layer refuses, or an unknown game."""


class StaleVersion(StorageError):
    """The game moved on since the caller loaded it (duplicate or concurrent click)."""


class AlreadyApplied(StaleVersion):
    """This very click (its key) is already in the log: a duplicate delivery, not a new move."""


class SeatTaken(StorageError):
    """The user already holds a seat in this game."""


class MigrationError(StorageError):
    """The migrations folder is inconsistent, or a migration failed and was rolled back."""


@dataclass
class SeatRecord:
    game_id: int
    seat: int
    user_id: int
    name: str
    dm_open: bool
    is_bot: bool = False
    autopilot: bool = False
    left_game: bool = False
    timeouts: int = 0
    held_from: int = 0
    """The replay step from which this seat's player holds it (0013): 0 from the start, later for
    a seat handed over with `/game replace`."""

    @property
    def bot_controlled(self) -> bool:
        """The bot makes this seat's decisions (a bot seat, or a human's seat handed over)."""
        return self.is_bot or self.autopilot


@dataclass
class GameRecord:
    id: int
    game: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    host_id: int
    status: str
    options: dict[str, Any]
    seed: int | None
    state: dict[str, Any] | None
    version: int
    lobby_message_id: int | None
    status_message_id: int | None
    deadline_at: float | None
    created_at: float
    updated_at: float
    seats: list[SeatRecord] = field(default_factory=list)
    pace: int = 0
    # Why the game can't be loaded (a stored mark, or its JSON failed to parse); None if it loads.
    set_aside: str | None = None
    # The table's language: every public message of the game is in it (``/play language``).
    language: Language = DEFAULT

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    @property
    def user_ids(self) -> list[int]:
        """User ids in seat order."""
        return [seat.user_id for seat in self.seats]

    @property
    def practice(self) -> bool:
        """A `/learn` table: played against the bot for practice, never counted in stats or
        ratings (no results rows are written for it) and listed apart in `/game mine`."""
        return bool(self.options.get(PRACTICE_KEY))

    def practice_of(self, user_id: int) -> bool:
        """Whether this is ``user_id``'s own practice table: a `/learn` game has no server, and its
        player hosts it (alone with bots); nobody else may see it."""
        return self.practice and self.guild_id is None and self.host_id == user_id

    @property
    def play_channel_id(self) -> int:
        """Where the game is played: its thread if it has one, else the channel."""
        return self.thread_id if self.thread_id is not None else self.channel_id


@dataclass
class Deadline:
    """When a seat's decision in a paced game runs out, and which reminders are still due."""

    game_id: int
    seat: int
    decision: int
    opened_at: float
    due_at: float
    reminders: list[float] = field(default_factory=list)


PING_MODES = ("both", "dm", "mention", "none")


@dataclass
class UserSettings:
    """How a player wants to be pinged, their quiet hours in their own time zone, and their language.

    ``language`` is a ``/settings language`` choice (None: follow their Discord client);
    ``discord_locale`` is the locale last seen on their interactions (``bot.core.speakers``), kept
    for the DMs they get when someone else moved. ``save_user_settings`` leaves it alone.
    """

    user_id: int
    ping: str = "both"
    timezone: str = "UTC"
    quiet_start: int | None = None
    quiet_end: int | None = None
    language: Language | None = None
    discord_locale: str | None = None
    # "Describe boards in text": panels and `/game` answers carry the pictures' words beside them.
    text_boards: bool = False


@dataclass(frozen=True)
class PanelCopyRow:
    """Where a player's live panel of a game is shown, kept so a restarted bot (or another
    process) retires or edits that copy. A DM has its channel; an ephemeral copy (``channel_id``
    None) only its message id, since the token that edits it is never stored."""

    game_id: int
    user_id: int
    kind: str  # "dm" or "ephemeral"
    message_id: int
    channel_id: int | None
    language: Language = DEFAULT


@dataclass(frozen=True)
class MovePing:
    """A paced game's "Your move" post: which players it pinged for which decision."""

    game_id: int
    message_id: int
    channel_id: int
    decision: int
    user_ids: tuple[int, ...]


@dataclass
class ActionRecord:
    seq: int
    seat: int | None
    action: dict[str, Any]
    events: list[str]
    created_at: float


@dataclass
class ResultRecord:
    """One seat's final result in a finished game."""

    game_id: int
    seat: int
    user_id: int
    name: str
    score: int
    place: int
    won: bool
    with_bots: bool
    finished_at: float


@dataclass(frozen=True)
class SoloBest:
    """A player's solo record at one game on one server; ``best`` is None before any solo game."""

    best: int | None
    played: int


@dataclass
class GameStats:
    """Totals over the selected seats of one game: one player's, or every seat in the server.

    ``wins`` counts winning seats, so for a whole server it exceeds ``played`` by the shared
    wins. ``with_bots`` is how many of the ``played`` games had a bot seat.
    """

    game: str
    played: int
    players: int
    wins: int
    best: int
    average: float
    with_bots: int


def places(scores: Sequence[int], winners: Sequence[int]) -> list[int]:
    """Each seat's place: every winner is 1st; the others follow by score, higher first.

    The winners come from the rules (which may break score ties), so they are not re-derived
    from the scores. Equal scores below them share a place (1, 1, 3, 3, 5).
    """
    won = set(winners)
    rest = [score for seat, score in enumerate(scores) if seat not in won]
    return [
        1 if seat in won else len(won) + 1 + sum(1 for other in rest if other > score)
        for seat, score in enumerate(scores)
    ]


class _Unset:
    """Sentinel type for "leave this column alone" (``None`` means "set it to NULL")."""

    _instance: _Unset | None = None

    def __new__(cls) -> _Unset:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = _Unset()
