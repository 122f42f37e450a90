"""Star Gazers on Discord: public step messages, private turn panels and their components.

A turn is an engine draft: every sub-action (pick, tile, token, bonus, shuttle effect) changes
only the draft, ``undo`` throws it away and ``confirm`` makes it final, all inside one decision
id, so each click edits the panel in place. Two choices are only previewed before they are
sent: a tile's square and rotation, and a tile move. Their preview is the engine's own result
(``game.apply`` on the stored state, shown from the seat's view), so the picture can never
disagree with the rules. What a player is looking at travels in the custom_id (``sg:`` then
game id, decision id and a short code), so panels survive restarts.
"""

from __future__ import annotations

import logging
import re
from functools import partial
from typing import Any

import discord

from bot.components import guarded, service_of
from bot.faces.base import Presenter
from bot.faces.star_gazers.art import images as art
from bot.faces.star_gazers.art.cards import card_words
from bot.faces.star_gazers.art.parts import square_name
from bot.games import get_game
from bot.games.base import IllegalAction, View
from bot.outgoing import Outgoing, edit_panel, refuse

log = logging.getLogger(__name__)

SLUG = "star-gazers"
TITLE = "Star Gazers"
KINDS = {
    "shuttle": "Space Shuttle",
    "photo": "Photo",
    "black_hole": "Black Hole",
    "star": "Star",
    "sun": "Sun",
    "meteor": "Meteor",
    "moon": "Moon",
    "comet": "Comet",
    "station": "Space Station",
}
HALF = {
    "star": "½ Star",
    "wild": "½ any planet",
    "ringed": "½ ringed planet",
    "banded": "½ banded planet",
    "cratered": "½ cratered planet",
    "icy": "½ icy planet",
}
BONUS_WORDS = {
    "gain": "take a bonus token",
    "move_token": "move a token",
    "move_tile": "move a tile",
    "journal": "take a Journal card",
}

RULES = """\
**Star Gazers** (2–4 players, about 40 minutes)
You fill a 4 × 4 Mural of Galaxy tiles, drafting one square of the Universe board per turn.
• At the start you are dealt two secret Journal cards and keep one.
• On your turn take the tile **and** the token of one Universe square, and place both in either \
order. The tile goes on any empty square of your Mural, turned as you like; the token on a square \
without a round token, in your Reserve (two spaces), or, for a Space Shuttle, on a Shuttle space \
of your Journal board for its bonus (a bonus token, move a token, move a tile once, or a new \
Journal card). A Black Hole goes on top of another round token. Reserve tokens can be played at \
any moment of your turn.
• Half Planets and half Stars on tile edges complete when matching halves touch (a wild half \
matches any planet half; two wild halves may never be placed side by side).
• Whoever takes the last square of a round also takes one round and one hexagonal bonus token.
• Nothing is final until you press **Confirm**; **Undo** starts your turn again.
**Points** at the end: photos of different events (1/2/5/8/12), Telescopes on completed Journal \
cards (3 each), Stars placed like a Constellation card (any rotation), 1 per Comet, Meteor, Moon \
and Space Station, 2 per Black Hole and completed Planet. Ties go to the most Telescopes."""


# --- action codes: a few characters each, so custom_ids stay short ----------------------------
def encode(action: dict[str, Any]) -> str:
    kind = action["kind"]
    if kind == "pick":
        return f"p{action['square']}"
    if kind in {"bonus", "gain"}:
        return f"{kind[0]}{action['type']}"
    if kind == "tile":
        return f"t{action['cell']}.{action['rotation']}"
    if kind == "token":
        target = action["target"]
        arg = action.get("cell", action.get("space", ""))
        return f"k{target[0]}{arg}"
    if kind == "reserve":
        return f"r{action['index']}"
    if kind == "first":
        return f"x{action['piece']}"
    if kind == "move_token":
        return f"o{action['from']}.{action['to']}"
    if kind == "move_tile":
        swap = action.get("swap_rotation")
        return f"l{action['from']}.{action['to']}.{action['rotation']}.{'x' if swap is None else swap}"
    if kind in {"take_journal", "keep"}:
        return ("j" if kind == "take_journal" else "K") + action["card"]
    return {"skip": "s", "undo": "u", "confirm": "c"}[kind]


TARGETS = {"c": "cell", "r": "reserve", "s": "shuttle", "d": "discard"}


def decode(code: str) -> dict[str, Any]:
    head, rest = code[:1], code[1:]
    nums = [int(n) if n.isdigit() else None for n in rest.split(".")] if rest else []
    if head == "p":
        return {"kind": "pick", "square": nums[0]}
    if head in {"b", "g"}:
        return {"kind": "bonus" if head == "b" else "gain", "type": rest}
    if head == "t":
        return {"kind": "tile", "cell": nums[0], "rotation": nums[1]}
    if head == "k":
        action: dict[str, Any] = {"kind": "token", "target": TARGETS[rest[0]]}
        if rest[0] == "c":
            action["cell"] = int(rest[1:])
        elif rest[0] == "s":
            action["space"] = int(rest[1:])
        return action
    if head == "r":
        return {"kind": "reserve", "index": nums[0]}
    if head == "x":
        return {"kind": "first", "piece": nums[0]}
    if head == "o":
        return {"kind": "move_token", "from": nums[0], "to": nums[1]}
    if head == "l":
        return {
            "kind": "move_tile",
            "from": nums[0],
            "to": nums[1],
            "rotation": nums[2],
            "swap_rotation": nums[3],
        }
    if head in {"j", "K"}:
        return {"kind": "take_journal" if head == "j" else "keep", "card": rest}
    return {"kind": {"s": "skip", "u": "undo", "c": "confirm"}[head]}


# --- words --------------------------------------------------------------------------------
def token_words(token: Any) -> str:
    if not isinstance(token, dict):
        return "nothing"
    name = KINDS.get(token.get("kind"), str(token.get("kind")))
    if token.get("kind") == "photo" and token.get("event"):
        name += f" ({token['event']})"
    return ("bonus " if token.get("bonus") else "") + name


def tile_words(tile: dict[str, Any]) -> str:
    printed = [KINDS.get(i, i) for i in tile.get("icons", [])]
    halves = [HALF.get(e, e) for e in tile.get("edges", []) if e]
    return ", ".join(printed + halves) or "empty tile"


def round_line(view: View) -> str:
    if view["phase"] == "journal":
        return "Setup"
    if view["phase"] == "over":
        return "Game over"
    return f"Round {view['round']}/{view['rounds']} · pick {view['pick']}/{view['picks_per_round']}"


class StarGazersPresenter(Presenter):
    slug = SLUG
    rules_summary = RULES

    @property
    def dynamic_items(self) -> tuple[type[discord.ui.DynamicItem[Any]], ...]:  # type: ignore[override]
        return (SgDo, SgSelect, SgStage)

    # -------------------------------------------------------------- public
    def progress(self, view: View, names: list[str]) -> str:
        if view["phase"] == "journal":
            waiting = view["waiting"]
            return f"{view['seats'] - len(waiting)} of {view['seats']} have kept a Journal card"
        if view["phase"] == "over":
            return "Game over"
        return f"{names[view['turn']]} is choosing (nothing is final until they confirm)"

    def step_message(self, view: View, names: list[str], game_id: int) -> Outgoing:
        from bot.components import OpenPanelButton

        title = f"{TITLE} · {round_line(view)}"
        if view["phase"] == "journal":
            text = (
                "Each of you was dealt two secret Journal cards: keep one in your panel. "
                "The Universe board and the two Constellations are below."
            )
        else:
            seat = view["turn"]
            text = f"**{names[seat]}**, your turn: take one square of the Universe board."
            if view["pick"] == view["picks_per_round"]:
                text += " It is the last square of the round, so it comes with two bonus tokens."
        return Outgoing(
            text,
            title,
            partial(art.board_png, art.public_only(view), names),
            "universe.png",
            [OpenPanelButton(game_id)],
            footer=self.progress(view, names),
        )

    def board(self, view: View, names: list[str]) -> Outgoing:
        if view["phase"] == "over":
            return self.results(view, names)
        return Outgoing(
            self.progress(view, names),
            f"{TITLE} · {round_line(view)}",
            partial(art.board_png, art.public_only(view), names),
            "universe.png",
        )

    def sheet(self, view: View, names: list[str], seat: int) -> Outgoing:
        player = view["players"][seat]
        lines = [f"{player['tiles']}/16 tiles · {player['score']['total']} points so far"]
        if view.get("you") == seat:
            lines.append("Your Journal (only you see this):")
            lines += [f"{'✅' if c['complete'] else '▫️'} {card_words(c)}" for c in view.get("journal") or []]
        elif view["phase"] == "over":
            lines += [f"{'✅' if c['complete'] else '▫️'} {card_words(c)}" for c in player["journal"] or []]
        else:
            lines.append(f"{player['journal_count']} Journal card(s), secret until the end.")
        shown = view if view.get("you") == seat else art.public_only(view)
        return Outgoing(
            "\n".join(lines),
            f"{names[seat]}'s Mural",
            partial(art.sheet_png, shown, names, seat),
            "mural.png",
        )

    def results(self, view: View, names: list[str]) -> Outgoing:
        outcome = view["outcome"]
        winners = " and ".join(f"**{names[s]}**" for s in outcome["winners"])
        verb = "win" if len(outcome["winners"]) > 1 else "wins"
        ranking = sorted(
            range(view["seats"]), key=lambda s: (s not in outcome["winners"], -outcome["scores"][s])
        )
        lines = [f"{winners} {verb}!"]
        for s in ranking:
            cards = view["players"][s]["journal"] or []
            done = sum(1 for c in cards if c["complete"])
            lines.append(
                f"**{names[s]}**: {outcome['scores'][s]} points · {done}/{len(cards)} Journal cards done"
            )
            lines += [f"  {'✅' if c['complete'] else '▫️'} {card_words(c)}" for c in cards]
        return Outgoing(
            "\n".join(lines)[:4000],
            f"{TITLE} · Final results",
            partial(art.results_png, art.public_only(view), names),
            "results.png",
        )

    # -------------------------------------------------------------- private panel
    def panel(
        self,
        view: View,
        names: list[str],
        game_id: int,
        *,
        stage: str | None = None,
        tentative: View | None = None,
        note: str | None = None,
    ) -> Outgoing:
        """The seat's panel. ``stage`` is a preview being looked at (``t<cell>.<rot>`` a tile
        placement, ``f<cell>`` a move's source, ``m<from>.<to>.<rot>.<rot|x>`` a tile move, or
        ``n…`` the same from the other tile's rotation buttons),
        ``tentative`` the seat view with it applied, ``note`` why it can't be played."""
        from bot.faces.star_gazers.panels import build_panel

        return build_panel(self, view, names, game_id, stage, tentative, note)


async def _refresh_after(interaction: discord.Interaction, record: Any, seat: int, decision: int) -> None:
    """After a sub-action: the next step of the same panel, or a short note once the turn ended.

    When the seat acts again right away (the last pick of a round can be followed by the first
    of the next), the platform has just DMed a fresh panel, so this one only says so; with
    closed DMs there is no fresh panel, and this one carries on in place.
    """
    game = get_game(record.game)
    view = game.view(record.state, seat)
    names = record.names
    same_turn = game.decision_id(record.state) == decision
    if seat in game.to_act(record.state) and (same_turn or not record.seats[seat].dm_open):
        await edit_panel(interaction, StarGazersPresenter().panel(view, names, record.id))
        return
    if seat in game.to_act(record.state):
        await edit_panel(
            interaction,
            Outgoing(
                "Turn confirmed. It's your turn again: use the new panel below.",
                f"{TITLE} · {round_line(view)}",
            ),
        )
        return
    if view["phase"] == "journal":
        out = Outgoing("Journal card kept. The game starts when everyone has chosen.", f"{TITLE} · Setup")
    elif view["phase"] == "over":
        out = Outgoing("The game is over: see the results in the game thread.", f"{TITLE} · Game over")
    else:
        out = Outgoing(
            "Turn confirmed. Your next panel arrives when it's your turn again.",
            f"{TITLE} · {round_line(view)}",
            partial(art.sheet_png, view, names, seat),
            "mural.png",
        )
    await edit_panel(interaction, out)


async def perform_code(interaction: discord.Interaction, game_id: int, decision: int, code: str) -> None:
    try:
        action = decode(code)
    except (IndexError, KeyError, ValueError):
        log.warning("undecodable star gazers code %r", code)
        await refuse(interaction, NOT_OFFERED)
        return
    record = await service_of(interaction).perform(interaction, game_id, action, decision=decision)
    if record is not None:
        seat = record.seat_of(interaction.user.id)
        if seat is not None:
            await _refresh_after(interaction, record, seat, decision)


async def show_stage(interaction: discord.Interaction, game_id: int, decision: int, stage: str) -> None:
    """Edit the panel to show a preview (nothing is sent to the engine)."""
    found = await service_of(interaction).clicker_seat(interaction, game_id, decision)
    if found is None:
        return
    record, seat = found
    game = get_game(record.game)
    view = game.view(record.state, seat)
    tentative, note = None, None
    try:  # a stage comes from the client: one no panel offered is refused, not a crash
        if stage[:1] in {"t", "m", "n"}:
            action = decode(stage if stage[0] == "t" else "l" + stage[1:])
            try:
                tentative = game.view(game.apply(record.state, seat, action).state, seat)
            except IllegalAction as error:
                note = error.message
        out = StarGazersPresenter().panel(
            view, record.names, game_id, stage=stage, tentative=tentative, note=note
        )
    except (IndexError, KeyError, ValueError):
        log.info("star gazers stage %r offered by no panel", stage)
        await refuse(interaction, NOT_OFFERED)
        return
    await edit_panel(interaction, out)


CODE = r"[A-Za-z0-9.\-_]{1,48}"
NOT_OFFERED = "That isn't one of the choices your panel offers. Pick one from its menu."


class SgDo(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"sg:do:(?P<game>\d+):(?P<dec>\d+):(?P<code>{CODE})",
):
    """A panel button that sends one sub-action (or undo / confirm) to the engine."""

    def __init__(
        self,
        game_id: int,
        decision: int,
        code: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or code, style=style, custom_id=f"sg:do:{game_id}:{decision}:{code}"
            )
        )
        self.game_id, self.decision, self.code = game_id, decision, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SgDo:
        return cls(int(match["game"]), int(match["dec"]), match["code"])

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await perform_code(interaction, self.game_id, self.decision, self.code)


class SgStage(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"sg:st:(?P<game>\d+):(?P<dec>\d+):(?P<stage>{CODE})",
):
    """A panel button that only changes what the panel previews (rotation, back...)."""

    def __init__(
        self,
        game_id: int,
        decision: int,
        stage: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or stage,
                style=style,
                disabled=disabled,
                custom_id=f"sg:st:{game_id}:{decision}:{stage}",
            )
        )
        self.game_id, self.decision, self.stage = game_id, decision, stage

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SgStage:
        return cls(int(match["game"]), int(match["dec"]), match["stage"])

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await show_stage(interaction, self.game_id, self.decision, self.stage)


class SgSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"sg:sel:(?P<game>\d+):(?P<dec>\d+):(?P<mode>do|st):(?P<tag>[a-z]{1,8})",
):
    """A panel select: ``do`` options are sub-actions, ``st`` options are previews."""

    def __init__(
        self,
        game_id: int,
        decision: int,
        mode: str,
        tag: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "Choose…",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                placeholder=placeholder,
                options=(options or [discord.SelectOption(label="-", value="-")])[:25],
                custom_id=f"sg:sel:{game_id}:{decision}:{mode}:{tag}",
            )
        )
        self.game_id, self.decision, self.mode = game_id, decision, mode

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SgSelect:
        return cls(int(match["game"]), int(match["dec"]), match["mode"], match["tag"])

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        value = ((interaction.data or {}).get("values") or ["-"])[0]
        await interaction.response.defer()
        if not re.fullmatch(CODE, value):
            await refuse(interaction, NOT_OFFERED)
            return
        if self.mode == "do":
            await perform_code(interaction, self.game_id, self.decision, value)
        else:
            await show_stage(interaction, self.game_id, self.decision, value)


__all__ = ["SgDo", "SgSelect", "SgStage", "StarGazersPresenter", "decode", "encode", "square_name"]
