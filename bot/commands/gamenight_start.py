"""A game night's start: the poll is counted, the winner's lobby opens in the channel, everyone who
voted or marked themselves interested in the event is pinged, and the event links the lobby.

A tie is the host's to break: the bot asks them with a button per tied game, and if they have not
picked within ``TIE_MINUTES`` the first tied game in the host's own order opens. The timers live
in the database (``bot.storage.game_nights``), so a restart keeps the plan; a due night is leased
to one process before it is acted on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Sequence
from typing import Any, Final

import discord

from bot.commands.lobby import lobby_view, welcome_dm
from bot.commands.lobby_card import lobby_embed
from bot.core.clock import now
from bot.core.table import and_list, is_manager
from bot.games import get_game
from bot.i18n import _, speaking
from bot.storage.game_nights import OPEN_STATUSES, GameNight
from bot.tell.due_clock import LEASE_SECONDS, DueClock
from bot.tell.live_timer import with_timer
from bot.tell.scheduler import JobKind
from bot.ui.interactions import Ack, Refusal, entry
from bot.ui.ports import service_of

log = logging.getLogger(__name__)

TIE_MINUTES: Final = 10  # how long the host has to break a tie
MENTIONS_PER_POST: Final = 60  # a post's 2000 characters hold about this many mentions


def event_description(games: Sequence[str], lobby_url: str | None, chosen: str | None = None) -> str:
    """The event's description, in the current language: the menu until the start, then the
    chosen game and its lobby's link."""
    titles = and_list([_(get_game(slug).title) for slug in games])
    if lobby_url is None or chosen is None:
        return _("Astrolabe game night. Vote for the game in the channel's poll: {games}.", games=titles)[
            :1000
        ]
    return _("Tonight: {title}. Join the lobby: {url}", title=_(get_game(chosen).title), url=lobby_url)[:1000]


def tally(message: discord.Message | None, games: Sequence[str]) -> list[int]:
    """Votes for each game in the host's order (the poll's answers 1..n); none if it is gone."""
    votes = [0] * len(games)
    poll = message.poll if message is not None else None
    if poll is not None:
        for answer in poll.answers:
            if 1 <= answer.id <= len(games):
                votes[answer.id - 1] = answer.vote_count
    return votes


def leaders(games: Sequence[str], votes: Sequence[int]) -> list[str]:
    """The games with the most votes, in the host's order."""
    best = max(votes, default=0)
    return [slug for slug, count in zip(games, votes, strict=True) if count == best]


class GameNightClock(DueClock[GameNight]):
    """Holds every due game night (keyed by night id) and starts it at its time."""

    KIND = JobKind.NIGHT
    EVENT = "astrolabe_gamenight"
    NAME = "night"
    PLURAL = "game nights"
    ATTRIBUTE = "game_nights"
    OPEN = frozenset(OPEN_STATUSES)

    async def due(self) -> Sequence[GameNight]:
        """Every night still waiting for its start or its host's pick."""
        return await self.storage.due_game_nights()

    async def load(self, key: int) -> GameNight | None:
        return await self.storage.game_night(key)

    async def claim(self, item: GameNight) -> bool:
        return await self.storage.claim_game_night(item.id, item.status, now=now(), lease=LEASE_SECONDS)

    async def release(self, item: GameNight) -> None:
        await self.storage.release_game_night(item.id)

    async def act(self, night: GameNight, guild: discord.Guild) -> None:
        channel = await self.bot.service.channel(night.channel_id)
        if channel is None:
            log.warning("game night %s: channel %s is gone; cancelling it", night.id, night.channel_id)
            await self.bot.storage.cancel_game_night(night.id)
            return
        poll_message = await _poll_message(channel, night)
        if night.status == "planned" and poll_message is not None:
            await _end_poll(poll_message)
            poll_message = await _poll_message(channel, night)  # its final counts
        tied = leaders(night.games, tally(poll_message, night.games))
        if night.status == "planned" and len(tied) > 1:
            await self._ask_host(night, channel, tied)
        else:
            await self.open(night, tied[0], guild, channel, poll_message)

    async def _ask_host(self, night: GameNight, channel: Any, tied: list[str]) -> None:
        due = now() + TIE_MINUTES * 60
        view = discord.ui.View(timeout=None)
        with speaking(night.language):
            text = _(
                "**Game night:** the poll is a tie between {games}. <@{host}>, pick the game: "
                "if no game is picked by <t:{ts}:t>, **{first}** (first on your list) opens.",
                games=and_list([f"**{_(get_game(slug).title)}**" for slug in tied]),
                host=night.host_id,
                ts=int(due),
                first=_(get_game(tied[0]).title),
            )
            for slug in tied:
                view.add_item(TiePick(night.id, night.games.index(slug), _(get_game(slug).title)))
        message = await channel.send(
            text, view=view, allowed_mentions=discord.AllowedMentions(users=[discord.Object(night.host_id)])
        )
        await self.bot.storage.tie_game_night(night.id, tie_message_id=message.id, due_at=due)
        self.arm(night, due)
        log.info("game night %s is a tie between %s; the host picks", night.id, tied)

    async def open(
        self, night: GameNight, slug: str, guild: discord.Guild, channel: Any, poll: discord.Message | None
    ) -> None:
        """Open ``slug``'s lobby for the night (which this process holds), ping, link the event."""
        storage = self.bot.storage
        rules = get_game(slug)
        record = await storage.create_lobby(
            game=slug,
            guild_id=guild.id,
            channel_id=channel.id,
            host_id=night.host_id,
            host_name=night.host_name,
            options=with_timer(slug, rules.validate_options({}), None),
            language=night.language,
        )
        pinged = await self._interested(night, guild, poll)
        chunks = [pinged[i : i + MENTIONS_PER_POST] for i in range(0, len(pinged), MENTIONS_PER_POST)] or [[]]
        with speaking(night.language):
            head = _(
                "**Game night:** {title} it is! The lobby is open: press **Join** to take a seat.",
                title=_(rules.title),
            )
        try:
            lobby = await channel.send(
                "\n".join((head, " ".join(f"<@{user_id}>" for user_id in chunks[0]))).strip(),
                embed=lobby_embed(record),
                view=lobby_view(record),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(i) for i in chunks[0]]),
            )
        except Exception:
            await storage.set_status(record.id, "cancelled")
            raise
        await storage.set_messages(record.id, lobby_message_id=lobby.id)
        await storage.open_game_night(night.id, record.id)
        self.disarm(night.id)
        for chunk in chunks[1:]:
            await channel.send(
                " ".join(f"<@{user_id}>" for user_id in chunk),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(i) for i in chunk]),
            )
        await self._link_event(night, guild, slug, lobby.jump_url)
        log.info("game night %s opened lobby %s (%s), %d pinged", night.id, record.id, slug, len(pinged))
        host = await self.bot.service.user(night.host_id)
        if host is not None and not await welcome_dm(host, record):
            await storage.set_dm_open(record.id, night.host_id, False)

    async def _interested(
        self, night: GameNight, guild: discord.Guild, poll: discord.Message | None
    ) -> list[int]:
        """The host, everyone interested in the event and everyone who voted, in a stable order."""
        found = {night.host_id}
        try:
            event = await guild.fetch_scheduled_event(night.event_id)
            found.update([user.id async for user in event.users()])
        except discord.HTTPException as error:
            log.info("game night %s: no event subscribers (%s)", night.id, error)
        if poll is not None and poll.poll is not None:
            for answer in poll.poll.answers:
                with contextlib.suppress(discord.HTTPException):
                    found.update([user.id async for user in answer.voters()])
        found.discard(self.bot.user.id)
        return sorted(found)

    async def _link_event(self, night: GameNight, guild: discord.Guild, slug: str, url: str) -> None:
        """The event now leads to the lobby: its location and description link it."""
        try:
            event = await guild.fetch_scheduled_event(night.event_id)
            changes: dict[str, Any] = {}
            if event.status is discord.EventStatus.scheduled:
                changes["status"] = discord.EventStatus.active
            with speaking(night.language):
                description = event_description(night.games, url, slug)
            await event.edit(
                description=description,
                entity_type=discord.EntityType.external,
                location=url[:100],
                end_time=event.end_time or discord.utils.utcnow(),
                **changes,
            )
        except discord.HTTPException as error:  # deleted in Discord, or Manage Events taken away
            log.info("game night %s: could not link the event (%s)", night.id, error)


async def _poll_message(channel: Any, night: GameNight) -> discord.Message | None:
    try:
        return await channel.fetch_message(night.poll_message_id)
    except discord.NotFound:
        return None


async def _end_poll(message: discord.Message) -> None:
    if message.poll is not None and not message.poll.is_finalized():
        try:
            await message.end_poll()
        except discord.HTTPException as error:  # already expired by Discord
            log.info("poll %s could not be ended (%s)", message.id, error)


class TiePick(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"night:pick:(?P<night>\d+):(?P<i>\d)"
):
    """The host's button for one tied game (kept across restarts like every DynamicItem)."""

    def __init__(self, night_id: int, index: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or str(index + 1),
                style=discord.ButtonStyle.primary,
                custom_id=f"night:pick:{night_id}:{index}",
            )
        )
        self.night_id, self.index = night_id, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TiePick:
        return cls(int(match["night"]), int(match["i"]))

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        storage = service_of(interaction).storage
        clock = GameNightClock.of(interaction)
        night = await storage.game_night(self.night_id)
        if night is None or night.status != "tie" or self.index >= len(night.games):
            raise Refusal(_("This game night's game is already chosen."))
        if interaction.user.id != night.host_id and not is_manager(interaction.user):
            raise Refusal(_("Only the host picks the game for this game night."))
        if not await storage.claim_game_night(night.id, "tie", now=now(), lease=LEASE_SECONDS, early=True):
            raise Refusal(_("This game night's game is already chosen."))
        guild, channel = interaction.guild, interaction.channel
        slug = night.games[self.index]
        try:
            assert guild is not None
            await clock.open(night, slug, guild, channel, await _poll_message(channel, night))
        except BaseException:
            with contextlib.suppress(Exception):
                await asyncio.shield(storage.release_game_night(night.id))
            raise
        with speaking(night.language):
            text = _(
                "**Game night:** the poll was a tie; {host} picked **{title}**.",
                host=interaction.user.mention,
                title=_(get_game(slug).title),
            )
        await interaction.edit_original_response(content=text, view=None)
