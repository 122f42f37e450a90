"""The lobby rules and the `/game` commands, through the real command tree and buttons."""

from __future__ import annotations

import discord
import pytest

from tests.drivers.helpers import all_text, controls, custom_ids, images, latest_panel, refresh, said
from tests.drivers.sky_driver import GAME, Table, current_record, open_lobby, play_until, start_game


@pytest.mark.simcord(strict_sync=True)
async def test_lobby_refusals_and_seat_limits(simcord_env):
    env = simcord_env
    guild, channel, (ada, bea, cy) = await open_lobby(env)
    await ada.slash(channel, "play", game="sky-of-stars")
    lobby = channel.last_message
    assert "Join" in [getattr(c, "label", None) for c in controls(lobby)]  # beside the timer select

    # A second lobby in the same channel opens beside the first (many tables, see test_many_tables).
    again = await cy.slash(channel, "play", game="sky-of-stars")
    assert again.response is None and channel.last_message.id != lobby.id
    assert not channel.last_message.flags.ephemeral
    await cy.click(channel.last_message, label="Cancel")

    assert "already in" in said(await ada.click(refresh(channel, lobby), label="Join"))
    await bea.click(refresh(channel, lobby), label="Join")
    # Two players are too few: the host's Start is refused with the range.
    too_few = await ada.click(refresh(channel, lobby), label="Start")
    assert "3–6" in said(too_few)
    assert "not in this lobby" in said(await cy.click(refresh(channel, lobby), label="Leave"))
    left = await bea.click(refresh(channel, lobby), label="Leave")
    assert "left the lobby" in said(left)
    assert "bea" not in all_text(refresh(channel, lobby))
    # Only the host or a manager may cancel.
    assert "Only the host" in said(await bea.click(refresh(channel, lobby), label="Cancel"))
    boss_role = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[boss_role])
    await boss.click(refresh(channel, lobby), label="Cancel")
    assert "cancelled" in all_text(refresh(channel, lobby))
    assert not controls(refresh(channel, lobby))


@pytest.mark.simcord(strict_sync=True)
async def test_play_is_acknowledged_before_its_database_work(simcord_env, monkeypatch):
    """/play answers at once with a private "thinking…" (its checks and the lobby's row came
    after Discord's 3 s under load); the lobby then goes to the channel, the "thinking…" goes."""
    env = simcord_env
    _, channel, (ada, _, _) = await open_lobby(env)
    storage = env.bot.service.storage
    create_lobby = storage.create_lobby
    seen = []

    async def watched(**kwargs):
        newest = max(env.backend.interactions.values(), key=lambda i: i.id)
        seen.append((newest.responded, newest.ephemeral))
        return await create_lobby(**kwargs)

    monkeypatch.setattr(storage, "create_lobby", watched)
    opened = await ada.slash(channel, "play", game="sky-of-stars")
    assert seen == [(True, True)], "acknowledged privately before the lobby was written"
    assert opened.response is None and opened.followups == []
    lobby = channel.last_message
    assert not lobby.flags.ephemeral and any(i.startswith("lobby:join:") for i in custom_ids(lobby))
    assert (await env.bot.storage.game_in_channel(channel.id)).lobby_message_id == lobby.id


@pytest.mark.simcord(strict_sync=True)
async def test_a_lobby_discord_would_not_post_is_not_left_open(simcord_env):
    """If Discord refuses the lobby's message, the lobby's row is cancelled: nobody could join it,
    and the host gets the apology privately."""
    env = simcord_env
    _, channel, (ada, _, _) = await open_lobby(env)
    env.inject_error("POST", "/channels/*/messages", status=503, times=None)
    failed = await ada.slash(channel, "play", game="sky-of-stars")
    assert channel.last_message is None
    assert "Sorry, something went wrong" in said(failed)
    assert await env.bot.storage.game_in_channel(channel.id) is None


@pytest.mark.simcord(strict_sync=True)
async def test_play_refused_without_channel_permissions(simcord_env):
    env = simcord_env
    guild, _, (ada, _, _) = await open_lobby(env)
    locked = guild.create_text_channel(
        "locked", overwrites={guild.default_role: discord.PermissionOverwrite(attach_files=False)}
    )
    refused = await ada.slash(locked, "play", game="sky-of-stars")
    assert refused.ephemeral and "attach files" in said(refused)
    assert await env.bot.storage.game_in_channel(locked.id) is None


@pytest.mark.simcord(strict_sync=True)
async def test_game_stays_in_channel_when_threads_are_not_allowed(simcord_env):
    env = simcord_env
    guild, _, players = await open_lobby(env)
    flat = guild.create_text_channel(
        "flat", overwrites={guild.default_role: discord.PermissionOverwrite(create_public_threads=False)}
    )
    await players[0].slash(flat, "play", game="sky-of-stars")
    lobby = flat.last_message
    for player in players[1:]:
        await player.click(refresh(flat, lobby), label="Join")
    await players[0].click(refresh(flat, lobby), label="Start")
    assert flat.threads == []
    record = await current_record(env)
    assert record.thread_id is None and record.play_channel_id == flat.id
    assert any("starting star" in all_text(m) for m in flat.history())


@pytest.mark.simcord(strict_sync=True)
async def test_status_sheet_hand_rules_and_log(simcord_env):
    env = simcord_env
    guild, channel, players = await open_lobby(env)
    ada, bea, _ = players
    outsider = guild.add_member(env.create_user("dee"))
    thread = await start_game(env, channel, players)
    table = Table(env, channel, players, closed=set())
    await play_until(env, table, lambda v: v["phase"] == "guess")

    posted = len(thread.history())
    status = await ada.slash(thread, "game status")  # private by default (issue 20)
    shown = [status.response, *status.followups]
    assert status.ephemeral and any(m is not None and m.attachments for m in shown)
    assert "Waiting for" in said(status)
    assert len(thread.history()) == posted, "a private /game status posted in the thread"
    shared = await ada.slash(thread, "game status", public=True)  # posted for the table
    shown = [shared.response, *shared.followups]
    assert not shared.ephemeral and any(m is not None and m.attachments for m in shown)
    assert "Waiting for" in said(shared) and len(thread.history()) == posted + 1

    mine = await ada.slash(thread, "game sheet")
    assert mine.ephemeral and "only you" in said(mine)
    theirs = await ada.slash(thread, "game sheet", player=bea)
    assert "Your word" not in said(theirs)
    nobody = await ada.slash(thread, "game sheet", player=outsider)
    assert "isn't playing" in said(nobody)

    hand = await bea.slash(thread, "game hand")
    assert hand.ephemeral and "Your word" in said(hand)
    assert "not playing" in said(await outsider.slash(thread, "game hand"))

    rules = await outsider.slash(channel, "game rules")
    assert rules.ephemeral and "three rounds" in said(rules).lower()

    log = await bea.slash(thread, "game log")
    assert log.ephemeral and "die shows" in said(log)
    # The log never shows a secret: no seat's word appears before its reveal.
    record = await current_record(env)
    view = GAME.view(record.state, None)
    revealed = {r["artist"] for r in view["reveals"] if r["round"] == view["round"]}
    for seat in range(3):
        secret = GAME.view(record.state, seat)["secret"]
        if seat not in revealed and secret:
            assert f"#{secret['number']}, {secret['word']}" not in said(log)


@pytest.mark.simcord(strict_sync=True)
async def test_cancel_is_for_host_or_managers_and_stops_play(simcord_env):
    env = simcord_env
    guild, channel, players = await open_lobby(env)
    ada, bea, _ = players
    thread = await start_game(env, channel, players)
    refused = await bea.slash(thread, "game cancel")
    assert "Only the host" in said(refused)
    assert (await current_record(env)) is not None

    panel = latest_panel(bea)
    await ada.slash(thread, "game cancel")
    assert await current_record(env) is None
    assert "cancelled the game" in thread.last_message.content
    # The cancelled game's panel is retired: nothing to click, one line saying why.
    retired = refresh(bea.user.dm_channel, panel)
    assert not controls(retired) and not images(retired) and "game is over" in all_text(retired)


@pytest.mark.simcord(strict_sync=True)
async def test_leaving_hands_the_seat_to_the_bot_until_too_few_remain(simcord_env):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    thread = await start_game(env, channel, players)
    asked = await players[2].slash(thread, "game leave")
    assert asked.ephemeral and "bot will play your seat" in said(asked)
    assert await current_record(env) is not None
    confirm = next(i for i in custom_ids(asked.response.message) if i.startswith("astro:leave:"))
    await players[2].click(asked.response.message, custom_id=confirm)
    record = await current_record(env)
    assert record is not None and record.seats[2].autopilot and record.seats[2].left_game
    assert 2 not in GAME.to_act(record.state), "the bot already made the leaver's move"
    assert "bot plays their seat" in "\n".join(m.content or "" for m in thread.history())

    # A second leaver would leave one person: the game ends instead.
    asked = await players[1].slash(thread, "game leave")
    assert "end for everyone" in said(asked)
    confirm = next(i for i in custom_ids(asked.response.message) if i.startswith("astro:leave:"))
    await players[1].click(asked.response.message, custom_id=confirm)
    assert await current_record(env) is None
    assert "too few players remain" in thread.last_message.content
