"""The one line the thread gets for a whole turn, built from the record the turn kept.

Only reads the turn: the sub-steps log their own sentences as they happen, and this sums
them up (discovered X (+2), placed 2 stars (+2), a goal (+2)) when the turn ends.
"""

from __future__ import annotations

from typing import Any

from bot.games.starry_night_sky.phrases import colour_word, listing, sky_name, who
from bot.i18n.msg import M_, MN_, Msg, from_stored


def summary(state: dict[str, Any]) -> Msg:
    """One sentence for the whole turn, e.g. discovered X (+2), placed 2 stars (+2), a goal (+2)."""
    turn = state["turn"]
    seat = turn["seat"]
    parts: list[Msg] = []
    for ex in turn["explorations"]:
        where = sky_name(ex["at"])
        if ex["discovered"]:
            parts.append(M_("discovered {place} (+{points})", place=where, points=ex["marker"]))
        n = sum(ex["placed"].values())
        if n:
            parts.append(
                MN_("placed {n} star on {place} (+{n})", "placed {n} stars on {place} (+{n})", n, place=where)
            )
        if ex["completed"]:
            parts.append(M_("finished mapping {place}", place=where))
    if turn["bonus_missed"]:
        parts.append(M_("found nowhere to go for the bonus exploration"))
    for goal in turn["completed_goals"]:
        parts.append(
            M_(
                "completed “{goal}” (+{points}: {why})",
                goal=Msg(goal["text"]),
                points=goal["points"],
                why=from_stored(goal["why"]),
            )
        )
    if turn["trades"]:
        colours = [t["colour"] for t in turn["trades"]]
        if len(colours) == 1:
            parts.append(M_("traded a goal for a {colour} star", colour=colour_word(colours[0], 1)))
        else:
            parts.append(
                M_(
                    "traded {count} goals for {colours} stars",
                    count=len(colours),
                    colours=listing([colour_word(c, 2) for c in colours]),
                )
            )
    if turn["skipped_explore"]:
        parts.insert(0, M_("could not explore (no star fits anywhere in reach)"))
    body = listing(parts) if parts else M_("ended the turn")
    # i18n: {body} lists what the player did ("discovered A (+2) and placed 1 star on A (+1)").
    return MN_(
        "{player} {body}: {n} point this turn.",
        "{player} {body}: {n} points this turn.",
        turn["points"],
        player=who(seat),
        body=body,
    )
