"""Sub-actions of a simultaneous step: each edits one seat's sheet and can be undone.

Every handler checks its action against the options ``sheet`` computes, so exactly the actions
``legal_actions`` lists are accepted, and refusals say what to do instead.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import Action, IllegalAction, State, copy_json
from bot.games.observatory import sheet as sh
from bot.games.observatory.actions import ActionKind
from bot.games.observatory.components import load_cards
from bot.games.observatory.model import SPACES, TRACKS, Phase, Track, cell_name, parse_cell
from bot.games.observatory.refill import finish_takes
from bot.games.observatory.texts import card_name, track_name
from bot.i18n.msg import M_, Joiner, joined


def _cell(action: Action) -> int:
    cell = parse_cell(action.get("cell"))
    if cell is None:
        raise IllegalAction(M_("Name a cell on the map, such as C4 (column A-L, row 1-12)."))
    return cell


def _int(action: Action, key: str) -> int:
    value = action.get(key)
    if type(value) is not int:
        raise IllegalAction(M_("Malformed action: `{key}` must be a whole number.", key=key))
    return value


def _track_space(action: Action) -> tuple[str, int]:
    track, space = action.get("track"), action.get("space")
    if track not in TRACKS:
        raise IllegalAction(M_("Pick a Research track: {tracks}.", tracks=", ".join(TRACKS)))
    if type(space) is not int or space not in SPACES:  # 2.0 == 2 and True == 1: whole numbers only
        raise IllegalAction(M_("Research spaces are numbered 2 to 6: give the space as a whole number."))
    return track, space


def _empty(sheet: sh.Sheet, cell: int) -> None:
    if cell in sheet["stars"]:
        raise IllegalAction(M_("{cell} already holds a star; pick an empty cell.", cell=cell_name(cell)))


def is_active(state: State, seat: int) -> bool:
    return state["phase"] == Phase.DECIDE.value and seat == state["active"]


def roll_of(state: State) -> dict[str, Any] | None:
    return state["roll"] if state["phase"] == Phase.DECIDE.value else None


def plot(state: State, seat: int, sheet: sh.Sheet, action: Action) -> None:
    dice = action.get("dice")
    cell = _cell(action)
    if not (
        isinstance(dice, list)
        and len(dice) == 2
        and all(type(d) is int and 0 <= d < 3 for d in dice)
        and dice[0] != dice[1]
    ):
        raise IllegalAction(M_("Plot with two different Standard dice, numbered 0, 1 and 2."))
    roll = roll_of(state)
    if roll is None:
        raise IllegalAction(M_("There are no dice to plot with yet."))
    if sheet["turn"]["plot"] is not None:
        raise IllegalAction(M_("You already plotted your star with the dice this turn."))
    if set(dice) & sh.used_dice(sheet):
        raise IllegalAction(M_("One of those dice is already used for Research; plot with the other two."))
    _empty(sheet, cell)
    if cell not in sh.plot_cells(sheet, roll, dice[0], dice[1]):
        raise IllegalAction(
            M_("Those dice can't reach {cell}; pick one of the highlighted cells.", cell=cell_name(cell))
        )
    sheet["stars"].append(cell)
    sheet["turn"]["plot"] = {"dice": sorted(dice), "cell": cell}


def research(state: State, seat: int, sheet: sh.Sheet, action: Action) -> None:
    die = _int(action, "die")
    track, space = _track_space(action)
    roll = roll_of(state)
    if roll is None:
        raise IllegalAction(M_("There are no dice to research with yet."))
    if sheet["turn"]["research"] is not None:
        raise IllegalAction(M_("You already used a die for Research this turn."))
    if not 0 <= die < 3 or die in sh.used_dice(sheet):
        raise IllegalAction(M_("Research with the Standard die you did not plot with."))
    if space in sheet["research"][track]:
        raise IllegalAction(
            M_("The {track} space {space} is already filled.", track=track_name(track), space=space)
        )
    value, wild = sh.die_value(sheet, roll, die)
    if not wild and value != space:
        raise IllegalAction(
            M_("That die counts as {value}, so it can only fill a space printed {value}.", value=value)
        )
    sh.fill(sheet, track, space)
    sheet["turn"]["research"] = {"die": die, "track": track, "space": space}


def lens(state: State, seat: int, sheet: sh.Sheet, action: Action) -> None:
    die, delta = _int(action, "die"), _int(action, "delta")
    if not sh.is_complete(sheet, Track.LENS.value):
        raise IllegalAction(M_("The Lens works once its track is full."))
    if sheet["turn"]["lens"] is not None:
        raise IllegalAction(M_("You already used the Lens this turn."))
    options = sh.lens_options(sheet, roll_of(state), is_active(state, seat))
    if not any(o[0] == die and o[1] == delta for o in options):
        raise IllegalAction(
            M_("The Lens can change an unused, non-wild die by 1, keeping it between 1 and 6.")
        )
    sheet["turn"]["lens"] = {"die": die, "delta": delta}


def shooting_star(state: State, seat: int, sheet: sh.Sheet, action: Action) -> None:
    cell = _cell(action)
    if not is_active(state, seat):
        raise IllegalAction(M_("Only the player who rolled may use the Shooting Star die."))
    if sheet["turn"]["shooting"] is not None:
        raise IllegalAction(M_("You already used the Shooting Star die this turn."))
    _empty(sheet, cell)
    if cell not in sh.shooting_cells(sheet, state["roll"], True):
        raise IllegalAction(M_("The Shooting Star needs a row or column matching its die."))
    sheet["stars"].append(cell)
    sheet["turn"]["shooting"] = cell


def set_drive(state: State, seat: int, sheet: sh.Sheet, action: Action) -> None:
    value = _int(action, "value")
    if not sh.is_complete(sheet, Track.DRIVE.value):
        raise IllegalAction(M_("Write the Drive number once the Drive track is full."))
    if sheet["drive_value"] is not None:
        raise IllegalAction(M_("Your Drive number is already written."))
    if value not in SPACES:
        raise IllegalAction(M_("The Drive number is 2 to 6."))
    sheet["drive_value"] = value


def _grant(sheet: sh.Sheet, action: Action) -> dict[str, Any]:
    g = sh.grant(sheet, _int(action, "grant"))
    if g is None:
        raise IllegalAction(M_("You don't have that bonus (any more)."))
    return g


def free_star(state: State, seat: int, sheet: sh.Sheet, action: Action) -> None:
    g, cell = _grant(sheet, action), _cell(action)
    if g["kind"] == "research":
        raise IllegalAction(M_("That bonus fills a Research space, not a star."))
    _empty(sheet, cell)
    if cell not in sh.grant_cells(sheet, g):
        raise IllegalAction(M_("This bonus star goes in a row or column labelled {value}.", value=g["value"]))
    sheet["stars"].append(cell)
    sh.spend(sheet, g)


def free_research(state: State, seat: int, sheet: sh.Sheet, action: Action) -> None:
    g = _grant(sheet, action)
    track, space = _track_space(action)
    if g["kind"] not in ("research", "either"):
        raise IllegalAction(M_("That bonus plots a star, not a Research space."))
    if space in sheet["research"][track]:
        raise IllegalAction(
            M_("The {track} space {space} is already filled.", track=track_name(track), space=space)
        )
    sh.spend(sheet, g)
    sh.fill(sheet, track, space)


def complete(state: State, seat: int, sheet: sh.Sheet, action: Action) -> None:
    card_id, pid = action.get("card"), action.get("placement")
    if not isinstance(card_id, str) or not isinstance(pid, str):
        raise IllegalAction(M_("Malformed action: name a goal card and one of its placements."))
    if card_id not in sheet["goals"]:
        if card_id in load_cards():
            raise IllegalAction(M_("{card} is not one of your goals.", card=card_name(card_id)))
        raise IllegalAction(M_("That card is not one of your goals."))
    found = next((p for p in sh.placements(sheet).get(card_id, []) if p.id == pid), None)
    if found is None:
        raise IllegalAction(M_("That placement doesn't fit your stars; pick one from the list."))
    granted = sheet["next_grant"]
    sh.complete(sheet, found)
    bonus = action.get("bonus")
    if bonus is None:
        return
    due = next((g for g in sheet["grants"] if g["id"] >= granted and g["required"]), None)
    if not isinstance(bonus, dict) or due is None:
        raise IllegalAction(M_("That card has no bonus to use with its completion."))
    spend = free_star if "cell" in bonus else free_research
    spend(state, seat, sheet, {**bonus, "grant": due["id"]})


def blockers(state: State, seat: int, sheet: sh.Sheet) -> list[str]:
    """What must still happen before ``done``; empty when the seat may finish."""
    out: list[str] = []
    roll = roll_of(state)
    if sh.plot_options(sheet, roll):
        out.append(M_("Plot a star with two of your dice."))
    if sh.research_options(sheet, roll):
        out.append(M_("Use your remaining die to fill a Research space."))
    if any(g["required"] and sh.grant_usable(sheet, g) for g in sheet["grants"]):
        out.append(M_("Use the bonus of the constellation you completed."))
    return out


def done(state: State, seat: int, sheet: sh.Sheet, action: Action) -> dict[str, Any] | None:
    """Check the seat may finish; returns the new goal the roller takes with it (``take``), which
    the refill opening after this step plays first (``flow.finish_step``)."""
    left = blockers(state, seat, sheet)
    if left:
        raise IllegalAction(M_("Not yet: {left}", left=joined(left, Joiner.SENTENCES)))
    chosen = action.get("take")
    if chosen is None:
        return None
    if chosen not in finish_takes(state, seat):
        raise IllegalAction(
            M_(
                "Only the player who rolled and completed a goal this turn can take a new one on "
                "finishing, and only a face-up card of the Night Sky or the top of a deck."
            )
        )
    return dict(chosen)


HANDLERS = {
    ActionKind.PLOT: plot,
    ActionKind.RESEARCH: research,
    ActionKind.LENS: lens,
    ActionKind.SHOOTING_STAR: shooting_star,
    ActionKind.SET_DRIVE: set_drive,
    ActionKind.FREE_STAR: free_star,
    ActionKind.FREE_RESEARCH: free_research,
    ActionKind.COMPLETE: complete,
    ActionKind.DONE: done,
}


def apply_sub(state: State, seat: int, kind: ActionKind, action: Action) -> bool:
    """Apply one sub-action to ``seat``'s draft; returns True when the seat finished (done)."""
    draft = state["drafts"][seat]
    if draft is None or draft["done"]:
        raise IllegalAction(M_("You have already finished this step; wait for the others."))
    sheet = state["sheets"][seat]
    if kind is ActionKind.UNDO:
        if not draft["undo"]:
            raise IllegalAction(M_("There is nothing to take back in this step."))
        state["sheets"][seat] = draft["undo"].pop()
        return False
    if kind is ActionKind.DONE:
        chosen = done(state, seat, sheet, action)
        if chosen is not None:
            draft["take"] = chosen
        draft["done"] = True
        draft["undo"] = []  # a finished seat can no longer take anything back
        return True
    # The sheet may be shared with the previous state: edit a copy, keep the original for undo.
    edited = copy_json(sheet)
    HANDLERS[kind](state, seat, edited, action)
    state["sheets"][seat] = edited
    draft["undo"].append(sheet)
    return False
