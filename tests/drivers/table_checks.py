"""What a table promises at every step of a game (issue 13), checked after every interaction.

``TableWatch`` is attached to a running game and, after every click, select, modal and slash
command any SimCord actor makes, checks what the players see against the engine's state:

- one live panel per player: at most one private message (a DM, or an ephemeral one) with a live
  component of the game;
- the thread's message budget per round or turn (``Budget``);
- every image uploaded (DMs, ephemerals, thread, channel) at most ``MAX_IMAGE_BYTES``;
- the status line true: the status card's footer says who must act, per the engine's ``to_act``.

``assert_nothing_live`` is the check for the end of a game (or a leave, or a cancel): no live
component of that game anywhere but **Rematch**.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord

from bot.core.table import names_of
from bot.faces.starry_night_sky.words import PLAYING, STEP_TEXT
from bot.games import get_game
from bot.i18n.waiting import bot_plays, waiting_for
from bot.storage import GameRecord
from bot.ui.alt import ALT_LIMIT
from tests.drivers.helpers import all_text, components, footer

MAX_IMAGE_BYTES = 100 * 1024
ALLOWED_AFTER_END = {"lobby:rematch"}  # the kinds of component a finished game may keep live
ACTIONS = ("click", "select", "submit_modal", "slash")
PROMPT = re.compile(r"astro:leave:|sky:do:\d+:\d+:stop:-:")
SETUP = "setup"  # the budget key of a game's opening steps (keeping cards before the first turn)
OPENING_MESSAGES = 2  # what a start posts: the first status card, and a note for closed DMs


def leaves(items: Any) -> Iterator[Any]:
    """Every component of a message, however nested (action rows, and Components V2's
    containers, sections and accessories)."""
    for item in items or ():
        nested = [*(getattr(item, "children", None) or ()), *(getattr(item, "components", None) or ())]
        accessory = getattr(item, "accessory", None)
        if accessory is not None:
            nested.append(accessory)
        if nested:
            yield from leaves(nested)
        else:
            yield item


def game_of(custom_id: str) -> int | None:
    """The game a component belongs to: every custom_id reads ``prefix:kind:<game id>:…``."""
    parts = custom_id.split(":")
    return int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else None


def live_ids(message: discord.Message, game_id: int) -> list[str]:
    """The custom_ids of ``message``'s enabled components that belong to game ``game_id``."""
    return [
        c.custom_id
        for c in leaves(message.components)
        if getattr(c, "custom_id", None)
        and not getattr(c, "disabled", False)
        and game_of(c.custom_id) == game_id
    ]


def is_prompt(custom_id: str) -> bool:
    """A one-off question asked in private (confirm STOP, confirm leaving), not a panel."""
    return bool(PROMPT.match(custom_id))


def is_panel(message: discord.Message, game_id: int) -> bool:
    """A copy of a player's panel: live components of the game beyond a one-off question."""
    return any(not is_prompt(i) for i in live_ids(message, game_id))


def private_messages(channel: Any, player: Any) -> list[discord.Message]:
    """What only ``player`` sees: their DMs, and the ephemerals addressed to them in the channel
    and its threads."""
    seen = list(player.user.dm_channel.history())
    for place in [channel, *channel.threads]:
        seen += [m for m in place.history(viewer=player) if m.flags.ephemeral]
    return seen


def everything(channel: Any, players: list[Any]) -> list[discord.Message]:
    """Every message of the channel and its threads, with each player's DMs and ephemerals."""
    public = [m for place in [channel, *channel.threads] for m in place.history()]
    return public + [m for p in players for m in private_messages(channel, p)]


def assert_nothing_live(channel: Any, players: list[Any], game_id: int) -> None:
    """No live component of game ``game_id`` anywhere (thread, channel, DMs, ephemerals) but
    **Rematch** (links have no custom_id, so they never count)."""
    left = [
        (m.id, i)
        for m in everything(channel, players)
        for i in live_ids(m, game_id)
        if ":".join(i.split(":")[:2]) not in ALLOWED_AFTER_END
    ]
    assert not left, f"live components of game #{game_id} after it ended for them: {left}"


def assert_player_has_nothing_live(channel: Any, player: Any, game_id: int) -> None:
    left = [(m.id, i) for m in private_messages(channel, player) for i in live_ids(m, game_id)]
    assert not left, f"{player.name} still has live components of game #{game_id}: {left}"


def assert_images_small(messages: list[discord.Message]) -> int:
    """Every attachment at most ``MAX_IMAGE_BYTES``; returns how many were looked at."""
    big = [(m.id, a.filename, a.size) for m in messages for a in m.attachments if a.size > MAX_IMAGE_BYTES]
    assert not big, f"images over {MAX_IMAGE_BYTES} bytes: {big}"
    return sum(len(m.attachments) for m in messages)


def assert_every_upload_small(env: Any, since: int = 0) -> int:
    """Every image the bot uploaded (after the first ``since``), even one replaced before a test
    could see it; returns how many there are in all. SimCord's fake CDN keeps each upload's bytes
    in order (``CdnStore._blobs``, pinned simcord 3.2.1)."""
    blobs = list(env.backend.cdn._blobs.items())
    big = [(url.rsplit("/", 1)[-1], len(data)) for url, data in blobs[since:] if len(data) > MAX_IMAGE_BYTES]
    assert not big, f"{len(big)} uploads over {MAX_IMAGE_BYTES} bytes, such as {big[:5]}"
    return len(blobs)


def assert_pictures_described(messages: list[discord.Message]) -> int:
    """Every picture carries alt text within Discord's limit: each media gallery item its
    ``description``, and an attachment shown outside a gallery its own. Returns the longest."""
    longest = 0
    for message in messages:
        items = [
            i for c in components(message) if isinstance(c, discord.MediaGalleryComponent) for i in c.items
        ]
        for item in items:
            assert item.description, f"a picture without alt text in message {message.id}"
            assert len(item.description) <= ALT_LIMIT, f"alt text over {ALT_LIMIT} in {message.id}"
            longest = max(longest, len(item.description))
        if not items:
            for attachment in message.attachments:
                if (attachment.content_type or "").startswith("image/") or attachment.filename.endswith(
                    ".png"
                ):
                    assert attachment.description, f"{attachment.filename} without alt text in {message.id}"
                    assert len(attachment.description) <= ALT_LIMIT
                    longest = max(longest, len(attachment.description))
    return longest


# ------------------------------------------------------------------ the status line


def names_in(text: str, names: list[str]) -> set[str]:
    return {n for n in names if re.search(rf"\b{re.escape(n)}\b", text)}


def names_exactly(footer: str, said: str) -> bool:
    """``said`` (``waiting_for`` of the seats that must act) is in ``footer`` as a whole part of
    it, not the start of a longer list ("Waiting for Ada" inside "Waiting for Ada and Bea")."""
    return bool(said) and re.search(re.escape(said) + r"(?=$|\s·|\n|\.)", footer) is not None


def expected_status(record: GameRecord) -> Callable[[str], str | None]:
    """A check of a status footer against the engine: returns what is wrong, or ``None``."""
    game = get_game(record.game)
    state, names = record.state, names_of(record)
    waiting = game.to_act(state)
    waiting_names = {names[s] for s in waiting}
    seats = len(names)
    count = None  # "N of M": N have acted of the M who act in this step
    by_name = False  # the line names exactly the seats that must act
    first = None  # how the line opens: the name of the one seat that must act, and what it does
    said = waiting_for(waiting, names)  # "Waiting for Ada and Bea", the words every game shares

    bot = any(bot_plays(names, s) for s in waiting)
    if record.game == "sky-of-stars":
        locked = len(state["locked"])
        # a reveal's pause waits on nobody: its footer says the answer is out, with no count
        pause = state["phase"] == "reveal"
        count = None if pause else (locked, locked + len(waiting))
        exact, by_name = not pause, pause  # and names nobody (``waiting`` is empty then)
    elif record.game == "observatory":
        if state["phase"] in ("roll", "refill"):
            by_name, exact = True, bot
        else:
            count, by_name, exact = (seats - len(waiting), seats), bool(waiting), True
    elif record.game == "star-gazers":
        if state["phase"] == "journal":
            count, exact = (seats - len(waiting), seats), True
        elif bot:
            exact = True
        else:
            first, exact = f"{names[waiting[0]]} ", False
    elif record.game == "starry-night-sky":  # who, and which part of their turn they are at
        exact = bot
        if not bot:
            first = STEP_TEXT.get(state["turn"]["step"], PLAYING).format(name=names[waiting[0]])
    else:
        raise AssertionError(f"no status rule for {record.game}")

    def check(footer: str) -> str | None:
        if count is not None:
            found = re.search(r"\b(\d+) of (\d+)\b", footer)
            if found is None or (int(found[1]), int(found[2])) != count:
                return f"says {footer!r} where {count[0]} of {count[1]} have acted"
        if by_name and names_in(footer, names) != waiting_names:
            return f"says {footer!r} where {sorted(waiting_names)} must act"
        if first is not None and not footer.startswith(first):
            return f"says {footer!r} where it should open with {first!r}"
        if exact and not names_exactly(footer, said):
            return f"says {footer!r} where it should say {said!r} (and no more names in it)"
        return None

    return check


def status_card(place: Any, record: GameRecord) -> discord.Message:
    card = next((m for m in place.history() if m.id == record.status_message_id), None)
    assert card is not None, f"game #{record.id} has no status card in its thread"
    return card


def assert_status_true(place: Any, record: GameRecord) -> str:
    """The status card's footer matches who must act now; returns the footer."""
    card = status_card(place, record)
    line = footer(card)
    wrong = expected_status(record)(line)
    assert wrong is None, f"the status card of game #{record.id} {wrong}"
    return line


# ------------------------------------------------------------------ budgets


@dataclass
class Budget:
    """Thread messages per round or turn: ``key`` names the turn a state is in, ``limit(key)``
    what that turn may post. Messages an interaction posts count in the turn it was made in (so
    the card that opens the next turn counts in the turn that ended); what the game's start posts
    is counted apart (``OPENING_MESSAGES``)."""

    key: Callable[[dict[str, Any]], Hashable]
    limit: Callable[[Hashable], int]
    counts: Counter[Hashable] = field(default_factory=Counter)
    said: dict[Hashable, list[str]] = field(default_factory=dict)

    def add(self, key: Hashable, posted: list[discord.Message]) -> None:
        self.counts[key] += len(posted)
        self.said.setdefault(key, []).extend(first_line(m) for m in posted)
        assert self.counts[key] <= self.limit(key), (
            f"{self.counts[key]} thread messages in {key!r} (at most {self.limit(key)}): "
            f"{self.said[key]}; per turn {dict(self.counts)}"
        )


def first_line(message: discord.Message) -> str:
    return all_text(message).strip().replace("\n", " / ")[:120]


def sky_round(view: dict[str, Any]) -> Hashable:
    return view["round"]


def observatory_turn(view: dict[str, Any]) -> Hashable:
    return SETUP if view["phase"] == "keep" else view["turn_number"]


def star_gazers_turn(view: dict[str, Any]) -> Hashable:
    return SETUP if view["phase"] == "journal" else (view["round"], view["pick"])


def starry_night_sky_turn(view: dict[str, Any]) -> Hashable:
    return sum(p["turns"] for p in view["players"])


# ------------------------------------------------------------------ the watch


class TableWatch:
    """Checks one game's table after every interaction of any actor (see the module doc).

    The hook wraps SimCord's actor methods for the test (``monkeypatch``): it changes nothing they
    do, it only looks at the world once the bot has settled after each of them.
    """

    def __init__(
        self, env: Any, channel: Any, players: list[Any], record: GameRecord, budget: Budget, monkeypatch: Any
    ) -> None:
        self.env, self.channel, self.players = env, channel, players
        self.steps = self.status_checks = self.uploads = self.longest_alt = 0
        self.seconds = 0.0  # spent checking
        self.follow(record, budget)
        for cls in (simcord.MemberActor, simcord.UserHandle):
            for name in ACTIONS:
                monkeypatch.setattr(cls, name, self._watched(getattr(cls, name)))

    def follow(self, record: GameRecord, budget: Budget | None) -> None:
        """Watch ``record``'s game from now on (a rematch in the same channel, say); a ``budget``
        of ``None`` counts no messages."""
        self.game_id, self.game, self.budget = record.id, get_game(record.game), budget
        self.thread = next(t for t in self.channel.threads if t.id == record.thread_id)
        self.posted = len(self.thread.history())
        assert self.posted <= OPENING_MESSAGES, f"{self.posted} thread messages at the start"
        self.key = self.budget_key(record)
        self.paused = False

    def _watched(self, action: Callable[..., Any]) -> Callable[..., Any]:
        watch = self

        async def watched(actor: Any, *args: Any, **kwargs: Any) -> Any:
            result = await action(actor, *args, **kwargs)
            if not watch.paused:
                started = time.perf_counter()
                await watch.check()
                watch.seconds += time.perf_counter() - started
            return result

        return watched

    def budget_key(self, record: GameRecord) -> Hashable:
        return None if self.budget is None else self.budget.key(self.game.view(record.state, None))

    async def record(self) -> GameRecord:
        record = await self.env.bot.storage.load(self.game_id)
        assert record is not None
        return record

    async def check(self) -> GameRecord:
        """Every promise, as things stand now."""
        record = await self.record()
        self.steps += 1
        history = self.thread.history()
        if self.budget is not None:
            self.budget.add(self.key, history[self.posted :])
        self.posted, self.key = len(history), self.budget_key(record)
        for player in self.players:
            copies = [m.id for m in private_messages(self.channel, player) if is_panel(m, self.game_id)]
            assert len(copies) <= 1, f"{player.name} has {len(copies)} live panels: {copies}"
        self.uploads = assert_every_upload_small(self.env, self.uploads)  # the images of this step
        shown = history + [m for p in self.players for m in private_messages(self.channel, p)]
        self.longest_alt = max(self.longest_alt, assert_pictures_described(shown))
        if record.status == "active":
            assert_status_true(self.thread, record)
            self.status_checks += 1
        return record
