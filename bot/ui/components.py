"""Platform buttons that every game shares: Open my panel and Reclaim seat.

Both are declared controls (``bot.ui.controls``) whose custom_id carries the game id, so they
keep working after a restart: nothing about them lives in memory.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.core.running import running
from bot.core.table import names_of
from bot.games import get_game
from bot.games.base import View
from bot.i18n import M_, _
from bot.i18n.waiting import in_dms
from bot.storage import GameRecord
from bot.ui.controls import Click, Control, Role, button
from bot.ui.guide import shown_hint, with_hint
from bot.ui.interactions import Ack, Refusal, acknowledge, tell_privately
from bot.ui.naming import named
from bot.ui.outgoing import Outgoing, reply
from bot.ui.pictures import keep_if_shown
from bot.ui.ports import service_of

log = logging.getLogger(__name__)


def panel_for(
    interaction: discord.Interaction, record: GameRecord, view: View, *, keep: bool = True, **stage: Any
) -> Outgoing:
    """The clicker's panel at ``stage`` (a face's sub-step), drawn by the game's presenter, to
    replace the panel clicked on. It keeps saying when the move is due, as the panel the bot sent
    did, and (``keep``) a picture that panel already shows is kept, not sent again."""
    service = service_of(interaction)
    presenter = service.presenter(record)
    out = named(presenter.panel(view, names_of(record), record.id, **stage), record.game, record.id)
    seat = record.seat_of(interaction.user.id)
    if seat is not None:  # a practice game's guide: the hint this decision was given
        out = with_hint(out, shown_hint(presenter, record, seat), record.id)
    due = service.delivery.panels.due_note(record, seat) if seat is not None else ""
    if due:
        out.content += "\n" + due
    return keep_if_shown(out, interaction.message) if keep else out


async def _open_panel(interaction: discord.Interaction, click: Click) -> None:
    await acknowledge(interaction, Ack.THINKING)
    await show_panel(interaction, click.game_id)


OPEN_PANEL = Control("astro:panel:{game}", Role.OWN, run=_open_panel)
"""Shows the clicker their own panel as an ephemeral message (the closed-DMs fallback)."""


def open_panel_button(game_id: int) -> discord.ui.Item[Any]:
    return button(
        OPEN_PANEL, game_id, 0, label=_("Open my panel"), emoji="🔭", style=discord.ButtonStyle.primary
    )


def open_panel_items(game_id: int, names: Sequence[str]) -> list[discord.ui.Item[Any]]:
    """A status card's **Open my panel**; none at a `/learn` table, played in its player's DMs,
    where the panel is in the same chat, just below."""
    return [] if in_dms(names) else [open_panel_button(game_id)]


async def seat_view(
    interaction: discord.Interaction, game_id: int, decision: int
) -> tuple[dict[str, Any], list[str]]:
    """The clicker's own view and the seat names, if the panel is still current (else a
    ``Refusal``). Panel callbacks use it to redraw the next sub-step."""
    record, seat = await service_of(interaction).clicker_seat(interaction, game_id, decision)
    return get_game(record.game).view(record.state, seat), names_of(record)


async def show_panel(interaction: discord.Interaction, game_id: int) -> None:
    """Send the clicker's private panel ephemerally (a ``Refusal`` says why there is none)."""
    service = service_of(interaction)
    record, seat = await service.clicker_seat(interaction, game_id, None)
    message, edit = await reply(interaction, await service.delivery.panels.panel_of(record, seat, jump=False))
    if message is not None:  # this copy is the live one now; an older copy is retired
        await service.delivery.panels.adopt_ephemeral(record, interaction.user.id, message, edit)


async def _reclaim(interaction: discord.Interaction, click: Click) -> None:
    """Lets a player take their seat back from the bot."""
    await acknowledge(interaction, Ack.THINKING)
    service = service_of(interaction)
    seat = int(click["seat"])
    async with service.lock(click.game_id):
        record = await service.storage.load(click.game_id)
        if record is None or record.status != "active":
            raise Refusal(_("This game is no longer running."))
        if record.seat_of(interaction.user.id) != seat:
            raise Refusal(_("Only the player of that seat can reclaim it."))
        info = record.seats[seat]
        if info.left_game:
            raise Refusal(_("You left this game for good, so the seat stays with the bot."))
        if not info.autopilot:
            raise Refusal(_("You already play this seat yourself."))
        await service.storage.set_seat_control(click.game_id, seat, autopilot=False, timeouts=0)
        record = await service.storage.load(click.game_id)
        assert record is not None
        await service.settle(record)
        waiting = seat in get_game(record.game).to_act(running(record).state)
    await tell_privately(interaction, _("Welcome back: the seat is yours again."))
    channel = await service.play_channel(record)
    back = M_("{name} is back and plays their own seat again.", name=info.name)  # the table's language
    await service.delivery.post(record, channel, back)
    if waiting:
        await service.send_panel(record, seat, channel)


RECLAIM = Control("astro:reclaim:{game}:{seat}", Role.OWN, {"seat": r"\d+"}, run=_reclaim)


def reclaim_button(game_id: int, seat: int) -> discord.ui.Item[Any]:
    return button(
        RECLAIM, game_id, 0, label=_("Reclaim seat"), emoji="🪑", style=discord.ButtonStyle.success, seat=seat
    )
