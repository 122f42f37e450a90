"""Done when (issue 29): one player sits in a live A Sky of Stars party and two paced games (Star
Gazers, Observatory) at once, and always plays on the newest message of their DMs that has
enabled controls, or follows the link it carries. Messages of the paced games keep arriving while
a Sky step is open; that player misses no Sky step, and all three games finish."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import get_game
from tests.drivers import observatory_driver, sky_driver, star_gazers_driver
from tests.drivers.driver import open_table, start_game
from tests.drivers.helpers import components, controls, custom_ids, dm_history, latest_panel, refresh

SKY, GAZERS, OBS = (get_game(slug) for slug in ("sky-of-stars", "star-gazers", "observatory"))
PREFIX = {"sky:": SKY.slug, "sg:": GAZERS.slug, "obs:": OBS.slug}
DAY = 86400


def game_of(message: Any) -> str | None:
    for custom_id in custom_ids(message):
        for prefix, slug in PREFIX.items():
            if custom_id.startswith(prefix):
                return slug
    return None


def followed(player: Any) -> tuple[Any, bool]:
    """What the player plays on: the newest DM with enabled controls or a link; a link is followed
    to the message it opens. Returns that message and whether a link led there."""
    history = dm_history(player)
    newest = next(
        m for m in reversed(history) if controls(m) or any(getattr(c, "url", None) for c in components(m))
    )
    link = next((c.url for c in components(newest) if getattr(c, "url", None)), None)
    if link is None:
        return newest, False
    target = int(link.rsplit("/", 1)[1])
    return next(m for m in history if m.id == target), True


@pytest.mark.simcord(strict_sync=True)
async def test_one_player_in_a_live_party_and_two_paced_games_misses_no_live_step(simcord_env, monkeypatch):
    env = simcord_env
    guild, sky_place, (ada, bea, cy, dee, eve) = await open_table(env, ("ada", "bea", "cy", "dee", "eve"))
    records: dict[str, Any] = {}

    async def record_of(slug: str) -> Any:
        found = next((r for r in await env.bot.storage.active_games() if r.game == slug), None)
        records[slug] = found or records.get(slug)
        return found

    # Each driver reads its own game's record (they were written for one game at a time).
    for module, slug in (
        (sky_driver, SKY.slug),
        (star_gazers_driver, GAZERS.slug),
        (observatory_driver, OBS.slug),
    ):
        monkeypatch.setattr(module, "current_record", lambda _env, slug=slug: record_of(slug))

    await start_game(sky_place, [ada, bea, cy], SKY.slug)
    gazers_place, obs_place = guild.create_text_channel("gazers"), guild.create_text_channel("observatory")
    await start_game(gazers_place, [ada, dee], GAZERS.slug, pace=DAY)
    await start_game(obs_place, [ada, eve], OBS.slug, pace=DAY)
    sky = sky_driver.Table(env, sky_place, [ada, bea, cy], closed=set())
    gazers = star_gazers_driver.Table(env, gazers_place, [ada, dee], closed=set())
    obs = observatory_driver.ObsTable(env, obs_place, [ada, eve])
    seats = {SKY.slug: [ada, bea, cy], GAZERS.slug: [ada, dee], OBS.slug: [ada, eve]}
    games = {SKY.slug: SKY, GAZERS.slug: GAZERS, OBS.slug: OBS}
    sky_steps = links_followed = arrived_during_sky = 0

    async def play(slug: str, player: Any, message: Any) -> None:
        seat = seats[slug].index(player)
        if slug == SKY.slug:
            await sky.act(player, message, chooser=lambda ids: ids[0])
        elif slug == GAZERS.slug:
            await gazers.play_turn(player, message, seat)
        else:
            await obs.play_turn(player, message)

    for _ in range(3000):
        running = {slug: await record_of(slug) for slug in games}
        if not any(running.values()):
            break
        sky_record = running[SKY.slug]
        if sky_record is not None and await sky_driver.wait_out_reveal(env, sky_record):
            continue
        if sky_record is not None and SKY.view(sky_record.state, None)["phase"] == "stroke":
            view = SKY.view(sky_record.state, None)
            if view["stop_by"] is None and view["roll"]["count"] >= 1:
                await sky_driver.press_public(sky.thread, bea, "stop")
                continue
        waiting = {slug: games[slug].to_act(r.state) for slug, r in running.items() if r is not None}
        # The others play first, one decision each: their moves send ada new paced panels.
        others = [
            (slug, seats[slug][s]) for slug, ws in waiting.items() for s in ws if seats[slug][s] is not ada
        ]
        if others:
            slug, player = others[0]
            if slug != SKY.slug and 0 in waiting.get(SKY.slug, []):
                arrived_during_sky += 1
            await play(slug, player, latest_panel(player))
            continue
        mine = [slug for slug, ws in waiting.items() if 0 in ws]
        assert mine, f"every running game waits on someone: {waiting}"
        message, by_link = followed(ada)
        links_followed += by_link
        slug = game_of(message)
        if SKY.slug in mine:
            assert slug == SKY.slug, (
                f"an open Sky step must be the newest message or one link away, got {slug}"
            )
            sky_steps += 1
        elif slug not in mine:  # a paced panel further up: ada scrolls to the game that waits on her
            message = next(m for m in reversed(dm_history(ada)) if game_of(m) == mine[0] and controls(m))
            slug = mine[0]
        await play(slug, ada, refresh(ada.user.dm_channel, message))
    else:
        raise AssertionError("the three games did not finish")

    for slug in games:
        record = await env.bot.storage.load(records[slug].id)
        assert record.status == "finished", f"{slug} is {record.status}"
    assert sky_steps and links_followed and arrived_during_sky, (
        sky_steps,
        links_followed,
        arrived_during_sky,
    )
