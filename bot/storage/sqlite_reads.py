"""Reads, overviews, results, stats and leaderboards in SQLite: a part of ``bot.storage.sqlite.Storage``."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import aiosqlite

from bot.storage.records import (
    ActionRecord,
    GameRecord,
    GameStats,
    LeaderRow,
    ResultRecord,
    SoloBest,
    StorageError,
    _action_from_row,
    _result_from_row,
    places,
)
from bot.storage.sql_sqlite import (
    SQL_COUNT_GAMES_BY_STATUS,
    SQL_COUNT_LOG_ENTRIES,
    SQL_INSERT_RESULT,
    SQL_SELECT_ACTIONS,
    SQL_SELECT_ACTIVE_GAMES,
    SQL_SELECT_FINISHED_AT,
    SQL_SELECT_GAME_IN_CHANNEL,
    SQL_SELECT_GAMES_FOR_USER,
    SQL_SELECT_LAST_ACTIONS,
    SQL_SELECT_LATEST_GAME_IN_CHANNEL,
    SQL_SELECT_LEADERBOARD,
    SQL_SELECT_LOG_ENTRIES,
    SQL_SELECT_OPEN_GAMES_IN_CHANNEL,
    SQL_SELECT_OPEN_GAMES_IN_GUILD,
    SQL_SELECT_RESULTS,
    SQL_SELECT_RESULTS_EXIST,
    SQL_SELECT_SOLO_BEST,
    SQL_SELECT_STATS,
    SQL_TOUCH_SCHEMA_VERSION,
)
from bot.storage.sqlite_base import SqliteBase

if TYPE_CHECKING:
    from bot.games.base import Outcome

log = logging.getLogger(__name__)


class SqliteReads(SqliteBase):
    """The log, the game lists and the results (mixed into ``Storage``)."""

    # ---- for operators (bot.ops.metrics, bot.ops.health) --------------------------------------------

    async def game_counts(self) -> list[tuple[str, str, int]]:
        """``(title, status, count)`` of every stored game."""
        async with self._read() as db:
            rows = await db.execute_fetchall(SQL_COUNT_GAMES_BY_STATUS)
        return [(str(row[0]), str(row[1]), int(row[2])) for row in rows]

    async def probe_write(self) -> None:
        """One small write transaction, committed: raises when the database can't be written."""
        async with self._write() as db:
            await db.execute(SQL_TOUCH_SCHEMA_VERSION)

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
            return await self._fetch_games(
                db, SQL_SELECT_GAMES_FOR_USER, {"user_id": user_id, "guild_id": guild_id}
            )

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

    async def log_entries(
        self, game_id: int, *, limit: int, offset: int = 0
    ) -> tuple[int, list[ActionRecord]]:
        """The public log (actions with events) in pages counted from the newest entry.

        Returns how many entries the log has, and the ``limit`` entries after skipping the
        ``offset`` newest ones, oldest first; both from the same snapshot.
        """
        if limit < 0 or offset < 0:
            raise ValueError("limit and offset must be >= 0")
        async with self._read() as db:
            total = next(iter(await db.execute_fetchall(SQL_COUNT_LOG_ENTRIES, (game_id,))))[0]
            rows = await db.execute_fetchall(
                SQL_SELECT_LOG_ENTRIES, {"game_id": game_id, "limit": limit, "offset": offset}
            )
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
            raise StorageError(
                f"game {game.id} has {len(game.seats)} seats but the outcome scores {len(outcome.scores)}"
            )
        if list(await db.execute_fetchall(SQL_SELECT_RESULTS_EXIST, (game.id,))):
            return False
        rows = await db.execute_fetchall(SQL_SELECT_FINISHED_AT, {"game_id": game.id})
        finished_at = next(iter(rows))[0]
        won = set(outcome.winners)
        for seat, place in zip(game.seats, places(outcome.scores, outcome.winners), strict=True):
            await self._execute(
                db,
                SQL_INSERT_RESULT,
                {
                    "game_id": game.id,
                    "seat": seat.seat,
                    "user_id": seat.user_id,
                    "name": seat.name,
                    "score": outcome.scores[seat.seat],
                    "place": place,
                    "won": int(seat.seat in won),
                    "with_bots": int(with_bots),
                    "finished_at": finished_at,
                },
            )
        log.info("recorded results of game %d: winners %s", game.id, sorted(won))
        return True

    async def results(self, game_id: int) -> list[ResultRecord]:
        """A finished game's stored result in seat order (empty if not recorded)."""
        async with self._read() as db:
            rows = await db.execute_fetchall(SQL_SELECT_RESULTS, (game_id,))
        return [_result_from_row(row) for row in rows]

    async def stats(
        self, guild_id: int | None, game: str | None = None, user_id: int | None = None
    ) -> list[GameStats]:
        """Per-game totals of a server's finished games, for one player or (``None``) everyone.

        One entry per game slug, sorted by slug; empty when nothing matching has finished.
        """
        async with self._read() as db:
            rows = await db.execute_fetchall(
                SQL_SELECT_STATS, {"guild_id": guild_id, "game": game, "user_id": user_id}
            )
        return [
            GameStats(
                game=row["game"],
                played=row["played"],
                players=row["players"],
                wins=row["wins"],
                best=row["best"],
                average=row["average"],
                with_bots=row["with_bots"],
            )
            for row in rows
        ]

    async def solo_best(
        self, guild_id: int | None, game: str, user_id: int, *, exclude_game: int = 0
    ) -> SoloBest:
        """A player's best solo score at ``game`` on a server (solo games are kept per server)."""
        async with self._read() as db:
            rows = await db.execute_fetchall(
                SQL_SELECT_SOLO_BEST,
                {"guild_id": guild_id, "game": game, "user_id": user_id, "exclude": exclude_game},
            )
        row = next(iter(rows))
        return SoloBest(best=row["best"], played=row["played"])

    async def leaderboard(self, guild_id: int | None, game: str, limit: int = 10) -> list[LeaderRow]:
        """A server's top players of one game: most wins, then best average score."""
        if limit < 0:
            raise ValueError("limit must be >= 0")
        async with self._read() as db:
            rows = await db.execute_fetchall(
                SQL_SELECT_LEADERBOARD, {"guild_id": guild_id, "game": game, "limit": limit}
            )
        board: list[LeaderRow] = []
        for index, row in enumerate(rows):
            rank = index + 1
            if board and (board[-1].wins, board[-1].average) == (row["wins"], row["average"]):
                rank = board[-1].rank
            board.append(
                LeaderRow(
                    rank=rank,
                    user_id=row["user_id"],
                    name=row["name"],
                    played=row["played"],
                    wins=row["wins"],
                    best=row["best"],
                    average=row["average"],
                    with_bots=row["with_bots"],
                )
            )
        return board
