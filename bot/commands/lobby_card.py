"""The lobby's card: its title with the stage, the seats, the options in words, the speed and the
expected length. Drawn from the stored record alone, so a restart or a rematch redraws it the same."""

from __future__ import annotations

from typing import Any

import discord

from bot.commands.lobby_speed import (
    clock_line,
    length_lines,
    speed_line,
)
from bot.core.table import and_list, names_of, ranked, seat_line
from bot.games import get_game
from bot.i18n import (
    NP_,
    _,
    pgettext,
    speaking,
    translate,
)
from bot.storage import GameRecord
from bot.ui.outgoing import COLOUR
from bot.ui.presenter import tie_line

STAGE = "lobby stage"  # the gettext context of the stage words in the lobby's title (literal for Babel)
STAGES = {
    "lobby": NP_("lobby stage", "lobby"),
    "active": NP_("lobby stage", "playing"),
    "finished": NP_("lobby stage", "finished"),
    "cancelled": NP_("lobby stage", "cancelled"),
}


def lobby_embed(record: GameRecord, note: str | None = None) -> discord.Embed:
    """The lobby message at every stage: open, playing, finished (with the scores) or cancelled
    (``note`` says by whom or why, a ``Msg`` or a text already in the table's language). A
    public message: always in the table's language, whoever's click edits it."""
    with speaking(record.language):
        return _lobby_embed(record, note)


def _lobby_embed(record: GameRecord, note: str | None) -> discord.Embed:
    game = get_game(record.game)
    stage = pgettext(STAGE, STAGES[record.status]) if record.status in STAGES else record.status
    embed = discord.Embed(title=_("{game} · {stage}", game=_(game.title), stage=stage), colour=COLOUR)
    where = f"<#{record.thread_id}>" if record.thread_id else _("this channel")
    outcome = game.outcome(record.state) if record.status == "finished" and record.state is not None else None
    if record.status == "lobby":
        embed.description = _(
            "Press **Join** to take a seat. The host starts when {min}–{max} players are in.",
            min=game.min_seats,
            max=game.max_seats,
        )
    elif record.status == "cancelled":
        embed.description = translate(note) if note else _("This game was cancelled.")
        if record.thread_id:
            embed.description += " " + _("It was played in {where}.", where=where)
    elif record.status == "finished":
        winners = (
            [discord.utils.escape_markdown(names_of(record)[s]) for s in outcome.winners] if outcome else []
        )
        if len(winners) == 1:
            embed.description = _(
                "**{winner}** won. The game was played in {where}.", winner=winners[0], where=where
            )
        elif winners:
            embed.description = _(
                "**{winners}** share the win. The game was played in {where}.",
                winners=and_list(winners),
                where=where,
            )
        else:
            embed.description = _("The game is over. The game was played in {where}.", where=where)
        if outcome and tie_line(outcome):
            embed.description = f"{embed.description}\n{tie_line(outcome)}"
    else:
        embed.description = _("The game has started in {where}.", where=where)
    embed.add_field(name=_("Host"), value=f"<@{record.host_id}>")
    seats = "\n".join(seat_line(seat, outcome, place) for seat, place in ranked(record.seats, outcome))
    label = (
        _("Scores") if outcome else _("Players ({count}/{max})", count=len(record.seats), max=game.max_seats)
    )
    embed.add_field(name=label, value=seats or _("nobody yet"))
    # Options the table's language chose (a deck) are not the lobby's to show.
    shown = {spec.name for spec in game.options}
    settings = [option_text(game, name, value) for name, value in record.options.items() if name in shown]
    settings.append(clock_line(record))
    embed.add_field(name=_("Options"), value="\n".join(settings), inline=False)
    if record.status == "lobby":
        speed = "\n".join([speed_line(record), *length_lines(record)])
        embed.add_field(name=_("Speed and length"), value=speed, inline=False)
    embed.set_footer(text=_("Game #{id}", id=record.id))
    return embed


def option_text(game: Any, name: str, value: Any) -> str:
    """One lobby option as players read it: its description, and yes/no for on-off options."""
    spec = next((spec for spec in game.options if spec.name == name), None)
    if spec is None:
        return f"{name}: {value}"
    if set(spec.choices) == {0, 1} and not spec.says:
        answer = pgettext("option value", "yes") if value else pgettext("option value", "no")
        return _("{option}: {answer}", option=_(spec.description), answer=answer)
    return translate(spec.sentence(value))
