"""Many games, one DM (issue 29): every private message of a game names it (title and number),
so a player with several games going tells their panels apart."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import get_game
from bot.tell.beacons import panel_url
from tests.drivers.driver import NAMES, open_table, start_game
from tests.drivers.helpers import (
    components,
    controls,
    current_record,
    custom_ids,
    dm_history,
    latest_panel,
    texts,
    title,
)
from tests.drivers.sky_driver import Table
from tests.tell.test_panel_lifecycle import open_game

SKY = get_game("sky-of-stars")


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


def links(message: Any) -> list[str]:
    """The link buttons' addresses on a message."""
    return [c.url for c in components(message) if getattr(c, "url", None)]


def sky_panel(player: Any) -> Any:
    """The player's live A Sky of Stars panel in their DMs (wherever it sits among other games')."""
    return next(m for m in reversed(dm_history(player)) if any(i.startswith("sky:") for i in custom_ids(m)))


async def record_of(env: Any, slug: str) -> Any:
    return next((r for r in await env.bot.storage.active_games() if r.game == slug), None)


@pytest.mark.simcord(strict_sync=True)
async def test_a_live_step_stays_one_tap_away_while_other_games_send_panels(simcord_env):
    env = simcord_env
    guild, channel, players = await open_table(env, NAMES[:3])
    await start_game(channel, players, "sky-of-stars")  # live: each step has a minute
    sky = await record_of(env, "sky-of-stars")
    assert set(SKY.to_act(sky.state)) == {0, 1, 2}
    panels = {p.name: sky_panel(p) for p in players}
    slow = guild.create_text_channel("slow")
    await start_game(slow, players, "star-gazers", pace=86400)  # paced: its panels are new DMs
    gazers = await record_of(env, "star-gazers")
    mover = players[get_game("star-gazers").to_act(gazers.state)[0]]
    newest = dm_history(mover)[-1]
    assert newest.id != panels[mover.name].id and "Star Gazers" in title(newest)
    target = panel_url(panels[mover.name].channel.id, panels[mover.name].id)
    assert target in links(newest), "a new panel of another game links the open live step"

    # The Sky step ends and the next opens on the same panel, edited in place: it is buried under
    # the Star Gazers panel, so a pointer under both links it.
    for player in players:
        await Table(env, channel, players, closed=set()).act(
            player, sky_panel(player), chooser=lambda ids: ids[0]
        )
    after = await record_of(env, "sky-of-stars")
    assert SKY.decision_id(after.state) != SKY.decision_id(sky.state)
    assert players.index(mover) in SKY.to_act(after.state)
    pointer = dm_history(mover)[-1]
    assert "Your A Sky of Stars #1 turn is open" in texts(pointer)[0]
    assert target in links(pointer) and not controls(pointer), "one tap away: a link, nothing else"
    assert not pointer.attachments, "a pointer uploads nothing"
    assert sky_panel(mover).id == panels[mover.name].id, "the live panel stays where it was"
