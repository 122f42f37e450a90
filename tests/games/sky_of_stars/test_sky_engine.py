"""The flow of a round: starting stars, STOP, swirls, guessing, views and refusals."""

from __future__ import annotations

import json

import pytest
from sky_helpers import GAME, act, dumps, first_move, force_roll, new_game, settle, start_all

from bot.games import GAMES
from bot.games.base import IllegalAction
from bot.games.sky_of_stars.components import load_vault

STARTS = ["C4", "F2", "B5", "G4"]


def shape_of(label: str) -> str:
    vault = load_vault()
    return vault.stars[vault.index[label]].shape.value


def drawing_state(seats: int = 4, seed: int = 21) -> dict:
    return start_all(new_game(seats, seed=seed), STARTS[:seats])


def test_registered_with_options_and_seat_limits() -> None:
    game = GAMES["sky-of-stars"]
    assert (game.min_seats, game.max_seats) == (3, 6)
    spec, pause, words = game.options
    assert (spec.name, spec.choices, spec.default) == ("countdown", (20, 30, 45, 60, 90), 30)
    assert (pause.name, pause.default) == ("reveal_pause", 6) and 0 in pause.choices
    assert (words.name, words.choices, words.default) == ("words", (0, 1, 2), 0)
    assert game.validate_options({}) == {"countdown": 30, "reveal_pause": 6, "words": 0}
    with pytest.raises(IllegalAction):
        game.validate_options({"countdown": 25})
    for seats in (2, 7):
        with pytest.raises(IllegalAction, match="3 to 6"):
            game.setup(seats, {}, 1)


def test_setup_is_seeded_and_starts_round_one() -> None:
    state = new_game(5, seed=99)
    assert state == new_game(5, seed=99)
    assert state != new_game(5, seed=98)
    view = GAME.view(state, None)
    assert (view["phase"], view["round"], view["rounds"], view["seats"]) == ("start", 1, 3, 5)
    assert view["waiting"] == [0, 1, 2, 3, 4] and GAME.to_act(state) == [0, 1, 2, 3, 4]
    assert len(view["card"]) == 5 and view["roll"] is None and view["guess"] is None
    assert GAME.countdown(state) is None and GAME.outcome(state) is None
    mine = GAME.view(state, 2)
    assert mine["secret"]["word"] == view["card"][mine["secret"]["number"] - 1]
    assert mine["choice"]["kind"] == "start" and len(mine["choice"]["stars"]) == 48


def test_cards_never_repeat_within_a_game() -> None:
    state = new_game(3, seed=5)
    assert len(set(state["deck"][:3])) == 3


def test_start_then_the_engine_rolls_by_itself() -> None:
    state = new_game(3, seed=21)
    decision = GAME.decision_id(state)
    state = act(state, 0, {"kind": "start", "star": "c4"})  # any letter case is accepted
    assert GAME.view(state, None)["locked"] == [0]
    assert GAME.view(state, 0)["vault"]["current"]["start"] == "C4"
    assert GAME.view(state, None)["drawings"] == []
    with pytest.raises(IllegalAction, match="already chosen"):
        GAME.apply(state, 0, {"kind": "start", "star": "D4"})
    applied = GAME.apply(act(state, 1, {"kind": "start", "star": "F2"}), 2, {"kind": "start", "star": "B5"})
    assert any(event.startswith("Round 1 · roll 1: the die shows") for event in applied.events)
    assert GAME.view(applied.state, None)["roll"]["count"] >= 1
    assert GAME.decision_id(applied.state) > decision


def test_stop_refused_during_start_and_when_already_called() -> None:
    state = new_game(4)
    with pytest.raises(IllegalAction, match="once the die is rolling"):
        GAME.apply(state, 0, {"kind": "stop"})
    assert {"kind": "stop"} not in GAME.legal_actions(state, 0)
    state = drawing_state()
    assert GAME.view(state, 3)["can_stop"]
    applied = GAME.apply(state, 1, {"kind": "stop"})
    assert applied.events == ["{1} called STOP. Drawing ends once this roll is finished."]
    state = applied.state
    assert GAME.view(state, None)["stop_by"] == 1 and not GAME.view(state, 3)["can_stop"]
    with pytest.raises(IllegalAction, match="STOP has already been called"):
        GAME.apply(state, 3, {"kind": "stop"})


def test_stop_finishes_the_roll_then_only_the_others_get_a_last_stroke() -> None:
    state = act(drawing_state(), 1, {"kind": "stop"})
    rolling = state["phase"]
    assert GAME.to_act(state)  # the current roll still has to be completed
    while state["phase"] == rolling:
        seat = GAME.to_act(state)[0]
        state = act(state, seat, first_move(state, seat))
    assert state["phase"] == "final"
    assert 1 not in state["waiting"] and 1 not in state["skipped"]
    assert GAME.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction, match="You called STOP"):
        GAME.apply(state, 1, {"kind": "pass"})
    choice = GAME.view(state, 0)["choice"]
    assert choice["kind"] == "stroke" and choice["optional"] is True
    start, ends = next(iter(choice["moves"].items()))
    shapes = {shape_of(label) for moves in choice["moves"].values() for label in moves}
    assert len(shapes) > 1  # any shape will do on the last stroke
    state = act(state, 0, {"kind": "stroke", "from": start, "to": ends[0]})
    with pytest.raises(IllegalAction, match="already made your last move"):
        GAME.apply(state, 0, {"kind": "pass"})
    state = act(state, 2, {"kind": "pass"})
    state = act(state, 3, {"kind": "pass"})
    assert state["phase"] == "guess"
    assert state["guess"]["order"] == [1, 2, 3, 0]  # from the STOP caller, clockwise


def test_pass_is_only_for_the_last_stroke() -> None:
    state = force_roll(drawing_state(), "four")
    with pytest.raises(IllegalAction, match="only allowed on the last stroke"):
        GAME.apply(state, 0, {"kind": "pass"})


def test_swirl_cancels_are_secret_until_all_are_in_then_applied_together() -> None:
    state = force_roll(drawing_state(), "swirl")
    choice = GAME.view(state, 0)["choice"]
    assert choice["kind"] == "cancel" and choice["target"] == 1  # the left neighbour
    assert choice["target_used"] == ["F2"] and "F2" not in choice["stars"]
    with pytest.raises(IllegalAction, match="already part of a constellation"):
        GAME.apply(state, 0, {"kind": "cancel", "star": "F2"})
    with pytest.raises(IllegalAction, match="cancel a star instead"):
        GAME.apply(state, 0, {"kind": "stroke", "from": "C4", "to": "D5"})
    public_before = GAME.view(state, None)
    state = act(state, 0, {"kind": "cancel", "star": "E2"})
    state = act(state, 1, {"kind": "cancel", "star": "A1"})
    state = act(state, 2, {"kind": "cancel", "star": "A1"})
    assert GAME.view(state, 0)["my_cancel"] == "E2"
    assert GAME.view(state, 1)["vault"]["cancelled"] == []  # not applied yet
    assert GAME.view(state, 1)["my_cancel"] == "A1"
    public = GAME.view(state, None)
    assert "E2" not in json.dumps(public) and "A1" not in json.dumps(public)
    assert public["locked"] == [0, 1, 2] and public["waiting"] == [3]
    assert {k: v for k, v in public.items() if k not in ("waiting", "locked")} == {
        k: v for k, v in public_before.items() if k not in ("waiting", "locked")
    }
    with pytest.raises(IllegalAction, match="already picked"):
        GAME.apply(state, 0, {"kind": "cancel", "star": "E3"})
    applied = GAME.apply(state, 3, {"kind": "cancel", "star": "H1"})
    assert "The swirl settles: every chosen star is now cancelled." in applied.events
    vaults = applied.state["vaults"]
    assert [v["cancelled"] for v in vaults] == [["H1"], ["E2"], ["A1"], ["A1"]]
    assert GAME.view(applied.state, 1)["vault"]["cancelled"] == ["E2"]


def test_guessing_order_own_drawing_hidden_guesses_and_timeout() -> None:
    state = act(drawing_state(), 2, {"kind": "stop"})
    state = settle(state, {"guess"})
    public = GAME.view(state, None)
    assert public["guess"] == {"artist": 2, "order": [2, 3, 0, 1], "position": 0, "countdown": 30}
    assert GAME.countdown(state) == 30
    assert [d["seat"] for d in public["drawings"]] == [2]  # only the artist is shown
    assert GAME.view(state, 2)["choice"] is None
    with pytest.raises(IllegalAction, match="You can't guess your own drawing."):
        GAME.apply(state, 2, {"kind": "guess", "number": 1})
    state = act(state, 0, {"kind": "guess", "number": 4})
    assert GAME.view(state, 0)["my_guess"] == 4
    assert GAME.view(state, 3)["my_guess"] is None
    public = GAME.view(state, None)
    assert public["reveals"] == [] and public["locked"] == [0]
    changed = GAME.apply(state, 0, {"kind": "guess", "number": 3})  # a change of mind is kept
    assert changed.events == [] and GAME.view(changed.state, 0)["my_guess"] == 3
    assert GAME.view(changed.state, None) == GAME.view(state, None)  # who guessed, never what
    with pytest.raises(IllegalAction, match="countdown"):
        GAME.apply(state, 0, {"kind": "timeout"})
    applied = GAME.apply(state, None, {"kind": "timeout"})
    assert applied.events[0] == "Time is up. No guess from {1} and {3}."
    reveal = GAME.view(applied.state, None)["reveals"][0]
    number = state["numbers"][2]
    assert reveal["artist"] == 2 and reveal["number"] == number
    assert reveal["word"] == GAME.view(state, None)["card"][number - 1]
    assert reveal["guesses"] == {"0": 4, "1": None, "3": None}
    assert reveal["correct"] == ([0] if number == 4 else [])
    assert f"{{2}} drew #{number}, {reveal['word']}." in applied.events[1]
    nxt = GAME.view(applied.state, None)
    assert nxt["guess"]["artist"] == 3 and [d["seat"] for d in nxt["drawings"]] == [2, 3]
    assert GAME.decision_id(applied.state) == GAME.decision_id(state) + 1


def test_drawing_ends_by_itself_and_guessing_rotates_without_stop() -> None:
    """Every star but D3 is cancelled: round 1 has nothing to draw, later rounds nothing to start."""
    state = new_game(3, seed=4)
    for vault in state["vaults"]:
        vault["cancelled"] = [f"{c}{r}" for c in "ABCDEFGH" for r in range(1, 7) if f"{c}{r}" != "D3"]
    state = act(state, 0, {"kind": "start", "star": "D3"})
    state = act(state, 1, {"kind": "start", "star": "D3"})
    applied = GAME.apply(state, 2, {"kind": "start", "star": "D3"})
    assert "Nobody can add a stroke any more, so drawing ends." in applied.events
    state = applied.state
    orders = []
    while state["phase"] != "over":
        assert state["phase"] == "guess" and state["stop_by"] is None
        orders.append(state["guess"]["order"])
        for _ in range(3):
            state = act(state, None, {"kind": "timeout"})
    assert orders == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    view = GAME.view(state, None)
    assert [d["start"] for d in view["drawings"] if d["round"] == 2] == [None, None, None]
    assert view["outcome"]["winners"] == [0, 1, 2]  # one red star each: all share everything


@pytest.mark.parametrize(
    ("seat", "action"),
    [
        (0, None),
        (0, "stop"),
        (0, {}),
        (0, {"kind": "fly"}),
        (0, {"kind": ["start"]}),
        (0, {"kind": "start"}),
        (0, {"kind": "start", "star": 5}),
        (0, {"kind": "start", "star": "Z9"}),
        (0, {"kind": "stroke", "from": "C4"}),
        (0, {"kind": "guess", "number": "3"}),
        (0, {"kind": "guess", "number": True}),
        (0, {"kind": "guess", "number": 6}),
        (0, {"kind": "timeout"}),
        (0, {"kind": "pass"}),
        (0, {"kind": "cancel", "star": "A1"}),
        (None, {"kind": "start", "star": "A1"}),
        (None, {"kind": "timeout"}),
        ("0", {"kind": "start", "star": "A1"}),
        (True, {"kind": "start", "star": "A1"}),
        (9, {"kind": "start", "star": "A1"}),
        (-1, {"kind": "start", "star": "A1"}),
    ],
)
def test_refused_actions_leave_the_state_untouched(seat, action) -> None:
    state = new_game(4)
    before = dumps(state)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, seat, action)
    assert refused.value.message
    assert dumps(state) == before


def test_refusals_in_every_phase_leave_the_state_untouched() -> None:
    state = act(drawing_state(), 1, {"kind": "stop"})
    seen = set()
    while state["phase"] != "over":
        before = dumps(state)
        for seat in range(4):
            for action in (
                {"kind": "stroke", "from": "A1", "to": "H6"},
                {"kind": "guess", "number": 2},
                {"kind": "start", "star": "A1"},
                {"kind": "cancel", "star": "C4"},
                {"kind": "pass"},
                {"kind": "stop"},
                {"kind": "guess", "number": 0},
            ):
                if action in GAME.legal_actions(state, seat):
                    continue
                with pytest.raises(IllegalAction):
                    GAME.apply(state, seat, action)
                assert dumps(state) == before
        seen.add(state["phase"])
        state = settle(state, {"over", *({"start", "stroke", "swirl", "final", "guess"} - {state["phase"]})})
    assert {"start", "final", "guess"} <= seen
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, 0, {"kind": "stop"})


def test_a_full_game_ends_with_an_outcome_in_the_view() -> None:
    state = settle(act(drawing_state(seed=8), 0, {"kind": "stop"}), {"over"})
    view = GAME.view(state, None)
    outcome = GAME.outcome(state)
    assert view["phase"] == "over" and view["card"] is None and view["waiting"] == []
    assert view["outcome"]["scores"] == outcome.scores and view["outcome"]["winners"] == outcome.winners
    assert len(view["drawings"]) == 12 and len(view["reveals"]) == 12
    for seat, part in enumerate(view["outcome"]["breakdown"]):
        assert part["rounds"] == view["scores"][seat]["rounds"]
        assert part["total"] == view["scores"][seat]["total"] + len(part["majorities"])
        drawn = sum(len(d["stars"]) for d in view["drawings"] if d["seat"] == seat)
        assert sum(part["colours"].values()) == drawn
    assert GAME.view(state, 0)["secret"] is None and GAME.to_act(state) == []
    assert json.loads(json.dumps(view)) == view


def test_a_reveal_stays_for_its_pause_and_the_rounds_end_comes_with_the_last_one() -> None:
    """With the pause, a reveal opens a step that waits on nobody, only on its countdown; the
    next drawing opens when it runs out. The round's last reveal carries the round's scores."""
    state = settle(new_game(3, seed=5, reveal_pause=6), {"guess"})
    for position in range(3):
        artist = state["guess"]["order"][position]
        for seat in [s for s in range(3) if s != artist]:
            applied = GAME.apply(state, seat, {"kind": "guess", "number": 1})
            state = applied.state
        assert state["phase"] == "reveal" and GAME.to_act(state) == []
        assert GAME.countdown(state) == 6 and GAME.legal_actions(state, 0) == []
        assert any(" drew #" in e for e in applied.events)
        last = position == 2
        assert any("scores:" in e for e in applied.events) == last
        assert state["round"] == 1 and len(state["scores"][0]["rounds"]) == (1 if last else 0)
        view = GAME.view(state, None)
        shown = {d["seat"] for d in view["drawings"] if d["round"] == 1}
        assert shown == set(state["guess"]["order"][: position + 1])
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, {"kind": "timeout"})
        applied = GAME.apply(state, None, {"kind": "timeout"})
        state = applied.state
        assert state["round"] == (2 if last else 1)
        assert any("Round 2 begins" in e for e in applied.events) == last
        if not last:
            assert state["phase"] == "guess" and state["guess"]["position"] == position + 1
