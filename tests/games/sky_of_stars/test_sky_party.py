"""Issue 14 rules: changing a guess, STOP before drawing, swirl news, the log, typed lines,
and the "how this game went" facts in the outcome."""

from __future__ import annotations

import json

import pytest
from sky_helpers import GAME, act, first_move, force_roll, new_game, settle, start_all

from bot.games.base import IllegalAction
from bot.games.sky_of_stars.moves import parse_line
from bot.games.sky_of_stars.simulate import play_random_game

STARTS = ["C4", "F2", "B5", "G4"]


def drawing_state(seats: int = 4, seed: int = 21) -> dict:
    return start_all(new_game(seats, seed=seed), STARTS[:seats])


def guessing_state() -> dict:
    return settle(act(drawing_state(), 2, {"kind": "stop"}), {"guess"})


def test_a_changed_guess_counts_and_the_public_sees_only_who_guessed() -> None:
    state = act(guessing_state(), 0, {"kind": "guess", "number": 4, "artist": 2})
    before = GAME.view(state, None)
    state = act(state, 0, {"kind": "guess", "number": 1, "artist": 2})
    assert GAME.view(state, 0)["my_guess"] == 1
    assert GAME.view(state, None) == before and "pending" not in json.dumps(before)
    state = act(act(state, 1, {"kind": "guess", "number": 2}), 3, {"kind": "guess", "number": 2})
    reveal = state["reveals"][-1]  # every guess in: revealed at once
    assert reveal["guesses"] == {"0": 1, "1": 2, "3": 2}
    assert state["guess"]["position"] == 1


def test_a_guess_for_a_drawing_already_revealed_is_refused_and_changes_nothing() -> None:
    state = guessing_state()
    for seat in (0, 1, 3):
        state = act(state, seat, {"kind": "guess", "number": 5})
    assert GAME.view(state, None)["guess"]["artist"] == 3
    text = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction, match="has ended"):
        GAME.apply(state, 0, {"kind": "guess", "number": 4, "artist": 2})
    assert json.dumps(state, sort_keys=True) == text
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"kind": "guess", "number": 4, "artist": "2"})


def test_stop_before_drawing_leaves_the_caller_owing_this_roll() -> None:
    state = force_roll(drawing_state(), "any")
    state = act(state, 1, {"kind": "stop"})
    assert 1 in GAME.to_act(state)
    view = GAME.view(state, 1)
    assert view["choice"]["kind"] == "stroke" and not view["can_stop"]
    strokes = [a for a in GAME.legal_actions(state, 1) if a["kind"] == "stroke"]
    assert strokes and {"kind": "stop"} not in GAME.legal_actions(state, 1)
    state = act(state, 1, strokes[0])
    assert len(state["vaults"][1]["current"]["strokes"]) == 1


def test_the_log_marks_round_and_roll_and_names_who_drew() -> None:
    state = force_roll(drawing_state(), "any")
    events: list[str] = []
    for seat in (0, 1, 2, 3):
        applied = GAME.apply(state, seat, first_move(state, seat))
        events += applied.events
        state = applied.state
    assert "Round 1 · roll 1: {0}, {1}, {2} and {3} drew a line." in events
    assert any(e.startswith("Round 1 · roll 2: the die shows") for e in events)


def test_the_last_lines_say_who_drew_and_who_passed() -> None:
    state = act(drawing_state(), 1, {"kind": "stop"})
    state = settle(state, {"final"})
    events: list[str] = []
    for seat in list(GAME.to_act(state)):
        move = first_move(state, seat) if seat == 0 else {"kind": "pass"}
        applied = GAME.apply(state, seat, move)
        events += applied.events
        state = applied.state
    assert "Round 1 · last lines: {0} drew a last line; {2} and {3} passed." in events


def test_a_swirl_victim_sees_which_star_and_who_crossed_it_out() -> None:
    state = force_roll(drawing_state(), "swirl")
    for seat, star in [(0, "E2"), (1, "A1"), (2, "A2"), (3, "H1")]:
        state = act(state, seat, {"kind": "cancel", "star": star})
    assert GAME.view(state, 1)["crossed_out"] == [{"star": "E2", "by": 0, "round": 1, "roll": 1}]
    assert GAME.view(state, 0)["crossed_out"][0]["star"] == "H1"
    assert "crossed_out" not in GAME.view(state, None)
    assert "E2" not in json.dumps(GAME.view(state, 2)["crossed_out"])


@pytest.mark.parametrize(
    "typed, line",
    [
        ("C4 D5", ("C4", "D5")),
        ("c4-d5", ("C4", "D5")),
        ("C4 → D5", ("C4", "D5")),
        (" c4 to d5 ", ("C4", "D5")),
    ],
)
def test_a_typed_line_reads_two_labels(typed: str, line: tuple[str, str]) -> None:
    assert parse_line(typed) == line


@pytest.mark.parametrize(
    "typed, says",
    [
        ("a4-b4x", "'b4x' isn't one"),
        ("A4 A4", "A4 twice"),
        ("A4", "exactly two"),
        ("A4 B4 C4", "exactly two"),
        ("", "exactly two"),
        ("I4 B4", "isn't one"),
    ],
)
def test_a_typed_line_with_anything_but_two_labels_is_refused(typed: str, says: str) -> None:
    with pytest.raises(IllegalAction, match=says):
        parse_line(typed)


def test_the_outcome_says_how_the_game_went_and_leaves_the_seed_to_the_log() -> None:
    state, _ = play_random_game(4, seed=5, rng_seed=9)
    outcome = GAME.view(state, None)["outcome"]
    assert "seed" not in outcome  # /game log keeps it; the results have no use for it
    facts = outcome["highlights"]
    assert facts["stars"] == [sum(len(p["stars"]) for p in v["past"]) for v in state["vaults"]]
    assert facts["most_stars"] and all(facts["stars"][s] == max(facts["stars"]) for s in facts["most_stars"])
    everyone = [(r["artist"], r["round"]) for r in state["reveals"] if len(r["correct"]) == 3]
    assert [(h["seat"], h["round"]) for h in facts["everyone_guessed"]] == everyone
    assert GAME.view(new_game(), None)["outcome"] is None  # never before the end
