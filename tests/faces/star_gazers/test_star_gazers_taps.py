"""A complete three-player Star Gazers game on the shortest path through the panels (issue 29: no
turn spikes). A turn is a pick, a square, each later choice the preview asks (a bonus token's
place, a Space Shuttle's bonus) and one **Confirm turn** that sends the whole turn: at most 6
interactions for every kind of turn, 4 at the median, counted as the image-bytes bench counts them
(``bench.turn_taps``). Every tile and token was shown in the Mural picture, exactly as sent,
before that button was pressed."""

from __future__ import annotations

import statistics
from collections import defaultdict

import pytest

from bench.turn_taps import TurnTaps
from bot.faces.star_gazers import PRESENTER, plan
from bot.faces.star_gazers.art.parts import square_name
from bot.faces.star_gazers.codes import decode
from tests.drivers.helpers import current_record
from tests.drivers.star_gazers_driver import GAME, Table, open_lobby, start_game

SEED = 11
BUDGET = 4  # taps per turn, median over the game (issue 20)
MOST = 6  # taps of any one turn, whatever it holds (issue 29)


def kind_of_turn(sent: plan.Plan, state: dict) -> str:
    """What a drafted turn held, read from the plan it sent and the state it was drafted on."""
    codes = [sent.token or "", *sent.rest]
    if not any(state["turn"]["work"]["universe"]):
        return "last pick"
    if any(c.startswith("ks") for c in codes):
        return "Space Shuttle"
    if any(c.startswith("r") for c in sent.rest):
        return "Reserve"
    return "plain"


@pytest.mark.simcord(strict_sync=True)
async def test_a_three_player_game_in_few_taps_each_move_previewed(simcord_env, monkeypatch):
    monkeypatch.setattr("bot.tell.service.secrets.randbits", lambda bits: SEED)
    env = simcord_env
    _guild, channel, players = await open_lobby(env, ("ada", "bea", "cy"))
    with TurnTaps(env, GAME.slug) as taps:
        await start_game(env, channel, players)
        table = Table(env, channel, players, closed=set())
        for _ in range(200):
            record = await current_record(env)
            if record is None:
                break
            for seat in GAME.to_act(record.state):
                await table.play_turn(players[seat], await table.panel(players[seat]), seat)
        else:
            raise AssertionError("the game did not finish")

    turns = 6 * 8  # three players: six rounds of eight picks
    per_kind = taps.per_turn({p.id for p in players})
    assert len(per_kind["turn"]) == turns and len(table.previewed) == turns
    assert statistics.median(per_kind["turn"]) <= BUDGET, per_kind
    assert all(max(counts) <= MOST for counts in per_kind.values()), per_kind
    assert min(per_kind["turn"]) >= 3, "a turn is at least a pick, a square and its confirm"

    # each kind of turn the game held (a plain one, a Space Shuttle's, a round's last pick) stays
    # within the budget too: the turn's taps are filed under its decision id
    by_decision = {key: n for (_user, kind, key), n in taps.taps.items() if kind == "turn"}
    held: dict[str, list[int]] = defaultdict(list)
    for shown in table.previewed:
        held[kind_of_turn(plan.parse(shown.code), shown.state)].append(by_decision[shown.state["decision"]])
    assert {"plain", "Space Shuttle", "last pick"} <= set(held), held
    assert all(max(counts) <= MOST for counts in held.values()), held
    assert set(held["plain"]) == {3}, held  # a pick, a square, Confirm turn
    assert {"gain", "journal", "move_token", "bonus"} <= table.kinds, table.kinds

    for shown in table.previewed:
        sent = plan.parse(shown.code)
        assert sent.confirm and decode(shown.code)["steps"][-1] == {"kind": "confirm"}
        seat = GAME.to_act(shown.state)[0]
        stage = plan.Plan(sent.cell, sent.rotation, sent.token, rest=sent.rest)
        done, tentative, note = plan.preview(GAME, shown.state, seat, stage, decode)
        assert note is None and tentative is not None and done == stage, (shown.code, note)
        assert (tentative.get("choice") or {}).get("kind") == "confirm", "the whole turn was drafted"
        squares = tentative["preview"]["mural"]["squares"]
        assert squares[sent.cell]["tile"] is not None
        if sent.token.startswith("kc"):
            cell = int(sent.token[2:])
            assert squares[cell]["token"] is not None or squares[cell]["tile"]["hex"]
        # the picture shown is the Mural drawn with this very turn (named by what it draws)
        out = PRESENTER.panel(
            GAME.view(shown.state, seat), shown.names, 1, stage=done.code(), tentative=tentative
        )
        assert shown.pictures == [out.filename], (shown.code, shown.pictures, out.filename)
        assert f"Your tile on **{square_name(sent.cell)}**" in shown.text
