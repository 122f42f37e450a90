"""Drive Star Gazers through SimCord the way players do: panels, selects and buttons.

The driver reads the engine's seat view only to know WHAT the panel is asking; every move is
made by clicking the components the panel actually shows (so a missing or wrong component
fails the test).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.core.table import names_of
from bot.faces.star_gazers.art.cards import card_words
from bot.games import get_game
from tests.drivers.driver import open_table, starter
from tests.drivers.helpers import (
    PanelTable,
    all_text,
    current_record,
    custom_ids,
    find_component,
    images,
)

GAME = get_game("star-gazers")
start_game = starter(GAME.slug)


@dataclass(frozen=True)
class Preview:
    """What a panel showed just before its player sent a tile and token: the code of the button
    pressed, the pictures, the text, and the game and names as they stood."""

    code: str
    pictures: list[str]
    text: str
    state: dict
    names: list[str]


BONUS_STEPS = {"bonus", "gain", "journal", "move_token", "move_tile"}


async def open_lobby(env, names=("ada", "bea", "dee")):
    return await open_table(env, names)


def ids_with(message, prefix):
    return [i for i in custom_ids(message) if i.startswith(prefix)]


def public_text(channel):
    """Every message anyone in the channel and its threads can see (no ephemerals)."""
    texts = [all_text(m) for m in channel.history()]
    for thread in channel.threads:
        texts += [all_text(m) for m in thread.history()]
    return "\n".join(texts)


def secret_words(state):
    """Ids and our one-line wording of every Journal card still secret (kept or dealt)."""
    board = [c for d in GAME.view(state, None)["journal_board"] for c in (d["top"], d["shown"]) if c]
    public = {c["id"] for c in board} | {card_words(c) for c in board}  # face up: not a secret
    secrets = set()
    for seat in range(state["seats"]):
        view = GAME.view(state, seat)
        for card in (view.get("journal") or []) + (view.get("dealt") or []):
            secrets |= {card["id"], card_words(card)}
    return secrets - public


class Table(PanelTable):
    """Finds each player's panel (DM or ephemeral) and plays it through its components."""

    def __init__(self, env, channel, players, closed, seed=7):
        super().__init__(env, channel, players, closed)
        self.rng = random.Random(seed)
        self.rotated = self.moved_tile = self.moved_token = False
        self.kinds: set[str] = set()  # every kind of choice the panels led through
        self.previewed: list[Preview] = []  # each tile and token sent, with what the panel showed before

    async def choose(self, player, message, prefix, value=None):
        select = find_component(message, prefix)
        assert select is not None, f"no select {prefix} in {custom_ids(message)}"
        values = [o.value for o in select.options]
        self.clicks += 1
        return await self.actor(player, message).select(
            message, [value or self.rng.choice(values)], custom_id=select.custom_id
        )

    async def step(self, player, message, seat):
        """Make one sub-step of the seat's current choice through the panel."""
        record = await current_record(self.env)
        choice = GAME.view(record.state, seat)["choice"]
        kind, dec = choice["kind"], record.state["decision"]
        do = f"sg:do:{record.id}:{dec}:"
        self.kinds.add(kind)
        if choice.get("from_reserve"):
            self.kinds.add("from_reserve")
        reserve = ids_with(message, do + "r")
        if reserve and kind in {"confirm", "tile"} and "played_reserve" not in self.kinds:  # once, in a turn
            self.kinds.add("played_reserve")
            return await self.click(player, message, reserve[0])
        if reserve and kind in BONUS_STEPS and "reserve_in_bonus" not in self.kinds:  # once, mid-bonus
            self.kinds.add("reserve_in_bonus")
            return await self.click(player, message, reserve[0])
        first = ids_with(message, do + "x")
        if first and (
            kind == "tile" and "token_first" not in self.kinds or kind == "token" and not choice["targets"]
        ):
            self.kinds.add("token_first")  # place the token before the tile, as the rules allow
            return await self.click(player, message, first[0])
        if kind == "keep":
            return await self.click(player, message, self.rng.choice(ids_with(message, do + "K")))
        if kind in {"pick", "bonus", "gain"}:
            options = ids_with(message, do + kind[0])
            if not options and kind == "gain":  # the supply is empty: only Skip is offered
                return await self.click(player, message, do + "s")
            return await self.click(player, message, self.rng.choice(options))
        if kind == "confirm":
            return await self.click(player, message, do + "c")
        if kind == "tile":
            return await self.place_tile(player, message, record, dec)
        if kind == "token":
            self.kinds |= {f"to_{t['target']}" for t in choice["targets"]}
            if any(t.get("covers") for t in choice["targets"]):
                self.kinds.add("black_hole")
            return await self.choose(player, message, f"sg:sel:{record.id}:{dec}:do:token")
        if kind == "journal" and choice["cards"]:
            return await self.choose(player, message, f"sg:sel:{record.id}:{dec}:do:card")
        if kind == "move_token" and not self.moved_token and choice["moves"]:
            await self.choose(player, message, f"sg:sel:{record.id}:{dec}:st:mfrom")
            message = self.reload(player, message)
            self.moved_token = True
            return await self.choose(player, message, f"sg:sel:{record.id}:{dec}:do:mto")
        if kind == "move_tile" and not self.moved_tile and choice["moves"]:
            await self.choose(player, message, f"sg:sel:{record.id}:{dec}:st:mtfrom")
            message = self.reload(player, message)
            await self.choose(player, message, f"sg:sel:{record.id}:{dec}:st:mtto")
            message = self.reload(player, message)
            move = ids_with(message, do + "l")
            if move:
                self.moved_tile = True
                return await self.click(player, message, move[0])
            await self.click(player, message, f"sg:st:{record.id}:{dec}:h")
            message = self.reload(player, message)
        return await self.click(player, message, do + "s")

    async def place_tile(self, player, message, record, dec):
        """The shortest path: preview a square (the tile there with its token), then send them with
        the panel's one green button (the confirm too, when nothing else is left). The first time,
        the tile is turned once in the preview; every preview is checked to have been shown before
        its button is pressed (``self.previewed``)."""
        st, do = f"sg:st:{record.id}:{dec}:", f"sg:do:{record.id}:{dec}:"
        for _ in range(6):
            await self.choose(player, message, f"sg:sel:{record.id}:{dec}:st:tile")
            message = self.reload(player, message)
            if not self.rotated:
                turn = [i for i in ids_with(message, st + "P") if i.split(".")[1] == "1"]
                if turn:
                    await self.click(player, message, turn[0])
                    message = self.reload(player, message)
                    assert "turned 90°" in all_text(message)
                    self.rotated = True
            self.note_token_places(message, record, dec)
            place = ids_with(message, do + "P")
            if place:
                shown = await current_record(self.env)
                self.previewed.append(
                    Preview(
                        place[0].removeprefix(do),
                        images(message),
                        all_text(message),
                        shown.state,
                        names_of(shown),
                    )
                )
                return await self.click(player, message, place[0])
            # that spot is refused (two wild halves would touch): the select offers the others
        raise AssertionError("no tile placement could be previewed and placed")

    def note_token_places(self, message, record, dec):
        """Which places the preview's token menu offers (the kinds of choice the panels led through)."""
        select = find_component(message, f"sg:sel:{record.id}:{dec}:st:tok")
        for option in select.options if select is not None else []:
            self.kinds.add(
                {"c": "to_cell", "r": "to_reserve", "s": "to_shuttle", "d": "to_discard"}[
                    option.value.split(".")[2][1]
                ]
            )
            if "cover" in option.label:
                self.kinds.add("black_hole")

    async def play_turn(self, player, message, seat, *, before_each=None):
        """Play sub-steps until the seat no longer has to act in this decision."""
        record = await current_record(self.env)
        decision = record.state["decision"]
        for _ in range(40):
            record = await current_record(self.env)
            if record is None or record.state["decision"] != decision:
                return
            if seat not in GAME.to_act(record.state):
                return
            if before_each is not None:
                message = await before_each(player, message, seat) or message
            await self.step(player, message, seat)
            message = self.reload(player, message)
        raise AssertionError("the turn never ended")
