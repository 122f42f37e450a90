"""The `/learn` guide's hints for A Sky of Stars: one per kind of decision, said the first time
a practice player meets it (``bot.tell.guide``). At a practice table the bots draw and guess
too, so the hints say what a bot's drawing is worth as a clue."""

from __future__ import annotations

from bot.games.base import View
from bot.i18n import N_
from bot.ui.presenter import Hint

HINTS = {
    "start": N_(
        "Your panel names your secret word. Choose a starting star with open sky around it: "
        "your drawing needs room to grow into something the others recognise."
    ),
    "stroke": N_(
        "The die decides which kind of star your next line must reach. Prefer the line that adds "
        "the most telling part of your word, and keep lines short to save room for later rounds. "
        "When your drawing says enough, press STOP: the others get one last line, then everyone "
        "guesses."
    ),
    "final": N_(
        "The drawing is over, with one last optional line. Add it only if it makes your word "
        "clearer; skipping is fine."
    ),
    "cancel": N_(
        "Swirl: cross out a star on your left neighbour's vault. One close to their current "
        "drawing hinders them most."
    ),
    "guess": N_(
        "Guess which word this drawing shows by picking its number. At this practice table the "
        "bots can't draw words, but each bot begins its drawing on a star whose column says its "
        "number: A or F for 1, B or G for 2, C or H for 3, D for 4, E for 5. With people, look "
        "at the overall shape first."
    ),
}


def hint(view: View) -> Hint | None:
    choice = view.get("choice") or {}
    kind = choice.get("kind")
    if kind == "stroke" and choice.get("optional"):
        kind = "final"
    return Hint(kind, HINTS[kind]) if kind in HINTS else None
