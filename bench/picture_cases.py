"""Every picture the bot sends, as the faces call it, on views from seeded games of the four titles.

One list serves two masters: the pixel-identity test (``tests/faces/test_picture_digests.py``)
compares what each case draws with a stored digest, and the render bench (``bench.render_speed``)
times each case's draw and encode. A case is the face's own encoder entry point (``vault_png``,
``sheet_png``, ``panel_webp``...) with the arguments a face passes, so both see exactly the bytes
a player gets. Views come from the benches' seeded games (the engines' bots or seeded random
moves), so a case is the same on every run.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import io
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import PIL
from PIL import Image, ImageSequence

from bench import observatory_render_bench as obs_bench
from bench import render_bench as sky_bench
from bench import star_gazers_render_bench as sg_bench
from bench import starry_night_sky_render_bench as sns_bench
from bot.faces.observatory.art import images as obs
from bot.faces.sky_of_stars.art import animation
from bot.faces.sky_of_stars.art import images as sky
from bot.faces.sky_of_stars.art.reveal import reveal_png
from bot.faces.star_gazers.art import images as sg
from bot.faces.starry_night_sky.art import images as sns
from bot.games import get_game
from bot.games.starry_night_sky import StarryNightSky
from bot.i18n import Language, speaking


@dataclass(frozen=True)
class Picture:
    """One picture: its title, the entry point that makes it (``kind``), the moment, the call."""

    title: str
    kind: str
    moment: str
    make: Callable[[], bytes]

    @property
    def key(self) -> str:
        return f"{self.title}/{self.kind}/{self.moment}"


def _sky() -> list[Picture]:
    game = get_game(sky_bench.SLUG)
    moments = copy.deepcopy(sky_bench.play_for_moments())
    names = sky_bench.NAMES
    stroke = sky_bench._acting_view(game, moments.mid_stroke, "stroke")
    preview = sky_bench._first_move(stroke)
    swirl = sky_bench._acting_view(game, moments.swirl, "cancel")
    guess = game.view(moments.mid_guess, None)
    artist = guess["guess"]["artist"]
    over, over_seat = game.view(moments.over, None), game.view(moments.over, 0)
    mid, last = game.view(moments.mid_stroke, None), game.view(moments.last, None)
    reveal = over["reveals"][-1]
    cases = [
        ("vault_png", "r2 drawing", partial(sky.vault_png, stroke, names)),
        ("vault_png", "r2 confirm line", partial(sky.vault_png, stroke, names, preview=preview)),
        ("vault_png", "r2 start picked", partial(sky.vault_png, stroke, names, preview=(preview[0],) * 2)),
        ("vault_png", "game over", partial(sky.vault_png, over_seat, names)),
        ("cancel_target_png", "swirl", partial(sky.cancel_target_png, swirl, names)),
        (
            "cancel_target_png",
            "confirm cross-out",
            partial(sky.cancel_target_png, swirl, names, preview=swirl["choice"]["stars"][0]),
        ),
        ("panel_drawing_png", "r2 guessing", partial(sky.panel_drawing_png, guess, names, artist, 2)),
        ("drawing_png", "r2 guessing", partial(sky.drawing_png, guess, names, artist, 2)),
        ("drawing_png", "r3 seat 0", partial(sky.drawing_png, over, names, 0, 3)),
        ("drawing_gif", "r2 guessing", partial(animation.drawing_gif, guess, names, artist, 2)),
        ("table_png", "r2 drawing", partial(sky.table_png, mid, names)),
        ("table_png", "r3 last guess", partial(sky.table_png, last, names)),
        ("results_png", "game over", partial(sky.results_png, over, names)),
        ("reveal_png", "last reveal", partial(reveal_png, over, names, reveal["artist"], reveal["round"])),
    ]
    return [Picture("sky-of-stars", kind, moment, make) for kind, moment, make in cases]


def _observatory() -> list[Picture]:
    game = obs_bench._game()
    m = obs_bench.play_for_moments(game)
    names = obs_bench.NAMES
    assert m.keep is not None and m.decide_late is not None and m.placement is not None
    assert m.refill is not None
    assert m.over is not None
    hand = obs_bench._acting(game, m.keep)
    picked = (hand["choice"].get("hand") or [])[:4]
    late = obs_bench._acting(game, m.decide_late)
    plots = late["choice"].get("plots") or []
    legal = [c for p in plots for c in p["cells"]]
    shooting = (late["choice"].get("shooting") or {}).get("cells") or []
    place = obs_bench._acting(game, m.placement, "placements")
    card, options = next(iter(place["choice"]["placements"].items()))
    refill = obs_bench._acting(game, m.refill)
    sky_cards = refill["choice"].get("sky") or []
    public, over = game.view(m.decide_late, None), game.view(m.over, None)
    marks = obs.Marks(legal=legal, shooting=shooting)
    cases: list[tuple[str, str, Callable[[], bytes]]] = [
        ("hand_png", "keep 4 of 6", partial(obs.hand_png, hand, names)),
        ("hand_png", "4 picked", partial(obs.hand_png, hand, names, picked=picked)),
        ("sheet_png", "late turn", partial(obs.sheet_png, late, names, late["you"])),
        ("sheet_png", "legal cells", partial(obs.sheet_png, late, names, late["you"], marks=marks)),
        (
            "sheet_png",
            "confirm a completion",
            partial(
                obs.sheet_png, place, names, place["you"], marks=obs.Marks(placement=options[0], goal=card)
            ),
        ),
        ("sheet_png", "final public sheet", partial(obs.sheet_png, over, names, 0)),
        ("refill_png", "take a new goal", partial(obs.refill_png, refill, names)),
        ("table_png", "late roll", partial(obs.table_png, public, names)),
        ("results_png", "game over", partial(obs.results_png, over, names)),
    ]
    cases.append(("refill_png", "deck picked", partial(obs.refill_png, refill, names, picked="deck:large")))
    if sky_cards:
        cases.append(
            ("refill_png", "card picked", partial(obs.refill_png, refill, names, picked=sky_cards[0]))
        )
    return [Picture("observatory", kind, moment, make) for kind, moment, make in cases]


def _starry_night_sky() -> list[Picture]:
    game = StarryNightSky()
    found = sns_bench.moments()
    names = sns_bench.NAMES
    early, move, place, over = found["early_move"], found["mid_move"], found["mid_place"], found["over"]
    move_view, place_view = game.view(move, move["current"]), game.view(place, place["current"])
    dest = move_view["choice"]["destinations"][0]["to"] if move_view["choice"]["destinations"] else None
    pool = place_view["choice"]["pools"][0]["pool"]
    cases: list[tuple[str, str, Callable[[], bytes]]] = [
        ("board_png", "early", partial(sns.board_png, game.view(early, None), names)),
        ("board_png", "mid", partial(sns.board_png, game.view(move, None), names)),
        ("board_png", "final board", partial(sns.board_png, game.view(over, None), names)),
        ("panel_png", "choose where", partial(sns.panel_png, move_view, names)),
        ("panel_png", "confirm move", partial(sns.panel_png, move_view, names, picked=dest)),
        (
            "panel_png",
            "preview",
            partial(sns.panel_png, move_view, names, picked=dest, preview="Preview: somewhere (+3)"),
        ),
        ("panel_png", "confirm place", partial(sns.panel_png, place_view, names, pool=pool)),
        ("sheet_png", "own sheet", partial(sns.sheet_png, move_view, names, move["current"])),
        ("results_png", "game over", partial(sns.results_png, game.view(over, None), names)),
    ]
    return [Picture("starry-night-sky", kind, moment, make) for kind, moment, make in cases]


def _star_gazers() -> list[Picture]:
    game = sg_bench.StarGazers()
    moments = sg_bench.play_for_moments()
    names = sg_bench.NAMES

    def acting(state: Any) -> dict[str, Any]:
        return game.view(state, game.to_act(state)[0])

    keep, pick, tile = acting(moments.keep), acting(moments.pick), acting(moments.tile)
    seat = game.to_act(moments.tile)[0]
    cell = tile["choice"]["cells"][0]
    placed = game.view(
        game.apply(moments.tile, seat, {"kind": "tile", "cell": cell, "rotation": 1}).state, seat
    )
    preview = {**tile, "preview": placed["preview"]}
    public = sg.public_only(game.view(moments.pick, None))
    journal = sg.public_only(game.view(moments.keep, None))
    over = sg.public_only(game.view(moments.over, None))
    cases: list[tuple[str, str, Callable[[], bytes]]] = [
        ("keep_webp", "setup", partial(sg.keep_webp, keep, names)),
        ("board_webp", "journal", partial(sg.board_webp, journal, names)),
        ("turn_board_webp", "last round", partial(sg.turn_board_webp, public, names)),
        ("sheet_webp", "a Mural", partial(sg.sheet_webp, public, names, 0)),
        ("sheet_webp", "own, game over", partial(sg.sheet_webp, game.view(moments.over, 0), names, 0)),
        ("panel_webp", "pick", partial(sg.panel_webp, pick, names)),
        ("panel_webp", "tile", partial(sg.panel_webp, tile, names)),
        ("panel_webp", "tile turned", partial(sg.panel_webp, preview, names, tile_at=(cell, 1))),
        ("results_webp", "game over", partial(sg.results_webp, over, names)),
    ]
    return [Picture("star-gazers", kind, moment, make) for kind, moment, make in cases]


@functools.lru_cache(maxsize=1)
def pictures() -> tuple[Picture, ...]:
    """Every case, in a fixed order (the seeded games are played once per process)."""
    return (*_sky(), *_observatory(), *_starry_night_sky(), *_star_gazers())


# --- digests: what the pixel-identity test compares -------------------------------------------
DIGESTS = Path(__file__).resolve().parent.parent / "tests" / "faces" / "picture_digests.json"


def pixel_digest(data: bytes) -> dict[str, Any]:
    """What a picture shows, whatever its encoder: the decoded RGBA pixels of every frame (a GIF's
    too) hashed, with its format, size and frame count. An encoder that keeps the pixels (a palette
    PNG for a lossless WebP) keeps the digest; a changed pixel changes it."""
    image = Image.open(io.BytesIO(data))
    pixels = hashlib.blake2b(digest_size=12)
    frames = 0
    for frame in ImageSequence.Iterator(image):
        pixels.update(frame.convert("RGBA").tobytes())
        frames += 1
    return {"format": image.format, "size": list(image.size), "frames": frames, "pixels": pixels.hexdigest()}


def current_digests() -> dict[str, dict[str, Any]]:
    """Every case drawn now, in English, by its key."""
    with speaking(Language.ENGLISH):
        return {picture.key: pixel_digest(picture.make()) for picture in pictures()}


def write_digests(path: Path = DIGESTS, *, baseline: bool = False) -> None:
    """Store today's digests, with the Pillow version whose FreeType drew the text. The baseline
    (the pictures before issue 31, which ``ALLOWED`` differences are counted from) is kept as it
    is, unless ``baseline``: then today's pictures become it too."""
    now = current_digests()
    old = json.loads(path.read_text()) if path.exists() else {}
    base = now if baseline or "baseline" not in old else old["baseline"]

    def block(digests: dict[str, dict[str, Any]]) -> str:
        return ",\n".join(
            f"  {json.dumps(key, ensure_ascii=False)}: {json.dumps(value, sort_keys=True)}"
            for key, value in sorted(digests.items())
        )

    path.write_text(
        f'{{\n "pillow": "{PIL.__version__}",\n "pictures": {{\n{block(now)}\n }},\n'
        f' "baseline": {{\n{block(base)}\n }}\n}}\n'
    )


if __name__ == "__main__":
    write_digests(baseline="--baseline" in sys.argv)
    print(f"wrote {len(pictures())} digests to {DIGESTS}")
