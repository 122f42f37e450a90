"""The load bench's follow-up counts only what the click caused (``bench.load.live.Cause``).

A small bot in SimCord switched to real time as the load bench does (``go_live``) posts one shared
message with two buttons. Ada's click answers at once: it edits the shared message, and a task it
starts draws a "picture" in a worker thread and edits the message again. Bo's click, made right
after, edits the same message a second later; the bot's scheduler, started by Ada's handler, fires
a job that edits it too; and a timer the bot started before anyone clicked edits it once more.
Ada's follow-up is her own work (about 0.2 s), not the later edits of the message she clicked,
which the 2026-12-02 measure counted (the last edit of the clicked message before her next click).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import discord
import simcord

from bench.load import measure
from bench.load.live import go_live, timers_cause_themselves
from bench.load.tables import Click, deliver
from bot.tell.scheduler import JobKind, Scheduler

PICTURE = 0.2  # Ada's picture, drawn off the loop after her handler returned
BO_EDITS_AFTER = 1.0
SCHEDULED_AFTER = 1.3  # a job Ada's handler armed: a timer, not her follow-up
TIMER_AFTER = 1.6  # a timer started before anyone clicked


class Board(discord.ui.View):
    def __init__(self, client: Bot) -> None:
        super().__init__(timeout=None)
        self.client = client

    @discord.ui.button(label="Quick", custom_id="t:quick")
    async def quick(self, interaction: discord.Interaction, _button: discord.ui.Button[Board]) -> None:
        await interaction.response.defer()
        message = interaction.message
        assert message is not None
        await message.edit(content="Ada moved")

        async def picture() -> None:  # after the handler returned, in a task it started
            await asyncio.to_thread(time.sleep, PICTURE)
            await message.edit(content="Ada moved, with a picture")

        self.client.spawned.append(asyncio.create_task(picture()))
        # The scheduler's loop starts here, in this handler's context; the job it fires is not Ada's.
        self.client.scheduler.add(time.monotonic() + SCHEDULED_AFTER, 1, JobKind.COUNTDOWN, None, 0)

    @discord.ui.button(label="Slow", custom_id="t:slow")
    async def slow(self, interaction: discord.Interaction, _button: discord.ui.Button[Board]) -> None:
        await interaction.response.defer()
        await asyncio.sleep(BO_EDITS_AFTER)
        assert interaction.message is not None
        await interaction.message.edit(content="Bo moved")


class Bot(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.spawned: list[asyncio.Task[None]] = []
        self.board: discord.Message | None = None
        self.scheduler = Scheduler(self._fire, time.monotonic)

    async def _fire(self, _job: Any) -> None:
        assert self.board is not None
        await self.board.edit(content="the countdown ran out")

    async def tick(self) -> None:
        await asyncio.sleep(TIMER_AFTER)
        assert self.board is not None
        await self.board.edit(content="the step timer moved")


async def test_follow_up_counts_only_what_the_click_caused() -> None:
    client = Bot()
    env = simcord.Env(client, check_errors=False)
    await env.start()
    try:
        guild = env.create_guild()
        channel = guild.create_text_channel("table")
        ada = guild.add_member(env.create_user("ada"))
        bo = guild.add_member(env.create_user("bo"))
        stamps = go_live(env)
        timers_cause_themselves(client.scheduler)
        place = client.get_channel(channel.id)
        assert isinstance(place, discord.TextChannel)
        client.board = await place.send("the board", view=Board(client))
        shared = channel.last_message
        assert shared is not None and shared.id == client.board.id
        timer = asyncio.create_task(client.tick())
        began = time.perf_counter()
        clicks: list[Click] = [
            await deliver("button", ada, shared.id, lambda: ada.click(shared, custom_id="t:quick")),
            await deliver("button", bo, shared.id, lambda: bo.click(shared, custom_id="t:slow")),
        ]
        await asyncio.sleep(TIMER_AFTER + 0.5)
        await asyncio.gather(timer, *client.spawned)
        edits = stamps.edits[shared.id]
        assert len(edits) == 5 and edits[-1] - began >= TIMER_AFTER  # Ada 2, Bo 1, the two timers 2
    finally:
        client.scheduler.close()
        await client.close()
        try:
            await env.shutdown()
        except Exception as error:  # noqa: BLE001 - live, SimCord's settling is off (as in the bench)
            logging.getLogger(__name__).debug("shutdown: %s", error)

    ada_click, bo_click = clicks
    # Ada: her callback and her two edits; Bo: his callback and his edit; the timers: no one's.
    assert len(ada_click.cause.requests) == 3 and len(bo_click.cause.requests) == 2
    assert ada_click.cause.interaction_id == ada_click.interaction_id

    ada = measure.latencies([ada_click], stamps, 0.0, float("inf"))
    assert len(ada.follow_up) == 1
    assert PICTURE <= ada.follow_up[0] < BO_EDITS_AFTER - 0.1, "another player's or a timer's edit counted"
    bo = measure.latencies([bo_click], stamps, 0.0, float("inf"))
    assert len(bo.follow_up) == 1 and BO_EDITS_AFTER <= bo.follow_up[0] < TIMER_AFTER
    # The 2026-12-02 measure took the last edit of the clicked message: the step timer's.
    assert ada.follow_up_any and ada.follow_up_any[0] >= TIMER_AFTER - 0.1
