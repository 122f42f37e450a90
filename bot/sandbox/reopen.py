"""Putting a previous run's open games back in front of the sandbox's players.

SimCord keeps messages and threads in memory only, while the bot keeps its games in SQLite, so
after a restart a stored game points at a lobby message or thread that no longer exists.
``Reopener.reopen_games`` puts each open game back with the bot's own code: the lobby message
again, or a fresh thread. The bot runs it when it is ready and before it resumes its games, so
what the bot does then (a countdown that ran out while the sandbox was stopped, a bot's move) is
shown in the new thread. Then ``post_steps`` posts the current step of each game the bot did not
move on, and DMs the panels, as the bot does when a step opens.
"""

from __future__ import annotations

import logging

import discord

from bot.app import AstrolabeBot
from bot.commands.lobby import lobby_view
from bot.commands.lobby_card import lobby_embed
from bot.games import get_game
from bot.storage import GameRecord

log = logging.getLogger(__name__)

RESTARTED = "The sandbox restarted: game #{id} continues here, loaded from its database."


class Reopener:
    """Re-posts the open games of the sandbox's one games channel after a restart."""

    def __init__(self, bot: AstrolabeBot, channel_id: int) -> None:
        self.bot = bot
        self.channel_id = channel_id
        self._reopened: dict[int, int] = {}  # game id -> its version when its thread was put back

    async def reopen_games(self) -> None:
        """Show every open game of a previous run again (see the module docstring)."""
        storage = self.bot.storage
        records = list(await storage.active_games())
        # Every open lobby (a channel runs several tables at once), oldest first as they were posted.
        lobbies = [g for g in await storage.open_games_in_channel(self.channel_id) if g.status == "lobby"]
        records += reversed(lobbies)
        games = self.bot.get_channel(self.channel_id) or await self.bot.fetch_channel(self.channel_id)
        assert isinstance(games, discord.TextChannel)
        for record in records:
            if record.channel_id != self.channel_id:
                log.warning(
                    "game %s belongs to another world (channel %s); skipped", record.id, record.channel_id
                )
                continue
            try:
                if record.status == "lobby":
                    message = await games.send(embed=lobby_embed(record), view=lobby_view(record))
                    await storage.set_messages(record.id, lobby_message_id=message.id)
                else:
                    await self._reopen_thread(record, games)
            except Exception:  # one broken game must not keep the sandbox from starting
                log.exception("could not resume game %s", record.id)
            else:
                log.info("resumed game %s (%s)", record.id, record.status)

    async def _reopen_thread(self, record: GameRecord, games: discord.TextChannel) -> None:
        thread = await games.create_thread(
            name=f"{get_game(record.game).title} #{record.id}",
            type=discord.ChannelType.public_thread,
            auto_archive_duration=1440,
        )
        await self.bot.storage.set_messages(record.id, thread_id=thread.id)
        resumed = await self.bot.storage.load(record.id)
        assert resumed is not None
        lobby = await games.send(embed=lobby_embed(resumed))
        # The game's end edits its lobby message: this one, not the previous run's.
        await self.bot.storage.set_messages(record.id, lobby_message_id=lobby.id)
        await thread.send(RESTARTED.format(id=record.id))
        self._reopened[record.id] = resumed.version

    async def post_steps(self) -> None:
        """Post the current step of each reopened game the bot did not move on while resuming
        (when it did, it opened the new step itself)."""
        for game_id, version in self._reopened.items():
            record = await self.bot.storage.load(game_id)
            if (
                record is None
                or record.status != "active"
                or record.version != version
                or record.thread_id is None
            ):
                continue
            thread = self.bot.get_channel(record.thread_id) or await self.bot.fetch_channel(record.thread_id)
            try:
                await self.bot.service.open_step(
                    record, thread if isinstance(thread, discord.abc.Messageable) else None
                )
            except Exception:
                log.exception("could not post the current step of game %s", game_id)
        self._reopened.clear()
