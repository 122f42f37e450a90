"""Star Gazers on Discord: its presenter, components, panels, words and art."""

from __future__ import annotations

from bot.faces.star_gazers.presenter import StarGazersPresenter

PRESENTER = StarGazersPresenter()

__all__ = ["PRESENTER", "StarGazersPresenter"]
