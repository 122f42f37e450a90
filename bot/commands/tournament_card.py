"""A tournament's card in its channel: during sign-up, who is in with **Join** and **Leave**; then the
standings (points by place, tie-breaks, games played and left, who the bot finished for at a
deadline) and the open round's tables with why each is paired so; at the end, the podium.

Drawn from what is stored alone, in the tournament's language whoever's click redraws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import discord

from bot.games import get_game
from bot.i18n import N_, NP_, _, ngettext, pgettext, speaking
from bot.i18n.msg import fill
from bot.storage.tournaments import Entrant, Table, Tournament
from bot.tournaments.pairing import Format, Why
from bot.tournaments.standings import Line, TableResult, podium, standings
from bot.ui.outgoing import COLOUR

SHOWN_LINES: Final = 20  # the standings card lists the top of a big field; /tournament standings too
TOURNAMENT = "tournament"  # the gettext context of the card's short words
FORMATS = {
    Format.SWISS: NP_("tournament", "Swiss"),
    Format.ROUND_ROBIN: NP_("tournament", "round robin"),
    Format.ELIMINATION: NP_("tournament", "single elimination"),
}
WHYS = {
    Why.STANDING: N_("neighbours in the standings (points, then rating)"),
    Why.FLOATED: N_("moved across score groups to avoid a rematch"),
    Why.REMATCH: N_("a rematch no pairing could avoid"),
    Why.BYE: N_("sits out this round (fewest byes so far, then lowest standing), scoring a middle place"),
    Why.SCHEDULE: N_("the round robin's schedule"),
    Why.SEEDED: N_("seeded by rating"),
    Why.ADVANCED: N_("winners of the round before"),
}
STATUSES = {
    "signup": NP_("tournament", "sign-up open"),
    "running": NP_("tournament", "round {round}"),
    "paused": NP_("tournament", "paused in round {round}"),
    "finished": NP_("tournament", "finished"),
    "cancelled": NP_("tournament", "cancelled"),
}
TABLE_STATES = {
    "finished": NP_("tournament", "table done"),
    "bye": NP_("tournament", "bye"),
    "playing": NP_("tournament", "playing"),
    "waiting": NP_("tournament", "opening"),
}
MEDALS: Final = ("🥇", "🥈", "🥉")


def results_of(tables: Sequence[Table]) -> list[TableResult]:
    return [
        TableResult(t.round_no, t.players, t.places, t.scores or (), frozenset(t.late))
        for t in tables
        if t.status != "waiting"
    ]


def lines_of(t: Tournament, entrants: Sequence[Entrant], tables: Sequence[Table]) -> list[Line]:
    stopped = {e.user_id: e.status != "in" for e in entrants}
    return standings([e.user_id for e in entrants], results_of(tables), t.seats, Format(t.format), stopped)


def format_text(t: Tournament) -> str:
    name = pgettext(TOURNAMENT, FORMATS[Format(t.format)])
    if t.format == Format.SWISS:
        return ngettext("{format}, {n} round", "{format}, {n} rounds", t.rounds, format=name)
    return name


def points_text(points: float) -> str:
    return f"{points:g}"


def _line(line: Line, names: dict[int, str], t: Tournament, rounds_left: int | None) -> str:
    name = names.get(line.player, str(line.player))
    parts = [
        ngettext("{pts} pt", "{pts} pts", round(line.points), pts=points_text(line.points)),
        _("opp. {points}", points=points_text(line.opponents)),
        _("score {score}", score=line.score),
        ngettext("{n} game", "{n} games", line.played),
    ]
    if rounds_left:
        parts.append(ngettext("{n} round to go", "{n} rounds to go", rounds_left))
    if line.byes:
        parts.append(ngettext("{n} bye", "{n} byes", line.byes))
    if line.late:
        parts.append(
            ngettext("bot finished {n} game at a deadline", "bot finished {n} games at a deadline", line.late)
        )
    status = "" if not line.withdrawn else " · " + pgettext(TOURNAMENT, NP_("tournament", "out"))
    return f"**{line.rank}.** {name}{status}: " + ", ".join(parts)


def rounds_left(t: Tournament, line: Line, field: int) -> int | None:
    """Rounds still to play where that is known: a Swiss's, or a two-seat round robin's (the
    circle method's ``field − 1`` rounds, one more for an odd field's byes)."""
    if line.withdrawn or t.status not in ("running", "paused", "signup"):
        return None
    if t.format == Format.SWISS:
        return max(0, t.rounds - line.reached)
    if t.format == Format.ROUND_ROBIN and t.seats == 2:
        return max(0, field - (0 if field % 2 else 1) - line.reached)
    return None


def standings_text(t: Tournament, entrants: Sequence[Entrant], tables: Sequence[Table]) -> str:
    """The standings, best first, in the current language."""
    lines = lines_of(t, entrants, tables)
    names = {e.user_id: e.name for e in entrants}
    shown = [_line(line, names, t, rounds_left(t, line, len(entrants))) for line in lines[:SHOWN_LINES]]
    if len(lines) > SHOWN_LINES:
        shown.append(_("…and {n} more.", n=len(lines) - SHOWN_LINES))
    return "\n".join(shown) or _("Nobody has signed up yet.")


def round_text(t: Tournament, entrants: Sequence[Entrant], tables: Sequence[Table]) -> str:
    """The open round's tables: who, where, and why they sit together."""
    names = {e.user_id: e.name for e in entrants}
    rows = []
    for table in (x for x in tables if x.round_no == t.round_no):
        who = ", ".join(names.get(p, str(p)) for p in table.players)
        state = pgettext(TOURNAMENT, TABLE_STATES[table.status])
        why = _(WHYS[Why(table.why)]) if table.why in Why._value2member_map_ else table.why
        rows.append(f"{table.position + 1}. {who} ({state}): {why}")
    return "\n".join(rows)


def card_embed(t: Tournament, entrants: Sequence[Entrant], tables: Sequence[Table]) -> discord.Embed:
    """The tournament's card at every stage, in its language."""
    with speaking(t.language):
        return _card_embed(t, entrants, tables)


def _card_embed(t: Tournament, entrants: Sequence[Entrant], tables: Sequence[Table]) -> discord.Embed:
    game = get_game(t.game)
    stage = fill(pgettext(TOURNAMENT, STATUSES[t.status]), {"round": t.round_no})
    embed = discord.Embed(
        title=_("Tournament #{id}: {title} · {stage}", id=t.id, title=_(game.title), stage=stage)
    )
    embed.colour = COLOUR
    active = [e for e in entrants if e.status == "in"]
    head = [
        _(
            "{format} · tables of {seats} · organised by {name}",
            format=format_text(t),
            seats=t.seats,
            name=t.organiser_name,
        ),
        _(
            "Points by place: a full table gives {top} to its winner down to 0 for last; ties share.",
            top=points_text(2.0 * (t.seats - 1)),
        ),
    ]
    if t.status == "signup":
        head.append(_("Sign-up closes <t:{ts}:F> (<t:{ts}:R>).", ts=int(t.signup_closes)))
        if t.role_id is not None:
            head.append(_("Open to members with <@&{role}>.", role=t.role_id))
        head.append(ngettext("**{n}** player signed up.", "**{n}** players signed up.", len(active)))
        head.append(", ".join(e.name for e in active) or _("Press **Join** to sign up."))
    elif t.status in ("running", "paused") and t.due_at is not None:
        head.append(_("This round ends <t:{ts}:R> at the latest.", ts=int(t.due_at)))
    embed.description = "\n".join(head)[:4000]
    if t.status != "signup":
        embed.add_field(
            name=pgettext(TOURNAMENT, NP_("tournament", "Standings")),
            value=standings_text(t, entrants, tables)[:1024],
            inline=False,
        )
        if t.status in ("running", "paused"):
            embed.add_field(
                name=_("Tables of round {round}", round=t.round_no),
                value=round_text(t, entrants, tables)[:1024] or "-",
                inline=False,
            )
        if t.status == "finished":
            embed.add_field(name=_("Podium"), value=podium_text(t, entrants, tables), inline=False)
        embed.set_footer(text=_("Tie-breaks: opponents' points, then the games' own scores."))
    return embed


def podium_text(t: Tournament, entrants: Sequence[Entrant], tables: Sequence[Table]) -> str:
    names = {e.user_id: e.name for e in entrants}
    steps = podium(lines_of(t, entrants, tables))
    return (
        "\n".join(
            f"{MEDALS[i]} " + " · ".join(names.get(p, str(p)) for p in step) for i, step in enumerate(steps)
        )
        or "-"
    )


def podium_announcement(t: Tournament, entrants: Sequence[Entrant], tables: Sequence[Table]) -> str:
    """The channel's post when a tournament ends, mentioning its podium."""
    with speaking(t.language):
        steps = podium(lines_of(t, entrants, tables))
        head = _("## Tournament #{id} is over: {title}", id=t.id, title=_(get_game(t.game).title))
        rows = [f"{MEDALS[i]} " + " · ".join(f"<@{p}>" for p in step) for i, step in enumerate(steps)]
        return "\n".join(
            [head, *rows, _("Thanks for playing! `/tournament standings` shows the whole table.")]
        )
