"""Observatory's results under a tie: the line that explains the shared win fits whole, in
English and Italian (playing the sandbox, it ended "...then the win is shar…")."""

from __future__ import annotations

import copy

import pytest

from bot.faces.observatory.art import images as art
from bot.i18n import Language
from render import theme
from tests.faces.observatory.test_obs_art import GAME, NAMES, play
from tests.faces.text_boxes import drawn_texts


def _tied_view() -> dict:
    over = copy.deepcopy(GAME.view(play(2, 42)["over"], None))
    outcome = over.setdefault("outcome", {})
    outcome["scores"], outcome["winners"] = [20, 20], [0, 1]
    return over


@pytest.mark.parametrize("language", [Language.ENGLISH, Language.ITALIAN])
def test_the_tie_note_fits_whole(language: Language) -> None:
    view = _tied_view()
    texts = drawn_texts(lambda: art.results_png(view, NAMES), language)
    room = theme.WIDTH - 2 * theme.GAP  # the note spans the picture; every other text is narrower
    notes = [t for t in texts if t.max_width == room]
    assert len(notes) == 1, [t.asked for t in texts]
    assert not notes[0].cut and notes[0].within_width, notes[0]
