"""Tournaments (`/tournament`, migration 0012): the competition, who signed up, its rounds and the
tables of each round (a part of ``Storage``).

Shared by several processes: a round opens by moving the tournament's ``round_no`` on from the
round before in the same transaction that writes the round's tables, so it opens once; a table's
game is written with the table's link to it, on condition the table has none yet, so each table
gets one game. ``due_at`` and the ``claimed_until`` lease work as a game night's do.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from bot.i18n.languages import Language
from bot.storage.base import StorageBase
from bot.storage.records import GameRecord, StorageError
from bot.storage.rows import dumps, record_from_row
from bot.storage.statements import SQL_INSERT_GAME, SQL_INSERT_SEAT
from bot.storage.tournament_records import (
    AlreadyEntered,
    Entrant,
    NewTable,
    Round,
    SignupClosed,
    Table,
    Tournament,
    table_from_row,
    tournament_from_row,
)
from bot.storage.tournament_statements import (
    SQL_ADVANCE_ROUND,
    SQL_CLAIM_TABLE,
    SQL_CLAIM_TOURNAMENT,
    SQL_CLOSE_ROUND,
    SQL_DELETE_ENTRANT,
    SQL_DELETE_ORGANISER_ROLE,
    SQL_END_TOURNAMENT,
    SQL_EXTEND_ROUND,
    SQL_FINISH_TABLE,
    SQL_INSERT_ENTRANT,
    SQL_INSERT_ORGANISER_ROLE,
    SQL_INSERT_ROUND,
    SQL_INSERT_TABLE,
    SQL_INSERT_TOURNAMENT,
    SQL_LINK_TABLE_GAME,
    SQL_LOCK_SIGNUP,
    SQL_MARK_LATE,
    SQL_PAUSE_TOURNAMENT,
    SQL_RELEASE_TABLE,
    SQL_RELEASE_TOURNAMENT,
    SQL_RESUME_TOURNAMENT,
    SQL_SELECT_DUE_TOURNAMENTS,
    SQL_SELECT_ENTRANT,
    SQL_SELECT_ENTRANTS,
    SQL_SELECT_GUILD_TOURNAMENTS,
    SQL_SELECT_LATEST_IN_CHANNEL,
    SQL_SELECT_ORGANISER_ROLE,
    SQL_SELECT_ROUNDS,
    SQL_SELECT_TABLE,
    SQL_SELECT_TABLE_OF_GAME,
    SQL_SELECT_TABLES,
    SQL_SELECT_TOURNAMENT,
    SQL_SELECT_USER_TOURNAMENTS,
    SQL_UPDATE_ENTRANT_RATING,
    SQL_UPDATE_ENTRANT_STATUS,
    SQL_UPDATE_SIGNUP_CLOSES,
    SQL_UPDATE_TABLE_PLAYERS,
    SQL_UPDATE_TOURNAMENT_CARD,
    SQL_UPDATE_TOURNAMENT_DUE,
    SQL_UPDATE_TOURNAMENT_EVENT,
)


class Tournaments(StorageBase):
    """The tournament methods of ``Storage``."""

    async def create_tournament(self, **fields: Any) -> Tournament:
        """Keep a new tournament in sign-up, due when sign-up closes. ``fields``: its columns."""
        params = {**fields, "options": dumps(fields["options"]), "now": time.time()}
        params["language"] = fields["language"].value
        async with self._write() as tx:
            tournament_id = await tx.insert(SQL_INSERT_TOURNAMENT, params)
            row = await tx.fetchrow(SQL_SELECT_TOURNAMENT, {"tournament_id": tournament_id})
        assert row is not None
        return tournament_from_row(row)

    async def tournament(self, tournament_id: int) -> Tournament | None:
        return await self._row(SQL_SELECT_TOURNAMENT, {"tournament_id": tournament_id}, tournament_from_row)

    async def tournament_state(
        self, tournament_id: int
    ) -> tuple[Tournament, list[Entrant], list[Table]] | None:
        """The tournament, its entrants and every table, read in one snapshot: what a round is
        paired from, so every process pairs the same round alike."""
        params = {"tournament_id": tournament_id}
        async with self._read() as tx:
            row = await tx.fetchrow(SQL_SELECT_TOURNAMENT, params)
            if row is None:
                return None
            entrants = await tx.fetch(SQL_SELECT_ENTRANTS, params)
            tables = await tx.fetch(SQL_SELECT_TABLES, params)
        return (
            tournament_from_row(row),
            [record_from_row(Entrant, e) for e in entrants],
            [table_from_row(x) for x in tables],
        )

    async def guild_tournaments(self, guild_id: int) -> list[Tournament]:
        """The server's tournaments not over yet, oldest first."""
        return await self._rows(SQL_SELECT_GUILD_TOURNAMENTS, {"guild_id": guild_id}, tournament_from_row)

    async def latest_tournament_in_channel(self, channel_id: int) -> Tournament | None:
        """The channel's newest tournament, over or not (its standings stay readable)."""
        return await self._row(SQL_SELECT_LATEST_IN_CHANNEL, {"channel_id": channel_id}, tournament_from_row)

    async def user_tournaments(self, user_id: int, guild_id: int) -> list[Tournament]:
        """The tournaments not over yet that ``user_id`` signed up for in the server."""
        return await self._rows(
            SQL_SELECT_USER_TOURNAMENTS, {"user_id": user_id, "guild_id": guild_id}, tournament_from_row
        )

    async def due_tournaments(self) -> list[Tournament]:
        """Every tournament with something due (sign-up closing, a round's deadline), soonest first."""
        return await self._rows(SQL_SELECT_DUE_TOURNAMENTS, {}, tournament_from_row)

    async def claim_tournament(self, tournament_id: int, *, now: float, lease: float) -> bool:
        """Lease the tournament to this process until ``now + lease``; False if another holds it."""
        params = {"tournament_id": tournament_id, "now": now, "until": now + lease}
        return bool(await self._change(SQL_CLAIM_TOURNAMENT, params))

    async def release_tournament(self, tournament_id: int) -> None:
        await self._change(SQL_RELEASE_TOURNAMENT, {"tournament_id": tournament_id})

    async def set_tournament_card(self, tournament_id: int, message_id: int) -> None:
        await self._change(
            SQL_UPDATE_TOURNAMENT_CARD, {"tournament_id": tournament_id, "message_id": message_id}
        )

    async def set_tournament_event(self, tournament_id: int, event_id: int) -> None:
        await self._change(
            SQL_UPDATE_TOURNAMENT_EVENT, {"tournament_id": tournament_id, "event_id": event_id}
        )

    async def set_tournament_due(self, tournament_id: int, status: str, due_at: float | None) -> bool:
        params = {"tournament_id": tournament_id, "status": status, "due_at": due_at}
        return bool(await self._change(SQL_UPDATE_TOURNAMENT_DUE, params))

    async def extend_signup(self, tournament_id: int, closes: float) -> bool:
        return bool(
            await self._change(SQL_UPDATE_SIGNUP_CLOSES, {"tournament_id": tournament_id, "due_at": closes})
        )

    async def end_tournament(self, tournament_id: int, status: str) -> bool:
        """Finish or cancel a tournament not over yet; False if it already was."""
        return bool(
            await self._change(SQL_END_TOURNAMENT, {"tournament_id": tournament_id, "status": status})
        )

    async def pause_tournament(self, tournament_id: int, left: float) -> bool:
        """Hold a running tournament; its round's deadline keeps ``left`` seconds for the resume."""
        return bool(await self._change(SQL_PAUSE_TOURNAMENT, {"tournament_id": tournament_id, "left": left}))

    async def resume_tournament(self, tournament_id: int, round_no: int, due_at: float) -> bool:
        params = {"tournament_id": tournament_id, "due_at": due_at, "round_no": round_no}
        async with self._write() as tx:
            if not await tx.execute(SQL_RESUME_TOURNAMENT, params):
                return False
            await tx.execute(SQL_EXTEND_ROUND, params)
        return True

    async def extend_round(self, tournament_id: int, round_no: int, due_at: float) -> bool:
        """Move the open round's deadline (a paused tournament keeps it for its resume)."""
        params = {"tournament_id": tournament_id, "round_no": round_no, "due_at": due_at, "status": "running"}
        async with self._write() as tx:
            if not await tx.execute(SQL_EXTEND_ROUND, params):
                return False
            await tx.execute(SQL_UPDATE_TOURNAMENT_DUE, params)
        return True

    async def organiser_role(self, guild_id: int) -> int | None:
        """The role the server lets create tournaments (besides Manage Server and Manage Events)."""
        async with self._one() as tx:
            value = await tx.fetchval(SQL_SELECT_ORGANISER_ROLE, {"guild_id": guild_id})
        return None if value is None else int(value)

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None:
        params = {"guild_id": guild_id, "role_id": role_id}
        async with self._write() as tx:
            await tx.execute(SQL_DELETE_ORGANISER_ROLE, params)
            if role_id is not None:
                await tx.execute(SQL_INSERT_ORGANISER_ROLE, params)

    # ---- entrants -----------------------------------------------------------------------------

    async def enter_tournament(self, tournament_id: int, user_id: int, name: str, rating: float) -> None:
        """Sign a player up; ``SignupClosed`` or ``AlreadyEntered`` change nothing."""
        params = {"tournament_id": tournament_id, "user_id": user_id, "name": name, "rating": rating}
        async with self._write() as tx:
            status = await tx.fetchval(SQL_LOCK_SIGNUP + self._dialect.row_lock, params)
            if status != "signup":
                raise SignupClosed(f"tournament {tournament_id} is {status}")
            if await tx.fetchrow(SQL_SELECT_ENTRANT, params) is not None:
                raise AlreadyEntered(f"user {user_id} is in tournament {tournament_id}")
            await tx.execute(SQL_INSERT_ENTRANT, {**params, "now": time.time()})

    async def leave_signup(self, tournament_id: int, user_id: int) -> bool:
        """Take a player off the list while sign-up is open; False if they were not on it."""
        params = {"tournament_id": tournament_id, "user_id": user_id}
        async with self._write() as tx:
            status = await tx.fetchval(SQL_LOCK_SIGNUP + self._dialect.row_lock, params)
            if status != "signup":
                raise SignupClosed(f"tournament {tournament_id} is {status}")
            return bool(await tx.execute(SQL_DELETE_ENTRANT, params))

    async def stop_entrant(self, tournament_id: int, user_id: int, status: str) -> bool:
        """A player stops ('withdrawn', 'removed' or 'left'); their past results stay."""
        params = {"tournament_id": tournament_id, "user_id": user_id, "status": status}
        return bool(await self._change(SQL_UPDATE_ENTRANT_STATUS, params))

    async def set_entrant_ratings(self, tournament_id: int, ratings: dict[int, float]) -> None:
        """The seeding: each entrant's rating when sign-up closed."""
        many = [{"tournament_id": tournament_id, "user_id": u, "rating": r} for u, r in ratings.items()]
        async with self._write() as tx:
            await tx.executemany(SQL_UPDATE_ENTRANT_RATING, many)

    async def entrants(self, tournament_id: int) -> list[Entrant]:
        """Everyone who signed up, in sign-up order."""
        async with self._one() as tx:
            rows = await tx.fetch(SQL_SELECT_ENTRANTS, {"tournament_id": tournament_id})
        return [record_from_row(Entrant, row) for row in rows]

    # ---- rounds and tables --------------------------------------------------------------------

    async def open_round(
        self, tournament_id: int, after: int, tables: Sequence[NewTable], *, deadline: float
    ) -> bool:
        """Open round ``after + 1`` with ``tables``, if no other process opened it first."""
        round_no = after + 1
        params = {"tournament_id": tournament_id, "round_no": round_no, "after": after, "due_at": deadline}
        async with self._write() as tx:
            if not await tx.execute(SQL_ADVANCE_ROUND, params):
                return False
            await tx.execute(SQL_INSERT_ROUND, {**params, "now": time.time()})
            rows = [
                {
                    "tournament_id": tournament_id,
                    "round_no": round_no,
                    "position": position,
                    "players": dumps(list(table.players)),
                    "why": table.why,
                    "status": "bye" if len(table.players) == 1 else "waiting",
                    "places": dumps([1]) if len(table.players) == 1 else None,
                    "scores": dumps([0]) if len(table.players) == 1 else None,
                }
                for position, table in enumerate(tables)
            ]
            await tx.executemany(SQL_INSERT_TABLE, rows)
        return True

    async def close_round(self, tournament_id: int, round_no: int) -> bool:
        """Mark a round closed, once: True only for the caller that closed it."""
        params = {"tournament_id": tournament_id, "round_no": round_no, "now": time.time()}
        return bool(await self._change(SQL_CLOSE_ROUND, params))

    async def tournament_rounds(self, tournament_id: int) -> list[Round]:
        async with self._one() as tx:
            rows = await tx.fetch(SQL_SELECT_ROUNDS, {"tournament_id": tournament_id})
        return [record_from_row(Round, row) for row in rows]

    async def tournament_tables(self, tournament_id: int) -> list[Table]:
        """Every table of every round, in order."""
        return await self._rows(SQL_SELECT_TABLES, {"tournament_id": tournament_id}, table_from_row)

    async def tournament_table(self, table_id: int) -> Table | None:
        return await self._row(SQL_SELECT_TABLE, {"table_id": table_id}, table_from_row)

    async def table_of_game(self, game_id: int) -> Table | None:
        """The tournament table a game is played for, if it is one."""
        return await self._row(SQL_SELECT_TABLE_OF_GAME, {"game_id": game_id}, table_from_row)

    async def claim_table(self, table_id: int, *, now: float, lease: float) -> bool:
        return bool(
            await self._change(SQL_CLAIM_TABLE, {"table_id": table_id, "now": now, "until": now + lease})
        )

    async def release_table(self, table_id: int) -> None:
        await self._change(SQL_RELEASE_TABLE, {"table_id": table_id})

    async def reseat_table(self, table_id: int, players: Sequence[int], why: str) -> bool:
        """A waiting table's players changed (one withdrew before it opened; alone, it is a bye)."""
        status = "bye" if len(players) == 1 else "waiting"
        params = {"table_id": table_id, "players": dumps(list(players)), "status": status, "why": why}
        return bool(await self._change(SQL_UPDATE_TABLE_PLAYERS, params))

    async def create_table_game(
        self,
        table_id: int,
        *,
        game: str,
        guild_id: int,
        channel_id: int,
        players: Sequence[tuple[int, str]],
        options: dict[str, Any],
        pace: int,
        language: Language,
    ) -> GameRecord | None:
        """The table's game, seated in the table's order and linked to it in one transaction;
        None if the table already has one (another process made it)."""
        params = {
            "game": game,
            "guild_id": guild_id,
            "channel_id": channel_id,
            "host_id": players[0][0],
            "options": dumps(options),
            "now": time.time(),
            "pace": pace,
            "language": language.value,
        }
        try:
            async with self._write() as tx:
                game_id = await tx.insert(SQL_INSERT_GAME, params)
                for seat, (user_id, name) in enumerate(players):
                    seat_row = {"game_id": game_id, "seat": seat, "user_id": user_id, "name": name}
                    await tx.execute(SQL_INSERT_SEAT, seat_row)
                if not await tx.execute(SQL_LINK_TABLE_GAME, {"table_id": table_id, "game_id": game_id}):
                    raise _Taken(f"table {table_id} has its game already")
                return await self._require(tx, game_id)
        except _Taken:
            return None

    async def finish_table(self, table_id: int, places: Sequence[int], scores: Sequence[int]) -> bool:
        """Record a table's result once: True only for the caller that recorded it."""
        params = {"table_id": table_id, "places": dumps(list(places)), "scores": dumps(list(scores))}
        return bool(await self._change(SQL_FINISH_TABLE, params))

    async def mark_late(self, table_id: int, players: Sequence[int]) -> None:
        """The players the bot finished a table for at the round's deadline."""
        await self._change(SQL_MARK_LATE, {"table_id": table_id, "late": dumps(sorted(set(players)))})


class _Taken(StorageError):
    """Another process linked a game to the table first (the transaction rolls back)."""
