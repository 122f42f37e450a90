"""Starry Night Sky images: real views from seeded games at several stages build valid, legible
WebPs; public images read only public keys; hostile names and bad data never crash a drawing."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.faces.starry_night_sky.art import images as art
from bot.faces.starry_night_sky.art.map import name_boxes, token_boxes
from bot.faces.starry_night_sky.art.parts import myth_label
from bot.faces.starry_night_sky.art.places import LABEL_SIZE, split_name
from bot.games.rng import Rng
from bot.games.starry_night_sky import StarryNightSky
from bot.games.starry_night_sky.simulate import random_action
from render import common, theme
from render.theme import WIDTH, font
from tests.faces.image_checks import TextBoxes, assert_small

GAME = StarryNightSky()
NAMES = ["Ada", "Béatrice", "Cyrus", "Dmitri"]
HOSTILE = ["Bartholomew the Magnificent Stargazer " * 4, "\U0001f680\U0001f30c", "", "Z\u0351\u0353a\u0337l"]
SEAT_ONLY = {"you", "my_myths", "my_turn", "choice", "trades", "bonus_available", "legal"}


def play(seats: int, seed: int, stop_after: int | None = None) -> tuple[dict, dict[str, dict]]:
    """A seeded random game; returns the last state and the first state of each step kind."""
    state = GAME.setup(seats, {}, seed)
    rng = Rng(seed * 31 + 1)
    firsts: dict[str, dict] = {}
    actions = 0
    while state["phase"] != "over" and (stop_after is None or actions < stop_after):
        seat = state["current"]
        kind = GAME.view(state, seat)["choice"]["kind"]
        if actions > 10:
            firsts.setdefault(kind, state)
        state = GAME.apply(state, seat, random_action(GAME, state, seat, rng)).state
        actions += 1
    return state, firsts


@pytest.fixture(scope="module")
def games():
    return {seats: play(seats, 100 + seats) for seats in (2, 3, 4)}


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def drawn_strings(monkeypatch) -> list[str]:
    seen: list[str] = []
    original = ImageDraw.ImageDraw.text

    def text(draw, xy, s, *args, **kwargs):
        seen.append(str(s))
        return original(draw, xy, s, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    monkeypatch.setattr(common, "TEXTS_WATCHED", True)  # kept layers draw their texts too
    return seen


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_image_builds_for_real_views(games, seats, monkeypatch):
    """Every image of real views is a lossless WebP within the byte budget, with no text past an edge."""
    boxes = TextBoxes(monkeypatch)
    over, firsts = games[seats]
    names = NAMES[:seats]
    assert over["phase"] == "over" and {"assign", "move", "place", "end"} <= set(firsts)
    for kind, state in firsts.items():
        seat = state["current"]
        seat_view, public = GAME.view(state, seat), GAME.view(state, None)
        images = [
            art.board_png(public, names),
            art.panel_png(seat_view, names),
            art.sheet_png(seat_view, names, seat),
            art.sheet_png(public, names, (seat + 1) % seats),
        ]
        if kind == "move" and seat_view["choice"]["destinations"]:
            first = seat_view["choice"]["destinations"][0]["to"]
            images.append(art.panel_png(seat_view, names, picked=first))
        if kind == "place":
            images.append(art.panel_png(seat_view, names, pool=seat_view["choice"]["pools"][0]["pool"]))
        for data in images:
            image = decode(data)
            assert image.format == "PNG" and image.width == WIDTH and 400 < image.height < 2600
            assert_small(data, kind)
    results_png = art.results_png(GAME.view(over, None), names)
    assert_small(results_png, "results")
    results = decode(results_png)
    assert results.width == WIDTH and results.height > 148 + art.MAP_H  # the map, then the standings
    assert boxes.drawn and not boxes.clipped(), boxes.clipped()[:5]
    assert not boxes.overlapping(), boxes.overlapping()[:5]


MAP_BOX = (theme.GAP, 148, WIDTH - theme.GAP, 148 + art.MAP_H)  # where the board and results draw it


def _inside(box: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return outer[0] <= box[0] and outer[1] <= box[1] and box[2] <= outer[2] and box[3] <= outer[3]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_results_show_the_final_map_as_the_last_board(games, seats, monkeypatch):
    """The results image carries the final sky: every constellation's name and START among its
    drawn texts, each where the final board draws it, and the map's pixels are the board's."""
    over, _ = games[seats]
    public, names = GAME.view(over, None), NAMES[:seats]
    boxes = TextBoxes(monkeypatch)
    board = art.draw_board(public, names)
    on_board = len(boxes.drawn)
    results = art.draw_results(public, names)
    board_texts, results_texts = boxes.drawn[:on_board], boxes.drawn[on_board:]
    label_font = font(LABEL_SIZE, True)
    lines = {line for c in public["constellations"].values() for line in split_name(c["name"], label_font)}
    drawn = {(d.text, d.box) for d in results_texts}
    assert lines | {"START"} <= {text for text, _box in drawn}, "the results image lacks the map's names"
    on_map = sorted((d.text, d.box) for d in board_texts if _inside(d.box, MAP_BOX))
    assert len(on_map) > len(lines)  # names, START, markers and telescopes
    assert on_map == sorted((d.text, d.box) for d in results_texts if _inside(d.box, MAP_BOX))
    inner = (
        MAP_BOX[0] + theme.RADIUS,
        MAP_BOX[1] + theme.RADIUS,
        MAP_BOX[2] - theme.RADIUS,
        MAP_BOX[3] - theme.RADIUS,
    )  # the rounded corners show the backdrop, which grows with the image
    assert ImageChops.difference(board.crop(inner), results.crop(inner)).getbbox() is None
    assert not [d for d in results_texts if d.outside()]
    assert_small(art.results_png(public, names), f"results, {seats} seats")


def test_results_list_the_players_best_first(games, monkeypatch):
    """Below the map the players stand best first (Myth points break a tie), each with a total."""
    over, _ = games[4]
    public = GAME.view(over, None)
    boxes = TextBoxes(monkeypatch)
    art.draw_results(public, NAMES)
    below = [d for d in boxes.drawn if d.box[1] > MAP_BOX[3]]
    tops = {d.text: d.box[1] for d in below if d.text in NAMES}
    order = sorted(
        range(4),
        key=lambda s: (-public["outcome"]["scores"][s], -public["outcome"]["breakdown"][s]["myths"], s),
    )
    assert sorted(tops, key=tops.get) == [NAMES[s] for s in order]
    totals = [d.text for d in below if d.text.endswith(" points")]
    assert totals == [f"{public['outcome']['scores'][s]} points" for s in order]


def test_board_changes_with_the_game(games):
    over, firsts = games[3]
    early = art.board_png(GAME.view(firsts["assign"], None), NAMES[:3])
    late = art.board_png(GAME.view(over, None), NAMES[:3])
    assert early != late


def test_public_images_ignore_seat_keys(games):
    """A seat view handed to the board or results draws exactly what the public view draws."""
    over, firsts = games[2]
    state = firsts["move"]
    seat = state["current"]
    public = art.board_png(GAME.view(state, None), NAMES[:2])
    assert art.board_png(GAME.view(state, seat), NAMES[:2]) == public
    assert not SEAT_ONLY & art.public_only(GAME.view(state, seat)).keys()
    other = (seat + 1) % 2
    assert art.sheet_png(GAME.view(state, seat), NAMES[:2], other) == art.sheet_png(
        GAME.view(state, None), NAMES[:2], other
    )


def test_myth_cards_drawn_only_where_they_may_be(games, monkeypatch):
    seen = drawn_strings(monkeypatch)
    _, firsts = games[2]
    state = firsts["place"]
    seat = state["current"]
    mine = [myth_label(m) for m in GAME.view(state, seat)["my_myths"]]
    theirs = [myth_label(m) for m in GAME.view(state, 1 - seat)["my_myths"]]
    art.draw_board(GAME.view(state, seat), NAMES[:2])
    art.draw_sheet(GAME.view(state, None), NAMES[:2], seat)
    assert not any(label in s for label in mine + theirs for s in seen), "a public image shows a Myth card"
    seen.clear()
    art.draw_panel(GAME.view(state, seat), NAMES[:2])
    assert all(any(label in s for s in seen) for label in mine), "the seat's own panel lists its Myth cards"
    assert not any(label in s for label in theirs for s in seen), "never another seat's Myth cards"


def test_results_reveal_every_myth_and_winner(games, monkeypatch):
    seen = drawn_strings(monkeypatch)
    over, _ = games[4]
    public = GAME.view(over, None)
    art.draw_results(public, NAMES)
    for cards in public["myths"]:
        for myth in cards:
            assert any(myth_label(myth) in s for s in seen)
    winner = NAMES[public["outcome"]["winners"][0]]
    assert winner in seen


def test_hostile_names_and_bad_data_do_not_crash(games):
    over, firsts = games[4]
    for state in (*firsts.values(), over):
        public = GAME.view(state, None)
        art.draw_board(public, HOSTILE)
        art.draw_results(GAME.view(over, None), HOSTILE)
        if state["phase"] != "over":
            art.draw_panel(GAME.view(state, state["current"]), HOSTILE)
    broken = copy.deepcopy(GAME.view(firsts["move"], None))
    broken["constellations"]["c01"]["x"] = "far"
    broken["constellations"]["c02"] = None
    broken["players"][0]["pools"] = [["red", "purple", "red", "red", "red", "red"]]
    broken["players"][1]["at"] = "nowhere"
    broken["night"] = None
    broken["edges"].append(["c01", "c99"])
    assert art.draw_board(broken, []).width == WIDTH
    assert art.draw_board({}, []).width == WIDTH
    assert art.draw_results({}, []).width == WIDTH
    assert art.draw_panel({}, []).width == WIDTH


def test_long_names_split_into_two_lines():
    f = font(23, True)
    assert split_name("Wandering Lighthouse", f) == ("Wandering", "Lighthouse")
    assert split_name("Rusty Key", f) == ("Rusty Key",)


def _depth(a, b) -> float:
    """How far two boxes overlap (0 when apart): the smaller of the overlap's width and height."""
    return max(0.0, min(min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_telescope_covers_a_name_and_no_names_overlap(seed):
    """Measured on every state of a 4-seat game: each telescope (four may share START) keeps off
    every constellation's name, and no two names overlap."""
    box = (theme.GAP, 148, WIDTH - theme.GAP, 148 + art.MAP_H)
    state, rng = GAME.setup(4, {}, seed), Rng(seed)
    while state["phase"] != "over":
        view = GAME.view(state, None)
        names = name_boxes(view, box)
        tokens = token_boxes(view, NAMES, box)
        for cid, name in names.items():
            covered = [t for t in tokens if _depth(name, t) > 4]
            assert not covered, f"a telescope covers {view['constellations'][cid]['name']!r}"
            crowded = [o for o, other in names.items() if o < cid and _depth(name, other) > 2]
            assert not crowded, f"{view['constellations'][cid]['name']!r} overlaps another name"
        seat = state["current"]
        state = GAME.apply(state, seat, random_action(GAME, state, seat, rng)).state


def test_constellation_names_are_legible_at_phone_width():
    """Shown 400 px wide, a map name is as tall as the smallest text the theme allows (~10 px)."""
    assert LABEL_SIZE * 400 / WIDTH >= 10
