"""The bot as a discord.AutoShardedClient with 2 shards on PostgreSQL plays a complete game
through SimCord, restarting in the middle (a new process would), and loses nothing."""

from __future__ import annotations

import logging

import discord
import pytest

from bot.app import ShardedAstrolabeBot
from bot.games.replay import replay
from bot.storage.postgres import PostgresStorage
from tests.drivers.helpers import all_text, current_record
from tests.drivers.observatory_driver import GAME, ObsTable, open_table, start_game
from tests.faces.observatory.test_observatory_game import fixed_seed


@pytest.mark.simcord(strict_sync=True)
async def test_two_shards_on_postgres_play_a_game_across_a_restart(
    simcord_env, restart_bot, caplog, monkeypatch
):
    env = simcord_env
    assert isinstance(env.bot, ShardedAstrolabeBot) and isinstance(env.bot, discord.AutoShardedClient)
    assert env.bot.shard_count == 2 and sorted(env.bot.shards) == [0, 1]
    assert isinstance(env.bot.storage, PostgresStorage)
    poll = env.bot.service.pacer._poll
    assert poll is not None and not poll.done(), "a shared database is polled for dead processes' timers"
    fixed_seed(monkeypatch, 2)
    _, channel, (ada, bea) = await open_table(env)
    thread = await start_game(env, channel, [ada, bea])
    table = ObsTable(env, channel, [ada, bea])
    restarted = False
    for _ in range(600):
        record = await current_record(env)
        if record is None:
            break
        view = GAME.view(record.state, None)
        if view["phase"] == "decide" and view["night"] == 3 and not restarted:
            bot = await restart_bot()
            restarted = True
            assert isinstance(bot, ShardedAstrolabeBot) and bot.shard_count == 2
            after = await bot.storage.load(record.id)
            assert (after.version, after.state) == (record.version, record.state)
        await table.play_turn(table.players[GAME.to_act(record.state)[0]])
    else:
        raise AssertionError("the game did not finish")
    assert restarted
    final = [m for m in thread.history() if "Final results" in all_text(m)]
    assert final and final[-1].attachments
    assert await env.bot.storage.games_for_user(ada.id) == []  # nothing left open
    game_id = (await env.bot.storage.latest_game_in_channel(thread.id)).id
    stored = await env.bot.storage.load(game_id)
    log = await env.bot.storage.actions(game_id)
    assert stored.status == "finished" and [a.seq for a in log] == list(range(1, stored.version + 1))
    assert (
        replay(GAME, len(stored.seats), stored.options, stored.seed, [(a.seat, a.action) for a in log])
        == stored.state
    )
    assert len(await env.bot.storage.results(game_id)) == 2
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
