"""A Sky of Stars player-facing words: the rules summary, die faces, star names, labels."""

from __future__ import annotations

from bot.games.base import View
from bot.games.sky_of_stars.components import load_vault

SLUG = "sky-of-stars"
FACE_TEXT = {
    "four": "a four-pointed star",
    "five": "a five-pointed star",
    "eight": "an eight-pointed star",
    "any": "the question mark (any star)",
    "swirl": "the swirl",
}
SHAPE_TEXT = {"four": "4-point", "five": "5-point", "eight": "8-point"}
HALVES = {"a": "ABCD", "b": "EFGH"}
HALF_NAMES = {"a": "columns A–D", "b": "columns E–H"}

RULES = """\
**A Sky of Stars** (3–6 players, about 20 minutes)
Every round a card with five words is turned up and each of you secretly gets a number from 1 to 5: \
that is the word you must draw as a constellation on your own star vault.
• Pick a starting star that none of your earlier constellations used.
• The bot rolls the Star Die for everyone. A star shape means: connect one star of your \
constellation to a fresh star of that shape. The **?** lets you connect to any fresh star. \
The **swirl** means: cross out one unused star on the vault of the player to your left.
• A line may not run over another star (crossed-out ones don't count) and may not cut a line \
of one of your earlier constellations. No legal line? You sit that roll out.
• Anyone may press **STOP**: after the current roll, everyone else gets one last optional line.
• Then each drawing is shown in turn and the others guess its number in secret.
**Points** each round: one per player who guessed your drawing, one per drawing you guessed, \
and a bonus point if everybody guessed yours. After three rounds, whoever used the most stars \
of a colour gets 1 more point for it (ties all get it). Ties on points go to the most bonus \
boxes, then the most colour points; after that the win is shared."""


def star_description(label: str) -> str:
    vault = load_vault()
    star = vault.stars[vault.index[label]]
    return f"{SHAPE_TEXT[star.shape.value]} {star.colour.value}"


def names_list(seats: list[int], names: list[str]) -> str:
    return ", ".join(names[s] for s in seats) or "nobody"


def progress_line(view: View, names: list[str]) -> str:
    """One public line on who has decided, e.g. "2 of 3 locked in"."""
    locked, waiting = view["locked"], view["waiting"]
    line = f"{len(locked)} of {len(locked) + len(waiting)} locked in"
    if view.get("skipped"):
        line += f" · sitting out: {names_list(view['skipped'], names)}"
    return line


DO_LABELS = {"stop": "STOP", "pass": "Skip my last line"}
