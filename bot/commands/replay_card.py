"""The `/game replay` card: one step of a stored game, its picture, the log lines that led to it,
and controls to move (⏮ ⏭ by round or night, ◀ ▶ by step, a select to jump, a select of views).

Every control is a ``DynamicItem`` whose custom id carries the game, the view shown (``p`` for
the table's, or a seat) and the step it leads to, so a card keeps working after a restart; each
click checks again who may see that view (``replay_access``) and refuses privately, changing
nothing, when they may not. The picture is the presenter's own: the board ``/game status`` shows
(from the public view), or a seat's sheet (from that seat's view), drawn in a worker thread and
kept with the replay a while, so stepping back and forth does not draw it again.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import PurePath
from typing import Any

import discord

from bot.commands.game import log_lines
from bot.commands.replay_access import check_step, check_view, game_here, is_over, replay_of, viewable
from bot.core.replay import Replay
from bot.core.table import names_of
from bot.faces import PRESENTERS
from bot.games import get_game
from bot.i18n import _, language, speaking
from bot.storage import GameRecord
from bot.ui.interactions import Ack, entry
from bot.ui.outgoing import Outgoing, edit_clicked

log = logging.getLogger(__name__)

PREFIX = "astro:replay"
PUBLIC = "p"
JUMPS = 25  # a select holds 25 options
CONTEXT_LINES = 5  # earlier log lines shown above the step's own


def seat_code(seat: int | None) -> str:
    return PUBLIC if seat is None else str(seat)


def seat_of_code(code: str) -> int | None:
    return None if code == PUBLIC else int(code)


def picture(record: GameRecord, replay: Replay, step: int, seat: int | None) -> Outgoing:
    """The presenter's picture of ``step`` as ``seat`` saw it (``None``: the table's board)."""
    game, presenter = get_game(record.game), PRESENTERS[record.game]
    state = replay.state(step)
    if seat is None:
        return presenter.board(game.view(state, None), names_of(record))
    return presenter.sheet(game.view(state, seat), names_of(record), seat)


def heading(record: GameRecord, replay: Replay, step: int) -> str:
    """The board's title at ``step`` ("Round 2 of 3"), as the table saw it."""
    key = ("heading", step, language().value)
    said = replay.recall(key)
    if said is None:
        said = picture(record, replay, step, None).title or ""
        replay.remember(key, said)
    return str(said)


def _lines(record: GameRecord, replay: Replay, step: int) -> str:
    """The log lines that led to ``step``: a few before it, then its own in bold."""
    names = names_of(record)
    move = replay.move(step)
    if move is None:
        return _("The game as it was set up, before the first move.")
    game = get_game(record.game)
    own = log_lines([move], names, game)
    earlier: list[str] = []
    at = step - 1
    while at >= 1 and len(earlier) < CONTEXT_LINES:
        before = replay.move(at)
        if before is not None:
            earlier = log_lines([before], names, game) + earlier
        at -= 1
    earlier = earlier[-CONTEXT_LINES:]
    shown = [f"-# {line}" for line in earlier]
    if own:
        shown += [f"**{line}**" for line in own]
    else:
        shown.append(_("*This move is not told to the table (a choice made in private).*"))
    return "\n".join(shown)


def _jump_options(record: GameRecord, replay: Replay, step: int) -> list[discord.SelectOption]:
    starts = replay.round_starts()
    if replay.steps not in starts:
        starts.append(replay.steps)
    here = replay.round_of(step)
    first = max(0, min(here - JUMPS // 2, len(starts) - JUMPS))
    options = []
    for start in starts[first : first + JUMPS]:
        label = _("Step {step} · {heading}", step=start, heading=heading(record, replay, start))
        if start == replay.steps:
            label = (
                _("Step {step} · the end", step=start)
                if is_over(record)
                else _("Step {step} · now", step=start)
            )
        options.append(discord.SelectOption(label=label[:100], value=str(start), default=start == step))
    return options


def card(
    record: GameRecord, replay: Replay, step: int, seat: int | None, views: list[int | None]
) -> Outgoing:
    """The card of ``step`` seen as ``seat``; ``views``: the views the select offers. Reads states:
    call it in a worker thread (``card_for``)."""
    names = names_of(record)
    shown = picture(record, replay, step, seat)
    title = _("Replay of {title} #{id}", title=_(get_game(record.game).title), id=record.id)
    whose = _("The table's view") if seat is None else _("{name}'s view", name=names[seat])
    text = "\n".join(
        [
            _(
                "**Step {step} of {last}** · {heading}",
                step=step,
                last=replay.steps,
                heading=heading(record, replay, step),
            ),
            whose,
            "",
            _lines(record, replay, step),
        ]
    )
    if is_over(record):
        footer = _("The game is over: every hidden card is shown, and each player's view can be chosen.")
    else:
        footer = _("The game is still running: this replay shows only what you could see, up to now.")
    code = seat_code(seat)
    # A running game's seat view starts where its player took the seat (a handed-over seat).
    first = record.seats[seat].held_from if seat is not None and not is_over(record) else 0
    back, forward = max(first, step - 1), min(replay.steps, step + 1)
    round_back = max(first, replay.previous_round(step))
    at = partial(ReplayId, record.id, code)
    items: list[discord.ui.Item[Any]] = [
        ReplayButton(at(round_back, "rback"), "⏮", _("Round"), step > first),
        ReplayButton(at(back, "back"), "◀", _("Step"), step > first),
        ReplayButton(at(forward, "next"), "▶", _("Step"), step < replay.steps),
        ReplayButton(at(replay.next_round(step), "rnext"), "⏭", _("Round"), step < replay.steps),
        ReplaySelect(at(step, "jump"), _("Jump to a round"), _jump_options(record, replay, step)),
    ]
    if len(views) > 1:
        options = [
            discord.SelectOption(
                label=(_("The table's view") if v is None else _("{name}'s view", name=names[v]))[:100],
                value=seat_code(v),
                default=v == seat,
            )
            for v in views
        ]
        items.append(ReplaySelect(at(step, "view"), _("Whose view"), options))
    suffix = PurePath(shown.filename).suffix or ".png"
    render = None
    if shown.render is not None:
        render = partial(kept_picture, replay, ("picture", code, step, language().value), shown.render)
    return Outgoing(text, title, render, f"replay-{step}-{code}{suffix}", items, footer=footer, alt=shown.alt)


def kept_picture(replay: Replay, key: tuple[Any, ...], draw: Callable[[], bytes]) -> bytes:
    """The step's picture, drawn once (in the send's worker thread) and then kept with the replay."""
    data = replay.recall(key)
    if not isinstance(data, bytes):
        data = draw()
        replay.remember(key, data)
    return data


async def card_for(
    record: GameRecord, replay: Replay, step: int, seat: int | None, views: list[int | None]
) -> Outgoing:
    """``card`` built off the event loop (its picture is drawn, or found kept, when it is sent)."""
    return await asyncio.to_thread(card, record, replay, step, seat, views)


async def show_step(interaction: discord.Interaction, game_id: int, seat: int | None, step: int) -> None:
    """A control's click: check again, then redraw the clicked card at ``step`` as ``seat``."""
    record = await game_here(interaction, game_id)
    message = interaction.message
    shared = message is not None and not message.flags.ephemeral
    check_view(record, interaction.user.id, seat, shared=shared, step=step)
    replay = await replay_of(interaction, record)
    check_step(record, replay, step)
    views = viewable(record, interaction.user.id, shared=shared, step=step)
    with speaking(record.language if shared else None):
        out = await card_for(record, replay, step, seat, views)
    await edit_clicked(interaction, await out.kwargs(editing=True, on=message))


@dataclass(frozen=True)
class ReplayId:
    """What a replay control's custom_id carries: the game, the seat it is seen as (``p``: the
    table's view), the step it shows or goes to, and what the control does (``tag``)."""

    game_id: int
    seat: str
    step: int
    tag: str

    @property
    def custom_id(self) -> str:
        return f"{PREFIX}:{self.game_id}:{self.seat}:{self.step}:{self.tag}"

    @classmethod
    def of(cls, match: re.Match[str]) -> ReplayId:
        return cls(int(match["game"]), match["seat"], int(match["step"]), match["tag"])


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:(?P<game>\d+):(?P<seat>p|\d+):(?P<step>\d+):(?P<tag>rback|back|next|rnext)",
):
    """⏮ ◀ ▶ ⏭: to the step it carries (the round's start, the step before or after)."""

    def __init__(self, at: ReplayId, emoji: str = "▶", label: str = "", enabled: bool = True) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or None,
                emoji=emoji,
                style=discord.ButtonStyle.secondary,
                custom_id=at.custom_id,
                disabled=not enabled,
            )
        )
        self.at = at

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(ReplayId.of(match))

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        await show_step(interaction, self.at.game_id, seat_of_code(self.at.seat), self.at.step)


class ReplaySelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"{PREFIX}:(?P<game>\d+):(?P<seat>p|\d+):(?P<step>\d+):(?P<tag>jump|view)",
):
    """Jump to a round's first step (``jump``), or show the step as another seat saw it (``view``)."""

    def __init__(
        self, at: ReplayId, placeholder: str = "", options: list[discord.SelectOption] | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=at.custom_id,
                placeholder=placeholder or None,
                options=options or [discord.SelectOption(label="-", value=str(at.step))],
            )
        )
        self.at = at

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplaySelect:
        return cls(ReplayId.of(match))

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        picked = str((data.get("values") or [""])[0])
        seat, step = seat_of_code(self.at.seat), self.at.step
        if self.at.tag == "jump" and picked.isdecimal():
            step = int(picked)
        elif self.at.tag == "view" and (picked == PUBLIC or picked.isdecimal()):
            seat = seat_of_code(picked)
        await show_step(interaction, self.at.game_id, seat, step)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (ReplayButton, ReplaySelect)
