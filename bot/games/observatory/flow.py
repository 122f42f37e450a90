"""How Observatory moves from step to step: setup, keep, night bonus, roll, decide, refill, end.

``decision`` goes up exactly when a new step opens (and once per card in a refill), so panels
from an earlier step are recognised as stale while sub-actions inside a step keep it.
"""

from __future__ import annotations

from typing import Any, cast

from bot.games.base import IllegalAction, State, copy_json
from bot.games.observatory import draft
from bot.games.observatory import sheet as sh
from bot.games.observatory.actions import ActionKind
from bot.games.observatory.components import card, load_cards
from bot.games.observatory.model import (
    DECKS,
    GOALS,
    SKY_ROW,
    GrantKind,
    GrantSource,
    Phase,
    bonus_nights,
    cell_name,
    nights_for,
    turns_per_night,
)
from bot.games.observatory.refill import bonus_pending, last_turn, needs_card, owes_refill, refill_grants
from bot.games.observatory.scoring import outcome_of
from bot.games.observatory.texts import card_name, space_name
from bot.games.outcome import tie_event
from bot.games.rng import Rng
from bot.i18n.msg import M_, Joiner, joined, seat_ref, to_stored


def new_game(seats: int, options: dict[str, Any], seed: int) -> State:
    rng = Rng(seed)
    decks = {kind: sorted(cid for cid, c in load_cards().items() if c.type == kind) for kind in DECKS}
    for deck in decks.values():
        rng.shuffle(deck)
    first = rng.below(seats)
    state: State = {
        "seats": seats,
        "options": dict(options),
        "decision": 0,
        "phase": Phase.KEEP.value,
        "night": 1,
        "turn": 1,
        "first_player": first,
        "active": first,
        "roll": None,
        "decks": decks,
        "sky": {kind: [] for kind in DECKS},
        "hands": [[] for _ in range(seats)],
        "kept": [None] * seats,
        "sheets": [sh.new_sheet() for _ in range(seats)],
        "drafts": [None] * seats,
        "base": None,
        "refill": None,
        "last_turn": [],
        "rng": 0,
    }
    large = 1 if options.get("first_game") else 3
    for seat in range(seats):
        state["hands"][seat] = [decks["large"].pop(0) for _ in range(large)] + [
            decks["small"].pop(0) for _ in range(3)
        ]
    state["rng"] = rng.state
    if options.get("first_game"):
        for seat in range(seats):
            state["sheets"][seat]["goals"] = state["hands"][seat]
            state["hands"][seat] = []
        _reveal_sky(state)
        _start_turn(state, [])
    return state


def _reveal_sky(state: State) -> None:
    for kind in DECKS:
        while len(state["sky"][kind]) < SKY_ROW and state["decks"][kind]:
            state["sky"][kind].append(state["decks"][kind].pop(0))


def to_act(state: State) -> list[int]:
    phase = state["phase"]
    if phase == Phase.KEEP.value:
        return [s for s in range(state["seats"]) if state["kept"][s] is None]
    if phase in (Phase.NIGHT_BONUS.value, Phase.DECIDE.value):
        return [s for s in range(state["seats"]) if not state["drafts"][s]["done"]]
    if phase == Phase.ROLL.value:
        return [state["active"]]
    if phase == Phase.REFILL.value:
        return [state["refill"]["queue"][0]]
    return []


# --- keep -------------------------------------------------------------------------------------


def keep(state: State, seat: int, cards: Any, events: list[str]) -> None:
    hand = state["hands"][seat]
    if state["kept"][seat] is not None:
        raise IllegalAction(M_("You have already chosen your four goals."))
    if not (
        isinstance(cards, list)
        and len(cards) == GOALS
        and len(set(map(str, cards))) == GOALS
        and all(c in hand for c in cards)
    ):
        raise IllegalAction(M_("Keep exactly four different cards from the six you were dealt."))
    state["kept"][seat] = [c for c in hand if c in cards]
    if to_act(state):
        return
    for s in range(state["seats"]):
        returned = [c for c in state["hands"][s] if c not in state["kept"][s]]
        for cid in returned:
            state["decks"][card(cid).type].append(cid)
        state["sheets"][s]["goals"] = state["kept"][s]
        state["hands"][s] = []
    state["kept"] = [None] * state["seats"]
    _reveal_sky(state)
    events.append(M_("Everyone has chosen their goals; the Night Sky is revealed."))
    _start_turn(state, events)


# --- turns ------------------------------------------------------------------------------------


def _start_turn(state: State, events: list[str]) -> None:
    seats = state["seats"]
    state["active"] = (state["first_player"] + state["turn"] - 1) % seats
    state["roll"] = None
    for sheet in state["sheets"]:
        sheet["turn"] = sh.new_turn()
    if state["turn"] == 1 and state["night"] in bonus_nights(seats):
        for sheet in state["sheets"]:
            sh.add_grant(sheet, GrantSource.NIGHT.value, GrantKind.EITHER.value)
        _open_drafts(state, Phase.NIGHT_BONUS)
        events.append(
            M_(
                "Night {night} begins with a bonus: everyone may plot a free star or fill a Research space.",
                night=state["night"],
            )
        )
    else:
        state["phase"] = Phase.ROLL.value
        state["decision"] += 1


def _open_drafts(state: State, phase: Phase) -> None:
    state["phase"] = phase.value
    state["decision"] += 1
    state["drafts"] = [{"undo": [], "done": False} for _ in range(state["seats"])]
    state["base"] = copy_json(state["sheets"])


def roll(state: State, rng_events: list[str]) -> None:
    rng = Rng(state["rng"])
    state["roll"] = {"standard": [rng.randint(1, 6) for _ in range(3)], "shooting": rng.randint(1, 6)}
    state["rng"] = rng.state
    faces = ", ".join("?" if v == 1 else str(v) for v in state["roll"]["standard"])
    shooting = state["roll"]["shooting"]
    rng_events.append(
        M_(
            "{seat} rolled {faces}; the Shooting Star die shows {shooting}.",
            seat=seat_ref(state["active"]),
            faces=faces,
            shooting="?" if shooting == 1 else shooting,
        )
    )
    _open_drafts(state, Phase.DECIDE)


def _summary(state: State, index: int, before: sh.Sheet) -> str:
    """One public sentence of what a seat did in the step ("{1} plotted C4; researched Lens 3.")."""
    sheet = state["sheets"][index]
    new_stars = [cell_name(c) for c in sheet["stars"][len(before["stars"]) :]]
    parts = []
    if new_stars:
        # i18n: part of a turn's summary: "plotted C4, D7" (a sentence starts with the player's name)
        parts.append(M_("plotted {cells}", cells=", ".join(new_stars)))
    filled = [
        space_name(t, v)
        for t, vals in sheet["research"].items()
        for v in vals
        if v not in before["research"][t]
    ]
    if filled:
        # i18n: part of a turn's summary: "researched Lens 3, Drive 5"
        parts.append(M_("researched {spaces}", spaces=joined(filled)))
    done = [card_name(c) for c in sheet["completed"][len(before["completed"]) :]]
    if done:
        # i18n: part of a turn's summary: "completed Orion"
        parts.append(M_("completed {cards}", cards=joined(done)))
    if sheet["drive_value"] is not None and before["drive_value"] is None:
        # i18n: part of a turn's summary: "set the Drive to 4"
        parts.append(M_("set the Drive to {value}", value=sheet["drive_value"]))
    if not parts:
        return M_("{seat} passed.", seat=seat_ref(index))
    # i18n: a turn's summary: the player's name, then what they did ("plotted C4; researched Lens 3")
    return M_("{seat} {actions}.", seat=seat_ref(index), actions=joined(parts, Joiner.SEMICOLON))


def finish_step(state: State, events: list[str]) -> None:
    """Every seat is done: publish the changes and open the next step."""
    summary = [_summary(state, s, state["base"][s]) for s in range(state["seats"])]
    chosen = (state["drafts"][state["active"]] or {}).get("take")  # the roller's "Finish and take"
    for sheet in state["sheets"]:  # bonuses that had to be used now are gone
        sheet["grants"] = [
            g
            for g in sheet["grants"]
            if g["source"] not in (GrantSource.NIGHT.value, GrantSource.COMPLETION.value)
        ]
    state["drafts"] = [None] * state["seats"]
    state["base"] = None
    state["last_turn"] = [to_stored(line) for line in summary]  # stored as JSON, said in any language
    events.extend(summary)
    if state["phase"] == Phase.NIGHT_BONUS.value:
        state["phase"] = Phase.ROLL.value
        state["decision"] += 1
        return
    if is_last_turn(state):  # the game ends at once: a new goal could never be completed
        _advance(state, events)
        return
    order = [(state["active"] + k) % state["seats"] for k in range(state["seats"])]
    queue = [s for s in order if state["sheets"][s]["turn"]["completed"]]
    state["refill"] = {"queue": queue, "passed": False}
    _next_refill(state, events)
    roller = state["active"]
    # the roller refills first, so the Night Sky is as it was when they chose
    if (
        chosen
        and state["refill"]
        and state["refill"]["queue"][0] == roller
        and needs_card(state, roller)
        and not bonus_pending(state["sheets"][roller])
    ):
        take(state, roller, chosen, events)


def is_last_turn(state: State) -> bool:
    return last_turn(state)


# --- refill -----------------------------------------------------------------------------------
# The moves of the refill; what a refilling seat owes and may do is in ``refill``.


def _next_refill(state: State, events: list[str]) -> None:
    refill = state["refill"]
    queue = refill["queue"]
    while queue and not owes_refill(state, queue[0]):
        sheet = state["sheets"][queue.pop(0)]
        sheet["grants"] = [g for g in sheet["grants"] if g["source"] != GrantSource.COMPLETION.value]
        refill["passed"] = False
    if queue:
        state["phase"] = Phase.REFILL.value
        state["decision"] += 1
        return
    state["refill"] = None
    _advance(state, events)


def refill_move(
    state: State, index: int, kind: ActionKind, action: dict[str, Any], events: list[str]
) -> None:
    """Complete a goal, spend its bonus, or finish refilling (``done``) during a refill."""
    sheet = state["sheets"][index]
    if kind is ActionKind.COMPLETE:
        draft.complete(state, index, sheet, action)
        events.append(
            M_(
                "{seat} completed {card} at once, while taking new goals.",
                seat=seat_ref(index),
                card=card_name(action["card"]),
            )
        )
    elif kind in (ActionKind.FREE_STAR, ActionKind.FREE_RESEARCH):
        gid = action.get("grant")
        if not any(g["id"] == gid and type(gid) is int for g in refill_grants(sheet)):
            raise IllegalAction(
                M_(
                    "While taking new goals you can only use the bonus of a card you just "
                    "completed; other bonuses wait for the next roll."
                )
            )
        before = list(sheet["stars"])
        spend = draft.free_star if kind is ActionKind.FREE_STAR else draft.free_research
        spend(state, index, sheet, action)
        if sheet["stars"] != before:
            events.append(
                M_(
                    "{seat} plotted {cell} with a completion bonus.",
                    seat=seat_ref(index),
                    cell=cell_name(sheet["stars"][-1]),
                )
            )
        else:
            events.append(
                M_(
                    "{seat} filled {space} with a completion bonus.",
                    seat=seat_ref(index),
                    space=space_name(str(action["track"]), action["space"]),
                )
            )
    elif kind is ActionKind.DONE:
        if bonus_pending(sheet):
            raise IllegalAction(M_("Use the bonus of the constellation you completed first."))
        if needs_card(state, index):
            raise IllegalAction(M_("Take your new goal card first."))
        state["refill"]["passed"] = True
    else:
        raise IllegalAction(
            M_(
                "While taking new goals you may take a card, complete a goal that fits "
                "your stars, or use the bonus of a card you just completed."
            )
        )
    _next_refill(state, events)


def take(state: State, index: int, action: dict[str, Any], events: list[str]) -> None:
    source = action.get("source")
    goals = state["sheets"][index]["goals"]
    if bonus_pending(state["sheets"][index]):
        raise IllegalAction(M_("Use the bonus of the constellation you completed first."))
    if not needs_card(state, index):
        raise IllegalAction(M_("You hold four goals already; complete one that fits, or finish."))
    if source == "sky":
        cid = action.get("card")
        kind = next((k for k in DECKS if cid in state["sky"][k]), None)
        if kind is None:
            raise IllegalAction(M_("That card is not in the Night Sky; pick one of the face-up cards."))
        cid = cast(str, cid)  # one of the face-up card ids
        state["sky"][kind].remove(cid)
        if state["decks"][kind]:
            state["sky"][kind].append(state["decks"][kind].pop(0))
        events.append(M_("{seat} took {card} from the Night Sky.", seat=seat_ref(index), card=card_name(cid)))
    elif source == "deck":
        kind = action.get("deck")
        if kind not in DECKS:
            raise IllegalAction(M_("Draw from the `large` or the `small` deck."))
        if not state["decks"][kind]:
            raise IllegalAction(
                M_("The large deck is empty; take another card.")
                if kind == "large"
                else M_("The small deck is empty; take another card.")
            )
        cid = state["decks"][kind].pop(0)
        who, name = seat_ref(index), card_name(cid)
        events.append(
            M_("{seat} drew the top card of the large deck: {card}.", seat=who, card=name)
            if kind == "large"
            else M_("{seat} drew the top card of the small deck: {card}.", seat=who, card=name)
        )
    else:
        raise IllegalAction(M_("Take a face-up card (`sky`) or the top card of a deck (`deck`)."))
    goals.append(cid)
    _next_refill(state, events)


def _advance(state: State, events: list[str]) -> None:
    seats = state["seats"]
    state["turn"] += 1
    if state["turn"] > turns_per_night(seats):
        state["turn"] = 1
        state["night"] += 1
        if state["night"] > nights_for(seats):
            state["night"] = nights_for(seats)
            state["turn"] = turns_per_night(seats)
            state["phase"] = Phase.OVER.value
            state["roll"] = None
            state["decision"] += 1
            events.append(M_("The last night is over. Final scores are in."))
            tied = tie_event(outcome_of(state))
            events.extend([tied] if tied else [])
            return
    _start_turn(state, events)
