"""Messages as data: what to send, with the image rendered off the event loop.

Handlers build an ``Outgoing`` from a view and hand it to one of the send helpers, which render
the image in a worker thread (``asyncio.to_thread``) so a slow drawing never blocks the bot.
"""

from __future__ import annotations

import asyncio
import enum
import io
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord

from bot.i18n import Language, language, speaking

log = logging.getLogger(__name__)

DM_CLOSED = 50007
COLOUR = discord.Colour(0x6C8CFF)
# The client-wide default: a name or an event line can never ping anyone. A message that means to
# mention someone passes ``only_users`` with exactly those people.
NO_MENTIONS = discord.AllowedMentions.none()

T = TypeVar("T")


def only_users(*user_ids: int) -> discord.AllowedMentions:
    """Let exactly these users be pinged: no @everyone, no roles, nobody else named in the text."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=user_id) for user_id in dict.fromkeys(user_ids)])


def is_transient(error: discord.HTTPException) -> bool:
    """A failure worth one more try (Discord's 5xx, or a 429 left over after discord.py's waits);
    a refusal (403) or a missing target (404) would fail again the same way."""
    return not isinstance(error, discord.Forbidden | discord.NotFound) and (
        error.status >= 500 or error.status == 429)


async def retrying(send: Callable[[], Awaitable[T]], what: str) -> T:
    """Run ``send``; after a transient failure, once more. Anything else is the caller's to handle."""
    try:
        return await send()
    except discord.HTTPException as error:
        if not is_transient(error):
            raise
        log.warning("%s failed (%s %s), trying once more", what, error.status, error.text)
    return await send()


class DmStatus(enum.Enum):
    """How a DM went. Only Discord's 50007 means the inbox is closed; any other failure is not
    proof of that, so it must not change how the player is reached."""

    SENT = "sent"
    CLOSED = "closed"
    FAILED = "failed"


@dataclass
class Outgoing:
    """One message: text, an optional embed title, an optional image and components."""

    content: str = ""
    title: str | None = None
    render: Callable[[], bytes] | None = None
    filename: str = "board.png"
    items: Sequence[discord.ui.Item[Any]] = field(default_factory=tuple)
    footer: str | None = None
    # A still picture sent beside an animated ``render`` (a GIF), for clients that don't animate.
    still: Callable[[], bytes] | None = None
    still_filename: str = "still.png"
    # The language it was built in: the image is drawn later, in a worker thread, in the same one.
    language: Language = field(default_factory=language)
    # The rendered image, kept so a retried send doesn't draw it again.
    _png: bytes | None = field(default=None, repr=False, compare=False)
    _still: bytes | None = field(default=None, repr=False, compare=False)

    def view(self) -> discord.ui.View | None:
        if not self.items:
            return None
        view = discord.ui.View(timeout=None)
        for item in self.items:
            view.add_item(item)
        return view

    def _drawn(self, draw: Callable[[], bytes]) -> bytes:
        with speaking(self.language):
            return draw()

    async def kwargs(self, *, editing: bool = False) -> dict[str, Any]:
        """Keyword arguments for ``send``/``edit``; renders the image in a thread."""
        data: dict[str, Any] = {}
        embed = discord.Embed(title=self.title, description=self.content or None, colour=COLOUR)
        if self.footer:
            embed.set_footer(text=self.footer)
        data["embed"] = embed
        files: list[discord.File] = []
        if self.render is not None:
            if self._png is None:
                self._png = await asyncio.to_thread(self._drawn, self.render)
            files.append(discord.File(io.BytesIO(self._png), filename=self.filename))
            embed.set_image(url=f"attachment://{self.filename}")
        if self.still is not None:
            if self._still is None:
                self._still = await asyncio.to_thread(self._drawn, self.still)
            files.append(discord.File(io.BytesIO(self._still), filename=self.still_filename))
        if editing:
            data["attachments"] = files
            data["view"] = self.view()
        else:
            if files:
                data["files"] = files
            view = self.view()
            if view is not None:
                data["view"] = view
        return data


async def send_to(channel: discord.abc.Messageable, out: Outgoing, **extra: Any) -> discord.Message:
    """Send ``out``, once more after a transient failure; names in it never ping anyone."""
    extra.setdefault("allowed_mentions", NO_MENTIONS)

    async def send() -> discord.Message:
        return await channel.send(**(await out.kwargs()), **extra)

    return await retrying(send, f"sending to channel {getattr(channel, 'id', '?')}")


async def reply(interaction: discord.Interaction, out: Outgoing, *,
                ephemeral: bool = True) -> tuple[discord.Message | None, Callable[..., Awaitable[Any]]]:
    """Answer an interaction (first response or follow-up) with an ``Outgoing``. Returns the
    message sent and how to edit it later (through the interaction's token, the only way to
    edit an ephemeral message)."""
    data = await out.kwargs()
    if interaction.response.is_done():
        sent = await interaction.followup.send(**data, ephemeral=ephemeral, wait=True)
        return sent, sent.edit
    await interaction.response.send_message(**data, ephemeral=ephemeral)
    return await interaction.original_response(), interaction.edit_original_response


async def edit_panel(interaction: discord.Interaction, out: Outgoing) -> None:
    """Replace the message a component sits on (a DM or ephemeral panel) with ``out``, unless
    the move it played has already retired that copy (a new panel went out elsewhere)."""
    service = getattr(interaction.client, "service", None)
    copies = service.delivery.copies if service is not None else None
    if interaction.message is not None and copies is not None and copies.is_retired(interaction.message.id):
        return
    data = await out.kwargs(editing=True)
    if interaction.response.is_done():
        await interaction.edit_original_response(**data)
    else:
        await interaction.response.edit_message(**data)
    if interaction.message is not None and copies is not None:
        # a fresh token: the copy stays editable for 15 minutes from this click
        copies.refresh_token(interaction.message.id, interaction.edit_original_response)


async def dm(user: discord.abc.User, out: Outgoing) -> tuple[DmStatus, discord.Message | None]:
    """DM a user, once more after a transient failure, and say how it went."""
    try:
        return DmStatus.SENT, await send_to(user, out)
    except discord.Forbidden as error:
        if error.code == DM_CLOSED:
            return DmStatus.CLOSED, None
        log.warning("DM to %s refused: %s", user.id, error)
    except discord.HTTPException as error:
        log.warning("DM to %s failed: %s", user.id, error)
    return DmStatus.FAILED, None


async def try_dm(user: discord.abc.User, out: Outgoing) -> discord.Message | None:
    """DM a user; ``None`` when it couldn't be delivered (closed DMs or a failure, see ``dm``)."""
    return (await dm(user, out))[1]
