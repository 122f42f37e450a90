"""Game nights (`/gamenight`, migration 0011): a planned evening with a Discord scheduled event,
a native poll for the game, and the lobby the bot opens at the start (a part of ``Storage``).

A night is kept from the moment its event and poll exist until the lobby opens or it is
cancelled, so a restarted bot (or another process) still opens it on time. ``due_at`` is the
one moment the bot must act next; ``claim_game_night`` leases the night to one process for that
work, as ``bot.storage.timers`` does for a game's timers.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot.i18n.languages import DEFAULT, Language, parse
from bot.storage.base import StorageBase
from bot.storage.records import Row, StorageError
from bot.storage.rows import record_from_row

OPEN_STATUSES: Final = ("planned", "tie")  # the bot still has something to do

_NIGHT_COLUMNS = (
    "id, guild_id, channel_id, host_id, host_name, games, language, starts_at, due_at, status,"
    " event_id, poll_message_id, tie_message_id, game_id"
)
SQL_INSERT_GAME_NIGHT = """
INSERT INTO game_nights (guild_id, channel_id, host_id, host_name, games, language, starts_at, due_at,
                         status, event_id, poll_message_id, created_at)
VALUES (:guild_id, :channel_id, :host_id, :host_name, :games, :language, :starts_at, :starts_at,
        'planned', :event_id, :poll_message_id, :now)
"""
SQL_SELECT_GAME_NIGHT = f"SELECT {_NIGHT_COLUMNS} FROM game_nights WHERE id = :night_id"
SQL_SELECT_OPEN_NIGHT_IN_CHANNEL = f"""
SELECT {_NIGHT_COLUMNS} FROM game_nights
WHERE channel_id = :channel_id AND status IN ('planned', 'tie') ORDER BY id LIMIT 1
"""
SQL_SELECT_DUE_NIGHTS = f"""
SELECT {_NIGHT_COLUMNS} FROM game_nights
WHERE status IN ('planned', 'tie') AND due_at IS NOT NULL ORDER BY due_at, id
"""
# A lease only on a night still waiting for the bot, and not held by a live lease elsewhere.
SQL_CLAIM_GAME_NIGHT = """
UPDATE game_nights SET claimed_until = :until
WHERE id = :night_id AND status = :status AND due_at IS NOT NULL AND due_at <= :now
  AND (claimed_until IS NULL OR claimed_until < :now)
"""
# The same lease before its due time: the host picked among tied games.
SQL_CLAIM_GAME_NIGHT_EARLY = """
UPDATE game_nights SET claimed_until = :until
WHERE id = :night_id AND status = :status AND (claimed_until IS NULL OR claimed_until < :now)
"""
SQL_RESCHEDULE_GAME_NIGHT = """
UPDATE game_nights SET starts_at = :starts_at, due_at = :starts_at, claimed_until = NULL
WHERE id = :night_id AND status = 'planned'
"""
SQL_TIE_GAME_NIGHT = """
UPDATE game_nights SET status = 'tie', due_at = :due_at, tie_message_id = :tie_message_id,
                       claimed_until = NULL
WHERE id = :night_id AND status = 'planned'
"""
SQL_OPEN_GAME_NIGHT = """
UPDATE game_nights SET status = 'opened', due_at = NULL, game_id = :game_id, claimed_until = NULL
WHERE id = :night_id AND status IN ('planned', 'tie')
"""
SQL_CANCEL_GAME_NIGHT = """
UPDATE game_nights SET status = 'cancelled', due_at = NULL, claimed_until = NULL
WHERE id = :night_id AND status IN ('planned', 'tie')
"""
SQL_RELEASE_GAME_NIGHT = "UPDATE game_nights SET claimed_until = NULL WHERE id = :night_id"


@dataclass(frozen=True)
class GameNight:
    """One planned evening. ``games``: slugs in the host's order (the poll's answers 1..n)."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    host_name: str
    games: tuple[str, ...]
    language: Language
    starts_at: float
    due_at: float | None
    status: str  # "planned", "tie" (a poll tie waits for the host), "opened" or "cancelled"
    event_id: int
    poll_message_id: int
    tie_message_id: int | None
    game_id: int | None


def _night_from_row(row: Row) -> GameNight:
    games, language = tuple(json.loads(row["games"])), parse(row["language"]) or DEFAULT
    return record_from_row(GameNight, row, games=games, language=language)


class GameNights(StorageBase):
    """The game-night methods of ``Storage``."""

    async def create_game_night(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        games: Sequence[str],
        language: Language,
        starts_at: float,
        event_id: int,
        poll_message_id: int,
    ) -> GameNight:
        """Keep a night whose event and poll exist; it is due at ``starts_at``."""
        if not 1 <= len(games) <= 4 or len(set(games)) != len(games):
            raise StorageError(f"a game night offers 1-4 distinct games, not {list(games)}")
        params: dict[str, Any] = {
            "guild_id": guild_id,
            "channel_id": channel_id,
            "host_id": host_id,
            "host_name": host_name,
            "games": json.dumps(list(games)),
            "language": language.value,
            "starts_at": starts_at,
            "event_id": event_id,
            "poll_message_id": poll_message_id,
            "now": time.time(),
        }
        async with self._write() as tx:
            night_id = await tx.insert(SQL_INSERT_GAME_NIGHT, params)
            row = await tx.fetchrow(SQL_SELECT_GAME_NIGHT, {"night_id": night_id})
        assert row is not None
        return _night_from_row(row)

    async def game_night(self, night_id: int) -> GameNight | None:
        return await self._row(SQL_SELECT_GAME_NIGHT, {"night_id": night_id}, _night_from_row)

    async def open_game_night_in_channel(self, channel_id: int) -> GameNight | None:
        """The channel's night still waiting for its start or its host's pick (one at a time)."""
        return await self._row(SQL_SELECT_OPEN_NIGHT_IN_CHANNEL, {"channel_id": channel_id}, _night_from_row)

    async def due_game_nights(self) -> list[GameNight]:
        """Every night the bot must still act on, soonest first (to arm the timers at start-up)."""
        return await self._rows(SQL_SELECT_DUE_NIGHTS, {}, _night_from_row)

    async def claim_game_night(
        self, night_id: int, status: str, *, now: float, lease: float, early: bool = False
    ) -> bool:
        """Lease a due night in ``status`` to this process until ``now + lease`` (``early``: even
        before it is due); False if it is not due, moved on, or held by a live lease."""
        params = {"night_id": night_id, "status": status, "now": now, "until": now + lease}
        sql = SQL_CLAIM_GAME_NIGHT_EARLY if early else SQL_CLAIM_GAME_NIGHT
        return bool(await self._change(sql, params))

    async def release_game_night(self, night_id: int) -> None:
        """Give a claimed night back (its work failed and is tried again)."""
        await self._change(SQL_RELEASE_GAME_NIGHT, {"night_id": night_id})

    async def reschedule_game_night(self, night_id: int, starts_at: float) -> bool:
        """Move a planned night's start (and its timer); False if it is no longer planned."""
        return bool(
            await self._change(SQL_RESCHEDULE_GAME_NIGHT, {"night_id": night_id, "starts_at": starts_at})
        )

    async def tie_game_night(self, night_id: int, *, tie_message_id: int, due_at: float) -> bool:
        """The poll ended in a tie: the host picks until ``due_at`` (then the host's order does)."""
        params = {"night_id": night_id, "tie_message_id": tie_message_id, "due_at": due_at}
        return bool(await self._change(SQL_TIE_GAME_NIGHT, params))

    async def open_game_night(self, night_id: int, game_id: int) -> bool:
        """The night's lobby is open as game ``game_id``: nothing is left to do."""
        return bool(await self._change(SQL_OPEN_GAME_NIGHT, {"night_id": night_id, "game_id": game_id}))

    async def cancel_game_night(self, night_id: int) -> bool:
        """Cancel a night not opened yet; False if it already opened or was cancelled."""
        return bool(await self._change(SQL_CANCEL_GAME_NIGHT, {"night_id": night_id}))
