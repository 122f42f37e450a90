"""Playing helpers for SimCord tests: find panels and components the way a user would."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord

from bot.ui.outgoing import FOOTER_ID, TEXT_ID, parts

LAYOUT = (discord.ActionRow, discord.Container, discord.SectionComponent)


def components(message: discord.Message) -> Iterator[Any]:
    """What a message shows, however nested: buttons, selects, texts, galleries, thumbnails (the
    rows, containers and sections that hold them are walked through, a section's accessory too)."""
    for part in parts(message.components):
        if not isinstance(part, LAYOUT):
            yield part


def controls(message: discord.Message) -> list[Any]:
    """The buttons and selects a user could still click or pick (links aside)."""
    return [c for c in components(message) if getattr(c, "custom_id", None)]


def texts(message: discord.Message) -> list[str]:
    """The text of every TextDisplay of a Components V2 card, in order."""
    return [c.content for c in components(message) if isinstance(c, discord.TextDisplay)]


def title(message: discord.Message) -> str:
    """A card's title (its heading line) or an embed's title."""
    for part in components(message):
        if isinstance(part, discord.TextDisplay) and part.id == TEXT_ID and part.content.startswith("### "):
            return part.content.splitlines()[0].removeprefix("### ")
    return next((e.title or "" for e in message.embeds), "")


def footer(message: discord.Message) -> str:
    """The small line under a card (or an embed's footer): where the progress is told."""
    for part in components(message):
        if isinstance(part, discord.TextDisplay) and part.id == FOOTER_ID:
            return "\n".join(line.removeprefix("-# ") for line in part.content.splitlines())
    return next((e.footer.text or "" for e in message.embeds if e.footer), "")


def images(message: discord.Message) -> list[str]:
    """The file names of the pictures a message shows: in its media galleries (or thumbnails),
    or as an embed's image."""
    by_url = {a.url: a.filename for a in message.attachments}
    media = [
        item.media
        for c in components(message)
        if isinstance(c, discord.MediaGalleryComponent)
        for item in c.items
    ]
    media += [c.media for c in components(message) if isinstance(c, discord.ThumbnailComponent)]
    shown = [by_url.get(m.url, m.url.removeprefix("attachment://")) for m in media]
    shown += [e.image.url.removeprefix("attachment://") for e in message.embeds if e.image and e.image.url]
    return shown


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
        if controls(message):
            return message
    return None


def all_text(message: discord.Message) -> str:
    """Every word a message shows: its content, its embeds and the texts of its card."""
    said = [message.content or ""]
    for embed in message.embeds:
        said += [embed.title or "", embed.description or "", embed.footer.text or ""]
        said += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(said + texts(message))


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


def game_thread(channel: Any) -> Any:
    """The thread the lobby's channel opened for the game (the newest one)."""
    assert channel.threads, "the game should get its own thread"
    return channel.threads[-1]


async def current_record(env: Any) -> Any:
    """The one running game of a test, or ``None`` once it is over."""
    games = await env.bot.storage.active_games()
    return games[0] if games else None


class PanelTable:
    """What every game's SimCord driver needs to reach a player's panel.

    Players with open DMs use their newest DM panel; players in ``closed`` (names) have closed
    DMs and open an ephemeral panel with the thread's **Open my panel** button, as real players do.
    """

    def __init__(self, env: Any, channel: Any, players: list[Any], closed: Any = ()) -> None:
        self.env, self.channel, self.players, self.closed = env, channel, players, set(closed)
        self.clicks = 0

    @property
    def thread(self) -> Any:
        return game_thread(self.channel)

    def actor(self, player: Any, message: discord.Message | None = None) -> Any:
        """Who clicks: the member (ephemeral panels live in the guild) or the user (DMs)."""
        if message is not None:
            return player if message.guild is not None else player.user
        return player if player.name in self.closed else player.user

    def live_copy(self, player: Any) -> discord.Message | None:
        """The player's one live panel: their newest message with components, a DM or an
        ephemeral copy in the thread (an older copy is retired when a newer one goes live)."""
        copies = [m for m in dm_history(player) if controls(m)]
        copies += [m for m in self.thread.history(viewer=player) if m.flags.ephemeral and controls(m)]
        return max(copies, key=lambda m: m.id, default=None)

    async def panel(self, player: Any) -> discord.Message | None:
        """The player's live panel: a fresh ephemeral one for closed DMs, else the live copy."""
        if player.name in self.closed:
            opener = next(m for m in reversed(self.thread.history()) if find_component(m, "astro:panel:"))
            result = await player.click(opener, custom_id=find_component(opener, "astro:panel:").custom_id)
            return (result.followups or [result.response])[-1].message
        return self.live_copy(player)

    def current(self, player: Any, message: discord.Message) -> discord.Message:
        """The current version of ``message`` itself (live or retired)."""
        if message.flags.ephemeral:
            return refresh(self.thread, message, viewer=player)
        return refresh(player.user.dm_channel, message)

    def reload(self, player: Any, message: discord.Message) -> discord.Message:
        """The panel to play on after a click: the player's newest live copy, else ``message``
        as it is now (a panel edited in place stays the live copy)."""
        return self.live_copy(player) or self.current(player, message)

    async def click(self, player: Any, message: discord.Message, custom_id: str) -> Any:
        self.clicks += 1
        return await self.actor(player, message).click(message, custom_id=custom_id)
