"""A server's house words (``/words``, migration 0010): its own word cards for A Sky of Stars.

Storage keeps cards as given; what a card may hold is checked before it gets here (the rules'
``bot.games.sky_of_stars.house``), and again when a game deals them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.base import StorageBase
from bot.storage.rows import record_from_row
from bot.storage.statements import (
    SQL_DELETE_HOUSE_CARD,
    SQL_DELETE_HOUSE_WORDS,
    SQL_INSERT_HOUSE_CARD,
    SQL_SELECT_HOUSE_WORDS,
)


@dataclass(frozen=True)
class HouseCard:
    """One card of a server's deck: ``id`` keeps its place (the deck is in id order)."""

    id: int
    words: tuple[str, ...]
    added_by: int
    added_at: float


class HouseWords(StorageBase):
    """The house-word methods of ``Storage``."""

    async def house_words(self, guild_id: int) -> list[HouseCard]:
        """The server's cards, oldest first."""
        async with self._read() as tx:
            rows = await tx.fetch(SQL_SELECT_HOUSE_WORDS, {"guild_id": guild_id})
        return [record_from_row(HouseCard, row, words=tuple(json.loads(row["words"]))) for row in rows]

    async def add_house_words(
        self,
        guild_id: int,
        cards: Sequence[Sequence[str]],
        *,
        added_by: int,
        replace: bool = False,
    ) -> list[HouseCard]:
        """Add ``cards`` (after removing every card first, with ``replace``) in one transaction,
        so a failure keeps none of them; returns the server's whole deck."""
        now = time.time()
        async with self._write() as tx:
            if replace:
                await tx.execute(SQL_DELETE_HOUSE_WORDS, {"guild_id": guild_id})
            rows = [
                {"guild_id": guild_id, "words": json.dumps(list(words)), "added_by": added_by, "now": now}
                for words in cards
            ]
            await tx.executemany(SQL_INSERT_HOUSE_CARD, rows)
        return await self.house_words(guild_id)

    async def remove_house_card(self, guild_id: int, card_id: int) -> bool:
        """Remove one of the server's cards; False if it has no such card."""
        return bool(await self._change(SQL_DELETE_HOUSE_CARD, {"guild_id": guild_id, "card_id": card_id}))
