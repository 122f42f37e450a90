"""Drive Starry Night Sky through SimCord the way players do: a turn is a few clicks in a panel.

The shortest path: the first button of each panel (an assignment, then **Confirm and end my
turn** on the plan the Explore step opens with). ``explore_last`` changes the planned destination
to the last one offered (often partly mapped: a bonus exploration follows) and ``trade`` trades a
goal first. ``taps`` keeps how many interactions each turn took; ``before_confirm`` (if set) is
awaited with the panel and the custom_id of every exploration's Confirm before it is clicked.

Also records every string drawn into an image, keyed by the PNG's hash, so a test can read
the text of an image attached to a public message and look for secrets in it.
"""

from __future__ import annotations

import hashlib
import threading

from PIL import ImageDraw

from bot.faces.starry_night_sky.art import images as art
from bot.games import get_game
from render import common
from tests.drivers.driver import starter
from tests.drivers.helpers import (
    PanelTable,
    all_text,
    current_record,
    custom_ids,
    find_component,
)

SLUG = "starry-night-sky"
GAME = get_game(SLUG)
start_game = starter(SLUG)


class ImageText:
    """Every string drawn with ``ImageDraw.text`` while a Starry Night Sky PNG is made, by PNG hash.

    Rendering runs in worker threads, several at once, so strings are collected per thread and
    handed to the PNG encoded next on that thread.
    """

    def __init__(self, monkeypatch) -> None:
        self.by_hash: dict[str, list[str]] = {}
        self._by_url: dict[str, list[str]] = {}
        self._local = threading.local()
        original_text, original_png = ImageDraw.ImageDraw.text, art.encode
        recorder = self

        def text(draw, xy, s, *args, **kwargs):
            recorder._pending().append(str(s))
            return original_text(draw, xy, s, *args, **kwargs)

        def to_png(image, *args, **kwargs):
            data = original_png(image, *args, **kwargs)
            recorder.by_hash[hashlib.sha256(data).hexdigest()] = recorder._pending()[:]
            recorder._pending().clear()
            return data

        monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
        monkeypatch.setattr(common, "TEXTS_WATCHED", True)  # kept layers draw their texts too
        monkeypatch.setattr(art, "encode", to_png)

    def _pending(self) -> list[str]:
        if not hasattr(self._local, "strings"):
            self._local.strings = []
        return self._local.strings

    def of(self, env, message) -> list[str]:
        """The strings drawn into each image attached to ``message`` (unknown images fail)."""
        out: list[str] = []
        for attachment in message.attachments:
            if attachment.url not in self._by_url:
                data = env.backend.cdn.get(attachment.url)
                assert data is not None, "attachment bytes should be stored"
                digest = hashlib.sha256(data).hexdigest()
                assert digest in self.by_hash, f"image {attachment.filename} was not drawn by the recorder"
                self._by_url[attachment.url] = self.by_hash[digest]
            out += self._by_url[attachment.url]
        return out


def myth_labels(state) -> list[str]:
    """Every Myth card as it would be written, from each seat's own view (the secret data)."""
    labels = []
    for seat in range(state["seats"]):
        for myth in GAME.view(state, seat)["my_myths"]:
            labels += [
                f"{myth['a_name']} & {myth['b_name']}",
                f"{myth['b_name']} & {myth['a_name']}",
                myth["id"],
            ]
    return labels


def public_texts(env, recorder, channel, *, before_results=False) -> list[tuple[str, str]]:
    """(where, text) for every public message of the channel and its threads, images included;
    ``before_results`` leaves out the final results message, where the Myth cards are revealed."""
    out = []
    for place in [channel, *channel.threads]:
        for message in place.history():
            if before_results and "Final results" in all_text(message):
                continue
            out.append((f"message {message.id}", all_text(message)))
            for s in recorder.of(env, message):
                out.append((f"image in message {message.id}", s))
    return out


def assert_no_myth_in_public(env, recorder, channel, state, *, over=False) -> int:
    """No Myth card, as written in panels, in any public text or image (once ``over``, apart from
    the results message); returns how many texts were checked."""
    texts = public_texts(env, recorder, channel, before_results=over)
    for label in myth_labels(state):
        for where, text in texts:
            assert label not in text, f"{where} shows the secret Myth card {label!r}"
    return len(texts)


class Table(PanelTable):
    """Plays turns through each player's panel (a DM, or an ephemeral for closed DMs)."""

    def __init__(self, env, channel, players, closed=()):
        super().__init__(env, channel, players, closed)
        self.trades = 0
        self.bonuses = 0  # panels that opened a bonus exploration
        self.taps: list[int] = []  # interactions per whole turn, in order
        self.before_confirm = None  # async (message, custom_id) -> None, awaited before each Confirm
        self._changed = False  # this exploration's plan was changed already (explore_last)

    async def play_turn(self, player, *, trade=False, explore_last=False, midway=None):
        """Walk one whole turn in the panel: sort stars, pick and confirm, until the turn ends."""
        message = await self.panel(player)
        assert message is not None, f"no panel for {player.name}"
        decision = (await current_record(self.env)).state["decision"]
        before = self.clicks
        try:
            return await self._turn(player, message, decision, trade, explore_last, midway)
        finally:
            self.taps.append(self.clicks - before)

    async def _turn(self, player, message, decision, trade, explore_last, midway):
        for _ in range(40):
            ids = custom_ids(message)
            sns = [i for i in ids if i.startswith("sns:")]
            if not sns:
                assert "turn is over" in all_text(message).lower(), all_text(message)
                return message
            actor = self.actor(player, message)
            result = await self.step(actor, message, sns, trade=trade, last=explore_last)
            self.clicks += 1
            assert result.acknowledged
            record = await current_record(self.env)
            if record is None or record.state["decision"] != decision:
                # the turn is over: the clicked copy says so, or was retired for the next move's DM,
                # or (a live game, where the bots played and it's this player's turn again) it
                # already carries the next turn, in place
                done = self.current(player, message)
                if record is not None and record.seat_of(player.id) in GAME.to_act(record.state):
                    now = f":{record.state['decision']}:"
                    assert all(now in i for i in custom_ids(done) if i.startswith("sns:")), custom_ids(done)
                else:
                    assert not self.clicks_this_turn(done), custom_ids(done)
                return done
            message = self.reload(player, message)
            if "**Bonus exploration!**" in all_text(message):
                self.bonuses += 1
            if midway is not None and self.clicks_this_turn(message):
                await midway()  # e.g. a restart between two clicks of one turn
                midway = None
        raise AssertionError("the turn never ended")

    @staticmethod
    def clicks_this_turn(message) -> bool:
        """Whether the panel is still mid-turn (it still has the turn's components)."""
        return any(i.startswith("sns:") for i in custom_ids(message))

    async def step(self, actor, message, ids, *, trade, last=False):
        """One click: a trade if asked for, a changed destination if asked for (once per
        exploration), else the first button, else the first option of a select."""
        trade_pick = next((i for i in ids if i.startswith("sns:pick:") and ":trade:" in i), None)
        if trade and trade_pick is not None:
            self.trades += 1
            select = find_component(message, trade_pick)
            return await actor.select(message, [select.options[0].value], custom_id=trade_pick)
        dest = next((i for i in ids if i.startswith("sns:pick:") and ":dest:" in i), None)
        if last and dest is not None and not self._changed:
            # destinations list discoveries first: the last one is often partly mapped (a bonus follows)
            self._changed = True
            select = find_component(message, dest)
            return await actor.select(message, [select.options[-1].value], custom_id=dest)
        button = next((i for i in ids if i.startswith("sns:do:")), None)
        if button is not None:
            if self.before_confirm is not None and (":ex:" in button or ":xe:" in button):
                await self.before_confirm(message, button)
            self._changed = False
            return await actor.click(message, custom_id=button)
        pick = next((i for i in ids if i.startswith("sns:pick:") and ":trade:" not in i), trade_pick)
        assert pick is not None, f"a panel with nothing to do: {ids}"
        select = find_component(message, pick)
        return await actor.select(message, [select.options[0].value], custom_id=pick)
