"""The `/learn` guide's hints for Observatory: one per kind of decision, said the first time a
practice player meets it (``bot.tell.guide``)."""

from __future__ import annotations

from bot.games.base import View
from bot.i18n import N_
from bot.ui.presenter import Hint

HINTS = {
    "keep": N_(
        "Six goal cards are dealt and four stay with you. Small cards finish in a few rolls and "
        "pay out early; pick cards whose stars sit near each other so one plot can help two of them."
    ),
    "roll": N_(
        "Your turn to roll. The roller also gets the Shooting Star die, so this roll gives you one "
        "choice more than everyone else."
    ),
    "decide": N_(
        "You rolled: pick a pair of dice to plot a star, and a die for research, from the lists. "
        "A star that a goal card on your sheet still needs is worth more than a lone one."
    ),
    "decide_other": N_(
        "Someone else rolled, but the dice are yours to use too. Look for a pair that lands on a "
        "star your goal cards want; research with the leftover die climbs a track for bonuses."
    ),
    "night_bonus": N_(
        "A new night opens with a bonus. Spend it where a goal card is one step from done: a "
        "finished card scores now and lets you take a fresh one."
    ),
    "refill": N_(
        "You finished a goal, so the sky offers new cards. Take one that shares stars with what "
        "you have plotted already: it is half done before you start."
    ),
}


def hint(view: View) -> Hint | None:
    choice = view.get("choice") or {}
    kind = choice.get("kind")
    if kind == "decide" and not choice.get("active"):
        kind = "decide_other"
    return Hint(kind, HINTS[kind]) if kind in HINTS else None
