"""Observatory's **Type a cell** form: a typed cell plays as the menus would, anything else is
refused with a sentence saying what to type, and the game stays exactly as it was."""

from __future__ import annotations

import pytest

from tests.bot.helpers import current_record, custom_ids, latest_panel, refresh, said
from tests.bot.observatory_driver import GAME, ObsTable, open_table, start_game


async def open_form(player, panel):
    type_id = next(i for i in custom_ids(panel) if i.startswith("obs:type:"))
    shown = await player.user.click(panel, custom_id=type_id)
    assert shown.modal is not None
    return shown


@pytest.mark.simcord(strict_sync=True)
async def test_a_typed_cell_plots_the_star_and_bad_input_changes_nothing(simcord_env, monkeypatch):
    env = simcord_env
    monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: 2)
    guild, channel, (ada, bea) = await open_table(env)
    await start_game(env, channel, [ada, bea], first_game=True)
    table = ObsTable(env, channel, [ada, bea])
    record = await current_record(env)  # first game: no choosing, straight to the roll
    roller = table.players[GAME.to_act(record.state)[0]]
    await table.play_turn(roller)  # rolls
    record = await current_record(env)
    assert GAME.view(record.state, 0)["phase"] == "decide"

    panel = latest_panel(ada)
    plot_go = next(i for i in custom_ids(panel)
                   if i.startswith("obs:go:") and i.split(":")[4].startswith("p"))
    await ada.user.click(panel, custom_id=plot_go)
    panel = refresh(ada.user.dm_channel, panel)
    stage = plot_go.split(":")[4]
    dice = [int(stage[1]), int(stage[2])]
    plot = next(p for p in GAME.view(record.state, 0)["choice"]["plots"] if list(p["dice"]) == dice)
    legal = set(plot["cells"])
    illegal = next(f"{c}{r}" for r in range(1, 13) for c in "ABCDEFGHIJKL" if f"{c}{r}" not in legal)

    for typed, needle in [("Z9", "off the board"), ("\u202eC7", "like **"),
                          ("C\u200b7", "like **"), ("seven", "like **"),
                          (illegal, "isn't a cell you can use")]:
        before = (await current_record(env)).version
        result = await ada.user.submit_modal(await open_form(ada, panel), {"cell": typed})
        assert needle in said(result), (typed[:10], said(result))
        assert (await current_record(env)).version == before

    cell = sorted(legal)[0]
    await ada.user.submit_modal(await open_form(ada, panel), {"cell": f"  {cell.lower()} "})
    record = await current_record(env)
    plotted = GAME.view(record.state, 0)["choice"]["plotted"]
    assert plotted["cell"] == cell and sorted(plotted["dice"]) == sorted(dice)
