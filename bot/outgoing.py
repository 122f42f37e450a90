"""Messages as data: what to send, with the image rendered off the event loop.

Handlers build an ``Outgoing`` from a view and hand it to one of the send helpers, which render
the image in a worker thread (``asyncio.to_thread``) so a slow drawing never blocks the bot.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

log = logging.getLogger(__name__)

DM_CLOSED = 50007
COLOUR = discord.Colour(0x6C8CFF)


@dataclass
class Outgoing:
    """One message: text, an optional embed title, an optional image and components."""

    content: str = ""
    title: str | None = None
    render: Callable[[], bytes] | None = None
    filename: str = "board.png"
    items: Sequence[discord.ui.Item[Any]] = field(default_factory=tuple)
    footer: str | None = None

    def view(self) -> discord.ui.View | None:
        if not self.items:
            return None
        view = discord.ui.View(timeout=None)
        for item in self.items:
            view.add_item(item)
        return view

    async def kwargs(self, *, editing: bool = False) -> dict[str, Any]:
        """Keyword arguments for ``send``/``edit``; renders the image in a thread."""
        data: dict[str, Any] = {}
        embed = discord.Embed(title=self.title, description=self.content or None, colour=COLOUR)
        if self.footer:
            embed.set_footer(text=self.footer)
        data["embed"] = embed
        files: list[discord.File] = []
        if self.render is not None:
            png = await asyncio.to_thread(self.render)
            files.append(discord.File(io.BytesIO(png), filename=self.filename))
            embed.set_image(url=f"attachment://{self.filename}")
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
    return await channel.send(**(await out.kwargs()), **extra)


async def reply(interaction: discord.Interaction, out: Outgoing, *, ephemeral: bool = True) -> None:
    """Answer an interaction (first response or follow-up) with an ``Outgoing``."""
    data = await out.kwargs()
    if interaction.response.is_done():
        await interaction.followup.send(**data, ephemeral=ephemeral)
    else:
        await interaction.response.send_message(**data, ephemeral=ephemeral)


async def edit_panel(interaction: discord.Interaction, out: Outgoing) -> None:
    """Replace the message a component sits on (a DM or ephemeral panel) with ``out``."""
    data = await out.kwargs(editing=True)
    if interaction.response.is_done():
        await interaction.edit_original_response(**data)
    else:
        await interaction.response.edit_message(**data)


async def refuse(interaction: discord.Interaction, text: str) -> None:
    """A private, polite answer that changes nothing."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def try_dm(user: discord.abc.User, out: Outgoing) -> discord.Message | None:
    """DM a user; ``None`` when their DMs are closed (Discord error 50007) or the DM fails."""
    try:
        return await user.send(**(await out.kwargs()))
    except discord.Forbidden as error:
        if error.code != DM_CLOSED:
            log.warning("DM to %s refused: %s", user.id, error)
        return None
    except discord.HTTPException as error:
        log.warning("DM to %s failed: %s", user.id, error)
        return None
