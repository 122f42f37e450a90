"""Issue 14 art: the stroke-by-stroke animation, the reveal image and the results that name
every word; sizes within budget and every string inside its image, measured."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.faces.sky_of_stars.art import animation, results
from bot.faces.sky_of_stars.art import images as sky
from bot.faces.sky_of_stars.art.reveal import earned, reveal_png
from bot.games.base import State
from bot.games.rng import Rng
from bot.games.sky_of_stars.engine import SkyOfStars
from bot.games.sky_of_stars.simulate import random_move
from render.common import clean
from tests.faces.image_checks import TextBoxes, assert_small
from tests.faces.sky_of_stars.test_sky_art import drawing, public_view, results_view

GAME = SkyOfStars()
NAMES = ["Ada", "Béatrice", "Cyrus", "Dmitri Жуков"]
CHAIN = ["B2", "C2", "C3", "D3", "D4", "E4", "E5", "F5", "F4", "G4", "G3", "H3", "H2"]


def long_drawing_view(strokes: int = len(CHAIN) - 1) -> dict:
    view = public_view(4, 2, "guess")
    pairs = [[a, b] for a, b in zip(CHAIN, CHAIN[1:], strict=False)][:strokes]
    view["drawings"].append(drawing(1, 2, "B2", pairs))
    return view


@cache
def finished_game(seats: int = 4, seed: int = 31) -> State:
    rng = Rng(seed)
    state = GAME.setup(seats, {}, seed)
    while not GAME.is_over(state):
        seat, action = random_move(GAME, state, rng)
        state = GAME.apply(state, seat, action).state
    return state


def gif_frames(data: bytes) -> list[Image.Image]:
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF" and image.info.get("loop") == 0
    out = []
    for index in range(image.n_frames):
        image.seek(index)
        out.append(image.convert("RGB"))
    return out


@pytest.mark.parametrize("strokes", [0, 1, 5, 12])
def test_the_animation_has_a_frame_per_stroke_and_ends_on_the_still(strokes: int) -> None:
    view = long_drawing_view(strokes)
    made = animation.drawing_animation(view, NAMES, 1, 2)
    frames = gif_frames(made.gif)
    assert made.frames == len(frames) == strokes + 1 == animation.frame_count(view, 1, 2)
    assert len(made.gif) <= animation.MAX_ANIMATION_BYTES
    assert_small(made.still, "the still")
    still = Image.open(io.BytesIO(made.still)).convert("RGB")
    assert frames[-1].width == animation.GIF_WIDTH < still.width  # sent at phone size
    shrunk = animation.shrunk(still).resize(frames[-1].size)
    assert ImageStat.Stat(ImageChops.difference(frames[-1], shrunk)).mean < [8, 8, 8]  # the still, smaller
    for before, after in zip(frames, frames[1:], strict=False):
        assert ImageChops.difference(before, after).getbbox() is not None  # each stroke shows
    total = sum(animation.durations(len(frames)))
    assert total <= 7_500  # a few seconds


def test_an_animation_of_a_real_game_stays_within_budget() -> None:
    public = GAME.view(finished_game(), None)
    for entry in public["drawings"][:4]:
        made = animation.drawing_animation(public, NAMES, entry["seat"], entry["round"])
        assert made.frames == len(entry["strokes"]) + 1
        assert len(made.gif) <= animation.MAX_ANIMATION_BYTES


def test_every_reveal_shows_the_word_each_guess_and_the_points(monkeypatch) -> None:
    public = GAME.view(finished_game(), None)
    boxes = TextBoxes(monkeypatch)
    for reveal in public["reveals"]:
        boxes.drawn.clear()
        assert_small(reveal_png(public, NAMES, reveal["artist"], reveal["round"]), reveal)
        drawn = [d.text for d in boxes.drawn]
        assert any(clean(reveal["word"]) in t for t in drawn), (reveal["word"], drawn)
        for key, number in reveal["guesses"].items():
            assert clean(NAMES[int(key)]) in drawn
            assert (f"#{number}" if number else "no guess") in drawn
        assert drawn.count("+1") == len(reveal["correct"])  # one per right guesser
        gained = earned(reveal, 4)[reveal["artist"]]
        assert f" +{gained}" in drawn
        assert not boxes.clipped(), boxes.clipped()[:3]
        assert not boxes.overlapping(), boxes.overlapping()[:3]


def test_points_a_drawing_earns() -> None:
    everyone = {"artist": 0, "correct": [1, 2, 3]}
    assert earned(everyone, 4) == {0: 4, 1: 1, 2: 1, 3: 1}  # three and the +1 box
    assert earned({"artist": 2, "correct": []}, 4) == {2: 0}


def test_the_results_name_every_word_and_mark_winners_apart_from_plus_boxes(monkeypatch) -> None:
    public = GAME.view(finished_game(), None)
    boxes = TextBoxes(monkeypatch)
    png = sky.results_png(public, NAMES)
    assert_small(png, "results")
    drawn = [d.text for d in boxes.drawn]
    for reveal in public["reveals"]:
        word = clean(reveal["word"])
        assert any(t == word or (t.endswith("\u2026") and word.startswith(t[:-1])) for t in drawn), word
    assert drawn.count("WINNER") == len(public["outcome"]["winners"])
    assert not boxes.clipped(), boxes.clipped()[:3]
    assert not boxes.overlapping(), boxes.overlapping()[:3]


def test_results_thumbnails_are_large_enough_to_recognise(monkeypatch) -> None:
    captured: list[tuple[int, int, int, int]] = []
    original = results.thumbnail

    def recording(image, box, entry, colour):
        captured.append(box)
        original(image, box, entry, colour)

    monkeypatch.setattr(results, "thumbnail", recording)
    image = sky.draw_results(results_view(6), NAMES)
    assert image.width == 1000 and image.height <= 2400
    assert len(captured) == 18 and min(b[2] - b[0] for b in captured) >= 280  # was 146 px
