"""Author the Star Gazers component data (tiles, tokens, Journal cards) from a fixed seed.

Run ``python tools/make_star_gazers_data.py`` to rewrite ``bot/games/star_gazers/data/``.
Everything is our own content: the composition of each group of sixteen tiles and tokens is
fixed below and only the arrangement is shuffled, so every player count sees the same mix.
Constellations and the Journal board are short enough to be written by hand here too.

Journal card Telescopes written here are a first guess from a rarity score; the shipped values
come from ``tools/calibrate_star_gazers.py --write``, which measures how often each card is
complete on finished bot Murals and rewards rarer cards with more Telescopes. So: run this
script, then the calibration with ``--write`` (see docs/rules/star-gazers.md).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.rng import Rng  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "bot" / "games" / "star_gazers" / "data"
SEED = 20261129
PLANETS = ("ringed", "banded", "cratered", "icy")
EVENTS = ("eclipse", "aurora", "nebula", "supernova", "transit")
GROUPS = (2, 2, 3, 4)  # four groups of sixteen: 32 tiles marked 2+, 16 marked 3+, 16 marked 4+

# One group of sixteen tiles: 32 half icons and 15 printed icons.
HALVES = ["star"] * 10 + [p for p in PLANETS for _ in range(5)] + ["wild"] * 2
HALF_COUNTS = [1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3]
ICONS = ["moon"] * 5 + ["comet"] * 4 + ["station"] * 4 + ["meteor"] * 2
ICON_COUNTS = [0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2]
# One group of sixteen Galaxy tokens.
TOKENS = ["shuttle"] * 3 + ["photo"] * 5 + ["black_hole"] * 2 + ["star"] * 3 + ["sun"] * 1 + ["meteor"] * 2

# How hard each icon is to gather (roughly one over its expected count in a finished Mural).
RARITY = {
    "moon": 1.0,
    "comet": 1.2,
    "station": 1.2,
    "meteor": 1.3,
    "planet": 1.1,
    "star": 1.6,
    "star_any": 1.1,
    "sun": 1.5,
    "black_hole": 1.6,
    "photo": 0.9,
}
KIND_EASE = {"adjacent": 0.0, "line": 1.3, "solar": 1.7}  # wider patterns see more icons
DECKS = {  # deck: [(kind, number of distinct icon types, total icons)]
    "I": [("adjacent", 2, 3)] * 8 + [("line", 3, 4)] * 5 + [("solar", 3, 5)] * 3,
    "II": [("adjacent", 3, 3)] * 5 + [("line", 3, 5)] * 6 + [("solar", 4, 6)] * 5,
    "III": [("adjacent", 3, 4)] * 4 + [("line", 4, 6)] * 6 + [("solar", 4, 7)] * 6,
}
CAP = {"black_hole": 2, "sun": 2, "star": 2, "meteor": 2}  # scarce icons: at most two per card
CARD_ICONS = [
    "moon",
    "comet",
    "station",
    "meteor",
    "planet",
    "star",
    "star_any",
    "sun",
    "black_hole",
    "photo",
]

CONSTELLATIONS = [
    # Cells are Mural squares 0..15 (row-major); edges are the shared side of two squares.
    {"id": "pegasus", "name": "Pegasus", "side": "A", "cells": [0, 2, 8, 10, 15], "edges": [[10, 11]]},
    {"id": "cassiopeia", "name": "Cassiopeia", "side": "A", "cells": [4, 6, 12], "edges": [[1, 5], [3, 7]]},
    {"id": "orion", "name": "Orion", "side": "A", "cells": [1, 14, 9], "edges": [[2, 3], [5, 6], [12, 13]]},
    {"id": "lyra", "name": "Lyra", "side": "B", "cells": [0, 10, 13], "edges": [[5, 9], [6, 7]]},
    {"id": "cygnus", "name": "Cygnus", "side": "B", "cells": [1, 9, 13], "edges": [[5, 6], [4, 5], [6, 7]]},
    {
        "id": "ursa-minor",
        "name": "Ursa Minor",
        "side": "B",
        "cells": [3, 6, 14, 15],
        "edges": [[1, 2], [9, 10]],
    },
]

BOARD = {
    "reserve_spaces": 2,
    "shuttle_spaces": [
        "gain",
        "move_token",
        "journal",
        "gain",
        "move_token",
        "journal",
        "move_tile",
        "journal",
    ],
}


def make_tiles(rng: Rng) -> list[dict]:
    tiles = []
    for group, players in enumerate(GROUPS):
        halves, icons = list(HALVES), list(ICONS)
        half_counts, icon_counts = list(HALF_COUNTS), list(ICON_COUNTS)
        rng.shuffle(halves)
        rng.shuffle(icons)
        rng.shuffle(half_counts)
        rng.shuffle(icon_counts)
        for i in range(16):
            edges: list[str | None] = [None] * 4
            sides = [0, 1, 2, 3]
            rng.shuffle(sides)
            for side in sides[: half_counts[i]]:
                edges[side] = halves.pop()
            own = sorted(icons.pop() for _ in range(icon_counts[i]))
            tiles.append(
                {"id": f"T{group * 16 + i + 1:02d}", "players": players, "icons": own, "edges": edges}
            )
    return tiles


def make_tokens(rng: Rng) -> list[dict]:
    tokens = []
    for group, players in enumerate(GROUPS):
        kinds = list(TOKENS)
        rng.shuffle(kinds)
        events = list(EVENTS)
        rng.shuffle(events)
        for i, kind in enumerate(kinds):
            token = {"id": f"K{group * 16 + i + 1:02d}", "players": players, "kind": kind}
            if kind == "photo":
                token["event"] = events.pop()
            tokens.append(token)
    return tokens


def telescopes(kind: str, needs: dict[str, int]) -> int:
    weight = sum(RARITY[icon] * count for icon, count in needs.items()) - KIND_EASE[kind]
    return max(1, min(4, round(weight - 1.0)))


def make_journal(rng: Rng) -> list[dict]:
    cards = []
    seen: set[tuple] = set()
    for deck, plan in DECKS.items():
        for number, (kind, types, total) in enumerate(plan, 1):
            while True:
                pool = list(CARD_ICONS)
                rng.shuffle(pool)
                chosen = pool[:types]
                if "star" in chosen and "star_any" in chosen:
                    continue
                needs = dict.fromkeys(chosen, 1)
                for _ in range(total - types):
                    roomy = [icon for icon in chosen if needs[icon] < CAP.get(icon, 3)]
                    needs[rng.choice(roomy)] += 1
                key = (kind, tuple(sorted(needs.items())))
                if key not in seen:
                    seen.add(key)
                    break
            cards.append(
                {
                    "id": f"J-{deck}-{number:02d}",
                    "deck": deck,
                    "kind": kind,
                    "needs": dict(sorted(needs.items())),
                    "telescopes": telescopes(kind, needs),
                }
            )
    return cards


def write(name: str, data: object) -> None:
    text = json.dumps(data, indent=1, sort_keys=False)
    (OUT / name).write_text(text + "\n", encoding="utf-8")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    rng = Rng(SEED)
    write("tiles.json", {"tiles": make_tiles(rng)})
    write("tokens.json", {"tokens": make_tokens(rng)})
    write("journal.json", {"cards": make_journal(rng)})
    write("constellations.json", {"cards": CONSTELLATIONS})
    write("board.json", BOARD)
    print(f"wrote Star Gazers data to {OUT}")


if __name__ == "__main__":
    main()
