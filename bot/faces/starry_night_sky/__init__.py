"""Starry Night Sky on Discord: its presenter, components, panels, words and art."""

from __future__ import annotations

from bot.faces.starry_night_sky.presenter import StarryNightSkyPresenter

PRESENTER = StarryNightSkyPresenter()

__all__ = ["PRESENTER", "StarryNightSkyPresenter"]
