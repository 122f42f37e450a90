"""Placement finder: rotations yes, mirrors no, touching refused with exact geometry."""

from __future__ import annotations

import time

from obs_helpers import GAME, act, cells, give_stars, rolled, started

from bot.games.observatory import sheet as sh
from bot.games.observatory.components import canonical, load_cards, rotate
from bot.games.observatory.geometry import find_placements, orientations, segments_touch
from bot.games.observatory.model import SIZE
from bot.games.plane import on_segment


def _card_with(points: set[tuple[int, int]]):
    key = canonical(sorted(points), [])[0]
    return next(c for c in load_cards().values() if canonical(list(c.stars), [])[0] == key)


def _chiral_card():
    for c in load_cards().values():
        mirrored = [(r, -col) for r, col in c.stars]
        if canonical(mirrored, [])[0] != canonical(list(c.stars), [])[0] and c.type == "large":
            return c
    raise AssertionError("no chiral card")


def _cells_for(points, row: int = 4, col: int = 4) -> frozenset[int]:
    return frozenset((row + r) * SIZE + col + c for r, c in points)


def test_segment_geometry_is_exact() -> None:
    assert segments_touch((0, 0), (2, 2), (0, 2), (2, 0))  # crossing at a centre
    assert segments_touch((0, 0), (0, 1), (1, 1), (0, 1))  # sharing an end
    assert not segments_touch((0, 0), (1, 1), (0, 1), (1, 2))  # parallel diagonals
    assert not segments_touch((0, 0), (1, 2), (1, 0), (2, 2))  # close but apart
    assert segments_touch((0, 0), (0, 4), (0, 2), (0, 6))  # collinear overlap
    assert not segments_touch((0, 0), (0, 1), (0, 2), (0, 3))  # collinear, apart
    assert segments_touch((0, 0), (1, 0), (0, 1), (1, -1))  # crossing between centres
    assert on_segment((0, 1), (0, 0), (0, 2)) and not on_segment((1, 1), (0, 0), (0, 2))


def test_every_rotation_is_found() -> None:
    chiral = _chiral_card()
    for turns in range(4):
        pts = rotate(chiral.stars, turns)
        low_r, low_c = min(p[0] for p in pts), min(p[1] for p in pts)
        stars = _cells_for([(r - low_r, c - low_c) for r, c in pts], 2, 2)
        found = find_placements(chiral.id, stars, ())
        assert [p.rotation for p in found] == [turns * 90]
        assert set(found[0].cells) == set(stars)


def test_mirror_image_is_refused() -> None:
    chiral = _chiral_card()
    mirrored = [(r, -c) for r, c in chiral.stars]
    low = min(c for _, c in mirrored)
    stars = _cells_for([(r, c - low) for r, c in mirrored], 2, 2)
    assert find_placements(chiral.id, stars, ()) == []


def test_symmetric_figures_list_each_placement_once() -> None:
    pair = _card_with({(0, 0), (0, 1)})
    assert len(orientations(pair.id)) == 2
    found = find_placements(pair.id, frozenset(cells("B2", "C2")), ())
    assert len(found) == 1


def test_touching_a_line_or_crossing_is_refused() -> None:
    diagonal = _card_with({(0, 0), (1, 1)})
    # an existing diagonal B2-C3; the new pair C2-B3 would cross it at the square's centre
    existing = ((cells("B2")[0], cells("C3")[0]),)
    new_stars = frozenset(cells("C2", "B3"))
    assert find_placements(diagonal.id, new_stars, existing) == []
    assert find_placements(diagonal.id, new_stars, ()) != []


def test_line_through_another_constellations_star_is_refused() -> None:
    long_pair = _card_with({(0, 0), (0, 2)})
    vertical = ((cells("B2")[0], cells("B3")[0]),)  # another constellation uses the star B2
    assert find_placements(long_pair.id, frozenset(cells("A2", "C2")), vertical) == []
    far = ((cells("B5")[0], cells("B6")[0]),)
    assert find_placements(long_pair.id, frozenset(cells("A2", "C2")), far) != []


def test_extra_star_on_a_line_is_allowed_and_stays_unused() -> None:
    long_pair = _card_with({(0, 0), (0, 2)})
    state = rolled(started(2), [3, 4, 6])
    state["sheets"][0]["goals"][0] = long_pair.id
    give_stars(state, 0, "A2", "B2", "C2")
    placements = GAME.view(state, 0)["choice"]["placements"][long_pair.id]
    spanning = next(p for p in placements if set(p["cells"]) == {"A2", "C2"})
    s = act(state, 0, {"kind": "complete", "card": long_pair.id, "placement": spanning["id"]})
    view = GAME.view(s, 0)
    assert "B2" in view["sheet"]["unused"] and view["score"]["unused_count"] == 1
    assert spanning["segments"] == [["A2", "C2"]] or spanning["segments"] == [["C2", "A2"]]
    assert "anchored at" in spanning["name"]


def test_star_already_in_a_constellation_is_not_reused() -> None:
    pair = _card_with({(0, 0), (0, 1)})
    sheet = sh.new_sheet()
    sheet["stars"] = cells("B2", "C2", "D2")
    sheet["constellations"] = [{"card": "X", "cells": cells("C2", "D2"), "segments": [cells("C2", "D2")]}]
    sheet["goals"] = [pair.id]
    assert sh.placements(sheet) == {}


def test_placement_finder_worst_case_is_fast() -> None:
    """A full late-game sheet: every unconstrained cell a star, several constellations drawn."""
    sheet = sh.new_sheet()
    sheet["stars"] = list(range(SIZE * SIZE))
    big = sorted(load_cards().values(), key=lambda c: -len(c.stars))[:4]
    sheet["goals"] = [c.id for c in big]
    sheet["constellations"] = [
        {"card": "X", "cells": [0, 13], "segments": [[0, 13]]},
        {"card": "Y", "cells": [140, 141], "segments": [[140, 141]]},
    ]
    start = time.perf_counter()
    found = sh.placements(sheet)
    elapsed = time.perf_counter() - start
    assert sum(len(v) for v in found.values()) > 100
    assert elapsed < 1.0
