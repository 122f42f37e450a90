"""The state machine: opening steps, rolling the die, guessing, and on to the next round.

Every function takes a state the caller already copied and mutates it, appending public
sentences to ``events``. A step is a set of seats that decide together (``waiting``); when the
last one locks in, ``finish_step`` resolves it and opens whatever comes next.
"""

from __future__ import annotations

import logging

from bot.games.base import State
from bot.games.rng import Rng
from bot.games.sky_of_stars.components import Shape
from bot.games.sky_of_stars.house import dealt_cards
from bot.games.sky_of_stars.model import (
    DIE,
    FACE_TEXT,
    MAX_USELESS_ROLLS,
    NUMBERS,
    ROUNDS,
    Face,
    Phase,
    empty_constellation,
    join_seats,
    left_of,
    seat_mark,
)
from bot.games.sky_of_stars.moves import Board
from bot.games.sky_of_stars.results import close_round, end_game
from bot.i18n.msg import M_, MN_, N_

log = logging.getLogger(__name__)


def card_words(state: State) -> list[str]:
    """The words of this round's card, from the deck the game dealt (``house.dealt_cards``)."""
    return list(dealt_cards(state["options"])[state["deck"][state["round"] - 1]])


def can_stop(state: State) -> bool:
    """STOP is open while the die is in play, and only once per round."""
    return state["phase"] in (Phase.STROKE.value, Phase.SWIRL.value) and state["stop_by"] is None


def roll_shape(state: State) -> Shape | None:
    """The shape a stroke must reach now; ``None`` (a question mark, the last stroke) is any."""
    return None if state["phase"] == Phase.FINAL.value else Face(state["roll"]["face"]).shape


def boards(state: State) -> list[Board]:
    return [Board(vault) for vault in state["vaults"]]


def lock(state: State, seat: int, events: list[str]) -> None:
    """Record that ``seat`` has decided; the last decision resolves the step."""
    state["waiting"].remove(seat)
    state["locked"] = sorted(state["locked"] + [seat])
    if not state["waiting"]:
        finish_step(state, events)


MISSED_TEXT = {
    Phase.START: N_("{who} ran out of time to choose a starting star, so their sky stays empty this round."),
    Phase.STROKE: N_("{who} ran out of time and draws no line on this roll."),
    Phase.SWIRL: N_("{who} ran out of time and cancels no star on this swirl."),
    Phase.FINAL: N_("{who} ran out of time and passes on the last line."),
}
"""Drawing steps a deadline can close for a seat: its drawing is its own, so nothing is chosen."""


def miss(state: State, seat: int, events: list[str]) -> None:
    """``seat``'s deadline passed: it sits this step out with nothing drawn or cancelled for it."""
    state["waiting"].remove(seat)
    state["skipped"] = sorted(state["skipped"] + [seat])
    state["late"] = sorted(state.get("late", []) + [seat])
    events.append(M_(MISSED_TEXT[Phase(state["phase"])], who=seat_mark(seat)))
    if not state["waiting"]:
        finish_step(state, events)


def _roll_marker(state: State) -> dict[str, int]:
    """``Round 2 · roll 3``: the fields of the prefix that lets a reader of the log find their place."""
    return {"round": state["round"], "roll": state["roll"]["count"]}


def _who_drew(state: State, events: list[str]) -> None:
    """One sentence per finished drawing step naming who drew a line (never which line)."""
    drew = [s for s in state.get("drew", []) if s in state["locked"]]
    if state["phase"] == Phase.FINAL.value:
        passed = [s for s in state["locked"] if s not in drew]
        number = state["round"]
        if drew and passed:
            events.append(
                M_(
                    "Round {round} \u00b7 last lines: {drew} drew a last line; {passed} passed.",
                    round=number,
                    drew=join_seats(drew),
                    passed=join_seats(passed),
                )
            )
        elif drew:
            events.append(
                MN_(
                    "Round {round} \u00b7 last lines: {drew} drew a last line.",
                    "Round {round} \u00b7 last lines: {drew} drew a last line.",
                    len(drew),
                    round=number,
                    drew=join_seats(drew),
                )
            )
        elif passed:
            events.append(
                MN_(
                    "Round {round} \u00b7 last lines: {passed} passed.",
                    "Round {round} \u00b7 last lines: {passed} passed.",
                    len(passed),
                    round=number,
                    passed=join_seats(passed),
                )
            )
    elif drew:
        events.append(
            MN_(
                "Round {round} \u00b7 roll {roll}: {seats} drew a line.",
                "Round {round} \u00b7 roll {roll}: {seats} drew a line.",
                len(drew),
                seats=join_seats(drew),
                **_roll_marker(state),
            )
        )


def finish_step(state: State, events: list[str]) -> None:
    phase = Phase(state["phase"])
    if phase in (Phase.STROKE, Phase.FINAL):
        _who_drew(state, events)
    if phase is Phase.START:
        _next_roll(state, events)
    elif phase is Phase.STROKE:
        _after_roll(state, events)
    elif phase is Phase.SWIRL:
        _apply_cancels(state, events)
        _after_roll(state, events)
    elif phase is Phase.FINAL:
        _begin_guessing(state, events)
    elif phase is Phase.GUESS:
        _reveal(state, events)


def _open(state: State, phase: Phase, waiting: list[int], skipped: list[int]) -> None:
    state["phase"] = phase.value
    state["waiting"] = waiting
    state["locked"] = []
    state["skipped"] = skipped
    state["late"] = []
    state["drew"] = []
    state["pending"] = [None] * state["seats"]
    state["decision"] += 1


def begin_round(state: State, events: list[str]) -> None:
    """Next card, fresh secret numbers, empty skies; then the starting-star step (or the die)."""
    state["round"] += 1
    rng = Rng(state["rng"])
    # each seat reshuffles its five number cards, so every number is equally likely each round
    state["numbers"] = [rng.choice(NUMBERS) for _ in range(state["seats"])]
    state["rng"] = rng.state
    state.update(roll=None, stop_by=None, guess=None)
    for vault in state["vaults"]:
        vault["current"] = empty_constellation()
    words = ", ".join(f"{i} {word}" for i, word in enumerate(card_words(state), 1))
    events.append(
        M_(
            "Round {round} begins. The card shows: {words}. "
            "Everyone has a secret number; choose a starting star.",
            round=state["round"],
            words=words,
        )
    )
    can_start = [bool(board.start_stars()) for board in boards(state)]
    waiting = [s for s, ok in enumerate(can_start) if ok]
    if waiting:
        _open(state, Phase.START, waiting, [s for s, ok in enumerate(can_start) if not ok])
    else:
        _next_roll(state, events)


def _roll_die(state: State) -> Face:
    rng = Rng(state["rng"])
    face = rng.choice(DIE)
    state["rng"] = rng.state
    count = state["roll"]["count"] + 1 if state["roll"] else 1
    state["roll"] = {"face": face.value, "count": count}
    return face


def _next_roll(state: State, events: list[str]) -> None:
    """Roll until some seat can use the result, or end drawing when nobody can draw at all."""
    seats = state["seats"]
    current = boards(state)
    if not any(board.has_stroke(None) for board in current):
        events.append(M_("Nobody can add a stroke any more, so drawing ends."))
        _end_drawing(state, events)
        return
    for _unused in range(MAX_USELESS_ROLLS):
        face = _roll_die(state)
        if face is Face.SWIRL:
            able = [bool(current[left_of(s, seats)].unused_stars()) for s in range(seats)]
            skip_text = N_("{who} has nothing to cancel and sits this swirl out.")
            shown = M_(
                "Round {round} \u00b7 roll {roll}: the die shows the swirl. Each player cancels "
                "a star on the vault of their left-hand neighbour.",
                **_roll_marker(state),
            )
        else:
            able = [board.has_stroke(face.shape) for board in current]
            skip_text = N_("{who} has no legal stroke and sits this roll out.")
            shown = M_(
                "Round {round} \u00b7 roll {roll}: the die shows {face}.",
                face=M_(FACE_TEXT[face]),
                **_roll_marker(state),
            )
        waiting = [s for s in range(seats) if able[s]]
        if waiting:
            skipped = [s for s in range(seats) if not able[s]]
            events.append(shown)
            events.extend(M_(skip_text, who=seat_mark(s)) for s in skipped)
            _open(state, Phase.SWIRL if face is Face.SWIRL else Phase.STROKE, waiting, skipped)
            return
        events.append(
            M_(
                "Round {round} \u00b7 roll {roll}: the die shows {face}, which nobody can use. "
                "Rolling again.",
                face=M_(FACE_TEXT[face]),
                **_roll_marker(state),
            )
        )
    log.warning("%d useless rolls in a row; ending the drawing", MAX_USELESS_ROLLS)
    events.append(M_("The die keeps showing faces nobody can use, so drawing ends."))
    _end_drawing(state, events)


def _apply_cancels(state: State, events: list[str]) -> None:
    seats = state["seats"]
    where = {"round": state["round"], "roll": state["roll"]["count"]}
    for seat, label in enumerate(state["pending"]):
        if label is not None:
            victim = state["vaults"][left_of(seat, seats)]
            victim["cancelled"].append(label)
            # the victim's own record of it, for their panel: which star, by whom, when
            victim["crossed"] = victim.get("crossed", []) + [{"star": label, "by": seat, **where}]
    events.append(M_("The swirl settles: every chosen star is now cancelled."))


def _after_roll(state: State, events: list[str]) -> None:
    if state["stop_by"] is not None:
        _end_drawing(state, events)
    else:
        _next_roll(state, events)


def _end_drawing(state: State, events: list[str]) -> None:
    """Open the last-stroke step for everyone but the STOP caller, or go straight to guessing."""
    state["roll"] = None
    stop_by = state["stop_by"]
    others = [s for s in range(state["seats"]) if s != stop_by]
    current = boards(state)
    waiting = [s for s in others if current[s].has_stroke(None)]
    skipped = [s for s in others if s not in waiting]
    if not waiting:
        _begin_guessing(state, events)
        return
    if stop_by is None:
        events.append(M_("Last chance: everyone may add one final stroke to any new star, or pass."))
    else:
        events.append(
            M_(
                "Drawing is over. Everyone except {who} may add one final stroke to any new star, or pass.",
                who=seat_mark(stop_by),
            )
        )
    events.extend(M_("{who} has no legal stroke left and passes.", who=seat_mark(s)) for s in skipped)
    _open(state, Phase.FINAL, waiting, skipped)


def _begin_guessing(state: State, events: list[str]) -> None:
    seats = state["seats"]
    first = state["stop_by"] if state["stop_by"] is not None else (state["round"] - 1) % seats
    state["roll"] = None
    state["guess"] = {"order": [(first + i) % seats for i in range(seats)], "position": 0}
    events.append(
        M_("Time to guess! Drawings are shown one by one, from {who} clockwise.", who=seat_mark(first))
    )
    _open_guess(state, events)


def artist(state: State) -> int:
    guess = state["guess"]
    return guess["order"][guess["position"]]


def _open_guess(state: State, events: list[str]) -> None:
    shown = artist(state)
    _open(state, Phase.GUESS, [s for s in range(state["seats"]) if s != shown], [])
    events.append(M_("{who}'s drawing is up for guessing.", who=seat_mark(shown)))


def timeout(state: State, events: list[str]) -> None:
    """The countdown ran out: whoever has not guessed simply misses this drawing."""
    events.append(M_("Time is up. No guess from {seats}.", seats=join_seats(state["waiting"])))
    state["waiting"] = []
    finish_step(state, events)


def _reveal(state: State, events: list[str]) -> None:
    shown = artist(state)
    number = state["numbers"][shown]
    word = card_words(state)[number - 1]
    others = [s for s in range(state["seats"]) if s != shown]
    correct = [s for s in others if state["pending"][s] == number]
    state["reveals"].append(
        {
            "round": state["round"],
            "artist": shown,
            "number": number,
            "word": word,
            "guesses": {str(s): state["pending"][s] for s in others},
            "correct": correct,
        }
    )
    if correct:
        events.append(
            M_(
                "{who} drew #{number}, {word}. Guessed by {seats}.",
                who=seat_mark(shown),
                number=number,
                word=word,
                seats=join_seats(correct),
            )
        )
    else:
        events.append(
            M_(
                "{who} drew #{number}, {word}. Nobody guessed it.",
                who=seat_mark(shown),
                number=number,
                word=word,
            )
        )
    state["guess"]["position"] += 1
    if state["guess"]["position"] >= state["seats"]:
        close_round(state, events)  # the round's last reveal and its scores are one moment
    if reveal_pause(state) > 0:
        _open(state, Phase.REVEAL, [], [])  # the answer stays alone until the pause runs out
        return
    _after_reveal(state, events)


def reveal_pause(state: State) -> int:
    """Seconds a reveal stays before the next drawing (a game stored before the option: none)."""
    return int(state["options"].get("reveal_pause", 0))


def after_pause(state: State, events: list[str]) -> None:
    """The reveal's pause ran out: the next drawing, the next round, or the end of the game."""
    _after_reveal(state, events)


def _after_reveal(state: State, events: list[str]) -> None:
    if state["guess"]["position"] < state["seats"]:
        _open_guess(state, events)
    elif state["round"] < ROUNDS:
        begin_round(state, events)
    else:
        end_game(state, events)
