"""Scoring: the rulebook's Michela examples, colour majorities and the tie-break ladder."""

from __future__ import annotations

from sky_helpers import GAME, act, new_game, settle, start_all

from bot.games.sky_of_stars.scoring import final_outcome, majorities, round_points, score_round


def rounds_of(*points: tuple[int, int, bool], seats: int = 4) -> list[dict]:
    return [round_points(by, guessed, seats) for by, guessed, _ in points]


def counts(yellow: int, red: int, blue: int) -> dict[str, int]:
    return {"yellow": yellow, "red": red, "blue": blue}


def test_michela_round_is_six_points_with_the_plus_one_box() -> None:
    """4 players: all 3 others read her pot, she read 2 drawings: 3 + 2 spaces and the +1 box."""
    assert round_points(guessed_by=3, guessed=2, seats=4) == {
        "guessed_by": 3,
        "guessed": 2,
        "plus_one": True,
        "points": 6,
    }


def test_round_scores_from_reveals() -> None:
    reveals = [
        {"artist": 0, "correct": [1, 2, 3]},
        {"artist": 1, "correct": [0]},
        {"artist": 2, "correct": [0, 3]},
        {"artist": 3, "correct": []},
    ]
    scores = score_round(4, reveals)
    assert scores[0] == {"guessed_by": 3, "guessed": 2, "plus_one": True, "points": 6}
    assert scores[3] == {"guessed_by": 0, "guessed": 2, "plus_one": False, "points": 2}


def test_michela_final_is_fifteen_plus_two_majorities() -> None:
    michela = rounds_of((3, 2, True), (2, 2, False), (3, 1, True))  # 6 + 4 + 5 = 15
    others = [rounds_of((1, 1, False), (1, 1, False), (1, 1, False)) for _ in range(3)]
    colours = [counts(7, 6, 2), counts(3, 4, 5), counts(2, 6, 1), counts(5, 1, 4)]
    result = final_outcome([michela, *others], colours)
    assert sum(r["points"] for r in result.breakdown[0]["rounds"]) == 15
    assert result.breakdown[0]["majorities"] == ["yellow", "red"]
    assert result.breakdown[2]["majorities"] == ["red"]  # a shared lead pays both
    assert result.breakdown[1]["majorities"] == ["blue"]
    assert result.scores[0] == 17 and result.breakdown[0]["total"] == 17
    assert result.winners == [0]


def test_a_colour_nobody_used_pays_nobody() -> None:
    assert majorities([counts(2, 0, 1), counts(2, 0, 0)]) == [["yellow", "blue"], ["yellow"]]


def test_ties_go_to_plus_one_boxes_then_majorities_then_are_shared() -> None:
    plain = rounds_of((1, 2, False), (1, 2, False), (1, 2, False), seats=3)  # 9 points, no box
    boxed = rounds_of((2, 0, True), (1, 2, False), (1, 2, False), seats=3)  # 9 points, one box
    even = [counts(1, 1, 1)] * 3
    assert final_outcome([plain, boxed, plain], even).winners == [1]

    # same points and boxes: more colour majorities wins (the majority points are equalised)
    rounds = [rounds_of((1, 2, False), (1, 2, False), (1, 1, False), seats=3), plain, plain]
    colours = [counts(3, 3, 0), counts(1, 1, 2), counts(0, 0, 1)]
    result = final_outcome(rounds, colours)
    assert result.scores[:2] == [10, 10]
    assert result.winners == [0]

    result = final_outcome([plain, plain, boxed], [counts(1, 0, 0), counts(1, 0, 0), counts(0, 0, 0)])
    assert result.scores == [10, 10, 9]
    assert result.winners == [0, 1]


def test_michela_round_through_the_engine() -> None:
    """Seat 0 is read by all three others and reads seats 1 and 2 but not seat 3."""
    state = start_all(new_game(4, seed=21), ["C4", "F2", "B5", "G4"])
    state = act(state, 0, {"kind": "stop"})
    state = settle(state, {"guess"})
    numbers = state["numbers"]
    assert state["guess"]["order"] == [0, 1, 2, 3]
    while state["phase"] == "guess":
        artist = state["guess"]["order"][state["guess"]["position"]]
        for seat in GAME.to_act(state):
            right = numbers[artist]
            read = artist == 0 or (seat == 0 and artist in (1, 2))
            state = act(state, seat, {"kind": "guess", "number": right if read else right % 5 + 1})
    assert state["round"] == 2
    michela = GAME.view(state, None)["scores"][0]
    assert michela["rounds"] == [{"guessed_by": 3, "guessed": 2, "plus_one": True, "points": 6}]
    assert michela["total"] == 6
