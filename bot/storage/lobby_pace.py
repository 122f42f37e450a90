"""A paced lobby's speed: the host changes the time per move until the game starts (a part of
``Storage``)."""

from __future__ import annotations

import time

from bot.storage.base import StorageBase
from bot.storage.records import GameRecord, StaleVersion
from bot.storage.statements import SQL_UPDATE_LOBBY_PACE


class LobbyPace(StorageBase):
    async def set_lobby_pace(self, game_id: int, pace: int) -> GameRecord:
        """The host picked another pace in the lobby; ``StaleVersion`` once the lobby has closed."""
        async with self._write() as tx:
            if not await tx.execute(
                SQL_UPDATE_LOBBY_PACE, {"game_id": game_id, "pace": pace, "now": time.time()}
            ):
                raise StaleVersion(f"game {game_id} is no longer a lobby")
            return await self._require(tx, game_id)
