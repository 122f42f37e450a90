"""Observatory's pictures sent 640 px wide are composed (``render.compose``): a kept backdrop, kept
card tiles, and only the marked parts shrunk again. Whatever it keeps, a picture must be the whole
drawing BOX-shrunk, pixel for pixel: a part drawn but not marked would show here."""

from __future__ import annotations

import random

from PIL import Image, ImageChops

from bench.picture_cases import pictures
from bot.faces.observatory.art import images as art
from bot.i18n import Language, speaking
from render import compose
from render.encode import the_old_way

DRAWN = {
    "sheet_png": art.draw_sheet,
    "table_png": art.draw_table,
    "hand_png": art.draw_hand,
    "refill_png": art.draw_refill,
}


def test_a_part_of_the_shrink_is_the_whole_shrinks_part():
    image = Image.effect_noise((1000, 1636), 90).convert("RGB")
    whole = image.resize((640, 1047), Image.Resampling.BOX)
    rng = random.Random(31)
    for _ in range(200):
        i0, j0 = rng.randrange(639), rng.randrange(1046)
        area = (i0, j0, rng.randrange(i0 + 1, 641), rng.randrange(j0 + 1, min(1048, j0 + 90)))
        part = compose.part_of_shrink(image, whole.size, area)
        assert ImageChops.difference(part, whole.crop(area)).getbbox() is None, area


def test_the_dirty_tiles_come_back_as_rectangles_covering_each_once():
    rng = random.Random(7)
    for _ in range(100):
        tiles = Image.new("L", (13, 11))
        wanted = {(rng.randrange(13), rng.randrange(11)) for _ in range(rng.randrange(1, 50))}
        for tile in wanted:
            tiles.putpixel(tile, 255)
        got: list[tuple[int, int]] = []
        for x0, y0, x1, y1 in compose._runs(tiles):
            got += [(x, y) for y in range(y0, y1) for x in range(x0, x1)]
        assert sorted(got) == sorted(wanted)


def test_every_composed_picture_is_the_whole_drawing_shrunk():
    """Every case twice in turn (kept tiles, masks and backdrops reused across states), each
    composed picture against the old way's drawing (nothing kept) shrunk whole."""
    cases = [p for p in pictures() if p.title == "observatory" and p.kind in DRAWN]
    assert {p.kind for p in cases} == set(DRAWN)
    with speaking(Language.ENGLISH):
        for _round in range(2):
            for case in cases:
                draw = DRAWN[case.kind]
                args, kwargs = case.make.args, case.make.keywords
                with compose.compacting(art.COMPACT_WIDTH) as holder:
                    small = compose.shrunk(draw(*args, **kwargs), holder).copy()
                    assert holder.composition is not None, case.key
                with the_old_way():
                    whole = draw(*args, **kwargs).convert("RGB").resize(small.size, Image.Resampling.BOX)
                assert ImageChops.difference(small, whole).getbbox() is None, case.key
