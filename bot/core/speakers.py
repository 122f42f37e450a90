"""Whose language a private text is in: each player's ``/settings language``, else their Discord's.

The bot carries one ``ReaderLanguages`` as ``reader_languages`` (``bot.i18n.readers`` asks it for
every interaction). A player's interaction says their client's locale; it is remembered (written
only when it changed) so a DM sent when someone else moved, with no interaction of theirs at hand,
is in their language too. What was read is kept in memory for a minute: a busy table asks for the
same few players on every move, and a choice made on another process sharing the database
reaches this one within that minute (a choice made here is seen at once).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Final

from bot.i18n import DEFAULT, Language, from_discord
from bot.storage import UserSettings

log = logging.getLogger(__name__)

CACHE_SECONDS: Final = 60.0
CACHE_SIZE: Final = 10_000


@dataclass(frozen=True)
class _Known:
    choice: Language | None
    locale: str | None
    read_at: float

    @property
    def language(self) -> Language:
        return self.choice or from_discord(self.locale)


class ReaderLanguages:
    """The language of each player for private output (see the module docstring)."""

    def __init__(self, storage: Callable[[], Any], *, clock: Callable[[], float] = time.monotonic) -> None:
        """``storage``: returns the bot's open storage (it opens after the bot is built)."""
        self._storage = storage
        self._clock = clock
        self._known: dict[int, _Known] = {}

    async def of_interaction(self, interaction: Any) -> Language:
        """Their ``/settings language`` choice, else the locale this interaction came with."""
        user_id = interaction.user.id
        locale = str(interaction.locale) if interaction.locale else None
        known = await self._read(user_id)
        if locale and locale != known.locale:
            await self._storage().set_discord_locale(user_id, locale)
            known = self._keep(user_id, replace(known, locale=locale))
        return known.choice or from_discord(locale)

    async def of_user(self, user_id: int) -> Language:
        """Their choice, else the locale last seen from them, else English (someone the bot never
        heard from, or a bot seat)."""
        if user_id < 0:  # bot seats have negative ids
            return DEFAULT
        return (await self._read(user_id)).language

    def remember(self, settings: UserSettings) -> None:
        """``/settings`` saved ``settings``: use them at once."""
        self._keep(settings.user_id, _Known(settings.language, settings.discord_locale, self._clock()))

    async def _read(self, user_id: int) -> _Known:
        known = self._known.get(user_id)
        if known is not None and self._clock() - known.read_at < CACHE_SECONDS:
            return known
        settings = await self._storage().user_settings(user_id)
        return self._keep(user_id, _Known(settings.language, settings.discord_locale, self._clock()))

    def _keep(self, user_id: int, known: _Known) -> _Known:
        self._known.pop(user_id, None)
        self._known[user_id] = known
        if len(self._known) > CACHE_SIZE:  # the oldest entry goes first
            del self._known[next(iter(self._known))]
        return known


async def user_language(bot: Any, user_id: int) -> Language:
    """``user_id``'s language for a private text sent outside their own interaction (a DM panel
    after someone else's move, a reminder); English when the bot has no ``reader_languages``."""
    readers: ReaderLanguages | None = getattr(bot, "reader_languages", None)
    if readers is None:
        return DEFAULT
    try:
        return await readers.of_user(user_id)
    except Exception:
        log.exception("could not look up the language of user %s", user_id)
        return DEFAULT
