"""What an Observatory panel shows after a click, as pure functions of the clicker's view (the
platform, ``bot.ui.clicks``, plays the click and asks the presenter, which asks here)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.faces.observatory.art.map import COLUMNS, SIZE
from bot.faces.observatory.items import DO, NOTHING_TO_DECIDE, PICK, PLAY, action_of
from bot.faces.observatory.pictures import keep_sheet
from bot.faces.observatory.words import DONE, DONE_TEXT
from bot.games.base import Action
from bot.i18n import _
from bot.ui.controls import BAD_BUTTON, Click, Played, Seen, of_controls, option_values
from bot.ui.interactions import Refusal
from bot.ui.outgoing import Outgoing
from bot.ui.presenter import PanelAt
from bot.ui.typed_square import parse_square


def offered_codes(items: Iterable[Any]) -> set[str]:
    """Every action code a panel's items can play: its confirm buttons' and its move lists'."""
    codes = {item.fields["code"] for item in of_controls(items, DO)}
    return codes | {value for item in of_controls(items, PLAY) for value in option_values(item)}


def after_play(seen: Seen, played: Played, panel: PanelAt) -> Outgoing:
    """A sub-action carries on from the panel's home stage, with the new draft; a finished part
    says so (``finished``), and once the seat waits, the sheet as just finished stays."""
    if played.same_step and played.to_act and played.active:
        return panel()
    out = panel(finished=played.kind)
    if played.kind == "done" and seen.view.get("choice") is None:
        out = keep_sheet(out, played.click.message)
    return out


def said_after(played: Played) -> str:
    """What a thread button's move says back privately."""
    return _(DONE_TEXT.get(played.kind, DONE))


def step(seen: Seen, click: Click, panel: PanelAt) -> Outgoing:
    """Another stage of the same choice (a pick goes with it)."""
    if seen.view.get("choice") is None:
        raise Refusal(_(NOTHING_TO_DECIDE))
    picked = ".".join(click.picked) or None if click.control is PICK else None
    return panel(stage=click["stage"], picked=picked)


def typed(seen: Seen, click: Click, panel: PanelAt) -> Action:
    """A typed cell plays the one move of the list that reaches it."""
    cell = parse_square(click.typed, COLUMNS, SIZE, what="cell")
    if seen.view.get("choice") is None:
        raise Refusal(_(NOTHING_TO_DECIDE))
    code = click["code"]
    offered = offered_codes(panel(stage=click["stage"], picked=cell).items)
    # the code names the move (``plot.01``, ``ss``…) or only its kind (``plot``: any dice)
    fits = sorted(c for c in offered if c.startswith(f"{code}.") and c.rsplit(".", 1)[-1] == cell)
    if not fits:
        raise Refusal(
            _(
                "{cell} isn't a cell you can use here. The highlighted cells on your sheet are "
                "the ones you can; type one of those, or pick it from the menus.",
                cell=cell,
            )
        )
    if len(fits) > 1:
        raise Refusal(
            _(
                "{cell} can be reached with different dice: pick it from the list, where each "
                "choice names its dice.",
                cell=cell,
            )
        )
    action = action_of(fits[0])
    if action is None:
        raise Refusal(_(BAD_BUTTON))
    return action
