"""Malformed input is refused with IllegalAction, never a crash or a quietly odd state."""

from __future__ import annotations

import pytest
from obs_helpers import act, fill, refused, rolled, started

from bot.games.observatory.model import parse_cell


@pytest.mark.parametrize("name", ["A²", "B¹", "A⑤", "C١", "A４", "B1²"])
def test_cell_names_take_ascii_digits_only(name: str) -> None:
    assert parse_cell(name) is None
    state = rolled(started(2), [1, 1, 6])  # two wild dice: any empty cell is a legal plot
    assert "Name a cell" in refused(state, 0, {"kind": "plot", "dice": [0, 1], "cell": name})


def test_plain_cell_names_still_parse() -> None:
    assert parse_cell("a1") == 0 and parse_cell(" L12 ") == 143 and parse_cell("C04") == parse_cell("C4")


@pytest.mark.parametrize("space", [2.0, 6.0, True, "6"])
def test_research_space_must_be_an_int(space: object) -> None:
    state = rolled(started(2), [3, 4, 6])
    research = {"kind": "research", "die": 2, "track": "funding", "space": space}
    assert "whole number" in refused(state, 0, research)
    fill(state, 0, "finder", [2, 3])  # a third Finder space opens a bonus that fills any space
    opened = act(state, 0, {"kind": "research", "die": 2, "track": "finder", "space": 6})
    grant = next(g for g in opened["sheets"][0]["grants"] if g["source"] == "track")
    bonus = {"kind": "free_research", "grant": grant["id"], "track": "funding", "space": space}
    assert "whole number" in refused(opened, 0, bonus)
    assert opened["sheets"][0]["research"]["funding"] == []
