"""The length estimate: the slowest-player model, how the estimate follows seats, speed, pace and
countdown options, the presets, and the words for a length."""

from __future__ import annotations

import math

import pytest

from bot.core.lengths import estimate, measured, slowest_of
from bot.core.speeds import PACED, live_presets, speed_of
from bot.games import GAMES, get_game
from bot.i18n import Language, speaking
from bot.tell.live_timer import TIMERS


def integrated(seats: int, mean: float, clock: float, parts: int = 20_000) -> float:
    """E[min(slowest, clock)] as the integral of P(slowest > t) from 0 to the clock, numerically."""
    width = clock / parts
    survive = [1 - (1 - math.exp(-(i * width) / mean)) ** seats for i in range(parts + 1)]
    return width * (sum(survive) - (survive[0] + survive[-1]) / 2)


@pytest.mark.parametrize("seats", [1, 2, 3, 6])
@pytest.mark.parametrize("clock", [10.0, 60.0, 600.0])
def test_the_slowest_player_model_matches_its_integral(seats, clock):
    assert slowest_of(seats, 30.0, clock) == pytest.approx(integrated(seats, 30.0, clock), rel=1e-4)


def test_without_a_clock_the_slowest_of_k_takes_the_harmonic_number_of_means():
    assert slowest_of(1, 20.0, None) == pytest.approx(20.0)
    assert slowest_of(3, 20.0, None) == pytest.approx(20.0 * (1 + 1 / 2 + 1 / 3))
    assert slowest_of(4, 20.0, 1.0) < 1.0, "never longer than the clock"


def test_every_title_and_seat_count_is_measured():
    for slug, game in GAMES.items():
        assert sorted(measured()[slug]) == list(range(game.min_seats, game.max_seats + 1)), slug


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_the_estimate_follows_speed_and_seats(slug):
    game = get_game(slug)
    quick, normal, relaxed = live_presets(game.live_timer, TIMERS.values()).values()
    for seats in range(game.min_seats, game.max_seats + 1):
        at = {clock: estimate(slug, seats, clock) for clock in (quick, normal, relaxed, 0)}
        assert at[quick].expected < at[normal].expected <= at[relaxed].expected <= at[0].expected
        assert at[quick].longest < at[normal].longest < at[relaxed].longest and at[0].longest is None
        for length in at.values():
            assert length.longest is None or length.expected < length.longest
            assert length.per_decision == pytest.approx(length.expected / length.decisions)
    fewest, most = (estimate(slug, n, normal) for n in (game.min_seats, game.max_seats))
    if game.max_seats > game.min_seats:
        assert fewest.decisions < most.decisions and fewest.expected < most.expected, "more seats, longer"


def test_the_longest_game_runs_every_decision_to_its_clock():
    found = measured()["star-gazers"][3]
    length = estimate("star-gazers", 3, 120)
    assert found.timed == 0 and found.pause_seconds == 0
    assert length.longest == found.steps * 120 and length.decisions == round(found.steps)


def test_a_paced_game_takes_longer_the_longer_its_pace():
    day, three = (estimate("observatory", 3, PACED[name], paced=True) for name in ("normal", "relaxed"))
    assert three.expected == pytest.approx(3 * day.expected), "people come back within the pace"
    assert day.expected > 7 * 24 * 3600, "an Observatory game over days takes weeks, not hours"


def test_a_sky_of_stars_countdown_and_reveal_pause_count_as_chosen():
    found = measured()["sky-of-stars"][4]
    assert found.timed > 0 and found.pauses > 0, "guessing and reveals are measured"
    base = estimate("sky-of-stars", 4, 60, options={"countdown": 30, "reveal_pause": 6})
    assert estimate("sky-of-stars", 4, 60) == base, "the defaults are the measured ones"
    longer = estimate("sky-of-stars", 4, 60, options={"countdown": 90, "reveal_pause": 15})
    grown = found.timed * 60 + found.pauses * 9
    assert longer.longest - base.longest == pytest.approx(grown)
    assert longer.expected > base.expected


def test_an_unmeasured_seat_count_has_no_estimate():
    assert estimate("star-gazers", 7, 120) is None and estimate("no-such-game", 2, 120) is None


def test_presets_are_offered_timers_around_the_games_own():
    offered = TIMERS.values()
    assert live_presets(60, offered) == {"quick": 30, "normal": 60, "relaxed": 120}
    assert live_presets(180, offered) == {"quick": 90, "normal": 180, "relaxed": 300}
    for game in GAMES.values():
        presets = live_presets(game.live_timer, offered)
        assert presets["normal"] == game.live_timer, "the normal speed is the game's own timer"
        assert set(presets.values()) <= set(offered)
        assert speed_of(presets, game.live_timer) == "normal" and speed_of(presets, 600) is None
    short = live_presets(30, offered)
    assert short == {"quick": 30, "normal": 30, "relaxed": 60} and speed_of(short, 30) == "normal"


@pytest.mark.parametrize(
    "seconds, english, italian",
    [
        (45, "45 seconds", "45 secondi"),
        (61, "1 minute", "1 minuto"),
        (17 * 60, "17 minutes", "17 minuti"),
        (63 * 60, "65 minutes", "65 minuti"),
        (5 * 3600, "5 hours", "5 ore"),
        (9 * 86400, "9 days", "9 giorni"),
    ],
)
def test_lengths_in_words(seconds, english, italian):
    from bot.core.lengths import duration_text

    assert duration_text(seconds) == english
    with speaking(Language.ITALIAN):
        assert duration_text(seconds) == italian
