"""Pictures do not change by accident: every picture the bot sends, drawn from seeded games of the
four titles (``bench.picture_cases``), shows exactly the pixels it showed when the digests were
stored (``tests/faces/picture_digests.json``), or its difference is listed in ``ALLOWED`` with why.

The digest is of the decoded pixels, not the bytes: a faster encoder that keeps every pixel (a
palette PNG in place of a lossless WebP) passes, a moved line or a shifted label does not.

After a deliberate change to a picture, look at it, then store the new digests and commit them
with the change:

    .venv/bin/python -m bench.picture_cases

Text is rasterised by the FreeType that Pillow bundles, so the digests hold for the Pillow version
recorded in the file; under another version the test skips and asks for the digests again.
"""

from __future__ import annotations

import json
from typing import Any

import PIL
import pytest

from bench.picture_cases import DIGESTS, current_digests, pictures

# A picture whose pixels may differ from the stored digest, and why (key: title/kind/moment).
# Empty when the stored digests are today's: a deliberate change regenerates them instead.
ALLOWED: dict[str, str] = {}

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
        if key not in ALLOWED
        and {f: now[f] for f in COMPARED} != {f: stored.get(key, {}).get(f) for f in COMPARED}
    ]
    assert not changed, f"pictures changed (look at them, then `python -m bench.picture_cases`): {changed}"


def test_the_digests_cover_every_case_and_nothing_else() -> None:
    keys = {picture.key for picture in pictures()}
    assert keys == set(_stored()["pictures"]), "cases and stored digests differ: regenerate the digests"
    assert set(ALLOWED) <= keys, "an allowed difference names no case"


def test_every_title_and_entry_point_is_drawn() -> None:
    titles = {picture.title for picture in pictures()}
    assert titles == {"sky-of-stars", "observatory", "starry-night-sky", "star-gazers"}
    kinds = {(picture.title, picture.kind) for picture in pictures()}
    assert len(kinds) >= 23  # every encoder entry point a face calls
