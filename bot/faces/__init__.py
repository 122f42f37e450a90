"""Each game's Discord face (presenter, components, panels, words, art), one folder per game."""

from __future__ import annotations

from bot.faces.base import Presenter


def _load() -> dict[str, Presenter]:
    from bot.faces import observatory, sky_of_stars, star_gazers, starry_night_sky

    presenters: list[Presenter] = [sky_of_stars.PRESENTER, observatory.PRESENTER, star_gazers.PRESENTER,
                                   starry_night_sky.PRESENTER]
    return {p.slug: p for p in presenters}


PRESENTERS: dict[str, Presenter] = _load()
