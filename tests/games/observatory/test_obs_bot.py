"""The heuristic bot plays clearly better than random, and its moves are always legal."""

from __future__ import annotations

from statistics import mean

from obs_helpers import GAME

from bot.games.observatory.simulate import play_game, random_action
from bot.games.rng import Rng


def _bot(game, state, seat, rng):
    action = game.bot_action(state, seat, rng)
    assert action in game.legal_actions(state, seat)
    return action


def test_bot_beats_random_on_average() -> None:
    bot_scores, random_scores = [], []
    for seed in range(6):
        players = [_bot, random_action] if seed % 2 == 0 else [random_action, _bot]
        state, _ = play_game(2, seed, seed + 100, players)
        scores = GAME.outcome(state).scores
        bot_seat = 0 if seed % 2 == 0 else 1
        bot_scores.append(scores[bot_seat])
        random_scores.append(scores[1 - bot_seat])
    assert mean(bot_scores) > mean(random_scores) + 3


def test_bot_finishes_a_solo_game_and_completes_cards() -> None:
    state, log = play_game(1, 4, 5, [_bot])
    assert GAME.outcome(state) is not None
    assert state["sheets"][0]["completed"]


def test_timeouts_alone_finish_a_game_with_every_step_closing() -> None:
    """The platform loops ``timeout_action`` until a seat owes nothing; every step must close."""
    state = GAME.setup(3, {}, 8)
    rng = Rng(1)
    steps = 0
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        decision = GAME.decision_id(state)
        for _ in range(60):  # one seat's share of a step ends within a few sub-actions
            if seat not in GAME.to_act(state) or GAME.decision_id(state) != decision:
                break
            state = GAME.apply(state, seat, GAME.timeout_action(state, seat, rng)).state
        else:
            raise AssertionError("timeout_action never finished the seat's decision")
        steps += 1
    assert GAME.outcome(state) is not None and steps > 20
