"""Observatory on Discord: its presenter, components, panels, words and art."""

from __future__ import annotations

from bot.faces.observatory.presenter import ObservatoryPresenter

PRESENTER = ObservatoryPresenter()

__all__ = ["PRESENTER", "ObservatoryPresenter"]
