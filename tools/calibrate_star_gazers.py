"""Star Gazers balance figures from seeded self-play.

    python tools/calibrate_star_gazers.py [--games N] [--write]

Prints, per player count: the score spread by strategy (all-bot tables, all-random tables and
one bot among random players), the bot's win rate in the mixed tables, the average of each
scoring part, and then how often each Journal card is complete. Completion is measured on every
finished bot Mural against every card (held or not), which gives each card hundreds of samples
instead of the few games where someone happened to hold it. ``--write`` stores the Telescopes
suggested by those rates in ``bot/games/star_gazers/data/journal.json`` (rarer cards earn more).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.games.self_play import bot_action  # noqa: E402
from bot.games.star_gazers import StarGazers  # noqa: E402
from bot.games.star_gazers.components import DATA_DIR, catalog, load_journal  # noqa: E402
from bot.games.star_gazers.scoring import card_complete, survey  # noqa: E402
from bot.games.star_gazers.simulate import play_game, random_action  # noqa: E402

GAME = StarGazers()
KINDS = ("adjacent", "line", "solar")
# Completion rate -> Telescopes: about one in two or better is worth 1, rarer cards up to 4.
STEPS = ((0.50, 1), (0.28, 2), (0.12, 3), (0.0, 4))


def suggested(rate: float) -> int:
    return next(scopes for floor, scopes in STEPS if rate >= floor)


def spread(values: list[float]) -> str:
    if not values:
        return "-"
    sd = statistics.pstdev(values)
    return f"{statistics.mean(values):6.1f} ±{sd:5.1f}  [{min(values):3.0f}–{max(values):3.0f}]"


def run(games: int) -> dict:
    murals = []
    lines = []
    parts: dict[str, list[float]] = defaultdict(list)
    for seats in (2, 3, 4):
        scores: dict[str, list[float]] = defaultdict(list)
        wins = 0
        for game in range(games):
            seed = 10_000 * seats + game
            state, _ = play_game(seats, seed, seed + 1, [bot_action] * seats)
            outcome = GAME.outcome(state)
            scores["bots"] += outcome.scores
            murals += state["players"]
            for part in outcome.breakdown:
                parts["photos"].append(part["photos"]["points"])
                parts["telescopes"].append(part["telescopes"]["points"])
                parts["constellations"].append(sum(c["points"] for c in part["constellations"]))
                parts["icons"].append(part["icon_points"])
            state, _ = play_game(seats, seed, seed + 2)
            scores["random"] += GAME.outcome(state).scores
            mixed = [random_action] * seats
            mixed[game % seats] = bot_action
            state, _ = play_game(seats, seed, seed + 3, mixed)
            outcome = GAME.outcome(state)
            scores["bot among random"].append(outcome.scores[game % seats])
            scores["random beside a bot"] += [s for i, s in enumerate(outcome.scores) if i != game % seats]
            wins += (game % seats) in outcome.winners
        lines.append(f"\n{seats} players, {games} games per strategy (mean ±sd [min–max])")
        for name, values in scores.items():
            lines.append(f"  {name:22} {spread(values)}")
        lines.append(f"  bot wins {wins}/{games} mixed games (fair share {games / seats:.0f})")
    lines.append("\nAverage points per bot player by part")
    for name, values in parts.items():
        lines.append(f"  {name:15} {statistics.mean(values):5.1f}")
    views = [survey(p, catalog()) for p in murals]
    rates = {c.id: sum(card_complete(c, v) for v in views) / len(views) for c in load_journal()}
    lines.append(f"\nJournal cards complete on {len(views)} finished bot Murals")
    lines.append("  card       kind      needs                                   rate  scopes  suggested")
    for card in load_journal():
        needs = ", ".join(f"{k} {n}" for k, n in card.needs)
        rate = rates[card.id]
        lines.append(
            f"  {card.id:10} {card.kind:9} {needs:38} {rate:5.0%}  {card.telescopes:6}  {suggested(rate):9}"
        )
    print("\n".join(lines))
    return rates


def write(rates: dict[str, float]) -> None:
    """Deal the cards into decks by measured difficulty (the easiest 16 are deck I, the hardest
    deck III), renumber them, and give each the Telescopes its completion rate suggests."""
    path = DATA_DIR / "journal.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    ranked = sorted(data["cards"], key=lambda c: (-rates[c["id"]], c["id"]))
    cards = []
    for index, card in enumerate(ranked):
        deck = ("I", "II", "III")[index // 16]
        rate = rates[card["id"]]
        cards.append({**card, "deck": deck, "telescopes": suggested(rate), "rate": rate})
    for deck in ("I", "II", "III"):
        mine = sorted(
            (c for c in cards if c["deck"] == deck), key=lambda c: (KINDS.index(c["kind"]), -c["rate"])
        )
        for number, card in enumerate(mine, 1):
            card["id"] = f"J-{deck}-{number:02d}"
    cards.sort(key=lambda c: c["id"].replace("-III-", "-3-").replace("-II-", "-2-").replace("-I-", "-1-"))
    data["cards"] = [{k: v for k, v in c.items() if k != "rate"} for c in cards]
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    kinds = {d: [c["kind"] for c in cards if c["deck"] == d] for d in ("I", "II", "III")}
    print(
        f"\nwrote decks and Telescopes to {path.relative_to(ROOT)}; kinds per deck: "
        + "; ".join(f"{d}: " + ", ".join(f"{k} {v.count(k)}" for k in KINDS) for d, v in kinds.items())
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=60, help="games per player count and strategy")
    parser.add_argument("--write", action="store_true", help="store the suggested Telescopes")
    args = parser.parse_args()
    rates = run(args.games)
    if args.write:
        write(rates)


if __name__ == "__main__":
    main()
