"""Practice games (`/learn`): the guide's progress, kept with the game's options (a part of
``Storage``). A practice game is marked by its ``practice`` option (``GameRecord.practice``);
no results rows are ever written for it, so stats, leaderboards and ratings never see it."""

from __future__ import annotations

import logging
import time
from typing import Any

from bot.storage.base import StorageBase
from bot.storage.records import StaleVersion
from bot.storage.rows import dumps
from bot.storage.statements import SQL_UPDATE_ACTIVE_OPTIONS

log = logging.getLogger(__name__)


class Practice(StorageBase):
    async def set_game_options(self, game_id: int, options: dict[str, Any]) -> None:
        """Store a running game's table options (a practice guide's progress, or its end when the
        player skips it); ``StaleVersion`` once the game is over. Its state and version are left
        alone, so a move in flight never conflicts with it."""
        params = {"game_id": game_id, "options": dumps(options), "now": time.time()}
        async with self._write() as tx:
            if not await tx.execute(SQL_UPDATE_ACTIVE_OPTIONS, params):
                raise StaleVersion(f"game {game_id} is no longer running")
        log.debug("game %d: table options now %s", game_id, options)
