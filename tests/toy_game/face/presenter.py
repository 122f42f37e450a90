"""High Card on Discord: every message is text; a seat's panel holds a button per card in hand.

Its one control is declared (``PLAY_CARD``): the custom_id's template, and the codec from a click
to the action it plays. The platform plays it and asks ``after_play`` what the panel shows then.
"""

from __future__ import annotations

import discord

from bot.games.base import View
from bot.i18n import N_, _
from bot.i18n.waiting import listed, waiting_for
from bot.ui.components import open_panel_button
from bot.ui.controls import Control, Played, Role, Seen, button
from bot.ui.outgoing import Outgoing
from bot.ui.presenter import PanelAt, Presenter
from tests.toy_game.rules.engine import SLUG

PLAY_CARD = Control(
    "toy:play:{game}:{dec}:{card}",
    Role.PLAY,
    {"card": r"\d{1,3}"},
    action=lambda click: {"kind": "play", "card": int(click["card"])},
)
"""A button per card in hand, which plays that card."""

RULES = N_(
    "**High Card** is a toy game kept in Astrolabe's tests. Everyone is dealt a secret hand of "
    "numbered cards. Each round, every player in turn plays one card face up; the highest card "
    "of the round scores a point. After the last round, whoever scored the most points wins, "
    "and players who tie share the win."
)


def _title(view: View) -> str:
    return _("High Card · Round {round} of {rounds}", round=view["round"], rounds=view["rounds"])


def _table(view: View, names: list[str]) -> str:
    played = [f"{names[s]} {card}" for s, card in enumerate(view["table"]) if card is not None]
    points = " · ".join(f"{names[s]} {p}" for s, p in enumerate(view["points"]))
    table = _("On the table: {cards}", cards=", ".join(played)) if played else _("Nothing on the table yet.")
    return table + "\n" + _("Points: {points}", points=points)


class HighCardPresenter(Presenter):
    slug = SLUG
    rules_summary = RULES
    controls = (PLAY_CARD,)

    def progress(self, view: View, names: list[str]) -> str:
        return waiting_for(view["to_act"], names)

    def step_message(self, view: View, names: list[str], game_id: int) -> Outgoing:
        return Outgoing(
            _table(view, names),
            _title(view),
            items=[open_panel_button(game_id)],
            footer=self.progress(view, names),
        )

    def describe(self, view: View, names: list[str], seat: int | None = None) -> str:
        """High Card draws no pictures; its words are the table's."""
        return _title(view) + "\n" + _table(view, names)

    def board(self, view: View, names: list[str]) -> Outgoing:
        if view["phase"] == "over":
            return self.results(view, names)
        return Outgoing(_table(view, names), _title(view), footer=self.progress(view, names))

    def panel(self, view: View, names: list[str], game_id: int) -> Outgoing:
        hand = ", ".join(str(card) for card in view["hand"]) or "-"
        text = _table(view, names) + "\n" + _("Your hand: {hand}", hand=hand)
        if view["choice"] is None:
            return Outgoing(text + "\n" + self.progress(view, names), _title(view))
        buttons = [
            button(
                PLAY_CARD,
                game_id,
                view["decision"],
                label=str(card),
                style=discord.ButtonStyle.primary,
                card=card,
            )
            for card in view["hand"]
        ]
        return Outgoing(text + "\n" + _("Play a card:"), _title(view), items=buttons)

    def after_play(self, seen: Seen, played: Played, panel: PanelAt) -> Outgoing:
        """The played card, said in place of the panel."""
        return Outgoing(_("You played {card}.", card=played.action["card"]), _("High Card"))

    def sheet(self, view: View, names: list[str], seat: int) -> Outgoing:
        text = _("{points} points", points=view["points"][seat])
        if view.get("you") == seat:
            text += "\n" + _("Your hand: {hand}", hand=", ".join(str(c) for c in view["hand"]) or "-")
        return Outgoing(text, _("{name}'s sheet", name=names[seat]))

    def results(self, view: View, names: list[str]) -> Outgoing:
        outcome = view["outcome"]
        winners = listed([f"**{names[s]}**" for s in outcome["winners"]])
        lines = [_("{winners} won!", winners=winners)]
        lines += [f"{names[s]}: {score}" for s, score in enumerate(outcome["scores"])]
        return Outgoing("\n".join(lines), _("High Card · Final results"))
