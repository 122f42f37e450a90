"""The one click path of game panels: the platform's items for the faces' declared controls.

A face declares its controls (``bot.ui.controls.Control``) and builds its items with ``button``
and ``select`` there; each declaration gets one ``DynamicItem`` class, made from its template, so
a click is routed by its custom_id after a restart. A click then goes one way for every face,
here (this module fills ``controls.PATHS``):

- ``PLAY``: decode the action through the declaration, hand it to the move core
  (``service.perform``), and redraw the clicked panel once with what the face's ``after_play``
  shows (a thread button is answered privately with the face's ``said_after`` instead);
- ``STEP``: check the click is current and redraw the panel at the face's ``step``;
- ``FORM``: open the typed form; its text goes to the face's ``typed``, which gives an action to
  play or a sub-step to show;
- ``OWN``: the escape hatch, for a control none of these play: the declaration's own ``run``
  answers it (A Sky of Stars' STOP, whose confirmation is a private question under a thread
  button that outlives any panel).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Any

import discord

from bot.core.running import RunningGame
from bot.core.table import names_of
from bot.games import get_game
from bot.games.base import Action
from bot.i18n import _
from bot.ui import replies
from bot.ui.components import panel_for
from bot.ui.controls import PATHS, Click, Control, Played, Role, Seen, item_class
from bot.ui.interactions import Ack, Refusal, acknowledge, entry, tell_privately
from bot.ui.naming import named
from bot.ui.outgoing import Outgoing, edit_panel
from bot.ui.ports import service_of

log = logging.getLogger(__name__)


def items_of(controls: tuple[Control, ...]) -> tuple[type[discord.ui.DynamicItem[Any]], ...]:
    """The items a bot registers for ``controls`` (played by the paths below)."""
    return tuple(item_class(control) for control in controls)


# ---------------------------------------------------------------------- the paths


async def _seen(interaction: discord.Interaction, click: Click) -> tuple[Any, Seen]:
    record, seat = await service_of(interaction).clicker_seat(interaction, click.game_id, click.decision)
    view = get_game(record.game).view(record.state, seat)
    return record, Seen(view, names_of(record), record.id, seat, record.state)


def _panel(interaction: discord.Interaction, record: Any, seen: Seen) -> Callable[..., Outgoing]:
    """The clicker's panel at a sub-step, as ``panel_for`` draws it (``keep``: a picture the clicked
    message shows is kept)."""
    return partial(panel_for, interaction, record, seen.view)


async def play(interaction: discord.Interaction, click: Click) -> None:
    """A ``PLAY`` click (acknowledged here: a panel is redrawn, a thread button answered privately)."""
    public = click.control.in_thread(click)
    await acknowledge(interaction, Ack.THINKING if public else Ack.UPDATE)
    action = click.control.action(click)
    if action is None:
        raise Refusal(_(click.control.refused))
    await play_action(interaction, click, action, public=public)


async def play_action(
    interaction: discord.Interaction, click: Click, action: Action, *, public: bool
) -> None:
    """Play ``action`` for the clicker and redraw the clicked panel once (a thread control:
    answer privately)."""
    record = await perform(interaction, click, action, redraws=not public)
    await show_played(interaction, click, action, record, public=public)


async def show_played(
    interaction: discord.Interaction, click: Click, action: Action, record: RunningGame, *, public: bool
) -> None:
    """After ``action`` was played: the clicked panel shows the face's ``after_play``, or a thread
    control's player is told privately what it did (``said_after``)."""
    service = service_of(interaction)
    seat = record.seat_of(interaction.user.id)
    if seat is None:
        return
    presenter = service.presenter(record)
    game = get_game(record.game)
    message = interaction.message
    played = Played(
        click,
        action,
        seat,
        record.state,
        same_step=game.decision_id(record.state) == click.decision,
        to_act=seat in game.to_act(record.state),
        active=record.status == "active",
        dm_open=record.seats[seat].dm_open,
        ephemeral=message is not None and message.flags.ephemeral,
    )
    if public:  # said privately, replaced by the player's next word about the game
        await tell_privately(interaction, presenter.said_after(played))
        return
    seen = Seen(game.view(record.state, seat), names_of(record), record.id, seat, record.state)
    after = presenter.after_play(seen, played, _panel(interaction, record, seen))
    await edit_panel(interaction, named(after, record.game, record.id))


async def perform(
    interaction: discord.Interaction, click: Click, action: Action, *, redraws: bool
) -> RunningGame:
    """The move core plays ``action``; a refused click on an old public control is told so in the
    face's words for it (its step is over) rather than the core's. ``redraws``: the click redraws
    the message it sits on itself, so telling the move leaves that copy alone."""
    service = service_of(interaction)
    message = interaction.message.id if redraws and interaction.message is not None else None
    try:
        return await service.perform(
            interaction, click.game_id, action, decision=click.decision, redraws=message
        )
    except Refusal:
        kind = click.control.public_kind(click)
        if kind is not None:  # over since? then say it in this control's words
            await service.clicker_seat(interaction, click.game_id, click.decision, public_kind=kind)
        raise


async def step(interaction: discord.Interaction, click: Click) -> None:
    """A ``STEP`` click: the panel at the sub-step the face reads from the click."""
    await acknowledge(interaction, Ack.UPDATE)
    record, seen = await _seen(interaction, click)
    presenter = service_of(interaction).presenter(record)
    shown = presenter.step(seen, click, _panel(interaction, record, seen))
    await edit_panel(interaction, named(shown, record.game, record.id))


async def open_form(interaction: discord.Interaction, click: Click) -> None:
    """A ``FORM`` click: the form, in the clicker's language."""
    await interaction.response.send_modal(TypedForm(click))


class TypedForm(discord.ui.Modal, title="-"):
    """A declared control's typed form: one text field, handed to the face's ``typed``."""

    def __init__(self, click: Click) -> None:
        form = click.control.form
        assert form is not None, f"{click.control.name} declares no form"
        custom_id = form.custom_id.format(game=click.game_id, dec=click.decision)
        super().__init__(title=_(form.title), custom_id=custom_id, timeout=600)
        self.text: discord.ui.TextInput[TypedForm] = discord.ui.TextInput(
            label=_(form.label),
            placeholder=form.placeholder,
            min_length=form.min_length,
            max_length=form.max_length,
            custom_id=form.field_id,
        )
        self.add_item(self.text)
        self.click = click

    @entry(Ack.UPDATE)
    async def on_submit(self, interaction: discord.Interaction) -> None:
        click = Click(
            self.click.control, self.click.fields, typed=self.text.value, message=interaction.message
        )
        replies.about(interaction, click.game_id, click.decision)  # a refused line is retired when stale
        record, seen = await _seen(interaction, click)
        presenter = service_of(interaction).presenter(record)
        typed = presenter.typed(seen, click, _panel(interaction, record, seen))
        if isinstance(typed, Outgoing):
            await edit_panel(interaction, named(typed, record.game, record.id))
        else:
            await play_action(interaction, click, typed, public=False)


PATHS.update({Role.PLAY: play, Role.STEP: step, Role.FORM: open_form})
