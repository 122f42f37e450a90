"""The end of a turn: goals completed at any time (also while refilling) and the game's last turn."""

from __future__ import annotations

from typing import Any

from obs_helpers import GAME, act, give_stars, refused, rolled, started

from bot.games.observatory.components import Card, load_cards
from bot.games.observatory.model import cell_name, nights_for, turns_per_night


def _two_star(bonus: str | None, skip: tuple[str, ...] = ()) -> Card:
    return next(
        c
        for c in load_cards().values()
        if len(c.stars) == 2 and c.id not in skip and (c.bonus or {}).get("kind") == bonus
    )


def _stars_at(target: Card, row: int, col: int) -> list[str]:
    return [cell_name((r + row) * 12 + c + col) for r, c in target.stars]


def _take_out(state: dict[str, Any], card_id: str) -> None:
    """Remove a card from wherever it is (a deck, the Night Sky, a goal row)."""
    for pile in [*state["decks"].values(), *state["sky"].values(), *(s["goals"] for s in state["sheets"])]:
        if card_id in pile:
            pile.remove(card_id)


def _finish_turn(state: dict[str, Any], seat: int) -> dict[str, Any]:
    state = act(state, seat, {"kind": "plot", "dice": [0, 1], "cell": "C4"})
    state = act(state, seat, {"kind": "research", "die": 2, "track": "funding", "space": 6})
    return act(state, seat, {"kind": "done"})


def _complete_now(state: dict[str, Any], seat: int, card_id: str) -> dict[str, Any]:
    pid = GAME.view(state, seat)["choice"]["placements"][card_id][0]["id"]
    return act(state, seat, {"kind": "complete", "card": card_id, "placement": pid})


def _refilling_seat_0(next_sky: Card) -> dict[str, Any]:
    """Seat 0 completed a bonus-free pair this turn and now refills; ``next_sky`` is face up and
    its figure already lies on seat 0's unused stars (rows 9-10, columns A-C)."""
    state = rolled(started(2, seed=5), [3, 4, 6])
    done = _two_star(None, skip=(next_sky.id,))
    for card_id in (done.id, next_sky.id):
        _take_out(state, card_id)
    state["sheets"][0]["goals"].insert(0, done.id)
    give_stars(state, 0, *_stars_at(done, 6, 6), *_stars_at(next_sky, 8, 0))
    state = _complete_now(state, 0, done.id)
    state["sky"]["small"][0] = next_sky.id
    state = _finish_turn(_finish_turn(state, 0), 1)
    assert state["phase"] == "refill" and GAME.to_act(state) == [0]
    return state


def test_complete_at_any_time_a_goal_taken_in_the_refill_that_already_fits() -> None:
    fits = _two_star("free_star")
    state = _refilling_seat_0(fits)
    assert not GAME.view(state, 0)["choice"]["placements"]  # nothing fits before the new card
    state = act(state, 0, {"kind": "take", "source": "sky", "card": fits.id})
    # four goals again, but the new card fits: seat 0 may complete it right away
    assert state["phase"] == "refill" and GAME.to_act(state) == [0]
    choice = GAME.view(state, 0)["choice"]
    assert list(choice["placements"]) == [fits.id] and choice["can_done"] and not choice["can_take"]
    decision = GAME.decision_id(state)
    state = _complete_now(state, 0, fits.id)
    assert GAME.decision_id(state) == decision + 1
    sheet = state["sheets"][0]
    assert fits.id in sheet["completed"] and len(sheet["goals"]) == 3
    # its Free Star bonus comes first, then the missing card; nothing else may be done meanwhile
    take = {"kind": "take", "source": "deck", "deck": "small"}
    assert "bonus of the constellation" in refused(state, 0, take)
    assert "bonus of the constellation" in refused(state, 0, {"kind": "done"})
    grant = GAME.view(state, 0)["choice"]["grants"][0]
    assert grant["source"] == "completion" and grant["required"]
    state = act(state, 0, {"kind": "free_star", "grant": grant["id"], "cell": "L1"})
    assert "L1" in GAME.view(state, None)["sheets"][0]["stars"]
    state = act(state, 0, {"kind": "take", "source": "deck", "deck": "large"})
    assert len(state["sheets"][0]["goals"]) == 4 and state["sheets"][0]["grants"] == []
    assert state["phase"] == "roll", "nothing else fits, so the refill is over"


def test_refilling_seat_may_keep_a_fitting_goal_for_later_and_finish() -> None:
    fits = _two_star("free_star")
    state = act(_refilling_seat_0(fits), 0, {"kind": "take", "source": "sky", "card": fits.id})
    assert "four goals already" in refused(state, 0, {"kind": "take", "source": "deck", "deck": "small"})
    banked = {"kind": "free_star", "grant": 0, "cell": "L1"}
    assert "bonus" in refused(state, 0, banked)
    state = act(state, 0, {"kind": "done"})
    assert state["phase"] == "roll" and fits.id in state["sheets"][0]["goals"]
    # the choice is still there at the next decision step
    state = rolled(state, [3, 4, 6])
    assert fits.id in GAME.view(state, 0)["choice"]["placements"]


def test_refill_bot_completes_what_fits_and_uses_the_bonus() -> None:
    from bot.games.rng import Rng

    fits = _two_star("free_star")
    state = act(_refilling_seat_0(fits), 0, {"kind": "take", "source": "sky", "card": fits.id})
    kinds = []
    while state["phase"] == "refill":
        action = GAME.bot_action(state, 0, Rng(1))
        assert action in GAME.legal_actions(state, 0)
        kinds.append(action["kind"])
        state = act(state, 0, action)
    # (its free star may finish yet another goal, which it then completes too)
    assert kinds[:2] == ["complete", "free_star"] and kinds[-1] == "take"
    assert fits.id in state["sheets"][0]["completed"] and len(state["sheets"][0]["goals"]) == 4


def test_game_ends_at_once_after_the_last_turn_with_no_refill() -> None:
    state = rolled(started(2, seed=5), [3, 4, 6])
    state["night"], state["turn"] = nights_for(2), turns_per_night(2)
    target = _two_star(None)
    _take_out(state, target.id)
    state["sheets"][0]["goals"][0] = target.id
    give_stars(state, 0, *_stars_at(target, 6, 6))
    state = _complete_now(state, 0, target.id)
    applied = GAME.apply(_finish_turn(state, 0), 1, {"kind": "plot", "dice": [0, 1], "cell": "D3"})
    applied = GAME.apply(applied.state, 1, {"kind": "research", "die": 2, "track": "funding", "space": 6})
    applied = GAME.apply(applied.state, 1, {"kind": "done"})
    state = applied.state
    assert state["phase"] == "over" and GAME.to_act(state) == []
    assert len(state["sheets"][0]["goals"]) == 3, "no new goal is taken after the final turn"
    assert GAME.outcome(state) is not None and any("last night is over" in e for e in applied.events)
