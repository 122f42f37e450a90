"""The bot player beats random play in seeded self-play, and only ever plays legal moves."""

from __future__ import annotations

from bot.games.rng import Rng
from bot.games.sky_of_stars.engine import SkyOfStars
from bot.games.sky_of_stars.simulate import random_move

GAME = SkyOfStars()


def play(seats: int, bot_seat: int, seed: int) -> list[int]:
    """One game: ``bot_seat`` is the bot player, the others play at random. Returns winners."""
    state = GAME.setup(seats, {}, seed)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(20_000):
        if GAME.is_over(state):
            return GAME.outcome(state).winners
        waiting = GAME.to_act(state)
        if bot_seat in waiting and rng.random() < 0.5:
            legal = GAME.legal_actions(state, bot_seat)
            action = GAME.bot_action(state, bot_seat, rng)
            assert action is None or action in legal
            if action is not None:
                state = GAME.apply(state, bot_seat, action).state
                continue
        seat, action = random_move(GAME, state, rng)
        if seat == bot_seat and action["kind"] == "stop":
            continue  # the bot never calls STOP; its opponents may
        if seat == bot_seat:
            action = GAME.bot_action(state, seat, rng) or action
        state = GAME.apply(state, seat, action).state
    raise AssertionError("game did not end")


def bot_win_share(games: int = 160, seats: int = 4) -> float:
    wins = 0.0
    for seed in range(games):
        winners = play(seats, seed % seats, seed)
        if seed % seats in winners:
            wins += 1 / len(winners)
    return wins / games


def test_bot_wins_clearly_more_than_its_fair_share():
    share = bot_win_share(200)
    # Four seats: a random player wins a quarter of the games.
    assert share > 0.32, f"bot won {share:.0%} of games"


def test_a_missed_line_is_a_random_legal_one_and_a_missed_guess_none():
    state = GAME.setup(3, {}, 11)
    rng = Rng(3)
    seen = set()
    for _ in range(40):
        action = GAME.timeout_action(state, 0, rng)
        assert action in GAME.legal_actions(state, 0) and action["kind"] == "start"
        seen.add(action["star"])
    assert len(seen) > 10, "uniform over the legal starts, not one favourite"
    while GAME.view(state, None)["phase"] != "guess":
        seat, action = random_move(GAME, state, rng)
        state = GAME.apply(state, seat, action).state
    guesser = GAME.to_act(state)[0]
    assert GAME.timeout_action(state, guesser, rng) is None
