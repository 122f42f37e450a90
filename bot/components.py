"""Platform buttons that every game shares, and the guard that turns crashes into apologies.

All buttons are ``DynamicItem``s whose custom_id carries the game id, so they keep working
after a restart: nothing about them lives in memory.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.games import get_game
from bot.outgoing import edit_panel, refuse, reply

if TYPE_CHECKING:
    from bot.app import AstrolabeBot

log = logging.getLogger(__name__)

APOLOGY = "Sorry, something went wrong on my side. Nothing was changed; please try again in a moment."

F = TypeVar("F", bound=Callable[..., Awaitable[Any]])


def guarded(callback: F) -> F:
    """Log any unexpected error with its context and show the user a short apology."""

    @functools.wraps(callback)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        interaction = next(a for a in args if isinstance(a, discord.Interaction))
        try:
            return await callback(*args, **kwargs)
        except Exception:
            custom_id = (interaction.data or {}).get("custom_id")
            log.exception("interaction failed: user=%s channel=%s custom_id=%s",
                          interaction.user.id, interaction.channel_id, custom_id)
            try:
                await refuse(interaction, APOLOGY)
            except discord.HTTPException:
                log.warning("could not send the apology")

    return wrapper  # type: ignore[return-value]


def service_of(interaction: discord.Interaction):  # noqa: ANN201 - GameService, avoids a cycle
    bot: AstrolabeBot = interaction.client  # type: ignore[assignment]
    return bot.service


class OpenPanelButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                      template=r"astro:panel:(?P<game>\d+)"):
    """Shows the clicker their own panel as an ephemeral message (the closed-DMs fallback)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Open my panel", emoji="🔭",
                                           style=discord.ButtonStyle.primary,
                                           custom_id=f"astro:panel:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> OpenPanelButton:
        return cls(int(match["game"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await show_panel(interaction, self.game_id)


async def seat_view(interaction: discord.Interaction, game_id: int,
                    decision: int) -> tuple[dict[str, Any], list[str]] | None:
    """The clicker's own view and the seat names, if the panel is still current; otherwise the
    clicker gets a polite private refusal. Panel callbacks use it to redraw the next sub-step."""
    found = await service_of(interaction).clicker_seat(interaction, game_id, decision)
    if found is None:
        return None
    record, seat = found
    return get_game(record.game).view(record.state, seat), record.names


async def show_panel(interaction: discord.Interaction, game_id: int) -> None:
    """Send the clicker's private panel ephemerally, or say politely why there is none."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    service = service_of(interaction)
    found = await service.clicker_seat(interaction, game_id, None)
    if found is None:
        return
    record, seat = found
    view = get_game(record.game).view(record.state, seat)
    await reply(interaction, service.presenter(record).panel(view, record.names, record.id))


def back_button(prefix: str, redraw: Callable[[dict[str, Any], list[str], int], Any]) -> type[Any]:
    """A game's **Back** button class: it redraws the clicker's panel at the first stage of the
    current choice. ``redraw(view, names, game_id)`` returns the panel's ``Outgoing``; ``prefix``
    is the game's custom_id prefix, so each game's Back button gets its own template."""

    class BackButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                     template=rf"{prefix}:back:(?P<game>\d+):(?P<dec>\d+)"):
        def __init__(self, game_id: int, decision: int) -> None:
            super().__init__(discord.ui.Button(label="Back", style=discord.ButtonStyle.secondary,
                                               custom_id=f"{prefix}:back:{game_id}:{decision}"))
            self.game_id, self.decision = game_id, decision

        @classmethod
        async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                                 match: re.Match[str], /) -> BackButton:
            return cls(int(match["game"]), int(match["dec"]))

        @guarded
        async def callback(self, interaction: discord.Interaction) -> None:
            await interaction.response.defer()
            found = await seat_view(interaction, self.game_id, self.decision)
            if found is not None:
                await edit_panel(interaction, redraw(*found, self.game_id))

    BackButton.__name__ = BackButton.__qualname__ = f"{prefix.capitalize()}Back"
    return BackButton


class ReclaimButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"astro:reclaim:(?P<game>\d+):(?P<seat>\d+)"):
    """Lets a player take their seat back from the bot."""

    def __init__(self, game_id: int, seat: int) -> None:
        super().__init__(discord.ui.Button(label="Reclaim seat", emoji="🪑",
                                           style=discord.ButtonStyle.success,
                                           custom_id=f"astro:reclaim:{game_id}:{seat}"))
        self.game_id, self.seat = game_id, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ReclaimButton:
        return cls(int(match["game"]), int(match["seat"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        service = service_of(interaction)
        async with service.lock(self.game_id):
            record = await service.storage.load(self.game_id)
            if record is None or record.status != "active":
                await refuse(interaction, "This game is no longer running.")
                return
            if record.seat_of(interaction.user.id) != self.seat:
                await refuse(interaction, "Only the player of that seat can reclaim it.")
                return
            info = record.seats[self.seat]
            if info.left_game:
                await refuse(interaction, "You left this game for good, so the seat stays with the bot.")
                return
            if not info.autopilot:
                await refuse(interaction, "You already play this seat yourself.")
                return
            await service.storage.set_seat_control(self.game_id, self.seat, autopilot=False, timeouts=0)
            record = await service.storage.load(self.game_id)
            assert record is not None
            await service.settle(record)
            waiting = self.seat in get_game(record.game).to_act(record.state)
        await refuse(interaction, "Welcome back: the seat is yours again.")
        channel = await service.play_channel(record)
        await service.delivery.post(record, channel, f"{info.name} is back and plays their own seat again.")
        if waiting:
            await service.send_panel(record, self.seat, channel)
