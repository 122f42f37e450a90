"""Playing helpers for SimCord tests: find panels and components the way a user would."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord


def components(message: discord.Message) -> Iterator[Any]:
    for row in message.components:
        yield from getattr(row, "children", [row])


def custom_ids(message: discord.Message) -> list[str]:
    return [c.custom_id for c in components(message) if getattr(c, "custom_id", None)]


def find_component(message: discord.Message, prefix: str) -> Any | None:
    for component in components(message):
        if (getattr(component, "custom_id", None) or "").startswith(prefix):
            return component
    return None


def dm_history(actor: Any) -> list[discord.Message]:
    user = getattr(actor, "user", actor)
    return user.dm_channel.history()


def latest_panel(actor: Any) -> discord.Message | None:
    """The newest DM that still has components (the player's live panel)."""
    for message in reversed(dm_history(actor)):
        if message.components:
            return message
    return None


def all_text(message: discord.Message) -> str:
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        parts += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(parts)


def refresh(channel: Any, message: discord.Message, viewer: Any = None) -> discord.Message:
    """The current version of a message (messages are snapshots in SimCord)."""
    for current in channel.history(viewer=viewer) if viewer is not None else channel.history():
        if current.id == message.id:
            return current
    raise LookupError(f"message {message.id} is gone")


def said(result: Any) -> str:
    """Everything an interaction showed its user: the response and every follow-up."""
    parts = []
    if result.response is not None:
        parts.append(all_text(result.response.message))
    parts += [all_text(f.message) for f in result.followups]
    return "\n".join(parts)
