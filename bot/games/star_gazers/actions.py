"""Star Gazers action kinds and the exact shape of every action dict.

A turn is a *draft* kept in the state: the active seat sends small sub-actions (pick, place the
tile, place the token, resolve bonuses…) which only change the draft; ``undo`` throws the draft
away and ``confirm`` makes it final. ``decision_id`` stays the same for the whole turn, so the
presenter edits the panel in place after each sub-action.

Squares of the Mural are ``0..15`` row-major (``0`` top left, ``3`` top right, ``15`` bottom
right). Universe squares are ``0..7`` (the eight squares around the centre, clockwise from the
top left). Rotations are ``0..3`` quarter turns clockwise.

Shapes (every key is required unless marked optional):

- ``{"kind": "keep", "card": "J-I-03"}`` — journal phase (simultaneous): keep one of the two
  Journal cards you were dealt; the other goes to the bottom of its deck.
- ``{"kind": "pick", "square": 0..7}`` — take the tile and token of one Universe square.
- ``{"kind": "bonus", "type": "star"|"shuttle"|"sun"|"moon"|"comet"|"station"}`` — last pick of
  a round only: choose the Circle bonus (star/shuttle/sun), then the Hex bonus
  (moon/comet/station) from the centre.
- ``{"kind": "tile", "cell": 0..15, "rotation": 0..3}`` — place the picked tile in an empty
  square (a square that already holds a circular token is fine), in a rotation listed in the
  choice's ``allowed`` for that square (no wild half Planet against another wild half).
- ``{"kind": "token", "target": "cell", "cell": 0..15}`` — place the current token in a square
  (a circular token: a square without a circular token; a Black Hole: a square whose circular
  token is not a Black Hole, which it covers; a Hex token: any square with a tile).
- ``{"kind": "token", "target": "reserve"}`` — put the current token in a free Reserve space
  (only when it was just acquired and is a circular token).
- ``{"kind": "token", "target": "shuttle", "space": 0..7}`` — put a Space Shuttle on a free
  Shuttle space of your Journal board; its bonus is resolved next.
- ``{"kind": "token", "target": "discard"}`` — only when the token has nowhere else to go, or
  for a Black Hole when the Reserve is full.
- ``{"kind": "first", "piece": 1..}`` — place another piece before the current one: ``piece``
  is its position in the turn's queue, as listed in the choice's ``instead`` (the tile, the
  token or a Bonus token still to place, when it has somewhere to go now). The rules let the
  player choose the order of a turn's placements.
- ``{"kind": "reserve", "index": 0|1}`` — take a token out of your Reserve to place it now
  (at any moment of your turn, also while choosing a bonus or resolving a Shuttle bonus; it
  must go to the Mural or the Journal board, and the turn then carries on where it was).
- ``{"kind": "gain", "type": "star"|"shuttle"|"sun"|"moon"|"comet"|"station"}`` — Shuttle bonus:
  take that Bonus token from the general supply; it is placed next.
- ``{"kind": "move_token", "from": 0..15, "to": 0..15}`` — Shuttle bonus: move a circular token
  to a square without one, or swap it with the circular token in ``to`` (a Black Hole moves
  together with the token it covers).
- ``{"kind": "move_tile", "from": 0..15, "to": 0..15, "rotation": 0..3, "swap_rotation": 0..3|None}``
  — Shuttle bonus, once per game: move a tile to a square without a tile (``swap_rotation``
  must be ``None``) or swap it with the tile in ``to`` (``swap_rotation`` is then the final
  rotation of that other tile). ``rotation`` is the final rotation of the moved tile. Hex
  tokens travel with their tile; circular tokens stay where they are.
- ``{"kind": "take_journal", "card": "J-II-07"}`` — Shuttle bonus: take one of the six face-up
  cards of the Journal draft board (the top of each deck or the card shown beside it).
- ``{"kind": "skip"}`` — decline the Shuttle bonus being resolved.
- ``{"kind": "steps", "steps": [action, ...]}`` — one to sixteen of the turn's sub-actions
  above (or ``confirm``, last only) applied in order as one move, all or nothing: a panel that
  drafted the whole turn (the last pick with its two bonus tokens; the tile, its token, the
  bonus tokens' places and a Space Shuttle's bonus) sends it, and the confirm, with one click.
- ``{"kind": "undo"}`` — throw away this turn's draft and start the turn again.
- ``{"kind": "confirm"}`` — end the turn; allowed once something was picked and everything
  acquired has been placed.
"""

from __future__ import annotations

from enum import StrEnum


class ActionKind(StrEnum):
    KEEP = "keep"
    PICK = "pick"
    BONUS = "bonus"
    TILE = "tile"
    TOKEN = "token"
    FIRST = "first"
    RESERVE = "reserve"
    GAIN = "gain"
    MOVE_TOKEN = "move_token"
    MOVE_TILE = "move_tile"
    TAKE_JOURNAL = "take_journal"
    SKIP = "skip"
    STEPS = "steps"
    UNDO = "undo"
    CONFIRM = "confirm"
