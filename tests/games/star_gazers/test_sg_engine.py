"""Setup, the secret Journal keep, draft order and the last pick's bonus for 2, 3 and 4 players."""

from __future__ import annotations

from collections import Counter

import pytest
from sg_helpers import GAME, act, check_conservation, keep_all, new_game

from bot.games.base import IllegalAction
from bot.games.rng import Rng
from bot.games.star_gazers.components import constellations_by_id


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_by_player_count(seats: int) -> None:
    state = new_game(seats, 3)
    assert len(state["stacks"]) == 2 * seats - 1 and all(len(s) == 8 for s in state["stacks"])
    assert len(state["bag"]) == 8 * seats * 2 - 8
    assert all(o is not None for o in state["universe"])
    assert all(token is not None for token in state["centre"].values())
    assert {k: len(v) for k, v in state["supply"].items()} == dict.fromkeys(state["centre"], seats - 1)
    assert [len(state["decks"][d]) for d in ("I", "II", "III")] == [15 - seats, 15 - seats, 15]
    assert all(state["shown"].values())
    assert [constellations_by_id()[c].side for c in state["constellations"]] == ["A", "B"]
    assert all(p["reserve"] == [f"S-sun-{s + 1}"] for s, p in enumerate(state["players"]))
    assert all(
        len(pair) == 2 and pair[0].startswith("J-I-") and pair[1].startswith("J-II-")
        for pair in state["dealt"]
    )
    check_conservation(state)
    with pytest.raises(IllegalAction):
        GAME.setup(5, {}, 1)
    with pytest.raises(IllegalAction):
        GAME.setup(1, {}, 1)


def test_journal_keep_is_simultaneous_and_returns_the_other_card() -> None:
    state = new_game(3, 5)
    assert GAME.to_act(state) == [0, 1, 2]
    decision = GAME.decision_id(state)
    dealt = [list(pair) for pair in state["dealt"]]
    with pytest.raises(IllegalAction, match="not your turn|First keep"):
        act(state, 0, {"kind": "pick", "square": 0})
    with pytest.raises(IllegalAction, match="two Journal cards"):
        act(state, 0, {"kind": "keep", "card": dealt[1][0]})
    state = act(state, 1, {"kind": "keep", "card": dealt[1][1]})
    assert GAME.to_act(state) == [0, 2] and GAME.decision_id(state) == decision
    public = GAME.view(state, None)
    assert public["phase"] == "journal" and dealt[1][1] not in str(public)
    with pytest.raises(IllegalAction, match="already kept"):
        act(state, 1, {"kind": "keep", "card": dealt[1][0]})
    state = act(state, 0, {"kind": "keep", "card": dealt[0][0]})
    state = act(state, 2, {"kind": "keep", "card": dealt[2][0]})
    assert state["phase"] == "draft" and GAME.decision_id(state) > decision
    assert [p["journal"] for p in state["players"]] == [[dealt[0][0]], [dealt[1][1]], [dealt[2][0]]]
    # The other cards went to the bottom of their decks, in seat order.
    assert state["decks"]["II"][-2:] == [dealt[0][1], dealt[2][1]]
    assert state["decks"]["I"][-1] == dealt[1][0]
    assert GAME.to_act(state) == [state["first"]]


def play_recording(seats: int, seed: int) -> tuple[dict, list[dict]]:
    """A bot game; for every confirmed turn: round, pick, seat, first player, bonus types taken."""
    state = keep_all(new_game(seats, seed))
    rng = Rng(seed)
    turns: list[dict] = []
    bonuses: list[str] = []
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        action = GAME.bot_action(state, seat, rng)
        if action["kind"] == "bonus":
            bonuses.append(action["type"])
        if action["kind"] == "confirm":
            turns.append(
                {
                    "round": state["round"],
                    "pick": state["pick"],
                    "seat": seat,
                    "first": state["first"],
                    "bonus": bonuses,
                    "centre": sum(1 for t in state["centre"].values() if t),
                }
            )
            bonuses = []
        state = act(state, seat, action)
    return state, turns


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_draft_order_last_pick_bonus_and_sixteen_tiles(seats: int) -> None:
    state, turns = play_recording(seats, 40 + seats)
    first = turns[0]["first"]
    assert len(turns) == 16 * seats
    rounds = Counter(t["round"] for t in turns)
    assert rounds == dict.fromkeys(range(1, 2 * seats + 1), 8)
    for t in turns:
        assert t["first"] == (first + t["round"] - 1) % seats  # the marker passes clockwise
        assert t["seat"] == (t["first"] + t["pick"]) % seats  # picks go clockwise from it
        if t["pick"] == 7:
            kinds = {"circle": {"star", "shuttle", "sun"}, "hex": {"moon", "comet", "station"}}
            assert len(t["bonus"]) == 2  # 3 x seats of each shape, 2 x seats last picks: never short
            assert {t["bonus"][0], t["bonus"][1]} & kinds["circle"]
            assert {t["bonus"][0], t["bonus"][1]} & kinds["hex"]
        else:
            assert t["bonus"] == []
    assert Counter(t["seat"] for t in turns) == dict.fromkeys(range(seats), 16)
    assert all(sum(1 for x in p["tiles"] if x) == 16 for p in state["players"])
    assert state["phase"] == "over" and GAME.outcome(state) is not None
    check_conservation(state)
    if seats == 2:
        # 2 players: 4 rounds of 4 picks each.
        per_round = Counter((t["round"], t["seat"]) for t in turns)
        assert set(per_round.values()) == {4}


def test_centre_refills_from_the_supply_until_a_type_runs_out() -> None:
    state, turns = play_recording(2, 9)
    taken = Counter(b for t in turns for b in t["bonus"])
    # Two players: 2 of each type, 4 last picks, so each type can be taken at most twice.
    assert all(n <= 2 for n in taken.values())
    assert sum(taken.values()) == 8 or any(t["centre"] < 6 for t in turns if t["pick"] == 7)


def test_game_over_refuses_moves_and_names_the_winner() -> None:
    state, _ = play_recording(3, 12)
    outcome = GAME.outcome(state)
    assert outcome.winners and max(outcome.scores) == outcome.scores[outcome.winners[0]]
    with pytest.raises(IllegalAction, match="over"):
        act(state, 0, {"kind": "confirm"})
    assert GAME.legal_actions(state, 0) == [] and GAME.bot_action(state, 0, Rng(1)) is None


def test_tie_break_by_telescopes() -> None:
    from bot.games.outcome import decide

    def winners_of(parts: list[tuple[int, int]]) -> list[int]:
        return decide(parts, ("more Telescopes",))[0]

    def part(total: int, scopes: int) -> tuple[int, int]:
        return (total, scopes)

    assert winners_of([part(50, 1), part(51, 0)]) == [1]
    assert winners_of([part(50, 1), part(50, 3), part(50, 2)]) == [1]
    assert winners_of([part(50, 3), part(49, 9), part(50, 3)]) == [0, 2]  # still tied: shared
