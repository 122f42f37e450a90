"""Issue 29: after a cancel nothing of the game still says whom it waits for. The last status
card keeps its words and picture, but not its "Waiting for …" (a cancelled game waits on nobody),
and every panel copy says the game is over."""

from __future__ import annotations

import pytest

from tests.drivers import starry_night_sky_driver as sns
from tests.drivers.driver import open_table
from tests.drivers.helpers import all_text, current_record, custom_ids, find_component, game_thread
from tests.drivers.observatory_driver import close_dms


@pytest.mark.simcord(strict_sync=True)
async def test_a_cancelled_game_waits_on_nobody(simcord_env):
    env = simcord_env
    _, channel, players = await open_table(env)
    ada, bea, cy = players
    close_dms(env, cy)
    await sns.start_game(env, channel, players)
    thread = game_thread(channel)
    opener = next(m for m in reversed(thread.history()) if find_component(m, "astro:panel:"))
    await cy.click(opener, custom_id=find_component(opener, "astro:panel:").custom_id)
    table = sns.Table(env, channel, players, closed={"cy"})
    await table.play_turn(players[sns.GAME.to_act((await current_record(env)).state)[0]])
    card = thread.history()[-1]
    assert "Waiting for bea" in all_text(card), all_text(card)

    await ada.slash(thread, "game cancel")
    assert await current_record(env) is None
    card = next(m for m in thread.history() if m.id == card.id)
    assert "Waiting for" not in all_text(card) and "Scores:" in all_text(card), all_text(card)
    shown = [*thread.history(viewer=cy), *ada.user.dm_channel.history(), *bea.user.dm_channel.history()]
    assert not any(custom_ids(m) for m in shown)
    for message in shown:
        if message.flags.ephemeral or message.guild is None:  # a panel copy: it says the game is over
            text = all_text(message)
            assert "Waiting for" not in text, text
