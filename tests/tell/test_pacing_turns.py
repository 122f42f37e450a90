"""A late player's whole turn is finished by the bot, even when a turn is several sub-actions.

Starry Night Sky turns are a chain of panel steps (assign stars, move, place, end turn). When the
deadline passes, one timed-out step must not leave the seat half-way with a fresh deadline.
"""

from __future__ import annotations

import pytest

from tests.drivers.helpers import all_text, current_record, game_thread, refresh
from tests.drivers.starry_night_sky_driver import GAME, SLUG

HOUR = 3600


async def paced_game(env):
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ada, bea = (guild.add_member(env.create_user(name)) for name in ("ada", "bea"))
    await ada.slash(channel, "play", game=SLUG, pace=HOUR)
    lobby = channel.last_message
    await bea.click(refresh(channel, lobby), label="Join")
    await ada.click(refresh(channel, lobby), label="Start")
    return game_thread(channel)


@pytest.mark.simcord(strict_sync=True)
async def test_deadline_plays_the_whole_turn_then_the_next_player_gets_a_full_period(simcord_env):
    env = simcord_env
    thread = await paced_game(env)
    record = await current_record(env)
    late = GAME.to_act(record.state)
    assert len(late) == 1
    late_seat, turn = late[0], GAME.decision_id(record.state)

    await env.advance_time(HOUR + 60)
    record = await current_record(env)
    assert GAME.decision_id(record.state) != turn, "the late turn was finished, not left half-way"
    assert late_seat not in GAME.to_act(record.state)
    log = await env.bot.storage.actions(record.id)
    by_late = [a for a in log if a.seat == late_seat]
    assert len(by_late) >= 2, "a turn takes several sub-actions, all made by the bot"
    notes = [a for a in log if "ran out of time" in " ".join(a.events)]
    assert len(notes) == 1, "one note for the one missed deadline"
    assert record.seats[late_seat].timeouts == 1
    assert "ran out of time" in "\n".join(all_text(m) for m in thread.history())

    # The next player owes a fresh decision with a whole period of their own.
    deadlines = await env.bot.storage.deadlines(record.id)
    assert [d.seat for d in deadlines] == GAME.to_act(record.state)
    assert all(d.due_at - d.opened_at >= HOUR - 1 for d in deadlines)
