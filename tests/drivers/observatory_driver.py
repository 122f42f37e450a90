"""Drive Observatory through SimCord the way players do: panels, selects and buttons only.

The driver reads the engine's state only to know when to stop and to check what a panel
offers; every move is a real click or select on a real message (a DM, or an ephemeral panel
for players with closed DMs).
"""

from __future__ import annotations

from typing import Any

from bot.games import get_game
from tests.drivers import driver
from tests.drivers.helpers import (
    PanelTable,
    all_text,
    controls,
    current_record,
    custom_ids,
    dm_history,
    find_component,
    refresh,
    said,
)

SLUG = "observatory"
# The newest table, so a benchmark that plays through this driver can read its taps per turn.
LAST_TABLE: list[Any] = []
GAME = get_game(SLUG)
start_game = driver.starter(SLUG)
CLOSED_DM = {"status": 403, "code": 50007, "message": "Cannot send messages to this user"}
# What the driver does on a draft panel's home stage after its lists of moves, most wanted first.
GO_ORDER = ("c", "p", "s", "r", "g", "d", "f")
DRAFT_KINDS = ("decide", "night_bonus")


async def open_table(env, names=("ada", "bea")):
    return await driver.open_table(env, names)


def close_dms(env, player) -> None:
    env.inject_error("POST", f"/channels/{player.user.dm_channel.id}/messages", times=None, **CLOSED_DM)


def decision_of(message) -> str | None:
    """The decision id a panel's components carry (``obs:<kind>:<game>:<decision>:…``)."""
    ids = [i.split(":") for i in custom_ids(message) if i.startswith("obs:")]
    return ids[0][3] if ids else None


def go_stage(custom_id: str) -> str:
    return custom_id.split(":", 4)[4]


class ObsTable(PanelTable):
    """One game's players; finds each one's live panel and plays it through."""

    def __init__(self, env, channel, players, closed=()):
        super().__init__(env, channel, players, closed)
        self.seen_codes: set[str] = set()  # kinds of actions confirmed (plot, res, cp, take…)
        self.lens_wanted = False  # set to use the Lens once, the first time a panel offers it
        self.lens_offered = False
        # (decision, choice kind, seat, active seat, interactions) of every part of a step played
        self.log: list[tuple[int, str, int, int, int]] = []
        # (seat, codes played and the sheet's picture name) of each draft move, in order
        self.moves: list[tuple[int, str, str]] = []
        self.trace: list[tuple[int, str, str, str]] = []  # (seat, choice kind, item, value) of each tap
        self.kind = "-"  # the choice being played
        self.optional: set[int] = set()  # the seat's banked bonuses that may wait
        self.optional_spent = False  # one of them was spent in this step
        LAST_TABLE[:] = [self]

    def taps_per_turn(self) -> dict[str, list[int]]:
        """Interactions of each complete turn: the roller's roll plus their use of it, and each other
        player's use of it (a night's opening bonus and the refills are steps of their own)."""
        roller, others, rolled = [], [], {}
        for _decision, kind, seat, active, taps in self.log:
            if kind == "roll":
                rolled[seat] = taps
            elif kind == "decide":
                if seat == active:
                    roller.append(taps + rolled.pop(seat, 0))
                else:
                    others.append(taps)
        return {"roller": roller, "others": others}

    async def panel(self, player):
        """The player's newest live copy (one live panel per player): their DM panel, or the
        ephemeral copy ``/game hand`` or **Open my panel** made live, which is then edited in
        place for their next moves. Closed-DM players open a fresh copy each turn, as they must
        after a restart (the bot can't edit copies it no longer knows)."""
        if player.name in self.closed:
            return await super().panel(player)
        dms = [m for m in dm_history(player) if controls(m)]
        mine = [
            m
            for m in self.thread.history(viewer=player)
            if m.flags.ephemeral and any(i.startswith("obs:") for i in custom_ids(m))
        ]
        live = sorted([*dms, *mine], key=lambda m: m.id)
        return live[-1] if live else None

    def on(self, player, message):
        """Who clicks ``message``: the member in the guild (an ephemeral copy) or the user (a DM)."""
        return player if message.flags.ephemeral else player.user

    def reload(self, player, message):
        if message.flags.ephemeral:
            return refresh(self.thread, message, viewer=player)
        return refresh(player.user.dm_channel, message)

    async def click(self, player, message, custom_id):
        self.clicks += 1
        return await self.on(player, message).click(message, custom_id=custom_id)

    async def select(self, player, message, custom_id, values):
        self.clicks += 1
        return await self.on(player, message).select(message, values, custom_id=custom_id)

    async def play_turn(self, player, message=None, *, avoid: tuple[str, ...] = ()) -> Any:
        """Walk the player's panel until their part of the current decision is in.

        ``avoid`` lists home-stage prefixes to skip (e.g. ``("c",)`` to leave goals unfinished).
        Returns the last interaction result.
        """
        message = message or await self.panel(player)
        assert message is not None, f"no panel for {player.name}"
        result = None
        decision_of_before = decision_of(message)
        record = await current_record(self.env)
        seat = self.players.index(player)
        what = (GAME.view(record.state, seat).get("choice") or {}).get("kind", "-") if record else "-"
        started = self.clicks
        self.kind = what
        entry = [
            GAME.decision_id(record.state) if record else -1,
            what,
            seat,
            record.state.get("active", -1) if record else -1,
        ]
        # the roller's turn is the longest: the bonuses that may wait wait for another step
        self.optional_spent = what == "decide" and entry[2] == entry[3]
        for _ in range(120):
            self.optional = await self.optional_grants(seat)
            step = self.next_step(message, avoid)
            if step is None:
                self.log.append((*entry, self.clicks - started))
                return result
            kind, custom_id, values = step
            self.trace.append(
                (
                    seat,
                    what,
                    custom_id.split(":")[1] + ":" + custom_id.split(":")[-1],
                    values[0] if values else "",
                )
            )
            if kind == "select":
                result = await self.select(player, message, custom_id, values)
                if custom_id.startswith("obs:play:"):
                    self.seen_codes.add(values[0].split(".")[0])
                    self.optional_spent |= self.grant_of(values[0]) in self.optional
                    self.optional_spent |= values[0].startswith("cp.")  # its bonus and new goal come first
            else:
                result = await self.click(player, message, custom_id)
                if custom_id.startswith("obs:do:"):
                    code = custom_id.split(":")[5]
                    self.seen_codes.add("take" if code.startswith("done.") else code.split(".")[0])
                    self.optional_spent |= ":cp." in custom_id
            before = (custom_ids(message), all_text(message))
            message = self.reload(player, message)
            if kind == "select" and custom_id.startswith("obs:play:") or ":cp." in custom_id:
                self.moves.append(
                    (
                        seat,
                        values[0] if values else custom_id.split(":")[5],
                        ",".join(a.filename for a in message.attachments),
                    )
                )
            if not controls(message) or decision_of(message) != decision_of_before:
                self.log.append((*entry, self.clicks - started))
                return result  # done; a panel that moved on to the next decision is the next turn's
            after = (custom_ids(message), all_text(message))
            if after == before and kind == "click":
                told = said(result) if result else ""
                raise AssertionError(f"{player.name}'s click on {custom_id} changed nothing: {told}")
        raise AssertionError(f"{player.name}'s panel never finished: {custom_ids(message)}")

    def next_step(self, message, avoid) -> tuple[str, str, list[str]] | None:
        ids = custom_ids(message)
        lens_go = [i for i in ids if i.startswith("obs:go:") and go_stage(i) == "l"]
        self.lens_offered |= bool(lens_go)
        if self.lens_wanted:
            uses = [i for i in ids if ":lens." in i]
            if uses:
                self.lens_wanted = False
                return "click", uses[0], []
            if lens_go:
                return "click", lens_go[0], []
        confirms = [
            i
            for i in ids
            if i.startswith("obs:do:")
            and not i.endswith(":undo")
            and ":lens." not in i
            and not (":cp." in i and "c" in avoid)
        ]
        # a preview's confirm, a one-way completion (or a one-button panel such as Roll) comes first;
        # a draft's Finish (``done``, or ``done.<take>`` with a new goal) comes last
        # a card whose list completes it with its bonus: the list (one tap) before its button (two)
        listed = {
            ".".join(o.value.split(".")[:2])
            for i in ids
            if i.startswith("obs:play:")
            for o in find_component(message, i).options
            if o.value.startswith("cp.")
        }
        early = [
            i
            for i in confirms
            if not i.endswith(":done")
            and ":done." not in i
            and ".".join(i.split(":")[5].split(".")[:2]) not in listed
        ]
        if early:
            return "click", early[0], []
        picks = [i for i in ids if i.startswith("obs:pick:")]
        if picks:
            select = find_component(message, picks[0])
            count = select.min_values or 1
            return "select", picks[0], [o.value for o in select.options[:count]]
        for play in (i for i in ids if i.startswith("obs:play:")):  # a list of moves: the first plays at once
            value = find_component(message, play).options[0].value
            if self.grant_of(value) not in self.optional or not self.optional_spent:
                return "select", play, [value]
        gos = [i for i in ids if i.startswith("obs:go:") and go_stage(i) not in ("h",)]
        for head in GO_ORDER:
            if head in avoid:
                continue
            match = [i for i in gos if go_stage(i)[:1] == head and self.wanted(message, i)]
            if match:
                return "click", match[0], []
        if confirms:  # Finish and take the first new goal in one tap (the roller), else Finish
            return "click", sorted(confirms, key=lambda i: ":done." not in i)[0], []
        return None

    def wanted(self, message, custom_id) -> bool:
        """The shortest path through a turn: a bonus that must be used is, and of those that may
        wait, one a step at most (the first the panel offers, so they never pile up), and none in
        the roller's turn or a step that completes a card (whose bonus and new goal take those
        taps)."""
        stage = go_stage(custom_id)
        if stage[:1] not in ("g", "b"):
            return True
        if stage[:1] == "g" and int(stage[1:].rstrip("sr") or -1) not in self.optional:
            return True
        return not self.optional_spent

    @staticmethod
    def grant_of(code: str) -> int | None:
        """The banked bonus a move's code spends (``fs.3.C4``, ``fr.3.lens.4``), if any."""
        parts = code.split(".")
        return int(parts[1]) if parts[0] in ("fs", "fr") and len(parts) > 2 else None

    async def optional_grants(self, seat: int) -> set[int]:
        """The seat's banked bonuses that may wait (the driver spends one a step at most)."""
        record = await current_record(self.env)
        choice = (GAME.view(record.state, seat).get("choice") or {}) if record else {}
        return {g["id"] for g in choice.get("grants") or [] if not g.get("required")}


async def play_until(env, table, done, *, avoid=()):
    """Play every pending decision through the panels until ``done(public_view)``."""
    for _ in range(2000):
        record = await current_record(env)
        if record is None:
            return None
        view = GAME.view(record.state, None)
        if done(view):
            return record
        waiting = GAME.to_act(record.state)
        assert waiting, "an active game always waits for someone"
        await table.play_turn(table.players[waiting[0]], avoid=avoid)
    raise AssertionError("the game did not reach the expected point")


def secret_card_names(state) -> dict[str, str]:
    """Names of cards no public view has shown (hands during the keep step, deck order)."""
    from bot.games.observatory.components import load_cards

    public = GAME.view(state, None)
    shown = set(public.get("cards") or {})
    return {cid: card.name for cid, card in load_cards().items() if cid not in shown}
