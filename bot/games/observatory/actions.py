"""Action kinds of Observatory and the exact dict shapes the engine accepts.

Cells are written as a column letter A–L and a row number 1–12 (``"C4"`` = column C, row 4;
rows run top to bottom). Standard dice are numbered 0, 1, 2 in roll order; the Shooting Star
die is die 3 (only where a ``die`` may name it).

Steps (``decision_id`` changes once per step, never per sub-action):

* ``keep``        all seats at once: ``{"kind": "keep", "cards": [id, id, id, id]}`` – four of the six
  dealt card ids (any order). One action per seat; it is final.
* ``night_bonus`` all seats at once (start of nights 3, 5, 7 / solo turns 4, 7, 10): sub-actions
  ``free_star``, ``free_research``, ``complete``, ``set_drive``, ``undo``, ``done``.
* ``roll``        the active seat: ``{"kind": "roll"}``.
* ``decide``      all seats at once, each builds a draft with sub-actions and ends with ``done``:

  - ``{"kind": "plot", "dice": [i, j], "cell": "C4"}`` – standard dice i != j (0–2) plot a star.
  - ``{"kind": "research", "die": k, "track": "lens", "space": 4}`` – standard die k (the one not
    used to plot) fills the space printed ``space`` (2–6) of ``track``
    (``lens`` / ``drive`` / ``finder`` / ``filter`` / ``funding``).
  - ``{"kind": "lens", "die": k, "delta": 1}`` – Lens upgrade: die k (0–3) counts ±1 for you,
    once per turn, before that die is used. ``delta`` is 1 or -1.
  - ``{"kind": "shooting_star", "cell": "C4"}`` – active seat only, at most once: the Shooting
    Star die plots a star in a row or column whose label matches it (anywhere if wild).
  - ``{"kind": "set_drive", "value": 4}`` – once the Drive track is full: write the Drive number.
  - ``{"kind": "free_star", "grant": g, "cell": "C4"}`` – spend grant ``g`` (see the seat view's
    ``choice.grants``) on a star: Finder stars, track bonuses, night bonus, completion bonuses
    Free Star and Shooting Star (the latter only in a row or column of its value).
  - ``{"kind": "free_research", "grant": g, "track": "drive", "space": 3}`` – spend grant ``g``
    (track bonus, night bonus or Research completion bonus) on any empty Research space.
  - ``{"kind": "complete", "card": "LG07", "placement": "90-C4"}`` – complete a goal card with one
    of the placements the seat view lists for it. It may carry the card's bonus too (``"bonus":
    {"cell": "D1"}`` or ``{"track": "lens", "space": 3}``, one of ``choice.bonuses[card]``): the
    completion and the ``free_star`` / ``free_research`` of its bonus that must be used, as one
    sub-action (one **Undo last**).
  - ``{"kind": "undo"}`` – take back your last sub-action of this step.
  - ``{"kind": "done"}`` – finish your part of the step (refused while a die or a mandatory
    completion bonus can still be used; the message says what is left).

* ``refill``      one seat at a time, in turn order from the active seat, one card per step:
  ``{"kind": "take", "source": "sky", "card": "SM12"}`` (a face-up Night Sky card) or
  ``{"kind": "take", "source": "deck", "deck": "large"}`` (``"large"`` / ``"small"``, top card).
  Cards may be completed at any time, so the refilling seat may also ``complete`` a goal that
  fits its unused stars (before or after taking), must then use that card's bonus (``free_star`` /
  ``free_research`` with a completion grant) before taking more, and, holding four goals, ends
  with ``done`` while such a choice is still open. No refill follows the last turn of the game.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from bot.games.base import Action
from bot.games.observatory import sheet as sh
from bot.games.observatory.components import card
from bot.games.observatory.model import GrantKind, cell_name


class ActionKind(StrEnum):
    KEEP = "keep"
    ROLL = "roll"
    PLOT = "plot"
    RESEARCH = "research"
    LENS = "lens"
    SHOOTING_STAR = "shooting_star"
    SET_DRIVE = "set_drive"
    FREE_STAR = "free_star"
    FREE_RESEARCH = "free_research"
    COMPLETE = "complete"
    UNDO = "undo"
    DONE = "done"
    TAKE = "take"


# Sub-actions of a simultaneous step: they edit the seat's draft and keep the decision id.
DRAFT_KINDS = frozenset(
    {
        ActionKind.PLOT,
        ActionKind.RESEARCH,
        ActionKind.LENS,
        ActionKind.SHOOTING_STAR,
        ActionKind.SET_DRIVE,
        ActionKind.FREE_STAR,
        ActionKind.FREE_RESEARCH,
        ActionKind.COMPLETE,
        ActionKind.UNDO,
        ActionKind.DONE,
    }
)
# What a seat taking new goals may do besides ``take``: complete a goal that already fits, use
# that card's bonus, and finish (``done``) once it holds four goals again.
REFILL_KINDS = frozenset(
    {ActionKind.COMPLETE, ActionKind.FREE_STAR, ActionKind.FREE_RESEARCH, ActionKind.DONE}
)


def completion_actions(sheet: sh.Sheet) -> list[Action]:
    """A ``complete`` for each way a goal card fits the sheet's unused stars."""
    return [
        {"kind": "complete", "card": card_id, "placement": p.id}
        for card_id, found in sh.placements(sheet).items()
        for p in found
    ]


def completion_bonus(sheet: sh.Sheet, card_id: str) -> dict[str, Any] | None:
    """Where the bonus a card's completion must use could go (``cells``, ``spaces``): completing
    changes no star or space, so these are the bonus's options once it is granted."""
    bonus = card(card_id).bonus
    if not bonus:
        return None
    kind = bonus["kind"] if bonus["kind"] != "free_star" else GrantKind.STAR.value
    grant = {"kind": kind, "value": bonus.get("value")}
    return {"cells": sh.grant_cells(sheet, grant), "spaces": sh.grant_spaces(sheet, grant)}


def grant_actions(sheet: sh.Sheet, grants: list[dict[str, Any]] | None = None) -> list[Action]:
    """A ``free_star`` or ``free_research`` for each open grant of the sheet (``grants``: only
    these of them), where it can be spent."""
    out: list[Action] = []
    for g, _ in sh.grant_groups(sheet if grants is None else {**sheet, "grants": grants}):
        out += [
            {"kind": "free_star", "grant": g["id"], "cell": cell_name(c)} for c in sh.grant_cells(sheet, g)
        ]
        out += [
            {"kind": "free_research", "grant": g["id"], "track": t, "space": s}
            for t, vals in sh.grant_spaces(sheet, g).items()
            for s in vals
        ]
    return out
