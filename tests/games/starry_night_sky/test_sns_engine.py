"""The contract details: setup, turn order, decision ids, assignments, trades and secrecy."""

from __future__ import annotations

import json

import pytest
from sns_helpers import END, GAME, blank, fill, move, place, run, turn_log

from bot.games.base import IllegalAction
from bot.games.rng import Rng
from bot.games.starry_night_sky.components import load_myths


def test_setup_deals_pools_myths_and_the_tracks() -> None:
    for seats in (2, 3, 4):
        state = GAME.setup(seats, {}, 11)
        myths = [m for p in state["players"] for m in p["myths"]]
        assert len(myths) == 3 * seats == len(set(myths))
        assert all(len(p["at"]) and p["at"] == "START" for p in state["players"])
        others = state["players"][1:]
        assert all(len(pool) == 1 for p in others for pool in p["pools"])
        assert state["dawn_left"] == 4 and len(state["night"]) == {2: 12, 3: 16, 4: 20}[seats]
        assert state["current"] == 0 and state["players"][0]["goals"]
    with pytest.raises(IllegalAction):
        GAME.setup(5, {}, 1)
    with pytest.raises(IllegalAction):
        GAME.setup(1, {}, 1)


def test_gather_draws_one_star_per_pool_with_room() -> None:
    state = GAME.setup(2, {}, 5)
    assert len(state["turn"]["gathered"]) == 3
    state = blank(seats=2)
    state["players"][1].update(pools=[["red"] * 4, ["blue"] * 4, ["yellow"]])
    state["players"][0]["pools"] = [["blue"], [], []]
    state, _ = run(state, move("c04"), place(0, blue=1))
    assert state["current"] == 1
    assert state["turn"]["gathered"] and len(state["turn"]["gathered"]) == 1
    assert len(state["players"][1]["pools"][2]) == 2  # the only pool with room took it


def test_assignment_needs_different_pools_with_room() -> None:
    state = blank(step="assign")
    state["turn"]["drawn"] = ["red", "blue"]
    state["players"][0]["pools"] = [["red"] * 4, ["yellow"], []]
    with pytest.raises(IllegalAction, match="different pool"):
        run(state, {"kind": "assign", "pools": [1, 1]})
    with pytest.raises(IllegalAction, match="full"):
        run(state, {"kind": "assign", "pools": [0, 1]})
    with pytest.raises(IllegalAction, match="Malformed"):
        run(state, {"kind": "assign", "pools": [1]})
    options = GAME.view(state, 0)["choice"]["options"]
    assert sorted(o["pools"] for o in options) == [[1, 2], [2, 1]]
    state, _ = run(state, {"kind": "assign", "pools": [2, 1]})
    assert state["players"][0]["pools"] == [["red"] * 4, ["yellow", "blue"], ["red"]]


def test_identical_assignments_are_offered_once() -> None:
    state = blank(step="assign")
    state["turn"]["drawn"] = ["red", "red", "red"]
    state["players"][0]["pools"] = [["blue"], ["blue"], ["blue"]]
    assert len(GAME.view(state, 0)["choice"]["options"]) == 1


def test_trading_a_goal_for_a_star() -> None:
    state = blank()
    state["players"][0].update(pools=[["blue"] * 4, ["red"], []], goals=["g05", "g20"])
    state["bag"]["yellow"] = 0
    with pytest.raises(IllegalAction, match="no yellow"):
        run(state, {"kind": "trade", "goal": "g05", "colour": "yellow", "pool": 1})
    with pytest.raises(IllegalAction, match="full"):
        run(state, {"kind": "trade", "goal": "g05", "colour": "red", "pool": 0})
    with pytest.raises(IllegalAction, match="don't hold"):
        run(state, {"kind": "trade", "goal": "g06", "colour": "red", "pool": 1})
    trades = GAME.view(state, 0)["trades"]
    assert [t["goal"] for t in trades] == ["g05", "g20"] and trades[0]["colours"] == ["red", "blue"]
    assert trades[0]["pools"] == [1, 2]
    state, events = run(state, {"kind": "trade", "goal": "g05", "colour": "red", "pool": 2})
    assert state["players"][0]["pools"][2] == ["red"] and state["players"][0]["goals"] == ["g20"]
    assert state["discard"] == ["g05"] and events == [] and "traded in" in turn_log(state)[0]


def test_trades_are_refused_while_assigning_and_allowed_after_placing() -> None:
    state = blank(step="assign")
    state["turn"]["drawn"] = ["red", "blue"]
    state["players"][0]["goals"] = ["g05"]
    with pytest.raises(IllegalAction, match="once your new stars"):
        run(state, {"kind": "trade", "goal": "g05", "colour": "red", "pool": 1})
    state = blank()
    state["players"][0].update(pools=[["blue", "blue"], [], []], goals=["g05", "g35"])
    state, _ = run(state, move("c04"), place(0, blue=1))
    assert state["turn"]["step"] == "end"
    state, _ = run(state, {"kind": "trade", "goal": "g35", "colour": "red", "pool": 1})
    state, _ = run(state, END)
    assert state["current"] == 1


def test_only_the_current_seat_acts_and_illegal_actions_leave_the_state_alone() -> None:
    state = blank()
    state["players"][0]["pools"] = [["blue"], [], []]
    text = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, 1, move("c04"))
    with pytest.raises(IllegalAction, match="move your telescope first"):
        GAME.apply(state, 0, END)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, place(0, blue=1))
    with pytest.raises(IllegalAction, match="Malformed"):
        GAME.apply(state, 0, {"kind": "move", "to": 4})
    assert json.dumps(state, sort_keys=True) == text


def test_decision_id_is_constant_within_a_turn_and_changes_between_turns() -> None:
    state = GAME.setup(3, {}, 21)
    rng = Rng(4)
    seen: dict[int, tuple[int, int]] = {}
    while state["phase"] == "play":
        seat = state["current"]
        key = (seat, state["players"][seat]["turns"])
        decision = GAME.decision_id(state)
        assert seen.setdefault(decision, key) == key
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng)).state
    assert len(seen) > 6


def test_myths_are_secret_until_the_end() -> None:
    state = GAME.setup(3, {}, 8)
    public = json.dumps(GAME.view(state, None))
    assert not any(f'"{m}"' in public for m in load_myths())
    mine = GAME.view(state, 1)
    assert [m["id"] for m in mine["my_myths"]] == state["players"][1]["myths"]
    others = {m for p in (state["players"][0], state["players"][2]) for m in p["myths"]}
    assert not any(f'"{m}"' in json.dumps(mine) for m in others)
    rng = Rng(3)
    while state["phase"] == "play":
        seat = state["current"]
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng)).state
    public = GAME.view(state, None)
    assert [[m["id"] for m in ms] for ms in public["myths"]] == [p["myths"] for p in state["players"]]
    assert public["outcome"]["scores"] == [p["score"]["total"] for p in public["players"]]


def test_events_fill_in_seat_names() -> None:
    state = blank()
    state["players"][0]["pools"] = [["blue"], [], []]
    fill(state, "c05")
    state["players"][1]["at"] = "c05"
    state["players"][0]["goals"] = ["g06", "g27"]
    state, events = run(state, move("c13"))
    log = list(turn_log(state))
    state, more = run(state, place(0, blue=1), END)
    for event in [*log, *events, *more]:
        assert event.format("Ann", "Bo", "Cy")
    assert any("{1}'s telescope" in e for e in more)


def test_seat_view_lists_what_the_panel_needs() -> None:
    state = blank()
    state["players"][0].update(pools=[["blue", "yellow"], ["red"], []], goals=["g05"])
    view = GAME.view(state, 0)
    dests = {d["to"]: d for d in view["choice"]["destinations"]}
    assert set(dests) == {"c01", "c03", "c04", "c05", "c06"}
    assert dests["c04"]["pools"] == [{"pool": 0, "max": {"red": 0, "blue": 1, "yellow": 0}}]
    assert dests["c04"]["discovery"] and dests["c04"]["points"] == 1
    assert view["legal"] == GAME.legal_actions(state, 0)
    state, _ = run(state, move("c05"))
    choice = GAME.view(state, 0)["choice"]
    assert choice["kind"] == "place" and choice["empty"] == {"red": 0, "blue": 1, "yellow": 1}
    assert choice["pools"] == [
        {
            "pool": 0,
            "options": [
                {"red": 0, "blue": 0, "yellow": 1},
                {"red": 0, "blue": 1, "yellow": 0},
                {"red": 0, "blue": 1, "yellow": 1},
            ],
        }
    ]
    assert GAME.view(state, 1)["choice"] is None


def test_an_empty_goal_deck_is_refilled_from_the_discards() -> None:
    state = blank(seats=2)
    state["players"][0]["pools"] = [["blue"], [], []]
    state["discard"] = ["g07", "g08"]
    state, events = run(state, move("c04"), place(0, blue=1))
    assert state["current"] == 1 and any("shuffled into a new deck" in e for e in events)
    assert state["turn"]["drew_goal"] in ("g07", "g08")
    assert sorted(state["deck"] + state["players"][1]["goals"]) == ["g07", "g08"]
    assert state["discard"] == []


def test_no_goal_is_drawn_with_three_in_hand() -> None:
    state = blank(seats=2)
    state["players"][0]["pools"] = [["blue"], [], []]
    state["players"][1]["goals"] = ["g01", "g02", "g03"]
    state["deck"] = ["g04"]
    state, _ = run(state, move("c04"), place(0, blue=1))
    assert state["turn"]["drew_goal"] is None and state["deck"] == ["g04"]


def test_a_turn_posts_one_summary_line_and_sub_steps_stay_quiet() -> None:
    state = blank()
    state["players"][0].update(pools=[["blue"], ["yellow"], []], goals=["g05"])
    state["deck"] = ["g30"]
    fill(state, "c04", ["blue"])
    state, events = run(state, move("c04"))
    assert events == []
    state, events = run(state, place(0, blue=1))
    assert events == []
    state, events = run(state, move("c05"), place(1, yellow=1))
    assert len(events) == 1 and events[0].startswith("{0} placed 1 star on Patient Heron (+1)")
    assert GAME.view(state, None)["last_summary"] == events[0]
