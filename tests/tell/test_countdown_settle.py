"""A countdown about to run out neither holds up nor fires inside an unrelated interaction: a
restart or a click settles at once, and the countdown fires when (simulated) time reaches it.

The scheduler used to sleep with a bare ``asyncio.sleep``: SimCord then also wakes it on the
wall clock, so a countdown with 3 s left after a restart made the next interaction wait 3 real
seconds and fired in the middle of it (5 s or more: "bot did not settle"). The countdown firing
inside the restart or the click is what the test checks: a bound on wall time would also fail a
right bot on a busy machine."""

from __future__ import annotations

import pytest

from tests.drivers.sky_driver import Table, current_record, open_lobby, play_until, start_game


@pytest.mark.simcord(strict_sync=True)
async def test_interactions_just_before_the_countdown_ends_settle_at_once(simcord_env, restart_bot):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    thread = await start_game(env, channel, players, countdown=20)
    table = Table(env, channel, players, closed=set())
    record = await play_until(env, table, lambda v: v["phase"] == "guess")
    await env.advance_time(17)  # the countdown now has 3 seconds left

    await restart_bot()  # re-arms the countdown: 3 s to go
    assert (await current_record(env)).version == record.version, "the countdown fired early"

    status = await players[0].slash(thread, "game status")
    assert status.acknowledged
    assert (await current_record(env)).version == record.version, "the countdown fired early"

    await env.advance_time(4)
    fired = [a for a in await env.bot.storage.actions(record.id) if a.action == {"kind": "timeout"}]
    assert len(fired) == 1
