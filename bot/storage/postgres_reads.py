"""The PostgreSQL backend's reads for overviews, timers and results: a mixin of
``bot.storage.postgres.PostgresStorage`` (kept apart only to keep each file short)."""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

import asyncpg

from bot.storage import sql_postgres as sql
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
from bot.storage.timers import (
    SQL_COUNT_RUNNING_GAMES,
    SQL_SELECT_GAMES_TO_SETTLE,
    TimedJob,
    claim_params,
    jobs_from_rows,
)

if TYPE_CHECKING:
    from bot.games.base import Outcome

log = logging.getLogger(__name__)


class PostgresReads:
    """Uses the transactions and helpers of ``PostgresStorage``."""

    # ---- for operators (bot.ops.metrics, bot.ops.health) --------------------------------------------

    async def game_counts(self) -> list[tuple[str, str, int]]:
        """``(title, status, count)`` of every stored game."""
        async with self._one() as db:
            rows = await db.fetch(sql.SQL_COUNT_GAMES_BY_STATUS)
        return [(row["game"], row["status"], int(row["n"])) for row in rows]

    async def probe_write(self) -> None:
        """One small write transaction, committed: raises when the database can't be written."""
        async with self._write() as db:
            await db.execute(sql.SQL_TOUCH_SCHEMA_VERSION)

    # ---- overview ---------------------------------------------------------------------------

    async def open_games_in_guild(self, guild_id: int | None) -> list[GameRecord]:
        async with self._read() as db:
            return await self._fetch_games(db, sql.SQL_SELECT_OPEN_GAMES_IN_GUILD, guild_id)

    async def open_games_in_channel(self, channel_id: int) -> list[GameRecord]:
        async with self._read() as db:
            return await self._fetch_games(db, sql.SQL_SELECT_OPEN_GAMES_IN_CHANNEL, channel_id)

    async def latest_game_in_channel(self, channel_id: int) -> GameRecord | None:
        async with self._read() as db:
            games = await self._fetch_games(db, sql.SQL_SELECT_LATEST_GAME_IN_CHANNEL, channel_id)
        return games[0] if games else None

    async def log_entries(
        self, game_id: int, *, limit: int, offset: int = 0
    ) -> tuple[int, list[ActionRecord]]:
        if limit < 0 or offset < 0:
            raise ValueError("limit and offset must be >= 0")
        async with self._read() as db:
            total = await db.fetchval(sql.SQL_COUNT_LOG_ENTRIES, game_id)
            rows = await db.fetch(sql.SQL_SELECT_LOG_ENTRIES, game_id, limit, offset)
        return total, [_action_from_row(row) for row in rows]

    # ---- timed jobs (see bot.storage.timers) ----------------------------------------------

    async def timed_jobs(
        self, *, before: float = math.inf, now: float, unclaimed: bool = False
    ) -> list[TimedJob]:
        async with self._read() as db:
            countdowns = await db.fetch(sql.SQL_SELECT_COUNTDOWNS, before)
            deadlines = await db.fetch(sql.SQL_SELECT_TIMED_DEADLINES)
            held = await db.fetch(sql.SQL_SELECT_HELD_CLAIMS, now) if unclaimed else []
        jobs = jobs_from_rows(countdowns, deadlines, before=before, now=now)
        taken = {tuple(row) for row in held}
        return [job for job in jobs if job.claim_key not in taken]

    async def games_to_resume(self) -> tuple[int, list[int]]:
        async with self._read() as db:
            running = await db.fetchval(SQL_COUNT_RUNNING_GAMES)
            rows = await db.fetch(SQL_SELECT_GAMES_TO_SETTLE)
        return running, [row["id"] for row in rows]

    async def claim_timer(self, job: TimedJob, owner: str, *, now: float, lease: float) -> bool:
        params = claim_params(job, owner)
        async with self._one() as db:
            return bool(await self._execute(db, sql.SQL_CLAIM_TIMER, *params.values(), now + lease, now))

    async def finish_timer(self, job: TimedJob, owner: str, *, done: bool) -> None:
        params = claim_params(job, owner)
        async with self._one() as db:
            await db.execute(sql.SQL_FINISH_TIMER, *params.values(), int(done))

    # ---- results, stats and leaderboards --------------------------------------------------------

    async def record_results(self, game_id: int, outcome: Outcome) -> bool:
        """Store a finished game's result once; ``False`` if it was already stored."""
        async with self._write() as db:
            await db.fetchrow(sql.SQL_LOCK_GAME, game_id)
            return await self._insert_results(db, await self._require(db, game_id), outcome)

    @staticmethod
    async def _insert_results(db: asyncpg.Connection, game: GameRecord, outcome: Outcome) -> bool:
        """The results rows of a finished game, inside the caller's write transaction."""
        with_bots = any(seat.is_bot for seat in game.seats)
        if game.status != "finished":
            raise StorageError(f"game {game.id} is {game.status}; only finished games have results")
        if len(outcome.scores) != len(game.seats):
            raise StorageError(
                f"game {game.id} has {len(game.seats)} seats but the outcome scores {len(outcome.scores)}"
            )
        if await db.fetchval(sql.SQL_SELECT_RESULTS_EXIST, game.id):
            return False
        finished_at = await db.fetchval(sql.SQL_SELECT_FINISHED_AT, game.id)
        won = set(outcome.winners)
        for seat, place in zip(game.seats, places(outcome.scores, outcome.winners), strict=True):
            await db.execute(
                sql.SQL_INSERT_RESULT,
                game.id,
                seat.seat,
                seat.user_id,
                seat.name,
                outcome.scores[seat.seat],
                place,
                int(seat.seat in won),
                int(with_bots),
                finished_at,
            )
        log.info("recorded results of game %d: winners %s", game.id, sorted(won))
        return True

    async def results(self, game_id: int) -> list[ResultRecord]:
        async with self._one() as db:
            rows = await db.fetch(sql.SQL_SELECT_RESULTS, game_id)
        return [_result_from_row(row) for row in rows]

    async def stats(
        self, guild_id: int | None, game: str | None = None, user_id: int | None = None
    ) -> list[GameStats]:
        async with self._one() as db:
            rows = await db.fetch(sql.SQL_SELECT_STATS, guild_id, game, user_id)
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
        async with self._one() as db:
            row = await db.fetchrow(sql.SQL_SELECT_SOLO_BEST, guild_id, game, user_id, exclude_game)
        return SoloBest(best=row["best"], played=row["played"])

    async def leaderboard(self, guild_id: int | None, game: str, limit: int = 10) -> list[LeaderRow]:
        if limit < 0:
            raise ValueError("limit must be >= 0")
        async with self._one() as db:
            rows = await db.fetch(sql.SQL_SELECT_LEADERBOARD, guild_id, game, limit)
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
