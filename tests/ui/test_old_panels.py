"""Panels sent before a change still play after it (``tests/ui/old_panels.py``).

Each face plays the opening of a seeded game through SimCord, clicking as its driver does; every
click sends the custom_id stored from the code the panels were sent by (``old_panels.json``), and
the message it sits on must show byte for byte the ids stored with it. A kind of control the
driver never presses (a Back, a Type button, a stage's select) is pressed once, where the stored
game first showed it.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import Any

import pytest

from tests.drivers import observatory_driver, sky_driver, star_gazers_driver, starry_night_sky_driver
from tests.drivers.driver import open_table
from tests.drivers.helpers import current_record, said
from tests.ui.old_panels import Clicks, Enough, kind_of, load, save

SEED = 13
LIMIT = 70  # clicks per face: a few rounds, every kind of control shown
RECORD = os.environ.get("ASTROLABE_RECORD_PANELS") == "1"
NOT_PLAYED = ("Sorry, something went wrong", "doesn't match anything", "belongs to an earlier step")


async def observatory(env: Any) -> None:
    _guild, channel, players = await open_table(env, ("ada", "bea", "cy"))
    await observatory_driver.start_game(env, channel, players)
    table = observatory_driver.ObsTable(env, channel, players)
    await observatory_driver.play_until(env, table, lambda view: False)


async def sky_of_stars(env: Any) -> None:
    _guild, channel, players = await sky_driver.open_lobby(env)
    await sky_driver.start_game(env, channel, players)
    table = sky_driver.Table(env, channel, players, closed=set())
    await sky_driver.play_until(env, table, lambda view: False, stop_after=2)


async def star_gazers(env: Any) -> None:
    _guild, channel, players = await star_gazers_driver.open_lobby(env, ("ada", "bea", "cy"))
    await star_gazers_driver.start_game(env, channel, players)
    table = star_gazers_driver.Table(env, channel, players, closed=set())
    while (record := await current_record(env)) is not None:
        for seat in star_gazers_driver.GAME.to_act(record.state):
            await table.play_turn(players[seat], await table.panel(players[seat]), seat)


async def starry_night_sky(env: Any) -> None:
    _guild, channel, players = await open_table(env)
    await starry_night_sky_driver.start_game(env, channel, players)
    table = starry_night_sky_driver.Table(env, channel, players)
    while (record := await current_record(env)) is not None:
        seat = starry_night_sky_driver.GAME.to_act(record.state)[0]
        await table.play_turn(players[seat], trade=True)


FACES: dict[str, Callable[[Any], Awaitable[None]]] = {
    "observatory": observatory,
    "sky-of-stars": sky_of_stars,
    "star-gazers": star_gazers,
    "starry-night-sky": starry_night_sky,
}


async def play(env: Any, monkeypatch: Any, face: str, clicks: Clicks) -> None:
    monkeypatch.setattr("bot.tell.service.secrets.randbits", lambda bits: SEED)
    with suppress(Enough):
        await FACES[face](env)


def unpressed() -> list[tuple[str, int, str]]:
    """Each kind of control the stored games showed but never pressed: (face, click, custom_id)
    where it was first shown (the lobby's buttons aside: a lobby is over before its game)."""
    found = []
    for face, seen in sorted(load().items()):
        pressed = {kind_of(click["clicked"]) for click in seen}
        for n, click in enumerate(seen):
            for custom_id in click["shown"]:
                if kind_of(custom_id) not in pressed and not custom_id.startswith("lobby:"):
                    pressed.add(kind_of(custom_id))
                    found.append((face, n, custom_id))
    return found


@pytest.mark.simcord(strict_sync=True)
@pytest.mark.parametrize("face", FACES)
async def test_stored_panels_still_play(simcord_env, monkeypatch, face):
    records = load()
    old = None if RECORD or face not in records else records[face]
    clicks = Clicks(monkeypatch, old, LIMIT)
    await play(simcord_env, monkeypatch, face, clicks)
    for n, result in enumerate(clicks.answers):
        assert not any(words in said(result) for words in NOT_PLAYED), (n, said(result))
    if old is None:  # recording: run it with -n 0, one face after the other
        records = load()
        records[face] = clicks.seen
        save(records)
    else:
        assert len(clicks.seen) == len(old), "the game took another path"


@pytest.mark.simcord(strict_sync=True)
@pytest.mark.parametrize(("face", "n", "custom_id"), unpressed())
async def test_a_stored_control_of_every_kind_still_answers(simcord_env, monkeypatch, face, n, custom_id):
    clicks = Clicks(monkeypatch, load()[face], LIMIT, divert=(n, custom_id))
    await play(simcord_env, monkeypatch, face, clicks)
    result = clicks.answers[-1]
    assert len(clicks.answers) == n + 1
    assert result.modal is not None or result.acknowledged, custom_id
    assert not any(words in said(result) for words in NOT_PLAYED), said(result)
