"""A tournament while it runs, through SimCord: refusals that change nothing, a withdrawal, a round's
deadline with absent players, a restart mid-round, the organiser's pause, extend and cancel."""

from __future__ import annotations

from datetime import timedelta

import discord
import pytest

from bot.core.moves import Moves, running
from tests.drivers.helpers import all_text, refresh, said
from tests.drivers.tournament_driver import (
    card_of,
    closes_in,
    create_and_fill,
    play_round,
    play_to_the_end,
    server,
)


@pytest.mark.simcord(strict_sync=True)
async def test_refusals_are_private_and_change_nothing(simcord_env):
    env = simcord_env
    guild, channel, organiser, (ada, bea, *_) = await server(env, 3)
    storage = env.bot.storage
    base = {"game": "star-gazers", "format": "swiss", **closes_in(env)}
    refusals = [
        (ada, base, "Manage Server, Manage Events"),
        (organiser, {**base, "date": "2026-13-40"}, "year-month-day"),
        (organiser, {**base, "closes": "25:99"}, "hours and minutes"),
        (organiser, {**base, "date": (env.now() + timedelta(days=90)).strftime("%Y-%m-%d")}, "60 days"),
        (organiser, {**base, "date": (env.now() - timedelta(days=1)).strftime("%Y-%m-%d")}, "a minute"),
        (organiser, {**base, "closes": "+30s"}, "hours and minutes"),
        (organiser, {**base, "seats": 5}, "2–4"),
        (organiser, {**base, "game": "sky-of-stars", "seats": 2}, "3–6"),
        (organiser, {**base, "format": "round-robin", "swiss_rounds": 3}, "Only a Swiss"),
    ]
    for who, options, words in refusals:
        refused = await who.slash(channel, "tournament create", **options)
        assert refused.ephemeral and words in said(refused), (options, said(refused))
    assert await storage.guild_tournaments(guild.id) == [] and not any(m.embeds for m in channel.history())
    hosts = guild.create_role("hosts")
    refused = await organiser.slash(channel, "tournament organisers", role=hosts)
    assert "Only someone with Manage Server" in said(refused)
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[mods])
    assert "may now create" in said(await boss.slash(channel, "tournament organisers", role=hosts))
    host = guild.add_member(env.create_user("host"), roles=[hosts])
    made = await host.slash(channel, "tournament create", **base)
    assert "is set up" in said(made), said(made)
    (first,) = await storage.guild_tournaments(guild.id)
    assert "cancelled" in said(await host.slash(channel, "tournament cancel"))

    members = guild.create_role("members")
    made = await organiser.slash(channel, "tournament create", **base, role=members)
    assert "is set up" in said(made)
    card = card_of(channel)
    (t,) = await storage.guild_tournaments(guild.id)
    assert t.id != first.id
    refused = await ada.click(refresh(channel, card), label="Join")
    assert "only" in said(refused) and await storage.entrants(t.id) == []
    ada_member = guild.add_member(env.create_user("ada2"), roles=[members])
    await ada_member.click(refresh(channel, card), label="Join")
    twice = await ada_member.click(refresh(channel, card), label="Join")
    assert "already signed up" in said(twice)
    assert "not signed up" in said(await bea.click(refresh(channel, card), label="Leave"))
    assert [e.name for e in await storage.entrants(t.id)] == ["ada2"]
    assert "1** player" in all_text(refresh(channel, card))
    await env.advance_time(31 * 60)  # one player is too few: the tournament is called off
    assert (await storage.tournament(t.id)).status == "cancelled"
    late = (
        await ada_member.click(refresh(channel, card), label="Join") if controls_of(channel, card) else None
    )
    assert late is None, "a closed sign-up offers no Join"
    assert "too few players" in all_text(channel.last_message)


def controls_of(channel, card):
    return [c for row in refresh(channel, card).components for c in getattr(row, "children", [row])]


@pytest.mark.simcord(strict_sync=True)
async def test_a_withdrawal_keeps_past_results(simcord_env):
    env = simcord_env
    _, channel, organiser, players = await server(env, 4)
    tid = await create_and_fill(
        env, channel, organiser, players, game="star-gazers", format="swiss", swiss_rounds=2
    )
    storage = env.bot.storage
    await play_round(env, tid)
    t = await storage.tournament(tid)
    assert t.round_no == 2
    quitter = players[0]
    table = next(
        x for x in await storage.tournament_tables(tid) if x.round_no == 2 and quitter.id in x.players
    )
    left = await quitter.slash(channel, "tournament withdraw")
    assert left.ephemeral and "withdrawn" in said(left)
    record = await storage.load(table.game_id)
    seat = record.seat_of(quitter.id)
    assert record.seats[seat].left_game, "the bot plays their seat for good"
    again = await quitter.slash(channel, "tournament withdraw")
    assert "not" in said(again)
    await play_to_the_end(env, tid)
    t = await storage.tournament(tid)
    assert t.status == "finished"
    entrants = {e.user_id: e for e in await storage.entrants(tid)}
    assert entrants[quitter.id].status == "withdrawn"
    card = all_text(card_of(channel))
    assert "p0" in card and "out" in card, "their results stay on the card"


@pytest.mark.simcord(strict_sync=True)
async def test_a_round_deadline_with_absent_players(simcord_env):
    env = simcord_env
    _, channel, organiser, players = await server(env, 4)
    tid = await create_and_fill(
        env,
        channel,
        organiser,
        players,
        game="star-gazers",
        format="swiss",
        swiss_rounds=2,
        speed="paced-quick",
        round_hours=1,
    )
    storage = env.bot.storage
    assert (await storage.tournament(tid)).round_no == 1
    await env.advance_time(3600 + 60)  # nobody moved: the deadline hands every seat to the bot
    tables = [x for x in await storage.tournament_tables(tid) if x.round_no == 1]
    assert all(x.status == "finished" and x.late for x in tables), tables
    t = await storage.tournament(tid)
    assert t.round_no == 2, "the next round opened once the bot finished the late games"
    assert "bot finished" in all_text(card_of(channel))
    threads = [th for th in channel.threads if "round 1" in th.name]
    assert any("deadline has passed" in all_text(m) for th in threads for m in th.history())


@pytest.mark.simcord(strict_sync=True)
async def test_a_restart_mid_round(simcord_env, restart_bot):
    env = simcord_env
    _, channel, organiser, players = await server(env, 5)
    tid = await create_and_fill(
        env, channel, organiser, players, game="star-gazers", format="swiss", swiss_rounds=2
    )
    await restart_bot()
    storage = env.bot.storage
    t = await storage.tournament(tid)
    assert t.round_no == 1 and t.status == "running"
    assert await play_to_the_end(env, tid) == [1, 2]
    assert (await storage.tournament(tid)).status == "finished"
    rounds = await storage.tournament_rounds(tid)
    assert [r.round_no for r in rounds] == [1, 2] and all(r.closed_at for r in rounds)


@pytest.mark.simcord(strict_sync=True)
async def test_the_organiser_pauses_extends_and_cancels(simcord_env):
    env = simcord_env
    guild, channel, organiser, players = await server(env, 4)
    tid = await create_and_fill(
        env, channel, organiser, players, game="star-gazers", format="swiss", swiss_rounds=3
    )
    storage = env.bot.storage
    refused = await players[0].slash(channel, "tournament pause")
    assert refused.ephemeral and "Only the organiser" in said(refused)
    assert "Paused" in said(await organiser.slash(channel, "tournament pause"))
    await play_round(env, tid)
    t = await storage.tournament(tid)
    assert t.status == "paused" and t.round_no == 1, "no new round while paused"
    assert "Resumed" in said(await organiser.slash(channel, "tournament resume"))
    t = await storage.tournament(tid)
    assert t.status == "running" and t.round_no == 2
    before = t.due_at
    assert "Extended" in said(await organiser.slash(channel, "tournament extend", hours=2))
    assert (await storage.tournament(tid)).due_at == pytest.approx(before + 7200)
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[mods])
    removed = await boss.slash(channel, "tournament remove", player=players[1])
    assert "is out" in said(removed)
    assert "cancelled" in said(await organiser.slash(channel, "tournament cancel"))
    assert (await storage.tournament(tid)).status == "cancelled"
    assert "cancelled" in all_text(channel.last_message)


@pytest.mark.simcord(strict_sync=True)
async def test_a_player_leaving_the_server_and_the_mine_hub(simcord_env):
    env = simcord_env
    guild, channel, organiser, players = await server(env, 5)
    tid = await create_and_fill(
        env, channel, organiser, players, game="star-gazers", format="swiss", swiss_rounds=2
    )
    storage = env.bot.storage
    mine = await players[1].slash(channel, "tournament mine")
    assert mine.ephemeral and f"#{tid}" in said(mine) and "rank" in said(mine)
    hub = await players[1].slash(channel, "game mine")
    assert "Your tournaments" in said(hub) and f"#{tid}" in said(hub)
    gone = players[4]
    guild.remove_member(gone)
    await env.advance_time(5)
    await play_round(env, tid)
    entrants = {e.user_id: e for e in await storage.entrants(tid)}
    assert entrants[gone.id].status == "left"
    second = [x for x in await storage.tournament_tables(tid) if x.round_no == 2]
    assert second and all(gone.id not in x.players for x in second)
    await play_to_the_end(env, tid)
    assert (await storage.tournament(tid)).status == "finished"


@pytest.mark.simcord(strict_sync=True)
async def test_games_that_ended_while_the_bot_was_away_count_after_a_restart(simcord_env, restart_bot):
    env = simcord_env
    _, channel, organiser, players = await server(env, 4)
    tid = await create_and_fill(
        env, channel, organiser, players, game="star-gazers", format="swiss", swiss_rounds=2
    )
    storage = env.bot.storage
    # Another process plays round 1's games to their end through the move core, telling nobody.
    moves = Moves(storage)
    for table in [x for x in await storage.tournament_tables(tid) if x.round_no == 1]:
        record = await storage.load(table.game_id)
        for seat in record.seats:
            await storage.set_seat_control(record.id, seat.seat, autopilot=True)
        with env.time_context():
            played = await moves.play_bots(running(await storage.load(record.id)))
        assert played.record.status == "finished"
    assert (await storage.tournament(tid)).round_no == 1, "nobody was told yet"
    await restart_bot()
    t = await env.bot.storage.tournament(tid)
    assert t.round_no == 2, "the restart counted the finished tables and opened round 2"
    assert all(
        x.status == "finished" for x in await env.bot.storage.tournament_tables(tid) if x.round_no == 1
    )


@pytest.mark.simcord(strict_sync=True)
async def test_a_cancelled_table_is_closed_at_the_deadline(simcord_env):
    env = simcord_env
    _, channel, organiser, players = await server(env, 4)
    tid = await create_and_fill(
        env, channel, organiser, players, game="star-gazers", format="swiss", swiss_rounds=2, round_hours=1
    )
    storage = env.bot.storage
    table = next(x for x in await storage.tournament_tables(tid) if x.round_no == 1)
    host = next(p for p in players if p.id == table.players[0])
    thread_id = (await storage.load(table.game_id)).thread_id
    thread = next(th for th in channel.threads if th.id == thread_id)
    await host.slash(thread, "game cancel")
    assert (await storage.load(table.game_id)).status == "cancelled"
    await play_round(env, tid)  # the other table ends by play
    await env.advance_time(3600 + 60)
    closed = await storage.tournament_table(table.id)
    assert closed.status == "finished" and closed.places == (1, 1), "nobody was late: they share first"
    assert (await storage.tournament(tid)).round_no == 2
