"""Draw vs PNG-encode time and PNG size for every Starry Night Sky image, on real views.

Views come from one seeded 4-seat game (the most telescopes and score rows), taken at
moments worth drawing: early, mid-game with a panel preview, and the finished game. The board
is posted after every turn and the panel is redrawn after every click of a turn, so those two
matter most. ``python -m bench.starry_night_sky_render_bench [--quick]`` prints the section.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from bench import images
from bench.images import Before, Case
from bot.faces.starry_night_sky.art import images as art
from bot.games.base import State
from bot.games.rng import Rng
from bot.games.starry_night_sky import StarryNightSky
from bot.games.starry_night_sky.simulate import random_action
from render.common import to_png

SEATS = 4
NAMES = ["Ada", "Béatrice", "Cyrus", "Dmitri"]
GAME_SEED, PLAYER_SEED = 2026, 11

# Published before the palette encode (docs/benchmarks.md, 2026-11-29): total ms, PNG KiB.
BEFORE = {
    ("draw_board", "early: turn 3"): Before(56.4, 317),
    ("draw_board", "mid: round 5"): Before(57.6, 335),
    ("draw_board", "end: final board"): Before(58.2, 342),
    ("draw_panel", "mid: choose where"): Before(56.4, 354),
    ("draw_panel +pick", "mid: confirm move"): Before(56.2, 355),
    ("draw_panel +pool", "mid: confirm place"): Before(53.3, 311),
    ("draw_sheet", "mid: own sheet"): Before(12.9, 62),
    ("draw_results", "end: game over"): Before(71.2, 423),
}


def moments(seed: int = GAME_SEED) -> dict[str, State]:
    """The first state of an early move, a mid-game move and place, and the game's end."""
    game = StarryNightSky()
    state = game.setup(SEATS, {}, seed)
    rng = Rng(PLAYER_SEED)
    seen: dict[str, State] = {}
    turns = 0
    while state["phase"] != "over":
        seat = state["current"]
        kind = game.view(state, seat)["choice"]["kind"]
        if kind == "move" and turns >= 2:
            seen.setdefault("early_move", state)
        if turns >= SEATS * 4:
            seen.setdefault(f"mid_{kind}", state)
        before = state["decision"]
        state = game.apply(state, seat, random_action(game, state, seat, rng)).state
        turns += state["decision"] != before
    seen["over"] = state
    return seen


def cases() -> list[Case]:
    game = StarryNightSky()
    found = moments()
    early, move, place, over = found["early_move"], found["mid_move"], found["mid_place"], found["over"]

    def seat_view(state: State) -> dict[str, Any]:
        return game.view(state, state["current"])

    move_view, place_view = seat_view(move), seat_view(place)
    dest = move_view["choice"]["destinations"][0]["to"] if move_view["choice"]["destinations"] else None
    pool = place_view["choice"]["pools"][0]["pool"]
    early_public, mid_public, over_public = (game.view(s, None) for s in (early, move, over))
    return [
        Case("draw_board", "early: turn 3", lambda: art.draw_board(early_public, NAMES)),
        Case("draw_board", "mid: round 5", lambda: art.draw_board(mid_public, NAMES)),
        Case("draw_board", "end: final board", lambda: art.draw_board(over_public, NAMES)),
        Case("draw_panel", "mid: choose where", lambda: art.draw_panel(move_view, NAMES)),
        Case("draw_panel +pick", "mid: confirm move", lambda: art.draw_panel(move_view, NAMES, picked=dest)),
        Case("draw_panel +pool", "mid: confirm place", lambda: art.draw_panel(place_view, NAMES, pool=pool)),
        Case("draw_sheet", "mid: own sheet", lambda: art.draw_sheet(move_view, NAMES, move["current"])),
        Case("draw_results", "end: game over", lambda: art.draw_results(over_public, NAMES)),
    ]


def run(quick: bool) -> str:
    runs = 3 if quick else 20
    return images.section(
        f"Starry Night Sky rendering ({SEATS}-seat seeded game)", cases(), runs, art.__all__, BEFORE
    )


def previews(folder: Path) -> list[Path]:
    """Write the README previews (board mid-game, a move panel, the results) into ``folder``."""
    wanted = {
        "draw_board": "mid: round 5",
        "draw_panel +pick": "mid: confirm move",
        "draw_results": "end: game over",
    }
    out = []
    for case in cases():
        if wanted.get(case.image) == case.moment:
            name = {"draw_board": "board", "draw_panel +pick": "panel", "draw_results": "results"}[case.image]
            path = folder / f"starry_night_sky_{name}.png"
            path.write_bytes(to_png(case.draw()))
            out.append(path)
    return out


if __name__ == "__main__":
    if "--previews" in sys.argv:
        for written in previews(Path("docs/images")):
            print(written)
    else:
        print(run("--quick" in sys.argv))
