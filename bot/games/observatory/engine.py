"""``Observatory``: the Game contract over ``flow`` (steps) and ``draft`` (per-seat sub-actions).

``apply`` (``Game.apply``) works on a copy, so a refused action never changes anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from bot.games.base import Action, Game, IllegalAction, Move, OptionSpec, State, View, copy_json
from bot.games.observatory import bot_player, draft, flow, refill, secrets, views
from bot.games.observatory import sheet as sh
from bot.games.observatory.actions import (
    DRAFT_KINDS,
    REFILL_KINDS,
    ActionKind,
    completion_actions,
    grant_actions,
)
from bot.games.observatory.events import EVENT_KINDS
from bot.games.observatory.model import MAX_SEATS, MIN_SEATS, SLUG, SPACES, TITLE, Phase, Track, cell_name
from bot.games.observatory.scoring import outcome_of
from bot.games.outcome import Outcome
from bot.games.rng import Rng
from bot.i18n.msg import M_, N_


class Observatory(Game):
    slug = SLUG
    title = TITLE
    action_kinds = ActionKind
    event_kinds = EVENT_KINDS
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    options = (
        OptionSpec(
            "first_game",
            N_("First game: 1 large + 3 small goals, no choosing"),
            (0, 1),
            0,
            (
                N_("Everyone chooses 4 of 6 dealt goals."),
                N_("First-game deal: everyone keeps 1 large and 3 small goals, no choosing."),
            ),
            command="Observatory: the gentler first-game deal (1 large + 3 small cards, keep all)",
        ),
    )
    live_timer = 180  # everyone plots and researches on each roll at a live table

    def setup(self, seats: int, options: dict[str, Any], seed: int) -> State:
        self.check_seat_count(seats)
        return flow.new_game(seats, self.validate_options(options), seed)

    def to_act(self, state: State) -> list[int]:
        return flow.to_act(state)

    def disguise(self, state: State, viewer: int | None) -> State:
        return secrets.disguise(state, viewer)

    def outcome(self, state: State) -> Outcome | None:
        return outcome_of(state) if state["phase"] == Phase.OVER.value else None

    def _view(self, state: State, seat: int | None) -> View:
        return views.public_view(state) if seat is None else views.seat_view(state, seat)

    def _legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in flow.to_act(state):
            return []
        phase = state["phase"]
        if phase == Phase.KEEP.value:
            return [
                {"kind": ActionKind.KEEP.value, "cards": list(combo)}
                for combo in combinations(state["hands"][seat], 4)
            ]
        if phase == Phase.ROLL.value:
            return [{"kind": ActionKind.ROLL.value}]
        if phase == Phase.REFILL.value:
            return refill.refill_actions(state, seat)
        return draft_actions(state, seat)

    def bot_action(self, state: State, seat: int, rng: Rng) -> Action | None:
        return bot_player.choose(self, state, seat, rng)

    def _moves(self) -> Mapping[ActionKind, Move]:
        return _MOVES

    def _refuse_out_of_turn(self, state: State, seat: int, kind: ActionKind) -> None:
        if seat not in flow.to_act(state):
            raise IllegalAction(_not_yours(state, seat))

    def _copy_for(self, state: State, seat: int | None, kind: ActionKind) -> State:
        """A copy safe to edit. Rolling replaces top-level entries only; a draft sub-action touches
        only its own seat, and ``draft.apply_sub`` copies that sheet before editing it (the old
        sheet becomes the undo snapshot, never edited again). Closing a step copies everything
        first (``_draft``)."""
        if kind is ActionKind.ROLL:
            return dict(state)
        if seat is None or kind not in DRAFT_KINDS or state["drafts"][seat] is None:
            return copy_json(state)
        new = dict(state)
        new["sheets"] = list(state["sheets"])
        new["drafts"] = list(state["drafts"])
        old = state["drafts"][seat]
        new["drafts"][seat] = {**old, "undo": list(old["undo"])}
        return new


def _keep(state: State, seat: int, action: Action, events: list[str]) -> None:
    if state["phase"] != Phase.KEEP.value:
        raise IllegalAction(M_("Goals are only chosen at the start of the game."))
    flow.keep(state, seat, action.get("cards"), events)


def _roll(state: State, seat: int, action: Action, events: list[str]) -> None:
    if state["phase"] != Phase.ROLL.value:
        raise IllegalAction(M_("It is not time to roll."))
    flow.roll(state, events)


def _take(state: State, seat: int, action: Action, events: list[str]) -> None:
    if state["phase"] != Phase.REFILL.value:
        raise IllegalAction(M_("New goals are taken only after a turn in which you completed one."))
    flow.take(state, seat, action, events)


def _draft(state: State, seat: int, action: Action, events: list[str]) -> State | None:
    """A sub-action of a seat's draft, or of its refill; the last seat's ``done`` closes the step."""
    phase, kind = state["phase"], ActionKind(action["kind"])
    if kind in REFILL_KINDS and phase == Phase.REFILL.value:
        flow.refill_move(state, seat, kind, action, events)
        return None
    if phase not in (Phase.NIGHT_BONUS.value, Phase.DECIDE.value):
        raise IllegalAction(_wrong_step(phase))
    if draft.apply_sub(state, seat, kind, action) and not flow.to_act(state):
        closed = copy_json(state)
        flow.finish_step(closed, events)
        return closed
    return None


_MOVES: dict[ActionKind, Move] = {
    ActionKind.KEEP: _keep,
    ActionKind.ROLL: _roll,
    ActionKind.TAKE: _take,
    **dict.fromkeys(DRAFT_KINDS, _draft),
}


def _not_yours(state: State, seat: int) -> str:
    phase = state["phase"]
    if phase == Phase.ROLL.value:
        return M_("It is another player's turn to roll the dice.")
    if phase == Phase.REFILL.value:
        return M_("Another player is taking new goal cards; your turn to act comes next.")
    return M_("You have finished this step; wait for the others.")


def _wrong_step(phase: str) -> str:
    return {
        Phase.KEEP.value: M_("First choose the four goal cards you keep."),
        Phase.ROLL.value: M_("The dice have not been rolled yet."),
        Phase.REFILL.value: M_("Take your new goal card first."),
    }.get(phase, M_("That can't be done now."))


def draft_actions(state: State, seat: int) -> list[Action]:
    """Every sub-action ``seat`` may take now in a night-bonus or decide step."""
    sheet = state["sheets"][seat]
    roll = draft.roll_of(state)
    active = draft.is_active(state, seat)
    out: list[Action] = []
    for (i, j), cells in sh.plot_options(sheet, roll):
        out += [{"kind": "plot", "dice": [i, j], "cell": cell_name(c)} for c in cells]
    for die, spaces in sh.research_options(sheet, roll):
        out += [
            {"kind": "research", "die": die, "track": t, "space": s}
            for t, vals in spaces.items()
            for s in vals
        ]
    out += [
        {"kind": "lens", "die": d, "delta": delta} for d, delta, _, _ in sh.lens_options(sheet, roll, active)
    ]
    out += [{"kind": "shooting_star", "cell": cell_name(c)} for c in sh.shooting_cells(sheet, roll, active)]
    if sh.is_complete(sheet, Track.DRIVE.value) and sheet["drive_value"] is None:
        out += [{"kind": "set_drive", "value": v} for v in SPACES]
    out += grant_actions(sheet)
    out += completion_actions(sheet)
    if state["drafts"][seat]["undo"]:
        out.append({"kind": "undo"})
    if not draft.blockers(state, seat, sheet):
        out.append({"kind": "done"})
        out += [{"kind": "done", "take": take} for take in refill.finish_takes(state, seat)]
    return out
