"""**Back** in a panel only redraws it: the pick is forgotten and the game does not change."""

from __future__ import annotations

import pytest

from tests.bot.helpers import (
    all_text,
    controls,
    current_record,
    custom_ids,
    find_component,
    latest_panel,
    refresh,
)
from tests.bot.sky_driver import open_lobby, start_game


@pytest.mark.simcord(strict_sync=True)
async def test_back_returns_to_the_first_stage_without_playing(simcord_env):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    await start_game(env, channel, players)
    ada = players[0]
    panel = latest_panel(ada)
    select = find_component(panel, "sky:pick:")
    star = select.options[0].value
    await ada.user.select(panel, [star], custom_id=select.custom_id)
    panel = refresh(ada.user.dm_channel, panel)
    assert any(":back:" in i for i in custom_ids(panel)), "a picked star can be taken back"
    assert f"Start at {star}" in " ".join(getattr(c, "label", "") or "" for c in controls(panel))
    before = (await current_record(env)).version

    back = next(i for i in custom_ids(panel) if ":back:" in i)
    result = await ada.user.click(panel, custom_id=back)
    assert result.acknowledged
    panel = refresh(ada.user.dm_channel, panel)
    assert find_component(panel, "sky:pick:") is not None, "the panel is back at the star list"
    assert not any(":back:" in i for i in custom_ids(panel))
    assert (await current_record(env)).version == before, "Back plays nothing"
    assert "Pick your starting star" in all_text(panel)
