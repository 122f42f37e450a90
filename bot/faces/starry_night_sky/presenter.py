"""Starry Night Sky on Discord: the board after each turn, and a turn panel in a few clicks.

A turn is a run of engine sub-actions (assign, move, place, trade, end) under one decision id,
so every button here plays one sub-action and then edits the panel in place with the next
step. Choices that are only looked at before being confirmed (a destination, a placement, a
goal to trade) travel in the custom_id of the confirm button, so panels survive a restart.
Only legal options are offered: they come from the seat view's ``choice`` and ``trades``.

Myth cards are secret: they appear only in panels and sheets built from the seat's own view
(DMs, ephemeral messages). Public messages are built from the public view, which carries no
Myth card until the game is over.
"""

from __future__ import annotations

import logging
import re
from functools import partial
from typing import Any

import discord

from bot.components import back_button, guarded, seat_view, service_of
from bot.faces.base import Presenter
from bot.faces.starry_night_sky.art import images as art
from bot.games import get_game
from bot.games.base import View
from bot.outgoing import Outgoing, edit_panel, refuse

log = logging.getLogger(__name__)

SLUG = "starry-night-sky"
TITLE = "Starry Night Sky"
COLOURS = ("red", "blue", "yellow")
DOT = {"red": "\U0001f534", "blue": "\U0001f535", "yellow": "\U0001f7e1"}
STEP_TEXT = {
    "assign": "sorting new stars into pools",
    "move": "choosing where to explore",
    "place": "placing stars",
    "bonus_move": "on a bonus exploration: choosing where",
    "bonus_place": "on a bonus exploration: placing stars",
    "end": "trading goals or ending the turn",
}
MAX_OPTIONS = 25  # Discord's limit per select

RULES = """\
**Starry Night Sky** (2–4 players, turn by turn)
Steer your telescope across a sky of 28 constellations and fill their coloured star spots.
**Your turn, in your panel:**
• **Gather:** you get a goal card (up to 3 in hand) and one new star from the bag per pool that \
still has room; each new star goes into a different pool (a pool holds at most 4).
• **Explore:** move your telescope along the white paths to a constellation you can put a star on. \
START and finished constellations are passed over, never stopped on. Arriving first at an empty \
one takes the next Night Track marker (1, 2 or 3 points).
• **Place** any number of stars from ONE pool on empty spots of their own colour: 1 point each.
• Landed on a constellation that already had stars? Then you explore once more (the bonus).
• Any time after gathering you may hand in a goal card for a star of the colour you want.
**Goals** score by themselves as soon as you meet them. **Myth cards** (3 each) are secret: \
each names two constellations and scores at the end if both are finished, whoever filled them.
**End:** when the Night Track runs out, the round is played to its end (new discoveries then \
take 3-point Dawn markers). Most points wins; ties go to the most Myth points."""


def fill(sentence: str, names: list[str]) -> str:
    """An engine sentence with ``{0}``-style seats replaced by names (other braces left alone)."""
    return re.sub(r"\{(\d+)\}", lambda m: names[int(m[1])] if int(m[1]) < len(names) else m[0], sentence)


def dots(stars: list[str]) -> str:
    return "".join(DOT.get(s, "?") for s in stars) or "empty"


def counts_text(stars: dict[str, int]) -> str:
    parts = [f"{stars[c]} {c}" for c in COLOURS if stars.get(c)]
    return " + ".join(parts) or "nothing"


def pools_text(pools: list[list[str]]) -> str:
    return " · ".join(f"**{i + 1}** {dots(p)}" for i, p in enumerate(pools))


def myth_text(myth: dict[str, Any]) -> str:
    mark = "✅" if myth.get("scored") else "▫️"
    return f"{mark} {myth.get('a_name')} & {myth.get('b_name')} (+{myth.get('points')})"


def name_of(view: View, cid: str) -> str:
    return str((view.get("constellations") or {}).get(cid, {}).get("name", cid))


def me(view: View) -> dict[str, Any]:
    return view["players"][view["you"]]


def place_code(pool: int, stars: dict[str, int]) -> str:
    return f"{pool}{stars.get('red', 0)}{stars.get('blue', 0)}{stars.get('yellow', 0)}"


def parse_place(code: str) -> tuple[int, dict[str, int]]:
    return int(code[0]), {c: int(code[i + 1]) for i, c in enumerate(COLOURS)}


class StarryNightSkyPresenter(Presenter):
    slug = SLUG
    rules_summary = RULES

    @property
    def dynamic_items(self) -> tuple[type[discord.ui.DynamicItem[Any]], ...]:  # type: ignore[override]
        return (SnsPick, SnsDo, SnsBack)

    # -------------------------------------------------------------- public

    def progress(self, view: View, names: list[str]) -> str:
        turn = view.get("turn")
        if view["phase"] == "over" or not turn:
            return "The night is over."
        line = f"{names[turn['seat']]} is {STEP_TEXT.get(turn['step'], 'playing')}"
        if turn.get("points"):
            line += f" · {turn['points']} point{'s' if turn['points'] != 1 else ''} so far this turn"
        if turn.get("log"):
            line += f"\nLatest: {fill(turn['log'][-1], names)}"
        return line[:2000]

    def _headline(self, view: View, names: list[str]) -> str:
        night = view["night"]
        track = (f"Night Track: {len(night)} marker{'s' if len(night) != 1 else ''} left"
                 if night else f"Dawn has come: last round ({view['dawn_left']} Dawn markers left)")
        scores = " · ".join(f"{names[p['seat']]} {p['score']['total']}" for p in view["players"])
        return f"{track}\nScores: {scores}"

    def step_message(self, view: View, names: list[str], game_id: int) -> Outgoing:
        from bot.components import OpenPanelButton

        seat = view["current"]
        text = (f"It's **{names[seat]}**'s turn: their panel is in their DMs "
                f"(or press **Open my panel**).\n{self._headline(view, names)}")
        return Outgoing(text, f"{TITLE} · Round {view['round']}", partial(art.board_png, view, names),
                        "board.png", [OpenPanelButton(game_id)], footer=self.progress(view, names))

    def board(self, view: View, names: list[str]) -> Outgoing:
        if view["phase"] == "over":
            return self.results(view, names)
        text = f"{self.progress(view, names)}\n{self._headline(view, names)}"
        if view.get("last_summary"):
            text += "\nLast turn: " + fill(view["last_summary"], names)
        return Outgoing(text, f"{TITLE} · Round {view['round']}", partial(art.board_png, view, names),
                        "board.png")

    def sheet(self, view: View, names: list[str], seat: int) -> Outgoing:
        player = view["players"][seat]
        score = player["score"]
        lines = [f"**{score['total']} points** (discovery {score['discovery']}, stars {score['stars']}, "
                 f"goals {score['goals']}, myths {score['myths']})",
                 f"Star pools: {pools_text(player['pools'])}"]
        lines += [f"Goal ({g['points']}): {g['text']}" for g in player["goals"]] or ["No goal cards held."]
        if view.get("you") == seat:
            lines.append("Your Myth cards:" if view["phase"] == "over" else
                         "Your Myth cards (secret until the end; ✅ = both constellations mapped now):")
            lines += [myth_text(m) for m in view.get("my_myths") or []]
        elif view.get("myths"):
            lines += [myth_text(m) for m in view["myths"][seat]]
        else:
            lines.append(f"{player['myth_count']} Myth cards, hidden until the end.")
        return Outgoing("\n".join(lines), f"{names[seat]}'s sheet", partial(art.sheet_png, view, names, seat),
                        "sheet.png")

    def results(self, view: View, names: list[str]) -> Outgoing:
        outcome = view["outcome"]
        winners = " and ".join(f"**{names[s]}**" for s in outcome["winners"])
        verb = "share the win" if len(outcome["winners"]) > 1 else "wins"
        ranking = sorted(range(len(names)), key=lambda s: -outcome["scores"][s])
        lines = [f"{winners} {verb}! The Myth cards are revealed:"]
        top = outcome["scores"][outcome["winners"][0]] if outcome["winners"] else None
        if len(outcome["winners"]) == 1 and outcome["scores"].count(top) > 1:
            lines[0] = f"{winners} {verb} on Myth points after a tie! The Myth cards are revealed:"
        for s in ranking:
            part = outcome["breakdown"][s]
            lines.append(f"**{names[s]}: {outcome['scores'][s]}** (discovery {part['discovery']}, stars "
                         f"{part['stars']}, goals {part['goals']}, myths {part['myths']})")
            lines += [f"  {myth_text(m)}" for m in (view.get("myths") or [[]] * len(names))[s]]
        if view.get("ended_by") == "stall":
            lines.append("The night ended early: a whole round passed in which nobody could play.")
        return Outgoing("\n".join(lines)[:4000], f"{TITLE} · Final results",
                        partial(art.results_png, view, names), "results.png")

    # -------------------------------------------------------------- private panel

    def panel(self, view: View, names: list[str], game_id: int, *, pick: tuple[str, str] | None = None,
              ) -> Outgoing:
        """The seat's panel. ``pick`` is a choice looked at but not confirmed yet:
        ``("dest", cid)``, ``("place", code)`` or ``("trade", "goal.colour")``."""
        player = me(view)
        head = f"{TITLE} · Round {view['round']}"
        lines = [f"Your pools: {pools_text(player['pools'])} · **{player['score']['total']} points**"]
        if player["goals"]:
            lines += [f"Goal ({g['points']}): {g['text']}" for g in player["goals"]]
        lines.append("Myth cards (secret; ✅ = both mapped now): "
                     + "; ".join(myth_text(m) for m in view["my_myths"]))
        choice = view.get("choice")
        render = partial(art.panel_png, view, names)
        if choice is None:
            if view["phase"] == "over":
                return Outgoing("The night is over: see the results in the game thread.", head)
            lines.insert(0, f"Not your turn: {self.progress(view, names)}")
            return Outgoing("\n".join(lines), head, render, "panel.png")
        dec = view["decision"]
        done = (view.get("turn") or {}).get("log") or []
        if done:
            lines.insert(0, "This turn so far: " + " ".join(fill(line, names) for line in done))
        stage, items, pick_render = self._stage(view, names, game_id, dec, choice, pick)
        if pick_render is not None:
            render = pick_render
        return Outgoing("\n".join([stage, "", *lines])[:4000], head, render, "panel.png", items[:25])

    def _stage(self, view: View, names: list[str], game_id: int, dec: int, choice: dict[str, Any],
               pick: tuple[str, str] | None) -> tuple[str, list[discord.ui.Item[Any]], Any]:
        """Words, components and (optionally) a preview image for the current sub-step."""
        kind = choice["kind"]
        items: list[discord.ui.Item[Any]] = []
        if pick is not None and pick[0] == "trade":
            return self._trade_pools(view, game_id, dec, pick[1])
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
                return text, [skip, *self._trade_select(view, game_id, dec, helps=choice["helps"])], None
            dests = {d["to"]: d for d in choice["destinations"]}
            if pick is not None and pick[1] in dests:
                dest = dests[pick[1]]
                text = bonus + f"Move to **{dest['name']}**? {describe_destination(view, dest)}"
                items = [SnsDo(game_id, dec, "mv", dest["to"], label=f"Move to {dest['name']}"[:80]),
                         SnsBack(game_id, dec)]
                return text, items, partial(art.panel_png, view, names, picked=dest["to"])
            text = bonus + "Pick a ringed constellation to move your telescope to."
            items = destination_selects(view, game_id, dec, choice["destinations"])
            return text, items + self._trade_select(view, game_id, dec), None
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
                return text, items + self._trade_select(view, game_id, dec), render
            text = (bonus + f"You are at **{choice['name']}** (empty spots: {empty}). Choose ONE pool and "
                    "the stars to place from it.")
            if view.get("bonus_available") and not choice["bonus"]:
                text += "\nIt already had stars, so a **bonus exploration** follows this placement."
            items = placement_selects(game_id, dec, options) + self._trade_select(view, game_id, dec)
            return text, items, None
        text = "**Almost done.** Trade a goal for a star if you like, then end your turn."
        items = [SnsDo(game_id, dec, "end", "-", label="End my turn")]
        return text, items + self._trade_select(view, game_id, dec), None

    def _trade_select(self, view: View, game_id: int, dec: int,
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

    def _trade_pools(self, view: View, game_id: int, dec: int,
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


def describe_destination(view: View, dest: dict[str, Any]) -> str:
    bits = []
    if dest["discovery"]:
        bits.append(f"You discover it: **+{dest['points']}**." if dest["points"] else "You discover it (no "
                    "marker left to score).")
    else:
        bits.append("It already has stars, so a bonus exploration follows." if not view["choice"]["bonus"]
                    else "Partly mapped already.")
    if dest["skips"]:
        bits.append("Passing over " + ", ".join("START" if s == view["start"] else name_of(view, s)
                                                for s in dest["skips"]) + ".")
    fits = [f"pool {p['pool'] + 1}: up to {counts_text(p['max'])}" for p in dest["pools"]]
    bits.append("Fits " + "; ".join(fits) + ".")
    return " ".join(bits)


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


# ------------------------------------------------------------------ components

class SnsPick(discord.ui.DynamicItem[discord.ui.Select[Any]],
              template=r"sns:pick:(?P<game>\d+):(?P<dec>\d+):(?P<what>dest|place|trade):(?P<page>\d)"):
    """A select inside a panel: picking only shows the choice with its confirm button."""

    def __init__(self, game_id: int, decision: int, what: str, page: int,
                 options: list[discord.SelectOption] | None = None, placeholder: str | None = None) -> None:
        super().__init__(discord.ui.Select(
            placeholder=placeholder, options=options or [discord.SelectOption(label="-", value="-")],
            custom_id=f"sns:pick:{game_id}:{decision}:{what}:{page}"))
        self.game_id, self.decision, self.what = game_id, decision, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> SnsPick:
        return cls(int(match["game"]), int(match["dec"]), match["what"], int(match["page"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        picked = str((interaction.data or {}).get("values", ["-"])[0])
        await interaction.response.defer()
        found = await seat_view(interaction, self.game_id, self.decision)
        if found is None:
            return
        view, names = found
        if view.get("choice") is None:
            await refuse(interaction, "It isn't your turn any more.")
            return
        out = StarryNightSkyPresenter().panel(view, names, self.game_id, pick=(self.what, picked))
        await edit_panel(interaction, out)


SnsBack = back_button("sns", lambda *found: StarryNightSkyPresenter().panel(*found))
"""Back to the first stage of the current choice."""


class SnsDo(discord.ui.DynamicItem[discord.ui.Button[Any]],
            template=r"sns:do:(?P<game>\d+):(?P<dec>\d+):(?P<kind>as|mv|pl|tr|end):(?P<arg>[a-z0-9.\-]{1,40})"):
    """A button that plays one sub-action of the turn, then shows the next step in place."""

    def __init__(self, game_id: int, decision: int, kind: str, arg: str, label: str | None = None) -> None:
        style = discord.ButtonStyle.primary if kind == "as" else discord.ButtonStyle.success
        super().__init__(discord.ui.Button(label=label or kind, style=style,
                                           custom_id=f"sns:do:{game_id}:{decision}:{kind}:{arg}"))
        self.game_id, self.decision, self.kind, self.arg = game_id, decision, kind, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> SnsDo:
        return cls(int(match["game"]), int(match["dec"]), match["kind"], match["arg"])

    def action(self) -> dict[str, Any]:
        if self.kind == "as":
            return {"kind": "assign", "pools": [int(ch) for ch in self.arg]}
        if self.kind == "mv":
            return {"kind": "move", "to": self.arg}
        if self.kind == "pl":
            pool, stars = parse_place(self.arg)
            return {"kind": "place", "pool": pool, "stars": stars}
        if self.kind == "tr":
            goal, colour, pool = self.arg.split(".")
            return {"kind": "trade", "goal": goal, "colour": colour, "pool": int(pool)}
        return {"kind": "end"}

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        record = await service_of(interaction).perform(interaction, self.game_id, self.action(),
                                                       decision=self.decision)
        if record is None:
            return
        seat = record.seat_of(interaction.user.id)
        game = get_game(record.game)
        presenter = StarryNightSkyPresenter()
        if seat is None:
            return
        view = game.view(record.state, seat)
        if record.status == "active" and view.get("choice") is not None \
                and game.decision_id(record.state) == self.decision:
            await edit_panel(interaction, presenter.panel(view, record.names, self.game_id))
            return
        summary = (view.get("last_summary") or "").format(*record.names)
        done = "Your turn is over." + (f"\n{summary}" if summary else "")
        if record.status == "active":
            done += "\nYour next panel will arrive when it's your turn again."
        await edit_panel(interaction, Outgoing(done, f"{TITLE} · Round {view['round']}"))
