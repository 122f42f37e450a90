"""The Star Gazers bot: greedy, with a cheap local estimate of what each placement is worth.

It values tiles by the whole icons their halves make with neighbours (and by halves left facing
an empty square, which may still pair), Stars on the active Constellations' best-matching
turn, new Photo Opportunities, Black Holes on low-value tokens, icons its Journal cards ask
for, and Shuttle bonuses. It never undoes and always confirms once everything is placed.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import Action, State
from bot.games.rng import Rng
from bot.games.star_gazers.components import cards_by_id, catalog, constellations_by_id, load_board
from bot.games.star_gazers.geometry import (
    CELLS,
    CENTRE,
    EDGE_INDEX,
    NEIGHBOURS,
    constellation_masks,
    match,
    side_after,
)
from bot.games.star_gazers.options import actions_for, choice, tile_rotations
from bot.games.star_gazers.scoring import PHOTO_POINTS, card_complete, constellation_score, survey

OPPOSITE = (2, 3, 0, 1)
SHUTTLE_VALUE = {"journal": 3.0, "gain": 2.0, "move_token": 0.6, "move_tile": 0.4}
KEEP_EASE = {"adjacent": 1.0, "line": 0.8, "solar": 0.55}


def _side_edges() -> tuple[tuple[tuple[int, int, int] | None, ...], ...]:
    """For each square and side: (neighbour, edge index, neighbour's side) or None at the border."""
    out = []
    for cell in range(CELLS):
        sides: list[tuple[int, int, int] | None] = [None] * 4
        for side, other in NEIGHBOURS[cell]:
            sides[side] = (other, EDGE_INDEX[(min(cell, other), max(cell, other))], OPPOSITE[side])
        out.append(tuple(sides))
    return tuple(out)


SIDE_EDGES = _side_edges()


class Plan:
    """What the bot wants, read once per decision from its own draft."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        turn = state["turn"]
        self.work = turn["work"] if turn and turn["seat"] == seat else None
        self.player = self.work["player"] if self.work else state["players"][seat]
        self.cards = [cards_by_id()[c] for c in self.player["journal"]]
        view = survey(self.player, catalog())
        self.view = view
        self.target = 0
        for card_id in state["constellations"]:
            card = constellations_by_id()[card_id]
            self.target |= constellation_masks(card)[constellation_score(card, view.stars)["rotation"]]
        self.open_cards = [c for c in self.cards if not card_complete(c, view)]
        self.wanted = {icon for c in self.open_cards for icon, _ in c.needs}

    def tile_value(self, tile_id: str, cell: int, rotation: int) -> float:
        cat = catalog()
        edges = cat.tiles[tile_id].edges
        tiles = self.player["tiles"]
        value = 0.0
        for side in range(4):
            half = side_after(edges, rotation, side)
            link = SIDE_EDGES[cell][side]
            if link is None:
                value -= 0.6 if half else 0.0
                continue
            other, edge, their_side = link
            placed = tiles[other]
            if placed is None:
                if half:
                    value += 0.5 + (0.8 if half == "star" and self.target >> (CELLS + edge) & 1 else 0.0)
                continue
            theirs = side_after(cat.tiles[placed["id"]].edges, placed["rot"], their_side)
            made = match(half, theirs)
            if made == "planet":
                value += 2.0 + (0.8 if "planet" in self.wanted else 0.0)
            elif made == "star":
                value += 1.0 + (3.0 if self.target >> (CELLS + edge) & 1 else 0.0)
            elif half or theirs:
                value -= 0.7 if (half and theirs) else 0.3
        return value

    def best_tile(self, tile_id: str, allowed: list[list[int]]) -> tuple[float, int, int]:
        """The best (value, -square, rotation) among the placements ``allowed`` per square."""
        return max((self.tile_value(tile_id, c, r), -c, r) for c, turns in enumerate(allowed) for r in turns)

    def token_value(self, token_id: str) -> float:
        info = catalog().tokens[token_id]
        kind = info.kind
        if info.shape == "hex":
            return 1.0 + (0.8 if kind in self.wanted else 0.0)
        if kind == "shuttle":
            free = [s for s, held in zip(_spaces(), self.player["shuttles"], strict=True) if held is None]
            return max((SHUTTLE_VALUE[s] for s in free), default=0.0)
        if kind == "photo":
            unique = len(self.view.photos)
            new = info.event not in self.view.photos
            gain = PHOTO_POINTS[min(unique + 1, 5)] - PHOTO_POINTS[min(unique, 5)] if new else 0
            return gain + (0.8 if "photo" in self.wanted else 0.2)
        if kind == "black_hole":
            return 2.0 + (0.8 if "black_hole" in self.wanted else 0.0)
        if kind == "star":
            open_cell = any(self.target >> c & 1 and self.player["tokens"][c] is None for c in range(CELLS))
            return (3.0 if open_cell else 0.3) + (0.8 if "star_any" in self.wanted else 0.0)
        if kind == "meteor":
            return 1.0 + (0.8 if "meteor" in self.wanted else 0.0)
        return 0.6 if "sun" in self.wanted else 0.1

    def cell_value(self, token_id: str, target: dict[str, Any]) -> float:
        """How good one target is for a token (higher is better)."""
        info = catalog().tokens[token_id]
        kind = target["target"]
        if kind == "discard":
            return -5.0
        if kind == "reserve":
            return 0.5 if info.kind == "black_hole" else -1.0
        if kind == "shuttle":
            return SHUTTLE_VALUE[target["bonus"]] + (
                1.0 if target["bonus"] == "journal" and len(self.cards) < 4 else 0.0
            )
        cell = target["cell"]
        if info.shape == "hex":
            return -len(self.player["tiles"][cell]["hex"]) * 0.1
        if info.kind == "black_hole":
            return 2.0 - self.covered_loss(target["covers"], cell)  # 2 points now, minus the cover
        tiled = self.player["tiles"][cell] is not None
        if info.kind == "star":
            return (3.0 if self.target >> cell & 1 else 0.0) + (0.1 if tiled else 0.0)
        if info.kind == "sun":
            return (1.0 if cell in CENTRE else 0.0) + (0.1 if tiled else 0.0)
        # Photos and Meteors score anywhere: keep Star squares and the centre free for others.
        return (
            (-1.0 if self.target >> cell & 1 else 0.0)
            - (0.3 if cell in CENTRE else 0.0)
            + (0.1 if tiled else 0.0)
        )

    def covered_loss(self, token_id: str | None, cell: int) -> float:
        if token_id is None:
            return 0.0
        info = catalog().tokens[token_id]
        if info.kind == "photo":
            same = sum(1 for t in self.player["tokens"] if t and catalog().tokens[t].event == info.event)
            return 0.2 if same > 1 else 3.0
        if info.kind == "star":
            return 3.5 if self.target >> cell & 1 else 0.3
        if info.kind == "meteor":
            return 1.0
        return 1.0 if info.kind == "sun" and cell in CENTRE else 0.2


def _spaces() -> tuple[str, ...]:
    return load_board().shuttle_spaces


def _keep(state: State, seat: int) -> Action:
    cards = [cards_by_id()[c] for c in state["dealt"][seat]]
    best = max(cards, key=lambda c: (c.telescopes * KEEP_EASE[c.kind], c.id))
    return {"kind": "keep", "card": best.id}


def choose(state: State, seat: int, rng: Rng) -> Action:
    """The bot's next action for ``seat`` (a sub-action of its turn, or its keep)."""
    if state["phase"] == "journal":
        return _keep(state, seat)
    turn = state["turn"]
    plan = Plan(state, seat)
    current = choice(turn)
    kind = current["kind"]
    work = turn["work"]
    if kind == "pick":
        reserve = _reserve_move(plan, turn)
        if reserve:
            return reserve

        def worth(square: int) -> float:
            offer = work["universe"][square]
            tile = catalog().tiles[offer["tile"]]
            icons = sum(1.0 + (0.7 if icon in plan.wanted else 0.0) for icon in tile.icons)
            allowed = tile_rotations(plan.player["tiles"], offer["tile"])
            return plan.best_tile(offer["tile"], allowed)[0] + plan.token_value(offer["token"]) + icons

        scored = [(worth(s) + rng.random() * 0.01, s) for s in current["squares"]]
        return {"kind": "pick", "square": max(scored)[1]}
    if kind == "bonus":
        return {"kind": "bonus", "type": _bonus_type(plan, current["types"])}
    if kind == "tile":
        _, cell, rotation = plan.best_tile(current["tile"], current["allowed"])
        return {"kind": "tile", "cell": -cell, "rotation": rotation}
    if kind == "token":
        if not current["targets"]:  # a Hex token before any tile: the tile goes first
            return {"kind": "first", "piece": current["instead"][0]}
        best = max(current["targets"], key=lambda t: plan.cell_value(current["token"], t))
        action = {"kind": "token", "target": best["target"]}
        if "cell" in best:
            action["cell"] = best["cell"]
        if "space" in best:
            action["space"] = best["space"]
        return action
    if kind == "gain":
        if not current["types"]:
            return {"kind": "skip"}
        return {"kind": "gain", "type": _bonus_type(plan, current["types"])}
    if kind == "move_token":
        return _move_star(plan) or {"kind": "skip"}
    if kind == "journal":
        return _journal(plan, current["cards"]) or {"kind": "skip"}
    if kind == "confirm":
        return _reserve_move(plan, turn) or {"kind": "confirm"}
    return {"kind": "skip"}  # the once-per-game tile move is left unused


def _bonus_type(plan: Plan, types: list[str]) -> str:
    def worth(kind: str) -> float:
        if kind == "star":
            return plan.token_value("B-star-1")
        if kind == "shuttle":
            return plan.token_value("B-shuttle-1")
        if kind == "sun":
            return 0.6 if "sun" in plan.wanted else 0.1
        return 1.0 + (0.8 if kind in plan.wanted else 0.0)

    return max(types, key=lambda k: (worth(k), k))


def _move_star(plan: Plan) -> Action | None:
    tokens = plan.player["tokens"]
    cat = catalog()
    stray = [
        c
        for c in range(CELLS)
        if tokens[c] and cat.tokens[tokens[c]].kind == "star" and not plan.target >> c & 1
    ]
    holes = [
        c
        for c in range(CELLS)
        if plan.target >> c & 1 and (tokens[c] is None or cat.tokens[tokens[c]].kind not in ("star",))
    ]
    if stray and holes:
        return {"kind": "move_token", "from": stray[0], "to": holes[0]}
    return None


def _journal(plan: Plan, options: list[dict[str, Any]]) -> Action | None:
    def worth(option: dict[str, Any]) -> float:
        card = cards_by_id()[option["card"]]
        done = card_complete(card, plan.view)
        return card.telescopes * (1.0 if done else KEEP_EASE[card.kind] * 0.5)

    if not options:
        return None
    return {"kind": "take_journal", "card": max(options, key=lambda o: (worth(o), o["card"]))["card"]}


def _reserve_move(plan: Plan, turn: dict[str, Any]) -> Action | None:
    """Play a Reserve token when some square is worth it (always try to free the Reserve)."""
    legal = [a for a in actions_for(turn) if a["kind"] == "reserve"]
    tokens = plan.player["tokens"]
    for action in legal:
        token = plan.player["reserve"][action["index"]]
        info = catalog().tokens[token]
        if info.kind == "black_hole":
            cheapest = min(
                plan.covered_loss(tokens[c], c)
                for c in range(CELLS)
                if tokens[c] and catalog().tokens[tokens[c]].kind != "black_hole"
            )
            if cheapest < 2.0:
                return action
        elif info.kind in ("shuttle", "star", "photo", "meteor"):
            return action
        if info.kind == "sun" and any(plan.player["tokens"][c] is None for c in CENTRE):
            return action
    return None
