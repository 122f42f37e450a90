"""The `/learn` guide: in a practice game, a seat's panel carries a short hint the first time its
player meets each kind of decision (the face's ``Presenter.hint``), with **Skip the guide**.

The guide's progress is kept with the game's options (``guide``: each kind of decision already
explained, with the decision it was explained at), so a panel drawn again within that decision
keeps its hint, a later one doesn't, and a restart neither repeats a hint nor loses the skip.
A kind is marked explained where the bot can write it down: when a panel is sent or redrawn
for a new decision (``mark_hint``), and right after the player's own move (a face then redraws
the clicked panel with ``panel_for``, which only reads the mark). At most ``MOST_HINTS`` hints.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.games import get_game
from bot.i18n import _
from bot.storage import GameRecord, StaleVersion
from bot.ui.controls import Click, Control, Role, button
from bot.ui.interactions import Ack, Refusal, acknowledge
from bot.ui.outgoing import Outgoing, edit_panel
from bot.ui.ports import service_of
from bot.ui.presenter import Hint, Presenter

log = logging.getLogger(__name__)

GUIDE_KEY = "guide"  # the game option that keeps the guide's progress
MOST_HINTS = 5


def fresh_guide() -> dict[str, Any]:
    """The guide of a practice game that has just opened: nothing explained yet."""
    return {"seen": {}}


def _guide(record: GameRecord) -> dict[str, Any] | None:
    guide = record.options.get(GUIDE_KEY)
    return guide if record.practice and isinstance(guide, dict) and record.state is not None else None


def _current(presenter: Presenter, record: GameRecord, seat: int) -> tuple[Hint, int] | None:
    """The hint for the seat's decision now, and that decision's id, if the guide has one."""
    game = get_game(record.game)
    assert record.state is not None
    if record.seats[seat].bot_controlled or seat not in game.to_act(record.state):
        return None
    hint = presenter.hint(game.view(record.state, seat))
    return None if hint is None else (hint, game.decision_id(record.state))


def shown_hint(presenter: Presenter, record: GameRecord, seat: int) -> Hint | None:
    """The hint the seat's panel carries now: one marked explained at this very decision."""
    guide = _guide(record)
    found = _current(presenter, record, seat) if guide is not None else None
    if guide is None or found is None:
        return None
    hint, decision = found
    return hint if (guide.get("seen") or {}).get(hint.key) == decision else None


async def mark_hint(storage: Any, presenter: Presenter, record: GameRecord, seat: int) -> Hint | None:
    """Mark the hint of the seat's decision now as explained here, if it is new and the guide
    has room, and return the hint the panel carries (``shown_hint``). Updates ``record``."""
    guide = _guide(record)
    found = _current(presenter, record, seat) if guide is not None else None
    if guide is None or found is None:
        return None
    hint, decision = found
    seen: dict[str, int] = dict(guide.get("seen") or {})
    if hint.key not in seen and len(seen) < MOST_HINTS:
        seen[hint.key] = decision
        options = {**record.options, GUIDE_KEY: {**guide, "seen": seen}}
        try:
            await storage.set_game_options(record.id, options)
        except StaleVersion:
            return None
        record.options.clear()  # in place: records copied from this one after a move share it
        record.options.update(options)
    return shown_hint(presenter, record, seat)


def with_hint(out: Outgoing, hint: Hint | None, game_id: int) -> Outgoing:
    """``out`` (a panel, in its player's language) with ``hint`` on top and **Skip the guide**."""
    if hint is None:
        return out
    line = _("💡 **Guide:** {hint}", hint=_(hint.text))
    out.content = f"{line}\n\n{out.content}" if out.content else line
    out.items = (*out.items, skip_guide_button(game_id))
    return out


async def _skip_guide(interaction: discord.Interaction, click: Click) -> None:
    """Ends the guide for good: the game goes on as a plain practice game, and the panel the
    button sits on is drawn again without its hint."""
    await acknowledge(interaction, Ack.UPDATE)
    service = service_of(interaction)
    async with service.lock(click.game_id):
        record = await service.storage.load(click.game_id)
        seat = record.seat_of(interaction.user.id) if record is not None else None
        if record is None or record.status != "active" or not record.practice or seat is None:
            raise Refusal(_("This practice game is no longer running."))
        record.options = {**record.options, GUIDE_KEY: 0}  # no more hints, for good
        await service.storage.set_game_options(click.game_id, record.options)
        log.info("game %s: the guide was skipped", click.game_id)
        out = await service.delivery.panels.panel_of(record, seat)
    await edit_panel(interaction, out)


SKIP_GUIDE = Control("astro:guide:{game}", Role.OWN, run=_skip_guide)


def skip_guide_button(game_id: int) -> discord.ui.Item[Any]:
    return button(
        SKIP_GUIDE, game_id, 0, label=_("Skip the guide"), emoji="⏭️", style=discord.ButtonStyle.secondary
    )
