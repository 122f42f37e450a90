"""What an operator sees: /metrics scraped over real HTTP during a game, /healthz and
``python -m bot health`` failing while the database can't be written."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import urllib.error
import urllib.request

import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.__main__ import health_check as health_main
from tests.drivers.helpers import latest_panel, refresh
from tests.drivers.sky_driver import Table, open_lobby, play_until, start_game


def get(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=15) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


async def scrape(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of /metrics, by name and labels (a real GET, from another thread)."""
    status, text = await asyncio.to_thread(get, port, "/metrics")
    assert status == 200
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def total(samples, name: str, **labels: str) -> float:
    """The sum of ``name``'s samples whose labels include ``labels``."""
    return sum(
        value
        for (sample, sample_labels), value in samples.items()
        if sample == name and set(labels.items()) <= set(sample_labels)
    )


@pytest.mark.simcord(strict_sync=True)
async def test_metrics_move_during_a_game(simcord_env):
    env = simcord_env
    server = await env.bot.serve_operators(0)
    before = await scrape(server.port)
    _, channel, players = await open_lobby(env)
    await start_game(env, channel, players)
    table = Table(env, channel, players, closed=set())
    for player in players:  # every starting star: the first drawing roll opens (a picture)
        await table.act(player, latest_panel(player), chooser=lambda ids: ids[0])
    after = await scrape(server.port)

    clicks = total(after, "astrolabe_interactions_total") - total(before, "astrolabe_interactions_total")
    assert clicks >= 2 + len(players) + 1, "/play, the joins, the start and the picks are counted"
    assert total(after, "astrolabe_interactions_total", type="component", outcome="ok") > 0
    for histogram in (
        "astrolabe_ack_seconds_count",
        "astrolabe_followup_seconds_count",
        "astrolabe_render_seconds_count",
        "astrolabe_db_commit_seconds_count",
    ):
        assert total(after, histogram) > total(before, histogram), f"{histogram} did not move"
    assert total(after, "astrolabe_games", game="sky-of-stars", status="active") == 1
    assert total(after, "astrolabe_db_commit_errors_total") == 0
    assert all(name != "user" and "id" not in name for (_, labels) in after for name, _ in labels), (
        "labels are bounded: no ids"
    )


@pytest.mark.simcord(strict_sync=True)
async def test_discord_errors_are_counted_by_status_and_code(simcord_env):
    env = simcord_env
    server = await env.bot.serve_operators(0)
    _, channel, players = await open_lobby(env)
    await players[0].slash(channel, "play", game="sky-of-stars")
    lobby = channel.last_message
    # the first message the start sends fails once (and is sent again)
    env.inject_error("POST", "/channels/*/messages", status=503, code=130000, times=1)
    for player in players[1:]:
        await player.click(refresh(channel, lobby), label="Join")
    await players[0].click(refresh(channel, lobby), label="Start")
    samples = await scrape(server.port)
    assert total(samples, "astrolabe_discord_http_errors_total", status="503", code="130000") == 1
    assert total(samples, "astrolabe_discord_http_errors_total") == 1


@pytest.mark.simcord(strict_sync=True)
async def test_health_fails_while_the_database_cannot_be_written(simcord_env, bot_settings):
    env = simcord_env
    await env.bot.tree.sync()
    server = await env.bot.serve_operators(0, health_timeout=1.0)
    environ = {"ASTROLABE_METRICS_PORT": str(server.port)}
    status, body = await asyncio.to_thread(get, server.port, "/healthz")
    assert status == 200, body
    assert json.loads(body) == {"healthy": True, "discord": "connected", "database": "writable"}
    assert await asyncio.to_thread(health_main, [], environ) == 0

    other = sqlite3.connect(bot_settings.db_path, timeout=0, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")  # another writer holds the file: nothing can be written
        status, body = await asyncio.to_thread(get, server.port, "/healthz")
        assert status == 503, body
        report = json.loads(body)
        assert report["healthy"] is False and report["database"].startswith("not writable")
        assert report["discord"] == "connected"
        assert await asyncio.to_thread(health_main, [], environ) == 1
    finally:
        other.rollback()
        other.close()
    for _ in range(40):  # the probe that timed out still waits for the lock; then all is well
        status, body = await asyncio.to_thread(get, server.port, "/healthz")
        if status == 200:
            break
        await asyncio.sleep(0.25)
    assert status == 200, body


async def test_health_says_what_to_set_without_a_port(capsys):
    assert health_main([], {}) == 1
    assert "ASTROLABE_METRICS_PORT" in capsys.readouterr().err


async def test_health_fails_when_nothing_answers():
    import socket

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    assert await asyncio.to_thread(health_main, [], {"ASTROLABE_METRICS_PORT": str(port)}) == 1


@pytest.mark.simcord(strict_sync=True)
async def test_timers_are_counted_with_their_lateness_also_after_a_restart(simcord_env, restart_bot):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    await start_game(env, channel, players, countdown=20)
    table = Table(env, channel, players, closed=set())
    await play_until(env, table, lambda v: v["phase"] == "guess")
    bot = await restart_bot()  # the countdown is re-armed from the database by the new bot
    server = await bot.serve_operators(0)
    before = await scrape(server.port)
    assert total(before, "astrolabe_timers_due_total", kind="countdown") == 0
    await env.advance_time(21)
    after = await scrape(server.port)
    assert total(after, "astrolabe_timers_due_total", kind="countdown") == 1
    assert total(after, "astrolabe_timer_late_seconds_count", kind="countdown") == 1
    assert total(after, "astrolabe_timer_late_seconds_sum", kind="countdown") < 5


@pytest.mark.simcord(strict_sync=True)
async def test_retired_panels_are_counted(simcord_env):
    from tests.tell.test_panel_lifecycle import HOUR, open_game

    env = simcord_env
    _, (ada, bea), table = await open_game(env, pace=HOUR)
    retired = env.bot.metrics.registry.get_sample_value
    assert retired("astrolabe_panels_retired_total") == 0
    await table.play_turn(ada)
    await table.play_turn(bea)  # ada's move again: a new DM, and her old panel is retired
    assert retired("astrolabe_panels_retired_total") >= 1
