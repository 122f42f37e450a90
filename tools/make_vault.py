"""Author the Celestial Vault of A Sky of Stars (run once; the JSON it writes is the data).

48 stars on a jittered 8 x 6 grid, so every star keeps a few near neighbours in each direction
and a stroke has somewhere to go, labelled by grid cell (A1..H6) so players can find them.
Shapes and colours are balanced: 16 of each shape, 16 of each colour, every pair 5 or 6 times.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "bot/games/sky_of_stars/data/vault.json"
COLS, ROWS, CELL, JITTER, MIN_GAP = "ABCDEFGH", 6, 150, 42, 78


def main() -> None:
    rng = random.Random(20261129)
    combos = list(itertools.product(("four", "five", "eight"), ("yellow", "red", "blue")))
    kinds = (combos * 6)[:48]
    while True:
        rng.shuffle(kinds)
        # no two horizontal or vertical neighbours share both shape and colour
        if all(kinds[i] != kinds[i + 1] for i in range(47) if (i + 1) % 8) and all(
            kinds[i] != kinds[i + 8] for i in range(40)
        ):
            break
    stars = []
    for row in range(ROWS):
        for col, letter in enumerate(COLS):
            while True:
                x = CELL * col + CELL // 2 + rng.randint(-JITTER, JITTER)
                y = CELL * row + CELL // 2 + rng.randint(-JITTER, JITTER)
                if all(math.dist((x, y), (s["x"], s["y"])) >= MIN_GAP for s in stars):
                    break
            shape, colour = kinds[row * 8 + col]
            stars.append({"label": f"{letter}{row + 1}", "x": x, "y": y, "shape": shape, "colour": colour})
    data = {"width": CELL * len(COLS), "height": CELL * ROWS, "star_radius": 16, "stars": stars}
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {len(stars)} stars to {OUT.name}")


if __name__ == "__main__":
    main()
