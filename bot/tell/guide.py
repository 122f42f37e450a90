"""The `/learn` guide: in a practice game, a seat's panel carries a short hint the first time its
player meets each kind of decision (the face's ``Presenter.hint``), with **Skip the guide**.

The guide's progress is kept with the game's options (``guide``: the kinds already explained,
each with the decision it was explained at, so the same panel drawn again keeps its hint), so a
restart neither repeats a hint nor loses the skip. At most ``MOST_HINTS`` hints are given.
"""

from __future__ import annotations

import logging
from typing import Any

from bot.games import get_game
from bot.i18n import _
from bot.storage import GameRecord, StaleVersion
from bot.ui.guide import GUIDE_KEY, SkipGuideButton
from bot.ui.outgoing import Outgoing
from bot.ui.presenter import Presenter

log = logging.getLogger(__name__)

MOST_HINTS = 5


def fresh_guide() -> dict[str, Any]:
    """The guide of a practice game that has just opened: nothing explained yet."""
    return {"seen": {}}


def guide_of(record: GameRecord) -> dict[str, Any] | None:
    """The guide's progress while it runs; ``None`` when the game has none, or it was skipped."""
    guide = record.options.get(GUIDE_KEY)
    return guide if record.practice and isinstance(guide, dict) else None


async def with_hint(
    storage: Any, presenter: Presenter, record: GameRecord, seat: int, out: Outgoing
) -> Outgoing:
    """``out`` (the seat's panel, in its player's language) with the guide's hint on top and the
    **Skip the guide** button, when the guide has one for this decision; ``out`` itself otherwise.
    A hint shown for the first time is remembered in storage before it is shown."""
    guide = guide_of(record)
    if guide is None or record.state is None or record.seats[seat].bot_controlled:
        return out
    game = get_game(record.game)
    if seat not in game.to_act(record.state):
        return out
    hint = presenter.hint(game.view(record.state, seat))
    if hint is None:
        return out
    seen: dict[str, int] = dict(guide.get("seen") or {})
    decision = game.decision_id(record.state)
    if hint.key in seen:
        if seen[hint.key] != decision:
            return out  # explained at an earlier decision already
    else:
        if len(seen) >= MOST_HINTS:
            return out
        seen[hint.key] = decision
        options = {**record.options, GUIDE_KEY: {**guide, "seen": seen}}
        try:
            await storage.set_game_options(record.id, options)
        except StaleVersion:
            return out
        record.options = options
    line = _("💡 **Guide:** {hint}", hint=_(hint.text))
    out.content = f"{line}\n\n{out.content}" if out.content else line
    out.items = (*out.items, SkipGuideButton(record.id))
    return out
