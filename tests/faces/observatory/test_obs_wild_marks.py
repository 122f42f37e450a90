"""A wild die keeps the sheet's highlights readable: a wild Shooting Star reaches every empty cell,
so it paints none orange (the text says it is wild) and the plots' own cells stay marked; and the
draft's summary names the cell the Shooting Star's star went to."""

from __future__ import annotations

from bot.faces.observatory.panels import build_panel
from bot.games import get_game
from bot.games.rng import Rng
from tests.games.conformance import random_step

GAME = get_game("observatory")
NAMES = ["Ada", "Bea"]


def roller_turn(shooting: int):
    """A decide step whose roller sees the Shooting Star showing ``shooting``."""
    state, rng = GAME.setup(2, {}, 7), Rng(7)
    for _ in range(400):
        roller = next(
            (s for s in GAME.to_act(state) if (GAME.view(state, s).get("choice") or {}).get("shooting")), None
        )
        if state["phase"] == "decide" and roller is not None:
            state["roll"]["shooting"] = shooting
            return state, roller
        seat, action = random_step(GAME, state, rng)
        state = GAME.apply(state, seat, action).state
    raise AssertionError("no roll found")


def marks_of(out):
    return out.render.keywords["marks"]


def test_a_wild_shooting_star_paints_nothing_and_the_plots_stay_marked() -> None:
    state, seat = roller_turn(1)
    view = GAME.view(state, seat)
    assert view["choice"]["shooting"]["wild"]
    marks = marks_of(build_panel(view, NAMES, 1))
    assert marks.shooting == [], "a wild Shooting Star would paint the whole sheet orange"
    plots = {c for p in view["choice"]["plots"] for c in p["cells"]}
    empty = 144 - len(view["sheet"]["stars"])
    assert set(marks.legal) == (plots if len(plots) < empty else set())


def test_a_plain_shooting_star_keeps_its_cells_and_the_summary_names_its_cell() -> None:
    state, seat = roller_turn(4)
    view = GAME.view(state, seat)
    cells = view["choice"]["shooting"]["cells"]
    assert set(marks_of(build_panel(view, NAMES, 1)).shooting) == set(cells)
    state = GAME.apply(state, seat, {"kind": "shooting_star", "cell": cells[0]}).state
    view = GAME.view(state, seat)
    assert view["choice"]["shooting"]["cell"] == cells[0]
    assert f"✓ Shooting Star at **{cells[0]}**" in build_panel(view, NAMES, 1).content
