"""The heuristic bot plays legal moves only and clearly outscores random play."""

from __future__ import annotations

from bot.games.self_play import bot_action
from bot.games.starry_night_sky.simulate import play_game, random_action


def test_bot_beats_random_players() -> None:
    bot_total = random_total = bot_wins = 0
    games = 36
    for number in range(games):
        seats = 2 + number % 3
        bot_seat = number % seats
        policies = [bot_action if s == bot_seat else random_action for s in range(seats)]
        state, _ = play_game(seats, 500 + number, number, policies)
        scores = [p["score"] for p in state["players"]]
        totals = [s["discovery"] + s["stars"] + s["goals"] for s in scores]
        bot_total += totals[bot_seat]
        random_total += (sum(totals) - totals[bot_seat]) / (seats - 1)
        bot_wins += totals[bot_seat] == max(totals)
    assert bot_total > 1.25 * random_total
    assert bot_wins > games * 0.75


def test_bot_games_finish_and_bots_only_send_legal_actions() -> None:
    from bot.games.rng import Rng
    from bot.games.starry_night_sky import StarryNightSky

    game = StarryNightSky()
    for seats in (2, 3, 4):
        state = game.setup(seats, {}, seats)
        rng = Rng(seats)
        while state["phase"] == "play":
            seat = state["current"]
            action = game.bot_action(state, seat, rng)
            assert action in game.legal_actions(state, seat)
            assert game.bot_action(state, (seat + 1) % seats, rng) is None
            state = game.apply(state, seat, action).state
        assert game.outcome(state) is not None
