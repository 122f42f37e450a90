"""A tournament's sign-up: **Join** and **Leave** on its card, kept across restarts (their custom id
carries the tournament's id). Refusals are private and change nothing: after sign-up closed, a
second join, a member without the tournament's role."""

from __future__ import annotations

import logging
from typing import Any, Protocol

import discord

from bot.i18n import NP_, _, pgettext, speaking
from bot.storage.tournaments import AlreadyEntered, SignupClosed, Tournament
from bot.ui.action_button import ActionButton
from bot.ui.interactions import Ack, Refusal, entry, tell_privately
from bot.ui.ports import service_of

log = logging.getLogger(__name__)

CLOSED = NP_("tournament", "Sign-up for this tournament is closed.")


class Cards(Protocol):
    """What a click needs of the tournament clock (``bot.commands.tournament_run``): the card redrawn."""

    async def refresh(self, tournament_id: int) -> None: ...


def cards_of(interaction: discord.Interaction) -> Cards:
    return interaction.client.tournaments  # type: ignore[attr-defined]  # our bot


def signup_view(t: Tournament) -> discord.ui.View | None:
    """Join and Leave while sign-up is open, labelled in the tournament's language."""
    if t.status != "signup":
        return None
    view = discord.ui.View(timeout=None)
    with speaking(t.language):
        view.add_item(SignupButton(t.id, "join"))
        view.add_item(SignupButton(t.id, "leave"))
    return view


def may_join(member: Any, role_id: int | None) -> bool:
    return role_id is None or any(role.id == role_id for role in getattr(member, "roles", ()))


class SignupButton(ActionButton, template=r"tour:(?P<action>join|leave):(?P<id>\d+)"):
    """Join and Leave on a tournament's card while sign-up is open."""

    PREFIX = "tour"
    LABELS = {"join": NP_("button", "Join"), "leave": NP_("button", "Leave")}
    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary}

    @property
    def tournament_id(self) -> int:
        return self.key

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        storage = service_of(interaction).storage
        t = await storage.tournament(self.tournament_id)
        if t is None or t.status != "signup":
            raise Refusal(pgettext("tournament", CLOSED))
        if self.action == "join":
            if not may_join(interaction.user, t.role_id):
                raise Refusal(_("This tournament is open to members with <@&{role}> only.", role=t.role_id))
            try:
                await storage.enter_tournament(t.id, interaction.user.id, interaction.user.display_name, 0.0)
            except AlreadyEntered as error:
                raise Refusal(_("You're already signed up for this tournament.")) from error
            except SignupClosed as error:
                raise Refusal(pgettext("tournament", CLOSED)) from error
            said = _("You're in! Your first table's thread will ping you when round 1 starts.")
        else:
            try:
                left = await storage.leave_signup(t.id, interaction.user.id)
            except SignupClosed as error:
                raise Refusal(pgettext("tournament", CLOSED)) from error
            if not left:
                raise Refusal(_("You're not signed up for this tournament."))
            said = _("You've left the tournament's sign-up.")
        await cards_of(interaction).refresh(t.id)
        await tell_privately(interaction, said)
