"""Pictures drawn in a process pool (``bot.ui.painter``): the same bytes as drawn here, a dead
worker replaced and its picture drawn again, a picture that cannot travel drawn in a thread; a
picture already drawn (or being drawn) not drawn again, within the cache's bound."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from bot.i18n import Language
from bot.ui.painter import Painter, PictureFailed, workers_from
from bot.ui.picture_cache import DEFAULT_MEGABYTES, MEGABYTE, cache_bytes_from


def _picture(word: str) -> bytes:
    """A tiny real picture: a palette PNG of a word, drawn with the theme's font."""
    from PIL import Image, ImageDraw

    from render import theme
    from render.encode import encode

    image = Image.new("RGB", (120, 40), theme.SKY_TOP)
    ImageDraw.Draw(image).text((4, 4), word, font=theme.font(theme.SMALL), fill=theme.INK)
    return encode(image)


def _dies_once(marker: str) -> bytes:
    """Kills its worker the first time (leaving ``marker``), draws the next time."""
    if not os.path.exists(marker):
        Path(marker).touch()
        os._exit(3)
    return b"drawn after a death"


def _always_dies() -> bytes:
    os._exit(3)


def _language_word() -> bytes:
    from bot.i18n import language

    return language().value.encode()


@pytest.fixture
def pool() -> Iterator[Painter]:
    painter = Painter(workers=1)
    yield painter
    painter.close()


async def test_a_worker_draws_the_same_bytes_as_this_process(pool: Painter) -> None:
    drawn = await pool.paint(partial(_picture, "Vega"), Language.ENGLISH)
    assert drawn == _picture("Vega")
    assert pool.worker_cpu_seconds > 0


async def test_the_picture_is_drawn_in_its_language(pool: Painter) -> None:
    assert await pool.paint(_language_word, Language.ITALIAN) == b"it"


async def test_a_dead_worker_is_replaced_and_its_picture_drawn_again(pool: Painter, tmp_path: Path) -> None:
    drawn = await pool.paint(partial(_dies_once, str(tmp_path / "died")), Language.ENGLISH)
    assert drawn == b"drawn after a death" and pool.pools_replaced == 1
    assert await pool.paint(partial(_picture, "Deneb"), Language.ENGLISH) == _picture("Deneb")


async def test_a_picture_that_kills_every_worker_fails_without_killing_the_bot(pool: Painter) -> None:
    with pytest.raises(PictureFailed):
        await pool.paint(_always_dies, Language.ENGLISH)
    assert await pool.paint(partial(_picture, "Altair"), Language.ENGLISH) == _picture("Altair")


async def test_a_picture_that_does_not_pickle_is_drawn_in_a_thread(pool: Painter) -> None:
    word = "Rigel"
    assert await pool.paint(lambda: _picture(word), Language.ENGLISH) == _picture(word)
    assert pool.worker_cpu_seconds == 0


async def test_no_workers_draws_in_a_thread() -> None:
    painter = Painter(workers=0)
    assert await painter.paint(partial(_picture, "Spica"), Language.ENGLISH) == _picture("Spica")
    assert painter.worker_cpu_seconds == 0


def test_the_pool_size_comes_from_the_environment() -> None:
    assert workers_from({"ASTROLABE_PICTURE_WORKERS": "3"}) == 3
    assert workers_from({"ASTROLABE_PICTURE_WORKERS": "0"}) == 0
    assert workers_from({}) == (os.cpu_count() or 1)
    assert workers_from({"ASTROLABE_PICTURE_WORKERS": "many"}) == (os.cpu_count() or 1)


async def test_workers_draw_a_game_under_a_simulated_discord(simcord_env, monkeypatch) -> None:
    """SimCord's clock stands still inside the bot's calls, and a fork server's children were
    waited for on it forever (the second worker never started): under it the workers are forked.
    A game starts with its pictures drawn by two workers."""
    from bot.ui import painter as module
    from tests.drivers.helpers import images
    from tests.drivers.sky_driver import open_lobby, start_game

    pool = Painter(workers=2)
    monkeypatch.setattr(module, "_painter", pool)
    try:
        _, channel, players = await open_lobby(simcord_env)
        await start_game(simcord_env, channel, players)
        dms = [m for player in players for m in player.user.dm_channel.history() if images(m)]
        assert dms, "every player's panel came with its picture"
        assert pool.worker_cpu_seconds > 0, "drawn by the workers"
    finally:
        pool.close()


# Drawings counted in this process (the thread path): how often each word was really drawn.
DRAWN: dict[str, int] = {}
GATE = threading.Event()


def _counted(word: str, size: int = 0) -> bytes:
    """A picture of ``word`` that counts its drawings (``size``: padded to that many bytes)."""
    DRAWN[word] = DRAWN.get(word, 0) + 1
    return (_picture(word) + bytes(size))[: size or None]


def _gated(word: str) -> bytes:
    """Waits for ``GATE`` before drawing, so several requests meet while it is being drawn."""
    GATE.wait(10)
    return _counted(word)


def _fails(word: str) -> bytes:
    DRAWN[word] = DRAWN.get(word, 0) + 1
    raise ValueError(f"cannot draw {word}")


@pytest.fixture
def cached() -> Iterator[Painter]:
    """A painter that draws in a thread, as the tests' bot does, with a 1 MB cache."""
    DRAWN.clear()
    GATE.clear()
    yield Painter(workers=0, cache_bytes=MEGABYTE)


async def test_the_second_identical_picture_is_not_drawn_again(cached: Painter) -> None:
    first = await cached.paint(partial(_counted, "Vega"), Language.ENGLISH)
    second = await cached.paint(partial(_counted, "Vega"), Language.ENGLISH)
    assert first == second == _picture("Vega")
    assert DRAWN["Vega"] == 1
    assert (cached.cache_hits, cached.cache_misses) == (1, 1)


async def test_another_language_or_view_is_drawn(cached: Painter) -> None:
    await cached.paint(partial(_counted, "Vega"), Language.ENGLISH)
    assert await cached.paint(_language_word, Language.ENGLISH) == b"en"
    assert await cached.paint(_language_word, Language.ITALIAN) == b"it", "the language is in the key"
    await cached.paint(partial(_counted, "Vega"), Language.ITALIAN)
    await cached.paint(partial(_counted, "Deneb"), Language.ENGLISH)
    assert DRAWN == {"Vega": 2, "Deneb": 1}
    assert (cached.cache_hits, cached.cache_misses) == (0, 5)


async def test_requests_for_a_picture_being_drawn_share_its_drawing(cached: Painter) -> None:
    waiting = [
        asyncio.create_task(cached.paint(partial(_gated, "Altair"), Language.ENGLISH)) for _ in range(3)
    ]
    await asyncio.sleep(0.05)
    GATE.set()
    assert await asyncio.gather(*waiting) == [_picture("Altair")] * 3
    assert DRAWN["Altair"] == 1
    assert (cached.cache_hits, cached.cache_shared, cached.cache_misses) == (2, 2, 1)


async def test_a_cancelled_request_leaves_the_shared_drawing_to_the_others(cached: Painter) -> None:
    first = asyncio.create_task(cached.paint(partial(_gated, "Rigel"), Language.ENGLISH))
    second = asyncio.create_task(cached.paint(partial(_gated, "Rigel"), Language.ENGLISH))
    await asyncio.sleep(0.05)
    first.cancel()
    GATE.set()
    assert await second == _picture("Rigel")
    assert first.cancelled() and DRAWN["Rigel"] == 1


async def test_the_byte_bound_evicts_the_least_recently_used(cached: Painter) -> None:
    kb400 = 400_000
    for word in ("Vega", "Deneb"):
        await cached.paint(partial(_counted, word, kb400), Language.ENGLISH)
    await cached.paint(partial(_counted, "Vega", kb400), Language.ENGLISH)  # Vega used last
    await cached.paint(partial(_counted, "Altair", kb400), Language.ENGLISH)  # 1.2 MB: one goes
    assert cached.cache.size <= MEGABYTE and len(cached.cache) == 2 and cached.cache.evictions == 1
    await cached.paint(partial(_counted, "Vega", kb400), Language.ENGLISH)
    await cached.paint(partial(_counted, "Deneb", kb400), Language.ENGLISH)
    assert DRAWN == {"Vega": 1, "Deneb": 2, "Altair": 1}, "Deneb, used least recently, went"
    await cached.paint(partial(_counted, "Spica", 2 * MEGABYTE), Language.ENGLISH)
    assert cached.cache.size <= MEGABYTE, "a picture larger than the bound is not kept"


async def test_a_failed_drawing_is_not_kept(cached: Painter) -> None:
    for _ in range(2):
        with pytest.raises(ValueError, match="cannot draw Mira"):
            await cached.paint(partial(_fails, "Mira"), Language.ENGLISH)
    assert DRAWN["Mira"] == 2 and len(cached.cache) == 0


async def test_a_picture_that_does_not_pickle_is_drawn_every_time(cached: Painter) -> None:
    for _ in range(2):
        assert await cached.paint(lambda: _counted("Polaris"), Language.ENGLISH) == _picture("Polaris")
    assert DRAWN["Polaris"] == 2 and cached.cache_hits == 0


async def test_a_cache_of_zero_bytes_is_off() -> None:
    DRAWN.clear()
    painter = Painter(workers=0, cache_bytes=0)
    for _ in range(2):
        await painter.paint(partial(_counted, "Vega"), Language.ENGLISH)
    assert DRAWN["Vega"] == 2 and (painter.cache_hits, painter.cache_misses) == (0, 0)


async def test_workers_keep_what_they_drew(pool: Painter) -> None:
    pool.cache.limit = MEGABYTE
    await pool.paint(partial(_picture, "Vega"), Language.ENGLISH)
    spent = pool.worker_cpu_seconds
    assert await pool.paint(partial(_picture, "Vega"), Language.ENGLISH) == _picture("Vega")
    assert pool.worker_cpu_seconds == spent and pool.cache_hits == 1


def test_the_cache_size_comes_from_the_environment() -> None:
    assert cache_bytes_from({}) == DEFAULT_MEGABYTES * MEGABYTE
    assert cache_bytes_from({"ASTROLABE_PICTURE_CACHE_MB": "0"}) == 0
    assert cache_bytes_from({"ASTROLABE_PICTURE_CACHE_MB": "16"}) == 16 * MEGABYTE
    assert cache_bytes_from({"ASTROLABE_PICTURE_CACHE_MB": "lots"}) == DEFAULT_MEGABYTES * MEGABYTE
    assert cache_bytes_from({"ASTROLABE_PICTURE_CACHE_MB": "-1"}) == DEFAULT_MEGABYTES * MEGABYTE


async def test_the_bots_metrics_count_pictures_drawn_and_from_the_cache(cached: Painter) -> None:
    from bot.ops.metrics import CURRENT, Metrics

    metrics = Metrics()
    token = CURRENT.set(metrics)
    try:
        for _ in range(3):
            await cached.paint(partial(_counted, "Vega"), Language.ENGLISH)
    finally:
        CURRENT.reset(token)
    sample = metrics.registry.get_sample_value
    assert sample("astrolabe_pictures_total", {"source": "drawn"}) == 1
    assert sample("astrolabe_pictures_total", {"source": "cache"}) == 2
