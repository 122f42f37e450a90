"""Two moves that save the roller's longest turn two taps (issue 29): **Finish and take** (``done``
with the new goal, played when the refill opens, where the roller takes first) and a completion
that carries its bonus (``complete`` with ``bonus``, one sub-action)."""

from __future__ import annotations

from typing import Any

from obs_helpers import GAME, act, give_stars, refused, rolled, started
from test_obs_refill_and_end import _complete_now, _stars_at, _take_out, _two_star

from bot.games.observatory.model import cell_name, parse_cell

PLOT = {"kind": "plot", "dice": [0, 1], "cell": "C4"}
RESEARCH = {"kind": "research", "die": 2, "track": "funding", "space": 6}


def _roller_completed() -> tuple[dict[str, Any], int, str]:
    """The roller completed a bonus-free pair this turn and used their dice; the card it was."""
    state = rolled(started(2, seed=5), [3, 4, 6])
    roller = state["active"]
    done = _two_star(None)
    _take_out(state, done.id)
    state["sheets"][roller]["goals"][0] = done.id  # four goals, one of them ready
    give_stars(state, roller, *_stars_at(done, 6, 6))
    state = _complete_now(state, roller, done.id)
    state = act(act(state, roller, PLOT), roller, RESEARCH)
    return state, roller, done.id


def _other_finishes(state: dict[str, Any], roller: int) -> dict[str, Any]:
    other = 1 - roller
    return act(act(act(state, other, PLOT), other, RESEARCH), other, {"kind": "done"})


def test_the_roller_finishes_and_takes_a_face_up_card_in_one_action() -> None:
    state, roller, _done = _roller_completed()
    takes = GAME.view(state, roller)["choice"]["takes"]
    card = state["sky"]["large"][0]
    assert {"source": "sky", "card": card} in takes and {"source": "deck", "deck": "small"} in takes
    assert {"kind": "done", "take": {"source": "sky", "card": card}} in GAME.legal_actions(state, roller)
    state = act(state, roller, {"kind": "done", "take": {"source": "sky", "card": card}})
    assert state["phase"] == "decide" and GAME.to_act(state) == [1 - roller]  # kept until the step ends
    state = _other_finishes(state, roller)
    assert card in state["sheets"][roller]["goals"] and len(state["sheets"][roller]["goals"]) == 4
    assert card not in state["sky"]["large"]
    assert state["phase"] == "roll"  # nobody else owed a card: the next turn


def test_the_roller_finishing_last_takes_at_once_and_a_deck_works_too() -> None:
    state, roller, _done = _roller_completed()
    state = _other_finishes(state, roller)
    top = state["decks"]["small"][0]
    state = act(state, roller, {"kind": "done", "take": {"source": "deck", "deck": "small"}})
    assert top in state["sheets"][roller]["goals"] and state["phase"] == "roll"


def test_finish_and_take_is_only_the_completing_roller_s() -> None:
    state, roller, _done = _roller_completed()
    other = 1 - roller
    card = state["sky"]["large"][0]
    take = {"kind": "done", "take": {"source": "sky", "card": card}}
    assert GAME.view(state, other)["choice"]["takes"] == []
    assert "Only the player who rolled" in refused(act(act(state, other, PLOT), other, RESEARCH), other, take)
    gone = {"kind": "done", "take": {"source": "sky", "card": "XX99"}}
    assert "Only the player who rolled" in refused(state, roller, gone)
    plain = rolled(started(2, seed=5), [3, 4, 6])
    active = plain["active"]
    plain = act(act(plain, active, PLOT), active, RESEARCH)
    assert GAME.view(plain, active)["choice"]["takes"] == []
    assert "Only the player who rolled" in refused(plain, active, take)


def _ready(bonus: str | None) -> tuple[dict[str, Any], int, str, str]:
    """The roller holds a two-star card with ``bonus`` that fits one way: the card, its placement."""
    state = rolled(started(2, seed=5), [3, 4, 6])
    roller = state["active"]
    ready = _two_star(bonus)
    _take_out(state, ready.id)
    state["sheets"][roller]["goals"][0] = ready.id
    give_stars(state, roller, *_stars_at(ready, 6, 6))
    placements = GAME.view(state, roller)["choice"]["placements"][ready.id]
    return state, roller, ready.id, placements[0]["id"]


def test_a_completion_carries_its_bonus_as_one_sub_action() -> None:
    state, roller, card, pid = _ready("free_star")
    cells = GAME.view(state, roller)["choice"]["bonuses"][card]["cells"]
    assert cells, "a free star may go on any empty cell"
    done = act(
        state, roller, {"kind": "complete", "card": card, "placement": pid, "bonus": {"cell": cells[0]}}
    )
    sheet = done["sheets"][roller]
    assert card in sheet["completed"] and sheet["stars"][-1] == parse_cell(cells[0])
    assert not [g for g in sheet["grants"] if g["required"]], "the bonus that had to be used is used"
    undone = act(done, roller, {"kind": "undo"})
    assert undone["sheets"][roller] == state["sheets"][roller], "one Undo takes both back"


def test_a_completion_s_bonus_must_fit_or_nothing_happens() -> None:
    state, roller, card, pid = _ready("free_star")
    taken = cell_name(state["sheets"][roller]["stars"][0])
    bad = {"kind": "complete", "card": card, "placement": pid, "bonus": {"cell": taken}}
    assert "already holds a star" in refused(state, roller, bad)
    plain, seat, plain_card, plain_pid = _ready(None)
    assert plain_card not in GAME.view(plain, seat)["choice"]["bonuses"]
    extra = {"kind": "complete", "card": plain_card, "placement": plain_pid, "bonus": {"cell": "A1"}}
    assert "no bonus" in refused(plain, seat, extra)
