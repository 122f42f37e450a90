"""Drive A Sky of Stars through SimCord the way players do: panels, selects and buttons."""

from __future__ import annotations

import re

from bot.games import get_game
from tests.drivers.driver import NAMES, open_table, starter
from tests.drivers.helpers import (
    all_text,
    current_record,
    custom_ids,
    find_component,
    game_thread,
    latest_panel,
    refresh,
)

GAME = get_game("sky-of-stars")
start_game = starter(GAME.slug)


async def open_lobby(env, n_players=3):
    return await open_table(env, NAMES[:n_players])


class Table:
    """Drives one game: finds each player's panel (DM or ephemeral) and plays it along the
    shortest path (a pick, then the button that makes the move; one press when the panel
    offers the move already picked). ``taps`` records every decision played: (player, kind of
    choice, roll number or None, interactions it took). ``before_move(player, message, button)``,
    if set, is awaited just before a move's button is pressed (a test checks the preview there).
    ``far_origin``: when a line's end is reached from several stars, draw it from the farthest
    one (the last of the origin menu, one more pick) instead of the nearest the panel offers."""

    def __init__(self, env, channel, players, closed):
        self.env, self.channel, self.players, self.closed = env, channel, players, closed
        self.ephemeral = {}  # player name -> latest ephemeral panel message
        self.taps = []
        self.before_move = None
        self.far_origin = False

    @property
    def thread(self):
        return game_thread(self.channel)

    async def panel(self, player):
        if player.name in self.closed:
            status = self.thread.history()
            opener = next(m for m in reversed(status) if find_component(m, "astro:panel:"))
            result = await player.click(opener, custom_id=find_component(opener, "astro:panel:").custom_id)
            return (result.followups or [result.response])[-1].message
        return latest_panel(player)

    async def act(self, player, message, chooser, *, step=None):
        """Walk a panel: pick with the first select until a play button shows, then press it.
        ``step`` (kind, roll) labels the decision in ``taps``."""
        actor = player if player.name in self.closed else player.user
        taps = 1 if player.name in self.closed else 0  # opening an ephemeral panel is a tap too
        for _ in range(6):
            ids = custom_ids(message)
            play = [i for i in ids if i.startswith("sky:do:") and ":stop:" not in i and ":pass:" not in i]
            via = self.other_origin(message, ids)
            if play and via is not None:
                select, star = via
                result = await actor.select(message, [star], custom_id=select.custom_id)
                taps += 1
                message = self.reload(player, message, result)
                continue
            if play:
                button = chooser(play)
                if self.before_move is not None:
                    await self.before_move(player, message, button)
                result = await actor.click(message, custom_id=button)
                self.taps.append((player.name, *(step or (None, None)), taps + 1))
                return result
            picks = [c for c in (find_component(message, i) for i in ids if i.startswith("sky:pick:"))]
            if not picks:
                return None
            select = picks[0]
            result = await actor.select(message, [select.options[0].value], custom_id=select.custom_id)
            taps += 1
            message = self.reload(player, message, result)
        raise AssertionError("panel never offered a play button")

    def other_origin(self, message, ids):
        """With ``far_origin``: the origin menu and its last star, if not picked yet."""
        if not self.far_origin:
            return None
        select = next(
            (find_component(message, i) for i in ids if i.startswith("sky:pick:") and ":via." in i), None
        )
        if select is None or select.options[-1].default:
            return None
        return select, select.options[-1].value

    def reload(self, player, message, result):
        if player.name in self.closed:
            # an ephemeral panel is edited in place; read it back as that player sees it
            return refresh(self.thread, message, viewer=player)
        return refresh(player.user.dm_channel, message)


def taps_per_roll(taps) -> list[int]:
    """The interactions each roll's line took (a roll's stroke and the optional last line)."""
    return [n for _player, kind, _roll, n in taps if kind == "stroke"]


async def press_public(thread, player, kind, *, confirm=True):
    """Click the newest public button of a kind (stop, guess…) in the thread. STOP first asks,
    in a private reply; ``confirm`` presses its **Yes, call STOP** and returns that result."""
    message = next(m for m in reversed(thread.history()) if any(f":{kind}:" in i for i in custom_ids(m)))
    button = next(i for i in custom_ids(message) if f":{kind}:" in i)
    result = await player.click(message, custom_id=button)
    if kind != "stop" or not confirm:
        return result
    asked = next(
        (
            m.message
            for m in [result.response, *result.followups]
            if m is not None and any(":stop:-:" in i for i in custom_ids(m.message))
        ),
        None,
    )
    if asked is None:  # refused (STOP already called, say): nothing to confirm
        return result
    yes = next(i for i in custom_ids(asked) if ":stop:-:" in i)
    return await player.click(asked, custom_id=yes)


async def guess_in_panel(table, player, number=1):
    """A guesser presses ``number`` in their panel (a DM, or the copy **Open my panel** shows):
    the thread's guess card carries no numbers (issue 29). Returns the panel as it reads after."""
    message = await table.panel(player)
    button = next(i for i in custom_ids(message) if f":guess:{number}:" in i)
    actor = player if player.name in table.closed else player.user
    result = await actor.click(message, custom_id=button)
    return table.reload(player, message, result)


async def old_guess_card(env, thread, record):
    """A guess card as the bot sent them before issue 29 (the numbers under the drawing, their
    custom_ids ``sky:do:<game>:<decision>:guess:<n>:t``), posted by the bot in the thread: cards
    sent before the change stay in threads, and their buttons must keep answering."""
    import discord

    from bot.faces.sky_of_stars.items import do_button

    view = discord.ui.View(timeout=None)
    for number in range(1, 6):
        view.add_item(do_button(record.id, record.state["decision"], "guess", str(number), "t"))
    await env.bot.get_channel(thread.id).send("Which word was drawn? (a card of the old kind)", view=view)
    return thread.history()[-1]


async def wait_out_reveal(env, record) -> bool:
    """During a reveal's pause (a step nobody acts in), let its time run out; True if it did."""
    if record is None or record.state["phase"] != "reveal":
        return False
    await env.advance_time(GAME.countdown(record.state) + 1)
    return True


async def play_until(env, table, done, *, stop_after=1):
    """Play every pending decision through panels until ``done(view)``; calls STOP early."""
    for _ in range(300):
        record = await current_record(env)
        if record is None:
            return None
        view = GAME.view(record.state, None)
        if done(view):
            return record
        if await wait_out_reveal(env, record):  # a reveal stays for its pause, then the game goes on
            continue
        if view["phase"] == "stroke" and view["stop_by"] is None and view["roll"]["count"] >= stop_after:
            await press_public(table.thread, table.players[0], "stop")
        for seat in GAME.to_act(record.state):
            player = table.players[seat]
            choice = GAME.view(record.state, seat).get("choice") or {}
            step = (choice.get("kind"), (view.get("roll") or {}).get("count"))
            await table.act(player, await table.panel(player), chooser=lambda ids: ids[0], step=step)
    raise AssertionError("the game did not reach the expected point")


async def assert_no_public_secret(env, thread):
    """No public message reveals a secret number with its word, or a guess, before the reveal."""
    record = await current_record(env)
    if record is None:
        return
    view = GAME.view(record.state, None)
    revealed = {(r["round"], r["artist"]) for r in view["reveals"]}
    # a number already revealed this round names its word in public: two seats may share it
    out_now = {r["number"] for r in view["reveals"] if r["round"] == view["round"]}
    for seat in range(len(record.seats)):
        seat_view = GAME.view(record.state, seat)
        secret = seat_view.get("secret")
        if not secret or (view["round"], seat) in revealed or secret["number"] in out_now:
            continue
        pattern = re.compile(rf"#\s*{secret['number']}\s+{re.escape(secret['word'])}", re.I)
        for message in thread.history():
            assert not pattern.search(all_text(message)), (
                f"public message leaks seat {seat}'s word",
                secret,
                all_text(message),
            )
