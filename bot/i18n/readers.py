"""Whose language a text is in: a player's for private output, the table's for public output.

``private_language`` is used by ``bot.ui.interactions.entry`` for every interaction, so a refusal or
an ephemeral answer is in the clicker's language. The bot may carry ``reader_languages`` (see
``bot.core.speakers``) that also knows ``/settings language`` choices and the locale last seen from
each user, for DMs sent when someone else moved.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

from bot.i18n.languages import Language, from_discord
from bot.ops.faults import database_outage

log = logging.getLogger(__name__)


class ReaderLanguages(Protocol):
    async def of_interaction(self, interaction: Any) -> Language: ...

    async def of_user(self, user_id: int) -> Language: ...


async def private_language(interaction: Any) -> Language:
    """The language to answer ``interaction``'s user in."""
    readers: ReaderLanguages | None = getattr(interaction.client, "reader_languages", None)
    if readers is not None:
        try:
            return await readers.of_interaction(interaction)
        except Exception as error:
            if database_outage(error):  # told once by bot.ops.faults; the answer falls back to the client's
                log.debug("language of user %s unknown while the database is away", interaction.user.id)
            else:
                log.exception("could not look up the language of user %s", interaction.user.id)
    return from_discord(str(interaction.locale) if interaction.locale else None)
