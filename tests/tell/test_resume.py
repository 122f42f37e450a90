"""Start-up with damaged or unfinished data: one game that can't be loaded is set aside and the
others go on; a finished game that lost its results gets them back."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest

from bot.games import get_game
from bot.games.rng import Rng
from tests.drivers.helpers import all_text, dm_history, find_component, said
from tests.drivers.sky_driver import open_lobby, start_game

HOUR = 3600


def write_state(db_path: str, game_id: int, text: str) -> None:
    """Damage a stored state behind the bot's back, as a bad upgrade or a hand edit would."""
    with closing(sqlite3.connect(db_path)) as conn, conn:
        conn.execute("UPDATE games SET state = ? WHERE id = ?", (text, game_id))


@pytest.mark.simcord(strict_sync=True)
@pytest.mark.parametrize("damage", ["{}", "not json {", '{"phase": "start"}'])
async def test_a_game_that_cant_be_loaded_is_set_aside_and_the_others_go_on(
    simcord_env, bot_settings, restart_bot, damage
):
    env = simcord_env
    guild, channel, players = await open_lobby(env)
    other = guild.create_text_channel("more-games")
    broken_thread = await start_game(env, channel, players)
    paced_thread = await start_game(env, other, players, pace=HOUR)
    broken, paced = sorted(g.id for g in await env.bot.storage.active_games())
    write_state(bot_settings.db_path, broken, damage)

    await restart_bot()
    storage = env.bot.storage
    # Every other game goes on: the paced game's deadlines still fire after the restart.
    await env.advance_time(HOUR + 60)
    log = await storage.actions(paced)
    assert any("ran out of time" in " ".join(a.events) for a in log)
    assert "ran out of time" in "\n".join(all_text(m) for m in paced_thread.history())

    # The overviews answer, and say what happened to the damaged game.
    listed = await players[1].slash(channel, "game list")
    assert "Sorry" not in said(listed) and "On hold" in said(listed)
    mine = await players[2].slash(other, "game mine")
    assert "Sorry" not in said(mine) and "On hold" in said(mine)

    # The damaged game is marked in the database, and its thread is told.
    record = await storage.load(broken)
    assert record.status == "active" and record.set_aside
    assert [g.id for g in await storage.active_games()] == [paced]
    assert "can't go on" in "\n".join(all_text(m) for m in broken_thread.history())
    # Its players are told privately, and nothing changes.
    prefix = f"sky:pick:{broken}:"
    panel = next(m for m in reversed(dm_history(players[0])) if find_component(m, prefix))
    pick = find_component(panel, prefix)
    refused = await players[0].user.select(panel, [pick.options[0].value], custom_id=pick.custom_id)
    assert "on hold" in said(refused)
    status = await players[0].slash(broken_thread, "game status")
    assert "on hold" in said(status) and status.ephemeral
    assert (await storage.load(broken)).version == record.version
    # Its host can still close it, which frees the channel.
    await players[0].slash(broken_thread, "game cancel")
    assert (await storage.load(broken)).status == "cancelled"


def play_out(slug: str, seats: int, seed: int) -> tuple[dict, dict, list[tuple[int, dict, dict, list]]]:
    """A game played to its end by the engine's bot: options, first state, then each move as
    (seat, action, state after, events)."""
    game = get_game(slug)
    options = game.validate_options({})
    state = first = game.setup(seats, options, seed)
    moves = []
    rng = Rng(seed)
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        action = game.bot_action(state, seat, rng)
        applied = game.apply(state, seat, action)
        state = applied.state
        moves.append((seat, action, state, applied.events))
    return options, first, moves


@pytest.mark.simcord(strict_sync=True)
async def test_results_lost_in_a_crash_are_backfilled_at_start_up(simcord_env, bot_settings, restart_bot):
    env = simcord_env
    guild, channel, (ada, _, _) = await open_lobby(env)
    storage = env.bot.storage
    options, first, moves = play_out("observatory", 1, seed=7)
    lobby = await storage.create_lobby(
        game="observatory",
        guild_id=guild.id,
        channel_id=channel.id,
        host_id=ada.id,
        host_name="ada",
        options=options,
    )
    await storage.start(lobby.id, seed=7, state=first)
    # The final move was committed the old way, and the process died before the results.
    for version, (seat, action, state, events) in enumerate(moves):
        await storage.record_action(
            lobby.id,
            expected_version=version,
            seat=seat,
            action=action,
            state=state,
            events=events,
            finished=version == len(moves) - 1,
        )
    assert await storage.results(lobby.id) == []
    assert "haven't finished" in said(await ada.slash(channel, "stats"))

    await restart_bot()
    rows = await env.bot.storage.results(lobby.id)
    outcome = get_game("observatory").outcome(moves[-1][2])
    assert [r.score for r in rows] == outcome.scores
    assert "Played **1**" in said(await ada.slash(channel, "stats"))
    assert any("Final" in all_text(m) or "results" in all_text(m).lower() for m in channel.history())
    # A second restart records nothing twice.
    await restart_bot()
    assert await env.bot.storage.results(lobby.id) == rows


def set_aside_column(db_path: str, game_id: int) -> str | None:
    with closing(sqlite3.connect(db_path)) as conn:
        return conn.execute("SELECT set_aside FROM games WHERE id = ?", (game_id,)).fetchone()[0]


@pytest.mark.simcord(strict_sync=True)
@pytest.mark.parametrize("damage", ["{}", "not json {"])
async def test_a_damaged_game_is_found_when_its_timer_fires_not_at_start_up(
    simcord_env, bot_settings, restart_bot, damage
):
    env = simcord_env
    guild, channel, players = await open_lobby(env)
    other = guild.create_text_channel("more-games")
    broken_thread = await start_game(env, channel, players, pace=HOUR)
    paced_thread = await start_game(env, other, players, pace=HOUR)
    broken, paced = sorted(g.id for g in await env.bot.storage.active_games())
    write_state(bot_settings.db_path, broken, damage)

    await restart_bot()
    # Start-up reads no game's state: the damaged game is not looked at yet.
    assert set_aside_column(bot_settings.db_path, broken) is None
    await env.advance_time(HOUR + 60)
    # Its deadline fired and found it: set aside, its thread told once; the other game went on.
    assert set_aside_column(bot_settings.db_path, broken)
    told = [m for m in broken_thread.history() if "can't go on" in all_text(m)]
    assert len(told) == 1
    assert "ran out of time" in "\n".join(all_text(m) for m in paced_thread.history())
    assert "ran out of time" not in "\n".join(all_text(m) for m in broken_thread.history())

    # Another restart and another look at it tell nobody again.
    await restart_bot()
    listed = await players[1].slash(channel, "game list")
    assert "On hold" in said(listed)
    assert len([m for m in broken_thread.history() if "can't go on" in all_text(m)]) == 1


@pytest.mark.simcord(strict_sync=True)
async def test_deadline_rows_of_an_older_step_give_the_current_step_its_timers_when_they_fire(
    simcord_env, bot_settings, restart_bot
):
    env = simcord_env
    guild, channel, players = await open_lobby(env)
    thread = await start_game(env, channel, players, pace=HOUR)
    (game_id,) = [g.id for g in await env.bot.storage.active_games()]
    # A crash between a move and its step's deadlines leaves the rows of the step before.
    with closing(sqlite3.connect(bot_settings.db_path)) as conn, conn:
        conn.execute("UPDATE deadlines SET decision = decision - 1 WHERE game_id = ?", (game_id,))

    await restart_bot()
    await env.advance_time(HOUR + 60)  # the old rows fire: the current step gets its deadlines
    storage = env.bot.storage
    record = await storage.load(game_id)
    decision = get_game("sky-of-stars").decision_id(record.state)
    assert {d.decision for d in await storage.deadlines(game_id)} == {decision}
    await env.advance_time(HOUR + 60)
    assert "ran out of time" in "\n".join(all_text(m) for m in thread.history())


@pytest.mark.simcord(strict_sync=True)
async def test_game_status_is_the_first_touch_of_a_damaged_game(simcord_env, bot_settings, restart_bot):
    env = simcord_env
    guild, channel, players = await open_lobby(env)
    thread = await start_game(env, channel, players)
    (game_id,) = [g.id for g in await env.bot.storage.active_games()]
    write_state(bot_settings.db_path, game_id, "{}")

    await restart_bot()
    status = await players[0].slash(thread, "game status")
    assert "on hold" in said(status) and status.ephemeral and "Sorry" not in said(status)
    assert set_aside_column(bot_settings.db_path, game_id)
    assert "can't go on" in "\n".join(all_text(m) for m in thread.history())
