"""Fair ratings: a skill rating per server, game and season, kept in the transaction that writes a
game's results, readable by season, and rebuilt from the stored results on demand (a part of
``Storage``; the model is ``bot.storage.skill``, the reasons docs/ratings.md).

A game is rated when it finished on a server with people only: no bot seat, and no seat the bot
played for an absent player (``seats.handed_over``). Cancelled games have no results, so they
never are. A game with one seat is rated on the solo track, against the player's own best.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from bot.storage.base import StorageBase
from bot.storage.dialect import Tx
from bot.storage.records import Row, StorageError
from bot.storage.skill import (
    PEOPLE,
    RANKED_AFTER,
    TREND_GAMES,
    PlayerRating,
    RatingRow,
    Season,
    Seat,
    Skill,
    Z,
    ordinal,
    rate_game,
    track_of,
)

log = logging.getLogger(__name__)

# ---- statements (standard SQL for both backends, as in bot.storage.statements) ----------------

# The rated results: finished on a server, no seat ever played by the bot.
_RATED = """
FROM results r JOIN games g ON g.id = r.game_id
WHERE g.status = 'finished' AND g.guild_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = r.game_id AND (s.is_bot = 1 OR s.handed_over = 1))
"""
SQL_SELECT_RATED_GAME = f"""
SELECT g.guild_id, g.game, r.game_id, r.user_id, r.score, r.place, r.finished_at {_RATED}
  AND r.game_id = :game_id
ORDER BY r.seat
"""
# One season's rated games in the order they are rated: by when they finished, then by id.
SQL_SELECT_RATED_SEASON = f"""
SELECT g.guild_id, g.game, r.game_id, r.user_id, r.score, r.place, r.finished_at {_RATED}
  AND g.guild_id = :guild_id AND g.game = :game AND r.finished_at >= :since
  AND (CAST(:until AS DOUBLE PRECISION) IS NULL OR r.finished_at < :until)
ORDER BY r.finished_at, r.game_id, r.seat
"""
SQL_SELECT_RATED_PAIRS = f"""
SELECT DISTINCT g.guild_id AS guild_id, g.game AS game {_RATED}
  AND (CAST(:guild_id AS BIGINT) IS NULL OR g.guild_id = :guild_id)
UNION
SELECT guild_id, game FROM rating_seasons WHERE CAST(:guild_id AS BIGINT) IS NULL OR guild_id = :guild_id
ORDER BY guild_id, game
"""
# Server-game pairs with a rated game that has no rating yet: results stored before 0009.
SQL_SELECT_UNRATED_PAIRS = f"""
SELECT DISTINCT g.guild_id AS guild_id, g.game AS game {_RATED}
  AND NOT EXISTS (SELECT 1 FROM rating_history h WHERE h.game_id = r.game_id)
ORDER BY guild_id, game
"""
SQL_INSERT_FIRST_SEASON = """
INSERT INTO rating_seasons (guild_id, game, season, started_at, started_by)
VALUES (:guild_id, :game, 1, 0, NULL)
ON CONFLICT (guild_id, game, season) DO NOTHING
"""
# Every season row of a game on a server, for a Dialect.row_lock: rating and starting a season
# wait on each other, so a game is rated in the season its finish time falls in.
SQL_LOCK_SEASONS = "SELECT season FROM rating_seasons WHERE guild_id = :guild_id AND game = :game"
SQL_SELECT_SEASONS = """
SELECT season, started_at, started_by FROM rating_seasons
WHERE guild_id = :guild_id AND game = :game ORDER BY season
"""
SQL_SELECT_SEASON_AT = """
SELECT MAX(season) FROM rating_seasons WHERE guild_id = :guild_id AND game = :game AND started_at <= :at
"""
SQL_SELECT_CURRENT_SEASON = (
    "SELECT COALESCE(MAX(season), 1) FROM rating_seasons WHERE guild_id = :guild_id AND game = :game"
)
SQL_INSERT_SEASON = """
INSERT INTO rating_seasons (guild_id, game, season, started_at, started_by)
VALUES (:guild_id, :game, :season, :started_at, :started_by)
"""
# A game rated already in the season that finished after this one: rating this one last would
# not be the order a rebuild uses, so the season is rebuilt instead.
SQL_SELECT_LATER_RATED = """
SELECT 1 FROM rating_history
WHERE guild_id = :guild_id AND game = :game AND season = :season
  AND (finished_at > :finished_at OR (finished_at = :finished_at AND game_id > :game_id))
LIMIT 1
"""
_SEASON_KEY = "guild_id = :guild_id AND game = :game AND season = :season"
SQL_SELECT_SEASON_RATED = f"SELECT 1 FROM rating_history WHERE {_SEASON_KEY} LIMIT 1"
SQL_SELECT_SKILL = f"""
SELECT mu, sigma, games, best FROM ratings WHERE {_SEASON_KEY} AND track = :track AND user_id = :user_id
"""
SQL_UPSERT_RATING = """
INSERT INTO ratings (guild_id, game, season, track, user_id, mu, sigma, games, best, updated_at)
VALUES (:guild_id, :game, :season, :track, :user_id, :mu, :sigma, :games, :best, :updated_at)
ON CONFLICT (guild_id, game, season, track, user_id) DO UPDATE SET mu = excluded.mu,
    sigma = excluded.sigma, games = excluded.games, best = excluded.best, updated_at = excluded.updated_at
"""
SQL_INSERT_RATING_HISTORY = """
INSERT INTO rating_history (game_id, user_id, guild_id, game, season, track, mu_before, sigma_before,
                            mu, sigma, finished_at)
VALUES (:game_id, :user_id, :guild_id, :game, :season, :track, :mu_before, :sigma_before, :mu, :sigma,
        :finished_at)
"""
SQL_DELETE_SEASON_RATINGS = f"DELETE FROM ratings WHERE {_SEASON_KEY}"
SQL_DELETE_SEASON_HISTORY = f"DELETE FROM rating_history WHERE {_SEASON_KEY}"
# Ranked players (enough games) by the conservative estimate, or the others by games played; the
# name is the one of the player's latest game here, wins count this season's rated games.
_BOARD = f"""
SELECT t.user_id AS user_id,
       (SELECT r2.name FROM results r2 JOIN games g2 ON g2.id = r2.game_id
        WHERE r2.user_id = t.user_id AND g2.guild_id = t.guild_id AND g2.game = t.game
        ORDER BY r2.finished_at DESC, r2.game_id DESC LIMIT 1) AS name,
       t.mu AS mu, t.sigma AS sigma, t.games AS games,
       (SELECT COUNT(*) FROM rating_history h
        JOIN results r3 ON r3.game_id = h.game_id AND r3.user_id = h.user_id AND r3.won = 1
        WHERE h.guild_id = t.guild_id AND h.game = t.game AND h.season = t.season AND h.track = t.track
          AND h.user_id = t.user_id) AS wins
FROM ratings t
WHERE t.guild_id = :guild_id AND t.game = :game AND t.season = :season AND t.track = '{PEOPLE}'
"""
SQL_SELECT_RANKED = (
    _BOARD + f"AND t.games >= :ranked_after ORDER BY t.mu - {Z} * t.sigma DESC, t.games DESC, t.user_id "
    "LIMIT :limit"
)
SQL_SELECT_UNRANKED = _BOARD + "AND t.games < :ranked_after ORDER BY t.games DESC, t.user_id LIMIT :limit"
# A player's ratings in the current season of each game (or of one).
SQL_SELECT_PLAYER_RATINGS = """
SELECT t.game, t.season, t.track, t.mu, t.sigma, t.games, t.best FROM ratings t
WHERE t.guild_id = :guild_id AND t.user_id = :user_id AND (CAST(:game AS TEXT) IS NULL OR t.game = :game)
  AND t.season = (SELECT MAX(s.season) FROM rating_seasons s
                  WHERE s.guild_id = t.guild_id AND s.game = t.game)
ORDER BY t.game, t.track
"""
SQL_SELECT_TREND = f"""
SELECT mu_before, sigma_before FROM rating_history
WHERE {_SEASON_KEY} AND track = :track AND user_id = :user_id
ORDER BY finished_at DESC, game_id DESC LIMIT :n
"""


def _seat(row: Row) -> Seat:
    return Seat(row["user_id"], row["score"], row["place"])


class Ratings(StorageBase):
    """Ratings by server, game and season; see the module's docstring for what is rated."""

    # ---- writes ---------------------------------------------------------------------------

    async def _rate_results(self, tx: Tx, game_id: int) -> None:
        rows = await tx.fetch(SQL_SELECT_RATED_GAME, {"game_id": game_id})
        if not rows:
            return
        guild_id, game, finished_at = rows[0]["guild_id"], rows[0]["game"], rows[0]["finished_at"]
        season = await self._season_at(tx, guild_id, game, finished_at)
        key = {"guild_id": guild_id, "game": game, "season": season}
        later = {**key, "finished_at": finished_at, "game_id": game_id}
        if await tx.fetchval(SQL_SELECT_LATER_RATED, later):
            log.info("game %d finished before games rated already: rebuilding its season", game_id)
            await self._rebuild_season(tx, guild_id, game, season)
            return
        seats = [_seat(row) for row in rows]
        track = track_of(seats)
        before: dict[int, Skill] = {}
        for seat in seats:
            found = await tx.fetchrow(SQL_SELECT_SKILL, {**key, "track": track, "user_id": seat.user_id})
            if found is not None:
                before[seat.user_id] = Skill(found["mu"], found["sigma"], found["games"], found["best"])
        await self._write_rated(tx, key, game_id, finished_at, track, before, rate_game(seats, before))

    async def _season_at(self, tx: Tx, guild_id: int, game: str, at: float) -> int:
        """The season a game finished at ``at`` belongs to; the seasons stay locked until ``tx``
        ends (season 1 is written on first need)."""
        pair = {"guild_id": guild_id, "game": game}
        await tx.execute(SQL_INSERT_FIRST_SEASON, pair)
        await tx.fetch(SQL_LOCK_SEASONS + self._dialect.row_lock, pair)
        return int(await tx.fetchval(SQL_SELECT_SEASON_AT, {**pair, "at": at}))

    @staticmethod
    async def _write_rated(
        tx: Tx,
        key: dict[str, Any],
        game_id: int,
        finished_at: float,
        track: str,
        before: dict[int, Skill],
        after: dict[int, Skill],
    ) -> None:
        for user_id, skill in after.items():
            was = before.get(user_id, Skill())
            player = {**key, "track": track, "user_id": user_id}
            await tx.execute(
                SQL_UPSERT_RATING,
                {**player, "mu": skill.mu, "sigma": skill.sigma, "games": skill.games, "best": skill.best}
                | {"updated_at": finished_at},
            )
            await tx.execute(
                SQL_INSERT_RATING_HISTORY,
                {**player, "game_id": game_id, "mu_before": was.mu, "sigma_before": was.sigma}
                | {"mu": skill.mu, "sigma": skill.sigma, "finished_at": finished_at},
            )

    async def _rebuild_season(self, tx: Tx, guild_id: int, game: str, season: int) -> int:
        """Rate a season's games again from their results, in order; how many games it rated."""
        key = {"guild_id": guild_id, "game": game, "season": season}
        seasons = [Season(*row) for row in await tx.fetch(SQL_SELECT_SEASONS, key)]
        since = next(s.started_at for s in seasons if s.season == season)
        until = next((s.started_at for s in seasons if s.season == season + 1), None)
        await tx.execute(SQL_DELETE_SEASON_HISTORY, key)
        await tx.execute(SQL_DELETE_SEASON_RATINGS, key)
        rows = await tx.fetch(
            SQL_SELECT_RATED_SEASON, {"guild_id": guild_id, "game": game, "since": since, "until": until}
        )
        games: dict[int, list[Row]] = {}
        for row in rows:
            games.setdefault(row["game_id"], []).append(row)
        skills: dict[tuple[str, int], Skill] = {}
        for game_id, seat_rows in games.items():
            seats = [_seat(row) for row in seat_rows]
            track = track_of(seats)
            before = {s.user_id: skills[track, s.user_id] for s in seats if (track, s.user_id) in skills}
            after = rate_game(seats, before)
            skills.update(((track, user_id), skill) for user_id, skill in after.items())
            await self._write_rated(tx, key, game_id, seat_rows[0]["finished_at"], track, before, after)
        return len(games)

    async def rebuild_ratings(self, guild_id: int | None = None) -> int:
        """Rate every stored result again, season by season, as if each game had just finished in
        order (one server, or all of them); how many games were rated. The numbers equal the
        ones kept as games finished: the same games, order and model."""
        async with self._read() as tx:
            rows = await tx.fetch(SQL_SELECT_RATED_PAIRS, {"guild_id": guild_id})
        return await self._rebuild_pairs([(row[0], row[1]) for row in rows])

    async def rate_unrated(self) -> int:
        """At start-up: rebuild the ratings of every game on a server that has a rated result
        without a rating (results stored before ratings existed); how many games were rated."""
        async with self._read() as tx:
            rows = await tx.fetch(SQL_SELECT_UNRATED_PAIRS)
        return await self._rebuild_pairs([(row[0], row[1]) for row in rows]) if rows else 0

    async def _rebuild_pairs(self, pairs: list[tuple[int, str]]) -> int:
        rated = 0
        for guild, game in pairs:
            async with self._write() as tx:
                await self._season_at(tx, guild, game, 0.0)
                for season in await tx.fetch(SQL_SELECT_SEASONS, {"guild_id": guild, "game": game}):
                    rated += await self._rebuild_season(tx, guild, game, season["season"])
        log.info("rebuilt the ratings of %d games in %d server-game pairs", rated, len(pairs))
        return rated

    async def start_season(self, guild_id: int, game: str, started_by: int) -> Season | None:
        """Start the next season of ``game`` on a server: games finishing from now on are rated
        afresh; the earlier seasons keep their ratings, readable by number. None while the
        current season has no rated game (a second click must not open an empty season)."""
        pair = {"guild_id": guild_id, "game": game}
        async with self._write() as tx:
            await tx.execute(SQL_INSERT_FIRST_SEASON, pair)
            await tx.fetch(SQL_LOCK_SEASONS + self._dialect.row_lock, pair)
            current = int(await tx.fetchval(SQL_SELECT_CURRENT_SEASON, pair))
            if not await tx.fetchval(SQL_SELECT_SEASON_RATED, {**pair, "season": current}):
                return None
            # Read after the lock: every game rated before it has finished before this instant.
            season = Season(current + 1, time.time(), started_by)
            await tx.execute(
                SQL_INSERT_SEASON,
                {**pair, "season": season.season, "started_at": season.started_at, "started_by": started_by},
            )
        log.info("guild %d started season %d of %s", guild_id, season.season, game)
        return season

    # ---- reads ----------------------------------------------------------------------------

    async def rating_seasons(self, guild_id: int, game: str) -> list[Season]:
        """The seasons of ``game`` on a server, oldest first (empty before any rated game)."""
        async with self._one() as tx:
            rows = await tx.fetch(SQL_SELECT_SEASONS, {"guild_id": guild_id, "game": game})
        return [Season(*row) for row in rows]

    async def current_season(self, guild_id: int, game: str) -> int:
        async with self._one() as tx:
            return int(await tx.fetchval(SQL_SELECT_CURRENT_SEASON, {"guild_id": guild_id, "game": game}))

    async def rating_board(
        self, guild_id: int, game: str, season: int | None = None, limit: int = 10
    ) -> tuple[list[RatingRow], list[RatingRow]]:
        """A season's leaderboard (default: the current one): the ranked players, best first
        (equal estimates share a rank), and the players still short of ``RANKED_AFTER`` games."""
        if limit < 0:
            raise ValueError("limit must be >= 0")
        params: dict[str, Any] = {"guild_id": guild_id, "game": game, "limit": limit}
        async with self._read() as tx:
            if season is None:
                season = int(await tx.fetchval(SQL_SELECT_CURRENT_SEASON, params))
            params |= {"season": season, "ranked_after": RANKED_AFTER}
            ranked_rows = await tx.fetch(SQL_SELECT_RANKED, params)
            unranked_rows = await tx.fetch(SQL_SELECT_UNRANKED, params)
        ranked: list[RatingRow] = []
        for index, row in enumerate(ranked_rows):
            rank = index + 1
            if ranked and ranked[-1].ordinal == ordinal(row["mu"], row["sigma"]):
                rank = ranked[-1].rank or rank
            ranked.append(RatingRow(rank, *row))
        return ranked, [RatingRow(None, *row) for row in unranked_rows]

    async def player_ratings(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> list[PlayerRating]:
        """A player's ratings in the current season of each game (or of ``game``), with their
        change over their last ``TREND_GAMES`` rated games."""
        found: list[PlayerRating] = []
        async with self._read() as tx:
            rows = await tx.fetch(
                SQL_SELECT_PLAYER_RATINGS, {"guild_id": guild_id, "user_id": user_id, "game": game}
            )
            for row in rows:
                key = {"guild_id": guild_id, "game": row["game"], "season": row["season"]}
                history = await tx.fetch(
                    SQL_SELECT_TREND, {**key, "track": row["track"], "user_id": user_id, "n": TREND_GAMES}
                )
                if not history:  # pragma: no cover - a rating row is written with its history
                    raise StorageError(f"rating of user {user_id} at {row['game']} has no history")
                oldest = history[-1]
                was = ordinal(oldest["mu_before"], oldest["sigma_before"])
                trend = ordinal(row["mu"], row["sigma"]) - was
                found.append(
                    PlayerRating(
                        row["game"],
                        row["season"],
                        row["track"],
                        row["mu"],
                        row["sigma"],
                        row["games"],
                        row["best"],
                        trend,
                        len(history),
                    )
                )
        return found
