"""What an A Sky of Stars panel shows after a click, as pure functions of the clicker's view (the
platform, ``bot.ui.clicks``, plays the click and asks the presenter, which asks here)."""

from __future__ import annotations

from typing import Any

from bot.faces.sky_of_stars.items import BACK
from bot.faces.sky_of_stars.pictures import keep_shown
from bot.faces.sky_of_stars.words import done_text
from bot.games.sky_of_stars import GAME
from bot.games.sky_of_stars.moves import parse_line
from bot.i18n import _
from bot.ui.controls import Click, Played, Seen
from bot.ui.interactions import Refusal
from bot.ui.outgoing import Outgoing
from bot.ui.presenter import PanelAt

MADE_AS_PREVIEWED = frozenset({"start", "stroke", "cancel"})
"""Moves whose button sits under the picture of their result (``panels``): once made, with
nothing more to choose, the panel keeps that picture, which now shows what was done."""


def offered_stars(choice: dict[str, Any], stage: str) -> list[str]:
    """The stars a picker of ``stage`` offers for this choice (what ``pick_selects`` listed): a
    start or a cancel its stars; ``end`` every star a line reaches, ``via.X`` the stars a line to
    X may start from; ``from``/``to.X`` the same from panels sent before lines were one pick."""
    if choice["kind"] != "stroke" or stage in {"start", "cancel"}:
        return choice.get("stars", []) if choice["kind"] == stage else []
    moves: dict[str, list[str]] = choice["moves"]
    if stage == "end":
        return sorted({end for ends in moves.values() for end in ends})
    if stage.startswith("via."):
        return sorted(start for start, ends in moves.items() if stage[4:] in ends)
    return list(moves) if stage == "from" else moves.get(stage[3:], [])


def done(played: Played) -> str:
    return done_text(played.kind, played.click.fields.get("arg", "-"))


def after_play(seen: Seen, played: Played, panel: PanelAt) -> Outgoing:
    """The panel goes on with whatever the game still waits for from this player (after STOP,
    their own line for this roll), or says there is nothing to do yet."""
    out = panel(note=None if played.kind == "stop" else done(played))  # STOP: its own line says it
    if played.kind in MADE_AS_PREVIEWED and seen.view.get("choice") is None:
        out = keep_shown(out, played.click.message)
    return out


def step(seen: Seen, click: Click, panel: PanelAt) -> Outgoing:
    """**Back**: the choice's first stage. A star picked: the panel with it (its picture shows the
    pick's result), nothing played yet."""
    if click.control is BACK:
        return panel()
    picked = next(iter(click.picked), None)
    choice = seen.view.get("choice") or {}
    stage = click["stage"]
    if choice.get("kind") not in {"start", "stroke", "cancel"}:
        raise Refusal(_("There's nothing to pick right now: your choice is already in."))
    if picked not in offered_stars(choice, stage):  # a value the menu never had
        raise Refusal(_("That star isn't one you can pick here. Choose one from the menu."))
    if stage == "from":
        return panel(picked_from=picked)
    if stage.startswith("to."):
        return panel(picked_from=stage[3:], picked=picked)
    if stage.startswith("via."):
        return panel(picked_from=picked, picked=stage[4:])
    return panel(picked=picked)


def typed(seen: Seen, click: Click, panel: PanelAt) -> Outgoing:
    """A typed line is a pick like one from the menus: the panel shows it drawn in, and **Draw**
    makes it. A line the rules refuse is refused now, with their reason."""
    start, end = parse_line(click.typed)  # refuses anything but two different labels
    moves = (seen.view.get("choice") or {}).get("moves") or {}
    if end not in moves.get(start, []) and start in moves.get(end, []):
        start, end = end, start  # typed from its far end: the same line
    line = {"kind": "stroke", "from": start, "to": end}
    GAME.apply(seen.state, seen.seat, line)  # a check only
    return panel(picked_from=start, picked=end)
