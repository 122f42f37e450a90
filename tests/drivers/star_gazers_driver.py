"""Drive Star Gazers through SimCord the way players do: panels, selects and buttons.

The driver reads the engine's seat view only to know WHAT the panel is asking; every move is
made by clicking the components the panel actually shows (so a missing or wrong component
fails the test).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import discord

from bot.core.table import names_of
from bot.faces.star_gazers.art.cards import card_words
from bot.games import get_game
from tests.drivers.driver import open_table, starter
from tests.drivers.helpers import (
    PanelTable,
    all_text,
    controls,
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


MOST_SELECTS = 3  # select menus on one panel, at most (issue 29: every panel fits a phone)


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
    """Finds each player's panel (DM or ephemeral) and plays it through its components.

    By default every turn takes the shortest path: the pick (the round's last square with its
    two bonus tokens in one menu), the tile's square, then each later choice the preview asks
    (a bonus token's place, a Space Shuttle's bonus, used rather than skipped when it can be)
    and **Confirm turn**. ``explore``: also, once a game each, the detours a player may take (a
    turn of the tile, a Reserve token played at the pick and during a bonus, a token placed
    before its tile), so a game meets every kind of control."""

    def __init__(self, env, channel, players, closed, seed=7, explore=False):
        super().__init__(env, channel, players, closed)
        self.rng = random.Random(seed)
        self.explore = explore
        self.rotated = self.moved_tile = self.moved_token = False
        self.kinds: set[str] = set()  # every kind of choice the panels led through
        self.previewed: list[Preview] = []  # each drafted turn sent, with what the panel showed before

    async def choose(self, player, message, prefix, value=None):
        select = find_component(message, prefix)
        assert select is not None, f"no select {prefix} in {custom_ids(message)}"
        values = [o.value for o in select.options]
        self.clicks += 1
        return await self.actor(player, message).select(
            message, [value or self.rng.choice(values)], custom_id=select.custom_id
        )

    def once(self, kind):
        """Whether to take an exploring detour of this kind now (once a game, when exploring)."""
        if not self.explore or kind in self.kinds:
            return False
        self.kinds.add(kind)
        return True

    async def step(self, player, message, seat):
        """Make one sub-step of the seat's current choice through the panel."""
        record = await current_record(self.env)
        choice = GAME.view(record.state, seat)["choice"]
        kind, dec = choice["kind"], record.state["decision"]
        do = f"sg:do:{record.id}:{dec}:"
        sel = f"sg:sel:{record.id}:{dec}:"
        self.kinds.add(kind)
        if choice.get("from_reserve"):
            self.kinds.add("from_reserve")
        reserve = ids_with(message, do + "r")
        if reserve and kind == "pick" and self.once("played_reserve"):
            return await self.click(player, message, reserve[0])
        first = ids_with(message, do + "x")
        if first and (
            kind == "tile" and self.once(f"token_first {seat}") or kind == "token" and not choice["targets"]
        ):
            self.kinds.add("token_first")  # the token before the tile, as the rules allow (once a seat)
            return await self.click(player, message, first[0])
        if kind == "keep":
            return await self.click(player, message, self.rng.choice(ids_with(message, do + "K")))
        if kind == "pick" and find_component(message, sel + "do:pick") is not None:
            self.kinds.add("bonus")  # the round's last square and its two bonus tokens, in one menu
            return await self.choose(player, message, sel + "do:pick")
        if kind in {"pick", "bonus", "gain"}:
            options = ids_with(message, do + kind[0])
            if not options and kind == "gain":  # the supply is empty: only Skip is offered
                return await self.click(player, message, do + "s")
            return await self.click(player, message, self.rng.choice(options))
        if kind == "confirm":
            self.kinds.add("confirm")
            return await self.click(player, message, do + "c")
        if kind == "tile":
            return await self.draft_turn(player, message, record, dec)
        if kind == "token":
            self.kinds |= {f"to_{t['target']}" for t in choice["targets"]}
            if any(t.get("covers") for t in choice["targets"]):
                self.kinds.add("black_hole")
            return await self.choose(player, message, sel + "do:token")
        if kind == "journal" and choice["cards"]:
            return await self.choose(player, message, sel + "do:card")
        if kind == "move_token" and choice["moves"]:
            await self.choose(player, message, sel + "st:mfrom")
            return await self.choose(player, self.reload(player, message), sel + "do:mto")
        return await self.click(player, message, do + "s")

    async def draft_turn(self, player, message, record, dec):
        """The shortest path from the tile on: preview a square (the tile there with its token),
        make each later choice the preview asks, then press **Confirm turn**, which sends the
        whole turn. Exploring, the tile is turned once in the preview. Every preview is checked
        to have been shown before its button is pressed (``self.previewed``)."""
        st, do, sel = (f"sg:{k}:{record.id}:{dec}:" for k in ("st", "do", "sel"))
        await self.choose(player, message, sel + "st:tile")
        message = self.reload(player, message)
        if self.explore and not self.rotated:
            turn = [i for i in ids_with(message, st + "P") if i.split(".")[1] == "1" and "_" not in i]
            if turn:
                await self.click(player, message, turn[0])
                message = self.reload(player, message)
                assert "turned 90°" in all_text(message)
                self.rotated = True
        tok = find_component(message, sel + "st:tok")
        tile_moves = [o.value for o in tok.options if o.value.endswith(".ks6")] if tok is not None else []
        if self.explore and tile_moves and self.once("shuttle to move a tile"):
            await self.choose(player, message, sel + "st:tok", tile_moves[0])  # the once-a-game move
            message = self.reload(player, message)
        for _ in range(12):
            selects = [c for c in controls(message) if isinstance(c, discord.SelectMenu)]
            assert len(selects) <= MOST_SELECTS, f"a phone shows {len(selects)} menus: {custom_ids(message)}"
            self.note_token_places(message, sel + "st:tok")
            send = [i for i in ids_with(message, do + "P") if i.endswith(".c")]
            reserve = [i for i in ids_with(message, st + "P") if i.split("_")[-1][:1] == "r"]
            if reserve and self.once("reserve_in_bonus"):  # a Reserve token, played in the draft
                self.kinds.add("from_reserve")
                await self.click(player, message, reserve[0])
                message = self.reload(player, message)
                continue
            if send:
                shown = await current_record(self.env)
                self.previewed.append(
                    Preview(
                        send[0].removeprefix(do),
                        images(message),
                        all_text(message),
                        shown.state,
                        names_of(shown),
                    )
                )
                self.kinds.add("confirm")
                return await self.click(player, message, send[0])
            await self.later_choice(player, message, st, sel)
            message = self.reload(player, message)
        raise AssertionError(f"the drafted turn never reached its confirm: {custom_ids(message)}")

    async def later_choice(self, player, message, st, sel):
        """One choice the preview asks after the tile and its token (``star_gazers.drafted``)."""
        if find_component(message, sel + "st:tile") is None:
            raise AssertionError(f"not a drafted turn's preview: {custom_ids(message)}")
        later = [i for i in ids_with(message, st + "P") if "_" in i]
        if find_component(message, sel + "st:btok") is not None:
            self.kinds.add("token")
            self.note_token_places(message, sel + "st:btok")
            return await self.choose(player, message, sel + "st:btok")
        if find_component(message, sel + "st:bcard") is not None:
            self.kinds.add("journal")
            return await self.choose(player, message, sel + "st:bcard")
        gains = [i for i in later if i.split("_")[-1][:1] == "g"]
        if gains:
            self.kinds.add("gain")
            return await self.click(player, message, self.rng.choice(gains))
        if find_component(message, sel + "st:bto") is not None:
            return await self.choose(player, message, sel + "st:bto")
        for tag, kind in (("bfrom", "move_token"), ("btfrom", "move_tile")):
            if find_component(message, sel + "st:" + tag) is not None:
                self.kinds.add(kind)
                setattr(self, "moved_token" if kind == "move_token" else "moved_tile", True)
                return await self.choose(player, message, sel + "st:" + tag)
        skip = [i for i in later if i.endswith("_s")]
        assert skip, f"nothing to choose and no Skip: {custom_ids(message)}"
        return await self.click(player, message, skip[0])

    def note_token_places(self, message, prefix):
        """Which places a token menu offers (the kinds of choice the panels led through)."""
        select = find_component(message, prefix)
        for option in select.options if select is not None else []:
            code = (
                option.value.split("_")[-1]
                if prefix.endswith("btok")
                else option.value.split("_")[0].split(".")[2]
            )
            self.kinds.add({"c": "to_cell", "r": "to_reserve", "s": "to_shuttle", "d": "to_discard"}[code[1]])
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
