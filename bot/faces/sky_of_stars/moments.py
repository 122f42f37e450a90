"""The moments that make a drawing party: a drawing shown stroke by stroke for guessing, its
reveal (the guess card redrawn, or one message without the pause), the swirl news in a
victim's panel, and "how this game went".

Everything here reads the PUBLIC view, except ``swirl_news`` which reads the seat's own view.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import discord

from bot.faces.sky_of_stars.art import animation
from bot.faces.sky_of_stars.art.reveal import earned, reveal_png
from bot.faces.sky_of_stars.words import names_list, round_title
from bot.games.base import EventKind, View
from bot.games.sky_of_stars import GAME
from bot.i18n import _, ngettext, translate
from bot.ui.outgoing import Outgoing


def guess_card(view: View, names: list[str], progress: str, items: list[discord.ui.Item[Any]]) -> Outgoing:
    """The card a drawing is guessed on, compact for a phone: one question line, then the drawing
    once (an animation that ends on the finished drawing, with the card's five words under it,
    so they are not repeated in the text). The one countdown is the status card's own "Time
    runs out" line. Its numbers are in each guesser's panel, not here: a public card's buttons
    are offered to everyone, its artist too, who may not guess; ``items`` are the card's own
    (**Open my panel**)."""
    artist = view["guess"]["artist"]
    ask = _(
        "Which word did **{name}** draw? Pick its number in your panel, in secret: you may change "
        "it until the reveal.",
        name=names[artist],
    )
    drawing = partial(animation.drawing_gif, view, names, artist, view["round"])
    return Outgoing(
        ask, round_title(view), drawing, "drawing.gif", items, footer=progress, controls_first=True
    )


def reveal_card(view: View, names: list[str], progress: str) -> Outgoing:
    """The guess card once its answer is out (the ``reveal`` pause): the word, every guess and
    the points, with the reveal picture in place of the animation. The events above it (the
    reveal's sentence, and after a round's last drawing the round's scores) come from the card."""
    reveal = view["reveals"][-1]
    artist, round_ = reveal["artist"], reveal["round"]
    title = _(
        "{name} drew #{number} {word}", name=names[artist], number=reveal["number"], word=reveal["word"]
    )
    body = "\n".join(guess_lines(reveal, names, view["seats"]))
    return Outgoing(
        body, title, partial(reveal_png, view, names, artist, round_), "reveal.png", footer=progress
    )


def guess_lines(reveal: dict[str, Any], names: list[str], seats: int) -> list[str]:
    """Every guess next to its guesser, right or wrong, and the points the drawing earned."""
    correct = set(reveal["correct"])
    parts = []
    for key, guess in sorted(reveal["guesses"].items(), key=lambda kv: int(kv[0])):
        seat = int(key)
        if guess is None:
            parts.append(_("{name}: no guess", name=names[seat]))
        else:
            parts.append(f"{names[seat]}: #{guess} " + ("✅ +1" if seat in correct else "❌"))
    artist = reveal["artist"]
    gained = earned(reveal, seats)[artist]
    if not correct:
        points = _("**{name}** +0: nobody read it", name=names[artist])
    elif len(correct) == seats - 1:
        points = _("**{name}** +{points} with the +1 box: everyone got it", name=names[artist], points=gained)
    else:
        points = f"**{names[artist]}** +{gained}"
    return [" · ".join(parts), points]


def reveal_message(view: View, names: list[str], events: list[str]) -> Outgoing | None:
    """The one message that closes a drawing's guessing when a table plays without the reveal's
    pause: the reveal picture (the drawing with its word), every guess and its points, then
    whatever else happened in the same move (``events``, the rules' sentences, in the current
    language)."""
    if not view["reveals"]:
        return None
    reveal = view["reveals"][-1]
    artist, round_ = reveal["artist"], reveal["round"]
    title = _(
        "{name} drew #{number} {word}", name=names[artist], number=reveal["number"], word=reveal["word"]
    )
    lines = guess_lines(reveal, names, view["seats"])
    others = [
        translate(event).format(*names)
        for event in events
        if GAME.event_kind(event) is not EventKind.REVEALED
    ]
    body = "\n".join(lines + ([""] + others if others else []))
    return Outgoing(body[:4000], title, partial(reveal_png, view, names, artist, round_), "reveal.png")


def is_reveal(events: list[str]) -> bool:
    """Whether a move's events hold a reveal (as the rules tag it)."""
    return any(GAME.event_kind(event) is EventKind.REVEALED for event in events)


def swirl_news(view: View, names: list[str]) -> str | None:
    """The line a swirl victim reads in their panel: which of their stars went, and who did it."""
    crossed = view.get("crossed_out") or []
    if not crossed:
        return None
    said = ", ".join(
        _("**{name}** crossed out **{star}**", name=names[c["by"]], star=c["star"]) for c in crossed
    )
    return _("Swirl on roll {roll}: {said} on your vault.", roll=crossed[0]["roll"], said=said)


def how_it_went(view: View, names: list[str]) -> str:
    """The line under the results: the drawings everyone read, the busiest drawer (the seed is in
    `/game log`, not here: a 19-digit number means nothing to the table)."""
    outcome = view["outcome"] or {}
    facts = outcome.get("highlights") or {}
    parts = []
    everyone = facts.get("everyone_guessed") or []
    if everyone:
        shown = ", ".join(
            _("{name}'s {word} (round {round})", name=names[h["seat"]], word=h["word"], round=h["round"])
            for h in everyone[:3]
        )
        if len(everyone) > 3:
            parts.append(
                ngettext(
                    "Read by everyone: {shown} and {n} more.",
                    "Read by everyone: {shown} and {n} more.",
                    len(everyone) - 3,
                    shown=shown,
                )
            )
        else:
            parts.append(_("Read by everyone: {shown}.", shown=shown))
    else:
        parts.append(_("No drawing was read by everyone."))
    most = facts.get("most_stars") or []
    if most:
        count = facts["stars"][most[0]]
        parts.append(_("Most stars drawn: {names} ({count}).", names=names_list(most, names), count=count))
    return " ".join(parts)
