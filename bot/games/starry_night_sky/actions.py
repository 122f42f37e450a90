"""The actions a seat can send in Starry Night Sky, and their exact shapes.

Only the seat whose turn it is ever acts (``to_act`` holds one seat). A turn is a short run of
sub-actions; ``decision_id`` stays the same for the whole turn and changes when the next turn
starts, so the Discord panel is edited in place between sub-steps.

Shapes (every key shown is required unless marked optional; colours are ``"red"``,
``"blue"`` or ``"yellow"``; pools are numbered 0, 1, 2; constellation ids are ``"c01"`` …
``"c28"``; goal ids ``"g01"`` … ``"g36"``):

- ``{"kind": "assign", "pools": [int, ...]}`` (step ``assign``): ``pools[i]`` is the pool that
  receives ``drawn[i]``; every entry is a different pool with room. One entry per drawn star.
- ``{"kind": "move", "to": "c07"}`` (steps ``move`` and ``bonus_move``): move the telescope to a
  reachable constellation (see ``choice.destinations`` in the seat view).
- ``{"kind": "place", "pool": 1, "stars": {"red": 1, "blue": 1}}`` (steps ``place`` and
  ``bonus_place``): place that many stars of each colour from ONE pool on matching empty spots of
  the constellation the telescope is on. Missing colours count as 0; at least one star in total.
- ``{"kind": "trade", "goal": "g12", "colour": "blue", "pool": 2}`` (steps ``move``, ``place``,
  ``bonus_move``, ``bonus_place``, ``end``): discard a held goal to take a star of that colour
  from the bag into a pool holding fewer than 4 stars.
- ``{"kind": "explore", "to": "c07", "pool": 1, "stars": {"red": 1}, "end": false}`` (steps
  ``move`` and ``bonus_move``): a ``move`` and then a ``place`` there, as one action, so a panel
  can offer a whole exploration behind one confirm. Optional ``"end": true`` then also ends the
  turn, which is refused when a bonus exploration follows (a destination that already had
  stars). Not listed by ``legal_actions``: it is a shorthand for two (or three) listed ones, and
  it is legal exactly when they are, one after the other.
- ``{"kind": "end"}`` (step ``end``): finish the turn; end-of-turn goals are checked now. Also
  legal in steps ``move`` and ``bonus_move`` when no reachable constellation fits the pools (only
  a trade could open one): the player keeps their goals, skips that exploration and ends the turn.
"""

from __future__ import annotations

from enum import StrEnum


class ActionKind(StrEnum):
    ASSIGN = "assign"
    MOVE = "move"
    PLACE = "place"
    EXPLORE = "explore"
    TRADE = "trade"
    END = "end"


class Step(StrEnum):
    """Where the acting seat is inside its turn."""

    ASSIGN = "assign"
    MOVE = "move"
    PLACE = "place"
    BONUS_MOVE = "bonus_move"
    BONUS_PLACE = "bonus_place"
    END = "end"


TRADE_STEPS = frozenset({Step.MOVE, Step.PLACE, Step.BONUS_MOVE, Step.BONUS_PLACE, Step.END})
