"""The bot itself, built by ``create_bot()`` so tests, benchmarks and the sandbox run the same code.

Building the bot reads no token and opens nothing: the database opens in ``open_storage``, which
``python -m bot`` calls before logging in and ``setup_hook`` calls at every login (or SimCord
attach). Every way of stopping ends in ``close``, which stops the timers, lets the moves in progress
finish and closes the database, so nothing keeps the process alive.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final

import discord
from discord import app_commands

from bot.commands.gamenight_start import GameNightClock, TiePick
from bot.commands.learn import END_PRACTICE
from bot.commands.lobby import LobbyButton, TimerSelect
from bot.commands.rematch import REMATCH, close_lobby
from bot.commands.replay_card import DYNAMIC_ITEMS as REPLAY_ITEMS
from bot.commands.seats import CONFIRM_LEAVE
from bot.commands.tournament_manage import member_left
from bot.commands.tournament_run import TournamentClock
from bot.commands.tournament_signup import SignupButton
from bot.commands.translator import CommandTranslator
from bot.commands.tree import COMMANDS
from bot.core.config import Config
from bot.core.speakers import ReaderLanguages
from bot.faces import DYNAMIC_ITEMS
from bot.i18n import N_, _, speaking
from bot.i18n.readers import private_language
from bot.ops import heap
from bot.ops.faults import DatabaseWatch
from bot.ops.health import OperatorServer
from bot.ops.metrics import Metrics, count_http_errors, use
from bot.storage import Storage
from bot.storage.open import is_shared, open_storage
from bot.tell.service import GameService
from bot.ui import painter
from bot.ui.clicks import items_of
from bot.ui.components import OPEN_PANEL, RECLAIM
from bot.ui.guide import SKIP_GUIDE
from bot.ui.interactions import APOLOGY

log = logging.getLogger(__name__)

# How long closing waits for moves in progress (their renders run in worker threads).
CLOSE_WAIT_SECONDS: Final = 10.0
NOT_IN_DMS = N_("Games run in server channels: use this command in a server.")
NOT_HERE = N_("You can't use this command here.")


class AstrolabeBot(discord.Client):
    def __init__(self, settings: Config, *, sync_commands: bool, **client_options: Any) -> None:
        """``client_options`` go to discord.py's client (the shards of a sharded bot)."""
        # Astrolabe has no voice: discord.py's warnings about missing voice libraries are noise.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        # Before discord.py's __init__, which sets ``self.http`` (counted through the ``http`` setter).
        self.database_watch = DatabaseWatch()
        self.metrics = Metrics(watch=self.database_watch)
        self._disconnected = False
        self.operator_server: OperatorServer | None = None
        super().__init__(
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions.none(),
            **client_options,
        )
        self.settings = settings
        self.sync_commands = sync_commands
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        for command in COMMANDS:
            self.tree.add_command(command)
        self.service = GameService(self, on_game_over=self._game_over)
        self.game_nights = GameNightClock(self)
        self.tournaments = TournamentClock(self)
        # Each player's language for private output (bot.i18n.readers asks it for every interaction).
        self.reader_languages = ReaderLanguages(lambda: self.storage)
        self._translator_set = False
        self._storage: Storage | None = None
        self._items_added = False
        self._rearmed = False
        # Run when the bot is ready, before the stored games resume (their bot moves and due
        # timers): the sandbox puts the games' threads back here, which its restart lost.
        self.before_resume: Callable[[], Awaitable[None]] | None = None

    @property
    def http(self) -> Any:
        return self.__dict__["_astrolabe_http"]

    @http.setter
    def http(self, http: Any) -> None:
        """Whoever installs the HTTP client (discord.py, or a simulated Discord), its failed
        calls are counted by status and code (bot.ops.metrics)."""
        count_http_errors(http, self.metrics)
        self.__dict__["_astrolabe_http"] = http

    @property
    def connected(self) -> bool:
        """Logged in, ready and not disconnected since (the health check's Discord half)."""
        return self.is_ready() and not self.is_closed() and not self._disconnected

    async def on_connect(self) -> None:
        self._disconnected = False
        self.metrics.up.set(1)

    async def on_resumed(self) -> None:
        await self.on_connect()

    async def on_disconnect(self) -> None:
        self._disconnected = True
        self.metrics.up.set(0)

    async def serve_operators(self, port: int, addr: str = "127.0.0.1", **options: Any) -> OperatorServer:
        """Serve /metrics and /healthz (bot.ops.health) on ``port`` (0: any free one) until closed."""
        if self.operator_server is None:
            self.operator_server = OperatorServer(self, port, addr, **options)
        return self.operator_server

    @property
    def storage(self) -> Storage:
        if self._storage is None:
            raise RuntimeError("storage is opened in setup_hook")
        return self._storage

    async def open_storage(self) -> Storage:
        """Open and migrate the database, once: a later call returns the open one."""
        if self._storage is None:
            self._storage = await open_storage(self.settings.db_path)
            self._storage.metrics = self.metrics  # its commits are timed and counted
        return self._storage

    async def setup_hook(self) -> None:
        """Runs at every login. SimCord re-attaching this same bot logs it in again, after
        cancelling its tasks: the open database is kept, and the stored timers are armed again."""
        use(self.metrics)  # the tasks started from here count in this bot's metrics
        await self.open_storage()
        if not self._items_added:
            self.add_dynamic_items(
                *items_of((OPEN_PANEL, RECLAIM, SKIP_GUIDE, REMATCH, CONFIRM_LEAVE, END_PRACTICE)),
                LobbyButton,
                TimerSelect,
                TiePick,
                SignupButton,
                *DYNAMIC_ITEMS,
                *REPLAY_ITEMS,
            )
            self._items_added = True
        if not self._translator_set:  # command names and descriptions in each user's language
            await self.tree.set_translator(CommandTranslator())
            self._translator_set = True
        if self._rearmed:
            self.service.close()  # the old timer task was cancelled with the old session
            self.game_nights.close()
            self.tournaments.close()
            self._rearmed = False  # so on_ready re-arms from the database
        if self.sync_commands:
            await self._sync()

    async def _sync(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands%s", len(synced), f" to guild {guild_id}" if guild_id else "")

    async def on_ready(self) -> None:
        use(self.metrics)
        await self.on_connect()
        if not self._rearmed:
            self._rearmed = True
            if self.before_resume is not None:
                await self.before_resume()
            count = await self.service.rearm_all()
            await self.game_nights.rearm_all()
            await self.tournaments.rearm_all()
            if is_shared(self.storage) and self.settings.timer_poll > 0:
                self.service.pacer.start_polling(self.settings.timer_poll)
                self.game_nights.start_polling(self.settings.timer_poll)
                self.tournaments.start_polling(self.settings.timer_poll)
            log.info("ready as %s; %d active game(s) resumed", self.user, count)
        if self.settings.steady_heap:  # each session: discord.py's caches are new (bot.ops.heap)
            heap.steady()

    async def _game_over(self, service: GameService, record: Any) -> None:
        """A game ended: its lobby message says so, and a tournament table moves its round on."""
        await close_lobby(service, record)
        await self.tournaments.table_done(record)

    async def on_member_remove(self, member: discord.Member) -> None:
        """Needs the members intent; without it, a round's pairing finds who left instead."""
        await member_left(self, member.guild.id, member.id)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        if isinstance(error, app_commands.NoPrivateMessage):
            text = NOT_IN_DMS
        elif isinstance(error, app_commands.CheckFailure):
            text = NOT_HERE
        else:
            log.error(
                "command %s failed for user %s in channel %s",
                interaction.command and interaction.command.qualified_name,
                interaction.user.id,
                interaction.channel_id,
                exc_info=error,
            )
            text = APOLOGY
        with speaking(await private_language(interaction)):  # outside any callback's entry
            text = _(text)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def close(self) -> None:
        """Stop the timers, let the moves in progress finish (bounded), close the database, then
        the Discord connection. Safe to call twice and on a bot that never logged in."""
        self.service.close()
        self.game_nights.close()
        self.tournaments.close()
        if self.operator_server is not None:
            server, self.operator_server = self.operator_server, None
            await server.close()
        await self.service.wait_idle(CLOSE_WAIT_SECONDS)
        if self._storage is not None:
            storage, self._storage = self._storage, None
            await storage.close()
        painter.close()
        await super().close()


class ShardedAstrolabeBot(AstrolabeBot, discord.AutoShardedClient):
    """The same bot as a discord.AutoShardedClient: one process runs several shards, and several
    processes (each with its own ASTROLABE_SHARD_IDS) share one PostgreSQL database."""


def create_bot(
    settings: Config | None = None, *, db_path: str | None = None, sync_commands: bool = False
) -> AstrolabeBot:
    """Build the bot. ``db_path`` overrides the configured database (tests, sandbox)."""
    settings = settings or Config.from_env()
    if db_path is not None:
        settings = dataclasses.replace(settings, db_path=db_path)
    if settings.shard_count is None:
        return AstrolabeBot(settings, sync_commands=sync_commands)
    shard_ids = list(settings.shard_ids) if settings.shard_ids is not None else None
    return ShardedAstrolabeBot(
        settings, sync_commands=sync_commands, shard_count=settings.shard_count, shard_ids=shard_ids
    )
