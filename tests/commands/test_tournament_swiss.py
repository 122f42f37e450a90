"""Swiss tournaments through SimCord, from `/tournament create` to the podium."""

from __future__ import annotations

import pytest

from tests.drivers.helpers import all_text, said
from tests.drivers.tournament_driver import card_of, create_and_fill, play_to_the_end, server


@pytest.mark.simcord(strict_sync=True)
async def test_swiss_seven_players_of_a_two_player_table(simcord_env):
    env = simcord_env
    guild, channel, organiser, players = await server(env, 7)
    tid = await create_and_fill(
        env, channel, organiser, players, game="star-gazers", format="swiss", swiss_rounds=3, seats=2
    )
    storage = env.bot.storage
    t = await storage.tournament(tid)
    assert t.status == "running" and t.round_no == 1
    tables = await storage.tournament_tables(tid)
    assert sum(1 for x in tables if x.status == "bye") == 1 and len(tables) == 4
    assert len(channel.threads) == 3, "a thread per table"
    card = all_text(card_of(channel))
    assert "neighbours in the standings" in card and "sits out this round" in card, "each table says why"
    rounds = await play_to_the_end(env, tid)
    assert rounds == [1, 2, 3]
    t = await storage.tournament(tid)
    assert t.status == "finished"
    tables = await storage.tournament_tables(tid)
    byes = [x.players[0] for x in tables if x.status == "bye"]
    assert len(byes) == 3 and len(set(byes)) == 3, "three byes to three different players"
    podium = channel.last_message
    assert "is over" in all_text(podium) and "🥇" in all_text(podium)
    card = card_of(channel)
    assert "Podium" in all_text(card) and "finished" in card.embeds[0].title
    for table in (x for x in tables if x.game_id is not None):  # ordinary games: results, then ratings
        record = await storage.load(table.game_id)  # (these were played by the bot: rated like any such game)
        assert record.status == "finished" and not record.practice
        assert [r.user_id for r in await storage.results(table.game_id)] == list(table.players)
    after = await players[0].slash(channel, "tournament standings")
    assert after.ephemeral and "Podium" in said(after), "a finished tournament's standings stay readable"
    rounds = await storage.tournament_rounds(tid)
    now = env.now().timestamp()  # every round's deadline on the simulated clock
    assert all(0 < r.deadline_at - now <= t.round_seconds for r in rounds), [
        r.deadline_at - now for r in rounds
    ]
