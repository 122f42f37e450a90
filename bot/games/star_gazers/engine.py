"""``StarGazers``: the Game contract over the journal phase and the drafted turns.

``apply`` (``Game.apply``) copies what the action may change, and each move checks the action
before it changes the copy, so a refused action never changes anything. A turn's sub-actions
touch only the turn's draft, which is why they copy just ``state["turn"]``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.base import Action, Game, IllegalAction, Move, State, View, copy_json
from bot.games.outcome import Outcome
from bot.games.rng import Rng
from bot.games.star_gazers import bot_player, flow, secrets, turn, views
from bot.games.star_gazers.actions import ActionKind
from bot.games.star_gazers.events import EVENT_KINDS
from bot.games.star_gazers.model import MAX_SEATS, MIN_SEATS, SLUG, TITLE, Phase
from bot.games.star_gazers.options import actions_for
from bot.i18n.msg import M_

MAX_STEPS = 16  # a tile, its token, the later choices of a drafted turn and the confirm
NOT_IN_STEPS = {ActionKind.KEEP.value, ActionKind.STEPS.value, ActionKind.UNDO.value}


class StarGazers(Game):
    slug = SLUG
    title = TITLE
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    action_kinds = ActionKind
    event_kinds = EVENT_KINDS

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

    def _moves(self) -> Mapping[ActionKind, Move]:
        return {**_MOVES, ActionKind.STEPS: self._steps}

    def _refuse_out_of_turn(self, state: State, seat: int, kind: ActionKind) -> None:
        """Journal cards are kept all at once (``_keep`` says who already has); the rest is the
        drafting player's turn."""
        if kind is ActionKind.KEEP:
            return
        if state["phase"] != Phase.DRAFT.value:
            raise IllegalAction(M_("First keep one of your two Journal cards."))
        if state["turn"]["seat"] != seat:
            raise IllegalAction(M_("It is not your turn: wait for your panel."))

    def _copy_for(self, state: State, seat: int | None, kind: ActionKind) -> State:
        """The whole state to keep a card or end a turn; else only the turn's draft, which is
        all a sub-action edits (``steps`` builds its state from the sub-actions' own copies)."""
        if kind in (ActionKind.KEEP, ActionKind.CONFIRM):
            return copy_json(state)
        new = dict(state)
        if kind is not ActionKind.STEPS:
            new["turn"] = copy_json(state["turn"])
        return new

    def _steps(self, state: State, seat: int, action: Action, events: list[str]) -> State:
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
        for step in steps:
            applied = self.apply(state, seat, step)
            state = applied.state
            events += applied.events
        return state


def _keep(state: State, seat: int, action: Action, events: list[str]) -> None:
    if state["phase"] != Phase.JOURNAL.value:
        raise IllegalAction(M_("Journal cards are only kept at the start of the game."))
    if state["kept"][seat] is not None:
        raise IllegalAction(M_("You have already kept a Journal card; waiting for the others."))
    if action.get("card") not in state["dealt"][seat]:
        raise IllegalAction(M_("Keep one of the two Journal cards you were dealt."))
    flow.keep(state, seat, action["card"], events)


def _confirm(state: State, seat: int, action: Action, events: list[str]) -> None:
    turn.ready(state["turn"])
    flow.confirm(state, events)


def _undo(state: State, seat: int, action: Action, events: list[str]) -> None:
    turn.undo(state, state["turn"])


def _turn_step(state: State, seat: int, action: Action, events: list[str]) -> None:
    """One sub-action of the turn: it edits the turn's draft alone."""
    turn.HANDLERS[action["kind"]](state["turn"], action)


_MOVES: dict[ActionKind, Move] = {
    ActionKind.KEEP: _keep,
    ActionKind.CONFIRM: _confirm,
    ActionKind.UNDO: _undo,
    **{ActionKind(kind): _turn_step for kind in turn.HANDLERS},
}
