"""The guessing countdown: missing guesses count as none, and it fires once, even across a restart."""

from __future__ import annotations

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


async def timeouts(env, game_id):
    return [a for a in await env.bot.storage.actions(game_id) if a.action == {"kind": "timeout"}]


@pytest.mark.simcord(strict_sync=True)
async def test_countdown_reveals_missing_guesses_once_across_restart(simcord_env, restart_bot):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    thread = await start_game(env, channel, players, countdown=20)
    table = Table(env, channel, players, closed=set())
    record = await play_until(env, table, lambda v: v["phase"] == "guess")
    view = GAME.view(record.state, None)
    artist = view["guess"]["artist"]
    guessers = [p for seat, p in enumerate(players) if seat != artist]

    # One guesser answers in their panel; the other never does.
    answered = await guess_in_panel(table, guessers[0])
    assert "Your guess" in all_text(answered)
    # Pressing again changes (at most) that player's one guess: it is never counted twice.
    again = await guess_in_panel(table, guessers[0], 2)
    assert "Your guess" in all_text(again)
    pending = (await current_record(env)).state["pending"]
    guessed = [seat for seat, p in enumerate(players) if p is not guessers[0] and pending[seat] is not None]
    assert guessed == [], "only the one guesser has a guess"

    # The bot restarts before the countdown runs out; the countdown must still fire, once.
    before = await current_record(env)
    await restart_bot()
    await env.advance_time(10)
    assert (await current_record(env)).version == before.version, "fired too early"
    await env.advance_time(11)
    after = await current_record(env)
    fired = await timeouts(env, record.id)
    assert len(fired) == 1
    revealed = GAME.view(after.state, None)["reveals"][-1]
    assert revealed["artist"] == artist
    missing_seat = players.index(guessers[1])
    assert revealed["guesses"].get(str(missing_seat)) is None
    assert "drew #" in "\n".join(all_text(m) for m in thread.history())
