"""A Star Gazers panel is named by what it draws: a change to its draft that the panel does not
draw (a Journal card taken, the Journal decks, the supply) keeps the name, so the picture the
message shows is kept; a change it draws renames it."""

from __future__ import annotations

from functools import partial
from typing import Any

from bot.faces.star_gazers.art import images as art
from bot.faces.star_gazers.pictures import UNDRAWN_IN_PREVIEW, drawn_inputs
from bot.ui.outgoing import Outgoing
from bot.ui.pictures import picture_name
from tests.faces.star_gazers.test_sg_art import GAME, NAMES, moments


def _with_draft() -> dict[str, Any]:
    """A seat's view with a tile placed in its draft (the panel then draws ``preview``)."""
    state, seat = moments(3, 5)["tile"]
    cell = GAME.view(state, seat)["choice"]["cells"][0]
    view = GAME.view(GAME.apply(state, seat, {"kind": "tile", "cell": cell, "rotation": 1}).state, seat)
    assert set(view["preview"]) >= UNDRAWN_IN_PREVIEW
    return view


def _name(view: dict[str, Any]) -> str:
    out = Outgoing("", "", partial(art.panel_webp, view, NAMES[:3]), "panel.webp")
    return picture_name(out, "panel", drawn_inputs)


def _changed(view: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    return {**view, "preview": {**view["preview"], key: value}}


def test_what_the_panel_does_not_draw_keeps_its_pixels_and_its_name() -> None:
    view = _with_draft()
    drawn = art.draw_panel(view, NAMES[:3]).tobytes()
    others = {"journal": [], "journal_count": 7, "journal_board": [], "supply": {"star": 0, "moon": 9}}
    assert set(others) == UNDRAWN_IN_PREVIEW
    for key, value in others.items():
        changed = _changed(view, key, value)
        assert art.draw_panel(changed, NAMES[:3]).tobytes() == drawn, f"the panel draws preview.{key}"
        assert _name(changed) == _name(view)


def test_what_the_panel_draws_renames_it() -> None:
    view = _with_draft()
    score = {**view["preview"]["score"], "total": view["preview"]["score"]["total"] + 5}
    assert _name(_changed(view, "score", score)) != _name(view)
    assert _name({**view, "round": view["round"] + 1}) != _name(view)
