"""``SkyOfStars``: the Game contract, with every action checked before the state moves on.

``apply`` (``Game.apply``) works on a copy; each move checks the action against the rules and
only then hands the copy to ``flow`` for the step to resolve, so a refused action never changes
anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.base import (
    Action,
    Game,
    IllegalAction,
    Move,
    OptionSpec,
    State,
    SystemMove,
    View,
    check_seat,
    malformed,
)
from bot.games.outcome import Outcome
from bot.games.rng import Rng
from bot.games.sky_of_stars import bot_player, deal, flow, house, results, secrets, views
from bot.games.sky_of_stars.components import DECKS, DEFAULT_DECK, load_vault
from bot.games.sky_of_stars.events import EVENT_KINDS
from bot.games.sky_of_stars.model import (
    MAX_SEATS,
    MIN_SEATS,
    NUMBERS,
    SLUG,
    ActionKind,
    Phase,
    left_of,
    seat_mark,
)
from bot.games.sky_of_stars.moves import Board
from bot.i18n.msg import M_, N_

_DRAWING = (Phase.STROKE.value, Phase.SWIRL.value)


def _star(action: Action, key: str) -> str:
    """The star label under ``key``, accepting any letter case; refuses anything else."""
    value = action.get(key)
    if not isinstance(value, str):
        raise malformed(f"`{key}` must be a star label such as C4.")
    index = load_vault().index
    if value in index:
        return value
    label = value.strip().upper()
    if label not in index:
        raise IllegalAction(M_("There is no star called {name} on the vault.", name=repr(value.strip()[:12])))
    return label


class SkyOfStars(Game):
    slug = SLUG
    title = N_("A Sky of Stars")
    action_kinds = ActionKind
    event_kinds = EVENT_KINDS
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    options = (
        OptionSpec(
            "countdown",
            N_("Seconds to guess each drawing"),
            (20, 30, 45, 60, 90),
            30,
            (N_("Each drawing is guessed for {value} seconds."),),
            command="A Sky of Stars: seconds to guess each drawing (default 30)",
            choice_names=("20 seconds", "30 seconds", "45 seconds", "60 seconds", "90 seconds"),
        ),
        OptionSpec(
            "reveal_pause",
            N_("Seconds each answer stays before the next drawing"),
            (0, 3, 6, 10, 15),
            6,
            (N_("Each answer stays {value} seconds before the next drawing."),),
            command="A Sky of Stars: seconds each answer stays before the next drawing (default 6)",
            choice_names=("no pause", "3 seconds", "6 seconds", "10 seconds", "15 seconds"),
        ),
        OptionSpec(
            house.WORDS_KEY,
            N_("Word cards"),
            (house.BUILT_IN, house.HOUSE, house.BOTH),
            house.BUILT_IN,
            (
                N_("The word cards are the built-in deck."),
                N_("The word cards are the server's house words."),
                N_("The word cards are the built-in deck and the server's house words."),
            ),
            command="A Sky of Stars: which word cards to deal (default: the built-in deck)",
            choice_names=("the built-in deck", "the server's house words", "both"),
        ),
    )
    allows_bot_seats = False  # a bot can't draw a word, so it only stands in for absent players
    min_humans = 2  # guessing needs at least two people
    live_timer = 60  # a drawing step at a live table (guessing has its own countdown)

    def table_options(self, language: str) -> dict[str, Any]:
        """The deck of cards in the table's language (English where there is no deck for it)."""
        return {"deck": language if language in DECKS else DEFAULT_DECK}

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The lobby's options, and the ``deck`` the table's language chose (never offered in
        the lobby). Without one the game plays the English deck, as games stored before decks do."""
        given = dict(options)
        deck = given.pop("deck", None)
        cards = given.pop(house.HOUSE_KEY, None)
        clean = super().validate_options(given)
        if cards is not None:
            clean[house.HOUSE_KEY] = cards
        house.check_words_option(clean)
        if deck is not None:
            if deck not in DECKS:
                raise IllegalAction(M_("There is no deck of cards for {deck}.", deck=repr(deck)[:12]))
            clean["deck"] = deck
        return clean

    def wants_house_words(self, options: dict[str, Any]) -> bool:
        """The server's own cards are dealt unless the lobby chose the built-in deck alone."""
        return options.get(house.WORDS_KEY, house.BUILT_IN) != house.BUILT_IN

    def setup(self, seats: int, options: dict[str, Any], seed: int) -> State:
        self.check_seat_count(seats)
        return deal.new_game(seats, self.validate_options(options), seed)

    def to_act(self, state: State) -> list[int]:
        return list(state["waiting"])

    def countdown(self, state: State) -> float | None:
        if state["phase"] == Phase.REVEAL.value:
            return flow.reveal_pause(state)
        return state["options"]["countdown"] if state["phase"] == Phase.GUESS.value else None

    def disguise(self, state: State, viewer: int | None) -> State:
        return secrets.disguise(state, viewer)

    def outcome(self, state: State) -> Outcome | None:
        return results.outcome_of(state) if state["phase"] == Phase.OVER.value else None

    def _view(self, state: State, seat: int | None) -> View:
        return views.public_view(state) if seat is None else views.seat_view(state, seat)

    def _legal_actions(self, state: State, seat: int) -> list[Action]:
        actions: list[Action] = []
        phase = state["phase"]
        if seat in state["waiting"]:
            if phase == Phase.START.value:
                stars = Board(state["vaults"][seat]).start_stars()
                kind = ActionKind.START.value
                actions += [{"kind": kind, "star": star} for star in stars]
            elif phase in (Phase.STROKE.value, Phase.FINAL.value):
                moves = Board(state["vaults"][seat]).stroke_moves(flow.roll_shape(state))
                kind = ActionKind.STROKE.value
                actions += [{"kind": kind, "from": a, "to": b} for a, ends in moves.items() for b in ends]
                if phase == Phase.FINAL.value:
                    actions.append({"kind": ActionKind.PASS.value})
            elif phase == Phase.SWIRL.value:
                target = Board(state["vaults"][left_of(seat, state["seats"])])
                kind = ActionKind.CANCEL.value
                actions += [{"kind": kind, "star": star} for star in target.unused_stars()]
            elif phase == Phase.GUESS.value:
                actions += [{"kind": ActionKind.GUESS.value, "number": k} for k in NUMBERS]
        if flow.can_stop(state) and type(seat) is int and 0 <= seat < state["seats"]:
            actions.append({"kind": ActionKind.STOP.value})
        return actions

    def bot_action(self, state: State, seat: int, rng: Rng) -> Action | None:
        return bot_player.choose(self.legal_actions(state, seat), state, seat, rng)

    def timeout_action(self, state: State, seat: int, rng: Rng) -> Action | None:
        """Nothing: a late seat never gets a move made for it (``missed_deadline`` closes its
        drawing steps, a missed guess stays no guess). A seat handed to the bot uses ``bot_action``."""
        return None

    def missed_deadline(self, state: State, seat: int) -> Action | None:
        """A drawing step's deadline passed: skip the seat, because a drawing belongs to its player."""
        if Phase(state["phase"]) in flow.MISSED_TEXT and seat in state["waiting"]:
            return {"kind": ActionKind.TIMEOUT.value, "seat": seat}
        return None

    def _moves(self) -> Mapping[ActionKind, Move]:
        return _MOVES

    def _system_moves(self) -> Mapping[ActionKind, SystemMove]:
        return _SYSTEM_MOVES

    def _actor(self, state: State, seat: Any, kind: ActionKind) -> int | None:
        """A timeout is the bot's own countdown, the one action without a seat; no seat sends one."""
        if seat is None:
            if kind is not ActionKind.TIMEOUT:
                raise malformed("only a timeout can come from the bot itself.")
            return None
        check_seat(state, seat)
        if kind is ActionKind.TIMEOUT:
            raise IllegalAction(M_("Only the bot's countdown can end the guessing."))
        return seat


def _require_waiting(state: State, seat: int, done: str, skipped: str) -> None:
    if seat in state["waiting"]:
        return
    if seat in state.get("late", ()):
        raise IllegalAction(
            M_(
                "Your time for this step ran out, so it went on without you. "
                "Your next panel comes with the next step."
            )
        )
    raise IllegalAction(done if seat in state["locked"] else skipped)


def _start(state: State, seat: int, action: Action, events: list[str]) -> None:
    star = _star(action, "star")
    if state["phase"] != Phase.START.value:
        raise IllegalAction(M_("Starting stars are only chosen at the beginning of a round."))
    _require_waiting(
        state,
        seat,
        M_("You have already chosen your starting star."),
        M_("There is no star left on your vault to start from."),
    )
    board = Board(state["vaults"][seat])
    if star not in board.start_stars():
        if board.cancelled >> load_vault().index[star] & 1:
            raise IllegalAction(M_("{star} has been cancelled on your vault.", star=star))
        raise IllegalAction(M_("{star} already belongs to one of your earlier constellations.", star=star))
    state["vaults"][seat]["current"] = {"start": star, "stars": [star], "strokes": []}
    flow.lock(state, seat, events)


def _stroke(state: State, seat: int, action: Action, events: list[str]) -> None:
    start, end = _star(action, "from"), _star(action, "to")
    phase = state["phase"]
    if phase not in (Phase.STROKE.value, Phase.FINAL.value):
        if phase == Phase.SWIRL.value:
            raise IllegalAction(M_("The die shows the swirl: cancel a star instead of drawing."))
        raise IllegalAction(M_("There is no stroke to draw right now."))
    if phase == Phase.FINAL.value:
        if seat == state["stop_by"]:
            raise IllegalAction(M_("You called STOP, so you don't get a last stroke."))
        _require_waiting(
            state,
            seat,
            M_("You have already made your last move this round."),
            M_("You have no legal stroke left, so you pass."),
        )
    else:
        _require_waiting(
            state,
            seat,
            M_("You have already drawn your stroke for this roll."),
            M_("You have no legal stroke for this roll, so you sit it out."),
        )
    vault = state["vaults"][seat]
    error = Board(vault).stroke_error(flow.roll_shape(state), start, end)
    if error:
        raise IllegalAction(error)
    vault["current"]["stars"].append(end)
    vault["current"]["strokes"].append([start, end])
    state["drew"] = state.get("drew", []) + [seat]
    flow.lock(state, seat, events)


def _cancel(state: State, seat: int, action: Action, events: list[str]) -> None:
    star = _star(action, "star")
    if state["phase"] != Phase.SWIRL.value:
        raise IllegalAction(M_("Stars are only cancelled when the die shows the swirl."))
    _require_waiting(
        state,
        seat,
        M_("You have already picked a star to cancel."),
        M_("There is no star you could cancel this time."),
    )
    target = Board(state["vaults"][left_of(seat, state["seats"])])
    if star not in target.unused_stars():
        if target.cancelled >> load_vault().index[star] & 1:
            raise IllegalAction(M_("{star} is already cancelled on that vault.", star=star))
        raise IllegalAction(M_("{star} is already part of a constellation on that vault.", star=star))
    state["pending"][seat] = star
    flow.lock(state, seat, events)


def _stop(state: State, seat: int, action: Action, events: list[str]) -> None:
    if state["stop_by"] is not None:
        raise IllegalAction(M_("STOP has already been called."))
    if state["phase"] not in _DRAWING:
        if state["phase"] == Phase.START.value:
            raise IllegalAction(M_("STOP can only be called once the die is rolling."))
        raise IllegalAction(M_("Drawing has already ended."))
    state["stop_by"] = seat
    # the caller still owes this roll's line if they have not drawn it: STOP never skips a move
    events.append(M_("{who} called STOP. Drawing ends once this roll is finished.", who=seat_mark(seat)))


def _pass(state: State, seat: int, action: Action, events: list[str]) -> None:
    if state["phase"] != Phase.FINAL.value:
        if state["phase"] in _DRAWING:
            raise IllegalAction(M_("Passing is only allowed on the last stroke, after STOP."))
        raise IllegalAction(M_("There is nothing to pass right now."))
    if seat == state["stop_by"]:
        raise IllegalAction(M_("You called STOP, so you have no last stroke to pass on."))
    _require_waiting(
        state,
        seat,
        M_("You have already made your last move this round."),
        M_("You have no legal stroke left, so you pass automatically."),
    )
    flow.lock(state, seat, events)


def _guess(state: State, seat: int, action: Action, events: list[str]) -> None:
    number = action.get("number")
    if type(number) is not int:
        raise malformed("`number` must be a whole number from 1 to 5.")
    if state["phase"] != Phase.GUESS.value:
        raise IllegalAction(M_("There is no drawing to guess right now."))
    if seat == flow.artist(state):
        raise IllegalAction(M_("You can't guess your own drawing."))
    if number not in NUMBERS:
        raise IllegalAction(M_("Guesses are numbers from 1 to 5."))
    meant = action.get("artist")
    if meant is not None:  # the panel names the drawing, so a late click can't hit the next one
        if type(meant) is not int:
            raise malformed("`artist` must be the seat whose drawing is guessed.")
        if meant != flow.artist(state):
            raise IllegalAction(M_("Guessing for that drawing has ended; its answer is out."))
    if seat in state["locked"]:  # a change of mind before the reveal replaces the guess
        state["pending"][seat] = number
        return
    _require_waiting(
        state, seat, M_("You have already guessed this drawing."), M_("You are not guessing now.")
    )
    state["pending"][seat] = number
    flow.lock(state, seat, events)


def _timeout(state: State, action: Action, events: list[str]) -> None:
    """The guessing countdown ran out, or (with ``"seat"``) one seat's deadline in a drawing step."""
    if "seat" in action:
        late = action["seat"]
        if type(late) is not int or not 0 <= late < state["seats"]:
            raise malformed("`seat` must be a seat of this game.")
        if Phase(state["phase"]) not in flow.MISSED_TEXT:
            raise IllegalAction(M_("Only a drawing step has deadlines to miss."))
        if late not in state["waiting"]:
            raise IllegalAction(M_("That seat owes nothing in this step."))
        flow.miss(state, late, events)
        return
    if state["phase"] == Phase.REVEAL.value:
        flow.after_pause(state, events)
        return
    if state["phase"] != Phase.GUESS.value:
        raise IllegalAction(M_("There is no countdown running."))
    flow.timeout(state, events)


_MOVES: dict[ActionKind, Move] = {
    ActionKind.START: _start,
    ActionKind.STROKE: _stroke,
    ActionKind.CANCEL: _cancel,
    ActionKind.STOP: _stop,
    ActionKind.PASS: _pass,
    ActionKind.GUESS: _guess,
}
_SYSTEM_MOVES: dict[ActionKind, SystemMove] = {ActionKind.TIMEOUT: _timeout}
