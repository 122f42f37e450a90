"""Stages the panels no longer open still answer an old panel's button: **Finish turn**'s confirm
(``f``, now one tap), a refill's list of goals and its preview (``t``: goals are now buttons that
take at once), the Drive number's buttons (``d``: now a list on the home panel)."""

from __future__ import annotations

from bot.faces.observatory.clicked import offered_codes
from bot.faces.observatory.panels import build_panel
from bot.games import get_game
from bot.games.rng import Rng
from tests.games.conformance import random_step

GAME = get_game("observatory")
NAMES = ["Ada", "Bea", "Cy"]


def test_retired_stages_still_build_their_confirms() -> None:
    state, rng = GAME.setup(3, {}, 11), Rng(11)
    seen = set()
    for _ in range(3000):
        if GAME.is_over(state):
            break
        for seat in GAME.to_act(state):
            view = GAME.view(state, seat)
            choice = view.get("choice") or {}
            if choice.get("kind") in ("decide", "night_bonus") and choice.get("can_done"):
                assert "done" in offered_codes(build_panel(view, NAMES, 1, "h").items)
                assert "done" in offered_codes(build_panel(view, NAMES, 1, "f").items)
                seen.add("f")
            if choice.get("drive_values"):
                codes = offered_codes(build_panel(view, NAMES, 1, "d").items)
                assert {f"drive.{v}" for v in choice["drive_values"]} <= codes
                seen.add("d")
            if choice.get("kind") == "refill" and choice.get("sky") and choice.get("can_take", True):
                card = choice["sky"][0]
                assert f"take.sky.{card}" in offered_codes(build_panel(view, NAMES, 1, "t", card).items)
                assert f"take.sky.{card}" in offered_codes(build_panel(view, NAMES, 1, "h").items)
                seen.add("t")
        seat, action = random_step(GAME, state, rng)
        state = GAME.apply(state, seat, action).state
    assert {"f", "t"} <= seen, seen
