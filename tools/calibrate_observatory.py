"""Measure how often each Observatory card gets completed and derive its points from that.

Games are played by the heuristic bot for every dice decision, but goals are kept and refilled
at random, so every card is held about equally often whatever its printed points. A card's
difficulty is the number of turns it was held as a goal per completion; points grow with its
logarithm, anchored so the median small card is worth 3 and the median large card 7, within
1-12. Asterisms keep no points (they score by the table). Usage::

    python tools/calibrate_observatory.py --games 600          # print figures only
    python tools/calibrate_observatory.py --games 600 --write  # also rewrite the points in cards.json
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.observatory.components import DATA_DIR, load_cards  # noqa: E402
from bot.games.observatory.engine import Observatory  # noqa: E402
from bot.games.observatory.simulate import random_action  # noqa: E402
from bot.games.rng import Rng  # noqa: E402

SMALL_MEDIAN_POINTS = 3
LARGE_MEDIAN_POINTS = 7
MAX_POINTS = 12


def _player(game, state, seat, rng):
    """Bot for the dice; random for which goals to keep or take (so holdings are unbiased)."""
    if state["phase"] in ("keep", "refill"):
        return random_action(game, state, seat, rng)
    return game.bot_action(state, seat, rng)


def measure(games: int) -> tuple[Counter, Counter, float]:
    """Per card: turns spent as someone's goal (exposure) and completions."""
    game = Observatory()
    exposure, done = Counter(), Counter()
    start = time.perf_counter()
    for i in range(games):
        seats = 1 + i % 5
        rng = Rng(20_000 + i)
        state = game.setup(seats, {}, 10_000 + i)
        while game.to_act(state):
            if state["phase"] == "roll":
                for sheet in state["sheets"]:
                    exposure.update(sheet["goals"])
            seat = rng.choice(game.to_act(state))
            state = game.apply(state, seat, _player(game, state, seat, rng)).state
        for sheet in state["sheets"]:
            done.update(sheet["completed"])
    return exposure, done, time.perf_counter() - start


def points_from(held: Counter, done: Counter) -> dict[str, int]:
    """Points grow with log2(turns held per completion), anchored on two medians: the median
    small card is worth ``SMALL_MEDIAN_POINTS`` and the median large card ``LARGE_MEDIAN_POINTS``."""
    cards = load_cards()
    turns = {cid: (held[cid] + 1) / (done[cid] + 0.5) for cid in cards}
    small = sorted(math.log2(turns[c.id]) for c in cards.values() if c.type == "small" and not c.asterism)
    large = sorted(math.log2(turns[c.id]) for c in cards.values() if c.type == "large")
    s_mid, l_mid = small[len(small) // 2], large[len(large) // 2]
    slope = (LARGE_MEDIAN_POINTS - SMALL_MEDIAN_POINTS) / max(l_mid - s_mid, 0.5)
    return {
        cid: max(1, min(MAX_POINTS, round(SMALL_MEDIAN_POINTS + slope * (math.log2(turns[cid]) - s_mid))))
        for cid, c in cards.items()
        if not c.asterism
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    held, done, seconds = measure(args.games)
    points = points_from(held, done)
    cards = load_cards()
    print(
        f"{args.games} games in {seconds:.1f} s; {sum(held.values())} holdings, "
        f"{sum(done.values())} completions (holdings = turns a card was a goal)"
    )
    for kind in ("large", "small"):
        for stars in range(2, 9):
            ids = [c.id for c in cards.values() if c.type == kind and len(c.stars) == stars]
            if not ids:
                continue
            h, d = sum(held[i] for i in ids), sum(done[i] for i in ids)
            pts = sorted(points[i] for i in ids if i in points)
            span = f"points {pts[0]}-{pts[-1]}" if pts else "asterisms only"
            print(
                f"  {kind:5} {stars} stars: {len(ids):2} cards, completed {d}/{h} "
                f"({d / max(h, 1):.0%}), {span}"
            )
    asterisms = [c.id for c in cards.values() if c.asterism]
    h, d = sum(held[i] for i in asterisms), sum(done[i] for i in asterisms)
    print(f"  asterisms: completed {d}/{h} ({d / max(h, 1):.0%})")
    if args.write:
        path = DATA_DIR / "cards.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        for item in data["cards"]:
            if item["id"] in points:
                item["points"] = points[item["id"]]
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote points to {path.name}")


if __name__ == "__main__":
    main()
