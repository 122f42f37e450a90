"""A planned exploration's preview is the board the Confirm leaves: what ``plan.planned_view``
draws (telescope, filled spots, marker, pools, points) is compared with the engine's own view
after the ``explore`` action, for every destination of real positions."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.faces.starry_night_sky import plan as plans
from bot.faces.starry_night_sky.art import images as art
from bot.faces.starry_night_sky.presenter import StarryNightSkyPresenter
from bot.games.rng import Rng
from bot.games.starry_night_sky import StarryNightSky
from bot.games.starry_night_sky.simulate import random_action
from bot.ui.controls import played_by
from tests.faces.image_checks import assert_small

GAME = StarryNightSky()
PRESENTER = StarryNightSkyPresenter()
NAMES = ["Ada", "Bea", "Cy"]


def move_steps(seed: int, seats: int = 3, limit: int = 12) -> list[dict]:
    """States of a seeded random game in which the seat to play chooses where to explore."""
    state, rng, out = GAME.setup(seats, {}, seed), Rng(seed), []
    while state["phase"] != "over" and len(out) < limit:
        seat = state["current"]
        choice = GAME.view(state, seat)["choice"]
        if choice["kind"] == "move" and choice["destinations"]:
            out.append(state)
        state = GAME.apply(state, seat, random_action(GAME, state, seat, rng)).state
    return out


@pytest.mark.parametrize("seed", [3, 8])
def test_every_planned_exploration_previews_what_the_engine_then_shows(seed):
    checked = 0
    for state in move_steps(seed):
        seat = state["current"]
        view = GAME.view(state, seat)
        for dest in view["choice"]["destinations"]:
            for pool, stars in plans.placements(dest):
                plan = plans.make(dest["to"], pool, stars)
                preview = plans.planned_view(view, plan)
                after = GAME.view(GAME.apply(state, seat, plan.action(end=False)).state, seat)
                for key in ("filled", "mapped", "marker", "discovered_by", "telescopes"):
                    assert (
                        preview["constellations"][dest["to"]][key] == after["constellations"][dest["to"]][key]
                    ), (key, plan)
                mine, real = preview["players"][seat], after["players"][seat]
                assert (mine["at"], mine["pools"]) == (real["at"], real["pools"])
                goals = real["score"]["goals"] - view["players"][seat]["score"]["goals"]
                assert mine["score"]["total"] + goals == real["score"]["total"]
                checked += 1
    assert checked > 20


def test_a_move_step_opens_with_the_best_plan_drawn_and_one_confirm():
    state = move_steps(5)[0]
    seat = state["current"]
    view = GAME.view(state, seat)
    out = PRESENTER.panel(view, NAMES, 7)
    best = plans.default(view["choice"])
    assert all(
        plans.value(d) <= plans.value(next(x for x in view["choice"]["destinations"] if x["to"] == best.to))
        for d in view["choice"]["destinations"]
    )
    confirms = [c for c in out.view().children if getattr(c, "fields", {}).get("kind") in ("ex", "xe")]
    assert confirms and all(c.fields["arg"] == best.code for c in confirms)
    assert GAME.apply(state, seat, played_by(confirms[0])).state != state
    assert out.filename.startswith("panel-") and out.filename.endswith(".png")
    image = Image.open(io.BytesIO(out.render()))
    assert image.format == "PNG" and image.width == 1000
    assert_small(out.render(), "plan preview")
    # the same plan picked again draws the same picture under the same name (kept, not re-sent)
    again = PRESENTER.panel(view, NAMES, 7, pick=("place", best.code))
    assert again.filename == out.filename
    other = next(d for d in view["choice"]["destinations"] if d["to"] != best.to)
    moved = PRESENTER.panel(view, NAMES, 7, pick=("dest", other["to"]))
    assert moved.filename != out.filename
    assert art.EXTENSION == "png"


def test_a_waiting_panel_sends_no_picture():
    state = move_steps(5)[0]
    waiting = (state["current"] + 1) % 3
    out = PRESENTER.panel(GAME.view(state, waiting), NAMES, 7)
    assert out.render is None and "Not your turn" in out.content
