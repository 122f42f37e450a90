"""A complete 3-player Observatory game along the shortest path through the panels: few taps a
turn, and every move seen on the sheet before **Finish turn** makes it final.

The driver picks from the panels' lists of moves (a pick plays at once, as a draft) and presses
Finish. Budgets (issue 20, median over the game's turns): the roller at most 5 interactions (the
roll included), every other player at most 4. Each draft move answers with a new picture of the
sheet, and when a player presses Finish their panel shows the sheet of exactly the draft being
finished, its new stars and research spaces ringed.
"""

from __future__ import annotations

import statistics

import pytest

from bot.core.table import names_of
from bot.faces.observatory import PRESENTER
from bot.faces.observatory.art.sheet import fresh_of
from tests.drivers.helpers import current_record
from tests.drivers.observatory_driver import GAME, ObsTable, open_table, play_until, start_game

ROLLER_TAPS, OTHER_TAPS = 5, 4


def sheet_files(message) -> list[str]:
    return [a.filename for a in message.attachments if a.filename.startswith("sheet-")]


class CheckedTable(ObsTable):
    """The driver, checking each draft move's picture and what the panel shows at Finish."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.redrawn = 0  # draft moves that answered with a new sheet
        self.finished = 0  # Finish presses checked against the draft they finish

    async def select(self, player, message, custom_id, values):
        before = sheet_files(message)
        result = await super().select(player, message, custom_id, values)
        if custom_id.startswith("obs:play:"):
            after = sheet_files(self.reload(player, message))
            assert after and after != before, f"{player.name}'s {values[0]} did not redraw the sheet"
            self.redrawn += 1
        return result

    async def click(self, player, message, custom_id):
        if custom_id.startswith("obs:do:") and custom_id.endswith(":done"):
            await self.check_finish(player, message)
        return await super().click(player, message, custom_id)

    async def check_finish(self, player, message) -> None:
        record = await current_record(self.env)
        seat = self.players.index(player)
        view = GAME.view(record.state, seat)
        choice = view["choice"]
        if choice["kind"] not in ("decide", "night_bonus"):
            return
        # the picture on the panel is the sheet drawn from this very draft (home or Finish stage)
        drawn = {
            PRESENTER.panel(view, names_of(record), record.id, stage=stage).filename for stage in ("h", "f")
        }
        shown = sheet_files(message)
        assert shown and shown[0] in drawn, (player.name, shown, drawn)
        # and the draft's moves are on it, ringed as not final yet
        stars, spaces = fresh_of(view, seat)
        if choice.get("plotted"):
            assert choice["plotted"]["cell"] in stars
        if choice.get("researched"):
            assert (choice["researched"]["track"], choice["researched"]["space"]) in spaces
        self.finished += 1


@pytest.mark.simcord(strict_sync=True)
async def test_a_three_player_game_takes_few_taps_and_shows_every_move_before_finish(
    simcord_env, monkeypatch
):
    env = simcord_env
    monkeypatch.setattr("bot.tell.service.secrets.randbits", lambda bits: 13)
    _guild, channel, players = await open_table(env, ("ada", "bea", "cy"))
    await start_game(env, channel, players)
    table = CheckedTable(env, channel, players)
    await play_until(env, table, lambda view: False)
    assert await current_record(env) is None, "the game reached its results"

    taps = table.taps_per_turn()
    turns = GAME.view(GAME.setup(3, {}, 1), None)["total_turns"]
    assert len(taps["roller"]) == turns and len(taps["others"]) == 2 * turns
    assert statistics.median(taps["roller"]) <= ROLLER_TAPS, taps["roller"]
    assert statistics.median(taps["others"]) <= OTHER_TAPS, taps["others"]
    # every turn's part was played (a star and a research space each), each previewed
    assert table.finished >= 3 * turns and table.redrawn >= 2 * 3 * turns
    assert {"plot", "res", "ss", "done"} <= table.seen_codes
