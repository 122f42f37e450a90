"""A Sky of Stars on Discord: its presenter, components, panels, words and art."""

from __future__ import annotations

from bot.faces.sky_of_stars.presenter import SkyOfStarsPresenter

PRESENTER = SkyOfStarsPresenter()

__all__ = ["PRESENTER", "SkyOfStarsPresenter"]
