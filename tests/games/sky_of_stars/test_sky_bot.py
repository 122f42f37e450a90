"""The bot player beats random play in seeded self-play, and only ever plays legal moves."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.rng import Rng
from bot.games.sky_of_stars.bot_player import (
    OPEN_SHAPES_LEFT,
    code,
    known_totals,
    open_shapes,
    signs,
    used_its_share,
)
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
            continue  # the bot calls STOP itself when it pays; its opponents may any time
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


def drawing_states(seed: int = 11):
    """Every kind of drawing step of a random 3-player game: start, rolls, swirls, last strokes."""
    state = GAME.setup(3, {}, seed)
    rng = Rng(seed)
    seen: dict[str, dict] = {}
    while not GAME.is_over(state) and len(seen) < 4:
        phase = state["phase"]
        if phase in ("start", "stroke", "swirl", "final") and phase not in seen:
            seen[phase] = state
        if phase == "stroke" and state["roll"]["count"] >= 3 and state["stop_by"] is None:
            state = GAME.apply(state, 0, {"kind": "stop"}).state  # reach the last-stroke step
            continue
        seat, action = random_move(GAME, state, rng, stop_chance=0.0)
        state = GAME.apply(state, seat, action).state
    assert set(seen) == {"start", "stroke", "swirl", "final"}
    return seen


def test_a_missed_deadline_never_draws_into_anyones_constellation():
    for phase, state in drawing_states().items():
        for seat in GAME.to_act(state):
            assert GAME.timeout_action(state, seat, Rng(seat)) is None, phase
            skip = GAME.missed_deadline(state, seat)
            assert skip is not None, phase
            after = GAME.apply(state, None, skip)
            assert after.state["vaults"] == state["vaults"], f"{phase}: nothing drawn or cancelled"
            assert after.state["pending"][seat] is None
            assert seat not in after.state["waiting"] or GAME.decision_id(after.state) != GAME.decision_id(
                state
            )
            assert any("ran out of time" in e for e in after.events)


def test_a_missed_last_stroke_after_stop_is_skipped_every_time():
    state = drawing_states()["final"]
    drawn = 0
    for seed in range(200):
        seat = Rng(seed).choice(GAME.to_act(state))
        action = GAME.timeout_action(state, seat, Rng(seed)) or GAME.missed_deadline(state, seat)
        after = GAME.apply(state, None if action["kind"] == "timeout" else seat, action).state
        drawn += after["vaults"][seat]["current"]["strokes"] != state["vaults"][seat]["current"]["strokes"]
    assert drawn == 0


def test_a_missed_guess_stays_no_guess():
    state = GAME.setup(3, {}, 11)
    rng = Rng(3)
    while GAME.view(state, None)["phase"] != "guess":
        seat, action = random_move(GAME, state, rng)
        state = GAME.apply(state, seat, action).state
    guesser = GAME.to_act(state)[0]
    assert GAME.timeout_action(state, guesser, rng) is None
    assert GAME.missed_deadline(state, guesser) is None, "the countdown ends guessing, not a deadline"


def test_a_seat_handed_to_the_bot_still_draws():
    for phase, state in drawing_states().items():
        seat = GAME.to_act(state)[0]
        action = GAME.bot_action(state, seat, Rng(1))
        assert action in GAME.legal_actions(state, seat) and action["kind"] != "stop", phase
        after = GAME.apply(state, seat, action).state
        mine = after["vaults"][seat] if phase != "swirl" else after["pending"]
        assert mine != (state["vaults"][seat] if phase != "swirl" else state["pending"]), phase


def test_a_missed_deadline_is_the_bots_to_declare_and_only_for_a_seat_that_owes_a_step():
    state = drawing_states()["stroke"]
    seat = GAME.to_act(state)[0]
    skip = GAME.missed_deadline(state, seat)
    with pytest.raises(IllegalAction, match="countdown"):
        GAME.apply(state, seat, skip)  # a player cannot skip their own line
    after = GAME.apply(state, None, skip).state
    if seat in GAME.to_act(after):
        raise AssertionError("the late seat still owes the step")
    if GAME.decision_id(after) == GAME.decision_id(state):
        with pytest.raises(IllegalAction, match="owes nothing"):
            GAME.apply(after, None, skip)
        others = GAME.to_act(after)
        with pytest.raises(IllegalAction, match="ran out"):
            GAME.apply(after, seat, first_stroke(state, seat))
        assert others
    for bad in (-1, True, 3, "0"):
        with pytest.raises(IllegalAction, match="seat"):
            GAME.apply(state, None, {"kind": "timeout", "seat": bad})


def first_stroke(state, seat):
    return next(a for a in GAME.legal_actions(state, seat) if a["kind"] == "stroke")


def test_the_bot_calls_stop_only_when_it_pays_then_still_draws_its_line():
    """STOP when the bot's fresh stars run out (it would sit the next rolls out, or this round has
    drawn its share of what is left for the rounds to come), or in the last round when it is
    clearly ahead on what everyone has seen; never from a fixed roll. Without anyone else calling
    it, a round still ends by the bot's STOP, and the caller still draws the line it owes."""
    stops = 0
    for seed in range(4):
        state = GAME.setup(3, {}, seed)
        rng = Rng(seed)
        while not GAME.is_over(state):
            phase, waiting = state["phase"], GAME.to_act(state)
            if phase != "stroke" or not waiting:
                seat, action = random_move(GAME, state, rng, stop_chance=0.0)
                state = GAME.apply(state, seat, action).state
                continue
            seat = waiting[0]
            action = GAME.bot_action(state, seat, rng)
            assert action in GAME.legal_actions(state, seat)
            if action["kind"] == "stop":
                totals = known_totals(state)
                ahead = state["round"] == 3 and all(
                    totals[seat] > t for s, t in enumerate(totals) if s != seat
                )
                running_out = open_shapes(state, seat) <= OPEN_SHAPES_LEFT or used_its_share(state, seat)
                assert running_out or ahead
                stops += 1
                state = GAME.apply(state, seat, action).state
                after = GAME.bot_action(state, seat, rng)
                assert after["kind"] == "stroke", "the caller still draws the line it owes"
                action = after
            state = GAME.apply(state, seat, action).state
    assert stops >= 4, "rounds nobody else stops end by the bot's STOP"


def bots_only(seed: int, seats: int = 3) -> dict:
    state = GAME.setup(seats, {}, seed)
    rng = Rng(seed)
    while not GAME.is_over(state):
        waiting = GAME.to_act(state)
        if not waiting:
            state = GAME.apply(state, None, {"kind": "timeout"}).state
            continue
        seat = rng.choice(waiting)
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng)).state
    return state


def test_bots_read_each_others_drawings():
    """A bot begins its drawing on a star that says its number, and reads that off a drawing up
    for guessing: at a table of bots every guess is right (a `/learn` table's bots play well)."""
    right = guesses = 0
    for seed in range(6):
        state = bots_only(seed)
        assert len(state["reveals"]) == 9
        for reveal in state["reveals"]:
            guesses += len(reveal["guesses"])
            right += len(reveal["correct"])
    # A drawing that could not begin on a signing star (none left fresh) is guessed at random.
    assert right >= 0.9 * guesses, f"{right} of {guesses} guesses right"


def test_a_drawing_that_does_not_sign_is_guessed_at_random():
    """A person's drawing says nothing by its starting star: once a reveal shows it, the bot no
    longer reads that artist's drawings that way, and guesses among all five numbers."""
    state = bots_only(5)
    reveal = state["reveals"][0]
    drawing = next(p for p in state["vaults"][reveal["artist"]]["past"] if p["round"] == reveal["round"])
    unsigned = next(label for label in ("A1", "B1", "C1", "D1", "E1") if code(label) != reveal["number"])
    drawing["start"] = unsigned
    assert not signs(state, reveal["artist"])
