"""A Sky of Stars images from a real seeded 6-seat game (the most seats, the biggest boards): every
image the presenters send is within the byte budget, and no text runs past the image's edge."""

from __future__ import annotations

import io
import math
from functools import cache

import pytest

from bot.faces.sky_of_stars.art import images as sky
from bot.games.base import State
from bot.games.rng import Rng
from bot.games.sky_of_stars.engine import SkyOfStars
from bot.games.sky_of_stars.simulate import random_move
from render.common import recording_texts
from tests.faces.image_checks import TextBoxes, assert_small

GAME = SkyOfStars()
NAMES = ["Ada", "Béatrice", "Bartholomew the Magnificent Stargazer", "Dmitri Жуков", "José", "Eun-ji"]


@cache
def moments(seats: int = 6, seed: int = 2024) -> tuple[State, ...]:
    """The first state of every (round, phase) of one seeded random game, and its end."""
    rng = Rng(seed + 1)
    state = GAME.setup(seats, {}, seed)
    seen: dict[tuple[int, str], State] = {}
    while not GAME.is_over(state):
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
    # while texts are recorded the vault panels are drawn whole, not in parts (``art.panels``), so
    # every text is measured on the picture itself; the pixels are the same either way
    with recording_texts():
        for state in moments(seats):
            for kind, png in pngs_of(state):
                assert_small(png, f"{kind} in round {state['round']}, {state['phase']}")
                kinds.add(kind.split()[0])
    assert kinds >= {"table", "vault", "drawing", "results"}
    assert boxes.drawn and not boxes.clipped(), boxes.clipped()[:5]
    assert not boxes.overlapping(), boxes.overlapping()[:5]


def test_the_recorder_sees_text_past_the_edge_and_text_on_text(monkeypatch):
    """The checks can fail: a string drawn from the right edge outwards, and two strings drawn
    over each other, are reported; a halo under its own text is not."""
    from PIL import Image, ImageDraw

    from render.common import text
    from render.theme import SHADOW, font

    boxes = TextBoxes(monkeypatch)
    image = Image.new("RGB", (200, 140))
    draw = ImageDraw.Draw(image)
    draw.text((150, 10), "Ready to confirm", font=font(27))
    text(draw, (10, 50), "inside", font(27), (255, 255, 255), halo=SHADOW)
    draw.text((10, 95), "Brave", font=font(27))
    draw.text((40, 100), "Teacup", font=font(27))
    assert [d.text for d in boxes.clipped()] == ["Ready to confirm"]
    assert boxes.overlapping() == [("Brave", "Teacup")]


# --- the die asks for a shape: 4-, 5- and 8-pointed stars must read apart on a phone ------------
PHONE = 0.4  # Discord shows a 1000 px image about 400 px wide on a phone
POINTS = {"four": 4, "five": 5, "eight": 8}


def _luminance(image, x: float, y: float) -> float:
    """Bilinear luminance at a fractional pixel."""
    x0, y0, fx, fy = int(x), int(y), x - int(x), y - int(y)

    def at(px: int, py: int) -> float:
        r, g, b = image.getpixel((px, py))[:3]
        return 0.3 * r + 0.59 * g + 0.11 * b

    return (
        at(x0, y0) * (1 - fx) * (1 - fy)
        + at(x0 + 1, y0) * fx * (1 - fy)
        + at(x0, y0 + 1) * (1 - fx) * fy
        + at(x0 + 1, y0 + 1) * fx * fy
    )


def _points_contrast(image, cx: float, cy: float, r: float) -> dict[int, float]:
    """How strongly brightness repeats 4, 5 and 8 times round a star (angular Fourier magnitude,
    summed over rings through its arms): a star with n points shows n as the strongest."""
    n = 240
    out = dict.fromkeys(POINTS.values(), 0.0)
    for f in (0.55, 0.65, 0.75, 0.85):
        angles = [2 * math.pi * i / n for i in range(n)]
        ring = [_luminance(image, cx + r * f * math.cos(a), cy + r * f * math.sin(a)) for a in angles]
        for k in out:
            out[k] += (
                math.hypot(
                    sum(v * math.cos(2 * math.pi * k * i / n) for i, v in enumerate(ring)),
                    sum(v * math.sin(2 * math.pi * k * i / n) for i, v in enumerate(ring)),
                )
                / n
            )
    return out


def _margin(contrast: dict[int, float], points: int) -> float:
    return contrast[points] / max(v for k, v in contrast.items() if k != points)


def test_star_shapes_read_apart_at_phone_width_after_quantising():
    """A real vault, PNG-encoded (palette) then shrunk to 400 px wide: round every star that is not
    crossed out, its own number of points repeats clearly more than the other two shapes'."""
    from PIL import Image

    from bot.faces.sky_of_stars.art.map import load_vault
    from render.theme import STAR_R, WIDTH

    state = next(s for s in moments(6) if s["phase"] == "stroke" and s["round"] == 2)
    view = GAME.view(state, 0)
    sent = Image.open(io.BytesIO(sky.vault_png(view, NAMES))).convert("RGB")
    shrink = PHONE * WIDTH / sent.width  # the panel picture is sent at half width: shrink it less
    phone = sent.resize((round(sent.width * shrink), round(sent.height * shrink)), Image.Resampling.LANCZOS)
    layout, crossed = sky._map_layout(), set(view["vault"]["cancelled"])
    worst = {}
    for star in load_vault().stars:
        if star.label not in crossed:
            x, y = layout.pos(star.label)
            contrast = _points_contrast(phone, x * PHONE, y * PHONE, STAR_R * PHONE)
            margin = _margin(contrast, POINTS[star.shape])
            worst[star.shape] = min(worst.get(star.shape, math.inf), margin)
    assert set(worst) == set(POINTS) and min(worst.values()) >= 1.55, worst


def test_quantising_keeps_the_star_colours_apart():
    """Each star colour still lands nearest to itself (not to another star colour) after the
    palette encode, so red, blue and yellow never merge."""
    from PIL import Image

    from render import shapes
    from render.common import sky as backdrop
    from render.common import to_png
    from render.theme import STAR_COLOURS, STAR_R

    image = backdrop(300, 100)
    for i, colour in enumerate(STAR_COLOURS.values()):
        shapes.paste(image, shapes.star_sprite("five", colour, STAR_R, glow=False), 50 + 100 * i, 50)
    decoded = Image.open(io.BytesIO(to_png(image))).convert("RGB")
    for i, name in enumerate(STAR_COLOURS):
        got = decoded.getpixel((50 + 100 * i, 50 - round(STAR_R * 0.7)))  # the top arm, past the light core
        nearest = min(STAR_COLOURS, key=lambda n, got=got: math.dist(STAR_COLOURS[n], got))
        assert nearest == name, (name, got)
