"""Observatory's **Type a cell** form: a typed cell plays as the menus would, anything else is
refused with a sentence saying what to type, and the game stays exactly as it was."""

from __future__ import annotations

import pytest

from tests.drivers.helpers import current_record, custom_ids, find_component, latest_panel, said
from tests.drivers.observatory_driver import GAME, ObsTable, open_table, start_game


async def open_form(player, panel):
    type_id = next(i for i in custom_ids(panel) if i.startswith("obs:type:"))
    shown = await player.user.click(panel, custom_id=type_id)
    assert shown.modal is not None
    return shown


@pytest.mark.simcord(strict_sync=True)
async def test_a_typed_cell_plots_the_star_and_bad_input_changes_nothing(simcord_env, monkeypatch):
    env = simcord_env
    monkeypatch.setattr("bot.tell.service.secrets.randbits", lambda bits: 2)
    guild, channel, (ada, bea) = await open_table(env)
    await start_game(env, channel, [ada, bea], first_game=True)
    table = ObsTable(env, channel, [ada, bea])
    record = await current_record(env)  # first game: no choosing, straight to the roll
    roller = table.players[GAME.to_act(record.state)[0]]
    await table.play_turn(roller)  # rolls
    record = await current_record(env)
    assert GAME.view(record.state, 0)["phase"] == "decide"

    panel = latest_panel(ada)  # the home panel: its star lists and a Type a cell button for them
    codes = [
        o.value
        for i in custom_ids(panel)
        if i.startswith("obs:play:")
        for o in find_component(panel, i).options
        if o.value.startswith("plot.")
    ]
    by_cell: dict[str, list[str]] = {}
    for code in codes:
        by_cell.setdefault(code.rsplit(".", 1)[1], []).append(code)
    legal = {c for p in GAME.view(record.state, 0)["choice"]["plots"] for c in p["cells"]}
    assert set(by_cell) <= legal  # a wild die's list holds the cells nearest the seat's stars
    illegal = next(f"{c}{r}" for r in range(1, 13) for c in "ABCDEFGHIJKL" if f"{c}{r}" not in legal)

    for typed, needle in [
        ("Z9", "off the board"),
        ("\u202eC7", "like **"),
        ("C\u200b7", "like **"),
        ("seven", "like **"),
        (illegal, "isn't a cell you can use"),
    ]:
        before = (await current_record(env)).version
        result = await ada.user.submit_modal(await open_form(ada, panel), {"cell": typed})
        assert needle in said(result), (typed[:10], said(result))
        assert (await current_record(env)).version == before

    # a cell two different pairs of dice reach is not guessed: the list names the dice
    both = next((c for c, found in by_cell.items() if len(found) > 1), None)
    if both is not None:
        before = (await current_record(env)).version
        result = await ada.user.submit_modal(await open_form(ada, panel), {"cell": both})
        assert "different dice" in said(result) and (await current_record(env)).version == before

    # a cell the lists leave out (a wild die) is typed as well as a listed one
    unlisted = sorted(legal - set(by_cell))
    cell = unlisted[0] if unlisted else sorted(c for c, found in by_cell.items() if len(found) == 1)[0]
    await ada.user.submit_modal(await open_form(ada, panel), {"cell": f"  {cell.lower()} "})
    record = await current_record(env)
    plotted = GAME.view(record.state, 0)["choice"]["plotted"]
    assert plotted["cell"] == cell
    if not unlisted:
        dice = [int(d) for d in by_cell[cell][0].split(".")[1]]
        assert sorted(plotted["dice"]) == sorted(dice)
