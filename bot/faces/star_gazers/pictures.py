"""Star Gazers' pictures are named by everything they draw from (``bot.ui.pictures``), so an edit
never uploads a picture the message already shows."""

from __future__ import annotations

from bot.ui.pictures import keep_if_shown, named, shown_picture

__all__ = ["keep_if_shown", "named", "shown_picture"]
