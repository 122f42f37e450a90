"""Dawn, the last round, Dawn Track markers, the stalled-night rule and the Myth tie-break."""

from __future__ import annotations

import pytest
from sns_helpers import END, GAME, blank, fill, move, place, run

from bot.games.base import IllegalAction
from bot.games.starry_night_sky.components import load_myths
from bot.games.starry_night_sky.scoring import outcome_of


def _discover(state: dict, seat: int, where: str, colour: str) -> tuple[dict, list[str]]:
    """Seat ``seat`` (to play, step move) discovers ``where`` with one star and ends its turn."""
    state["players"][seat]["pools"] = [[colour], [], []]
    state, events = run(state, move(where), place(0, **{colour: 1}), seat=seat)
    if state["phase"] == "play" and state["current"] == seat:
        state, more = run(state, END, seat=seat)
        events += more
    return state, events


def _prepare_next(state: dict) -> None:
    """Make the next seat's turn a plain move step from START with no goals."""
    seat = state["current"]
    state["turn"]["step"] = "move"
    state["turn"]["drawn"] = []
    state["players"][seat].update(at="START", goals=[])


@pytest.mark.parametrize("seats,dawn_seat", [(2, 0), (3, 0), (3, 1), (3, 2), (4, 1)])
def test_dawn_finishes_the_round_so_everyone_has_the_same_number_of_turns(seats: int, dawn_seat: int) -> None:
    state = blank(seats=seats)
    state["current"] = dawn_seat
    state["turn"]["seat"] = dawn_seat
    for earlier in range(dawn_seat):
        state["players"][earlier]["turns"] = 1  # they already played this round
    state["night"] = [3]
    state, events = _discover(state, dawn_seat, "c04", "blue")
    assert state["dawn"] and not state["night"]
    assert any("dawn is breaking" in e for e in events)
    assert state["players"][dawn_seat]["score"]["discovery"] == 3
    targets = iter([("c06", "red"), ("c05", "yellow"), ("c03", "red")])
    while state["phase"] == "play":
        seat = state["current"]
        assert seat > dawn_seat, "the round must end after the last seat, not wrap around"
        _prepare_next(state)
        where, colour = next(targets)
        state, _ = _discover(state, seat, where, colour)
        assert state["players"][seat]["score"]["discovery"] == 3  # a Dawn Track marker
        assert state["board"][where]["dawn_marker"]
    turns = [p["turns"] for p in state["players"]]
    assert len(set(turns)) == 1
    assert state["ended_by"] == "dawn"
    assert state["dawn_left"] == 4 - (seats - 1 - dawn_seat)
    assert GAME.to_act(state) == [] and GAME.outcome(state) is not None


def test_with_the_dawn_track_empty_a_discovery_scores_nothing() -> None:
    state = blank(seats=2)
    state.update(night=[], dawn=True, dawn_left=0)
    state, events = _discover(state, 0, "c04", "blue")
    assert state["players"][0]["score"]["discovery"] == 0
    assert state["board"]["c04"]["by"] == 0 and state["board"]["c04"]["marker"] == 0


def test_night_markers_are_taken_leftmost_first_with_their_values() -> None:
    for seats, fill_to in ((2, 12), (3, 16), (4, 20)):
        state = GAME.setup(seats, {}, 3)
        assert state["night"] == [1] * 5 + [2] * 7 + [3] * (fill_to - 12)
    state = blank(seats=2)
    state, _ = _discover(state, 0, "c04", "blue")
    assert state["players"][0]["score"]["discovery"] == 1 and len(state["night"]) == 11


def test_a_player_with_no_possible_move_skips_exploring() -> None:
    state = blank(seats=2)
    state["players"][0]["pools"] = [[], [], []]
    state["turn"]["step"] = "assign"
    state["turn"]["drawn"] = ["red"]
    state["players"][0]["pools"] = [["red"] * 4, ["red"] * 4, ["red"] * 3]
    for cid in ("c03", "c06"):
        fill(state, cid, ["red"] * (2 if cid == "c03" else 1))
    state, events = run(state, {"kind": "assign", "pools": [2]})
    assert any(e.startswith("{0} could not explore") for e in events)
    assert state["current"] == 1 and state["players"][0]["turns"] == 1


def _stuck(step: str = "move") -> dict:
    """Seat 0 holds one red star and a goal; everything in reach wants blue or yellow only."""
    state = blank(seats=2, step=step)
    state["players"][0].update(pools=[["red"], [], []], goals=["g01"])
    fill(state, "c03", ["red", "red"])
    fill(state, "c06", ["red"])
    return state


def test_a_stuck_player_may_trade_a_goal_to_open_a_move() -> None:
    state = _stuck()
    view = GAME.view(state, 0)
    assert view["choice"] == {
        "kind": "move",
        "bonus": False,
        "destinations": [],
        "stuck": True,
        "helps": ["blue", "yellow"],
    }
    assert {a["kind"] for a in GAME.legal_actions(state, 0)} == {"trade", "end"}
    state, _ = run(state, {"kind": "trade", "goal": "g01", "colour": "blue", "pool": 1})
    assert "c04" in {a["to"] for a in GAME.legal_actions(state, 0) if a["kind"] == "move"}


def test_trading_goals_is_a_choice_a_stuck_player_may_end_the_turn_and_keep_them() -> None:
    state = _stuck()
    pools = [list(p) for p in state["players"][0]["pools"]]
    assert END in GAME.legal_actions(state, 0)
    state, events = run(state, END)
    assert state["current"] == 1, "the turn is over"
    assert state["players"][0]["goals"] == ["g01"] and state["discard"] == []
    assert state["players"][0]["pools"] == pools, "no star was traded in"
    assert events[0] == "{0} could not explore (no star fits anywhere in reach): 0 points this turn."


def test_trading_goals_is_a_choice_on_a_stuck_bonus_exploration_too() -> None:
    state = _stuck("bonus_move")
    state["turn"]["bonus_due"] = True
    assert END in GAME.legal_actions(state, 0)
    state, events = run(state, END)
    assert state["current"] == 1 and state["players"][0]["goals"] == ["g01"]
    assert "found nowhere to go for the bonus exploration" in events[0]


def test_ending_the_turn_instead_of_a_possible_move_is_refused() -> None:
    state = _stuck()
    state["players"][0]["pools"] = [["blue"], [], []]
    assert END not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="move your telescope first"):
        GAME.apply(state, 0, END)


def test_a_useless_trade_with_no_goals_left_skips_exploring() -> None:
    state = blank(seats=2)
    state["players"][0].update(pools=[["red"], [], []], goals=["g01"])
    fill(state, "c03", ["red", "red"])
    fill(state, "c06", ["red"])
    state, events = run(state, {"kind": "trade", "goal": "g01", "colour": "red", "pool": 1})
    assert events[0] == (
        "{0} could not explore (no star fits anywhere in reach) and traded a goal "
        "for a red star: 0 points this turn."
    )
    assert state["current"] == 1


def test_a_round_in_which_nobody_can_do_anything_ends_the_night() -> None:
    state = blank(seats=2)
    state["current"] = 1
    state["turn"].update(seat=1, step="end")
    state["players"][1]["goals"] = ["g01"]
    state["round_activity"] = False
    state, events = run(state, END, seat=1)
    assert state["phase"] == "over" and state["ended_by"] == "stall"
    assert any("nobody could do anything" in e for e in events)


def _over(scores: list[tuple[int, list[str]]]) -> dict:
    """A finished game where seat i has ``stars`` points and holds ``myths``."""
    state = blank(seats=len(scores))
    state["phase"] = "over"
    for seat, (stars, myths) in enumerate(scores):
        state["players"][seat]["score"]["stars"] = stars
        state["players"][seat]["myths"] = myths
    return state


def test_myths_score_only_when_both_constellations_are_mapped() -> None:
    state = _over([(10, ["m01"]), (10, ["m02"])])
    myth = load_myths()["m01"]
    fill(state, myth.a)
    assert outcome_of(state).breakdown[0]["myths"] == 0
    fill(state, myth.b)
    assert outcome_of(state).breakdown[0]["myths"] == myth.points


def test_tie_goes_to_most_myth_points_then_is_shared() -> None:
    m01, m02 = load_myths()["m01"], load_myths()["m02"]
    state = _over([(20 - m01.points, ["m01"]), (20, ["m02"]), (5, [])])
    fill(state, m01.a)
    fill(state, m01.b)
    result = outcome_of(state)
    assert result.scores[:2] == [20, 20]
    assert result.winners == [0]
    for cid in (m02.a, m02.b):
        fill(state, cid)
    state["players"][1]["score"]["stars"] = 20 + m01.points - m02.points
    state["players"][0]["score"]["stars"] = 20
    result = outcome_of(state)
    assert result.scores[0] == result.scores[1] == 20 + m01.points
    if m01.points == m02.points:
        assert result.winners == [0, 1]
    else:
        assert result.winners == [0 if m01.points > m02.points else 1]


def test_equal_totals_and_equal_myths_share_the_win() -> None:
    state = _over([(12, []), (12, []), (3, [])])
    assert outcome_of(state).winners == [0, 1]
