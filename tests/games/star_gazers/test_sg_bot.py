"""The heuristic bot plays legal moves, finishes its turns, and clearly beats random play."""

from __future__ import annotations

from statistics import mean

from sg_helpers import GAME

from bot.games.rng import Rng
from bot.games.self_play import bot_action
from bot.games.star_gazers.simulate import play_game, random_action


def test_bot_beats_random_on_average() -> None:
    bot_scores, random_scores = [], []
    for game in range(12):
        seats = 2 + game % 3
        bot_seat = game % seats
        players = [random_action] * seats
        players[bot_seat] = bot_action
        state, _ = play_game(seats, 500 + game, 900 + game, players)
        outcome = GAME.outcome(state)
        bot_scores.append(outcome.scores[bot_seat])
        random_scores += [s for i, s in enumerate(outcome.scores) if i != bot_seat]
    print(f"\nbot {mean(bot_scores):.1f} vs random {mean(random_scores):.1f}")
    assert mean(bot_scores) > mean(random_scores) + 20


def test_bot_actions_are_legal_and_end_in_a_confirm() -> None:
    state = GAME.setup(4, {}, 77)
    rng = Rng(1)
    for seat in range(4):
        action = GAME.bot_action(state, seat, rng)
        assert action in GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, action).state
    for _ in range(40):  # forty whole turns
        seat = GAME.to_act(state)[0]
        for _step in range(30):
            action = GAME.bot_action(state, seat, rng)
            assert action in GAME.legal_actions(state, seat)
            assert action["kind"] != "undo"
            state = GAME.apply(state, seat, action).state
            if action["kind"] == "confirm":
                break
        else:
            raise AssertionError("the bot never confirmed")
        assert GAME.bot_action(state, seat, rng) is None or GAME.to_act(state) == [seat]
    assert GAME.timeout_action(state, GAME.to_act(state)[0], rng) is not None


def test_timeouts_keep_a_card_and_finish_a_half_done_turn() -> None:
    state = GAME.setup(2, {}, 3)
    rng = Rng(5)
    action = GAME.timeout_action(state, 1, rng)
    assert action["kind"] == "keep" and action["card"] in state["dealt"][1]
    for seat in (0, 1):
        state = GAME.apply(state, seat, GAME.timeout_action(state, seat, rng)).state
    seat = GAME.to_act(state)[0]
    state = GAME.apply(state, seat, {"kind": "pick", "square": 5}).state  # the player then walks away
    decision = GAME.decision_id(state)
    steps = 0
    while GAME.decision_id(state) == decision:
        state = GAME.apply(state, seat, GAME.timeout_action(state, seat, rng)).state
        steps += 1
        assert steps < 20
    assert GAME.to_act(state) == [1 - seat]
    assert sum(1 for t in state["players"][seat]["tiles"] if t) == 1
