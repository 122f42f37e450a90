"""Every Starry Night Sky player has a panel from the start, and a waiting panel says what comes
next for them (whose turns come first, what their own turn asks), not only that one will come."""

from __future__ import annotations

import pytest

from bot.faces.starry_night_sky.words import next_turn_line
from tests.drivers.driver import open_table
from tests.drivers.helpers import all_text, current_record, dm_history
from tests.drivers.starry_night_sky_driver import GAME, Table, start_game


def newest_dm(player):
    history = dm_history(player)
    return history[-1] if history else None


@pytest.mark.simcord(strict_sync=True)
async def test_every_player_has_a_panel_from_the_start_that_says_what_comes_next(simcord_env):
    env = simcord_env
    _, channel, players = await open_table(env, ("ada", "bea", "cy"))
    await start_game(env, channel, players)
    record = await current_record(env)
    first = record.state["current"]
    for seat, player in enumerate(players):
        panel = newest_dm(player)
        assert panel is not None, f"{player.name} has no panel at the start"
        if seat == first:
            continue
        text = all_text(panel)
        assert "Not your turn" in text and "Next for you: your turn, after " in text, text
        ahead = [players[(first + k) % 3].name for k in range((seat - first) % 3)]
        assert all(name in text.split("Next for you")[1] for name in ahead), text

    # After a turn, the player's panel says what comes next, not just that a panel will come.
    table = Table(env, channel, players)
    done = await table.play_turn(players[first])
    text = all_text(table.current(players[first], done))
    assert "Your next panel will arrive" not in text
    record = await current_record(env)
    if record.state["current"] != first:
        assert "Next for you: your turn, after " in all_text(newest_dm(players[first]))


def test_dawn_leaves_no_turn_to_seats_already_past() -> None:
    state = GAME.setup(3, {}, 4)
    state["current"], state["dawn"] = 2, True
    assert "your last turn is played" in next_turn_line(GAME.view(state, 0), ["Ada", "Bea", "Cy"])
    state["current"], state["dawn"] = 1, False
    assert next_turn_line(GAME.view(state, 0), ["Ada", "Bea", "Cy"]).startswith(
        "Next for you: your turn, after Bea and Cy."
    )
    assert next_turn_line(GAME.view(state, 1), ["Ada", "Bea", "Cy"]) == ""
