"""The bot's lifecycle: start-up is idempotent and every way of stopping leaves nothing open."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.drivers.helpers import all_text
from tests.drivers.sky_driver import (
    GAME,
    Table,
    current_record,
    guess_in_panel,
    open_lobby,
    play_until,
    start_game,
)

# A process that attaches the bot, re-attaches the same instance, closes it and exits.
REATTACH = textwrap.dedent("""
    import asyncio, sys, threading
    import simcord
    from bot.app import create_bot

    async def main(db_path):
        bot = create_bot(db_path=db_path)
        async with simcord.run(bot) as env:
            first = bot.storage
            await env.restart_bot()
            print("same storage" if bot.storage is first else "second storage", flush=True)
        await bot.close()
        others = [t for t in threading.enumerate() if t is not threading.main_thread()]
        for thread in others:  # a closed connection's worker ends by itself, a leaked one never
            thread.join(timeout=5)
        print("threads:", sorted(t.name for t in others if t.is_alive()))

    asyncio.run(main(sys.argv[1]))
""")


def test_reattaching_the_same_bot_opens_one_database_and_leaves_nothing_behind(tmp_path: Path) -> None:
    script = tmp_path / "reattach.py"
    script.write_text(REATTACH, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(script), str(tmp_path / "db.sqlite3")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["same storage", "threads: []"]
    assert "Exception in thread" not in result.stderr and "Traceback" not in result.stderr


@pytest.mark.simcord(strict_sync=True)
async def test_a_countdown_still_fires_after_the_same_bot_is_reattached(simcord_env):
    env = simcord_env
    bot = env.bot
    _, channel, players = await open_lobby(env)
    await start_game(env, channel, players, countdown=20)
    table = Table(env, channel, players, closed=set())
    record = await play_until(env, table, lambda v: v["phase"] == "guess")
    artist = GAME.view(record.state, None)["guess"]["artist"]
    guesser = next(p for seat, p in enumerate(players) if seat != artist)
    assert "Your guess" in all_text(await guess_in_panel(table, guesser))
    storage = bot.storage

    await env.restart_bot()  # SimCord logs the same instance in again
    assert bot.storage is storage
    before = await current_record(env)
    await env.advance_time(21)
    after = await current_record(env)
    assert after.version > before.version, "the countdown must fire after the re-attach"
    timeouts = [a for a in await bot.storage.actions(record.id) if a.action == {"kind": "timeout"}]
    assert len(timeouts) == 1


async def test_a_restart_closes_the_old_bot(simcord_env, restart_bot):
    old = simcord_env.bot
    old_storage = old.storage
    new = await restart_bot()
    await new.tree.sync()
    assert simcord_env.bot is new and new.storage is not old_storage
    assert old.is_closed()
    with pytest.raises(RuntimeError):
        _ = old.storage
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(simcord_env.create_user("ada"))
    result = await ada.slash(channel, "play", game="sky-of-stars")
    assert result.acknowledged and channel.last_message is not None


async def test_closing_twice_and_closing_a_bot_that_never_started(bot_settings):
    from bot.app import create_bot

    bot = create_bot(bot_settings)
    await bot.close()
    await bot.close()
    assert bot.is_closed()
