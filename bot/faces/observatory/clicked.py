"""What an Observatory panel shows after a click, as pure functions of the clicker's view (the
platform, ``bot.ui.clicks``, plays the click and asks the presenter, which asks here)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.faces.observatory.art.map import COLUMNS, SIZE
from bot.faces.observatory.draft_base import DraftBase
from bot.faces.observatory.items import DO, NOTHING_TO_DECIDE, PICK, PLAY, action_of
from bot.faces.observatory.pictures import keep_sheet
from bot.faces.observatory.words import DONE, DONE_TEXT
from bot.games.base import Action, View
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


def cell_codes(view: View) -> set[str]:
    """Every cell move a draft offers, whether or not its panel lists it (a wild die's list holds
    only the nearest cells): plots (one per different pair of dice values), the Shooting Star,
    bonus stars."""
    choice = view.get("choice") or {}
    if choice.get("kind") not in ("decide", "night_bonus"):
        return set()
    codes: set[str] = set()
    if not choice.get("plotted"):
        for plot in DraftBase(view, [], 0).distinct_plots():
            i, j = plot["dice"]
            codes |= {f"plot.{i}{j}.{cell}" for cell in plot.get("cells") or []}
    shooting = choice.get("shooting") or {}
    if not shooting.get("used"):
        codes |= {f"ss.{cell}" for cell in shooting.get("cells") or []}
    for grant in choice.get("grants") or []:
        codes |= {f"fs.{grant['id']}.{cell}" for cell in grant.get("cells") or []}
    return codes


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
    offered = offered_codes(panel(stage=click["stage"], picked=cell).items) | cell_codes(seen.view)
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
