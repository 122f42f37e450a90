"""Observatory images: draw time next to PNG-encode time and PNG size, on views of a real game.

Views come from a seeded game played by the engine's own bot (``Game.bot_action``), so each
image carries what a game really produces at that moment: a late sheet is full of stars and
constellations, the table has five seats. ``run(quick)`` returns a Markdown section.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from bench import images
from bench.images import Before, Case
from bot.faces.observatory.art import images as art
from bot.games import get_game
from bot.games.base import Game, State
from bot.games.rng import Rng
from render.common import to_png

SLUG = "observatory"
SEATS = 5  # the most seats: the table and results images grow with them
NAMES = ["Ada", "Béatrice", "Cyrus", "Dmitri", "Eun-ji"]
GAME_SEED, BOT_SEED = 2024, 11

# Published before the palette encode (docs/benchmarks.md, 2026-11-29): total ms, PNG KiB.
BEFORE = {
    ("draw_hand", "keep 4 of 6"): Before(17.6, 85),
    ("draw_sheet", "late turn, legal cells"): Before(43.5, 225),
    ("draw_table", "late roll, 5 seats"): Before(28.8, 142),
    ("draw_sheet +placement", "confirm a completion"): Before(48.1, 272),
    ("draw_refill", "take a new goal"): Before(27.8, 139),
    ("draw_results", "game over, 5 seats"): Before(30.6, 148),
    ("draw_sheet", "final public sheet"): Before(43.6, 235),
}


def _game() -> Game:
    try:
        return get_game(SLUG)
    except KeyError:  # not registered yet: the engine class directly
        from bot.games.observatory import Observatory

        return Observatory()


@dataclass
class Moments:
    """States worth drawing, taken from one seeded game."""

    keep: State | None = None
    decide_late: State | None = None  # the last "use the roll" step before the final night
    placement: State | None = None  # a step where some seat may complete a goal
    refill: State | None = None
    over: State | None = None


def play_for_moments(game: Game, seats: int = SEATS, seed: int = GAME_SEED) -> Moments:
    """Play one game with the engine's bot for every seat, keeping the states of interest."""
    rng = Rng(BOT_SEED)
    state = game.setup(seats, {}, seed)
    moments = Moments(keep=state)
    last_decision = -1
    for _ in range(20_000):
        if game.is_over(state):
            break
        view = game.view(state, None)
        phase = view["phase"]
        opening = view["decision"] != last_decision  # the first state of a step: nobody moved yet
        last_decision = view["decision"]
        if phase == "decide" and opening and view["night"] < view["nights"]:
            moments.decide_late = state
        if phase == "decide" and any(
            (game.view(state, s).get("choice") or {}).get("placements") for s in game.to_act(state)
        ):
            moments.placement = state
        if phase == "refill" and moments.refill is None:
            moments.refill = state
        seat = game.to_act(state)[0]
        action = game.bot_action(state, seat, rng)
        assert action is not None, "the bot must always have a move for a seat that owes one"
        state = game.apply(state, seat, action).state
    moments.over = state
    return moments


def _acting(game: Game, state: State, key: str | None = None) -> dict[str, Any]:
    """The view of the first acting seat (whose choice has ``key``, if given)."""
    for seat in game.to_act(state):
        view = game.view(state, seat)
        if key is None or (view.get("choice") or {}).get(key):
            return view
    raise LookupError(key)


def cases(game: Game, m: Moments) -> list[Case]:
    names = NAMES
    out: list[Case] = []
    if m.keep is not None:
        hand = _acting(game, m.keep)
        picked = (hand["choice"].get("hand") or [])[:4]
        out.append(Case("draw_hand", "keep 4 of 6", partial(art.draw_hand, hand, names, picked=picked)))
    if m.decide_late is not None:
        seat_view = _acting(game, m.decide_late)
        plots = seat_view["choice"].get("plots") or []
        legal = [c for p in plots for c in p["cells"]]
        shooting = (seat_view["choice"].get("shooting") or {}).get("cells") or []
        marks = art.Marks(legal=legal, shooting=shooting)
        seat = seat_view["you"]
        out.append(
            Case(
                "draw_sheet",
                "late turn, legal cells",
                partial(art.draw_sheet, seat_view, names, seat, marks=marks),
            )
        )
        public = game.view(m.decide_late, None)
        out.append(Case("draw_table", "late roll, 5 seats", partial(art.draw_table, public, names)))
    if m.placement is not None:
        view = _acting(game, m.placement, "placements")
        card, options = next(iter(view["choice"]["placements"].items()))
        preview = art.Marks(placement=options[0], goal=card)
        out.append(
            Case(
                "draw_sheet +placement",
                "confirm a completion",
                partial(art.draw_sheet, view, names, view["you"], marks=preview),
            )
        )
    if m.refill is not None:
        refill = _acting(game, m.refill)
        out.append(Case("draw_refill", "take a new goal", partial(art.draw_refill, refill, names)))
    if m.over is not None:
        over = game.view(m.over, None)
        out.append(Case("draw_results", "game over, 5 seats", partial(art.draw_results, over, names)))
        out.append(Case("draw_sheet", "final public sheet", partial(art.draw_sheet, over, names, 0)))
    return out


def run(quick: bool = False) -> str:
    runs = 3 if quick else 20
    game = _game()
    return images.section(
        f"Observatory rendering ({SEATS}-seat seeded bot game)",
        cases(game, play_for_moments(game)),
        runs,
        art.__all__,
        BEFORE,
    )


def save_previews(folder: str = "docs/images") -> list[str]:
    """The README previews: a late-game sheet with its legal cells, and the thread's roll image."""
    from pathlib import Path

    game = _game()
    moments = play_for_moments(game)
    every = cases(game, moments)
    sheet = next(c for c in every if c.image == "draw_sheet")  # the late turn, legal cells lit
    roll = next(c for c in every if c.image == "draw_table")
    out = []
    for name, case in (("observatory_sheet.png", sheet), ("observatory_table.png", roll)):
        path = Path(folder) / name
        path.write_bytes(to_png(case.draw()))
        out.append(str(path))
    return out


if __name__ == "__main__":
    import sys

    if "--previews" in sys.argv:
        print("\n".join(save_previews()))
    else:
        print(run(quick="--quick" in sys.argv))
