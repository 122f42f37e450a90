"""STOP, the one control of A Sky of Stars the platform's roles don't play (the escape hatch of
``bot.ui.clicks``): it asks for a confirmation first, because STOP ends the drawing for everyone
and one stray click must not call it. On a panel the question replaces the panel; under the
thread's STOP button it is a private reply, remembered (``stop``) so it closes when its roll
ends, and its **Yes, call STOP** answers in place of the question.

Its custom_ids are the ``sky:do:`` ids it always had (``stop:?`` asks, ``stop:-`` calls).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.faces.sky_of_stars import stop
from bot.faces.sky_of_stars.items import STAR, PublicKind
from bot.faces.sky_of_stars.words import DO_LABELS, done_text, stop_confirm_text
from bot.games import get_game
from bot.i18n import _
from bot.ui.clicks import perform, show_played
from bot.ui.components import panel_for
from bot.ui.controls import Click, Control, Role, button
from bot.ui.interactions import Ack, Refusal, acknowledge
from bot.ui.outgoing import Outgoing, edit_panel
from bot.ui.ports import service_of


def public_kind(click: Click) -> PublicKind | None:
    """A thread STOP or its question's confirm, for their stale words; ``None`` on a panel, whose
    stale click gets the platform's "that panel belongs to an earlier step"."""
    if click["src"] == "p":
        return None
    return PublicKind.STOP if click["arg"] == "?" else PublicKind.STOP_CONFIRM


async def call_stop(interaction: discord.Interaction, click: Click) -> None:
    """``?`` asks; ``-`` calls STOP (on a panel, or as the answer to the private question)."""
    on_panel = click["src"] == "p"
    confirming = click["arg"] == "-" and not on_panel  # the private question
    await acknowledge(interaction, Ack.UPDATE if on_panel or confirming else Ack.THINKING)
    if click["arg"] == "?":
        await ask(interaction, click)
        return
    delivery = service_of(interaction).delivery
    question = getattr(interaction.message, "id", None) if confirming else None
    answered = stop.answering(delivery, click.game_id, question)
    action = {"kind": "stop"}
    try:
        record = await perform(interaction, click, action, redraws=True)
    except Refusal:
        stop.restore(delivery, click.game_id, answered)
        raise
    if confirming:  # the question becomes its answer, with no button left on it
        await interaction.edit_original_response(content=done_text("stop", "-"), view=None)
        return
    await show_played(interaction, click, action, record, public=not on_panel)


async def ask(interaction: discord.Interaction, click: Click) -> None:
    """Show the confirmation: in place on a panel, privately under a thread button."""
    service = service_of(interaction)
    record, seat = await service.clicker_seat(
        interaction, click.game_id, click.decision, public_kind=public_kind(click)
    )
    view = get_game(record.game).view(record.state, seat)
    if not view.get("can_stop"):
        raise Refusal(_("STOP can't be called now: it has been called already, or no roll is on."))
    if click["src"] == "p":
        await edit_panel(interaction, panel_for(interaction, record, view, asking_stop=True))
        return
    confirm = stop_button(click.game_id, click.decision, "-", "t", label=_("Yes, call STOP"))
    buttons = Outgoing(items=[confirm]).view()
    assert buttons is not None  # it holds the confirm button
    asked = await interaction.followup.send(stop_confirm_text(), view=buttons, ephemeral=True, wait=True)
    stop.remember(service.delivery, click.game_id, click.decision, asked)  # retired when its roll is over
    service.delivery.copies.track_public(click.game_id, asked)  # and at the end


STOP = Control(
    "sky:do:{game}:{dec}:stop:{arg}:{src}",
    Role.OWN,
    {"arg": STAR, "src": "[pt]"},
    public_kind=public_kind,
    run=call_stop,
)


def stop_button(
    game_id: int, decision: int, arg: str, src: str, label: str | None = None
) -> discord.ui.Item[Any]:
    """STOP (``arg`` ``?``: it asks first) or its confirmation (``-``)."""
    shown = label or _(DO_LABELS["stop"])
    return button(STOP, game_id, decision, label=shown, style=discord.ButtonStyle.danger, arg=arg, src=src)
