"""Star Gazers images: draw time next to PNG-encode time and PNG size, on views of a real game.

Views come from one seeded four-player game played by the engine's own bot, so the Murals are
as full as they get: the late Universe board, a Mural with fifteen tiles, the final results
with four Murals and scoresheets. Drawing (our Pillow code) and encoding (zlib at the project's
level) are timed apart because they are tuned apart. ``run(quick)`` returns a Markdown section.
``python -m bench.star_gazers_render_bench --images DIR`` also writes the README previews.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from bench import images
from bench.images import Before, Case
from bot.faces.star_gazers.art import images as art
from bot.games.base import State
from bot.games.rng import Rng
from bot.games.star_gazers.engine import StarGazers
from render.common import to_png

SEATS = 4  # the most seats: the results image grows with them
NAMES = ["Ada", "Béatrice", "Cyrus", "Dmitri"]
GAME_SEED, BOT_SEED = 2024, 11

# Published before the palette encode (docs/benchmarks.md, 2026-11-29): total ms, PNG KiB.
BEFORE = {
    ("draw_board (Universe)", "last round, pick 1"): Before(30.3, 233),
    ("draw_sheet (a Mural)", "last round, public"): Before(24.2, 180),
    ("draw_sheet (own)", "game over, with cards"): Before(37.1, 272),
    ("draw_panel (pick)", "last round"): Before(25.5, 215),
    ("draw_panel (tile)", "last round"): Before(27.3, 241),
    ("draw_panel (preview)", "tile turned 90°"): Before(28.0, 244),
    ("draw_keep", "setup"): Before(15.5, 76),
    ("draw_results", "4 Murals + scoresheets"): Before(62.1, 582),
}


@dataclass(frozen=True)
class Moments:
    keep: State  # the journal phase: keep one of two cards
    pick: State  # the last round's first pick (the fullest Murals while a board is dealt)
    tile: State  # the same turn, after the pick: place the tile
    over: State  # the finished game


def play_for_moments(seed: int = GAME_SEED) -> Moments:
    """One game with the bot in every seat, keeping the states worth drawing."""
    game = StarGazers()
    rng = Rng(BOT_SEED)
    state = game.setup(SEATS, {}, seed)
    keep, seen = state, dict[str, State]()
    while game.to_act(state):
        seat = game.to_act(state)[0]
        kind = (game.view(state, seat)["choice"] or {}).get("kind")
        if state["round"] == game.view(state, None)["rounds"] and kind in {"pick", "tile"}:
            seen.setdefault(kind, state)
        action = game.bot_action(state, seat, rng)
        assert action is not None
        state = game.apply(state, seat, action).state
    return Moments(keep, seen["pick"], seen["tile"], state)


def cases(moments: Moments) -> list[Case]:
    """One case per image the bot sends, called as the presenter calls it."""
    game = StarGazers()
    acting = lambda state: game.view(state, game.to_act(state)[0])  # noqa: E731 - a one-liner reads best
    keep, pick, tile = acting(moments.keep), acting(moments.pick), acting(moments.tile)
    seat = game.to_act(moments.tile)[0]
    cell = tile["choice"]["cells"][0]
    placed = game.view(
        game.apply(moments.tile, seat, {"kind": "tile", "cell": cell, "rotation": 1}).state, seat
    )
    preview = {**tile, "preview": placed["preview"]}
    public, over = game.view(moments.pick, None), game.view(moments.over, None)
    return [
        Case("draw_board (Universe)", "last round, pick 1", lambda: art.draw_board(public, NAMES)),
        Case("draw_sheet (a Mural)", "last round, public", lambda: art.draw_sheet(public, NAMES, 0)),
        Case(
            "draw_sheet (own)",
            "game over, with cards",
            lambda: art.draw_sheet(game.view(moments.over, 0), NAMES, 0),
        ),
        Case("draw_panel (pick)", "last round", lambda: art.draw_panel(pick, NAMES)),
        Case("draw_panel (tile)", "last round", lambda: art.draw_panel(tile, NAMES)),
        Case(
            "draw_panel (preview)",
            "tile turned 90°",
            lambda: art.draw_panel(preview, NAMES, tile_at=(cell, 1)),
        ),
        Case("draw_keep", "setup", lambda: art.draw_keep(keep, NAMES)),
        Case("draw_results", "4 Murals + scoresheets", lambda: art.draw_results(over, NAMES)),
    ]


def run(quick: bool) -> str:
    runs = 3 if quick else 30
    return images.section(
        f"Star Gazers rendering ({SEATS}-seat bot game)", cases(play_for_moments()), runs, art.__all__, BEFORE
    )


def write_previews(folder: Path) -> list[Path]:
    """The README pictures: the Universe board, a turn panel and the final results."""
    moments = play_for_moments()
    by_name = {c.image: c for c in cases(moments)}
    wanted = {
        "star_gazers_universe.png": "draw_board (Universe)",
        "star_gazers_panel.png": "draw_panel (preview)",
        "star_gazers_results.png": "draw_results",
    }
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for filename, case in wanted.items():
        path = folder / filename
        path.write_bytes(to_png(by_name[case].draw()))
        out.append(path)
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--images", type=Path, help="also write the README previews into this folder")
    args = parser.parse_args()
    if args.images:
        print("\n".join(str(p) for p in write_previews(args.images)))
    print(run(args.quick))
