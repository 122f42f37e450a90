"""The bots' strength bench runs end to end: every title against the random and the greedy
player, its figures sane (rates between 0 and 1, the fair share, decision times), and its
greedy player really takes the move the engine scores best. The rates themselves are the
bench's (docs/benchmarks.md): seeded, so the same code always gives the same figures."""

from __future__ import annotations

from bench import strength_bench
from bot.games import GAMES
from bot.games.rng import Rng


def test_a_quick_run_reports_every_title() -> None:
    results = strength_bench.run(1)
    assert set(results) == set(strength_bench.SEATS)
    for found in results.values():
        for opponent in ("random", "greedy"):
            matchup = found[opponent]
            assert matchup.games == 1 and 0 <= matchup.rate <= 1 and matchup.decisions
    text = strength_bench.report(results)
    assert "| sky-of-stars | 3 | 33% |" in text and "| observatory | 2 | 50% |" in text
    assert "decision median" in text and "Load average" in text


def test_the_greedy_player_takes_the_best_scoring_move() -> None:
    slug = "starry-night-sky"
    game, greedy = GAMES[slug], strength_bench.greedy_player(slug)
    score = strength_bench._scoring(slug)
    state = game.setup(2, {}, 3)
    rng = Rng(1)
    for _ in range(40):
        seat = game.to_act(state)[0]
        legal = [a for a in game.legal_actions(state, seat) if a.get("kind") != "undo"]
        best = max(score(game.apply(state, seat, a).state).scores[seat] for a in legal)
        chosen = greedy(game, state, seat, rng)
        assert score(game.apply(state, seat, chosen).state).scores[seat] == best
        state = game.apply(state, seat, chosen).state
