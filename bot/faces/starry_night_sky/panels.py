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
from bot.faces.starry_night_sky.items import SnsBack, SnsDo, SnsPick
from bot.faces.starry_night_sky.words import (
    COLOURS,
    DOT,
    MAX_OPTIONS,
    TITLE,
    counts_text,
    describe_destination,
    dots,
    fill,
    me,
    myth_text,
    parse_place,
    place_code,
    pools_text,
    progress_line,
)
from bot.games.base import View
from bot.games.plural import counted
from bot.outgoing import Outgoing


def build_panel(view: View, names: list[str], game_id: int, *, pick: tuple[str, str] | None = None,
            ) -> Outgoing:
    """The seat's panel. ``pick`` is a choice looked at but not confirmed yet:
    ``("dest", cid)``, ``("place", code)`` or ``("trade", "goal.colour")``."""
    player = me(view)
    head = f"{TITLE} · Round {view['round']}"
    lines = [f"Your pools: {pools_text(player['pools'])} · **{counted(player['score']['total'], 'point')}**"]
    if player["goals"]:
        lines += [f"Goal ({g['points']}): {g['text']}" for g in player["goals"]]
    lines.append("Myth cards (secret; ✅ = both mapped now): "
                 + "; ".join(myth_text(m) for m in view["my_myths"]))
    choice = view.get("choice")
    render = partial(art.panel_png, view, names)
    if choice is None:
        if view["phase"] == "over":
            return Outgoing("The night is over: see the results in the game thread.", head)
        lines.insert(0, f"Not your turn: {progress_line(view, names)}")
        return Outgoing("\n".join(lines), head, render, "panel.png")
    dec = view["decision"]
    done = (view.get("turn") or {}).get("log") or []
    if done:
        lines.insert(0, "This turn so far: " + " ".join(fill(line, names) for line in done))
    stage, items, pick_render = _stage(view, names, game_id, dec, choice, pick)
    if pick_render is not None:
        render = pick_render
    return Outgoing("\n".join([stage, "", *lines])[:4000], head, render, "panel.png", items[:25])

def _stage(view: View, names: list[str], game_id: int, dec: int, choice: dict[str, Any],
       pick: tuple[str, str] | None) -> tuple[str, list[discord.ui.Item[Any]], Any]:
    """Words, components and (optionally) a preview image for the current sub-step."""
    kind = choice["kind"]
    items: list[discord.ui.Item[Any]] = []
    if pick is not None and pick[0] == "trade":
        return _trade_pools(view, game_id, dec, pick[1])
    if kind == "assign":
        text = f"**Your turn.** New stars: {dots(choice['drawn'])}. Each goes into a different pool:"
        for option in choice["options"]:
            code = "".join(str(p) for p in option["pools"])
            label = " | ".join(f"{i + 1}: {dots(pool)}" for i, pool in enumerate(option["result"]))
            items.append(SnsDo(game_id, dec, "as", code, label=label[:80]))
        return text + "\n(Each button shows your three pools afterwards.)", items, None
    if kind == "move":
        bonus = "**Bonus exploration!** " if choice["bonus"] else "**Explore.** "
        if choice["stuck"]:
            helps = " or ".join(f"{DOT[c]} {c}" for c in choice["helps"])
            what = "the bonus exploration" if choice["bonus"] else "exploring"
            text = bonus + (f"No constellation in reach fits your pools. A {helps} star would open a "
                            f"move: trade a goal for one below if you like, or keep your goals and "
                            f"skip {what}.")
            skip = SnsDo(game_id, dec, "end", "-", label=f"Skip {what} and end my turn")
            return text, [skip, *_trade_select(view, game_id, dec, helps=choice["helps"])], None
        dests = {d["to"]: d for d in choice["destinations"]}
        if pick is not None and pick[1] in dests:
            dest = dests[pick[1]]
            text = bonus + f"Move to **{dest['name']}**? {describe_destination(view, dest)}"
            items = [SnsDo(game_id, dec, "mv", dest["to"], label=f"Move to {dest['name']}"[:80]),
                     SnsBack(game_id, dec)]
            return text, items, partial(art.panel_png, view, names, picked=dest["to"])
        text = bonus + "Pick a ringed constellation to move your telescope to."
        items = destination_selects(view, game_id, dec, choice["destinations"])
        return text, items + _trade_select(view, game_id, dec), None
    if kind == "place":
        bonus = "**Bonus exploration:** " if choice["bonus"] else ""
        empty = " ".join(f"{choice['empty'][c]} {c}" for c in COLOURS if choice["empty"][c])
        options = [(p["pool"], o) for p in choice["pools"] for o in p["options"]]
        code = pick[1] if pick is not None else (place_code(*options[0]) if len(options) == 1 else None)
        if code is not None and any(place_code(p, o) == code for p, o in options):
            pool, stars = parse_place(code)
            n = sum(stars.values())
            text = (bonus + f"Place **{counts_text(stars)}** from pool {pool + 1} on "
                    f"**{choice['name']}** (+{n})?")
            items = [SnsDo(game_id, dec, "pl", code, label=f"Place {counts_text(stars)} (+{n})"[:80])]
            if len(options) > 1:
                items.append(SnsBack(game_id, dec))
            render = partial(art.panel_png, view, names, pool=pool)
            return text, items + _trade_select(view, game_id, dec), render
        text = (bonus + f"You are at **{choice['name']}** (empty spots: {empty}). Choose ONE pool and "
                "the stars to place from it.")
        if view.get("bonus_available") and not choice["bonus"]:
            text += "\nIt already had stars, so a **bonus exploration** follows this placement."
        items = placement_selects(game_id, dec, options) + _trade_select(view, game_id, dec)
        return text, items, None
    text = "**Almost done.** Trade a goal for a star if you like, then end your turn."
    items = [SnsDo(game_id, dec, "end", "-", label="End my turn")]
    return text, items + _trade_select(view, game_id, dec), None

def _trade_select(view: View, game_id: int, dec: int,
              helps: list[str] | None = None) -> list[discord.ui.Item[Any]]:
    """Every legal trade; with ``helps`` (stuck), only for the colours that open a move."""
    options = []
    for trade in view.get("trades") or []:
        for colour in trade["colours"]:
            if helps is not None and colour not in helps:
                continue
            label = f"{DOT[colour]} {colour} for: {trade['text']}"
            options.append(discord.SelectOption(label=label[:100], value=f"{trade['goal']}.{colour}"))
    if not options:
        return []
    return [SnsPick(game_id, dec, "trade", 0, options[:MAX_OPTIONS],
                    placeholder="Trade in a goal card for a star of your choice…")]

def _trade_pools(view: View, game_id: int, dec: int,
             code: str) -> tuple[str, list[discord.ui.Item[Any]], Any]:
    goal, _, colour = code.partition(".")
    trade = next((t for t in view.get("trades") or [] if t["goal"] == goal), None)
    if trade is None or colour not in trade["colours"]:
        return "That trade is no longer possible.", [SnsBack(game_id, dec)], None
    pools = me(view)["pools"]
    text = f"Hand in “{trade['text']}” for a {DOT[colour]} {colour} star. Which pool gets it?"
    items: list[discord.ui.Item[Any]] = [
        SnsDo(game_id, dec, "tr", f"{goal}.{colour}.{p}",
              label=f"Into pool {p + 1} ({dots(pools[p])})"[:80])
        for p in trade["pools"]]
    items.append(SnsBack(game_id, dec))
    return text, items, None




def destination_selects(view: View, game_id: int, dec: int, dests: list[dict[str, Any]]) -> list[Any]:
    options = []
    for dest in sorted(dests, key=lambda d: (not d["discovery"], -d["points"], d["name"])):
        label = f"{dest['name']} · discover +{dest['points']}" if dest["discovery"] else dest["name"]
        fits = " · ".join(f"pool {p['pool'] + 1}: {counts_text(p['max'])}" for p in dest["pools"])
        via = f" · passes {len(dest['skips'])}" if dest["skips"] else ""
        options.append(discord.SelectOption(label=label[:100], value=dest["to"],
                                            description=f"fits {fits}{via}"[:100]))
    pages = [options[i:i + MAX_OPTIONS] for i in range(0, len(options), MAX_OPTIONS)]
    return [SnsPick(game_id, dec, "dest", i, page, placeholder="Move your telescope to…" if not i else
                    "…or to one of these") for i, page in enumerate(pages[:2])]


def placement_selects(game_id: int, dec: int, options: list[tuple[int, dict[str, int]]]) -> list[Any]:
    """All placements in one select when they fit, else one select per pool."""
    ordered = sorted(options, key=lambda o: (o[0], -sum(o[1].values())))
    groups: list[list[tuple[int, dict[str, int]]]] = [ordered]
    if len(ordered) > MAX_OPTIONS:
        groups = [[o for o in ordered if o[0] == p] for p in range(3)]
        groups = [g for g in groups if g]
    selects = []
    for i, group in enumerate(groups):
        opts = [discord.SelectOption(label=f"Pool {p + 1}: {counts_text(s)} (+{sum(s.values())})",
                                     value=place_code(p, s)) for p, s in group[:MAX_OPTIONS]]
        selects.append(SnsPick(game_id, dec, "place", i, opts, placeholder="Choose a pool and the stars…"))
    return selects
