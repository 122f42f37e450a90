"""Observatory images: real views from seeded games at several stages, public images from the
public view only, highlights on the right cells, odd names and bad data survive."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.faces.observatory.art import images as art
from bot.faces.observatory.art.map import CELL_FILL, LEGAL_FILL, dice_label, parse
from bot.faces.observatory.art.sheet import grid_of_sheet
from bot.games import get_game
from bot.games.rng import Rng
from tests.faces.image_checks import TextBoxes, assert_small

GAME = get_game("observatory")
NAMES = ["Ada", "Béatrice", "Cyrus", "Dmitri", "Eun-ji"]
ODD_NAMES = ["\U0001f680\U0001f30c", "", "Z\u0351\u0353a\u0337lgo " * 12, "\u661f\u91ce", "   "]


def play(seats: int, seed: int, options=None):
    """States of one bot-played game, keyed by moment: first of each phase, a late roll, the end."""
    state = GAME.setup(seats, options or {}, seed)
    rng = Rng(seed)
    moments = {}
    while not GAME.is_over(state):
        view = GAME.view(state, None)
        moments.setdefault(view["phase"], state)
        if view["phase"] == "decide" and view["night"] == view["nights"]:
            moments.setdefault("late", state)
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng)).state
    moments["over"] = state
    return moments


@pytest.fixture(scope="module")
def games():
    return {seats: play(seats, 40 + seats) for seats in (1, 2, 5)}


def png_ok(data: bytes, min_h: int = 400, max_h: int = 2600, width: int = 1000) -> Image.Image:
    """A PNG within budget, ``width`` wide (the sheet, the table, the hand and the refill go out at
    COMPACT_WIDTH; their heights are given as drawn, at 1000 px)."""
    assert_small(data)
    image = Image.open(io.BytesIO(data))
    image.verify()
    image = Image.open(io.BytesIO(data))
    scale = width / 1000
    assert image.format == "PNG" and image.width == width, image.size
    assert min_h * scale <= image.height <= max_h * scale, image.size
    return image


def compact_ok(data: bytes, min_h: int = 400, max_h: int = 2600) -> Image.Image:
    return png_ok(data, min_h, max_h, width=art.COMPACT_WIDTH)


def acting_view(state, kind=None):
    for seat in GAME.to_act(state):
        view = GAME.view(state, seat)
        if kind is None or (view.get("choice") or {}).get("kind") == kind:
            return view
    raise LookupError(kind)


@pytest.mark.parametrize("seats", [1, 2, 5])
def test_every_image_builds_from_real_views(games, seats, monkeypatch):
    """Every image of real views is a PNG within the byte budget, with no text past an edge."""
    boxes = TextBoxes(monkeypatch)
    moments = games[seats]
    for name, state in moments.items():
        public = GAME.view(state, None)
        compact_ok(art.table_png(public, NAMES))
        for seat in range(seats):
            compact_ok(art.sheet_png(public, NAMES, seat), min_h=1500)
        if GAME.to_act(state):
            view = acting_view(state)
            compact_ok(art.sheet_png(view, NAMES, view["you"]), min_h=1500)
        if name == "keep":
            compact_ok(art.hand_png(acting_view(state, "keep"), NAMES), min_h=300)
    png_ok(art.results_png(GAME.view(moments["over"], None), NAMES), min_h=300)
    assert boxes.drawn and not boxes.clipped(), boxes.clipped()[:5]
    assert not boxes.overlapping(), boxes.overlapping()[:5]


def test_refill_image(games):
    for moments in games.values():
        if "refill" in moments:
            view = acting_view(moments["refill"], "refill")
            sky = view["choice"]["sky"]
            compact_ok(art.refill_png(view, NAMES, picked=sky[0] if sky else "deck:large"))
            return
    pytest.skip("no seeded game reached a refill")


def test_public_images_ignore_seat_only_keys(games):
    state = games[2]["decide"]
    public = GAME.view(state, None)
    seat_view = GAME.view(state, 0)
    assert seat_view.keys() > public.keys()
    assert art.table_png(seat_view, NAMES) == art.table_png(public, NAMES)
    over = GAME.view(games[2]["over"], None)
    assert art.results_png({**over, "hand": ["L01"], "choice": {"kind": "keep"}}, NAMES) == art.results_png(
        over, NAMES
    )


def test_legal_cells_and_the_pick_land_on_the_labelled_cells(games):
    view = acting_view(games[2]["decide"], "decide")
    grid = grid_of_sheet()
    stars = set(view["sheet"]["stars"])
    block = [f"{c}{r}" for r in range(1, 7) for c in "ABCDEF"]  # the top-left 6 x 6 block
    free = [cell for cell in block if cell not in stars]
    legal, empty = free[:2], free[-1]
    image = art.draw_sheet(view, NAMES, view["you"], marks=art.Marks(legal=legal))
    for cell in legal:
        row, col = parse(cell)
        x0, y0, _, _ = grid.rect(row, col)
        assert image.getpixel((x0 + 6, y0 + 6)) == LEGAL_FILL, cell
    row, col = parse(empty)
    x0, y0, _, _ = grid.rect(row, col)
    assert image.getpixel((x0 + 6, y0 + 6)) == CELL_FILL
    # C4's dice labels are row 4 / column 3, as printed beside the map
    assert dice_label(parse("C4")[0]) == 4 and dice_label(parse("C4")[1]) == 3
    assert dice_label(parse("J11")[0]) == 5 and dice_label(parse("J11")[1]) == 4
    picked = art.draw_sheet(view, NAMES, view["you"], marks=art.Marks(legal=legal, picked=legal[0]))
    assert picked.tobytes() != image.tobytes()


def test_odd_names_and_bad_data_never_crash(games):
    over = GAME.view(games[5]["over"], None)
    png_ok(art.results_png(over, ODD_NAMES), min_h=300)
    compact_ok(art.table_png(over, ODD_NAMES))
    compact_ok(art.sheet_png(over, ODD_NAMES, 4), min_h=1500)
    for bad in ({}, {"sheets": "x", "scores": [None], "roll": {"standard": ["?"]}, "cards": []}):
        compact_ok(art.table_png(bad, []), min_h=300)
        compact_ok(art.sheet_png(bad, [], 0), min_h=1500)
        png_ok(art.results_png(bad, []), min_h=200)
        compact_ok(art.hand_png(bad, []), min_h=200)
        compact_ok(art.refill_png(bad, []), min_h=200)


def test_the_sheet_fits_a_phone_screen(games):
    """Shown ~400 px wide on a phone, the sheet stays within about one screen (it was 1000 x 1920),
    and the map keeps cells big enough to tap-read (26 px there)."""
    view = acting_view(games[5]["decide"], "decide")
    image = art.draw_sheet(view, NAMES, view["you"])
    assert image.width == 1000 and image.height / image.width <= 1.65, image.size
    assert grid_of_sheet().cell >= 64
