"""What makes slow games work: deadlines, reminders, pings, quiet hours and the bot taking over.

A paced game gives every human seat that owes a decision a stored deadline (in awake time, see
``bot.core.quiet``). Reminders go out about half-way and shortly before it. When it passes, the game's
bot player decides for the seat (or, where the choice is the player's alone, the game skips it:
``Game.missed_deadline``); after two misses in a row the bot keeps the seat until the
player presses **Reclaim seat** (both in ``bot.tell.takeover``). Everything is re-checked against
the database when it fires, so a deadline acts at most once, even across a restart.

A live table's step timer (``bot.tell.live_timer``) is the same machinery with plain seconds: one
stored deadline per human seat owing the step, all due when the step's timer runs out, no
reminders, no quiet hours and no hand-over to the bot.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.core.clock import now
from bot.core.quiet import QuietHours, advance_awake, quiet_end, reminder_times
from bot.core.running import RunningGame, running
from bot.core.speakers import user_language
from bot.games import get_game
from bot.i18n import N_, _, ngettext, speaking
from bot.ops.metrics import watch
from bot.storage import Deadline, GameRecord, MovePing
from bot.tell.live_timer import step_timer
from bot.tell.scheduler import Alarm, ClientAlarm, Job, JobClaims, JobKind, PollAlarm, Scheduler, job_of, poll
from bot.tell.takeover import decide_for_late_seat
from bot.ui.fault_lines import expected_fault
from bot.ui.outgoing import Outgoing, try_dm

if TYPE_CHECKING:
    from bot.ui.ports import Service as GameService

log = logging.getLogger(__name__)

# A "Your move" post once its move is made (the thread's language; the mentions no longer ping).
MOVED_ON = N_("{players}: that move has been made, and the game has moved on.")
# The scheduler holds the stored jobs due within HORIZON (and every job armed as a step opens that
# falls in it); the rest stay in the database until the horizon, moved on every REFILL seconds,
# reaches them. A restart then reads and arms the jobs due soon, not every reminder and deadline
# of every paced game (100,000 games are 1.2 million jobs). A job armed twice fires once (claims).
HORIZON = 15 * 60.0
REFILL = 5 * 60.0
# A restart arms only what falls before the horizon's first move (and a minute to spare): the
# first refill reads the rows due within HORIZON as every refill does (the rows it reads depend
# on the new horizon alone), so the jobs between are armed then at no extra cost, and a restart
# of 100,000 paced games reads a third of the rows it would (issue 31).
FIRST_HORIZON = REFILL + 60.0


class RefillAlarm(ClientAlarm):
    """The horizon's own wait through the client (see ``ClientAlarm``), never rung early."""

    EVENT: ClassVar[str] = "astrolabe_refill"


PACES = {
    N_("live"): 0,
    N_("1 hour"): 3600,
    N_("12 hours"): 12 * 3600,
    N_("24 hours"): 24 * 3600,
    N_("72 hours"): 72 * 3600,
}


def pace_text(seconds: int) -> str:
    """A pace in words, in the current language ("12 hours")."""
    return next((_(name) for name, value in PACES.items() if value == seconds), f"{seconds} s")


class Pacer:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.scheduler = Scheduler(self._fire, now, ClientAlarm(service.bot))
        self.claims = JobClaims(lambda: self.storage, now)
        self._poll: asyncio.Task[None] | None = None
        self._refill: asyncio.Task[None] | None = None
        # Jobs due by then are in the scheduler; later ones wait in the database (``HORIZON``).
        # Until the stored jobs are armed (``arm_stored``) every job is armed as it is made.
        self.armed_until = math.inf
        # game id -> (decision, due): when a live step's timer runs out, fixed when the step
        # opens (its status card shows it before ``schedule`` stores the deadlines).
        self._opening: dict[int, tuple[int, float]] = {}

    @property
    def storage(self) -> Any:
        return self.service.storage

    async def quiet_of(self, user_id: int) -> QuietHours:
        settings = await self.storage.user_settings(user_id)
        return QuietHours(settings.timezone, settings.quiet_start, settings.quiet_end)

    # ------------------------------------------------------------------ scheduling

    async def schedule(self, record: GameRecord) -> None:
        """Make the scheduler and the stored deadlines match the game's current step."""
        self.scheduler.clear_game(record.id)
        stored = await self.storage.deadlines(record.id)
        if record.status != "active":
            self._opening.pop(record.id, None)
            if stored:
                await self.storage.set_deadlines(record.id, [])
            return
        record = running(record)
        await self.retire_pings(record)
        if record.deadline_at is not None:
            self._arm(record.deadline_at, record.id, JobKind.COUNTDOWN, None, record.version)
        wanted = await self.deadlines(record, stored)
        for d in wanted:
            self._arm(d.due_at, record.id, JobKind.DUE, d.seat, d.decision)
            for when in d.reminders:
                self._arm(when, record.id, JobKind.REMIND, d.seat, d.decision)
            if not record.pace:
                continue  # a live table is awake: no panel is held back
            quiet = await self.quiet_of(record.seats[d.seat].user_id)
            if quiet.is_quiet(d.opened_at) and quiet.quiet_until(d.opened_at) > now():
                # The step opened during quiet hours, so its panel was held back until then.
                wake = quiet.quiet_until(d.opened_at)
                self._arm(wake, record.id, JobKind.WAKE, d.seat, d.decision)

    def _arm(self, when: float, game_id: int, kind: JobKind, seat: int | None, key: int) -> None:
        """Arm a job of the stored rows now if it falls within the horizon; a later one is armed
        from its row when the horizon reaches it (``_refill_forever``)."""
        if when <= self.armed_until:
            self.scheduler.add(when, game_id, kind, seat, key)

    async def deadlines(self, record: RunningGame, stored: list[Deadline] | None = None) -> list[Deadline]:
        """The deadlines of the current step, one per human seat that owes it, stored: those
        already set are kept, the missing ones start now. A step's panels show them
        (``deadline_line``), so ``Delivery`` asks for them before it sends the panels."""
        if stored is None:
            stored = await self.storage.deadlines(record.id)
        game = get_game(record.game)
        wanted: list[Deadline] = []
        timer = step_timer(record)
        if record.status == "active" and (record.pace or timer) and game.countdown(record.state) is None:
            decision = game.decision_id(record.state)
            existing = {d.seat: d for d in stored if d.decision == decision}
            for seat in game.to_act(record.state):
                if record.seats[seat].bot_controlled:
                    continue
                deadline = existing.get(seat)
                if deadline is None and timer:
                    due = self._step_due(record.id, decision, timer, list(existing.values()))
                    deadline = Deadline(record.id, seat, decision, due - timer, due, [])
                elif deadline is None:
                    quiet = await self.quiet_of(record.seats[seat].user_id)
                    start = now()
                    deadline = Deadline(
                        record.id,
                        seat,
                        decision,
                        start,
                        advance_awake(start, record.pace, quiet),
                        reminder_times(start, record.pace, quiet),
                    )
                wanted.append(deadline)
        if wanted != stored:
            await self.storage.set_deadlines(record.id, wanted, await self._wakes(record, wanted))
        return wanted

    async def _wakes(self, record: RunningGame, deadlines: list[Deadline]) -> dict[int, float]:
        """The seats whose step opened in their quiet hours, and when those end: the wake-up
        ``schedule`` arms, stored in the row's ``next_at`` so the horizon finds it in time."""
        if not record.pace:
            return {}
        wakes = {}
        for d in deadlines:
            quiet = await self.quiet_of(record.seats[d.seat].user_id)
            if quiet.is_quiet(d.opened_at):
                wakes[d.seat] = quiet.quiet_until(d.opened_at)
        return wakes

    def _step_due(self, game_id: int, decision: int, timer: int, stored: list[Deadline]) -> float:
        """When the live step ``decision`` runs out: as fixed when it opened (kept here, or in a
        stored deadline of the step after a restart), else ``timer`` seconds from now."""
        opened = self._opening.get(game_id)
        if opened is not None and opened[0] == decision:
            return opened[1]
        due = min((d.due_at for d in stored if d.decision == decision), default=now() + timer)
        self._opening[game_id] = (decision, due)
        return due

    async def step_due(self, record: RunningGame) -> float | None:
        """When the current step's live timer runs out, for the status card's countdown; None
        when no timer runs (paced or off, the game's own countdown, only bot seats to wait for)."""
        timer = step_timer(record)
        game = get_game(record.game)
        if not timer or record.status != "active" or game.countdown(record.state) is not None:
            return None
        if all(record.seats[seat].bot_controlled for seat in game.to_act(record.state)):
            return None
        decision = game.decision_id(record.state)
        opened = self._opening.get(record.id)
        if opened is not None and opened[0] == decision:
            return opened[1]  # no database read for every move of the step
        return self._step_due(record.id, decision, timer, await self.storage.deadlines(record.id))

    async def arm_stored(self) -> int:
        """Arm the stored timers due before the horizon first moves (``FIRST_HORIZON``) from the
        rows the timers need (due times, decision ids), without loading any game's state, and
        keep the horizon moving: a restart with thousands of games resumes at once. Returns how
        many jobs were armed."""
        self.armed_until = until = now() + FIRST_HORIZON
        jobs = await self.storage.timed_jobs(before=until, now=now(), quiet_end=quiet_end)
        if self._refill is None or self._refill.done():
            self._refill = asyncio.get_running_loop().create_task(
                self._refill_forever(RefillAlarm(self.service.bot)), name="astrolabe-timer-horizon"
            )
        return self.scheduler.add_many(job_of(timed) for timed in jobs)

    async def refill(self) -> int:
        """Move the horizon on: arm the stored jobs due between the old horizon and the new one."""
        after, self.armed_until = self.armed_until, now() + HORIZON
        jobs = await self.storage.timed_jobs(
            before=self.armed_until, after=after, now=now(), quiet_end=quiet_end
        )
        return self.scheduler.add_many(job_of(timed) for timed in jobs)

    async def _refill_forever(self, alarm: Alarm) -> None:
        """Forever, every ``REFILL`` seconds: ``refill``. It must not stop (the jobs past the
        horizon would never be armed), so a failure is logged and the next round tries again."""
        while True:
            try:
                await alarm.sleep(REFILL)
            except Exception:  # a client that never logged in (a bench, a tool) has no loop to wait on
                alarm = Alarm()
                await alarm.sleep(REFILL)
            try:
                await self.refill()
            except Exception as error:
                if not expected_fault(error, watch=watch()):
                    log.exception("arming the timers of the next minutes failed")

    def start_polling(self, every: float) -> None:
        """Where other processes share the database: look for overdue jobs nobody holds (their
        process died) every ``every`` seconds."""
        if self._poll is None or self._poll.done():
            self._poll = asyncio.get_running_loop().create_task(
                poll(
                    self.scheduler, lambda: self.storage, now, every=every, alarm=PollAlarm(self.service.bot)
                ),
                name="astrolabe-timer-poll",
            )

    def close(self) -> None:
        if self._poll is not None:
            self._poll.cancel()
            self._poll = None
        if self._refill is not None:
            self._refill.cancel()
            self._refill = None
        self.scheduler.close()

    # ------------------------------------------------------------------ pings

    async def ping_step(
        self, record: RunningGame, seats: list[int], channel: Any, message: discord.Message | None
    ) -> list[int]:
        """Mention the seats that owe a decision (paced games, once per step) and return the
        seats whose panel goes out by DM now.

        In a paced game the panel DM is the ping, so it follows each player's ``/settings``:
        players who chose mentions or no pings open their panel from the thread instead, and
        during quiet hours nothing is sent (``schedule`` sets a wake-up for when they end).
        """
        if not record.pace:
            return seats
        deliver, mentions = [], []
        for seat in seats:
            user_id = record.seats[seat].user_id
            settings = await self.storage.user_settings(user_id)
            if QuietHours(settings.timezone, settings.quiet_start, settings.quiet_end).is_quiet(now()):
                continue
            if settings.ping in ("both", "dm"):
                deliver.append(seat)
            if settings.ping in ("both", "mention"):
                mentions.append(user_id)
        if mentions and channel is not None:
            await self.mention(record, channel, mentions, reference=message)
        return deliver

    async def mention(
        self,
        record: RunningGame,
        channel: Any,
        user_ids: list[int],
        *,
        reference: discord.Message | None = None,
    ) -> None:
        """ "Your move" in the thread, pinging exactly these players (and never failing the step)."""
        from bot.tell.seat_panels import panel_button_view

        extra: dict[str, Any] = {"reference": reference, "mention_author": False} if reference else {}
        players = ", ".join(f"<@{u}>" for u in user_ids)
        with speaking(record.language):
            # Said to one player or to several at once (a translation may address them as "you all").
            text = ngettext(
                "Your move: {players} (you have {pace}).",
                "Your move: {players} (you have {pace}).",
                len(user_ids),
                players=players,
                pace=pace_text(record.pace),
            )
            view = panel_button_view(record.id)
        message = await self.service.delivery.post(
            record, channel, text, mentions=tuple(user_ids), view=view, **extra
        )
        if message is not None:  # live until its move is made (``retire_pings``)
            decision = get_game(record.game).decision_id(record.state)
            ping = MovePing(record.id, message.id, message.channel.id, decision, tuple(user_ids))
            await self.service.delivery.copies.track_move_ping(ping, message)

    async def retire_pings(self, record: RunningGame) -> None:
        """A "Your move" post whose players no longer owe the decision it was posted for (they
        played, or the step moved on) loses its button and says so, in one line."""
        if not record.pace:
            return
        copies = self.service.delivery.copies
        pings = await copies.move_pings(record.id)
        if not pings:
            return
        game = get_game(record.game)
        decision = game.decision_id(record.state)
        owing = {record.seats[seat].user_id for seat in game.to_act(record.state)}
        for ping in pings:
            if ping.decision == decision and owing.intersection(ping.user_ids):
                continue
            with speaking(record.language):
                line = _(MOVED_ON, players=", ".join(f"<@{user}>" for user in ping.user_ids))
            await copies.retire_move_ping(ping, line)

    # ------------------------------------------------------------------ firing

    async def _fire(self, job: Job) -> None:
        """Fire a due job once across every process sharing the database (claimed there)."""
        async with self.claims.hold(job) as claimed:
            if claimed:
                await self._run_job(job)

    async def _run_job(self, job: Job) -> None:
        if job.kind is JobKind.COUNTDOWN:
            await self.service.perform_system(job.game_id, {"kind": "timeout"}, expected_version=job.key)
            return
        assert job.seat is not None
        handler = {
            JobKind.DUE: self._deadline_passed,
            JobKind.REMIND: self._remind,
            JobKind.WAKE: self._wake,
        }[job.kind]
        async with self.service.lock(job.game_id):
            await handler(job)

    async def _current(self, job: Job) -> RunningGame | None:
        """The game, if the job's seat still owes the job's decision (else the job is stale)."""
        record = await self.service.checked(await self.storage.load(job.game_id))
        if record is None or record.status != "active" or record.set_aside:
            return None
        record = running(record)
        game = get_game(record.game)
        if game.decision_id(record.state) != job.key:
            # A row of an older step (a crash came between a move and its new deadlines, which
            # start-up does not look for): the current step gets its own timers now.
            await self.service.settle(record)
            return None
        if job.seat not in game.to_act(record.state):
            return None
        if record.seats[job.seat].bot_controlled:
            return None
        return record

    async def _deadline_passed(self, job: Job) -> None:
        record = await self._current(job)
        assert job.seat is not None
        if record is None:
            await self.storage.drop_deadline(job.game_id, job.seat, job.key)
            return
        await decide_for_late_seat(self.service, record, job.seat, job.key)

    async def _remind(self, job: Job) -> None:
        record = await self._current(job)
        if record is None:
            return
        assert job.seat is not None
        info = record.seats[job.seat]
        deadline = next((d for d in await self.storage.deadlines(record.id) if d.seat == job.seat), None)
        if deadline is None:
            return
        quiet = await self.quiet_of(info.user_id)
        if quiet.is_quiet(now()):
            later = quiet.quiet_until(now())
            if later < deadline.due_at:
                self.scheduler.add(later, record.id, JobKind.REMIND, job.seat, job.key)
            return
        remaining = [when for when in deadline.reminders if when > job.when]
        await self.storage.set_reminders(record.id, job.seat, job.key, remaining)
        settings = await self.storage.user_settings(info.user_id)
        from bot.tell.seat_panels import jump_link

        title = get_game(record.game).title
        when, mention = f"<t:{int(deadline.due_at)}:R>", f"<@{info.user_id}>"
        if settings.ping in ("both", "dm"):
            user = await self.service.user(info.user_id)
            if user is not None:
                with speaking(await user_language(self.service.bot, info.user_id)):
                    out = Outgoing(
                        _(
                            "Reminder: **{title}** (game #{id}) is waiting for your move. Time "
                            "runs out {when}.\n[Jump to the game]({link})",
                            title=_(title),
                            id=record.id,
                            when=when,
                            link=jump_link(record),
                        ),
                        _("Your move"),
                    )
                await try_dm(user, out)
        if settings.ping in ("both", "mention"):
            with speaking(record.language):
                text = _(
                    "{player} Reminder: **{title}** (game #{id}) is waiting for your move. Time runs "
                    "out {when}.",
                    player=mention,
                    title=_(title),
                    id=record.id,
                    when=when,
                )
            await self.service.delivery.post(record, None, text, mentions=(info.user_id,))

    async def _wake(self, job: Job) -> None:
        """Quiet hours are over: deliver the panel (and the mention) that were held back."""
        record = await self._current(job)
        if record is None or job.seat is None or not record.pace:
            return  # a live step's panel was never held back (restart rows may still say so)
        channel = await self.service.play_channel(record)
        user_id = record.seats[job.seat].user_id
        ping = (await self.storage.user_settings(user_id)).ping
        if ping in ("both", "dm"):
            await self.service.send_panel(record, job.seat, channel)
        if channel is not None and ping in ("both", "mention"):
            await self.mention(record, channel, [user_id])
