"""The Explore step of a Starry Night Sky panel: a plan shown on the map, then one Confirm.

The step opens with the plan worth the most points now (``plan.default``) already drawn on the
map as it will be. A destination select and a placement select change the plan (each change
redraws the preview, nothing is played); one Confirm plays the whole exploration, and when no
bonus exploration follows it can end the turn as well (a second button keeps the turn open for a
trade instead). So an exploration is one tap when the plan suits, three when both are changed.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import discord

from bot.faces.starry_night_sky import plan as plans
from bot.faces.starry_night_sky.art import images as art
from bot.faces.starry_night_sky.items import do_button, pick_select
from bot.faces.starry_night_sky.words import (
    COLOURS,
    MAX_OPTIONS,
    counts_text,
    dots,
    name_of,
    place_name,
)
from bot.games.base import View
from bot.games.starry_night_sky.phrases import START_NAME
from bot.i18n import _

LIMIT = 100  # Discord's longest select option label or description


def pool_label(pool: int, stars: dict[str, int]) -> str:
    """A pool with the stars placed in it, and the points they score: "Pool 2: 2 red (+2)"."""
    return _(
        "Pool {pool}: {stars} (+{points})",
        pool=pool + 1,
        stars=counts_text(stars),
        points=sum(stars.values()),
    )[:LIMIT]


def planning(
    view: View, names: list[str], game_id: int, dec: int, choice: dict[str, Any], pick: tuple[str, str] | None
) -> tuple[str, list[discord.ui.Item[Any]], Any]:
    """Words, components and the preview picture of the plan shown (default or picked)."""
    plan = plans.chosen(choice, pick)
    dest = next(d for d in choice["destinations"] if d["to"] == plan.to)
    where = place_name(dest["name"])
    fields = {
        "place": where,
        "stars": counts_text(plan.counts),
        "pool": plan.pool + 1,
        "points": plans.points(dest, plan),
    }
    text = (
        _(
            "**Bonus exploration!** Your plan, drawn on the map: move to **{place}** and place **{stars}** "
            "from pool {pool} (+{points}).",
            **fields,
        )
        if choice["bonus"]
        else _(
            "**Explore.** Your plan, drawn on the map: move to **{place}** and place **{stars}** from "
            "pool {pool} (+{points}).",
            **fields,
        )
    )
    text += " " + _details(view, dest)
    follows = plans.bonus_follows(choice, dest)
    if follows:
        text += "\n" + _("It already has stars, so a **bonus exploration** follows.")
        items: list[discord.ui.Item[Any]] = [
            do_button(game_id, dec, "ex", plan.code, label=_("Confirm: on to the bonus exploration"))
        ]
    else:
        items = [do_button(game_id, dec, "xe", plan.code, label=_("Confirm and end my turn"))]
        if view.get("trades"):
            items.append(
                do_button(
                    game_id,
                    dec,
                    "ex",
                    plan.code,
                    label=_("Confirm, then trade a goal"),
                    style=discord.ButtonStyle.secondary,
                )
            )
    text += "\n" + _("Nothing is played until you confirm: change the destination or the stars below.")
    items += destination_selects(view, game_id, dec, choice["destinations"], picked=plan.to)
    items += placement_select(game_id, dec, dest, plan)
    preview = _("Preview: {place} (+{points})", place=where, points=fields["points"])
    render = partial(
        art.panel_png, plans.planned_view(view, plan), names, picked=plan.to, pool=plan.pool, preview=preview
    )
    return text, items, render


def _details(view: View, dest: dict[str, Any]) -> str:
    bits = []
    if dest["discovery"]:
        bits.append(
            _("You discover it: **+{points}**.", points=dest["points"])
            if dest["points"]
            else _("You discover it (no marker left to score).")
        )
    if dest["skips"]:
        passed = ", ".join(_(START_NAME) if s == view["start"] else name_of(view, s) for s in dest["skips"])
        bits.append(_("Passing over {places}.", places=passed))
    return " ".join(bits)


def destination_selects(
    view: View, game_id: int, dec: int, dests: list[dict[str, Any]], *, picked: str | None = None
) -> list[Any]:
    """Every reachable destination, the planned one marked as chosen, best discoveries first."""
    options = []
    for dest in sorted(dests, key=lambda d: (not d["discovery"], -d["points"], place_name(d["name"]))):
        where = place_name(dest["name"])
        label = (
            _("{place} · discover +{points}", place=where, points=dest["points"])
            if dest["discovery"]
            else where
        )
        description = _fits(dest, counts_text)
        if len(description) > LIMIT:  # the stars as dots and letters (🔴R 🔵B) take less room
            description = _fits(dest, lambda most: dots([c for c in COLOURS for __ in range(most[c])]))
        options.append(
            discord.SelectOption(
                label=clip(label),
                value=dest["to"],
                description=clip(description),
                default=dest["to"] == picked,
            )
        )
    pages = [options[i : i + MAX_OPTIONS] for i in range(0, len(options), MAX_OPTIONS)]
    return [
        pick_select(
            game_id,
            dec,
            "dest",
            i,
            page,
            placeholder=_("Move your telescope to…") if not i else _("…or to one of these"),
        )
        for i, page in enumerate(pages[:2])
    ]


def placement_select(game_id: int, dec: int, dest: dict[str, Any], plan: plans.Plan) -> list[Any]:
    """The placements at the planned destination (most stars first), the planned one chosen."""
    ordered = sorted(plans.placements(dest), key=lambda o: (-sum(o[1].values()), o[0]))
    if len(ordered) < 2:
        return []
    options = []
    for pool, stars in ordered[:MAX_OPTIONS]:
        option = plans.make(dest["to"], pool, stars)
        options.append(
            discord.SelectOption(
                label=pool_label(pool, stars),
                value=option.code,
                default=option == plan,
            )
        )
    return [pick_select(game_id, dec, "place", 0, options, placeholder=_("Choose a pool and the stars…"))]


def _fits(dest: dict[str, Any], said: Any) -> str:
    """What each pool could place at ``dest`` (``said`` puts a pool's stars in words), and its jumps."""
    fits = " · ".join(
        _("pool {pool}: {stars}", pool=p["pool"] + 1, stars=said(p["max"])) for p in dest["pools"]
    )
    if dest["skips"]:
        return _("fits {fits} · passes {count}", fits=fits, count=len(dest["skips"]))
    return _("fits {fits}", fits=fits)


def clip(text: str, limit: int = LIMIT) -> str:
    """``text`` within Discord's ``limit`` for a label: cut after a whole word, with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut).rstrip(" ,;:·") + "…"
