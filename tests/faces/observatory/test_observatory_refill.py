"""Complete at any time, through real Discord: a goal that fits while refilling is offered.

The game starts from a prepared position (a solo player refilling, one goal already lying on
their stars); everything after that is real clicks on the bot's DM panels.
"""

from __future__ import annotations

import logging

import pytest

from bot.games.observatory import Observatory
from bot.games.observatory.components import load_cards
from bot.games.observatory.model import parse_cell
from tests.drivers.helpers import all_text, current_record, custom_ids, latest_panel
from tests.drivers.observatory_driver import GAME, ObsTable, open_table, start_game

REAL_SETUP = Observatory.setup


def refilling_with_a_fitting_goal(self, seats, options, seed):
    """A solo game at its first refill: the player holds four goals and one of them, a pair with
    a Free Star bonus, already lies on their unused stars."""
    state = REAL_SETUP(self, seats, {**options, "first_game": 1}, seed)
    fits = next(
        c for c in load_cards().values() if len(c.stars) == 2 and (c.bonus or {}).get("kind") == "free_star"
    )
    sheet = state["sheets"][0]
    for pile in [*state["decks"].values(), *state["sky"].values(), sheet["goals"]]:
        if fits.id in pile:
            pile.remove(fits.id)
    sheet["goals"] = sheet["goals"][:3] + [fits.id]
    sheet["stars"] = [parse_cell(f"{'ABCDEFGHIJKL'[c + 4]}{r + 5}") for r, c in fits.stars]
    state.update(phase="refill", refill={"queue": [0], "passed": False}, decision=state["decision"] + 1)
    return state


@pytest.mark.simcord(strict_sync=True)
async def test_refill_panel_completes_a_goal_that_already_fits(simcord_env, caplog, monkeypatch):
    env = simcord_env
    monkeypatch.setattr(Observatory, "setup", refilling_with_a_fitting_goal)
    _, channel, (solo,) = await open_table(env, names=("sol",))
    await start_game(env, channel, [solo])
    record = await current_record(env)
    fits = next(iter(GAME.view(record.state, 0)["choice"]["placements"]))
    panel = latest_panel(solo)
    assert "already fits your unused stars" in all_text(panel)
    assert any(i.endswith(f":c{fits}") for i in custom_ids(panel)), custom_ids(panel)
    assert not [i for i in custom_ids(panel) if i.startswith("obs:pick:")], "four goals: nothing to take"
    table = ObsTable(env, channel, [solo])
    for _ in range(6):
        record = await current_record(env)
        if GAME.view(record.state, None)["phase"] != "refill":
            break
        await table.play_turn(solo)
    sheet = record.state["sheets"][0]
    assert fits in sheet["completed"] and len(sheet["goals"]) == 4 and sheet["grants"] == []
    assert {"cp", "fs", "take"} <= table.seen_codes, table.seen_codes
    assert GAME.view(record.state, None)["phase"] == "roll"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
