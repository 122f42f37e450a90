"""The reveal's pause through the real bot: the answer stays alone (the guess card redrawn in
place, nothing new in the thread) until the pause runs out, the next drawing only then; a
restart during the pause keeps it, from the stored deadline; the table can switch it off."""

from __future__ import annotations

import pytest

from tests.drivers.helpers import all_text, custom_ids, latest_panel, title
from tests.drivers.sky_driver import GAME, Table, current_record, open_lobby, play_until, start_game


async def to_first_reveal(env, **options):
    _, channel, players = await open_lobby(env)
    thread = await start_game(env, channel, players, **options)
    opening = all_text(thread.history()[-1])  # the round's card asks for a starting star once
    assert "pick a starting star" in opening and " begins. The card shows: " not in opening, opening
    table = Table(env, channel, players, closed=set())
    record = await play_until(env, table, lambda v: v["phase"] == "guess", stop_after=1)
    card = thread.history()[-1]
    assert "Which word did" in all_text(card) and custom_ids(card) == [f"astro:panel:{record.id}"]
    # nobody is offered a control they may not use: the numbers are in the guessers' panels only
    artist = record.state["guess"]["order"][0]
    for seat, player in enumerate(players):
        panel = latest_panel(player)  # the newest DM with controls: none for the artist
        numbers = [i for i in (custom_ids(panel) if panel else []) if ":guess:" in i]
        assert len(numbers) == (0 if seat == artist else 5), (player.name, numbers)
    record = await play_until(env, table, lambda v: bool(v["reveals"]), stop_after=1)
    return thread, record, card


@pytest.mark.simcord(strict_sync=True)
async def test_a_reveal_stays_alone_for_its_pause_across_a_restart(simcord_env, restart_bot):
    env = simcord_env
    thread, record, card = await to_first_reveal(env, reveal_pause=10)
    assert record.state["phase"] == "reveal" and GAME.countdown(record.state) == 10
    shown = thread.history()
    assert shown[-1].id == card.id and " drew #" in title(shown[-1])  # the guess card, now the answer
    assert not custom_ids(shown[-1])
    said = all_text(shown[-1])
    assert said.count(" drew #") == 1, f"the title names the drawing once, not the sentence again: {said}"
    await env.advance_time(4)
    await restart_bot()
    await env.advance_time(4)  # 8 of its 10 seconds
    assert (await current_record(env)).state["phase"] == "reveal"
    assert [m.id for m in thread.history()] == [m.id for m in shown]  # nothing new: it stays alone
    await env.advance_time(3)
    record = await current_record(env)
    assert record.state["phase"] == "guess" and record.state["guess"]["position"] == 1
    newest = thread.history()[-1]
    assert newest.id != card.id and "Which word did" in all_text(newest)
    assert " drew #" in title(next(m for m in thread.history() if m.id == card.id))  # the answer stays


@pytest.mark.simcord(strict_sync=True)
async def test_without_the_pause_the_next_drawing_follows_its_reveal_at_once(simcord_env):
    env = simcord_env
    thread, record, card = await to_first_reveal(env, reveal_pause=0)
    assert record.state["phase"] == "guess" and record.state["guess"]["position"] == 1
    reveal = next(m for m in thread.history() if " drew #" in title(m))
    assert reveal.id != card.id  # a message of its own
