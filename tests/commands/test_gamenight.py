"""`/gamenight` through SimCord: a scheduled event and a native poll are made, members vote and
mark themselves interested, and at the event's start (simulated time) the winner's lobby opens,
pinging them, and the event links it. Ties go to the host. Cancel, reschedule and a restart."""

from __future__ import annotations

from datetime import datetime, timedelta

import discord
import pytest

from tests.drivers.gamenight_checks import check_payloads
from tests.drivers.helpers import all_text, controls, refresh, said

NAMES = ["ada", "bea", "cy", "dee"]


async def _server(env, **overwrites):
    """A server whose members may plan game nights (Manage Events, the command's default)."""
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    planners = guild.create_role("planners", permissions=discord.Permissions(manage_events=True))
    players = [guild.add_member(env.create_user(name), roles=[planners]) for name in NAMES]
    if overwrites:
        channel = guild.create_text_channel(
            "locked", overwrites={guild.default_role: discord.PermissionOverwrite(**overwrites)}
        )
    return guild, channel, players


def _in(env, minutes: int, timezone: str = "UTC") -> tuple[str, str]:
    """A (time, date) pair ``minutes`` ahead of the simulated clock, as a host in ``timezone`` types it."""
    from zoneinfo import ZoneInfo

    moment = (env.now() + timedelta(minutes=minutes)).astimezone(ZoneInfo(timezone))
    return moment.strftime("%H:%M"), moment.strftime("%Y-%m-%d")


def _poll(channel):
    return next(m for m in reversed(channel.history()) if m.poll is not None)


def _events(env, guild):
    return list(env.backend.get_guild(guild.id).scheduled_events.values())


async def _plan(env, host, channel, minutes=60, **games):
    time, date = _in(env, minutes)
    games = games or {"game1": "observatory", "game2": "star-gazers", "game3": "starry-night-sky"}
    return await host.slash(channel, "gamenight create", time=time, date=date, **games)


@pytest.mark.simcord(strict_sync=True)
async def test_a_game_night_from_the_poll_to_the_lobby(simcord_env):
    env = simcord_env
    guild, channel, (ada, bea, cy, dee) = await _server(env)
    await ada.slash(channel, "settings", timezone="Europe/Rome")
    time, date = _in(env, 90, "Europe/Rome")
    planned = await ada.slash(
        channel, "gamenight create", time=time, date=date, game1="observatory", game2="star-gazers"
    )
    assert planned.ephemeral and "Game night planned" in said(planned) and "Europe/Rome" in said(planned)
    (event,) = _events(env, guild)
    start = datetime.fromisoformat(event.scheduled_start_time)
    assert abs((start - env.now()).total_seconds() - 90 * 60) < 61, "the host's 20:30 is their zone's"
    assert event.entity_type == 3 and str(channel.id) in event.entity_metadata["location"]
    poll = _poll(channel)
    assert [a.text for a in poll.poll.answers] == ["Observatory", "Star Gazers"]
    assert "Game night" in all_text(poll) and str(int(start.timestamp())) in all_text(poll)

    await bea.vote(poll, answer=2)
    await cy.vote(poll, answer=2)
    await dee.vote(poll, answer=1)
    await dee.subscribe_event(event.id)
    outsider = guild.add_member(env.create_user("eve"))  # interested, never voted
    await outsider.subscribe_event(event.id)

    await env.advance_time(89 * 60)
    assert not any(m.embeds for m in channel.history()), "no lobby before the start"
    await env.advance_time(2 * 60)
    lobby = channel.last_message
    assert "Star Gazers" in all_text(lobby) and "lobby" in all_text(lobby).lower()
    for member in (ada, bea, cy, dee, outsider):
        assert f"<@{member.id}>" in lobby.content, member
    assert lobby.mentions or lobby.raw_mentions
    assert refresh(channel, poll).poll.is_finalized()
    event = _events(env, guild)[0]
    assert str(lobby.id) in event.entity_metadata["location"] and str(lobby.id) in event.description
    night = await env.bot.storage.open_game_night_in_channel(channel.id)
    assert night is None, "the night is done once its lobby is open"
    # The lobby is a real one: players join it and the host starts the game.
    await bea.click(refresh(channel, lobby), label="Join")
    await ada.click(refresh(channel, lobby), label="Start")
    assert channel.threads, "the game started in its own thread"
    check_payloads(env)


@pytest.mark.simcord(strict_sync=True)
async def test_a_tie_is_the_hosts_to_break(simcord_env):
    env = simcord_env
    guild, channel, (ada, bea, cy, _) = await _server(env)
    await _plan(env, ada, channel, 30)
    poll = _poll(channel)
    await bea.vote(poll, answer=2)
    await cy.vote(poll, answer=3)
    await env.advance_time(31 * 60)
    ask = channel.last_message
    assert "tie" in all_text(ask) and f"<@{ada.id}>" in ask.content
    assert [c.label for c in controls(ask)] == ["Star Gazers", "Starry Night Sky"]
    refused = await bea.click(ask, label="Starry Night Sky")
    assert "Only the host" in said(refused)
    await ada.click(refresh(channel, ask), label="Starry Night Sky")
    lobby = channel.last_message
    assert "Starry Night Sky" in all_text(lobby) and f"<@{cy.id}>" in lobby.content
    assert not controls(refresh(channel, ask)) and "picked" in all_text(refresh(channel, ask))
    await env.advance_time(15 * 60)  # the host's pick ended the tie: the fallback never fires
    assert sum(1 for m in channel.history() if m.embeds) == 1
    check_payloads(env)


@pytest.mark.simcord(strict_sync=True)
async def test_an_unanswered_tie_opens_the_hosts_first_game(simcord_env):
    env = simcord_env
    guild, channel, (ada, *_) = await _server(env)
    await _plan(env, ada, channel, 10, game1="star-gazers", game2="observatory")
    await env.advance_time(11 * 60)
    assert "tie" in all_text(channel.last_message)  # nobody voted: every game is tied
    await env.advance_time(11 * 60)
    assert "Star Gazers" in all_text(channel.last_message) and channel.last_message.embeds


@pytest.mark.simcord(strict_sync=True)
async def test_missing_permissions_are_named_and_nothing_is_made(simcord_env):
    env = simcord_env
    guild, _, (ada, *_) = await _server(env)
    no_polls = guild.create_text_channel(
        "no-polls", overwrites={guild.default_role: discord.PermissionOverwrite(send_polls=False)}
    )
    refused = await _plan(env, ada, no_polls)
    assert refused.ephemeral and "Send Polls" in said(refused) and "Manage Events" not in said(refused)
    assert _events(env, guild) == [] and not any(m.poll for m in no_polls.history())

    channel = guild.channels["games"]
    role = guild.roles[env.bot.user.name]
    perms = discord.Permissions(env.backend.get_guild(guild.id).roles[role.id].permissions)
    perms.manage_events = False
    env.backend.edit_role(guild.id, role.id, {"permissions": perms.value})
    refused = await _plan(env, ada, channel)
    assert "Manage Events" in said(refused) and "Send Polls" not in said(refused)
    assert _events(env, guild) == [] and not any(m.poll for m in channel.history())
    assert await env.bot.storage.open_game_night_in_channel(channel.id) is None


@pytest.mark.simcord(strict_sync=True)
async def test_a_night_whose_event_the_bot_may_no_longer_edit_is_left_as_it_is(simcord_env):
    env = simcord_env
    guild, channel, (ada, *_) = await _server(env)
    await _plan(env, ada, channel)
    role = guild.roles[env.bot.user.name]
    perms = discord.Permissions(env.backend.get_guild(guild.id).roles[role.id].permissions)
    perms.manage_events = False
    env.backend.edit_role(guild.id, role.id, {"permissions": perms.value})
    for command in ("gamenight cancel", "gamenight reschedule"):
        options = {"time": "23:00"} if command.endswith("reschedule") else {}
        refused = await ada.slash(channel, command, **options)
        assert "Manage Events" in said(refused), command
    night = await env.bot.storage.open_game_night_in_channel(channel.id)
    assert night is not None and night.status == "planned" and _events(env, guild)[0].status == 1


@pytest.mark.simcord(strict_sync=True)
async def test_a_poll_that_fails_takes_its_event_away(simcord_env):
    env = simcord_env
    guild, channel, (ada, *_) = await _server(env)
    env.inject_error("POST", "/channels/*/messages", status=403, code=50013, message="Missing Permissions")
    refused = await _plan(env, ada, channel)
    assert "removed the event" in said(refused)
    assert _events(env, guild) == [] and await env.bot.storage.open_game_night_in_channel(channel.id) is None


@pytest.mark.simcord(strict_sync=True)
async def test_cancel_and_reschedule(simcord_env):
    env = simcord_env
    guild, channel, (ada, bea, *_) = await _server(env)
    await _plan(env, ada, channel, 60)
    await bea.vote(_poll(channel), answer=2)
    assert "already has a game night" in said(
        await bea.slash(channel, "gamenight create", time="21:00", game1="observatory")
    )
    assert "Only the host" in said(await bea.slash(channel, "gamenight cancel"))

    time, date = _in(env, 180)
    moved = await ada.slash(channel, "gamenight reschedule", time=time, date=date)
    assert "moved" in said(moved)
    (event,) = _events(env, guild)
    start = datetime.fromisoformat(event.scheduled_start_time)
    assert abs((start - env.now()).total_seconds() - 180 * 60) < 61
    await env.advance_time(61 * 60)
    assert not any(m.embeds for m in channel.history()), "the old start no longer opens the lobby"
    await env.advance_time(120 * 60)
    assert channel.last_message.embeds and "lobby" in all_text(channel.last_message).lower()

    await _plan(env, ada, channel, 60)
    cancelled = await ada.slash(channel, "gamenight cancel")
    assert "cancelled" in said(cancelled)
    event = _events(env, guild)[-1]
    assert event.status == 4 and _poll(channel).poll.is_finalized()
    lobbies = sum(1 for m in channel.history() if m.embeds)
    await env.advance_time(2 * 3600)
    assert sum(1 for m in channel.history() if m.embeds) == lobbies, "a cancelled night opens nothing"
    check_payloads(env)


@pytest.mark.simcord(strict_sync=True)
async def test_a_restart_keeps_the_plan(simcord_env, restart_bot):
    env = simcord_env
    guild, channel, (ada, bea, *_) = await _server(env)
    await _plan(env, ada, channel, 45)
    await bea.vote(_poll(channel), answer=1)
    await restart_bot()
    await env.advance_time(46 * 60)
    lobby = channel.last_message
    assert "Observatory" in all_text(lobby) and f"<@{bea.id}>" in lobby.content


@pytest.mark.simcord(strict_sync=True)
async def test_italian_server_speaks_italian(simcord_env):
    env = simcord_env
    await env.bot.tree.sync()
    guild = env.create_guild(preferred_locale="it")
    channel = guild.create_text_channel("giochi")
    planners = guild.create_role("planners", permissions=discord.Permissions(manage_events=True))
    ada = guild.add_member(env.create_user("ada"), roles=[planners])
    await _plan(env, ada, channel, 20)
    poll = _poll(channel)
    assert "Serata giochi" in all_text(poll) and "Osservatorio" in [a.text for a in poll.poll.answers]
    assert _events(env, guild)[0].name == "Serata giochi"
    assert "Vota il gioco" in _events(env, guild)[0].description
    await ada.vote(poll, answer=1)
    await env.advance_time(21 * 60)
    lobby = channel.last_message
    assert "si gioca a Osservatorio" in lobby.content and "Unisciti" in [
        getattr(c, "label", None) for c in controls(lobby)
    ]
    assert "Stasera: Osservatorio" in _events(env, guild)[0].description


@pytest.mark.simcord(strict_sync=True)
async def test_a_tie_waiting_for_the_host_survives_a_restart(simcord_env, restart_bot):
    env = simcord_env
    guild, channel, (ada, *_) = await _server(env)
    await _plan(env, ada, channel, 10, game1="star-gazers", game2="observatory")
    await env.advance_time(11 * 60)
    ask = channel.last_message
    assert "tie" in all_text(ask)
    await restart_bot()
    await ada.click(refresh(channel, ask), label="Observatory")  # the button outlives the process
    assert "Observatory" in all_text(channel.last_message) and channel.last_message.embeds
    await env.advance_time(11 * 60)
    assert sum(1 for m in channel.history() if m.embeds) == 1, "the fallback did not open a second lobby"


@pytest.mark.simcord(strict_sync=True)
async def test_a_night_nobody_here_armed_is_found_by_the_poll(simcord_env, restart_bot, monkeypatch):
    """Several processes share PostgreSQL: a night planned by a process that died before its start
    is found by another one's look for overdue nights."""
    env = simcord_env
    monkeypatch.setattr("bot.app.is_shared", lambda storage: True)  # the bot polls as on PostgreSQL
    guild, channel, (ada, bea, *_) = await _server(env)
    await _plan(env, ada, channel, 20)
    await bea.vote(_poll(channel), answer=3)
    bot = await restart_bot()
    night = await bot.storage.open_game_night_in_channel(channel.id)
    bot.game_nights.disarm(night.id)  # as if another process had planned it after this one started
    await env.advance_time(20 * 60 + 11)  # due, then found by the next look (every 10 s)
    assert "Starry Night Sky" in all_text(channel.last_message) and channel.last_message.embeds


@pytest.mark.simcord(strict_sync=True)
async def test_planning_a_night_takes_manage_events_or_a_role_the_server_allows(simcord_env):
    """Any member could create a server event and a poll through the bot; now `/gamenight` asks
    for Manage Events (the command's default), or a role the server allows in its Integrations."""
    from simcord import SetupError

    env = simcord_env
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(env.create_user("ada"))
    with pytest.raises(SetupError, match="default-member-permissions"):
        await _plan(env, ada, channel)
    assert _events(env, guild) == []

    hosts = guild.create_role("game hosts")
    bea = guild.add_member(env.create_user("bea"), roles=[hosts])
    command = next(c for c in await env.bot.tree.fetch_commands() if c.name == "gamenight")
    guild.set_command_permissions(command, {hosts: True})
    planned = await _plan(env, bea, channel)
    assert "Game night planned" in said(planned) and len(_events(env, guild)) == 1
    with pytest.raises(SetupError, match="default-member-permissions"):
        await ada.slash(channel, "gamenight cancel")
