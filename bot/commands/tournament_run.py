"""A tournament runs itself: sign-up closes, each round is paired and its tables open at once, a
round closes when its last table finishes (or at its deadline, where the bot finishes for the
late), then the next round is paired or the podium posted.

Everything is re-read from the database when it happens, so a restart mid-round carries on: the
clock re-arms every due tournament, opens tables a dead process left unopened and records games
that finished while the bot was away. Several processes share the work safely: a due tournament
is leased to one, a round opens once (``Storage.open_round``), a table gets one game, a round
closes once.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Final

import discord

from bot.commands.tournament_card import card_embed, lines_of, podium_announcement
from bot.commands.tournament_pairs import fewest, pair_round
from bot.commands.tournament_signup import signup_view
from bot.commands.tournament_tables import finish_late, forfeit_places, open_table, result_of
from bot.core.clock import now
from bot.i18n import _, speaking
from bot.storage import GameRecord
from bot.storage.skill import ordinal
from bot.storage.tournaments import Entrant, NewTable, Table, Tournament
from bot.tell.due_clock import LEASE_SECONDS, DueClock
from bot.tell.scheduler import JobKind
from bot.tournaments.pairing import Pairing
from bot.ui.outgoing import only_users

log = logging.getLogger(__name__)

MIN_GRACE: Final = 600.0  # after a deadline, how long the bot has to play the late seats out
UNRATED: Final = 0.0  # the seeding rating of a player with no rated game of the title


def grace(t: Tournament) -> float:
    return max(MIN_GRACE, t.round_seconds / 4)


class TournamentClock(DueClock[Tournament]):
    """Every due tournament (keyed by id), and what happens at each step."""

    KIND = JobKind.TOURNAMENT
    EVENT = "astrolabe_tournament"
    NAME = "tournament"
    PLURAL = "tournaments"
    ATTRIBUTE = "tournaments"
    OPEN = frozenset(("signup", "running"))

    async def due(self) -> Sequence[Tournament]:
        return await self.storage.due_tournaments()

    async def load(self, key: int) -> Tournament | None:
        return await self.storage.tournament(key)

    async def claim(self, item: Tournament) -> bool:
        return await self.storage.claim_tournament(item.id, now=now(), lease=LEASE_SECONDS)

    async def release(self, item: Tournament) -> None:
        await self.storage.release_tournament(item.id)

    async def act(self, t: Tournament, guild: discord.Guild) -> None:
        if t.status == "signup":
            await self.close_signup(t)
        else:
            await self.deadline(t)

    async def acted(self, t: Tournament) -> None:
        await self.release(t)

    async def caught_up(self, t: Tournament) -> None:
        if t.status == "running" and self.bot.get_guild(t.guild_id) is not None:
            try:
                await self.catch_up(t)
            except Exception:
                log.exception("tournament %s: catching up after a restart failed", t.id)

    # ---- the steps ----------------------------------------------------------------------------

    async def close_signup(self, t: Tournament) -> None:
        """Seed the field by rating and open round 1, or cancel when too few signed up."""
        entrants = await self._still_here(t, await self.storage.entrants(t.id))
        ratings = {e.user_id: await self._rating(t, e.user_id) for e in entrants}
        await self.storage.set_entrant_ratings(t.id, ratings)
        if len(entrants) < fewest(t):
            await self.storage.end_tournament(t.id, "cancelled")
            self.disarm(t.id)
            with speaking(t.language):
                text = _(
                    "Tournament #{id} is cancelled: sign-up closed with too few players ({n}).",
                    id=t.id,
                    n=len(entrants),
                )
            await self._say(t, text)
            await self.refresh(t.id)
            await self.event_to(t, discord.EventStatus.cancelled)
            return
        await self.next_round(t)
        await self.event_to(t, discord.EventStatus.active)

    async def _rating(self, t: Tournament, user_id: int) -> float:
        rows = await self.storage.player_ratings(t.guild_id, user_id, t.game)
        return max((ordinal(r.mu, r.sigma) for r in rows), default=UNRATED)

    async def _still_here(self, t: Tournament, entrants: Sequence[Entrant]) -> list[Entrant]:
        """The entrants still playing; one who left the server is marked so (no member intent
        needed: the server is asked)."""
        guild = self.bot.get_guild(t.guild_id)
        kept = []
        for e in entrants:
            if e.status != "in":
                continue
            if guild is not None and guild.get_member(e.user_id) is None:
                try:
                    await guild.fetch_member(e.user_id)
                except discord.NotFound:
                    await self.storage.stop_entrant(t.id, e.user_id, "left")
                    continue
                except discord.HTTPException:
                    pass
            kept.append(e)
        return kept

    async def next_round(self, t: Tournament) -> None:
        """Pair and open the round after ``t.round_no``, or end the tournament."""
        await self._still_here(t, await self.storage.entrants(t.id))  # who left the server is marked
        state = await self.storage.tournament_state(t.id)
        if state is None:
            return
        t, entrants, tables = state
        if t.status not in ("signup", "running"):
            return
        pairings = pair_round(t, entrants, [e for e in entrants if e.status == "in"], tables)
        if pairings is None:
            await self.finish(t)
            return
        deadline = now() + t.round_seconds
        new = [NewTable(p.players, p.why.value) for p in pairings]
        if not await self.storage.open_round(t.id, t.round_no, new, deadline=deadline):
            return  # another process opened it
        opened = await self.storage.tournament(t.id)
        assert opened is not None
        self.arm(opened)
        log.info("tournament %s opened round %s with %d tables", t.id, opened.round_no, len(new))
        await self._announce_round(opened, pairings)
        await self.open_tables(opened)
        await self.refresh(t.id)
        await self.after_table(t.id, opened.round_no)  # a round of byes alone is over at once

    async def open_tables(self, t: Tournament) -> None:
        """Open every table of the round still waiting for its game (all at once)."""
        entrants = {e.user_id: e for e in await self.storage.entrants(t.id)}
        tables = [x for x in await self.storage.tournament_tables(t.id) if x.round_no == t.round_no]
        for table in tables:
            if table.status == "waiting":
                await open_table(self.bot, t, table, entrants)

    async def deadline(self, t: Tournament) -> None:
        """The round's time is up: the bot finishes for the late; after the grace, a game that
        still runs is closed with the late placed last."""
        rounds = await self.storage.tournament_rounds(t.id)
        current = next((r for r in rounds if r.round_no == t.round_no), None)
        if current is None or current.closed_at is not None:
            return
        final = now() >= current.deadline_at + grace(t) - 1
        for table in [x for x in await self.storage.tournament_tables(t.id) if x.round_no == t.round_no]:
            if table.status == "waiting":
                entrants = {e.user_id: e for e in await self.storage.entrants(t.id)}
                await open_table(self.bot, t, table, entrants)
                continue
            if table.status != "playing" or table.game_id is None:
                continue
            record = await self.storage.load(table.game_id)
            if record is None:
                continue
            if record.status == "finished":
                await self.table_done(record)
            elif final or record.status == "cancelled":  # a cancelled table can't end by play
                await self._forfeit(t, table, record)
            else:
                await finish_late(self.bot, t, table, record)
        await self.after_table(t.id, t.round_no)  # every table may be done (a crash before the close)
        reloaded = await self.storage.tournament(t.id)
        if reloaded is not None and reloaded.round_no == t.round_no and reloaded.status == "running":
            if not final:
                await self.storage.set_tournament_due(t.id, "running", current.deadline_at + grace(t))
                self.arm(reloaded, current.deadline_at + grace(t))
            await self.refresh(t.id)

    async def _forfeit(self, t: Tournament, table: Table, record: GameRecord) -> None:
        if record.status in ("lobby", "active"):
            await self.storage.set_status(record.id, "cancelled")
            self.bot.service.disarm(record.id)
        late = (await self.storage.tournament_table(table.id)) or table
        if await self.storage.finish_table(table.id, forfeit_places(late), [0] * len(table.players)):
            await self.after_table(t.id, table.round_no)

    async def catch_up(self, t: Tournament) -> None:
        """After a restart: tables left unopened open, games that ended while away count."""
        for table in await self.storage.tournament_tables(t.id):
            if table.round_no != t.round_no or table.status != "playing" or table.game_id is None:
                continue
            record = await self.storage.load(table.game_id)
            if record is not None and record.status == "finished":
                await self.table_done(record)
        fresh = await self.storage.tournament(t.id)
        if fresh is not None and fresh.status == "running":
            await self.open_tables(fresh)
            await self.after_table(t.id, fresh.round_no)

    async def table_done(self, record: GameRecord) -> None:
        """A game ended: if it is a tournament table, record its places and move the round on."""
        table = await self.storage.table_of_game(record.id)
        if table is None:
            return
        result = result_of(record)
        if result is None:
            return
        if await self.storage.finish_table(table.id, *result):
            log.info("tournament %s: table %s finished", table.tournament_id, table.id)
            await self.refresh(table.tournament_id)
            await self.after_table(table.tournament_id, table.round_no)

    async def after_table(self, tournament_id: int, round_no: int) -> None:
        """Close the round once its every table is done (once, in one process), then go on."""
        t = await self.storage.tournament(tournament_id)
        if t is None or t.status != "running" or t.round_no != round_no:
            return
        tables = [x for x in await self.storage.tournament_tables(t.id) if x.round_no == round_no]
        if any(x.status in ("waiting", "playing") for x in tables):
            return
        if await self.storage.close_round(t.id, round_no):
            await self.next_round(t)

    async def finish(self, t: Tournament) -> None:
        if not await self.storage.end_tournament(t.id, "finished"):
            return
        self.disarm(t.id)
        entrants = await self.storage.entrants(t.id)
        tables = await self.storage.tournament_tables(t.id)
        done = await self.storage.tournament(t.id)
        assert done is not None
        text = podium_announcement(done, entrants, tables)
        channel = await self.bot.service.channel(t.channel_id)
        if channel is not None:
            winners = [line.player for line in lines_of(done, entrants, tables)[:3]]
            await channel.send(text, allowed_mentions=only_users(*winners))
        await self.refresh(t.id)
        await self.event_to(t, discord.EventStatus.completed)
        log.info("tournament %s finished", t.id)

    async def event_to(self, t: Tournament, status: discord.EventStatus) -> None:
        """Move the tournament's server event along (started at round 1, ended with the podium,
        cancelled with the tournament); an event deleted in Discord is left alone."""
        guild = self.bot.get_guild(t.guild_id)
        if t.event_id is None or guild is None:
            return
        try:
            event = await guild.fetch_scheduled_event(t.event_id)
            if status is discord.EventStatus.cancelled and event.status is discord.EventStatus.scheduled:
                await event.cancel()
            elif status is discord.EventStatus.cancelled or status is discord.EventStatus.completed:
                if event.status is discord.EventStatus.active:
                    await event.end()
            elif event.status is discord.EventStatus.scheduled:
                await event.start()
        except discord.HTTPException as error:
            log.info("tournament %s: its event could not move on (%s)", t.id, error)

    # ---- saying it ----------------------------------------------------------------------------

    async def _say(self, t: Tournament, text: str, *pinged: int) -> None:
        channel = await self.bot.service.channel(t.channel_id)
        if channel is not None:
            await channel.send(text, allowed_mentions=only_users(*pinged))

    async def _announce_round(self, t: Tournament, pairings: Sequence[Pairing]) -> None:
        players = sorted({p for x in pairings for p in x.players})
        with speaking(t.language):
            text = _(
                "**Tournament #{id}, round {round}** is paired: each table has its own thread below, "
                "and the round ends <t:{ts}:R> at the latest.",
                id=t.id,
                round=t.round_no,
                ts=int(t.due_at or now()),
            )
        await self._say(t, text + "\n" + " ".join(f"<@{p}>" for p in players), *players)

    async def refresh(self, tournament_id: int) -> None:
        """Redraw the tournament's card in its channel (a card gone is only logged)."""
        t = await self.storage.tournament(tournament_id)
        if t is None or t.card_message_id is None:
            return
        channel: Any = await self.bot.service.channel(t.channel_id)
        if channel is None:
            return
        entrants = await self.storage.entrants(t.id)
        tables = await self.storage.tournament_tables(t.id)
        try:
            await channel.get_partial_message(t.card_message_id).edit(
                embed=card_embed(t, entrants, tables), view=signup_view(t)
            )
        except discord.HTTPException as error:
            log.warning("tournament %s: could not redraw its card: %s", t.id, error)
