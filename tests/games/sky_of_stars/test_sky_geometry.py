"""Stroke geometry: passing over stars, crossing earlier constellations, exact touching."""

from __future__ import annotations

import pytest
from sky_helpers import GAME, act, constellation, force_roll, new_game, settle

from bot.games.base import IllegalAction
from bot.games.sky_of_stars.components import Colour, Shape, Star, Vault
from bot.games.sky_of_stars.geometry import Geometry, default_geometry, passes_over, segments_touch
from bot.games.sky_of_stars.moves import Board


def drawing(
    current: dict, past: list[dict] | None = None, cancelled: list[str] | None = None, face: str = "any"
) -> dict:
    """Seat 0 alone is drawing on an otherwise fresh 3-seat game."""
    state = new_game(3)
    vault = state["vaults"][0]
    vault["current"] = current
    vault["past"] = past or []
    vault["cancelled"] = cancelled or []
    for seat in (1, 2):
        state["vaults"][seat]["current"] = constellation("H6", [])
    return force_roll(state, face, waiting=[0])


def test_segment_touching_is_exact() -> None:
    assert segments_touch((0, 0), (10, 10), (0, 10), (10, 0))  # proper crossing
    assert segments_touch((0, 0), (10, 0), (5, 0), (5, 7))  # T: an end on the segment
    assert segments_touch((0, 0), (10, 0), (10, 0), (20, 5))  # shared end point
    assert segments_touch((0, 0), (10, 0), (5, 0), (15, 0))  # collinear overlap
    assert not segments_touch((0, 0), (10, 0), (11, 0), (20, 0))  # collinear, apart
    assert not segments_touch((0, 0), (10, 0), (0, 1), (10, 1))  # parallel
    assert not segments_touch((0, 0), (10, 10), (6, 5), (20, 5))  # near miss
    assert not segments_touch((0, 0), (3, 3), (0, 7), (7, 0))  # would cross if extended


def test_pass_over_uses_the_star_radius_and_ignores_the_end_points() -> None:
    assert passes_over((0, 0), (100, 0), (50, 16), 16)  # exactly on the rim
    assert not passes_over((0, 0), (100, 0), (50, 17), 16)
    assert not passes_over((0, 0), (100, 0), (120, 0), 16)  # beyond an end
    assert passes_over((0, 0), (100, 0), (108, 3), 16)  # overlaps an end star


def test_a_stroke_over_a_star_is_refused_until_that_star_is_cancelled() -> None:
    geo = default_geometry()
    index = geo.vault.index
    assert geo.under(index["A1"], index["C1"]) == 1 << index["B1"]
    state = drawing(constellation("A1", []))
    with pytest.raises(IllegalAction, match="That stroke would pass over B1."):
        GAME.apply(state, 0, {"kind": "stroke", "from": "A1", "to": "C1"})
    assert {"kind": "stroke", "from": "A1", "to": "C1"} not in GAME.legal_actions(state, 0)

    state = drawing(constellation("A1", []), cancelled=["B1"])
    assert {"kind": "stroke", "from": "A1", "to": "C1"} in GAME.legal_actions(state, 0)
    after = act(state, 0, {"kind": "stroke", "from": "A1", "to": "C1"})
    assert after["vaults"][0]["current"]["strokes"] == [["A1", "C1"]]


def test_crossing_a_stroke_of_an_earlier_round_is_refused() -> None:
    past = [{"round": 1, **constellation("B2", [("B2", "C3")])}]
    state = drawing(constellation("C2", []), past=past)
    with pytest.raises(IllegalAction, match="cross or touch a line of one of your earlier"):
        GAME.apply(state, 0, {"kind": "stroke", "from": "C2", "to": "B3"})
    assert "B3" not in GAME.view(state, 0)["choice"]["moves"]["C2"]


def test_strokes_of_the_current_constellation_may_cross() -> None:
    current = constellation("B2", [("B2", "C3"), ("C3", "C2")])
    state = drawing(current)
    after = act(state, 0, {"kind": "stroke", "from": "C2", "to": "B3"})
    assert ["C2", "B3"] in after["vaults"][0]["current"]["strokes"]


def test_the_die_shape_is_enforced() -> None:
    state = drawing(constellation("A1", []), face="five")  # B1 is four-pointed, A2 five-pointed
    with pytest.raises(IllegalAction, match="five-pointed"):
        GAME.apply(state, 0, {"kind": "stroke", "from": "A1", "to": "B1"})
    act(state, 0, {"kind": "stroke", "from": "A1", "to": "A2"})


def test_used_and_cancelled_targets_and_foreign_starts_are_refused() -> None:
    past = [{"round": 1, **constellation("D4", [("D4", "D5")])}]
    state = drawing(constellation("A1", [("A1", "A2")]), past=past, cancelled=["B1"])
    for action, message in [
        ({"from": "A1", "to": "A2"}, "already part of one of your constellations"),
        ({"from": "A2", "to": "D5"}, "already part of one of your constellations"),
        ({"from": "A1", "to": "B1"}, "cancelled on your vault"),
        ({"from": "B2", "to": "B3"}, "B2 is not part of your constellation"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            GAME.apply(state, 0, {"kind": "stroke", **action})


def small_geometry() -> Geometry:
    spots = {"P": (100, 100), "Q": (300, 100), "R": (200, 100), "S": (200, 300), "T": (400, 100)}
    stars = tuple(Star(k, x, y, Shape.FOUR, Colour.RED) for k, (x, y) in spots.items())
    return Geometry(Vault(500, 400, 4, stars))


def test_touching_and_collinear_overlap_with_an_earlier_line_are_refused() -> None:
    """Only a hand-made history can put an earlier line through a live star; the rule holds anyway."""
    geo = small_geometry()
    past = [{"round": 1, "start": "P", "stars": ["P", "Q"], "strokes": [["P", "Q"]]}]
    touching = Board({"cancelled": [], "past": past, "current": constellation("R", [])}, geo)
    assert touching.stroke_error(None, "R", "S") == (
        "That stroke would cross or touch a line of one of your earlier constellations."
    )
    overlap = Board({"cancelled": ["Q"], "past": past, "current": constellation("R", [])}, geo)
    assert "cross or touch" in overlap.stroke_error(None, "R", "T")
    clear = Board({"cancelled": [], "past": [], "current": constellation("R", [])}, geo)
    assert clear.stroke_error(None, "R", "S") is None
    assert clear.stroke_error(None, "R", "T") == "That stroke would pass over Q."


def test_seats_without_a_legal_stroke_are_skipped_and_named() -> None:
    state = new_game(3, seed=3)
    state = act(state, 0, {"kind": "start", "star": "A1"})
    state = act(state, 1, {"kind": "start", "star": "D3"})
    # box seat 2 in: everything but its start is cancelled, so it can never draw
    state["vaults"][2]["cancelled"] = [s.label for s in default_geometry().vault.stars if s.label != "H6"]
    applied = GAME.apply(state, 2, {"kind": "start", "star": "H6"})
    state = applied.state
    assert state["roll"] == {"face": "any", "count": 1}  # seed 3 rolls the question mark first
    assert state["skipped"] == [2] and state["waiting"] == [0, 1]
    assert GAME.view(state, None)["skipped"] == [2]
    assert "{2} has no legal stroke and sits this roll out." in applied.events
    assert GAME.legal_actions(state, 2) == [{"kind": "stop"}]
    assert GAME.view(state, 2)["choice"] is None
    with pytest.raises(IllegalAction, match="sit it out"):
        GAME.apply(state, 2, {"kind": "stroke", "from": "H6", "to": "G6"})
    assert settle(state, {"guess"})["phase"] == "guess"
