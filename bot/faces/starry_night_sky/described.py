"""Starry Night Sky pictures in words (``Presenter.describe``): the alt text of every picture, and
the text board of a player who reads boards as text. Made from the view the picture is drawn
from: the board from the public view (no Myth card before the end), a panel from the seat's own."""

from __future__ import annotations

from typing import Any

from bot.faces.starry_night_sky.words import (
    COLOURS,
    and_list,
    counts_text,
    myth_text,
    place_name,
    progress_line,
)
from bot.games.base import View
from bot.games.starry_night_sky.phrases import colour_word
from bot.i18n import _, ngettext, pgettext, translate


def _stars(stars: list[str]) -> str:
    """A pool's stars by colour, in words ("2 red + 1 blue"), never by colour alone."""
    return counts_text({c: stars.count(c) for c in COLOURS})


def _pools(pools: list[list[str]]) -> str:
    return "; ".join(
        _("pool {n}: {stars}", n=i + 1, stars=_stars(p) if p else pgettext("star pool", "empty"))
        for i, p in enumerate(pools)
    )


def _spots(constellation: dict[str, Any]) -> str:
    empty = {c: 0 for c in COLOURS}
    for colour, filled in zip(constellation["spots"], constellation["filled"], strict=False):
        if not filled:
            empty[colour] = empty.get(colour, 0) + 1
    return counts_text(empty)


def _sky(view: View, names: list[str]) -> list[str]:
    """Where each telescope is, and the constellations: mapped ones by name, started ones with
    their empty spots."""
    places = view.get("constellations") or {}
    lines = []
    for player in view.get("players") or []:
        at = places.get(player.get("at"), {}).get("name", player.get("at"))
        lines.append(
            _(
                "{name}: {score} points, telescope at {place}; {pools}.",
                name=names[player["seat"]],
                score=player["score"]["total"],
                place=place_name(str(at)),
                pools=_pools(player.get("pools") or []),
            )
        )
    mapped = [place_name(c["name"]) for c in places.values() if c.get("mapped")]
    started = [
        _("{place} (empty: {spots})", place=place_name(c["name"]), spots=_spots(c))
        for c in places.values()
        if not c.get("mapped") and any(c.get("filled") or [])
    ]
    lines.append(
        _(
            "Mapped constellations ({n} of {total}): {places}.",
            n=len(mapped),
            total=len(places),
            places=", ".join(mapped) or pgettext("nothing listed", "none"),
        )
    )
    if started:
        lines.append(_("Started: {places}.", places=", ".join(started)))
    return lines


def _choice(view: View) -> list[str]:
    """What the seat must decide now, with the legal options."""
    choice = view.get("choice") or {}
    kind = choice.get("kind")
    lines = []
    if kind == "assign":
        drawn = ", ".join(translate(colour_word(c)) for c in choice["drawn"])
        lines.append(_("Sort your new stars ({stars}) into different pools.", stars=drawn))
    elif kind == "move":
        places = [
            ngettext("{place} ({n} point)", "{place} ({n} points)", d["points"], place=place_name(d["name"]))
            if d.get("discovery")
            else place_name(d["name"])
            for d in choice.get("destinations") or []
        ]
        lines.append(_("Explore: you may move to {places}.", places=", ".join(places) or _("nowhere")))
    elif kind == "place":
        options = "; ".join(
            _(
                "pool {n}: {stars}",
                n=p["pool"] + 1,
                stars=_(" or ").join(counts_text(o) for o in p["options"]),
            )
            for p in choice.get("pools") or []
            if p["options"]
        )
        lines.append(
            _(
                "Place stars on {place} (empty spots: {spots}). From one pool: {options}.",
                place=place_name(choice["name"]),
                spots=counts_text(choice["empty"]),
                options=options or pgettext("nothing listed", "none"),
            )
        )
    elif kind == "end":
        lines.append(_("Trade a goal card for a star, or end your turn."))
    trades = view.get("trades") or []
    if trades and kind in ("move", "place", "end"):
        lines.append(
            ngettext(
                "You may trade {n} goal card for a star.",
                "You may trade {n} goal cards for a star.",
                len(trades),
            )
        )
    return lines


def _mine(view: View, names: list[str]) -> list[str]:
    seat = view["you"]
    player = view["players"][seat]
    lines = [_("Your pools: {pools}.", pools=_pools(player.get("pools") or []))]
    lines += [
        _("Goal ({points}): {goal}", points=g["points"], goal=_(g["text"])) for g in player.get("goals") or []
    ]
    myths = view.get("my_myths") or []
    if myths:
        lines.append(_("Your Myth cards: {myths}.", myths="; ".join(myth_text(m) for m in myths)))
    if view.get("my_turn"):
        lines += _choice(view)
    return lines


def describe(view: View, names: list[str], seat: int | None = None) -> str:
    """What a picture drawn from ``view`` shows; ``seat``: that seat's sheet."""
    head = _("Starry Night Sky, round {round}.", round=view.get("round"))
    if view.get("phase") == "over" and view.get("outcome"):
        outcome = view["outcome"]
        winners = and_list([names[s] for s in outcome["winners"]])
        scores = ", ".join(f"{names[s]} {outcome['scores'][s]}" for s in range(len(names)))
        return "\n".join(
            [head, _("The night is over. Winner: {names}. Scores: {scores}.", names=winners, scores=scores)]
        )
    lines = [head, progress_line(view, names).replace("**", "")]
    night = view.get("night") or []
    lines.append(
        ngettext("Night Track: {n} marker left.", "Night Track: {n} markers left.", len(night))
        if night
        else ngettext("Dawn: {n} marker left.", "Dawn: {n} markers left.", view.get("dawn_left") or 0)
    )
    if seat is not None and seat != view.get("you"):
        player = view["players"][seat]
        lines.append(
            _(
                "{name}'s sheet: {score} points; {pools}.",
                name=names[seat],
                score=player["score"]["total"],
                pools=_pools(player.get("pools") or []),
            )
        )
        return "\n".join(lines)
    mine = _mine(view, names) if view.get("you") is not None else []
    return "\n".join(lines + mine + _sky(view, names))
