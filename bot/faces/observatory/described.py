"""Observatory pictures in words (``Presenter.describe``): the alt text of every picture, and the
text board of a player who reads boards as text. Made from the view the picture is drawn from:
the table from the public view, a hand, sheet or refill panel from the seat's own view."""

from __future__ import annotations

from typing import Any

from bot.faces.observatory.art.parts import face_text
from bot.faces.observatory.words import card_name, placement_name, title_of, track_name, wild_word
from bot.games.base import View
from bot.i18n import _, pgettext


def _cards(view: View, ids: list[str]) -> str:
    return ", ".join(card_name(view.get("cards") or {}, c) for c in ids) or pgettext("nothing listed", "none")


def _sheet(view: View, sheet: dict[str, Any], score: dict[str, Any]) -> list[str]:
    """A sheet: its stars, research, goals and points."""
    research = "; ".join(
        f"{track_name(t)} {', '.join(str(v) for v in spaces)}"
        for t, spaces in (sheet.get("research") or {}).items()
        if spaces
    )
    return [
        _("Stars: {stars}.", stars=", ".join(sheet.get("stars") or []) or pgettext("nothing listed", "none")),
        _("Research: {research}.", research=research or pgettext("nothing listed", "none")),
        _("Goals: {cards}.", cards=_cards(view, sheet.get("goals") or [])),
        _("Completed: {cards}.", cards=_cards(view, sheet.get("completed") or [])),
        _("Points: {n}.", n=score.get("total", 0)),
    ]


def _draft(view: View, choice: dict[str, Any]) -> list[str]:
    """A turn's options: the dice, where they may plot a star, what they may research."""
    lines = []
    dice = choice.get("dice") or []
    if dice:
        lines.append(_("Your dice: {dice}.", dice=", ".join(wild_word(d["value"], d["wild"]) for d in dice)))
    for plot in choice.get("plots") or []:
        pair = " + ".join(str(i + 1) for i in plot["dice"])
        lines.append(_("Dice {pair} may plot a star at {cells}.", pair=pair, cells=", ".join(plot["cells"])))
    for fill in choice.get("research") or []:
        spaces = "; ".join(
            f"{track_name(t)} {', '.join(str(v) for v in values)}" for t, values in fill["spaces"].items()
        )
        lines.append(_("Die {n} may research: {spaces}.", n=fill["die"] + 1, spaces=spaces))
    shooting = choice.get("shooting") or {}
    if shooting.get("cells") and not shooting.get("used"):
        lines.append(
            _(
                "The Shooting Star die ({value}) may plot a star at {cells}.",
                value=face_text(shooting["value"]),
                cells=", ".join(shooting["cells"]),
            )
        )
    for grant in choice.get("grants") or []:
        cells = ", ".join(grant.get("cells") or [])
        lines.append(
            _("A bonus to use: a star at {cells}.", cells=cells or pgettext("nothing listed", "none"))
        )
    for card_id, placements in (choice.get("placements") or {}).items():
        lines.append(
            _(
                "{card} can be completed: {placements}.",
                card=card_name(view.get("cards") or {}, card_id),
                placements="; ".join(placement_name(p) for p in placements),
            )
        )
    if choice.get("can_done"):
        lines.append(_("You may finish your turn."))
    return lines


def _choice(view: View) -> list[str]:
    choice = view.get("choice")
    if not choice:
        return [_("You have nothing to decide now.")]
    kind = choice["kind"]
    if kind == "keep":
        return [
            _("Keep {n} of your dealt cards: {cards}.", n=choice["keep"], cards=_cards(view, choice["hand"]))
        ]
    if kind == "roll":
        return [_("Roll the dice.")]
    if kind == "refill":
        return [
            _("Take a new goal from the Night Sky ({cards}) or a deck.", cards=_cards(view, choice["sky"]))
        ]
    return _draft(view, choice)


def _table(view: View, names: list[str]) -> list[str]:
    lines = []
    roll = view.get("roll")
    if roll:
        dice = ", ".join(face_text(f) for f in roll.get("standard") or [])
        lines.append(
            _("Roll: {dice}; Shooting Star {shooting}.", dice=dice, shooting=face_text(roll.get("shooting")))
        )
    sky = view.get("night_sky") or {}
    lines.append(_("Night Sky: {cards}.", cards=_cards(view, [*sky.get("large", []), *sky.get("small", [])])))
    scores = view.get("scores") or []
    lines.append(
        _(
            "Scores: {scores}",
            scores=", ".join(
                f"{names[s]} {p.get('total', 0)}" for s, p in enumerate(scores) if s < len(names)
            ),
        )
    )
    return lines


def describe(view: View, names: list[str], seat: int | None = None) -> str:
    """What a picture drawn from ``view`` shows; ``seat``: that seat's sheet."""
    lines = [title_of(view) + "."]
    outcome = view.get("outcome")
    if view.get("phase") == "over" and outcome:
        lines.append(
            _("The game is over. Winner: {names}.", names=", ".join(names[s] for s in outcome["winners"]))
        )
        lines += _table(view, names)[-1:]
        return "\n".join(lines)
    you = view.get("you")
    if seat is not None and seat != you:
        sheets = view.get("sheets") or []
        scores = view.get("scores") or []
        if seat < len(sheets):
            lines.append(_("{name}'s sheet.", name=names[seat]))
            lines += _sheet(view, sheets[seat], scores[seat] if seat < len(scores) else {})
        return "\n".join(lines)
    if you is not None:
        lines += _choice(view)
        lines.append(_("Your sheet."))
        lines += _sheet(view, view.get("sheet") or {}, view.get("score") or {})
        return "\n".join(lines)
    return "\n".join(lines + _table(view, names))
