"""Many games, one DM (issue 29): every private message of a game names it (title and number),
so a player with several games going tells their panels apart."""

from __future__ import annotations

import pytest

from tests.drivers.helpers import current_record, dm_history, latest_panel, texts, title
from tests.tell.test_panel_lifecycle import open_game


@pytest.mark.simcord(strict_sync=True)
async def test_every_panel_and_retired_copy_names_its_game(simcord_env):
    env = simcord_env
    _channel, (ada, bea), table = await open_game(env, pace=86400)
    record = await current_record(env)
    label = f"Starry Night Sky #{record.id}"
    for player in (ada, bea):
        panel = latest_panel(player)
        if panel is not None:
            assert title(panel).startswith(label), title(panel)
    await env.bot.service.delivery.retire_game(record)
    for player in (ada, bea):
        for message in dm_history(player):
            said = "\n".join(texts(message))
            assert said.startswith(f"### {label}") or f"game #{record.id}" in said, said
