"""Reads: the log, the game lists and overviews, results, stats and leaderboards (a part of
``Storage``)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.storage.base import StorageBase
from bot.storage.records import ActionRecord, GameRecord, GameStats, ResultRecord, SoloBest
from bot.storage.rows import action_from_row, result_from_row
from bot.storage.statements import (
    SQL_COUNT_LOG_ENTRIES,
    SQL_SELECT_ACTIONS,
    SQL_SELECT_ACTIVE_GAMES,
    SQL_SELECT_GAME_IN_CHANNEL,
    SQL_SELECT_GAMES_FOR_USER,
    SQL_SELECT_LAST_ACTIONS,
    SQL_SELECT_LATEST_GAME_IN_CHANNEL,
    SQL_SELECT_LOG_ENTRIES,
    SQL_SELECT_OPEN_GAMES_IN_CHANNEL,
    SQL_SELECT_OPEN_GAMES_IN_GUILD,
    SQL_SELECT_REPLAYABLE_GAMES,
    SQL_SELECT_RESULTS,
    SQL_SELECT_SOLO_BEST,
    SQL_SELECT_STATS,
)

# A slug as the list filter matches it (SQL_SELECT_REPLAYABLE_GAMES): no comma, no LIKE wildcard.
_SLUG = re.compile(r"[a-z0-9-]+")


class Reads(StorageBase):
    """What the commands and the overviews show."""

    async def actions(self, game_id: int, *, limit: int | None = None) -> list[ActionRecord]:
        """The log in order; with ``limit``, only the last ``limit`` actions (still ascending)."""
        if limit is not None and limit < 0:
            raise ValueError("limit must be >= 0")
        async with self._one() as tx:
            if limit is None:
                rows = await tx.fetch(SQL_SELECT_ACTIONS, {"game_id": game_id})
            else:
                rows = await tx.fetch(SQL_SELECT_LAST_ACTIONS, {"game_id": game_id, "limit": limit})
        return [action_from_row(row) for row in rows]

    async def _games(self, sql: str, **params: object) -> list[GameRecord]:
        """The games ``sql`` selects with their seats, from one snapshot."""
        async with self._read() as tx:
            return await self._fetch_games(tx, sql, params)

    async def active_games(self) -> list[GameRecord]:
        """Games in play, e.g. to re-arm countdowns and views after a restart."""
        return await self._games(SQL_SELECT_ACTIVE_GAMES)

    async def game_in_channel(self, channel_id: int) -> GameRecord | None:
        """The open game played in this channel or thread, preferring a thread match."""
        games = await self._games(SQL_SELECT_GAME_IN_CHANNEL, channel_id=channel_id)
        return games[0] if games else None

    async def open_games_in_channel(self, channel_id: int) -> list[GameRecord]:
        """Every open game of this channel, or of this thread (thread matches first, then newest)."""
        return await self._games(SQL_SELECT_OPEN_GAMES_IN_CHANNEL, channel_id=channel_id)

    async def games_for_user(self, user_id: int, *, guild_id: int | None = None) -> list[GameRecord]:
        """Open games (lobby/active) where the user holds a seat, newest first; any guild if None."""
        return await self._games(SQL_SELECT_GAMES_FOR_USER, user_id=user_id, guild_id=guild_id)

    async def open_games_in_guild(self, guild_id: int | None) -> list[GameRecord]:
        """Lobbies and running games of one server: running first, then most recently moved."""
        return await self._games(SQL_SELECT_OPEN_GAMES_IN_GUILD, guild_id=guild_id)

    async def latest_game_in_channel(self, channel_id: int) -> GameRecord | None:
        """The newest game of this channel or thread in any status, so a finished game's log
        can still be read where it was played."""
        games = await self._games(SQL_SELECT_LATEST_GAME_IN_CHANNEL, channel_id=channel_id)
        return games[0] if games else None

    async def replayable_games(
        self,
        guild_id: int,
        user_id: int,
        *,
        games: Sequence[str] | None = None,
        number: str | None = None,
        limit: int = 25,
    ) -> list[GameRecord]:
        """The games of a server ``user_id`` may replay, at most ``limit``: their own running
        games, then finished and cancelled games (their own first), the most recent first.

        ``games``: only these slugs (an empty list: none); ``number``: only games whose number
        contains these digits. A practice table (`/learn`, of no server) is its player's alone:
        theirs is listed with their games, another's never.
        """
        if limit < 0:
            raise ValueError("limit must be >= 0")
        if number is not None and not number.isdecimal():
            raise ValueError("number must be digits")
        if games is not None and not all(_SLUG.fullmatch(slug) for slug in games):
            raise ValueError(f"not game slugs: {list(games)}")
        if games is not None and not games:
            return []
        params = {
            "guild_id": guild_id,
            "user_id": user_id,
            "games": ",".join(games) if games is not None else None,
            "number": number,
            "limit": limit,
        }
        found = await self._games(SQL_SELECT_REPLAYABLE_GAMES, **params)
        return [g for g in found if g.practice_of(user_id) or (g.guild_id is not None and not g.practice)]

    async def log_entries(
        self, game_id: int, *, limit: int, offset: int = 0
    ) -> tuple[int, list[ActionRecord]]:
        """The public log (actions with events) in pages counted from the newest entry.

        Returns how many entries the log has, and the ``limit`` entries after skipping the
        ``offset`` newest ones, oldest first; both from the same snapshot.
        """
        if limit < 0 or offset < 0:
            raise ValueError("limit and offset must be >= 0")
        async with self._read() as tx:
            total = await tx.fetchval(SQL_COUNT_LOG_ENTRIES, {"game_id": game_id})
            rows = await tx.fetch(
                SQL_SELECT_LOG_ENTRIES, {"game_id": game_id, "limit": limit, "offset": offset}
            )
        return int(total), [action_from_row(row) for row in rows]

    # ---- results, stats and leaderboards --------------------------------------------------------

    async def results(self, game_id: int) -> list[ResultRecord]:
        """A finished game's stored result in seat order (empty if not recorded)."""
        return await self._rows(SQL_SELECT_RESULTS, {"game_id": game_id}, result_from_row)

    async def stats(
        self, guild_id: int | None, game: str | None = None, user_id: int | None = None
    ) -> list[GameStats]:
        """Per-game totals of a server's finished games, for one player or (``None``) everyone.

        One entry per game slug, sorted by slug; empty when nothing matching has finished.
        """
        async with self._one() as tx:
            rows = await tx.fetch(SQL_SELECT_STATS, {"guild_id": guild_id, "game": game, "user_id": user_id})
        return [GameStats(*row) for row in rows]  # the columns are the fields, in order

    async def solo_best(
        self, guild_id: int | None, game: str, user_id: int, *, exclude_game: int = 0
    ) -> SoloBest:
        """A player's best solo score at ``game`` on a server (solo games are kept per server)."""
        params = {"guild_id": guild_id, "game": game, "user_id": user_id, "exclude": exclude_game}
        async with self._one() as tx:
            row = await tx.fetchrow(SQL_SELECT_SOLO_BEST, params)
        assert row is not None  # an aggregate always has its row
        return SoloBest(best=row["best"], played=row["played"])
