"""No Observatory turn spikes (issue 29): a complete 3-player game along the panels' shortest path
(the driver), every interaction filed under the turn its player owed as the game's state says
(``bench.turn_taps``, as ``python -m bench --only image-bytes`` counts them), and every kind of
turn at most 6 interactions at its longest, night bonuses and goal completions included, with the
medians still within issue 20's budgets (roller 5, others 4).

The roller's longest turn completes a card, uses the Shooting Star and takes a new goal: roll,
star, research, Shooting Star, the card with its bonus (one list: ``cp.<card>.<placement>.<cell>``)
and **Finish and take <card>** (``done`` with ``take``) are 6 taps, where they were 8.
"""

from __future__ import annotations

import statistics

import pytest

from bench.turn_taps import TurnTaps
from tests.drivers.helpers import current_record
from tests.drivers.observatory_driver import LAST_TABLE, ObsTable, open_table, play_until, start_game

MOST = 6
MEDIANS = {"turn, roller": 5, "turn, others": 4}


async def played(env, monkeypatch) -> dict[str, list[int]]:
    monkeypatch.setattr("bot.tell.service.secrets.randbits", lambda bits: 13)
    _guild, channel, players = await open_table(env, ("ada", "bea", "cy"))
    with TurnTaps(env, "observatory") as taps:
        await start_game(env, channel, players)
        await play_until(env, ObsTable(env, channel, players), lambda view: False)
    assert await current_record(env) is None, "the game reached its results"
    return taps.per_turn({p.id for p in players})


@pytest.mark.simcord(strict_sync=True)
async def test_no_turn_of_the_others_takes_more_than_6_taps(simcord_env, monkeypatch):
    turns = await played(simcord_env, monkeypatch)
    assert {"turn, roller", "turn, others", "night bonus", "choosing goals"} <= set(turns), set(turns)
    longest = {kind: max(taps) for kind, taps in turns.items() if kind != "turn, roller"}
    assert all(most <= MOST for most in longest.values()), longest
    for kind, budget in MEDIANS.items():
        assert statistics.median(turns[kind]) <= budget, (kind, turns[kind])


@pytest.mark.simcord(strict_sync=True)
async def test_the_roller_s_longest_turn_takes_at_most_6_taps(simcord_env, monkeypatch):
    turns = await played(simcord_env, monkeypatch)
    assert max(turns["turn, roller"]) <= MOST, turns["turn, roller"]
    trace = LAST_TABLE[0].trace
    assert any(item.startswith("do:done.") for _s, _k, item, _v in trace), "Finish and take <card>"
    assert any(v.startswith("cp.") and v.count(".") >= 3 for *_rest, v in trace), "a card with its bonus"
