"""A Sky of Stars' results card counts a round's points in the right number: "1 pt", "0 pts"
(the sandbox's results once read "1 pts" under a drawing one player guessed)."""

from __future__ import annotations

import pytest

from bot.faces.sky_of_stars.art import images as sky
from bot.i18n import Language
from tests.faces.sky_of_stars.test_sky_art import NAMES, results_view
from tests.faces.text_boxes import drawn_texts


def _view_scoring(points: list[int]) -> dict:
    view = results_view(seats=2)
    for entry in view["outcome"]["breakdown"]:
        for r, rnd in enumerate(entry["rounds"]):
            rnd["points"] = points[r]
    return view


@pytest.mark.parametrize(
    ("language", "one", "wrong"),
    [(Language.ENGLISH, "1 pt", "1 pts"), (Language.ITALIAN, "1 pt", "1 pts")],
)
def test_one_point_is_singular_under_a_drawing(language: Language, one: str, wrong: str) -> None:
    view = _view_scoring([0, 1, 2])
    shown = [t.shown for t in drawn_texts(lambda: sky.results_png(view, NAMES), language)]
    assert one in shown
    assert wrong not in shown


def test_other_counts_stay_plural() -> None:
    view = _view_scoring([0, 1, 2])
    shown = [t.shown for t in drawn_texts(lambda: sky.results_png(view, NAMES), Language.ENGLISH)]
    assert "0 pts" in shown and "2 pts" in shown
