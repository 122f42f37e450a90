"""A panel picture's file name is a key of what it draws: equal exactly when the picture is."""

from __future__ import annotations

import copy
from functools import partial

from bot.faces.sky_of_stars.art import images as sky
from bot.faces.sky_of_stars.pictures import picture_name
from bot.i18n import Language
from bot.ui.outgoing import Outgoing
from tests.faces.sky_of_stars.test_sky_art import NAMES, public_view, seat_view


def name_of(render, language: Language = Language.ENGLISH) -> str:
    return picture_name(Outgoing(render=render, language=language), "vault")


def test_the_others_progress_changes_the_view_not_the_vault_picture_nor_its_name() -> None:
    view = seat_view()
    busier = copy.deepcopy(view) | {"waiting": [], "locked": [0, 1, 2, 3], "decision": 99}
    assert sky.vault_png(view, NAMES) == sky.vault_png(busier, NAMES)
    assert name_of(partial(sky.vault_png, view, NAMES)) == name_of(partial(sky.vault_png, busier, NAMES))


def test_what_the_vault_draws_changes_its_name() -> None:
    view = seat_view()
    plain = name_of(partial(sky.vault_png, view, NAMES))
    moved = copy.deepcopy(view)
    moved["vault"]["current"]["strokes"].append(["F3", "F4"])
    assert name_of(partial(sky.vault_png, moved, NAMES)) != plain
    assert name_of(partial(sky.vault_png, view, NAMES, preview=("F3", "F4"))) != plain
    assert name_of(partial(sky.vault_png, view, NAMES), Language.ITALIAN) != plain
    assert name_of(partial(sky.cancel_target_png, view, NAMES)) != plain


def test_a_guess_leaves_the_drawing_guessed_and_its_name_alone() -> None:
    view = public_view(round_=3)
    guessed = copy.deepcopy(view) | {"my_guess": 2, "choice": None, "locked": [0, 1, 2]}
    first = partial(sky.drawing_png, view, NAMES, 1, 2)
    again = partial(sky.drawing_png, guessed, NAMES, 1, 2)
    assert first() == again() and name_of(first) == name_of(again)
    assert name_of(partial(sky.drawing_png, view, NAMES, 2, 2)) != name_of(first)
