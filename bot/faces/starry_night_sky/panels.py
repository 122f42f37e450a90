"""Starry Night Sky private panels: the turn panel, one engine sub-step at a time.

A turn is a run of engine sub-actions (assign, move, place, trade, end) under one decision id.
Choices that are only looked at before being confirmed (a destination, a placement, a goal to
trade) travel in the custom_id of the confirm button, so panels survive a restart. Only legal
options are offered: they come from the seat view's ``choice`` and ``trades``. Myth cards are
secret: panels are built from the seat's own view and go only to that seat.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import discord

from bot.faces.starry_night_sky.art import images as art
from bot.faces.starry_night_sky.exploring import LIMIT, clip, planning, pool_label
from bot.faces.starry_night_sky.items import back_button, do_button, pick_select
from bot.faces.starry_night_sky.pictures import named
from bot.faces.starry_night_sky.words import (
    COLOURS,
    DOT,
    MAX_OPTIONS,
    colour,
    counts_text,
    dots,
    heading,
    me,
    myth_text,
    next_turn_line,
    or_list,
    parse_place,
    place_code,
    place_name,
    pools_text,
    progress_line,
    said,
)
from bot.games.base import View
from bot.games.starry_night_sky.phrases import colour_count
from bot.i18n import _, ngettext, translate
from bot.i18n.waiting import results_line
from bot.ui.outgoing import Outgoing


def build_panel(
    view: View,
    names: list[str],
    game_id: int,
    *,
    pick: tuple[str, str] | None = None,
) -> Outgoing:
    """The seat's panel. ``pick`` is a choice looked at but not confirmed yet: ``("dest", cid)``,
    ``("place", code)`` (in an Explore step, ``"cid.code"``: a plan, see ``plan``) or
    ``("trade", "goal.colour")``. A waiting seat's panel has no picture."""
    player = me(view)
    head = heading(view)
    points = ngettext("**{n} point**", "**{n} points**", player["score"]["total"])
    lines = [_("Your pools: {pools} · {points}", pools=pools_text(player["pools"]), points=points)]
    if player["goals"]:
        lines += [
            _("Goal ({points}): {goal}", points=g["points"], goal=_(g["text"])) for g in player["goals"]
        ]
    lines.append(
        _(
            "Myth cards (secret; ✅ = both mapped now): {myths}",
            myths="; ".join(myth_text(m) for m in view["my_myths"]),
        )
    )
    choice = view.get("choice")
    render = partial(art.panel_png, view, names)
    if choice is None:
        if view["phase"] == "over":
            return Outgoing(results_line(names), head)
        lines[:0] = [
            _("Not your turn: {progress}", progress=progress_line(view, names)),
            next_turn_line(view, names),
        ]
        # no picture while waiting: the thread's board shows the sky after every turn
        return Outgoing("\n".join(lines), head)
    dec = view["decision"]
    done = (view.get("turn") or {}).get("log") or []
    stage, items, pick_render = _stage(view, names, game_id, dec, choice, pick)
    if pick_render is not None:
        render = pick_render
    if done:
        stage += "\n" + _("This turn so far: {steps}", steps=" ".join(said(line, names) for line in done))
    # On a phone the choice comes first: what is planned, then the controls, then the map that
    # previews it; the standing facts (pools, goals, Myths) follow the map in small print.
    out = Outgoing(
        stage[:4000],
        head,
        render,
        f"panel.{art.EXTENSION}",
        items[:25],
        footer="\n".join(lines),
        controls_first=True,
    )
    return named(out)


def _stage(
    view: View, names: list[str], game_id: int, dec: int, choice: dict[str, Any], pick: tuple[str, str] | None
) -> tuple[str, list[discord.ui.Item[Any]], Any]:
    """Words, components and (optionally) a preview image for the current sub-step."""
    kind = choice["kind"]
    items: list[discord.ui.Item[Any]] = []
    if pick is not None and pick[0] == "trade":
        text, items, render = _trade_pools(view, game_id, dec, pick[1])
        if kind == "move" and not choice["stuck"]:  # the map stays as the plan showed it (kept, not re-sent)
            render = planning(view, names, game_id, dec, choice, None)[2]
        return text, items, render
    if kind == "assign":
        text = _(
            "**Your turn.** New stars: {stars}. Each goes into a different pool:", stars=dots(choice["drawn"])
        )
        for option in choice["options"]:
            code = "".join(str(p) for p in option["pools"])
            label = " | ".join(f"{i + 1}: {dots(pool)}" for i, pool in enumerate(option["result"]))
            items.append(do_button(game_id, dec, "as", code, label=label[:80]))
        return text + "\n" + _("(Each button shows your three pools afterwards.)"), items, None
    if kind == "move":
        if choice["stuck"]:
            return _stuck(view, game_id, dec, choice)
        text, items, render = planning(view, names, game_id, dec, choice, pick)
        return text, items + _trade_select(view, game_id, dec), render
    if kind == "place":
        return _placing(view, names, game_id, dec, choice, pick)
    text = _("**Almost done.** Trade a goal for a star if you like, then end your turn.")
    items = [do_button(game_id, dec, "end", "-", label=_("End my turn"))]
    return text, items + _trade_select(view, game_id, dec), None


def _stuck(
    view: View, game_id: int, dec: int, choice: dict[str, Any]
) -> tuple[str, list[discord.ui.Item[Any]], Any]:
    """Nothing in reach fits: trading a goal may open a move, or the player skips exploring."""
    helps = or_list([f"{DOT[c]} {colour(c)}" for c in choice["helps"]])
    if choice["bonus"]:
        text = _(
            "**Bonus exploration!** No constellation in reach fits your pools. A {colours} star would "
            "open a move: trade a goal for one below if you like, or keep your goals and skip the bonus "
            "exploration.",
            colours=helps,
        )
        label = _("Skip the bonus exploration and end my turn")
    else:
        text = _(
            "**Explore.** No constellation in reach fits your pools. A {colours} star would open a "
            "move: trade a goal for one below if you like, or keep your goals and skip exploring.",
            colours=helps,
        )
        label = _("Skip exploring and end my turn")
    skip = do_button(game_id, dec, "end", "-", label=label[:80])
    return text, [skip, *_trade_select(view, game_id, dec, helps=choice["helps"])], None


def _placing(
    view: View, names: list[str], game_id: int, dec: int, choice: dict[str, Any], pick: tuple[str, str] | None
) -> tuple[str, list[discord.ui.Item[Any]], Any]:
    """Choose a pool and its stars for the constellation the telescope is on, then confirm."""
    bonus = choice["bonus"]
    where = place_name(choice["name"])
    empty = " ".join(translate(colour_count(c, choice["empty"][c])) for c in COLOURS if choice["empty"][c])
    options = [(p["pool"], o) for p in choice["pools"] for o in p["options"]]
    code = pick[1] if pick is not None else (place_code(*options[0]) if len(options) == 1 else None)
    if code is not None and any(place_code(p, o) == code for p, o in options):
        pool, stars = parse_place(code)
        n = sum(stars.values())
        fields = {"stars": counts_text(stars), "pool": pool + 1, "place": where, "points": n}
        text = (
            _(
                "**Bonus exploration:** Place **{stars}** from pool {pool} on **{place}** (+{points})?",
                **fields,
            )
            if bonus
            else _("Place **{stars}** from pool {pool} on **{place}** (+{points})?", **fields)
        )
        label = _("Place {stars} (+{points})", stars=counts_text(stars), points=n)
        items: list[discord.ui.Item[Any]] = [do_button(game_id, dec, "pl", code, label=label[:80])]
        if len(options) > 1:
            items.append(back_button(game_id, dec))
        render = partial(art.panel_png, view, names, pool=pool)
        return text, items + _trade_select(view, game_id, dec), render
    text = (
        _(
            "**Bonus exploration:** You are at **{place}** (empty spots: {empty}). Choose ONE pool and "
            "the stars to place from it.",
            place=where,
            empty=empty,
        )
        if bonus
        else _(
            "You are at **{place}** (empty spots: {empty}). Choose ONE pool and the stars to place from it.",
            place=where,
            empty=empty,
        )
    )
    if view.get("bonus_available") and not bonus:
        text += "\n" + _("It already had stars, so a **bonus exploration** follows this placement.")
    items = placement_selects(game_id, dec, options) + _trade_select(view, game_id, dec)
    return text, items, None


def _trade_select(
    view: View, game_id: int, dec: int, helps: list[str] | None = None
) -> list[discord.ui.Item[Any]]:
    """Every legal trade; with ``helps`` (stuck), only for the colours that open a move."""
    options = []
    for trade in view.get("trades") or []:
        for shade in trade["colours"]:
            if helps is not None and shade not in helps:
                continue
            goal = _(trade["text"])
            label = _("{dot} {colour} for: {goal}", dot=DOT[shade], colour=colour(shade), goal=goal)
            # too long for a label (a longer language): the whole goal goes below it instead
            description = goal[:LIMIT] if len(label) > LIMIT else None
            options.append(
                discord.SelectOption(
                    label=clip(label), value=f"{trade['goal']}.{shade}", description=description
                )
            )
    if not options:
        return []
    return [
        pick_select(
            game_id,
            dec,
            "trade",
            0,
            options[:MAX_OPTIONS],
            placeholder=_("Trade in a goal card for a star of your choice…"),
        )
    ]


def _trade_pools(
    view: View, game_id: int, dec: int, code: str
) -> tuple[str, list[discord.ui.Item[Any]], Any]:
    goal, __, shade = code.partition(".")
    trade = next((t for t in view.get("trades") or [] if t["goal"] == goal), None)
    if trade is None or shade not in trade["colours"]:
        return _("That trade is no longer possible."), [back_button(game_id, dec)], None
    pools = me(view)["pools"]
    text = _(
        "Hand in “{goal}” for a {dot} {colour} star. Which pool gets it?",
        goal=_(trade["text"]),
        dot=DOT[shade],
        colour=colour(shade),
    )
    items: list[discord.ui.Item[Any]] = [
        do_button(
            game_id,
            dec,
            "tr",
            f"{goal}.{shade}.{p}",
            label=_("Into pool {pool} ({stars})", pool=p + 1, stars=dots(pools[p]))[:80],
        )
        for p in trade["pools"]
    ]
    items.append(back_button(game_id, dec))
    return text, items, None


def placement_selects(game_id: int, dec: int, options: list[tuple[int, dict[str, int]]]) -> list[Any]:
    """All placements in one select when they fit, else one select per pool."""
    ordered = sorted(options, key=lambda o: (o[0], -sum(o[1].values())))
    groups: list[list[tuple[int, dict[str, int]]]] = [ordered]
    if len(ordered) > MAX_OPTIONS:
        groups = [[o for o in ordered if o[0] == p] for p in range(3)]
        groups = [g for g in groups if g]
    selects = []
    for i, group in enumerate(groups):
        opts = [
            discord.SelectOption(
                label=pool_label(p, s),
                value=place_code(p, s),
            )
            for p, s in group[:MAX_OPTIONS]
        ]
        selects.append(
            pick_select(game_id, dec, "place", i, opts, placeholder=_("Choose a pool and the stars…"))
        )
    return selects
