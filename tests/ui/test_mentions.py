"""No message the bot sends can ping @everyone, a role, or anyone it didn't mean to mention,
whatever the players' display names say."""

from __future__ import annotations

import re

import discord
import pytest

from tests.drivers.helpers import find_component, game_thread, refresh, said
from tests.drivers.sky_driver import open_lobby

HOUR = 3600
MENTION = re.compile(r"<@!?(\d+)>")


def bot_messages(env) -> list:
    """Every message the bot wrote anywhere (channels, threads, DMs, ephemeral replies); not the
    system notes Discord itself adds, such as "thread created"."""
    bot_id, system = env.bot.user.id, discord.MessageType.thread_created.value
    return [
        m
        for by_id in env.backend.messages.values()
        for m in by_id.values()
        if m.author_id == bot_id and m.type != system
    ]


@pytest.mark.simcord(strict_sync=True)
async def test_hostile_display_names_ping_nobody(simcord_env):
    env = simcord_env
    guild, channel, _ = await open_lobby(env, n_players=0)
    mods = guild.create_role("mods", mentionable=True)
    bystander = guild.add_member(env.create_user("bystander"))
    hostile = f"@everyone @here <@&{mods.id}> <@{bystander.id}>"
    ada, bea, cy, dee = (
        guild.add_member(env.create_user(name), nick=f"{hostile} {name}")
        for name in ("ada", "bea", "cy", "dee")
    )
    players = [ada, bea, cy]

    await ada.slash(channel, "play", game="sky-of-stars", pace=HOUR)
    lobby = channel.last_message
    for player in players[1:]:
        await player.click(refresh(channel, lobby), label="Join")
    await ada.click(refresh(channel, lobby), label="Start")
    thread = game_thread(channel)
    await env.advance_time(HOUR * 0.6)  # a reminder, with its mention

    assert "bot now plays" in said(await ada.slash(thread, "game kick", player=bea))
    reclaim = next(m for m in reversed(thread.history()) if find_component(m, "astro:reclaim:"))
    await bea.click(reclaim, custom_id=find_component(reclaim, "astro:reclaim:").custom_id)
    await ada.slash(thread, "game replace", player=cy, new_player=dee)
    for command in (
        "game status",
        "game log",
        "game sheet",
        "game hand",
        "game list",
        "game mine",
        "game rules",
        "stats",
    ):
        await ada.slash(thread, command)
    await ada.slash(thread, "stats", player=dee)
    await ada.slash(thread, "game sheet", player=dee)
    await ada.slash(channel, "leaderboard", game="sky-of-stars")
    leave = await dee.slash(thread, "game leave")
    await dee.click(leave.response.message, label="Leave the game")
    await ada.slash(thread, "game cancel")

    sent = bot_messages(env)
    texts = "\n".join(m.content for m in sent)
    for expected in (
        "handed your seat",
        "takes over",
        "is back",
        "left",
        "cancelled",
        "Reminder",
        "Your move",
    ):
        assert expected in texts, f"the test should have produced a {expected!r} message"
    seated = {p.id for p in (ada, bea, cy, dee)}
    for message in sent:
        policy = message.allowed_mentions
        meant = {int(user_id) for user_id in MENTION.findall(message.content)} & seated
        assert not policy.everyone, message.content
        assert policy.roles is not None and not policy.roles, message.content
        assert policy.users is not None and policy.users <= meant, message.content
        assert not message.mention_everyone and not message.ping_role_ids
        assert bystander.id not in message.ping_user_ids
    # The mentions that are meant still ping: the kicked player, and the one taking over.
    assert any(bea.id in m.ping_user_ids and "handed your seat" in m.content for m in sent)
    assert any(dee.id in m.ping_user_ids and "takes over" in m.content for m in sent)


def test_only_users_allows_exactly_those_users():
    from bot.ui.outgoing import NO_MENTIONS, only_users

    allowed = only_users(5, 7, 5).to_dict()
    assert allowed["parse"] == [] and allowed["users"] == [5, 7] and not allowed.get("replied_user")
    assert NO_MENTIONS.to_dict() == discord.AllowedMentions.none().to_dict()
