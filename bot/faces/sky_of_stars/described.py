"""A Sky of Stars pictures in words (``Presenter.describe``): the alt text of every picture, and
the text board of a player who reads boards as text. Made from the view the picture is drawn from:
a public picture from the public view, a vault from its seat's own view."""

from __future__ import annotations

from typing import Any

from bot.faces.sky_of_stars.words import face_text, names_list
from bot.games.base import View
from bot.i18n import _, pgettext
from bot.i18n.waiting import waiting_for
from render.headers import phase_words


def _lines(strokes: list[list[str]]) -> str:
    return ", ".join(f"{a}–{b}" for a, b in strokes) or pgettext("nothing listed", "none")


def _drawing(drawing: dict[str, Any]) -> str:
    """One constellation: where it starts, its stars and its lines."""
    return _(
        "starts at {start}; {n} stars: {stars}; lines: {lines}",
        start=drawing.get("start") or "–",
        n=len(drawing.get("stars") or []),
        stars=", ".join(drawing.get("stars") or []) or pgettext("nothing listed", "none"),
        lines=_lines(drawing.get("strokes") or []),
    )


def _scores(view: View, names: list[str]) -> str:
    scores = view.get("scores") or []
    return _(
        "Scores: {scores}",
        scores=", ".join(f"{names[s]} {score['total']}" for s, score in enumerate(scores) if s < len(names)),
    )


def _public(view: View, names: list[str]) -> list[str]:
    lines = [
        _("A Sky of Stars, round {round} of {rounds}.", round=view["round"], rounds=view["rounds"]),
    ]
    phase = view.get("phase")
    if phase == "over" and view.get("outcome"):
        winners = names_list(view["outcome"]["winners"], names)
        lines.append(_("The game is over. Winner: {names}.", names=winners))
    elif phase:
        lines.append(_("Phase: {phase}.", phase=phase_words(phase)))
    if view.get("card"):
        lines.append(_("The card's words: {words}.", words=", ".join(view["card"])))
    if view.get("roll"):
        lines.append(_("The die shows {face}.", face=face_text(view["roll"]["face"])))
    if view.get("stop_by") is not None and phase not in ("over",):
        lines.append(_("{name} called STOP.", name=names[view["stop_by"]]))
    if view.get("guess") and phase in ("guess", "reveal"):
        lines.append(_("Everyone guesses {name}'s drawing.", name=names[view["guess"]["artist"]]))
    lines.append(_scores(view, names))
    waiting = waiting_for(view.get("waiting") or [], names)
    if waiting:
        lines.append(waiting + ".")
    return lines


def _choice(view: View, names: list[str]) -> list[str]:
    """What the seat must decide now, with every legal option."""
    choice = view.get("choice")
    if not choice:
        return [_("You have nothing to decide now.")]
    kind = choice["kind"]
    if kind == "start":
        return [_("Pick a starting star. You may pick: {stars}.", stars=", ".join(choice["stars"]))]
    if kind == "stroke":
        moves = "; ".join(
            _("from {star} to {stars}", star=start, stars=", ".join(ends))
            for start, ends in choice["moves"].items()
            if ends
        )
        if not moves:
            return [_("You have no legal line this roll.")]
        head = _("Draw one line (optional).") if choice.get("optional") else _("Draw one line.")
        return [head, _("Legal lines: {moves}.", moves=moves)]
    if kind == "cancel":
        return [
            _(
                "Cross out one unused star on {name}'s vault. You may pick: {stars}.",
                name=names[choice["target"]],
                stars=", ".join(choice["stars"]) or pgettext("nothing listed", "none"),
            )
        ]
    if kind == "guess":
        return [
            _(
                "Guess the number of {name}'s drawing: {numbers}.",
                name=names[choice["artist"]],
                numbers=", ".join(str(n) for n in choice["numbers"]),
            )
        ]
    return []


def _vault(view: View, names: list[str]) -> list[str]:
    lines = [_("Your vault.")]
    secret = view.get("secret")
    if secret:
        lines.append(_("Your word to draw: {word} (number {number}).", **secret))
    vault = view.get("vault") or {}
    if vault.get("current"):
        lines.append(_("Your constellation this round: {drawing}.", drawing=_drawing(vault["current"])))
    used = sorted({star for past in vault.get("past") or [] for star in past.get("stars") or []})
    if used:
        lines.append(_("Stars used by earlier rounds: {stars}.", stars=", ".join(used)))
    if vault.get("cancelled"):
        lines.append(_("Crossed-out stars: {stars}.", stars=", ".join(vault["cancelled"])))
    return lines + _choice(view, names)


def describe(view: View, names: list[str], seat: int | None = None) -> str:
    """What a picture drawn from ``view`` shows; ``seat``: that seat's revealed drawings."""
    if seat is not None and seat != view.get("you"):
        shown = [d for d in view.get("drawings") or [] if d["seat"] == seat]
        lines = [_("{name}'s revealed constellations.", name=names[seat])]
        lines += [_("Round {round}: {drawing}.", round=d["round"], drawing=_drawing(d)) for d in shown]
        if view.get("you") is not None:  # a guess panel: the drawing, the card's words, the question
            words = (
                [_("The card's words: {words}.", words=", ".join(view["card"]))] if view.get("card") else []
            )
            return "\n".join([*lines, *words, *_choice(view, names)])
        return "\n".join([*lines, _scores(view, names)])
    if view.get("you") is not None:
        return "\n".join(_public(view, names)[:1] + _vault(view, names))
    return "\n".join(_public(view, names))
