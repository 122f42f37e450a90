"""Durable games: lobbies, seats, the append-only action log and a state snapshot, in SQLite.

The action log is the source of truth: ``replay(setup(seed), actions)`` must equal the stored
``state`` snapshot, and an action is acknowledged (announced in Discord) only after the
transaction that logs it has committed. Optimistic versioning (``expected_version``) turns a
duplicate or concurrent button click into ``StaleVersion`` instead of a double move.

One aiosqlite connection per process. Every operation holds an ``asyncio.Lock`` so handlers
running concurrently cannot interleave statements of different transactions on it (nor read
another handler's uncommitted rows). ``BEGIN IMMEDIATE`` takes SQLite's write lock up front,
so a second process on the same file waits (``busy_timeout``) rather than failing mid-way.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.resources
import json
import logging
import os
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import aiosqlite

from bot.storage_timers import SqliteTimers

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from bot.games.base import Outcome

log = logging.getLogger(__name__)

__all__ = [
    "ActionRecord", "AlreadyApplied", "GameRecord", "MigrationError",
    "SeatRecord", "SeatTaken", "StaleVersion",
    "Storage", "StorageError", "UNSET", "bundled_migrations", "discover_migrations", "split_statements",
    "GameStats", "LeaderRow", "ResultRecord", "places",
]

# The top-level migrations/ folder ships inside the distribution as this package (setup.py maps
# it), so a wheel carries its SQL and an editable install reads the source folder itself.
MIGRATIONS_PACKAGE: Final = "bot.migrations"
BUSY_TIMEOUT_MS: Final = 5000
STATUSES: Final = ("lobby", "active", "finished", "cancelled")

# Seat numbers are moved out of the way by this much while renumbering (see remove_seat).
_SEAT_SHIFT: Final = 1_000_000

# --------------------------------------------------------------------------------------------
# SQL. Every statement the module runs is here, so the whole data access is reviewable at once.
# --------------------------------------------------------------------------------------------

SQL_PRAGMA_JOURNAL_WAL = "PRAGMA journal_mode = WAL"
SQL_PRAGMA_FOREIGN_KEYS = "PRAGMA foreign_keys = ON"
SQL_PRAGMA_BUSY_TIMEOUT = f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}"
# FULL fsyncs the WAL on every commit: an acknowledged move survives power loss, not just a
# process crash. Writes are human clicks, so the cost is irrelevant.
SQL_PRAGMA_SYNCHRONOUS = "PRAGMA synchronous = FULL"
SQL_PRAGMA_OPTIMIZE = "PRAGMA optimize"

SQL_BEGIN_WRITE = "BEGIN IMMEDIATE"
SQL_BEGIN_READ = "BEGIN DEFERRED"
SQL_COMMIT = "COMMIT"
SQL_ROLLBACK = "ROLLBACK"

SQL_CREATE_SCHEMA_VERSION = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at REAL NOT NULL
)
"""
SQL_SELECT_SCHEMA_VERSIONS = "SELECT version, name FROM schema_version ORDER BY version"
SQL_SELECT_SCHEMA_VERSION_EXISTS = "SELECT 1 FROM schema_version WHERE version = ?"
SQL_INSERT_SCHEMA_VERSION = "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)"

_GAME_COLUMNS = (
    "g.id, g.game, g.guild_id, g.channel_id, g.thread_id, g.host_id, g.status, g.options, g.seed,"
    " g.state, g.version, g.lobby_message_id, g.status_message_id, g.deadline_at, g.created_at,"
    " g.updated_at, g.pace, g.set_aside"
)

SQL_INSERT_GAME = """
INSERT INTO games (game, guild_id, channel_id, host_id, status, options, version, created_at,
                   updated_at, pace)
VALUES (:game, :guild_id, :channel_id, :host_id, 'lobby', :options, 0, :now, :now, :pace)
"""
SQL_SELECT_GAME = f"SELECT {_GAME_COLUMNS} FROM games g WHERE g.id = ?"
SQL_SELECT_GAME_STATUS = "SELECT status, version FROM games WHERE id = ?"
# Set-aside games (0004) are left out: they cannot be resumed until someone repairs them.
SQL_SELECT_ACTIVE_GAMES = f"""
SELECT {_GAME_COLUMNS} FROM games g WHERE g.status = 'active' AND g.set_aside IS NULL ORDER BY g.id
"""
# Only a game not marked yet: the first process to find the problem marks it and says so.
SQL_UPDATE_GAME_SET_ASIDE = """
UPDATE games SET set_aside = :reason, updated_at = :now WHERE id = :game_id AND set_aside IS NULL
"""
# Finished games whose results rows are missing (a crash between the final move and its results
# under older code): backfilled at start-up.
SQL_SELECT_FINISHED_WITHOUT_RESULTS = f"""
SELECT {_GAME_COLUMNS} FROM games g
WHERE g.status = 'finished' AND g.set_aside IS NULL
  AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id)
ORDER BY g.id
"""
# A thread match beats a parent-channel match: a lobby may sit in the channel while its game is
# played in a thread of it. Then newest first.
SQL_SELECT_GAME_IN_CHANNEL = f"""
SELECT {_GAME_COLUMNS} FROM games g
WHERE g.status IN ('lobby', 'active') AND (g.thread_id = :channel_id OR g.channel_id = :channel_id)
ORDER BY COALESCE(g.thread_id = :channel_id, 0) DESC, g.created_at DESC, g.id DESC
LIMIT 1
"""
# Every open game of a channel (or the one of a thread): a channel may run several tables at
# once, each in its own thread. Thread matches first, then newest.
SQL_SELECT_OPEN_GAMES_IN_CHANNEL = f"""
SELECT {_GAME_COLUMNS} FROM games g
WHERE g.status IN ('lobby', 'active') AND (g.thread_id = :channel_id OR g.channel_id = :channel_id)
ORDER BY COALESCE(g.thread_id = :channel_id, 0) DESC, g.created_at DESC, g.id DESC
"""
SQL_SELECT_GAMES_FOR_USER = f"""
SELECT {_GAME_COLUMNS} FROM games g JOIN seats s ON s.game_id = g.id
WHERE s.user_id = :user_id AND g.status IN ('lobby', 'active')
  AND (:guild_id IS NULL OR g.guild_id = :guild_id)
ORDER BY g.created_at DESC, g.id DESC
"""
SQL_UPDATE_GAME_TOUCH = "UPDATE games SET updated_at = :now WHERE id = :game_id"
SQL_UPDATE_GAME_MESSAGES = """
UPDATE games SET
    lobby_message_id  = CASE WHEN :set_lobby  THEN :lobby_message_id  ELSE lobby_message_id  END,
    status_message_id = CASE WHEN :set_status THEN :status_message_id ELSE status_message_id END,
    thread_id         = CASE WHEN :set_thread THEN :thread_id         ELSE thread_id         END,
    updated_at = :now
WHERE id = :game_id
"""
SQL_UPDATE_GAME_START = """
UPDATE games SET status = 'active', seed = :seed, state = :state, version = 0,
                 deadline_at = :deadline_at, updated_at = :now
WHERE id = :game_id AND status = 'lobby'
"""
# The WHERE clause is the optimistic lock: zero rows means someone else moved first.
SQL_UPDATE_GAME_AFTER_ACTION = """
UPDATE games SET state = :state, version = version + 1, deadline_at = :deadline_at,
                 status = CASE WHEN :finished THEN 'finished' ELSE status END, updated_at = :now
WHERE id = :game_id AND version = :expected_version AND status = 'active'
"""
# Finished and cancelled are terminal: a late "cancel" must not resurrect or relabel a game.
SQL_UPDATE_GAME_STATUS = """
UPDATE games SET status = :status, updated_at = :now
WHERE id = :game_id AND status IN ('lobby', 'active')
"""

_SEAT_COLUMNS = "game_id, seat, user_id, name, dm_open, is_bot, autopilot, left_game, timeouts"
SQL_SELECT_SEATS = f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat"
# Seats of many games in one query; the ids travel as one JSON array parameter.
SQL_SELECT_SEATS_FOR_GAMES = f"""
SELECT {_SEAT_COLUMNS} FROM seats
WHERE game_id IN (SELECT value FROM json_each(?))
ORDER BY game_id, seat
"""
SQL_SELECT_SEAT_OF_USER = "SELECT seat FROM seats WHERE game_id = ? AND user_id = ?"
SQL_SELECT_NEXT_SEAT = "SELECT COALESCE(MAX(seat) + 1, 0) FROM seats WHERE game_id = ?"
SQL_INSERT_SEAT = """
INSERT INTO seats (game_id, seat, user_id, name, dm_open) VALUES (:game_id, :seat, :user_id, :name, 1)
"""
SQL_DELETE_SEAT = "DELETE FROM seats WHERE game_id = ? AND user_id = ?"
# SQLite checks (game_id, seat) uniqueness row by row, in no guaranteed order, so closing the
# gap with "seat - 1" could collide. Shift the seats above the gap out of range, then back down.
SQL_SHIFT_SEATS_UP = f"UPDATE seats SET seat = seat + {_SEAT_SHIFT} WHERE game_id = ? AND seat > ?"
SQL_SHIFT_SEATS_DOWN = (
    f"UPDATE seats SET seat = seat - {_SEAT_SHIFT + 1} WHERE game_id = ? AND seat >= {_SEAT_SHIFT}"
)
SQL_UPDATE_SEAT_DM_OPEN = "UPDATE seats SET dm_open = ? WHERE game_id = ? AND user_id = ?"
SQL_INSERT_BOT_SEAT = """
INSERT INTO seats (game_id, seat, user_id, name, dm_open, is_bot)
VALUES (:game_id, :seat, -(:seat + 1), :name, 0, 1)
"""
SQL_UPDATE_SEAT_CONTROL = """
UPDATE seats SET autopilot = COALESCE(:autopilot, autopilot), left_game = COALESCE(:left_game, left_game),
                 timeouts = COALESCE(:timeouts, timeouts)
WHERE game_id = :game_id AND seat = :seat
"""
SQL_UPDATE_SEAT_PLAYER = """
UPDATE seats SET user_id = :user_id, name = :name, dm_open = 1, autopilot = 0, left_game = 0, timeouts = 0
WHERE game_id = :game_id AND seat = :seat AND is_bot = 0
"""
SQL_SELECT_DEADLINES = "SELECT game_id, seat, decision, opened_at, due_at, reminders FROM deadlines"
SQL_SELECT_GAME_DEADLINES = SQL_SELECT_DEADLINES + " WHERE game_id = ?"
SQL_DELETE_GAME_DEADLINES = "DELETE FROM deadlines WHERE game_id = ?"
SQL_DELETE_DEADLINE = "DELETE FROM deadlines WHERE game_id = ? AND seat = ? AND decision = ?"
SQL_UPSERT_DEADLINE = """
INSERT INTO deadlines (game_id, seat, decision, opened_at, due_at, reminders)
VALUES (:game_id, :seat, :decision, :opened_at, :due_at, :reminders)
ON CONFLICT (game_id, seat) DO UPDATE SET decision = excluded.decision, opened_at = excluded.opened_at,
    due_at = excluded.due_at, reminders = excluded.reminders
"""
SQL_UPDATE_DEADLINE_REMINDERS = """
UPDATE deadlines SET reminders = ? WHERE game_id = ? AND seat = ? AND decision = ?
"""
SQL_SELECT_USER_SETTINGS = """
SELECT user_id, ping, timezone, quiet_start, quiet_end FROM user_settings WHERE user_id = ?
"""
SQL_UPSERT_USER_SETTINGS = """
INSERT INTO user_settings (user_id, ping, timezone, quiet_start, quiet_end)
VALUES (:user_id, :ping, :timezone, :quiet_start, :quiet_end)
ON CONFLICT (user_id) DO UPDATE SET ping = excluded.ping, timezone = excluded.timezone,
    quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end
"""

SQL_INSERT_ACTION = """
INSERT INTO actions (game_id, seq, seat, action, events, created_at, click)
VALUES (:game_id, :seq, :seat, :action, :events, :now, :click)
"""
# A click's key (its Discord interaction id) is logged with the action it caused (0005), so the
# same click delivered twice, to one process or two, is recognised and applied once.
SQL_SELECT_CLICK_LOGGED = "SELECT 1 FROM actions WHERE game_id = ? AND click = ?"
SQL_SELECT_ACTIONS = """
SELECT seq, seat, action, events, created_at FROM actions WHERE game_id = ? ORDER BY seq
"""
SQL_SELECT_LAST_ACTIONS = """
SELECT seq, seat, action, events, created_at FROM (
    SELECT seq, seat, action, events, created_at FROM actions WHERE game_id = ?
    ORDER BY seq DESC LIMIT ?
) ORDER BY seq
"""

# ---- overview: open games of a server, any game of a channel, the public log in pages ----

# Running games first (they wait on someone), then lobbies; most recently moved first.
SQL_SELECT_OPEN_GAMES_IN_GUILD = f"""
SELECT {_GAME_COLUMNS} FROM games g
WHERE g.guild_id IS :guild_id AND g.status IN ('lobby', 'active')
ORDER BY g.status = 'active' DESC, g.updated_at DESC, g.id DESC
"""
# Like SQL_SELECT_GAME_IN_CHANNEL, but finished and cancelled games count too (their log).
SQL_SELECT_LATEST_GAME_IN_CHANNEL = f"""
SELECT {_GAME_COLUMNS} FROM games g
WHERE g.thread_id = :channel_id OR g.channel_id = :channel_id
ORDER BY COALESCE(g.thread_id = :channel_id, 0) DESC, g.created_at DESC, g.id DESC
LIMIT 1
"""
# The public log is the actions that produced events ('[]' is how an empty list is stored).
SQL_COUNT_LOG_ENTRIES = "SELECT COUNT(*) FROM actions WHERE game_id = ? AND events != '[]'"
SQL_SELECT_LOG_ENTRIES = """
SELECT seq, seat, action, events, created_at FROM (
    SELECT seq, seat, action, events, created_at FROM actions WHERE game_id = :game_id AND events != '[]'
    ORDER BY seq DESC LIMIT :limit OFFSET :offset
) ORDER BY seq
"""

# ---- results, stats and leaderboards -------------------------------------------------------

SQL_SELECT_RESULTS_EXIST = "SELECT 1 FROM results WHERE game_id = ? LIMIT 1"
# When the game ended: its last logged action, else (no action at all) its last update.
SQL_SELECT_FINISHED_AT = """
SELECT COALESCE((SELECT created_at FROM actions WHERE game_id = :game_id ORDER BY seq DESC LIMIT 1),
                (SELECT updated_at FROM games WHERE id = :game_id))
"""
SQL_INSERT_RESULT = """
INSERT INTO results (game_id, seat, user_id, name, score, place, won, with_bots, finished_at)
VALUES (:game_id, :seat, :user_id, :name, :score, :place, :won, :with_bots, :finished_at)
"""
SQL_SELECT_RESULTS = """
SELECT game_id, seat, user_id, name, score, place, won, with_bots, finished_at
FROM results WHERE game_id = ? ORDER BY seat
"""
# One row per game slug. Scores of different games are not comparable, so never mixed.
# Bot seats' results are stored with the game but count in no one's stats.
SQL_SELECT_STATS = """
SELECT g.game AS game, COUNT(DISTINCT r.game_id) AS played, COUNT(DISTINCT r.user_id) AS players,
       SUM(r.won) AS wins, MAX(r.score) AS best, AVG(r.score) AS average,
       COUNT(DISTINCT CASE WHEN r.with_bots THEN r.game_id END) AS with_bots
FROM results r JOIN games g ON g.id = r.game_id
JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat AND s.is_bot = 0
WHERE g.guild_id IS :guild_id
  AND (:game IS NULL OR g.game = :game)
  AND (:user_id IS NULL OR r.user_id = :user_id)
GROUP BY g.game
ORDER BY g.game
"""
# Wins, then average score; games played and the user id only make the order total. The name
# shown is the one the player had in their latest game here. Bot seats are not ranked.
SQL_SELECT_LEADERBOARD = """
SELECT r.user_id AS user_id,
       (SELECT r2.name FROM results r2 JOIN games g2 ON g2.id = r2.game_id
        WHERE r2.user_id = r.user_id AND g2.guild_id IS :guild_id AND g2.game = :game
        ORDER BY r2.finished_at DESC, r2.game_id DESC LIMIT 1) AS name,
       COUNT(DISTINCT r.game_id) AS played, SUM(r.won) AS wins, MAX(r.score) AS best,
       AVG(r.score) AS average, COUNT(DISTINCT CASE WHEN r.with_bots THEN r.game_id END) AS with_bots
FROM results r JOIN games g ON g.id = r.game_id
JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat AND s.is_bot = 0
WHERE g.guild_id IS :guild_id AND g.game = :game
GROUP BY r.user_id
ORDER BY wins DESC, average DESC, played DESC, r.user_id
LIMIT :limit
"""
# A player's best score in solo games (games with one seat) of one game on one server. The game
# that just finished can be left out, to say whether it beat the previous best.
SQL_SELECT_SOLO_BEST = """
SELECT MAX(r.score) AS best, COUNT(*) AS played
FROM results r JOIN games g ON g.id = r.game_id
WHERE g.guild_id IS :guild_id AND g.game = :game AND r.user_id = :user_id AND r.game_id != :exclude
  AND (SELECT COUNT(*) FROM results r2 WHERE r2.game_id = r.game_id) = 1
"""

# --------------------------------------------------------------------------------------------
# Errors and records
# --------------------------------------------------------------------------------------------


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
    def names(self) -> list[str]:
        """Display names in seat order, ready to fill ``{0}``, ``{1}``… in events."""
        return [seat.name for seat in self.seats]

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
    """How a player wants to be pinged, and their quiet hours in their own time zone."""

    user_id: int
    ping: str = "both"
    timezone: str = "UTC"
    quiet_start: int | None = None
    quiet_end: int | None = None


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


@dataclass
class LeaderRow:
    """One leaderboard line. Players equal on wins and average score share a ``rank``."""

    rank: int
    user_id: int
    name: str
    played: int
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
    return [1 if seat in won else len(won) + 1 + sum(1 for other in rest if other > score)
            for seat, score in enumerate(scores)]


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    path: Traversable | Path


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


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _seat_from_row(row: sqlite3.Row) -> SeatRecord:
    return SeatRecord(game_id=row["game_id"], seat=row["seat"], user_id=row["user_id"],
                      name=row["name"], dm_open=bool(row["dm_open"]), is_bot=bool(row["is_bot"]),
                      autopilot=bool(row["autopilot"]), left_game=bool(row["left_game"]),
                      timeouts=row["timeouts"])


def _json_object(text: str | None, what: str, problems: list[str]) -> dict[str, Any] | None:
    """Parse a stored JSON object; a value that isn't one is noted in ``problems``, not raised,
    so one damaged row can't stop every query that lists games."""
    if text is None:
        return None
    try:
        value = json.loads(text)
    except ValueError as error:
        problems.append(f"its {what} is not valid JSON ({error})")
        return None
    if not isinstance(value, dict):
        problems.append(f"its {what} is not a JSON object")
        return None
    return value


def _game_from_row(row: sqlite3.Row, seats: list[SeatRecord]) -> GameRecord:
    problems: list[str] = []
    options = _json_object(row["options"], "options", problems)
    state = _json_object(row["state"], "state", problems)
    if problems:
        log.warning("game %d can't be loaded: %s", row["id"], "; ".join(problems))
    return GameRecord(
        id=row["id"], game=row["game"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        thread_id=row["thread_id"], host_id=row["host_id"], status=row["status"],
        options=options or {}, seed=row["seed"], state=state, version=row["version"],
        lobby_message_id=row["lobby_message_id"], status_message_id=row["status_message_id"],
        deadline_at=row["deadline_at"], created_at=row["created_at"], updated_at=row["updated_at"],
        seats=seats, pace=row["pace"], set_aside=row["set_aside"] or "; ".join(problems) or None,
    )


def _action_from_row(row: sqlite3.Row) -> ActionRecord:
    return ActionRecord(seq=row["seq"], seat=row["seat"], action=json.loads(row["action"]),
                        events=json.loads(row["events"]), created_at=row["created_at"])


def _result_from_row(row: sqlite3.Row) -> ResultRecord:
    return ResultRecord(game_id=row["game_id"], seat=row["seat"], user_id=row["user_id"], name=row["name"],
                        score=row["score"], place=row["place"], won=bool(row["won"]),
                        with_bots=bool(row["with_bots"]), finished_at=row["finished_at"])


# --------------------------------------------------------------------------------------------
# Migrations
# --------------------------------------------------------------------------------------------

_MIGRATION_NAME = re.compile(r"^(\d+)_([A-Za-z0-9_]+)\.sql$")
_TRANSACTION_KEYWORDS = frozenset({"BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"})


def bundled_migrations(subfolder: str = "") -> Traversable:
    """The migrations shipped with the code: SQLite's at the top, another database's in its
    ``subfolder`` (such as ``postgres``). Read through importlib.resources, so they are found in
    a wheel as well as in the source tree."""
    try:
        root = importlib.resources.files(MIGRATIONS_PACKAGE)
    except ModuleNotFoundError as error:
        raise MigrationError(f"the package {MIGRATIONS_PACKAGE} is missing: install the project with "
                             "pip (pip install . or pip install -e .) so its migrations ship with it"
                             ) from error
    return root.joinpath(subfolder) if subfolder else root


def discover_migrations(directory: Traversable | Path) -> list[Migration]:
    """The ``NNNN_name.sql`` files, numbered 1, 2, 3… without gaps (a gap means a lost file).
    Subfolders hold other databases' migrations and are not read."""
    if not directory.is_dir():
        raise MigrationError(f"migrations folder not found: {directory}")
    migrations: list[Migration] = []
    files = [entry for entry in directory.iterdir() if entry.name.endswith(".sql") and entry.is_file()]
    for path in sorted(files, key=lambda entry: entry.name):
        match = _MIGRATION_NAME.match(path.name)
        if match is None:
            raise MigrationError(f"migration file not named NNNN_name.sql: {path.name}")
        migrations.append(Migration(int(match.group(1)), path.name.removesuffix(".sql"), path))
    migrations.sort(key=lambda m: m.version)
    expected = list(range(1, len(migrations) + 1))
    if [m.version for m in migrations] != expected:
        found = ", ".join(m.path.name for m in migrations)
        raise MigrationError(f"migrations must be numbered 1..n without gaps or repeats: {found}")
    return migrations


def _strip_leading_comments(sql: str) -> str:
    while True:
        sql = sql.lstrip()
        if sql.startswith("--"):
            newline = sql.find("\n")
            sql = "" if newline < 0 else sql[newline + 1:]
        elif sql.startswith("/*"):
            end = sql.find("*/")
            sql = "" if end < 0 else sql[end + 2:]
        else:
            return sql


def split_statements(script: str) -> list[str]:
    """Split a script into single statements, so they can run inside our own transaction.

    ``executescript`` would commit any open transaction first, losing atomicity. SQLite's own
    ``complete_statement`` decides where a statement ends, so semicolons inside strings,
    comments and ``CREATE TRIGGER … BEGIN … END`` bodies are handled.
    """
    statements: list[str] = []
    start = 0
    for index, char in enumerate(script):
        if char == ";" and sqlite3.complete_statement(script[start:index + 1]):
            statement = script[start:index + 1]
            if _strip_leading_comments(statement).rstrip(";").strip():
                statements.append(statement.strip())
            start = index + 1
    if _strip_leading_comments(script[start:]):
        raise MigrationError(f"incomplete SQL statement at the end: {script[start:].strip()[:80]!r}")
    for statement in statements:
        keyword = _strip_leading_comments(statement).split(None, 1)[0].rstrip(";").upper()
        if keyword in _TRANSACTION_KEYWORDS:
            raise MigrationError(f"migrations must not control transactions ({keyword})")
    return statements


# --------------------------------------------------------------------------------------------
# Storage
# --------------------------------------------------------------------------------------------


class Storage(SqliteTimers):
    """All persistence for the bot. Create with ``await Storage.open(path)``."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self._path = path
        self._lock = asyncio.Lock()
        self._closed = False

    # ---- lifecycle ------------------------------------------------------------------------

    @classmethod
    async def open(cls, path: str | os.PathLike[str], *,
                   migrations_dir: Traversable | Path | None = None) -> Storage:
        """Connect, set the pragmas and apply pending migrations, each in its own transaction.
        ``migrations_dir`` defaults to the migrations shipped with the code."""
        path = os.fspath(path)
        migrations = discover_migrations(migrations_dir or bundled_migrations())
        # A file that can't be opened is found with a plain connection first: when aiosqlite's
        # connect fails, it leaves its worker thread to fail later on a closed event loop.
        with contextlib.closing(sqlite3.connect(path)):
            pass
        # isolation_level=None: the sqlite3 module must not open transactions behind our back.
        db = await aiosqlite.connect(path, isolation_level=None)
        try:
            db.row_factory = sqlite3.Row
            await db.execute(SQL_PRAGMA_BUSY_TIMEOUT)
            rows = await db.execute_fetchall(SQL_PRAGMA_JOURNAL_WAL)
            mode = next(iter(rows))[0]
            if mode != "wal":
                log.warning("SQLite journal mode is %r, not WAL, for %s", mode, path)
            await db.execute(SQL_PRAGMA_FOREIGN_KEYS)
            await db.execute(SQL_PRAGMA_SYNCHRONOUS)
            storage = cls(db, path)
            await storage._migrate(migrations)
        except BaseException:
            await db.close()
            raise
        return storage

    async def close(self) -> None:
        """Close once every queued operation has finished; safe to call twice."""
        async with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                await self._db.execute(SQL_PRAGMA_OPTIMIZE)
            except sqlite3.Error:
                log.debug("PRAGMA optimize failed on close", exc_info=True)
            await self._db.close()

    async def __aenter__(self) -> Storage:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        """The highest migration applied (0 for an empty database)."""
        async with self._read() as db:
            rows = await db.execute_fetchall(SQL_SELECT_SCHEMA_VERSIONS)
        return max((row["version"] for row in rows), default=0)

    async def _migrate(self, migrations: Sequence[Migration]) -> None:
        db = self._db
        await db.execute(SQL_CREATE_SCHEMA_VERSION)
        rows = await db.execute_fetchall(SQL_SELECT_SCHEMA_VERSIONS)
        applied = {row["version"]: row["name"] for row in rows}
        known = {m.version: m for m in migrations}
        newer = sorted(set(applied) - set(known))
        if newer:
            raise MigrationError(
                f"database {self._path} has migrations {newer} that this code does not know; "
                "refusing to run an older bot against a newer schema")
        for version, name in applied.items():
            if known[version].name != name:
                log.warning("migration %d was applied as %r but the file is now %r",
                            version, name, known[version].name)
        # Parse every pending file before running any, so a malformed one stops start-up early.
        pending = [(m, split_statements(m.path.read_text(encoding="utf-8")))
                   for m in migrations if m.version not in applied]
        for migration, statements in pending:
            async with self._write() as tx:
                # Another process may have applied it while we waited for the write lock.
                if await tx.execute_fetchall(SQL_SELECT_SCHEMA_VERSION_EXISTS, (migration.version,)):
                    log.info("migration %s was applied concurrently", migration.name)
                    continue
                try:
                    for statement in statements:
                        await tx.execute(statement)
                except sqlite3.Error as error:
                    raise MigrationError(f"migration {migration.name} failed and was rolled back: "
                                         f"{error}") from error
                await tx.execute(SQL_INSERT_SCHEMA_VERSION, (migration.version, migration.name, time.time()))
                log.info("applied migration %s to %s", migration.name, self._path)

    # ---- transactions ---------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """A write transaction: committed when the block ends, rolled back if it raises."""
        async with self._lock:
            # BEGIN is inside the try: a cancelled await does not stop a statement already queued
            # to aiosqlite's thread, so even a cancelled BEGIN needs the ROLLBACK queued after it.
            # That thread runs statements in order, so the ROLLBACK lands before anything the next
            # lock holder sends.
            try:
                await self._db.execute(SQL_BEGIN_WRITE)
                yield self._db
                await self._db.execute(SQL_COMMIT)
            except BaseException:
                await self._rollback()
                raise

    @contextlib.asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        """A read transaction, so a game row and its seats come from the same snapshot."""
        async with self._lock:
            try:
                await self._db.execute(SQL_BEGIN_READ)
                yield self._db
            finally:
                await self._rollback()

    async def _rollback(self) -> None:
        # No transaction may be left to roll back: COMMIT went through, or SQLite already rolled
        # back on its own after an error.
        with contextlib.suppress(sqlite3.OperationalError):
            await self._db.execute(SQL_ROLLBACK)

    # ---- queries used inside transactions -------------------------------------------------

    @staticmethod
    async def _execute(db: aiosqlite.Connection, sql: str, params: Any = ()) -> int:
        """Run one statement and return how many rows it changed."""
        cursor = await db.execute(sql, params)
        try:
            return cursor.rowcount
        finally:
            await cursor.close()

    @staticmethod
    async def _fetch_games(db: aiosqlite.Connection, sql: str, params: Any = ()) -> list[GameRecord]:
        rows = await db.execute_fetchall(sql, params)
        if not rows:
            return []
        ids = [row["id"] for row in rows]
        seats: dict[int, list[SeatRecord]] = {game_id: [] for game_id in ids}
        for seat_row in await db.execute_fetchall(SQL_SELECT_SEATS_FOR_GAMES, (_dumps(ids),)):
            seats[seat_row["game_id"]].append(_seat_from_row(seat_row))
        return [_game_from_row(row, seats[row["id"]]) for row in rows]

    @staticmethod
    async def _load_in(db: aiosqlite.Connection, game_id: int) -> GameRecord | None:
        rows = list(await db.execute_fetchall(SQL_SELECT_GAME, (game_id,)))
        if not rows:
            return None
        seats = [_seat_from_row(row) for row in await db.execute_fetchall(SQL_SELECT_SEATS, (game_id,))]
        return _game_from_row(rows[0], seats)

    @classmethod
    async def _require(cls, db: aiosqlite.Connection, game_id: int) -> GameRecord:
        game = await cls._load_in(db, game_id)
        if game is None:
            raise StorageError(f"no game {game_id}")
        return game

    @staticmethod
    async def _status_of(db: aiosqlite.Connection, game_id: int) -> tuple[str, int] | None:
        rows = list(await db.execute_fetchall(SQL_SELECT_GAME_STATUS, (game_id,)))
        return (rows[0]["status"], rows[0]["version"]) if rows else None

    # ---- lobby ----------------------------------------------------------------------------

    async def create_lobby(self, *, game: str, guild_id: int | None, channel_id: int, host_id: int,
                           host_name: str, options: dict[str, Any], pace: int = 0) -> GameRecord:
        """A new game in ``lobby`` status with its host in seat 0."""
        now = time.time()
        async with self._write() as db:
            cursor = await db.execute(SQL_INSERT_GAME, {
                "game": game, "guild_id": guild_id, "channel_id": channel_id, "host_id": host_id,
                "options": _dumps(options), "now": now, "pace": pace})
            game_id = cursor.lastrowid
            await cursor.close()
            assert game_id is not None
            await self._execute(db, SQL_INSERT_SEAT,
                                {"game_id": game_id, "seat": 0, "user_id": host_id, "name": host_name})
            record = await self._require(db, game_id)
        log.info("created %s lobby %d in channel %d", game, game_id, channel_id)
        return record

    async def load(self, game_id: int) -> GameRecord | None:
        async with self._read() as db:
            return await self._load_in(db, game_id)

    async def add_seat(self, game_id: int, user_id: int, name: str) -> GameRecord:
        """Seat a user after the others. Seat limits are the game's business, not storage's."""
        async with self._write() as db:
            game = await self._require(db, game_id)
            if game.status != "lobby":
                raise StorageError(f"game {game_id} is {game.status}; seats only change in the lobby")
            if game.seat_of(user_id) is not None:
                raise SeatTaken(f"user {user_id} is already seated in game {game_id}")
            rows = await db.execute_fetchall(SQL_SELECT_NEXT_SEAT, (game_id,))
            seat = next(iter(rows))[0]
            try:
                await self._execute(db, SQL_INSERT_SEAT,
                                    {"game_id": game_id, "seat": seat, "user_id": user_id, "name": name})
            except sqlite3.IntegrityError as error:  # pragma: no cover - guarded above
                raise SeatTaken(f"user {user_id} is already seated in game {game_id}") from error
            await self._execute(db, SQL_UPDATE_GAME_TOUCH, {"game_id": game_id, "now": time.time()})
            return await self._require(db, game_id)

    async def remove_seat(self, game_id: int, user_id: int) -> GameRecord:
        """Unseat a user; later seats move down so seats stay 0..k-1 in joining order."""
        async with self._write() as db:
            game = await self._require(db, game_id)
            if game.status != "lobby":
                raise StorageError(f"game {game_id} is {game.status}; seats only change in the lobby")
            seat = game.seat_of(user_id)
            if seat is None:
                raise StorageError(f"user {user_id} is not seated in game {game_id}")
            await self._execute(db, SQL_DELETE_SEAT, (game_id, user_id))
            await self._execute(db, SQL_SHIFT_SEATS_UP, (game_id, seat))
            await self._execute(db, SQL_SHIFT_SEATS_DOWN, (game_id,))
            await self._execute(db, SQL_UPDATE_GAME_TOUCH, {"game_id": game_id, "now": time.time()})
            return await self._require(db, game_id)

    async def set_dm_open(self, game_id: int, user_id: int, dm_open: bool) -> None:
        """Remember whether DMs reach this player, so the bot stops retrying closed DMs."""
        async with self._write() as db:
            if not await self._execute(db, SQL_UPDATE_SEAT_DM_OPEN, (int(dm_open), game_id, user_id)):
                raise StorageError(f"user {user_id} is not seated in game {game_id}")

    async def set_messages(self, game_id: int, *, lobby_message_id: int | None | _Unset = UNSET,
                           status_message_id: int | None | _Unset = UNSET,
                           thread_id: int | None | _Unset = UNSET) -> None:
        """Remember Discord message/thread ids. Only the arguments given change; ``None`` clears."""
        flags = {"set_lobby": lobby_message_id is not UNSET, "set_status": status_message_id is not UNSET,
                 "set_thread": thread_id is not UNSET}
        if not any(flags.values()):
            return

        def value(given: int | None | _Unset) -> int | None:
            return None if isinstance(given, _Unset) else given

        params = {**flags, "lobby_message_id": value(lobby_message_id),
                  "status_message_id": value(status_message_id), "thread_id": value(thread_id),
                  "game_id": game_id, "now": time.time()}
        async with self._write() as db:
            if not await self._execute(db, SQL_UPDATE_GAME_MESSAGES, params):
                raise StorageError(f"no game {game_id}")

    # ---- play -----------------------------------------------------------------------------

    async def start(self, game_id: int, *, seed: int, state: dict[str, Any],
                    deadline_at: float | None = None) -> GameRecord:
        """Lobby → active with the set-up state. ``StaleVersion`` if it already left the lobby."""
        params = {"game_id": game_id, "seed": seed, "state": _dumps(state), "deadline_at": deadline_at,
                  "now": time.time()}
        async with self._write() as db:
            if not await self._execute(db, SQL_UPDATE_GAME_START, params):
                current = await self._status_of(db, game_id)
                if current is None:
                    raise StorageError(f"no game {game_id}")
                raise StaleVersion(f"game {game_id} is {current[0]}, not in the lobby")
            record = await self._require(db, game_id)
        log.info("started game %d (%s) with %d seats", game_id, record.game, len(record.seats))
        return record

    async def record_action(self, game_id: int, *, expected_version: int, seat: int | None,
                            action: dict[str, Any], state: dict[str, Any], events: list[str],
                            finished: bool = False, deadline_at: float | None = None,
                            outcome: Outcome | None = None, click: str | None = None) -> int:
        """Log one applied action and the resulting state atomically; returns the new version.

        The version check and the log append commit together, so two clicks computed from the
        same state cannot both land: the second gets ``StaleVersion`` and must not announce.
        The final action of a game passes its ``outcome``: the results rows are written in the
        same transaction, so a crash can't leave a finished game without them. ``click`` keys
        the click that caused it: a click already logged raises ``AlreadyApplied``.
        Committed (and fsynced) before returning.
        """
        if expected_version < 0:
            raise ValueError("expected_version must be >= 0")
        if outcome is not None and not finished:
            raise ValueError("only the final action of a game has an outcome")
        now = time.time()
        # Serialise before taking the lock: a bad value fails without touching the database.
        game_params = {"game_id": game_id, "expected_version": expected_version, "state": _dumps(state),
                       "deadline_at": deadline_at, "finished": bool(finished), "now": now}
        action_params = {"game_id": game_id, "seq": expected_version + 1, "seat": seat,
                         "action": _dumps(action), "events": _dumps(list(events)), "now": now,
                         "click": click}
        async with self._write() as db:
            if click is not None and await db.execute_fetchall(SQL_SELECT_CLICK_LOGGED, (game_id, click)):
                raise AlreadyApplied(f"click {click} is already in the log of game {game_id}")
            # Version check first: a stale click then never even attempts the INSERT.
            if not await self._execute(db, SQL_UPDATE_GAME_AFTER_ACTION, game_params):
                current = await self._status_of(db, game_id)
                if current is None:
                    raise StorageError(f"no game {game_id}")
                status, version = current
                log.info("stale action on game %d: expected version %d, game is %s at %d",
                         game_id, expected_version, status, version)
                raise StaleVersion(f"game {game_id} is {status} at version {version}, "
                                   f"not active at {expected_version}")
            try:
                await self._execute(db, SQL_INSERT_ACTION, action_params)
            except sqlite3.IntegrityError as error:
                # Only possible if the log and games.version disagree: never paper over that.
                raise StorageError(f"action log of game {game_id} is out of step with its "
                                   f"version: {error}") from error
            if outcome is not None:
                await self._insert_results(db, await self._require(db, game_id), outcome)
        return expected_version + 1

    async def set_aside(self, game_id: int, reason: str) -> bool:
        """Mark a game that can't be loaded, so start-up skips it and players are told why;
        False if it was marked already (by another process, or before a restart).

        Its status, state and log are left as they are, for a person to repair; clearing the
        column by hand after the repair resumes it at the next start-up.
        """
        async with self._write() as db:
            if not await self._execute(db, SQL_UPDATE_GAME_SET_ASIDE,
                                       {"game_id": game_id, "reason": reason, "now": time.time()}):
                if await self._status_of(db, game_id) is None:
                    raise StorageError(f"no game {game_id}")
                return False
        log.warning("game %d set aside: %s", game_id, reason)
        return True

    async def finished_without_results(self) -> list[GameRecord]:
        """Finished games with no results rows, for the start-up backfill."""
        async with self._read() as db:
            return await self._fetch_games(db, SQL_SELECT_FINISHED_WITHOUT_RESULTS)

    async def set_status(self, game_id: int, status: str) -> None:
        """Move a lobby or active game to another status (typically ``cancelled``).

        Finished and cancelled games are final: changing them raises ``StaleVersion``, except
        that repeating the status they already have is a no-op (a double-clicked "cancel").
        """
        if status not in STATUSES:
            raise StorageError(f"unknown status {status!r}")
        async with self._write() as db:
            if await self._execute(db, SQL_UPDATE_GAME_STATUS,
                                   {"game_id": game_id, "status": status, "now": time.time()}):
                log.info("game %d is now %s", game_id, status)
                return
            current = await self._status_of(db, game_id)
            if current is None:
                raise StorageError(f"no game {game_id}")
            if current[0] != status:
                raise StaleVersion(f"game {game_id} is already {current[0]}")

    # ---- reads ----------------------------------------------------------------------------

    async def actions(self, game_id: int, *, limit: int | None = None) -> list[ActionRecord]:
        """The log in order; with ``limit``, only the last ``limit`` actions (still ascending)."""
        if limit is not None and limit < 0:
            raise ValueError("limit must be >= 0")
        async with self._read() as db:
            if limit is None:
                rows = await db.execute_fetchall(SQL_SELECT_ACTIONS, (game_id,))
            else:
                rows = await db.execute_fetchall(SQL_SELECT_LAST_ACTIONS, (game_id, limit))
        return [_action_from_row(row) for row in rows]

    async def active_games(self) -> list[GameRecord]:
        """Games in play, e.g. to re-arm countdowns and views after a restart."""
        async with self._read() as db:
            return await self._fetch_games(db, SQL_SELECT_ACTIVE_GAMES)

    async def game_in_channel(self, channel_id: int) -> GameRecord | None:
        """The open game played in this channel or thread, preferring a thread match."""
        async with self._read() as db:
            games = await self._fetch_games(db, SQL_SELECT_GAME_IN_CHANNEL, {"channel_id": channel_id})
        return games[0] if games else None

    async def open_games_in_channel(self, channel_id: int) -> list[GameRecord]:
        """Every open game of this channel, or of this thread (thread matches first, then newest)."""
        async with self._read() as db:
            return await self._fetch_games(db, SQL_SELECT_OPEN_GAMES_IN_CHANNEL, {"channel_id": channel_id})

    async def games_for_user(self, user_id: int, *, guild_id: int | None = None) -> list[GameRecord]:
        """Open games (lobby/active) where the user holds a seat, newest first; any guild if None."""
        async with self._read() as db:
            return await self._fetch_games(db, SQL_SELECT_GAMES_FOR_USER,
                                           {"user_id": user_id, "guild_id": guild_id})

    # ---- seats during play and paced games ------------------------------------------------

    async def add_bot_seat(self, game_id: int, name: str) -> GameRecord:
        """Seat the bot after the others (lobby only); its user id is negative and unique."""
        async with self._write() as db:
            game = await self._require(db, game_id)
            if game.status != "lobby":
                raise StorageError(f"game {game_id} is {game.status}; seats only change in the lobby")
            rows = await db.execute_fetchall(SQL_SELECT_NEXT_SEAT, (game_id,))
            seat = next(iter(rows))[0]
            await self._execute(db, SQL_INSERT_BOT_SEAT, {"game_id": game_id, "seat": seat, "name": name})
            return await self._require(db, game_id)

    async def set_seat_control(self, game_id: int, seat: int, *, autopilot: bool | None = None,
                               left_game: bool | None = None, timeouts: int | None = None) -> None:
        """Hand a seat to the bot or back, mark it left, or count its missed deadlines."""
        params = {"game_id": game_id, "seat": seat,
                  "autopilot": None if autopilot is None else int(autopilot),
                  "left_game": None if left_game is None else int(left_game), "timeouts": timeouts}
        async with self._write() as db:
            if not await self._execute(db, SQL_UPDATE_SEAT_CONTROL, params):
                raise StorageError(f"no seat {seat} in game {game_id}")

    async def replace_player(self, game_id: int, seat: int, user_id: int, name: str) -> None:
        """Give a human seat to another person, who plays it from now on."""
        async with self._write() as db:
            game = await self._require(db, game_id)
            if game.seat_of(user_id) is not None:
                raise SeatTaken(f"user {user_id} already plays in game {game_id}")
            if not await self._execute(db, SQL_UPDATE_SEAT_PLAYER,
                                       {"game_id": game_id, "seat": seat, "user_id": user_id, "name": name}):
                raise StorageError(f"seat {seat} of game {game_id} is not a human seat")

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]:
        """Pending deadlines, of one game or of all (to rebuild the scheduler after a restart)."""
        async with self._read() as db:
            if game_id is None:
                rows = await db.execute_fetchall(SQL_SELECT_DEADLINES)
            else:
                rows = await db.execute_fetchall(SQL_SELECT_GAME_DEADLINES, (game_id,))
        return [Deadline(row["game_id"], row["seat"], row["decision"], row["opened_at"], row["due_at"],
                         json.loads(row["reminders"])) for row in rows]

    async def set_deadlines(self, game_id: int, deadlines: Sequence[Deadline]) -> None:
        """Replace a game's pending deadlines with exactly these (one transaction)."""
        async with self._write() as db:
            await self._execute(db, SQL_DELETE_GAME_DEADLINES, (game_id,))
            for d in deadlines:
                await self._execute(db, SQL_UPSERT_DEADLINE, {
                    "game_id": game_id, "seat": d.seat, "decision": d.decision, "opened_at": d.opened_at,
                    "due_at": d.due_at, "reminders": _dumps(list(d.reminders))})

    async def drop_deadline(self, game_id: int, seat: int, decision: int) -> bool:
        """Remove one deadline if it is still the one for ``decision``; False if already gone."""
        async with self._write() as db:
            return bool(await self._execute(db, SQL_DELETE_DEADLINE, (game_id, seat, decision)))

    async def set_reminders(self, game_id: int, seat: int, decision: int, reminders: Sequence[float]) -> None:
        async with self._write() as db:
            await self._execute(db, SQL_UPDATE_DEADLINE_REMINDERS,
                                (_dumps(list(reminders)), game_id, seat, decision))

    async def user_settings(self, user_id: int) -> UserSettings:
        async with self._read() as db:
            rows = list(await db.execute_fetchall(SQL_SELECT_USER_SETTINGS, (user_id,)))
        if not rows:
            return UserSettings(user_id)
        row = rows[0]
        return UserSettings(user_id, row["ping"], row["timezone"], row["quiet_start"], row["quiet_end"])

    async def save_user_settings(self, settings: UserSettings) -> None:
        if settings.ping not in PING_MODES:
            raise StorageError(f"unknown ping mode {settings.ping!r}")
        async with self._write() as db:
            await self._execute(db, SQL_UPSERT_USER_SETTINGS, {
                "user_id": settings.user_id, "ping": settings.ping, "timezone": settings.timezone,
                "quiet_start": settings.quiet_start, "quiet_end": settings.quiet_end})

    # ---- overview ---------------------------------------------------------------------------

    async def open_games_in_guild(self, guild_id: int | None) -> list[GameRecord]:
        """Lobbies and running games of one server: running first, then most recently moved."""
        async with self._read() as db:
            return await self._fetch_games(db, SQL_SELECT_OPEN_GAMES_IN_GUILD, {"guild_id": guild_id})

    async def latest_game_in_channel(self, channel_id: int) -> GameRecord | None:
        """The newest game of this channel or thread in any status, so a finished game's log
        can still be read where it was played."""
        async with self._read() as db:
            games = await self._fetch_games(db, SQL_SELECT_LATEST_GAME_IN_CHANNEL, {"channel_id": channel_id})
        return games[0] if games else None

    async def log_entries(self, game_id: int, *, limit: int,
                          offset: int = 0) -> tuple[int, list[ActionRecord]]:
        """The public log (actions with events) in pages counted from the newest entry.

        Returns how many entries the log has, and the ``limit`` entries after skipping the
        ``offset`` newest ones, oldest first; both from the same snapshot.
        """
        if limit < 0 or offset < 0:
            raise ValueError("limit and offset must be >= 0")
        async with self._read() as db:
            total = next(iter(await db.execute_fetchall(SQL_COUNT_LOG_ENTRIES, (game_id,))))[0]
            rows = await db.execute_fetchall(SQL_SELECT_LOG_ENTRIES,
                                             {"game_id": game_id, "limit": limit, "offset": offset})
        return total, [_action_from_row(row) for row in rows]

    # ---- results, stats and leaderboards --------------------------------------------------------

    async def record_results(self, game_id: int, outcome: Outcome) -> bool:
        """Store a finished game's result, one row per seat; ``False`` if it was already stored.

        Idempotent so the caller can simply call it whenever it sees the game finished (again
        after a restart, or from a later backfill). ``finished_at`` is the time of the final
        action, not of this call, so a late call records the same row.
        """
        async with self._write() as db:
            return await self._insert_results(db, await self._require(db, game_id), outcome)

    async def _insert_results(self, db: aiosqlite.Connection, game: GameRecord, outcome: Outcome) -> bool:
        """The results rows of a finished game, inside the caller's write transaction."""
        # A bot seat (seats.is_bot) marks the whole game; a human seat the bot only stood in
        # for (autopilot) does not, as the human still owns it.
        with_bots = any(seat.is_bot for seat in game.seats)
        if game.status != "finished":
            raise StorageError(f"game {game.id} is {game.status}; only finished games have results")
        if len(outcome.scores) != len(game.seats):
            raise StorageError(f"game {game.id} has {len(game.seats)} seats but the outcome scores "
                               f"{len(outcome.scores)}")
        if list(await db.execute_fetchall(SQL_SELECT_RESULTS_EXIST, (game.id,))):
            return False
        rows = await db.execute_fetchall(SQL_SELECT_FINISHED_AT, {"game_id": game.id})
        finished_at = next(iter(rows))[0]
        won = set(outcome.winners)
        for seat, place in zip(game.seats, places(outcome.scores, outcome.winners), strict=True):
            await self._execute(db, SQL_INSERT_RESULT, {
                "game_id": game.id, "seat": seat.seat, "user_id": seat.user_id, "name": seat.name,
                "score": outcome.scores[seat.seat], "place": place, "won": int(seat.seat in won),
                "with_bots": int(with_bots), "finished_at": finished_at})
        log.info("recorded results of game %d: winners %s", game.id, sorted(won))
        return True

    async def results(self, game_id: int) -> list[ResultRecord]:
        """A finished game's stored result in seat order (empty if not recorded)."""
        async with self._read() as db:
            rows = await db.execute_fetchall(SQL_SELECT_RESULTS, (game_id,))
        return [_result_from_row(row) for row in rows]

    async def stats(self, guild_id: int | None, game: str | None = None,
                    user_id: int | None = None) -> list[GameStats]:
        """Per-game totals of a server's finished games, for one player or (``None``) everyone.

        One entry per game slug, sorted by slug; empty when nothing matching has finished.
        """
        async with self._read() as db:
            rows = await db.execute_fetchall(SQL_SELECT_STATS,
                                             {"guild_id": guild_id, "game": game, "user_id": user_id})
        return [GameStats(game=row["game"], played=row["played"], players=row["players"], wins=row["wins"],
                          best=row["best"], average=row["average"], with_bots=row["with_bots"])
                for row in rows]

    async def solo_best(self, guild_id: int | None, game: str, user_id: int, *,
                        exclude_game: int = 0) -> SoloBest:
        """A player's best solo score at ``game`` on a server (solo games are kept per server)."""
        async with self._read() as db:
            rows = await db.execute_fetchall(SQL_SELECT_SOLO_BEST, {
                "guild_id": guild_id, "game": game, "user_id": user_id, "exclude": exclude_game})
        row = next(iter(rows))
        return SoloBest(best=row["best"], played=row["played"])

    async def leaderboard(self, guild_id: int | None, game: str, limit: int = 10) -> list[LeaderRow]:
        """A server's top players of one game: most wins, then best average score."""
        if limit < 0:
            raise ValueError("limit must be >= 0")
        async with self._read() as db:
            rows = await db.execute_fetchall(SQL_SELECT_LEADERBOARD,
                                             {"guild_id": guild_id, "game": game, "limit": limit})
        board: list[LeaderRow] = []
        for index, row in enumerate(rows):
            rank = index + 1
            if board and (board[-1].wins, board[-1].average) == (row["wins"], row["average"]):
                rank = board[-1].rank
            board.append(LeaderRow(rank=rank, user_id=row["user_id"], name=row["name"],
                                   played=row["played"], wins=row["wins"], best=row["best"],
                                   average=row["average"], with_bots=row["with_bots"]))
        return board
