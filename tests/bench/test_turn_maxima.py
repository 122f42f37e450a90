"""Issue 29: no turn spikes. Whole games of A Sky of Stars and Starry Night Sky played through
their panels by the SimCord drivers (the shortest path, as the image-bytes bench plays them),
every interaction filed by ``bench.turn_taps`` under the turn its player owed in the game's
state: each kind of turn takes at most ``MAX_TAPS`` interactions, every time, and the medians
keep issue 20's budgets. One Sky player has closed DMs, so their every decision starts with
**Open my panel** in the thread (one more interaction, counted), and in a second game every
Sky line is drawn from the farthest star of the constellation that reaches its end (one pick more)."""

from __future__ import annotations

import statistics

import pytest

from bench.turn_taps import TARGETS, TurnTaps
from tests.drivers import sky_driver as sky
from tests.drivers import starry_night_sky_driver as sns
from tests.drivers.driver import NAMES, open_table
from tests.drivers.helpers import current_record
from tests.drivers.observatory_driver import close_dms

MAX_TAPS = 6  # issue 29: every kind of turn, on the shortest path through the panels


def check(slug: str, turns: dict[str, list[int]], *, medians: bool = True) -> None:
    """Every kind of turn within ``MAX_TAPS`` at its worst, and (``medians``) its median within
    its budget."""
    print(
        f"\n{slug}: "
        + ", ".join(f"{k} median {statistics.median(v):g} max {max(v)}" for k, v in turns.items())
    )
    assert turns, "no turn was played"
    over = {kind: max(taps) for kind, taps in turns.items() if max(taps) > MAX_TAPS}
    assert not over, f"{slug}: kinds of turn over {MAX_TAPS} interactions: {over}"
    for (title, kind), budget in TARGETS.items():
        if medians and title == slug and kind in turns:
            assert statistics.median(turns[kind]) <= budget, (kind, turns[kind])


def members(table_players) -> set[int]:
    return {p.id for p in table_players}


@pytest.mark.parametrize("far_origin", [False, True], ids=["nearest origin", "farthest origin"])
@pytest.mark.simcord(strict_sync=True)
async def test_a_sky_of_stars_turns_stay_within_six_taps(simcord_env, far_origin):
    env = simcord_env
    with TurnTaps(env, "sky-of-stars") as taps:
        _, channel, players = await open_table(env, NAMES[:3])
        close_dms(env, players[2])
        await sky.start_game(env, channel, players)
        table = sky.Table(env, channel, players, closed={players[2].name})
        table.far_origin = far_origin  # lines from the farthest star that reaches them: one pick more
        await sky.play_until(env, table, lambda view: False, stop_after=4)
    assert await current_record(env) is None, "the game did not finish"
    turns = taps.per_turn(members(players))
    assert {"roll", "starting star", "guessing"} <= set(turns), turns
    check("sky-of-stars", turns, medians=not far_origin)  # the budgets are the shortest path's


@pytest.mark.simcord(strict_sync=True)
async def test_starry_night_sky_turns_stay_within_six_taps(simcord_env):
    env = simcord_env
    with TurnTaps(env, "starry-night-sky") as taps:
        _, channel, players = await open_table(env, NAMES[:3])
        await sns.start_game(env, channel, players)
        table = sns.Table(env, channel, players)
        for number in range(300):
            record = await current_record(env)
            if record is None:
                break
            player = players[sns.GAME.to_act(record.state)[0]]
            # every third turn takes the panel's longer ways: a goal traded, another destination
            await table.play_turn(player, trade=number % 6 == 3, explore_last=number % 3 == 1)
    assert await current_record(env) is None, "the game did not finish"
    check("starry-night-sky", taps.per_turn(members(players)))
