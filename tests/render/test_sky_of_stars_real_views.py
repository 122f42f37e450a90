"""A Sky of Stars images from a real seeded 6-seat game (the most seats, the biggest boards): every
image the presenters send is within the byte budget, and no text runs past the image's edge."""

from __future__ import annotations

from functools import cache

import pytest

from bot.games.base import State
from bot.games.rng import Rng
from bot.games.sky_of_stars.engine import SkyOfStars
from bot.games.sky_of_stars.simulate import random_move
from render import sky_of_stars as sky
from tests.render.image_checks import TextBoxes, assert_small

GAME = SkyOfStars()
NAMES = ["Ada", "Béatrice", "Bartholomew the Magnificent Stargazer", "Dmitri Жуков", "José", "Eun-ji"]


@cache
def moments(seats: int = 6, seed: int = 2024) -> tuple[State, ...]:
    """The first state of every (round, phase) of one seeded random game, and its end."""
    rng = Rng(seed + 1)
    state = GAME.setup(seats, {}, seed)
    seen: dict[tuple[int, str], State] = {}
    while GAME.to_act(state):
        seen.setdefault((state["round"], state["phase"]), state)
        seat, action = random_move(GAME, state, rng)
        state = GAME.apply(state, seat, action).state
    return (*seen.values(), state)


def pngs_of(state: State) -> list[tuple[str, bytes]]:
    """Every image the bot sends for ``state``: the table, each acting seat's panel, the drawing."""
    public = GAME.view(state, None)
    out = [("table", sky.table_png(public, NAMES))]
    for seat in GAME.to_act(state):
        view = GAME.view(state, seat)
        choice = view.get("choice") or {}
        if choice.get("kind") == "cancel":
            out.append(("cancel", sky.cancel_target_png(view, NAMES, preview=choice["stars"][0])))
            continue
        preview = None
        if choice.get("kind") == "stroke":
            preview = next(((a, b[0]) for a, b in choice["moves"].items() if b), None)
        out.append((f"vault {choice.get('kind')}", sky.vault_png(view, NAMES, preview=preview)))
    guess = public.get("guess")
    if guess:
        out.append(("drawing", sky.drawing_png(public, NAMES, guess["artist"], public["round"])))
    if public["phase"] == "over":
        out.append(("results", sky.results_png(public, NAMES)))
        out.append(("vault over", sky.vault_png(GAME.view(state, 0), NAMES)))
    return out


@pytest.mark.parametrize("seats", [3, 6])
def test_every_image_of_a_real_game_is_small_and_keeps_its_text_inside(seats, monkeypatch):
    boxes = TextBoxes(monkeypatch)
    kinds = set()
    for state in moments(seats):
        for kind, png in pngs_of(state):
            assert_small(png, f"{kind} in round {state['round']}, {state['phase']}")
            kinds.add(kind.split()[0])
    assert kinds >= {"table", "vault", "drawing", "results"}
    assert boxes.drawn and not boxes.clipped(), boxes.clipped()[:5]


def test_the_recorder_sees_text_past_the_edge(monkeypatch):
    """The check can fail: a name drawn from the right edge outwards is reported."""
    from PIL import Image, ImageDraw

    from render.theme import font

    boxes = TextBoxes(monkeypatch)
    image = Image.new("RGB", (200, 100))
    ImageDraw.Draw(image).text((150, 10), "Ready to confirm", font=font(27))
    ImageDraw.Draw(image).text((10, 50), "inside", font=font(27))
    assert [d.text for d in boxes.clipped()] == ["Ready to confirm"]
