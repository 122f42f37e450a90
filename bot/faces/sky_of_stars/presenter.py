"""A Sky of Stars on Discord: public step messages, private panels and their components.

Panels are stateless: what a player has picked so far (a from-star, a target) travels in the
custom_id of the next component, so a panel keeps working across restarts. Discord selects
hold at most 25 options, so star lists are split by vault half (columns A–D and E–H, 24 stars
each at most).
"""

from __future__ import annotations

import logging
import re
from functools import partial
from typing import Any

import discord

from bot.components import back_button, guarded, seat_view, service_of
from bot.faces.base import Presenter
from bot.faces.sky_of_stars.art import images as art
from bot.games import get_game
from bot.games.base import View
from bot.games.sky_of_stars.components import load_vault
from bot.outgoing import Outgoing, edit_panel, refuse

log = logging.getLogger(__name__)

SLUG = "sky-of-stars"
FACE_TEXT = {
    "four": "a four-pointed star",
    "five": "a five-pointed star",
    "eight": "an eight-pointed star",
    "any": "the question mark (any star)",
    "swirl": "the swirl",
}
SHAPE_TEXT = {"four": "4-point", "five": "5-point", "eight": "8-point"}
HALVES = {"a": "ABCD", "b": "EFGH"}
HALF_NAMES = {"a": "columns A–D", "b": "columns E–H"}

RULES = """\
**A Sky of Stars** (3–6 players, about 20 minutes)
Every round a card with five words is turned up and each of you secretly gets a number from 1 to 5: \
that is the word you must draw as a constellation on your own star vault.
• Pick a starting star that none of your earlier constellations used.
• The bot rolls the Star Die for everyone. A star shape means: connect one star of your \
constellation to a fresh star of that shape. The **?** lets you connect to any fresh star. \
The **swirl** means: cross out one unused star on the vault of the player to your left.
• A line may not run over another star (crossed-out ones don't count) and may not cut a line \
of one of your earlier constellations. No legal line? You sit that roll out.
• Anyone may press **STOP**: after the current roll, everyone else gets one last optional line.
• Then each drawing is shown in turn and the others guess its number in secret.
**Points** each round: one per player who guessed your drawing, one per drawing you guessed, \
and a bonus point if everybody guessed yours. After three rounds, whoever used the most stars \
of a colour gets 1 more point for it (ties all get it). Ties on points go to the most bonus \
boxes, then the most colour points; after that the win is shared."""


def star_description(label: str) -> str:
    vault = load_vault()
    star = vault.stars[vault.index[label]]
    return f"{SHAPE_TEXT[star.shape.value]} {star.colour.value}"


def names_list(seats: list[int], names: list[str]) -> str:
    return ", ".join(names[s] for s in seats) or "nobody"


class SkyOfStarsPresenter(Presenter):
    slug = SLUG
    rules_summary = RULES

    @property
    def dynamic_items(self) -> tuple[type[discord.ui.DynamicItem[Any]], ...]:  # type: ignore[override]
        return (SkyPick, SkyDo, SkyBack, SkyType)

    # -------------------------------------------------------------- public

    def progress(self, view: View, names: list[str]) -> str:
        locked, waiting = view["locked"], view["waiting"]
        line = f"{len(locked)} of {len(locked) + len(waiting)} locked in"
        if view.get("skipped"):
            line += f" · sitting out: {names_list(view['skipped'], names)}"
        return line

    def step_message(self, view: View, names: list[str], game_id: int) -> Outgoing:
        from bot.components import OpenPanelButton

        phase, dec = view["phase"], view["decision"]
        title = f"A Sky of Stars · Round {view['round']}/{view['rounds']}"
        items: list[discord.ui.Item[Any]] = [OpenPanelButton(game_id)]
        if phase == "guess":
            artist = view["guess"]["artist"]
            words = "\n".join(f"**{i}.** {w}" for i, w in enumerate(view["card"], 1))
            text = (f"Which word did **{names[artist]}** draw? Everyone else: pick a number "
                    f"below, in secret. You have {view['guess']['countdown']} seconds.\n{words}")
            items = [SkyDo(game_id, dec, "guess", str(n), "t") for n in range(1, 6)]
            render = partial(art.drawing_png, view, names, artist, view["round"])
            return Outgoing(text, title, render, "drawing.png", items, footer=self.progress(view, names))
        if phase == "start":
            text = ("A new card is up. Check your panel for your secret word, then pick a "
                    "starting star.")
        elif phase == "final":
            caller = view["stop_by"]
            who = f"**{names[caller]}** called STOP. " if caller is not None else "The drawing is over. "
            text = who + "Everyone else may draw one last line to any fresh star, or skip it."
        else:
            face = view["roll"]["face"]
            text = f"Roll {view['roll']['count']}: the die shows **{FACE_TEXT[face]}**. "
            text += ("Cross out a star on your left neighbour's vault in your panel." if face == "swirl"
                     else "Draw your line in your panel.")
            if view["stop_by"] is None:
                items.append(SkyDo(game_id, dec, "stop", "-", "t"))
            else:
                text += f"\n**{names[view['stop_by']]}** called STOP: this is the last roll."
        return Outgoing(text, title, partial(art.table_png, view, names), "table.png", items,
                        footer=self.progress(view, names))

    def board(self, view: View, names: list[str]) -> Outgoing:
        phase = view["phase"]
        if phase == "over":
            return self.results(view, names)
        text = f"Phase: **{phase}** · {self.progress(view, names)}"
        if view["waiting"]:
            text += f"\nWaiting for: {names_list(view['waiting'], names)}"
        return Outgoing(text, f"A Sky of Stars · Round {view['round']}/{view['rounds']}",
                        partial(art.table_png, view, names), "table.png")

    def sheet(self, view: View, names: list[str], seat: int) -> Outgoing:
        if view.get("you") == seat:
            return Outgoing("Your vault, as only you see it.", f"{names[seat]}'s vault",
                            partial(art.vault_png, view, names), "vault.png")
        shown = [d for d in view["drawings"] if d["seat"] == seat]
        if not shown:
            return Outgoing(f"None of {names[seat]}'s constellations has been revealed yet.",
                            f"{names[seat]}'s vault")
        latest = shown[-1]
        return Outgoing(f"{names[seat]}'s revealed constellations.", f"{names[seat]}'s vault",
                        partial(art.drawing_png, view, names, seat, latest["round"]), "vault.png")

    def results(self, view: View, names: list[str]) -> Outgoing:
        outcome = view["outcome"]
        winners = " and ".join(f"**{names[s]}**" for s in outcome["winners"])
        verb = "win" if len(outcome["winners"]) > 1 else "wins"
        ranking = sorted(range(len(names)), key=lambda s: -outcome["scores"][s])
        lines = [f"{names[s]}: {outcome['scores'][s]}" for s in ranking]
        return Outgoing(f"{winners} {verb}!\n" + "\n".join(lines), "A Sky of Stars · Final results",
                        partial(art.results_png, view, names), "results.png")

    # -------------------------------------------------------------- private panel

    def panel(self, view: View, names: list[str], game_id: int, *, picked_from: str | None = None,
              picked: str | None = None) -> Outgoing:
        """The seat's panel; ``picked_from``/``picked`` are the choices made so far in it."""
        head = f"A Sky of Stars · Round {view['round']}/{view['rounds']}"
        secret = view.get("secret")
        lines = [f"Your word: **#{secret['number']} {secret['word']}**"] if secret else []
        choice = view.get("choice")
        dec = view["decision"]
        items: list[discord.ui.Item[Any]] = []
        render = partial(art.vault_png, view, names)
        if choice is None:
            lines.append("Nothing to do right now: " + self.progress(view, names) + ".")
            if view["phase"] == "over":
                lines = ["The game is over: see the results in the game thread."]
        elif choice["kind"] == "guess":
            artist = choice["artist"]
            lines.append(f"Which word did **{names[artist]}** draw?")
            lines += [f"**{i}.** {w}" for i, w in enumerate(view["card"], 1)]
            items = [SkyDo(game_id, dec, "guess", str(n), "p") for n in choice["numbers"]]
            render = partial(art.drawing_png, view, names, artist, view["round"])
        elif choice["kind"] == "start":
            lines.append("Pick your starting star.")
            items, render = self._pick_or_confirm(view, names, game_id, "start", choice["stars"], picked,
                                                  confirm=lambda s: f"Start at {s}")
        elif choice["kind"] == "cancel":
            target = names[choice["target"]]
            lines.append(f"Swirl! Cross out one unused star on **{target}**'s vault.")
            items, render = self._pick_or_confirm(view, names, game_id, "cancel", choice["stars"], picked,
                                                  confirm=lambda s: f"Cross out {s}")
            if picked is None:
                render = partial(art.cancel_target_png, view, names)
        else:
            items, render, text = self._stroke_stage(view, names, game_id, choice, picked_from, picked)
            lines.append(text)
        if choice is not None and choice["kind"] != "guess" and view.get("can_stop"):
            items.append(SkyDo(game_id, dec, "stop", "-", "p"))
        return Outgoing("\n".join(lines), head, render, "vault.png", items[:25])

    def _pick_or_confirm(self, view: View, names: list[str], game_id: int, stage: str,
                         stars: list[str], picked: str | None, *, confirm: Any,
                         ) -> tuple[list[discord.ui.Item[Any]], Any]:
        dec = view["decision"]
        if picked is None:
            return pick_selects(game_id, dec, stage, stars), partial(art.vault_png, view, names)
        kind = "start" if stage == "start" else "cancel"
        items: list[discord.ui.Item[Any]] = [SkyDo(game_id, dec, kind, picked, "p", label=confirm(picked)),
                                             SkyBack(game_id, dec)]
        render = partial(art.vault_png, view, names, preview=(picked, picked))
        if stage == "cancel":
            render = partial(art.cancel_target_png, view, names, preview=picked)
        return items, render

    def _stroke_stage(self, view: View, names: list[str], game_id: int, choice: dict[str, Any],
                      picked_from: str | None, picked: str | None) -> tuple[list[Any], Any, str]:
        dec = view["decision"]
        moves: dict[str, list[str]] = choice["moves"]
        optional = choice.get("optional", False)
        if picked_from is None and len(moves) == 1:
            picked_from = next(iter(moves))
        items: list[discord.ui.Item[Any]] = []
        render = partial(art.vault_png, view, names)
        if picked_from is None:
            text = "Pick the star of your constellation to draw from."
            items = pick_selects(game_id, dec, "from", list(moves))
        elif picked is None:
            text = f"Drawing from **{picked_from}**. Pick the star to connect it to."
            items = pick_selects(game_id, dec, f"to.{picked_from}", moves.get(picked_from, []))
            if len(moves) > 1:
                items.append(SkyBack(game_id, dec))
        else:
            text = f"Draw **{picked_from} → {picked}**? The dashed line shows it."
            items = [SkyDo(game_id, dec, "stroke", f"{picked_from}-{picked}", "p",
                           label=f"Draw {picked_from} → {picked}"), SkyBack(game_id, dec)]
            render = partial(art.vault_png, view, names, preview=(picked_from, picked))
        if picked is None:
            items.append(SkyType(game_id, dec))
        if optional:
            text = "Last line (optional). " + text
            items.append(SkyDo(game_id, dec, "pass", "-", "p"))
        return items, render, text


def pick_selects(game_id: int, decision: int, stage: str, stars: list[str]) -> list[discord.ui.Item[Any]]:
    """One select per vault half that has candidates (each ≤ 24 options, under Discord's 25)."""
    selects: list[discord.ui.Item[Any]] = []
    for half, columns in HALVES.items():
        options = sorted(s for s in stars if s[0] in columns)
        if options:
            selects.append(SkyPick(game_id, decision, stage, half, options))
    return selects


def offered_stars(choice: dict[str, Any], stage: str) -> list[str]:
    """The stars a picker of ``stage`` offers for this choice (what ``pick_selects`` listed)."""
    if choice["kind"] != "stroke" or stage in {"start", "cancel"}:
        return choice.get("stars", []) if choice["kind"] == stage else []
    return list(choice["moves"]) if stage == "from" else choice["moves"].get(stage[3:], [])


class SkyPick(discord.ui.DynamicItem[discord.ui.Select[Any]],
              template=r"sky:pick:(?P<game>\d+):(?P<dec>\d+):(?P<stage>start|from|cancel|to\.[A-H][1-6]):"
                       r"(?P<half>[ab])"):
    """A star picker inside a panel; picking only moves the panel on, nothing is played yet."""

    def __init__(self, game_id: int, decision: int, stage: str, half: str,
                 options: list[str] | None = None) -> None:
        choices = [discord.SelectOption(label=s, value=s, description=star_description(s))
                   for s in (options or [])] or [discord.SelectOption(label="-", value="-")]
        verb = {"start": "starting star", "from": "star to draw from", "cancel": "star to cross out"}
        placeholder = f"Pick a {verb.get(stage, 'star to connect to')} ({HALF_NAMES[half]})"
        super().__init__(discord.ui.Select(
            placeholder=placeholder, options=choices[:25],
            custom_id=f"sky:pick:{game_id}:{decision}:{stage}:{half}"))
        self.game_id, self.decision, self.stage = game_id, decision, stage

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> SkyPick:
        return cls(int(match["game"]), int(match["dec"]), match["stage"], match["half"])

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        picked = (interaction.data or {}).get("values", [None])[0]
        await interaction.response.defer()
        found = await seat_view(interaction, self.game_id, self.decision)
        if found is None:
            return
        presenter = SkyOfStarsPresenter()
        view, names = found
        choice = view.get("choice") or {}
        if choice.get("kind") not in {"start", "stroke", "cancel"}:
            await refuse(interaction, "There's nothing to pick right now: your choice is already in.")
            return
        if picked not in offered_stars(choice, self.stage):  # a value the menu never had
            await refuse(interaction, "That star isn't one you can pick here. Choose one from the menu.")
            return
        if self.stage == "from":
            out = presenter.panel(view, names, self.game_id, picked_from=picked)
        elif self.stage.startswith("to."):
            out = presenter.panel(view, names, self.game_id, picked_from=self.stage[3:], picked=picked)
        else:
            out = presenter.panel(view, names, self.game_id, picked=picked)
        await edit_panel(interaction, out)


SkyBack = back_button("sky", lambda *found: SkyOfStarsPresenter().panel(*found))
"""Back to the first stage of the current choice."""


class SkyType(discord.ui.DynamicItem[discord.ui.Button[Any]],
              template=r"sky:type:(?P<game>\d+):(?P<dec>\d+)"):
    """Opens a form to type a line as two star labels, for players who know their vault."""

    def __init__(self, game_id: int, decision: int) -> None:
        super().__init__(discord.ui.Button(label="Type a line", emoji="⌨️",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"sky:type:{game_id}:{decision}"))
        self.game_id, self.decision = game_id, decision

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> SkyType:
        return cls(int(match["game"]), int(match["dec"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(StrokeForm(self.game_id, self.decision))


class StrokeForm(discord.ui.Modal, title="Draw a line"):
    line: discord.ui.TextInput[StrokeForm] = discord.ui.TextInput(
        label="From and to, e.g. C4 D5", placeholder="C4 D5", min_length=4, max_length=12,
        custom_id="line")

    def __init__(self, game_id: int, decision: int) -> None:
        super().__init__(custom_id=f"sky:form:{game_id}:{decision}", timeout=600)
        self.game_id, self.decision = game_id, decision

    @guarded
    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        labels = re.findall(r"[A-Ha-h][1-6]", self.line.value)
        if len(labels) != 2:
            await refuse(interaction, "Type two star labels, like `C4 D5` (columns A–H, rows 1–6).")
            return
        start, end = (label.upper() for label in labels)
        record = await service_of(interaction).perform(
            interaction, self.game_id, {"kind": "stroke", "from": start, "to": end}, decision=self.decision)
        if record is not None:
            await interaction.followup.send(f"Line **{start} → {end}** drawn.", ephemeral=True)


DO_LABELS = {"stop": "STOP", "pass": "Skip my last line"}


class SkyDo(discord.ui.DynamicItem[discord.ui.Button[Any]],
            template=r"sky:do:(?P<game>\d+):(?P<dec>\d+):(?P<kind>start|stroke|cancel|stop|pass|guess):"
                     r"(?P<arg>[A-H1-6\-]{1,5}):(?P<src>[pt])"):
    """A button that plays an action. ``src`` says whether it sits on a panel or in the thread."""

    def __init__(self, game_id: int, decision: int, kind: str, arg: str, src: str,
                 label: str | None = None) -> None:
        style = {"stop": discord.ButtonStyle.danger, "pass": discord.ButtonStyle.secondary}.get(
            kind, discord.ButtonStyle.success if kind != "guess" else discord.ButtonStyle.primary)
        super().__init__(discord.ui.Button(
            label=label or DO_LABELS.get(kind, arg), style=style,
            custom_id=f"sky:do:{game_id}:{decision}:{kind}:{arg}:{src}"))
        self.game_id, self.decision, self.kind, self.arg, self.src = game_id, decision, kind, arg, src

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> SkyDo:
        return cls(int(match["game"]), int(match["dec"]), match["kind"], match["arg"], match["src"])

    def action(self) -> dict[str, Any]:
        if self.kind == "stroke":
            start, _, end = self.arg.partition("-")
            return {"kind": "stroke", "from": start, "to": end}
        if self.kind in {"start", "cancel"}:
            return {"kind": self.kind, "star": self.arg}
        if self.kind == "guess":
            return {"kind": "guess", "number": int(self.arg)}
        return {"kind": self.kind}

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        on_panel = self.src == "p"
        if on_panel:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        service = service_of(interaction)
        record = await service.perform(interaction, self.game_id, self.action(), decision=self.decision)
        if record is None:
            return
        seat = record.seat_of(interaction.user.id)
        done = {
            "start": f"Starting star **{self.arg}** circled.",
            "stroke": f"Line **{self.arg.replace('-', ' → ')}** drawn.",
            "cancel": f"Star **{self.arg}** will be crossed out when everyone has chosen.",
            "stop": "You called **STOP**. This roll is the last one.",
            "pass": "You skipped your last line.",
            "guess": f"Your guess, **#{self.arg}**, is locked in.",
        }[self.kind]
        if not on_panel:
            await interaction.followup.send(done, ephemeral=True)
            return
        view = get_game(record.game).view(record.state, seat)
        out = Outgoing(done + " Your next panel will arrive when it's your move.",
                       f"A Sky of Stars · Round {view['round']}/{view['rounds']}",
                       partial(art.vault_png, view, record.names), "vault.png")
        if view["phase"] == "guess" or view["phase"] == "over":
            out.render = None
        await edit_panel(interaction, out)
