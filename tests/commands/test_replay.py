"""`/game replay` through SimCord: a finished game of each title replayed from its set-up to its
end shows at every step the picture the board showed then (the same drawn view at every step,
the same bytes at every step the card is clicked to), hidden information only once the game is
over; a running game replayed by a player shows nothing that player could not see (the fuzzer's
secret checks); bad input and stale buttons are refused privately, nothing changed."""

from __future__ import annotations

import copy
from typing import Any

import discord
import pytest

from bench.fuzz import game_seeds, imagetext
from bench.fuzz.imagetext import ImageText
from bench.fuzz.secrets import FINDERS
from bot.commands.replay_access import replays_of, round_mark
from bot.commands.replay_card import card, kept_picture
from bot.core.replay import Replay
from bot.core.table import names_of
from bot.faces import PRESENTERS
from bot.games import get_game
from bot.games.base import IllegalAction
from tests.drivers.driver import open_table, start_game
from tests.drivers.helpers import all_text, components, controls, current_record, refresh, said

TITLES = ("sky-of-stars", "observatory", "starry-night-sky", "star-gazers")
SEED = 22  # the games are dealt from it (``game_seeds``), so a run can be played again


class Snapshots:
    """The state the bot saved at each step of play (step 0: the set-up): what the board drew."""

    def __init__(self, storage: Any) -> None:
        self.states: dict[int, list[dict]] = {}
        start, record_action = storage.start, storage.record_action

        async def started(game_id: int, **kwargs: Any) -> Any:
            self.states[game_id] = [copy.deepcopy(kwargs["state"])]
            return await start(game_id, **kwargs)

        async def recorded(game_id: int, **kwargs: Any) -> int:
            version = await record_action(game_id, **kwargs)
            self.states[game_id].append(copy.deepcopy(kwargs["state"]))
            assert len(self.states[game_id]) == version + 1
            return version

        storage.start, storage.record_action = started, recorded


async def hand_to_bot(env: Any, host: Any, channel: Any, players: list[Any]) -> Any:
    record = await current_record(env)
    for player in players:
        await host.slash(channel, "game kick", player=player, game=str(record.id))
    return record


async def run_time(env: Any, game_id: int, *, until: Any, rounds: int = 200) -> Any:
    """Let live timers run out (the bot plays late seats' turns) until ``until(record)``."""
    for _ in range(rounds):
        record = await env.bot.storage.load(game_id)
        if until(record):
            return record
        await env.advance_time(120)
    raise AssertionError("the game did not get there")


def card_of(result: Any) -> Any:
    return (result.followups or [result.response])[-1].message


def control(message: Any, tag: str) -> Any:
    return next(c for c in controls(message) if (c.custom_id or "").endswith(f":{tag}"))


def shown_step(message: Any) -> int:
    return int(control(message, "jump").custom_id.split(":")[4])


def picture_bytes(env: Any, message: Any) -> bytes:
    (attachment,) = message.attachments
    return env.backend.cdn.get(attachment.url)


def alt_texts(message: Any) -> list[str]:
    gallery = [c for c in components(message) if isinstance(c, discord.MediaGalleryComponent)]
    return [item.description or "" for g in gallery for item in g.items]


@pytest.mark.simcord(strict_sync=True)
@pytest.mark.parametrize("slug", TITLES)
async def test_a_finished_game_replays_step_by_step_as_the_board_showed_it(simcord_env, slug):
    env = simcord_env
    guild, channel, players = await open_table(env, ("ada", "bea", "cy")[: max(2, get_game(slug).min_seats)])
    snapshots = Snapshots(env.bot.storage)
    with game_seeds(SEED):
        await start_game(channel, players, slug)
    record = await hand_to_bot(env, players[0], channel, players)
    record = await run_time(env, record.id, until=lambda r: r.status == "finished")
    states = snapshots.states[record.id]
    game, presenter, names, last = get_game(slug), PRESENTERS[slug], names_of(record), len(states) - 1

    def board_bytes(step: int, seat: int | None = None) -> bytes:
        if seat is None:
            return presenter.board(game.view(states[step], None), names).render()
        return presenter.sheet(game.view(states[step], seat), names, seat).render()

    # Anyone in the server may replay a finished game; it opens at step 0, privately.
    outsider = guild.add_member(env.create_user("zed"))
    message = card_of(await outsider.slash(channel, "game replay", game=str(record.id)))
    assert message.flags.ephemeral and shown_step(message) == 0
    assert picture_bytes(env, message) == board_bytes(0)
    assert control(message, "back").disabled and control(message, "rback").disabled

    # Every step: the card draws the view the board drew from the state saved at that step in play.
    replay = replays_of(env.bot).of(
        game, record, await env.bot.storage.actions(record.id), mark=round_mark(slug)
    )
    assert replay.steps == last > 20
    for step in range(last + 1):
        drawn = card(record, replay, step, None, [None]).render.args[-1]  # drawn once, then kept
        assert drawn.args == presenter.board(game.view(states[step], None), names).render.args, step
        assert drawn.func is presenter.board(game.view(states[step], None), names).render.func

    # Clicked through: ▶ steps, ⏭ goes round by round to the end; the bytes are the board's.
    visited = []
    for tag in ("next", "next", "back", "next", *["rnext"] * (len(replay.round_starts()) + 1)):
        if control(message, tag).disabled:
            break
        result = await outsider.click(message, custom_id=control(message, tag).custom_id)
        assert result.acknowledged and not result.followups, said(result)
        message = refresh(channel, message, viewer=outsider)
        step = shown_step(message)
        visited.append(step)
        assert f"{step} of {last}" in all_text(message).replace("*", "")
        assert picture_bytes(env, message) == board_bytes(step)
    assert visited[:4] == [1, 2, 1, 2] and visited[-1] == last
    assert set(replay.round_starts()) - {0} <= set(visited)
    assert control(message, "next").disabled and control(message, "rnext").disabled

    # ⏮ goes back to the start of the last round; the select jumps to any round.
    await outsider.click(message, custom_id=control(message, "rback").custom_id)
    message = refresh(channel, message, viewer=outsider)
    assert shown_step(message) == replay.previous_round(last)
    jump = control(message, "jump")
    target = int(jump.options[0].value)
    await outsider.select(message, [str(target)], custom_id=jump.custom_id)
    message = refresh(channel, message, viewer=outsider)
    assert shown_step(message) == target and picture_bytes(env, message) == board_bytes(target)

    # Hidden information after the end: every seat's view is offered, and is that seat's sheet then.
    chooser = control(message, "view")
    assert {o.value for o in chooser.options} == {"p", *(str(s) for s in range(len(players)))}
    await outsider.select(message, ["1"], custom_id=chooser.custom_id)
    message = refresh(channel, message, viewer=outsider)
    assert "bea's view" in all_text(message) and picture_bytes(env, message) == board_bytes(target, 1)
    await outsider.click(message, custom_id=control(message, "next").custom_id)
    message = refresh(channel, message, viewer=outsider)
    assert picture_bytes(env, message) == board_bytes(target + 1, 1)


def hidden_from(slug: str, state: dict, seat: int) -> list[tuple[str, Any]]:
    """The fuzzer's secret patterns of ``state`` that ``seat`` may not see: not its own (named for
    its seat, or shown by its own view and its own sheet's words)."""
    game, presenter = get_game(slug), PRESENTERS[slug]
    if game.is_over(state):
        return []
    own = game.view(state, seat)
    names = [f"p{s}" for s in range(state["seats"])]
    sheet = presenter.sheet(own, names, seat)
    known = "\n".join([repr(own), sheet.content, presenter.describe(own, names, seat)])
    found = FINDERS[slug](state)
    mine = {p.pattern for what, p in found if what.startswith(f"seat {seat}'s ")}  # two seats' may match
    return [(what, p) for what, p in found if p.pattern not in mine and not p.search(known)]


@pytest.mark.simcord(strict_sync=True)
@pytest.mark.parametrize("slug", TITLES)
async def test_a_running_game_replays_only_what_its_player_could_see(simcord_env, slug, monkeypatch):
    env = simcord_env
    # The words drawn into every picture are read, Observatory's flat-colour encoder's too.
    monkeypatch.setattr(imagetext, "ENCODERS", (*imagetext.ENCODERS, "compact_png"))
    guild, channel, (ada, bea, cy) = await open_table(env, ("ada", "bea", "cy"))
    snapshots = Snapshots(env.bot.storage)
    with game_seeds(SEED):
        await start_game(channel, [ada, bea, cy], slug)
    record = await hand_to_bot(env, ada, channel, [bea, cy])
    record = await run_time(env, record.id, until=lambda r: r.version >= 12, rounds=40)
    assert record.status == "active"
    states = snapshots.states[record.id]
    zed = guild.add_member(env.create_user("zed"))

    # Someone not playing may not replay it yet, nor step a shared card of it.
    refused = await zed.slash(channel, "game replay", game=str(record.id))
    assert "only its players can replay it" in said(refused)
    with ImageText() as images:
        shared = await ada.slash(channel, "game replay", game=str(record.id), share=True)
        assert "posted in the channel" in said(shared)
        posted = channel.last_message
        assert not posted.flags.ephemeral and "view" not in [
            c.custom_id.split(":")[-1] for c in controls(posted)
        ]
        before = all_text(posted)
        refused = await zed.click(posted, custom_id=control(posted, "next").custom_id)
        assert "only its players can replay it" in said(refused)
        assert all_text(refresh(channel, posted)) == before, "a refusal changes nothing"

        # Ada steps through her own replay, in the table's view and in her own; nothing shown is
        # a secret of another seat at that step, or now.
        message = card_of(await ada.slash(channel, "game replay", game=str(record.id)))
        chooser = control(message, "view")
        assert {o.value for o in chooser.options} == {"p", "0"}, "only the table's view and her own"
        checked = 0
        for seat in (None, 0):
            if seat == 0:
                await ada.select(message, ["0"], custom_id=control(message, "view").custom_id)
                message = refresh(channel, message, viewer=ada)
                await ada.select(message, ["0"], custom_id=control(message, "jump").custom_id)
                message = refresh(channel, message, viewer=ada)
                assert shown_step(message) == 0 and "ada's view" in all_text(message)
            while True:
                step = shown_step(message)
                drawn = images.strings(picture_bytes(env, message))
                assert drawn is not None, f"the picture of step {step} ({seat}) was drawn for this card"
                shown = "\n".join([all_text(message), *alt_texts(message), *drawn])
                for state in (states[step], states[-1]):
                    for what, pattern in hidden_from(slug, state, 0):
                        assert not pattern.search(shown), f"step {step} shows {what} to ada"
                checked += 1
                if control(message, "next").disabled:
                    break
                await ada.click(message, custom_id=control(message, "next").custom_id)
                message = refresh(channel, message, viewer=ada)
        assert checked >= 2 * 12

    # A stale card: Bea's own view, after her seat went to someone else, is refused, unchanged.
    bea_card = card_of(await bea.slash(channel, "game replay", game=str(record.id)))
    await bea.select(bea_card, ["1"], custom_id=control(bea_card, "view").custom_id)
    bea_card = refresh(channel, bea_card, viewer=bea)
    await ada.slash(channel, "game replace", player=bea, new_player=zed, game=str(record.id))
    before = all_text(bea_card)
    refused = await bea.click(bea_card, custom_id=control(bea_card, "next").custom_id)
    assert "isn't yours to see" in said(refused) or "only its players" in said(refused)
    assert all_text(refresh(channel, bea_card, viewer=bea)) == before


@pytest.mark.simcord(strict_sync=True)
async def test_bad_input_is_refused_privately(simcord_env):
    env = simcord_env
    guild, channel, (ada, bea) = await open_table(env, ("ada", "bea"))
    await start_game(channel, [ada, bea], "star-gazers")
    record = await hand_to_bot(env, ada, channel, [bea])  # the bot keeps Bea's Journal card: a step
    other = env.create_guild()
    there = other.create_text_channel("games")
    ada_there = other.add_member(ada.user)

    cases = [
        (ada_there, there, {"game": str(record.id)}, f"There's no game #{record.id} in this server"),
        (ada, channel, {"game": "9999"}, "There's no game #9999 in this server"),
        (ada, channel, {"game": "twelve"}, "takes a game number"),
        (ada, channel, {"game": str(record.id), "step": 5000}, "isn't one of them"),
    ]
    for actor, place, options, refusal in cases:
        result = await actor.slash(place, "game replay", **options)
        assert refusal in said(result), said(result)
        assert all(m.flags.ephemeral for m in [r.message for r in [result.response, *result.followups] if r])
    # In the game's thread, the command replays that game: Ada plays it, so she may.
    thread = channel.threads[-1]
    shown = card_of(await ada.slash(thread, "game replay"))
    assert f"Replay of Star Gazers #{record.id}" in all_text(shown) and shown_step(shown) == 0
    await ada.slash(channel, "play", game="observatory")
    lobby = await env.bot.storage.latest_game_in_channel(channel.id)
    result = await ada.slash(channel, "game replay", game=str(lobby.id))
    assert "hasn't started yet" in said(result)

    # In Italian: the refusal, and the card with its controls.
    await bea.slash(channel, "settings", language="it")
    assert "Non c'è nessuna partita #9999 in questo server" in said(
        await bea.slash(channel, "game replay", game="9999")
    )
    shown = card_of(await bea.slash(channel, "game replay", game=str(record.id)))
    assert "Passo 0 di" in all_text(shown) and "La vista del tavolo" in all_text(shown)
    assert "Manche" in [c.label for c in controls(shown) if getattr(c, "label", None)]

    # The controls carry all they need: after a restart, ▶ still steps the card.
    await env.restart_bot()
    result = await bea.click(shown, custom_id=control(shown, "next").custom_id)
    assert result.acknowledged and not result.followups, said(result)
    assert shown_step(refresh(channel, shown, viewer=bea)) == 1


@pytest.mark.simcord(strict_sync=True)
async def test_a_log_the_rules_no_longer_accept_is_said_plainly(simcord_env, monkeypatch):
    env = simcord_env
    _, channel, (ada, bea) = await open_table(env, ("ada", "bea"))
    await start_game(channel, [ada, bea], "star-gazers")
    record = await hand_to_bot(env, ada, channel, [bea])
    assert len(await env.bot.storage.actions(record.id)) >= 1
    game = get_game("star-gazers")

    def changed_rules(state, seat, action):  # a rules change the stored moves predate
        raise IllegalAction("Malformed action: unknown kind.")

    monkeypatch.setattr(game, "apply", changed_rules)
    result = await ada.slash(channel, "game replay", game=str(record.id))
    assert f"Game #{record.id} can't be replayed" in said(result) and "(step 1 fails)" in said(result)
    assert not env.errors


def test_a_steps_picture_is_drawn_once_then_kept() -> None:
    game = get_game("star-gazers")
    replay = Replay(game, 2, game.validate_options({}), SEED, [])
    drawn: list[int] = []

    def draw() -> bytes:
        drawn.append(1)
        return b"picture"

    key = ("picture", "p", 0, "en")
    assert kept_picture(replay, key, draw) == kept_picture(replay, key, draw) == b"picture"
    assert len(drawn) == 1
    assert kept_picture(replay, ("picture", "0", 0, "en"), draw) == b"picture" and len(drawn) == 2


@pytest.mark.simcord(strict_sync=True)
async def test_a_handed_over_seat_replays_its_view_only_from_the_handover(simcord_env):
    """Zed takes Bea's seat at step V: replaying the running game, Zed sees that seat's view from
    step V on, never Bea's hand before it (the table's view stays Zed's at every step)."""
    env = simcord_env
    guild, channel, (ada, bea, cy) = await open_table(env, ("ada", "bea", "cy"))
    with game_seeds(SEED):
        await start_game(channel, [ada, bea, cy], "star-gazers")
    record = await hand_to_bot(env, ada, channel, [bea, cy])
    record = await run_time(env, record.id, until=lambda r: r.version >= 4, rounds=40)
    zed = guild.add_member(env.create_user("zed"))
    await ada.slash(channel, "game replace", player=bea, new_player=zed, game=str(record.id))
    held = (await env.bot.storage.load(record.id)).seats[1]
    assert held.user_id == zed.id and held.held_from == record.version >= 4
    record = await run_time(env, record.id, until=lambda r: r.version >= held.held_from + 3, rounds=40)

    # Before the handover: the table's view only, no choice of views.
    early = card_of(await zed.slash(channel, "game replay", game=str(record.id), step=held.held_from - 1))
    assert "view" not in [c.custom_id.split(":")[-1] for c in controls(early) if c.custom_id]
    assert "zed's view" not in all_text(early)
    # From the handover on: the table's view and Zed's own.
    message = card_of(await zed.slash(channel, "game replay", game=str(record.id), step=held.held_from))
    assert {o.value for o in control(message, "view").options} == {"p", "1"}
    await zed.select(message, ["1"], custom_id=control(message, "view").custom_id)
    message = refresh(channel, message, viewer=zed)
    assert "zed's view" in all_text(message) and shown_step(message) == held.held_from
    assert control(message, "back").disabled and control(message, "rback").disabled
    await zed.click(message, custom_id=control(message, "next").custom_id)
    message = refresh(channel, message, viewer=zed)
    assert shown_step(message) == held.held_from + 1 and not control(message, "back").disabled
    # Jumping back before the handover in the seat's view is refused, nothing changed.
    before = all_text(message)
    earliest = min(int(o.value) for o in control(message, "jump").options)
    assert earliest < held.held_from
    refused = await zed.select(message, [str(earliest)], custom_id=control(message, "jump").custom_id)
    assert "took this seat" in said(refused), said(refused)
    assert all_text(refresh(channel, message, viewer=zed)) == before
