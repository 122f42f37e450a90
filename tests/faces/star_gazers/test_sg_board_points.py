"""Star Gazers' boards count a player's points in the right number: "1 pt", "0 pts" (a Sky of
Stars results card read "1 pts" in the sandbox; these boards used the same plural-blind text)."""

from __future__ import annotations

import copy

import pytest

from bot.faces.star_gazers.art import images as art
from bot.i18n import Language
from tests.faces.star_gazers.test_sg_art import GAME, NAMES, moments
from tests.faces.text_boxes import drawn_texts


def _scores(totals: list[int]) -> dict:
    state, _seat = moments(2, 4)["pick"]
    view = copy.deepcopy(GAME.view(state, None))
    for player, total in zip(view["players"], totals, strict=True):
        player["score"] = {**(player.get("score") or {}), "total": total}
    return view


@pytest.mark.parametrize("draw", [art.board_png, art.turn_board_webp], ids=["board", "turn board"])
@pytest.mark.parametrize("language", [Language.ENGLISH, Language.ITALIAN])
def test_one_point_is_singular_on_the_boards(draw, language: Language) -> None:
    view = _scores([1, 2])
    shown = [t.shown for t in drawn_texts(lambda: draw(view, NAMES), language)]
    lines = [s for s in shown if "/16" in s]
    assert len(lines) == 2, shown
    assert lines[0].split()[-2:] == ["1", "pt"], lines
    assert lines[1].split()[-2:] == ["2", "pts" if language is Language.ENGLISH else "pt"], lines
