"""High Card through the real bot in SimCord: ``/play`` offers its option, the lobby opens, the
game is played to its end with the panels' buttons, and no one's hand shows in the thread.

Run only with the toy game registered (``ASTROLABE_EXTRA_GAMES``): ``test_toy_game.py`` runs
this file and the conformance suite in a process that registers it.
"""

from __future__ import annotations

import pytest

from bot.commands.lobby import play_command
from bot.games import GAMES
from tests.drivers.driver import open_table, start_game
from tests.drivers.helpers import all_text, current_record, custom_ids, latest_panel
from tests.drivers.table_checks import assert_nothing_live

SLUG = "high-card"


def test_the_toy_game_is_registered_and_play_offers_its_option() -> None:
    assert SLUG in GAMES
    rounds = next(p for p in play_command.parameters if p.name == "rounds")
    assert [c.value for c in rounds.choices] == [1, 3, 5]
    assert rounds.description == "High Card: rounds to play (default 3)"


@pytest.mark.simcord(strict_sync=True)
async def test_a_game_opens_a_lobby_and_is_played_to_its_end(simcord_env) -> None:
    env = simcord_env
    _guild, channel, players = await open_table(env)
    await start_game(channel, players, SLUG, rounds=1)
    lobby = next(m for m in channel.history() if "High Card" in all_text(m) and "Rounds" in all_text(m))
    assert "Rounds to play: 1" in all_text(lobby)
    record = await current_record(env)
    assert record is not None and record.game == SLUG and record.state["rounds"] == 1
    game_id, dealt = record.id, [list(h) for h in record.state["hands"]]
    played = 0
    while (record := await current_record(env)) is not None:
        seat = GAMES[SLUG].to_act(record.state)[0]
        panel = latest_panel(players[seat].user)
        buttons = [i for i in custom_ids(panel) if i.startswith("toy:play:")]
        assert sorted(int(b.rsplit(":", 1)[1]) for b in buttons) == record.state["hands"][seat]
        await players[seat].user.click(panel, custom_id=buttons[0])
        played += 1
        assert played <= 3
    assert played == 3
    stored = await env.bot.storage.load(game_id)
    assert stored.status == "finished" and stored.state["phase"] == "over"
    thread = channel.threads[-1]
    public = "\n".join(all_text(m) for m in thread.history())
    assert "Final results" in public and "won!" in public
    assert_nothing_live(channel, players, game_id)
    assert stored.state["history"] == [[hand[0] for hand in dealt]]


@pytest.mark.simcord(strict_sync=True)
async def test_a_game_opens_a_practice_table_without_a_guide(simcord_env) -> None:
    """A game whose face gives no hints is practised with `/learn` all the same, without a guide."""
    env = simcord_env
    _guild, channel, (ada,) = await open_table(env, ["ada"])
    await ada.slash(channel, "learn", game=SLUG)
    while (record := await current_record(env)) is not None:
        assert record.practice and GAMES[SLUG].to_act(record.state) == [0], "the bot plays its seat"
        panel = next(
            m
            for m in reversed(ada.user.dm_channel.history())
            if any(i.startswith("toy:play:") for i in custom_ids(m))
        )
        assert "Guide:" not in all_text(panel) and not any(
            i.startswith("astro:guide:") for i in custom_ids(panel)
        )
        await ada.user.click(panel, custom_id=next(i for i in custom_ids(panel) if i.startswith("toy:play:")))
    assert await env.bot.storage.results(1) == []
