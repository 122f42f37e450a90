"""Pictures do not change by accident: every picture the bot sends, drawn from seeded games of the
four titles (``bench.picture_cases``), shows exactly the pixels stored for it
(``tests/faces/picture_digests.json``, ``pictures``), and every picture that differs from the
baseline (the same file's ``baseline``: the pictures before issue 31) is listed in ``ALLOWED``
with why.

The digest is of the decoded pixels, not the bytes: a faster encoder that keeps every pixel (a
palette PNG in place of a lossless WebP) passes, a moved line or a shifted label does not.

After a deliberate change to a picture, look at it, list it in ``ALLOWED`` with the reason, then
store the new digests and commit them with the change (the baseline stays):

    .venv/bin/python -m bench.picture_cases

``--baseline`` makes today's pictures the new baseline too (then ``ALLOWED`` starts empty again).

Text is rasterised by the FreeType that Pillow bundles, so the digests hold for the Pillow version
recorded in the file; under another version the test skips and asks for the digests again.
"""

from __future__ import annotations

import json
from typing import Any

import PIL
import pytest

from bench.picture_cases import DIGESTS, current_digests, pictures

# The pictures whose pixels differ from the baseline, and why (key: title/kind/moment).
_SNS_PALETTE = (
    "Starry Night Sky's pictures go out as a 64-colour palette PNG (not a 256-colour lossless WebP): "
    "six times faster to encode, within the 100 KB budget; nothing visible changes (flat art)"
)
ALLOWED: dict[str, str] = {
    "starry-night-sky/board_png/early": _SNS_PALETTE,
    "starry-night-sky/board_png/mid": _SNS_PALETTE,
    "starry-night-sky/board_png/final board": _SNS_PALETTE,
    "starry-night-sky/panel_png/choose where": _SNS_PALETTE,
    "starry-night-sky/panel_png/confirm move": _SNS_PALETTE,
    "starry-night-sky/panel_png/preview": _SNS_PALETTE,
    "starry-night-sky/panel_png/confirm place": _SNS_PALETTE,
    "starry-night-sky/sheet_png/own sheet": _SNS_PALETTE,
    "starry-night-sky/results_png/game over": _SNS_PALETTE,
    # Seen playing the sandbox: a round one player guessed read "1 pts" under its drawing.
    "sky-of-stars/results_png/game over": "a round worth one point reads '1 pt', not '1 pts'",
}
# Every still picture's palette is chosen on a sample of its pixels, then each pixel takes its
# nearest palette colour (``render.encode.quantised``): 2-3 times faster, the same colours to the
# eye, and a smaller largest error than the octree's own mapping. The GIF keeps its palette.
_SAMPLED_PALETTE = (
    "palette chosen on a ninth of the pixels, then every pixel's nearest colour (issue 31): "
    "twice as fast, no larger error to the drawn pixels"
)
_STILL_KINDS = {
    "sky-of-stars": ("vault_png", "cancel_target_png", "panel_drawing_png", "drawing_png", "table_png")
    + ("results_png", "reveal_png"),
    "observatory": ("hand_png", "sheet_png", "refill_png", "table_png", "results_png"),
    "starry-night-sky": ("board_png", "panel_png", "sheet_png", "results_png"),
    "star-gazers": ("keep_webp", "board_webp", "turn_board_webp", "sheet_webp", "panel_webp", "results_webp"),
}
# A Sky of Stars' panels are halved by Pillow's integer-factor reduce (5x faster than the
# resampling filter): the same 2 x 2 average, a rounding step apart in a few pixels.
_REDUCED = "halved by reduce(2), not the BOX filter: the same average, a rounding step apart"
# Star Gazers' panel goes out as a 32-colour PNG (was a 64-colour lossless WebP): 4-4.5x faster
# for a quarter more bytes, and its thread board as a 32-colour WebP (a third smaller than as a PNG,
# which leaves a 4-player game within 3 MB a player). At 32 colours a few close shades merge (the
# sky's gradient bands, a hex token's dark fill takes the panel's navy); labels and token colours stay.
_SG_32 = "Star Gazers' panel and turn board at 32 colours (were 64): a few close navy shades merged"
# A Sky of Stars' thread pictures at 1000 px (the drawing, the table, a reveal) go out in 64
# colours at zlib 3, not 256 at zlib 4 (issue 31, third pass): 1-1.5 ms faster each for the same
# bytes; the flat art and the sky's gradient keep their colours (32 flattened the dim stars' cores).
_SKY_64 = "64 colours (not 256) at zlib 3: 1-1.5 ms faster for the same bytes, the same art to the eye"
# Observatory's hand and refill go out 640 px wide in 32 colours, as its sheet and table do, not
# 1000 px in 256: the same drawing BOX-shrunk, each card's tile kept per process at that width
# (3.5x faster, 40 % fewer bytes; the words as legible at a phone's 400 px).
_OBS_COMPACT = "sent 640 px wide in 32 colours like the sheet (issue 31): the same drawing, BOX-shrunk"
KIND_REASONS = {
    ("star-gazers", "turn_board_webp"): _SG_32,
    ("star-gazers", "panel_webp"): _SG_32,
    ("sky-of-stars", "vault_png"): _REDUCED,
    ("sky-of-stars", "cancel_target_png"): _REDUCED,
    ("sky-of-stars", "panel_drawing_png"): _REDUCED,
    ("sky-of-stars", "drawing_png"): _SKY_64,
    ("sky-of-stars", "table_png"): _SKY_64,
    ("sky-of-stars", "reveal_png"): _SKY_64,
    ("sky-of-stars", "results_png"): "64 colours (not 256) at zlib 4 (not 6): 4 ms faster and 3 KB smaller",
    ("sky-of-stars", "drawing_gif"): (
        "sent at 500 px (half the drawing, a 2 x 2 average, like the guesser's panel) instead of a "
        "bilinear 600 px, its palette chosen on a sample: 31 ms to 9 ms, 37 KB to 17 KB"
    ),
    ("observatory", "hand_png"): _OBS_COMPACT,
    ("observatory", "refill_png"): _OBS_COMPACT,
    (
        "observatory",
        "results_png",
    ): "32 colours at zlib 2, not 256 at 6 (issue 31): 14 ms of its 22 were the encode",
}


def allowed(key: str) -> str | None:
    """Why the picture ``key`` may differ from the baseline, or None if it may not."""
    title, kind, _moment = key.split("/", 2)
    sampled = _SAMPLED_PALETTE if kind in _STILL_KINDS.get(title, ()) else None
    reasons = [reason for reason in (ALLOWED.get(key), sampled, KIND_REASONS.get((title, kind))) if reason]
    return "; ".join(reasons) or None


COMPARED = ("size", "frames", "pixels")  # the format may change with the encoder; the pixels may not


def _stored() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DIGESTS.read_text())
    return data


@pytest.fixture(scope="module")
def drawn() -> dict[str, dict[str, Any]]:
    stored = _stored()
    if stored["pillow"] != PIL.__version__:
        pytest.skip(f"digests made with Pillow {stored['pillow']}, this is {PIL.__version__}: regenerate")
    return current_digests()


def test_every_picture_shows_the_stored_pixels(drawn: dict[str, dict[str, Any]]) -> None:
    stored = _stored()["pictures"]
    changed = [
        key
        for key, now in drawn.items()
        if {f: now[f] for f in COMPARED} != {f: stored.get(key, {}).get(f) for f in COMPARED}
    ]
    assert not changed, f"pictures changed (look at them, then `python -m bench.picture_cases`): {changed}"


def test_every_difference_from_the_baseline_is_listed_with_its_reason() -> None:
    stored = _stored()
    unlisted = [
        key
        for key, now in stored["pictures"].items()
        if allowed(key) is None
        and {f: now[f] for f in COMPARED} != {f: stored["baseline"][key].get(f) for f in COMPARED}
    ]
    assert not unlisted, f"pictures differ from the baseline with no reason in ALLOWED: {unlisted}"


def test_the_digests_cover_every_case_and_nothing_else() -> None:
    keys = {picture.key for picture in pictures()}
    stored = _stored()
    assert keys == set(stored["pictures"]) == set(stored["baseline"]), "cases and digests differ: regenerate"
    assert set(ALLOWED) <= keys, "an allowed difference names no case"


def test_every_title_and_entry_point_is_drawn() -> None:
    titles = {picture.title for picture in pictures()}
    assert titles == {"sky-of-stars", "observatory", "starry-night-sky", "star-gazers"}
    kinds = {(picture.title, picture.kind) for picture in pictures()}
    assert len(kinds) >= 23  # every encoder entry point a face calls
