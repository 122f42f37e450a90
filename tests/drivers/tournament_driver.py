"""Running a tournament in SimCord: an organiser creates it with `/tournament create`, players press
**Join** on its card, simulated time closes sign-up, and each round's games are played out by the
bot through the move core (every seat handed to the bot, as a round's deadline does), so a test
reaches the podium without clicking every turn."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import discord

from tests.drivers.helpers import refresh, said

SIGNUP_MINUTES = 30


def closes_in(env: Any, minutes: int = SIGNUP_MINUTES) -> dict[str, str]:
    """The `closes`/`date` pair ``minutes`` ahead of the simulated clock (UTC, the default zone)."""
    moment = env.now() + timedelta(minutes=minutes)
    return {"closes": moment.strftime("%H:%M"), "date": moment.strftime("%Y-%m-%d")}


async def server(env: Any, count: int, **guild: Any) -> tuple[Any, Any, Any, list[Any]]:
    """A guild (``guild``: SimCord's options for it), its #games channel, an organiser with
    Manage Events, and ``count`` players."""
    await env.bot.tree.sync()
    guild = env.create_guild(**guild)
    channel = guild.create_text_channel("games")
    events = guild.create_role("events", permissions=discord.Permissions(manage_events=True))
    organiser = guild.add_member(env.create_user("org"), roles=[events])
    players = [guild.add_member(env.create_user(f"p{i}")) for i in range(count)]
    return guild, channel, organiser, players


def card_of(channel: Any) -> Any:
    heads = ("Tournament #", "Torneo #")  # English or Italian
    return next(
        m for m in reversed(channel.history()) if m.embeds and (m.embeds[0].title or "").startswith(heads)
    )


async def create_and_fill(
    env: Any, channel: Any, organiser: Any, players: Sequence[Any], join: str = "Join", **options: Any
) -> int:
    """`/tournament create`, everyone joins from the card (``join``: its label in the server's
    language), sign-up closes; the tournament's id."""
    made = await organiser.slash(channel, "tournament create", **closes_in(env), **options)
    assert made.ephemeral and "is set up" in said(made), said(made)
    card = card_of(channel)
    for player in players:
        joined = await player.click(refresh(channel, card), label=join)
        assert "You're in" in said(joined), said(joined)  # said in the player's own language
    tournament = int(card.embeds[0].title.split("#")[1].split(":")[0])
    await env.advance_time(SIGNUP_MINUTES * 60 + 5)
    return tournament


async def play_round(env: Any, tournament: int) -> int:
    """Play every open table of the current round to its end with the bot in every seat; the
    round that was played."""
    bot = env.bot
    t = await bot.storage.tournament(tournament)
    round_no = t.round_no
    for table in await bot.storage.tournament_tables(tournament):
        if table.round_no != round_no or table.status != "playing":
            continue
        record = await bot.storage.load(table.game_id)
        if record is None or record.status != "active":
            continue
        with env.time_context():  # the bot's clock reads simulated time, as inside a click
            async with bot.service.lock(record.id):
                for seat in record.seats:
                    await bot.storage.set_seat_control(record.id, seat.seat, autopilot=True)
                reloaded = await bot.storage.load(record.id)
                await bot.service.settle(reloaded)
        await env.settle()
    return round_no


async def play_to_the_end(env: Any, tournament: int, most: int = 20) -> list[int]:
    """Play rounds until the tournament is over (live step timers moving games on where the bot
    can't); the rounds played."""
    played = []
    for _ in range(most):
        t = await env.bot.storage.tournament(tournament)
        if t.status != "running":
            return played
        played.append(await play_round(env, tournament))
        await env.advance_time(60)
    raise AssertionError(f"tournament {tournament} did not end in {most} rounds")
