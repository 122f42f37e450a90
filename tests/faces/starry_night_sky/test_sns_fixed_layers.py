"""Starry Night Sky's Stellar Path and the names clear of every disc are drawn once per process
(``render.layers.kept``) and copied in: the same pixels as drawing them afresh, which
``render.encode.the_old_way`` does, on boards and panels of seeded games in both languages."""

from __future__ import annotations

from functools import partial

import pytest
from PIL import ImageChops

from bot.faces.starry_night_sky.art import images as art
from bot.games.rng import Rng
from bot.games.starry_night_sky import StarryNightSky
from bot.games.starry_night_sky.simulate import random_action
from bot.i18n import Language, speaking
from render import layers, shapes
from render.encode import the_old_way

NAMES = ["Ada", "Béatrice", "Cyrus"]


@pytest.fixture
def shrinks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the stroke masks drawn, with no mask kept from another test."""
    monkeypatch.setattr(layers, "_pixels", type(layers._pixels)())
    drawn: list[int] = []
    original = shapes.StrokeLayer._shrunk

    def counted(self: shapes.StrokeLayer) -> object:
        drawn.append(len(self._lines))
        return original(self)

    monkeypatch.setattr(shapes.StrokeLayer, "_shrunk", counted)
    return drawn


def test_the_path_is_drawn_once_and_the_pictures_keep_their_pixels(shrinks: list[int]) -> None:
    game = StarryNightSky()
    view = game.view(game.setup(3, {}, 7), None)
    with the_old_way():
        fresh = art.draw_board(view, NAMES)
        art.draw_board(view, NAMES)
    assert len(shrinks) == 2, "the old way draws the path on every picture"
    first, second = art.draw_board(view, NAMES), art.draw_board(view, NAMES)
    assert len(shrinks) == 3, "drawn once, then kept"
    assert ImageChops.difference(first, fresh).getbbox() is None
    assert ImageChops.difference(second, fresh).getbbox() is None


def test_kept_makes_once_per_key_and_bounds_what_it_keeps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(layers, "_pixels", type(layers._pixels)())
    made: list[int] = []

    def make(n: int) -> int:
        made.append(n)
        return n

    assert [layers.kept(("n", 1), lambda: make(1)) for _ in range(3)] == [1, 1, 1]
    assert made == [1]
    for n in range(layers.PIXELS_KEPT + 1):
        layers.kept(("m", n), lambda n=n: make(n))
    assert len(layers._pixels) == layers.PIXELS_KEPT
    with the_old_way():
        layers.kept(("m", 5), lambda: make(-5))
    assert made[-1] == -5


def _states(seats: int, seed: int, every: int) -> list[dict]:
    game = StarryNightSky()
    state, rng, found, actions = game.setup(seats, {}, seed), Rng(seed), [], 0
    while state["phase"] != "over":
        if actions % every == 0:
            found.append(state)
        seat = state["current"]
        state = game.apply(state, seat, random_action(game, state, seat, rng)).state
        actions += 1
    return [*found, state]


@pytest.mark.parametrize("language", [Language.ENGLISH, Language.ITALIAN])
def test_kept_names_and_path_leave_every_pixel_as_drawn_afresh(language: Language) -> None:
    game = StarryNightSky()
    states = _states(4, 11, 9)
    chosen = states[:: max(1, len(states) // 5)] + states[-1:]
    with speaking(language):
        for state in chosen:
            seat = state["current"]
            view, board = game.view(state, seat), game.view(state, None)
            destinations = [d["to"] for d in (view.get("choice") or {}).get("destinations") or []]
            names = [*NAMES, "Dmitri"]
            calls = [
                partial(art.draw_board, board, names),
                partial(art.draw_panel, view, names),
                partial(art.draw_panel, view, names, picked=destinations[-1] if destinations else None),
            ]
            for call in calls:
                now = call()
                with the_old_way():
                    fresh = call()
                assert ImageChops.difference(now, fresh).getbbox() is None, (state["round"], language)
