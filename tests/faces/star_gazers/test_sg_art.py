"""Star Gazers images: real views from seeded games draw at sane sizes, public images read only
the public view, tile edges turn the right way, and odd data or names never crash a drawing."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image

from bot.faces.star_gazers.art import images as art
from bot.faces.star_gazers.art.cards import card_words
from bot.faces.star_gazers.art.parts import rotated_edges, square_name
from bot.games.rng import Rng
from bot.games.star_gazers.engine import StarGazers
from bot.games.star_gazers.simulate import random_action
from render.theme import WIDTH
from tests.faces.image_checks import TextBoxes, assert_small

GAME = StarGazers()
NAMES = ["Ada", "Béatrice", "Cyrus", "Dmitri"]
HOSTILE = ["\U0001f680\U0001f30c", "Bartholomew the Magnificent Stargazer" * 4, "", "Z\u0351\u0353a\u0337l"]


@cache
def moments(seats: int, seed: int) -> dict[str, tuple]:
    """(state, seat) for the first time each choice kind shows up after round 1, plus the end."""
    state = GAME.setup(seats, {}, seed)
    rng = Rng(seed + 1)
    seen: dict[str, tuple] = {"journal": (state, 0)}
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        kind = (GAME.view(state, seat)["choice"] or {}).get("kind")
        if kind and state["round"] >= 2:
            seen.setdefault(kind, (state, seat))
        state = GAME.apply(state, seat, random_action(GAME, state, seat, rng)).state
    seen["over"] = (state, 0)
    return seen


def size_of(png: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(png))
    image.verify()
    return image.size


@pytest.mark.parametrize("seats,seed", [(2, 4), (3, 5), (4, 6)])
def test_every_image_draws_from_real_views(seats, seed, monkeypatch):
    """Every image of real views is a PNG within the byte budget, with no text past an edge."""
    boxes = TextBoxes(monkeypatch)
    for kind, (state, seat) in moments(seats, seed).items():
        view, public = GAME.view(state, seat), GAME.view(state, None)
        pngs = [
            art.panel_png(view, NAMES),
            art.board_png(public, NAMES),
            art.sheet_png(public, NAMES, seat),
            art.sheet_png(view, NAMES, seat),
        ]
        if kind == "over":
            pngs.append(art.results_png(public, NAMES))
        for png in pngs:
            width, height = size_of(png)
            assert width == WIDTH and 700 <= height <= 2100, (kind, width, height)
            assert_small(png, kind)
    assert boxes.drawn and not boxes.clipped(), boxes.clipped()[:5]
    assert not boxes.overlapping(), boxes.overlapping()[:5]


def test_previews_draw_the_tile_where_and_how_it_is_placed():
    state, seat = moments(2, 4)["tile"]
    view = GAME.view(state, seat)
    cell = view["choice"]["cells"][0]
    after = GAME.view(GAME.apply(state, seat, {"kind": "tile", "cell": cell, "rotation": 3}).state, seat)
    plain = art.draw_panel(view, NAMES)
    shown = art.draw_panel({**view, "preview": after["preview"]}, NAMES, tile_at=(cell, 3))
    assert plain.tobytes() != shown.tobytes()
    placed = after["preview"]["mural"]["squares"][cell]["tile"]
    assert placed["edges"] == rotated_edges(view["choice"]["tile"], 3)


def test_public_images_ignore_seat_only_keys():
    """A seat view handed to a public image by mistake draws exactly the public picture."""
    for kind in ("tile", "token", "over"):
        state, seat = moments(2, 4)[kind]
        view, public = GAME.view(state, seat), GAME.view(state, None)
        assert art.draw_board(view, NAMES).tobytes() == art.draw_board(public, NAMES).tobytes()
        assert art.draw_results(view, NAMES).tobytes() == art.draw_results(public, NAMES).tobytes()
        other = 1 - seat
        assert art.draw_sheet(view, NAMES, other).tobytes() == art.draw_sheet(public, NAMES, other).tobytes()
    state, _ = moments(2, 4)["pick"]
    stripped = art.public_only(GAME.view(state, 0))
    assert {"you", "journal", "preview", "choice", "dealt"}.isdisjoint(stripped)
    assert all(p.get("journal") is None for p in stripped["players"])


def test_own_sheet_draws_the_journal_and_another_seat_does_not():
    state, seat = moments(3, 5)["token"]
    own = art.draw_sheet(GAME.view(state, seat), NAMES, seat)
    other = art.draw_sheet(GAME.view(state, None), NAMES, seat)
    assert own.height > other.height  # the Journal cards take a band of their own


def test_rotation_turns_edges_clockwise():
    tile = {"edges": ["star", "icy", None, "wild"]}
    assert rotated_edges(tile, 0) == ["star", "icy", None, "wild"]
    assert rotated_edges(tile, 1) == ["wild", "star", "icy", None]  # what faced west now faces north
    assert rotated_edges(tile, 2) == [None, "wild", "star", "icy"]
    assert [square_name(c) for c in (0, 3, 12, 15)] == ["A1", "D1", "A4", "D4"]


def test_odd_views_and_names_never_crash():
    for draw in (art.draw_board, art.draw_results, art.draw_panel):
        assert draw({}, []).width == WIDTH
    assert art.draw_sheet({}, [], 0).width == WIDTH
    state, seat = moments(4, 6)["over"]
    public = GAME.view(state, None)
    assert art.draw_results(public, HOSTILE).width == WIDTH
    assert art.draw_board(public, HOSTILE[:1]).width == WIDTH
    broken = {**public, "players": [{"mural": {"squares": [{"tile": {"edges": "??"}, "token": 5}] * 3}}]}
    assert art.draw_sheet(broken, NAMES, 0).width == WIDTH


def test_card_words_are_our_own_summary():
    card = {"kind": "adjacent", "needs": {"moon": 2, "star_any": 1}, "telescopes": 1}
    assert card_words(card) == "Two adjacent tiles: 2× Moon + Star (token or printed) · 1 telescope"
