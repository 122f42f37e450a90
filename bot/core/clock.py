"""The bot's notion of now, shared by everything that schedules.

The core reads the wall clock; the Discord side plugs in ``discord.utils.utcnow`` (see
``bot.ui``), the clock SimCord's simulated time drives, so tests can jump a game's deadlines.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime


def _wall() -> datetime:
    return datetime.now(UTC)


_source: Callable[[], datetime] = _wall


def use(source: Callable[[], datetime]) -> None:
    """Read aware UTC datetimes from ``source`` from now on."""
    global _source
    _source = source


def now() -> float:
    """Epoch seconds."""
    return _source().timestamp()
