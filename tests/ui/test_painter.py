"""Pictures drawn in a process pool (``bot.ui.painter``): the same bytes as drawn here, a dead
worker replaced and its picture drawn again, a picture that cannot travel drawn in a thread."""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from bot.i18n import Language
from bot.ui.painter import Painter, PictureFailed, workers_from


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
