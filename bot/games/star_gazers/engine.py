"""``StarGazers``: the Game contract over the journal phase and the drafted turns.

``apply`` copies what the action may change, checks the action and only then changes the copy,
so a refused action never changes anything. A turn's sub-actions touch only the turn's draft,
which is why they copy just ``state["turn"]``.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import (
    Action,
    Applied,
    Game,
    IllegalAction,
    Outcome,
    State,
    View,
    action_kind,
    check_seat,
)
from bot.games.rng import Rng
from bot.games.star_gazers import bot_player, flow, secrets, turn, views
from bot.games.star_gazers.actions import ActionKind
from bot.games.star_gazers.flow import copy_json
from bot.games.star_gazers.model import MAX_SEATS, MIN_SEATS, SLUG, TITLE, Phase
from bot.games.star_gazers.options import actions_for
from bot.i18n.msg import M_

MAX_STEPS = 4  # a tile, its token, a Bonus token and the confirm: the most one panel click sends
NOT_IN_STEPS = {ActionKind.KEEP.value, ActionKind.STEPS.value, ActionKind.UNDO.value}


class StarGazers(Game):
    slug = SLUG
    title = TITLE
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    options = ()
    allows_bot_seats = True

    def setup(self, seats: int, options: dict[str, Any], seed: int) -> State:
        self.check_seat_count(seats)
        self.validate_options(options)
        return flow.new_game(seats, seed)

    def to_act(self, state: State) -> list[int]:
        if state["phase"] == Phase.JOURNAL.value:
            return [s for s, kept in enumerate(state["kept"]) if kept is None]
        if state["phase"] == Phase.DRAFT.value:
            return [state["turn"]["seat"]]
        return []

    def decision_id(self, state: State) -> int:
        return state["decision"]

    def disguise(self, state: State, viewer: int | None) -> State:
        return secrets.disguise(state, viewer)

    def outcome(self, state: State) -> Outcome | None:
        return flow.outcome_of(state) if state["phase"] == Phase.OVER.value else None

    def _view(self, state: State, seat: int | None) -> View:
        return views.public_view(state) if seat is None else views.seat_view(state, seat)

    def _legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state["phase"] == Phase.JOURNAL.value:
            return [{"kind": ActionKind.KEEP.value, "card": c} for c in state["dealt"][seat]]
        return actions_for(state["turn"])

    def bot_action(self, state: State, seat: int, rng: Rng) -> Action | None:
        if seat not in self.to_act(state):
            return None
        return bot_player.choose(state, seat, rng)

    def apply(self, state: State, seat: int | None, action: Action) -> Applied:
        kind = action_kind(action, ActionKind)
        seat = check_seat(state, seat)
        phase = state["phase"]
        if phase == Phase.OVER.value:
            raise IllegalAction(M_("The game is over."))
        events: list[str] = []
        if kind is ActionKind.KEEP:
            if phase != Phase.JOURNAL.value:
                raise IllegalAction(M_("Journal cards are only kept at the start of the game."))
            if state["kept"][seat] is not None:
                raise IllegalAction(M_("You have already kept a Journal card; waiting for the others."))
            if action.get("card") not in state["dealt"][seat]:
                raise IllegalAction(M_("Keep one of the two Journal cards you were dealt."))
            new = copy_json(state)
            flow.keep(new, seat, action["card"], events)
            return Applied(new, events)
        if phase != Phase.DRAFT.value:
            raise IllegalAction(M_("First keep one of your two Journal cards."))
        if state["turn"]["seat"] != seat:
            raise IllegalAction(M_("It is not your turn: wait for your panel."))
        if kind is ActionKind.STEPS:
            return self._steps(state, seat, action)
        if kind is ActionKind.CONFIRM:
            turn.ready(state["turn"])
            new = copy_json(state)
            flow.confirm(new, events)
            return Applied(new, events)
        new = dict(state)
        new["turn"] = copy_json(state["turn"])
        if kind is ActionKind.UNDO:
            turn.undo(state, new["turn"])
        else:
            turn.HANDLERS[kind.value](new["turn"], action)
        return Applied(new, events)

    def _steps(self, state: State, seat: int, action: Action) -> Applied:
        """Several sub-actions of the turn as one move, all or nothing: a panel previews a tile
        with its token and sends both (and the confirm) with one click. Each step is checked
        exactly as if it came alone, so a refused step leaves the state as it was."""
        steps = action.get("steps")
        if (
            not isinstance(steps, list)
            or not 1 <= len(steps) <= MAX_STEPS
            or not all(isinstance(s, dict) and s.get("kind") not in NOT_IN_STEPS for s in steps)
        ):
            raise IllegalAction(
                M_("Malformed action: `steps` must list 1 to {n} moves of your turn.", n=MAX_STEPS)
            )
        if any(s.get("kind") == ActionKind.CONFIRM.value for s in steps[:-1]):
            raise IllegalAction(M_("Malformed action: only the last of the `steps` may confirm the turn."))
        events: list[str] = []
        for step in steps:
            applied = self.apply(state, seat, step)
            state, events = applied.state, events + list(applied.events)
        return Applied(state, events)
