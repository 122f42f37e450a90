"""The events of Observatory that a face recognises, tagged by message id (see
``bot.games.sky_of_stars.events``)."""

from __future__ import annotations

from bot.games.base import EventKind

EVENT_KINDS: dict[str, EventKind] = {
    "{seat} rolled {faces}; the Shooting Star die shows {shooting}.": EventKind.ROLLED,
}
