"""An **Open my panel** copy of Star Gazers opened before a restart still answers after it.

The copy's draft lives in its custom ids (``sg:st:…`` stages, ``sg:do:…`` codes) and the game in
the database, so a tile picked on it after a restart is previewed with its send-and-confirm
button, on SQLite and on PostgreSQL. A copy that a newer one replaced after the restart could not
be edited into its retired line then (its token belonged to the process before): a click on it
says where to play now, in place of the preview, and plays nothing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.core.config import Config
from tests.drivers.helpers import all_text, controls, current_record, custom_ids, find_component, said
from tests.drivers.star_gazers_driver import GAME, Table, ids_with, open_lobby, start_game
from tests.postgres_server import create_schema, drop_schema

COPIES = "bot.tell.panel_copies"
MOVED = "Your panel moved to the copy you opened in the game thread: play there."


@pytest.fixture(params=["sqlite", "postgres"])
async def bot_settings(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Config]:
    if request.param == "sqlite":
        yield Config(token=None, db_path=str(tmp_path / "astrolabe.sqlite3"), dev_guild_id=None)
        return
    schema, url = await create_schema()
    try:
        yield Config(token=None, db_path=url, dev_guild_id=None)
    finally:
        await drop_schema(schema)


async def bea_at_her_tile(env):
    """A two-player game (Bea's DMs closed) played up to Bea's first draft turn, with her pick
    made on an ephemeral copy: returns the table, Bea, the copy and the game record."""
    _guild, channel, (ada, bea) = await open_lobby(env, ("ada", "bea"))
    env.inject_error(
        "POST",
        f"/channels/{bea.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    await start_game(env, channel, [ada, bea])
    table = Table(env, channel, [ada, bea], closed={"bea"})
    for _ in range(40):
        record = await current_record(env)
        for seat in GAME.to_act(record.state):
            view = GAME.view(record.state, seat)
            if seat == 1 and view["phase"] == "draft" and view["choice"]["kind"] == "pick":
                copy = await table.panel(bea)
                await table.step(bea, copy, seat)  # the pick, on the copy
                copy = table.current(bea, copy)
                record = await current_record(env)
                assert GAME.view(record.state, seat)["choice"]["kind"] == "tile"
                return table, bea, copy, record
            await table.play_turn(table.players[seat], await table.panel(table.players[seat]), seat)
    raise AssertionError("Bea never had a draft turn")


def tile_select(record):
    return f"sg:sel:{record.id}:{record.state['decision']}:st:tile"


def previewed(message, record) -> bool:
    """The tile is previewed with its way on: **Confirm turn**, or the turn's next choice (a
    Space Shuttle's bonus, a bonus token's place) when the deal gave Bea one."""
    dec = f"{record.id}:{record.state['decision']}:"
    later = [i for i in custom_ids(message) if i.startswith(f"sg:st:{dec}P") and "_" in i]
    later += [i for i in custom_ids(message) if i.startswith(f"sg:sel:{dec}st:b")]
    return "Your tile on **" in all_text(message) and bool(ids_with(message, f"sg:do:{dec}P") or later)


@pytest.mark.simcord(strict_sync=True)
async def test_a_tile_picked_on_a_copy_from_before_a_restart_shows_its_confirm(simcord_env, restart_bot):
    env = simcord_env
    table, bea, copy, record = await bea_at_her_tile(env)
    assert find_component(copy, tile_select(record)), all_text(copy)
    await restart_bot()

    select = find_component(copy, tile_select(record))
    result = await bea.select(copy, [select.options[0].value], custom_id=select.custom_id)
    assert result.acknowledged
    shown = table.current(bea, copy)
    assert previewed(shown, record), (said(result), all_text(shown))
    assert (await current_record(env)).version == record.version, "a preview plays nothing"


@pytest.mark.simcord(strict_sync=True)
async def test_a_copy_replaced_after_a_restart_says_where_to_play(simcord_env, restart_bot):
    env = simcord_env
    table, bea, copy, record = await bea_at_her_tile(env)
    await restart_bot()
    newer = await table.panel(bea)  # Open my panel again: the new process's copy is the live one
    assert newer.id != copy.id and controls(newer)

    select = find_component(copy, tile_select(record))
    result = await bea.select(copy, [select.options[0].value], custom_id=select.custom_id)
    assert result.acknowledged
    shown = table.current(bea, copy)
    assert MOVED in all_text(shown) + said(result), (said(result), all_text(shown))
    assert not controls(shown), "the replaced copy keeps no buttons once it says so"
    assert (await current_record(env)).version == record.version, "nothing is played from it"
    # the newer copy goes on: its tile select previews the tile with its send button
    select = find_component(newer, tile_select(record))
    await bea.select(newer, [select.options[0].value], custom_id=select.custom_id)
    assert previewed(table.current(bea, newer), record)


@pytest.mark.simcord(strict_sync=True)
async def test_a_copy_replaced_after_its_token_ran_out_says_where_to_play(simcord_env, monkeypatch):
    env = simcord_env
    table, bea, copy, record = await bea_at_her_tile(env)
    # Discord lets the bot edit an ephemeral copy for 15 minutes: past them (no restart), the
    # newer copy can't retire this one either
    monkeypatch.setattr(COPIES + ".EPHEMERAL_EDIT_SECONDS", -1)
    newer = await table.panel(bea)
    assert newer.id != copy.id and controls(table.current(bea, copy)), "the old copy could not be edited"

    select = find_component(copy, tile_select(record))
    result = await bea.select(copy, [select.options[0].value], custom_id=select.custom_id)
    shown = table.current(bea, copy)
    assert MOVED in all_text(shown) + said(result), (said(result), all_text(shown))
    assert (await current_record(env)).version == record.version
