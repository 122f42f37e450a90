"""The fuzz reads every text a picture shows, also the texts of parts kept from earlier pictures
(a card's tile, a map's names): the secret check reads public pictures through ``ImageText``."""

from __future__ import annotations

from bench.fuzz.imagetext import ImageText
from bench.picture_cases import pictures
from render.encode import the_old_way

KINDS = {("observatory", "hand_png"), ("starry-night-sky", "board_png"), ("sky-of-stars", "vault_png")}


def test_image_text_sees_the_texts_of_kept_parts() -> None:
    cases = [p for p in pictures() if (p.title, p.kind) in KINDS]
    assert {(p.title, p.kind) for p in cases} == KINDS
    for case in cases:
        case.make()  # the kept parts are drawn now; the next picture only pastes them
        with ImageText() as images:
            seen = images.strings(case.make())
            with the_old_way():  # every text drawn afresh, as before anything was kept
                drawn = images.strings(case.make())
        assert seen is not None and drawn is not None
        assert sorted(seen) == sorted(drawn), case.key
