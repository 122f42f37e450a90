"""Issue 14 on the Sky face, from real engine views: the STOP confirmation, the panel after
STOP and after a guess, swirl news, the compact guessing card, the reveal (a message, or the
guess card redrawn during the reveal's pause) and the results line. Public outputs never carry a
secret that is not out yet."""

from __future__ import annotations

import copy
import json

import pytest

from bot.faces.sky_of_stars.moments import how_it_went, swirl_news
from bot.faces.sky_of_stars.panels import build_panel
from bot.faces.sky_of_stars.presenter import SkyOfStarsPresenter
from bot.games import get_game
from bot.games.rng import Rng
from bot.games.sky_of_stars.simulate import play_random_game, random_move

GAME = get_game("sky-of-stars")
PRESENTER = SkyOfStarsPresenter()
NAMES = ["Ada", "Bea", "Cy", "Dee"]


def ids(out) -> list[str]:
    return [item.item.custom_id for item in out.items]


def rolling_state(seed: int = 3):
    state = GAME.setup(4, {"countdown": 30}, seed)
    for seat in range(4):
        state = GAME.apply(state, seat, next(a for a in GAME.legal_actions(state, seat))).state
    return state


def test_stop_buttons_ask_first_and_the_caller_keeps_their_line_after_it() -> None:
    state = rolling_state()
    panel = build_panel(GAME.view(state, 1), NAMES, 9)
    assert any(":stop:?:p" in i for i in ids(panel)) and not any(":stop:-:" in i for i in ids(panel))
    step = PRESENTER.step_message(GAME.view(state, None), NAMES, 9)
    assert any(":stop:?:t" in i for i in ids(step))
    state = GAME.apply(state, 1, {"kind": "stop"}).state
    after = build_panel(GAME.view(state, 1), NAMES, 9, note="You called **STOP**")
    assert after.content.startswith("You called **STOP**")
    offered = ids(after)
    assert any(i.startswith(("sky:pick:", "sky:type:")) for i in offered)
    assert not any(":stop:" in i for i in offered)


def test_after_guessing_the_panel_offers_a_change_of_mind() -> None:
    state = GAME.apply(rolling_state(), 0, {"kind": "stop"}).state
    while state["phase"] != "guess":
        seat = GAME.to_act(state)[0]
        moves = [a for a in GAME.legal_actions(state, seat) if a["kind"] != "stop"]
        state = GAME.apply(state, seat, next((a for a in moves if a["kind"] == "pass"), moves[0])).state
    guesser = GAME.to_act(state)[0]
    state = GAME.apply(state, guesser, {"kind": "guess", "number": 3}).state
    panel = build_panel(GAME.view(state, guesser), NAMES, 9)
    assert "#3" in panel.content and "change it" in panel.content
    assert [i.split(":")[5] for i in ids(panel)] == ["1", "2", "3", "4", "5"]
    assert [item.item.label for item in panel.items][2] == "3 ✓"


def test_the_guessing_card_is_compact_the_picture_and_words_once_no_numbers() -> None:
    """The numbers are in each guesser's panel: a public card's buttons are offered to everyone,
    the artist too (issue 29). The card carries **Open my panel**, above the drawing."""
    state = GAME.apply(rolling_state(), 0, {"kind": "stop"}).state
    while state["phase"] != "guess":
        seat = GAME.to_act(state)[0]
        moves = [a for a in GAME.legal_actions(state, seat) if a["kind"] != "stop"]
        state = GAME.apply(state, seat, moves[0]).state
    view = GAME.view(state, None)
    out = PRESENTER.step_message(view, NAMES, 9)
    assert out.filename == "drawing.gif" and out.render().startswith(b"GIF8")
    assert out.still is None  # the animation ends on the drawing
    assert "<t:" not in out.content  # the one countdown is the card's own
    assert not any(word in out.content for word in view["card"])  # the words are in the picture
    assert [i.item.custom_id for i in out.items] == ["astro:panel:9"]
    assert "in your panel" in out.content
    assert out.controls_first


def test_a_swirl_victim_is_told_in_their_panel() -> None:
    view = GAME.view(rolling_state(), 1)
    assert swirl_news(view, NAMES) is None
    view = copy.deepcopy(view)
    view["crossed_out"] = [{"star": "D3", "by": 0, "round": 1, "roll": 4}]
    line = "Swirl on roll 4: **Ada** crossed out **D3** on your vault."
    assert swirl_news(view, NAMES) == line and line in build_panel(view, NAMES, 9).content


@pytest.mark.parametrize("pause", [0, 6])
def test_a_reveal_is_one_message_with_the_word_every_guess_and_the_points(pause: int) -> None:
    """Without the pause the reveal is a message of its own; with it, the guess card redrawn
    (the same status key), alone until the pause runs out."""
    rng, state = Rng(5), GAME.setup(4, {"countdown": 30, "reveal_pause": pause}, 8)
    seen = 0
    while not GAME.is_over(state):
        seat, action = random_move(GAME, state, rng)
        guessed = GAME.view(state, None)
        applied = GAME.apply(state, seat, action)
        state = applied.state
        view = GAME.view(state, None)
        out = PRESENTER.announcement(view, NAMES, applied.events, 9)
        if not any(" drew #" in e for e in applied.events):
            assert out is None
            continue
        if pause:
            assert out is None and view["phase"] == "reveal"
            assert PRESENTER.status_key(view) == PRESENTER.status_key(guessed)
            out = PRESENTER.step_message(view, NAMES, 9)
            assert not out.items
        reveal = view["reveals"][-1]
        seen += 1
        assert out.title == f"{NAMES[reveal['artist']]} drew #{reveal['number']} {reveal['word']}"
        for key, number in reveal["guesses"].items():
            assert f"{NAMES[int(key)]}: " + (f"#{number}" if number else "no guess") in out.content
        assert f"**{NAMES[reveal['artist']]}** +" in out.content
        assert out.filename == "reveal.png" and out.still is None
    assert seen == 12


def test_the_results_say_how_the_game_went_without_the_seed() -> None:
    state, _ = play_random_game(4, seed=77, rng_seed=2)
    view = GAME.view(state, None)
    line = how_it_went(view, NAMES)
    facts = view["outcome"]["highlights"]
    assert "Seed" not in line
    assert f"({facts['stars'][facts['most_stars'][0]]})" in line
    if facts["everyone_guessed"]:
        assert "Read by everyone: " in line
    else:
        assert "No drawing was read by everyone." in line
    assert line in PRESENTER.results(view, NAMES).content


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_reveal_messages_carry_no_secret_not_yet_out(seed: int) -> None:
    rng, state = Rng(seed), GAME.setup(4, {"countdown": 30, "reveal_pause": seed % 2 * 6}, seed)
    while not GAME.is_over(state):
        seat, action = random_move(GAME, state, rng)
        applied = GAME.apply(state, seat, action)
        state = applied.state
        out = PRESENTER.announcement(GAME.view(state, None), NAMES, applied.events, 9)
        if state["phase"] == "reveal":
            out = PRESENTER.step_message(GAME.view(state, None), NAMES, 9)
        if out is None or state["phase"] == "over":
            continue
        public = GAME.view(state, None)
        out_now = {r["number"] for r in public["reveals"] if r["round"] == public["round"]}
        revealed = {r["artist"] for r in public["reveals"] if r["round"] == public["round"]}
        blob = (out.title or "") + out.content + json.dumps(out.render.args[0])
        for s in range(4):
            secret = GAME.view(state, s)["secret"]
            if s not in revealed and secret["number"] not in out_now:
                assert f"#{secret['number']} {secret['word']}" not in blob
