"""What the parts of the Discord layer need from the game service, as a Protocol.

Callbacks, delivery, pacing and resuming all talk to ``bot.tell.service.GameService``, which itself
builds ``Delivery`` and ``Pacer``. Naming the service's type through this port instead of
importing it keeps the module graph free of cycles (``tests/test_imports.py``).
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol, runtime_checkable

import discord

from bot.core.moves import Moves, RunningGame
from bot.games.base import Action
from bot.storage import GameRecord, Storage
from bot.ui.outgoing import DmStatus
from bot.ui.presenter import Presenter


class Service(Protocol):
    """The game service as its collaborators see it (see ``bot.tell.service.GameService``)."""

    bot: discord.Client
    # ``bot.tell.delivery.Delivery`` and ``bot.tell.pacing.Pacer``: they use this port themselves.
    delivery: Any
    pacer: Any

    @property
    def storage(self) -> Storage: ...

    @property
    def moves(self) -> Moves:
        """The move core over the bot's storage, telling the players of every saved move."""
        ...

    def lock(self, game_id: int) -> asyncio.Lock: ...

    def presenter(self, record: GameRecord) -> Presenter: ...

    def disarm(self, game_id: int) -> None: ...

    async def checked(self, record: GameRecord | None) -> GameRecord | None: ...

    async def channel(self, channel_id: int) -> discord.abc.Messageable | None: ...

    async def user(self, user_id: int) -> discord.User | None: ...

    async def perform(
        self,
        interaction: discord.Interaction,
        game_id: int,
        action: Action,
        *,
        decision: int | None,
        redraws: int | None = None,
    ) -> RunningGame: ...

    async def clicker_seat(
        self,
        interaction: discord.Interaction,
        game_id: int,
        decision: int | None,
        *,
        public_kind: str | None = None,
    ) -> tuple[RunningGame, int]: ...

    async def perform_system(self, game_id: int, action: Action, *, expected_version: int) -> None: ...

    async def settle(self, record: GameRecord) -> GameRecord: ...

    async def start(self, record: GameRecord, channel: discord.abc.Messageable) -> GameRecord: ...

    async def play_channel(self, record: GameRecord) -> discord.abc.Messageable | None: ...

    async def send_panel(
        self, record: GameRecord, seat: int, channel: discord.abc.Messageable | None = None
    ) -> DmStatus: ...


@runtime_checkable
class HasService(Protocol):
    """The bot as callbacks see it: ``interaction.client`` carries the service."""

    service: Service


def service_of(interaction: discord.Interaction) -> Service:
    """The game service of the bot that received ``interaction`` (every Astrolabe bot has one)."""
    client = interaction.client
    if not isinstance(client, HasService):
        raise RuntimeError(f"{type(client).__name__} runs no game service")
    return client.service
