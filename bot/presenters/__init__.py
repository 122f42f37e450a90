"""Per-game Discord presentation: how a game's views become messages, panels and components."""

from __future__ import annotations

from bot.presenters.base import Presenter


def _load() -> dict[str, Presenter]:
    from bot.presenters.observatory import ObservatoryPresenter
    from bot.presenters.sky_of_stars import SkyOfStarsPresenter
    from bot.presenters.star_gazers import StarGazersPresenter
    from bot.presenters.starry_night_sky import StarryNightSkyPresenter

    presenters: list[Presenter] = [SkyOfStarsPresenter(), ObservatoryPresenter(), StarGazersPresenter(),
                                   StarryNightSkyPresenter()]
    return {p.slug: p for p in presenters}


PRESENTERS: dict[str, Presenter] = _load()
