"""Colour is never the only carrier of meaning: every image kind, seen with a colour-vision deficiency.

Every picture the four faces draw for seeded games (each kind a presenter sends: boards, panels,
sheets, reveals, results) is rendered, then simulated as a person with protanopia,
deuteranopia or tritanopia sees it (``colorspacious``' "sRGB1+CVD" model of Machado et al. 2009,
at severity 100, i.e. dichromacy, the strongest case). For every pair of game colours that must
be told apart (star colours, player colours, the Night Track markers, Star Gazers' tokens,
Observatory's dice and cards) and that shows in that picture, the two simulated colours must
stay distinguishable, or the pair must carry a second cue that does not depend on colour,
which is then checked in the art itself.

The threshold: ΔE ≥ 10 in CAM02-UCS (Luo et al. 2006), measured between the simulated colours.
About 1 unit is a just-noticeable difference for large patches side by side; the marks here are
small (a 10 px star or token on a phone, about 0.4 of the drawn size) on a dark sky, where
differences needed to tell categories apart grow several-fold (Szafir 2017, "Modeling Color
Difference for Visualization Design", finds ~5-10 ΔE for reliable discrimination of small
marks). Ten units keeps a margin over that for pictures that are re-encoded (WebP, quantized
GIF) and looked at on phones in any light.
"""

from __future__ import annotations

import io
import itertools
import random
from collections.abc import Callable
from functools import partial
from typing import Any

import colorspacious  # the test extra; it brings numpy
import numpy as np
import pytest
from PIL import Image, ImageDraw

from bot.faces import PRESENTERS
from bot.faces.observatory.art import map as obs_map
from bot.faces.observatory.art import parts as obs_parts
from bot.faces.star_gazers.art import icons
from bot.faces.starry_night_sky.art import map as sns_map
from bot.games import get_game
from bot.i18n import Language, speaking
from render import theme

THRESHOLD = 10.0  # ΔE in CAM02-UCS, see the module docstring
DEFICIENCIES = ("protanomaly", "deuteranomaly", "tritanomaly")  # at severity 100: the -anopias
SEATS = {"sky-of-stars": 4, "observatory": 3, "star-gazers": 3, "starry-night-sky": 3}
NAMES = ["Ada", "Bea", "Cy", "Dee"]
MIN_PIXELS = 12  # a colour shows in a picture when this many of its (shrunk) pixels carry it

# The colours that mean something, by what they tell apart (collected from the faces' art and the
# shared theme); only pairs within a group must be told apart.
GROUPS: dict[str, dict[str, tuple[int, int, int]]] = {
    "star colours": dict(theme.STAR_COLOURS),
    "player colours": {f"seat {i + 1}": c for i, c in enumerate(theme.PLAYER_COLOURS)},
    "Night Track markers": {
        "night": sns_map.MARKER_NIGHT,
        "dawn": sns_map.MARKER_DAWN,
        "mapped": sns_map.MARKER_DONE,
    },
    "Star Gazers tokens": {
        "moon": icons.MOON,
        "comet": icons.COMET,
        "station": icons.STATION,
        "station panels": icons.PANELS,
        "meteor": icons.METEOR,
        "sun": icons.SUN,
        "star": icons.STAR,
        "black hole": icons.HOLE_RING,
        "shuttle": icons.SHUTTLE,
    },
    "Observatory dice": {"standard die": obs_map.DIE_BLUE, "Shooting Star die": obs_map.SHOOTING},
    "Observatory cards": {
        "large card": obs_parts.CARD_LARGE,
        "small card": obs_parts.CARD_SMALL,
        "asterism": obs_parts.CARD_ASTERISM,
    },
}

# --------------------------------------------------------------------------- second cues


def _icon_shapes_differ(a: str, b: str) -> bool:
    """Two token icons drawn in their own shapes: their silhouettes overlap by under 80 %."""
    masks = [np.asarray(icons.icon(kind, 96).getchannel("A")) > 128 for kind in (a, b)]
    return (masks[0] & masks[1]).sum() / (masks[0] | masks[1]).sum() < 0.8


TOKEN_KIND = {
    "moon": "moon",
    "comet": "comet",
    "station": "station",
    "station panels": "station",
    "meteor": "meteor",
    "sun": "sun",
    "star": "star",
    "black hole": "black_hole",
    "shuttle": "shuttle",
}


def _token_cue(a: str, b: str) -> bool:
    return TOKEN_KIND[a] != TOKEN_KIND[b] and _icon_shapes_differ(TOKEN_KIND[a], TOKEN_KIND[b])


def _names_tell_seats_apart(a: str, b: str) -> bool:
    """With every seat drawn in one and the same colour, swapping two players' names still changes
    each face's board: who is who is written (names, a pawn's initial), not only coloured."""
    grey = [(150, 150, 150)] * len(theme.PLAYER_COLOURS)
    original = theme.PLAYER_COLOURS
    theme.PLAYER_COLOURS = tuple(grey)
    try:
        for slug, render in BOARDS.items():
            view, names = render
            swapped = [names[1], names[0], *names[2:]]
            draw = SAMPLES[slug, "board"]
            if draw(view, names) == draw(view, swapped):
                return False
    finally:
        theme.PLAYER_COLOURS = original
    return True


def _markers_cue(a: str, b: str) -> bool:
    """A mapped constellation's badge holds a check mark, a Night or Dawn marker its points: drawn
    in one colour, the badges still differ."""
    pictures = []
    for label in (None, "3"):
        image = Image.new("RGB", (60, 60))
        sns_map._badge(image, ImageDraw.Draw(image), 30, 30, (200, 200, 200), label)
        pictures.append(image.tobytes())
    return "mapped" in (a, b) and pictures[0] != pictures[1]


SECOND_CUES: dict[str, Callable[[str, str], bool]] = {
    "player colours": _names_tell_seats_apart,
    "Night Track markers": _markers_cue,
    "Star Gazers tokens": _token_cue,
}

# --------------------------------------------------------------------------- the pictures

SAMPLES: dict[tuple[str, str], Callable[..., bytes]] = {}
PICTURES: dict[tuple[str, str], partial[bytes]] = {}  # (game, drawing) -> one seeded drawing of it
BOARDS: dict[str, tuple[dict[str, Any], list[str]]] = {}  # a mid-game public view per game


def _keep(slug: str, make: Callable[..., Any], *args: Any) -> None:
    """The pictures of ``make(*args)``'s message; a message that doesn't fit this moment of the game
    (a step's opening card asked for between its steps) is not one the bot would send: skipped."""
    try:
        out = make(*args)
    except (KeyError, TypeError, IndexError):
        return
    for render in (out.render, out.still) if out is not None else ():
        if isinstance(render, partial):
            PICTURES.setdefault((slug, render.func.__name__), render)


def _play(slug: str, seed: int) -> None:
    """A seeded game played by the bot, every picture kind the presenter sends kept once."""
    game, presenter = get_game(slug), PRESENTERS[slug]
    seats = SEATS[slug]
    names = NAMES[:seats]
    state, rng = game.setup(seats, game.validate_options({}), seed), random.Random(seed)
    events: list[str] = []
    for step in range(4000):
        public = game.view(state, None)
        _keep(slug, presenter.step_message, public, names, 1)
        _keep(slug, presenter.board, public, names)
        _keep(slug, presenter.announcement, public, names, events, 1)
        for seat in range(seats):
            _keep(slug, presenter.sheet, public, names, seat)
            _keep(slug, presenter.sheet, game.view(state, seat), names, seat)
        for seat in game.to_act(state):
            _keep(slug, presenter.panel, game.view(state, seat), names, 1)
        if step == 30 and slug not in BOARDS:
            BOARDS[slug] = (public, names)
        if game.is_over(state):
            return
        seat = game.to_act(state)[0] if game.to_act(state) else None
        action = game.bot_action(state, seat, rng) if seat is not None else {"kind": "timeout"}
        applied = game.apply(state, seat, action)
        state, events = applied.state, applied.events


def _collect() -> None:
    if PICTURES:
        return
    with speaking(Language.ENGLISH):
        for slug in PRESENTERS:
            _play(slug, 3)
        for (slug, name), render in list(PICTURES.items()):
            if slug in BOARDS and name in ("board_png", "board_webp", "table_png"):
                SAMPLES.setdefault((slug, "board"), lambda view, names, f=render.func: f(view, names))
    for slug in PRESENTERS:  # a public board of every game, for the names' cue
        assert (slug, "board") in SAMPLES, f"no board picture of {slug}"


def _pixels(data: bytes) -> np.ndarray:
    image = Image.open(io.BytesIO(data)).convert("RGB")
    image.thumbnail((500, 2000), Image.Resampling.NEAREST)  # exact colours kept, fewer pixels
    return np.asarray(image, dtype=float) / 255


def _present(pixels: np.ndarray, colour: tuple[int, int, int]) -> np.ndarray:
    """Where ``colour`` (within 3/255 a channel, for antialiasing and lossless re-encoding) shows."""
    return np.all(np.abs(pixels - np.array(colour) / 255) <= 3 / 255, axis=-1)


def picture_ids() -> list[str]:
    _collect()
    return [f"{slug}:{name}" for slug, name in sorted(PICTURES)]


@pytest.mark.parametrize("picture", picture_ids())
def test_game_colours_stay_apart_for_every_colour_vision(picture: str) -> None:
    slug, name = picture.split(":")
    with speaking(Language.ENGLISH):
        data = PICTURES[slug, name]()
    pixels = _pixels(data)
    shown = {
        (group, label): mask
        for group, colours in GROUPS.items()
        for label, colour in colours.items()
        if (mask := _present(pixels, colour)).sum() >= MIN_PIXELS
    }
    failing = []
    for deficiency in DEFICIENCIES:
        cvd = {"name": "sRGB1+CVD", "cvd_type": deficiency, "severity": 100}
        seen = np.clip(colorspacious.cspace_convert(pixels, cvd, "sRGB1"), 0, 1)
        means = {key: seen[mask].mean(axis=0) for key, mask in shown.items()}
        for (ga, a), (gb, b) in itertools.combinations(shown, 2):
            if ga != gb:
                continue
            delta = colorspacious.deltaE(
                means[ga, a], means[gb, b], input_space="sRGB1", uniform_space="CAM02-UCS"
            )
            if delta < THRESHOLD:
                cue = SECOND_CUES.get(ga)
                if cue is None or not cue(a, b):
                    failing.append(f"{ga}: {a} / {b} under {deficiency}: ΔE {delta:.1f}, no second cue")
    assert not failing, "\n".join(failing)


def test_every_game_draws_its_meaningful_colours() -> None:
    """The check above looks at something: each group of colours shows in some picture."""
    _collect()
    seen = set()
    for render in PICTURES.values():
        with speaking(Language.ENGLISH):
            pixels = _pixels(render())
        seen |= {
            group
            for group, colours in GROUPS.items()
            for colour in colours.values()
            if _present(pixels, colour).sum() >= MIN_PIXELS
        }
    assert seen == set(GROUPS), set(GROUPS) - seen


def test_the_pairs_that_need_a_second_cue_have_one() -> None:
    """Pair by pair, from the palettes alone: which fall under the threshold for some deficiency,
    and that each of those carries its cue (the list is the report of this check)."""
    _collect()
    needing = []
    for group, colours in GROUPS.items():
        for (a, ca), (b, cb) in itertools.combinations(colours.items(), 2):
            worst = min(
                colorspacious.deltaE(
                    *(
                        np.clip(
                            colorspacious.cspace_convert(
                                np.array(c) / 255,
                                {"name": "sRGB1+CVD", "cvd_type": d, "severity": 100},
                                "sRGB1",
                            ),
                            0,
                            1,
                        )
                        for c in (ca, cb)
                    ),
                    input_space="sRGB1",
                    uniform_space="CAM02-UCS",
                )
                for d in DEFICIENCIES
            )
            if worst < THRESHOLD:
                needing.append((group, a, b))
                assert group in SECOND_CUES and SECOND_CUES[group](a, b), (group, a, b, worst)
    assert needing, "the palettes have close pairs under some deficiency: the cues are what keeps them apart"
