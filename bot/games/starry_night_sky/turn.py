"""The turn: gather (goal, stars, assignment), explore (move, place, bonus), trade-ins, end.

Everything random after the opening deal (``deal``) happens here, drawing from the RNG stored in
the state. Steps with a single possible outcome run by themselves (an assignment with one result,
an Explore step nobody can make, an end with nothing left to trade), so a panel only ever shows
real choices.
"""

from __future__ import annotations

import itertools
from typing import Any

from bot.games.rng import Rng
from bot.games.starry_night_sky import moves
from bot.games.starry_night_sky.actions import Step
from bot.games.starry_night_sky.components import COLOURS, load_goals, load_map
from bot.games.starry_night_sky.goals import score_goals
from bot.games.starry_night_sky.model import DAWN_POINTS, MAX_GOALS, POOL_CAP, is_bare, is_mapped, name
from bot.games.starry_night_sky.phrases import colour_word, describe_stars, how_there, sky_name, who
from bot.games.starry_night_sky.scoring import end_game
from bot.games.starry_night_sky.turn_summary import summary
from bot.i18n.msg import M_, Msg, from_stored, to_stored

State = dict[str, Any]


def draw_star(state: State, rng: Rng) -> str | None:
    """One star out of the bag, each left in it equally likely; None once the bag is empty."""
    bag = state["bag"]
    total = sum(bag.values())
    if not total:
        return None
    pick = rng.below(total)
    for colour in COLOURS:
        if pick < bag[colour]:
            bag[colour] -= 1
            return colour
        pick -= bag[colour]
    raise AssertionError("unreachable")


def _new_turn(seat: int) -> dict[str, Any]:
    return {
        "seat": seat,
        "step": Step.ASSIGN.value,
        "drawn": [],
        "gathered": [],
        "drew_goal": None,
        "explorations": [],
        "bonus_due": False,
        "trades": [],
        "completed_goals": [],
        "points": 0,
        "skipped_explore": False,
        "emptied": [],
        "passed_telescope": False,
        "bonus_missed": False,
        "log": [],
        "notes": [],
    }


def _log(state: State, line: Msg) -> None:
    """A sub-step's sentence: kept on the turn (public, for the panel and progress footer) and
    not posted on its own; the thread gets one summary line when the turn ends. Stored as its
    ``to_json`` form, so the state stays plain JSON and each reader still gets their language."""
    state["turn"]["log"].append(to_stored(line))


def assignment_options(state: State) -> list[dict[str, Any]]:
    """Each distinct way to put the drawn stars into different pools with room."""
    turn = state["turn"]
    pools = state["players"][turn["seat"]]["pools"]
    room = [i for i, p in enumerate(pools) if len(p) < POOL_CAP]
    seen: set[tuple[tuple[str, ...], ...]] = set()
    out = []
    for order in itertools.permutations(room, len(turn["drawn"])):
        result = [list(p) for p in pools]
        for star, pool in zip(turn["drawn"], order, strict=True):
            result[pool].append(star)
        key = tuple(tuple(p) for p in result)
        if key not in seen:
            seen.add(key)
            out.append({"pools": list(order), "result": result})
    return out


def start_turn(state: State, events: list[str]) -> None:
    seat = state["current"]
    player = state["players"][seat]
    turn = state["turn"] = _new_turn(seat)
    rng = Rng(state["rng"])
    if len(player["goals"]) < MAX_GOALS:
        if not state["deck"] and state["discard"]:
            state["deck"] = state["discard"]
            state["discard"] = []
            rng.shuffle(state["deck"])
            events.append(M_("The goal deck ran out, so the discarded goals were shuffled into a new deck."))
        if state["deck"]:
            gid = state["deck"].pop()
            player["goals"].append(gid)
            turn["drew_goal"] = gid
            state["round_activity"] = True
    room = sum(1 for p in player["pools"] if len(p) < POOL_CAP)
    drawn = [star for star in (draw_star(state, rng) for _ in range(room)) if star is not None]
    state["rng"] = rng.state
    turn["drawn"] = drawn
    turn["gathered"] = list(drawn)
    if drawn:
        state["round_activity"] = True
    options = assignment_options(state)
    if len(options) == 1:  # nothing drawn, or every way gives the same pools
        assign(state, options[0]["pools"], events)


def assign(state: State, pools: list[int], events: list[str]) -> None:
    turn = state["turn"]
    player = state["players"][turn["seat"]]
    for star, pool in zip(turn["drawn"], pools, strict=True):
        player["pools"][pool].append(star)
    turn["drawn"] = []
    begin_explore(state, events, bonus=False)


def begin_explore(state: State, events: list[str], bonus: bool) -> None:
    """Open a (bonus) exploration, or skip it when no move exists even after trading."""
    turn = state["turn"]
    seat = turn["seat"]
    turn["step"] = (Step.BONUS_MOVE if bonus else Step.MOVE).value
    if moves.destinations(state, seat) or moves.trade_could_help(state, seat):
        return
    if bonus:
        turn["bonus_due"] = False
        turn["bonus_missed"] = True
        _log(state, M_("{player} has nowhere to take the bonus exploration.", player=who(seat)))
        to_end_step(state, events)
    else:
        turn["skipped_explore"] = True
        _log(
            state,
            M_("{player} has no star that fits anywhere in reach and skips exploring.", player=who(seat)),
        )
        finish_turn(state, events)


def skip_exploring(state: State, events: list[str]) -> None:
    """Nothing in reach fits and the player keeps their goals: trading is a choice, not a must."""
    turn = state["turn"]
    seat = turn["seat"]
    if turn["step"] == Step.BONUS_MOVE.value:
        turn["bonus_due"] = False
        turn["bonus_missed"] = True
        _log(state, M_("{player} keeps their goals and skips the bonus exploration.", player=who(seat)))
    else:
        turn["skipped_explore"] = True
        _log(state, M_("{player} keeps their goals and skips exploring.", player=who(seat)))
    finish_turn(state, events)


def after_trade(state: State, events: list[str]) -> None:
    """A trade in a move step may have used the last helpful goal: re-check the way out."""
    step = state["turn"]["step"]
    if step in (Step.MOVE.value, Step.BONUS_MOVE.value):
        begin_explore(state, events, bonus=step == Step.BONUS_MOVE.value)
    elif step == Step.END.value:
        to_end_step(state, events)


def move(state: State, to: str, route: dict[str, Any], events: list[str]) -> None:
    """Move to ``to`` along ``route`` (an entry of ``moves.routes``), discovering it if bare."""
    turn = state["turn"]
    seat = turn["seat"]
    bonus = turn["step"] == Step.BONUS_MOVE.value
    player = state["players"][seat]
    player["at"] = to
    turn["passed_telescope"] = turn["passed_telescope"] or route["passes_telescope"]
    record = {
        "at": to,
        "name": name(to),
        "discovered": False,
        "marker": 0,
        "skipped": list(route["skips"]),
        "pool": None,
        "placed": {c: 0 for c in COLOURS},
        "completed": False,
        "bonus": bonus,
    }
    turn["explorations"].append(record)
    how = how_there(route["skips"], bonus)
    if is_bare(state, to):
        record["discovered"] = True
        night_before = len(state["night"])
        record["marker"] = _take_marker(state, to, seat)
        player["score"]["discovery"] += record["marker"]
        turn["points"] += record["marker"]
        # i18n: {how} is empty or says the way there (", jumping over A and B on the bonus exploration").
        _log(
            state,
            M_(
                "{player} discovered {place}{how} (+{points}).",
                player=who(seat),
                place=sky_name(to),
                how=how,
                points=record["marker"],
            ),
        )
        if night_before == 1:
            turn["notes"].append(
                to_stored(
                    M_(
                        "That was the last Night Track marker: dawn is breaking, "
                        "and the night ends once this round is finished."
                    )
                )
            )
    else:
        if not bonus:
            turn["bonus_due"] = True
        _log(state, M_("{player} moved to {place}{how}.", player=who(seat), place=sky_name(to), how=how))
    turn["step"] = (Step.BONUS_PLACE if bonus else Step.PLACE).value
    score_goals(state, seat, at_end=False)


def _take_marker(state: State, cid: str, seat: int) -> int:
    """The leftmost Night Track marker; at dawn a Dawn Track marker; then nothing."""
    spot = state["board"][cid]
    spot["by"] = seat
    if state["night"]:
        value = state["night"].pop(0)
        if not state["night"]:
            state["dawn"] = True
    elif state["dawn_left"]:
        state["dawn_left"] -= 1
        value = DAWN_POINTS
        spot["dawn_marker"] = True
    else:
        value = 0
    spot["marker"] = value
    return value


def place(state: State, pool: int, stars: dict[str, int], events: list[str]) -> None:
    turn = state["turn"]
    seat = turn["seat"]
    player = state["players"][seat]
    cid = player["at"]
    spots = load_map().constellations[cid].spots
    filled = state["board"][cid]["filled"]
    for colour in COLOURS:
        for _ in range(stars[colour]):
            player["pools"][pool].remove(colour)
            filled[next(i for i, s in enumerate(spots) if s == colour and not filled[i])] = True
    total = sum(stars.values())
    record = turn["explorations"][-1]
    record["pool"] = pool
    record["placed"] = {c: stars[c] for c in COLOURS}
    player["score"]["stars"] += total
    turn["points"] += total
    state["round_activity"] = True
    if not player["pools"][pool] and pool not in turn["emptied"]:
        turn["emptied"].append(pool)
    _log(
        state,
        M_(
            "{player} placed {stars} on {place} from pool {pool} (+{points}).",
            player=who(seat),
            stars=describe_stars(stars),
            place=sky_name(cid),
            pool=pool + 1,
            points=total,
        ),
    )
    if is_mapped(state, cid):
        record["completed"] = True
        _log(state, M_("{place} is now fully mapped.", place=sky_name(cid)))
    score_goals(state, seat, at_end=False)
    if turn["step"] == Step.PLACE.value and turn["bonus_due"]:
        begin_explore(state, events, bonus=True)
    else:
        turn["bonus_due"] = False
        to_end_step(state, events)


def to_end_step(state: State, events: list[str]) -> None:
    """After exploring, trades remain possible; with nothing to trade the turn just ends."""
    turn = state["turn"]
    turn["step"] = Step.END.value
    if not trade_options(state, turn["seat"]):
        finish_turn(state, events)


def trade_options(state: State, seat: int) -> list[dict[str, Any]]:
    player = state["players"][seat]
    colours = [c for c in COLOURS if state["bag"][c]]
    pools = [i for i, p in enumerate(player["pools"]) if len(p) < POOL_CAP]
    if not colours or not pools:
        return []
    return [
        {"goal": gid, "text": load_goals()[gid].text, "colours": colours, "pools": pools}
        for gid in player["goals"]
    ]


def trade(state: State, gid: str, colour: str, pool: int, events: list[str]) -> None:
    turn = state["turn"]
    seat = turn["seat"]
    player = state["players"][seat]
    player["goals"].remove(gid)
    state["discard"].append(gid)
    state["bag"][colour] -= 1
    player["pools"][pool].append(colour)
    turn["trades"].append({"goal": gid, "colour": colour, "pool": pool})
    state["round_activity"] = True
    _log(
        state,
        M_(
            "{player} traded in the goal “{goal}” for a {colour} star (into pool {pool}).",
            player=who(seat),
            goal=Msg(load_goals()[gid].text),
            colour=colour_word(colour, 1),
            pool=pool + 1,
        ),
    )
    after_trade(state, events)


def finish_turn(state: State, events: list[str]) -> None:
    """Check close-of-turn goals, sum up, pass to the left, and end the game after dawn's round."""
    turn = state["turn"]
    seat = turn["seat"]
    score_goals(state, seat, at_end=True)
    line = summary(state)
    events.append(line)
    events.extend(from_stored(note) for note in turn["notes"])
    state["last_summary"] = to_stored(line)
    state["players"][seat]["turns"] += 1
    following = (seat + 1) % state["seats"]
    if following == 0:
        if state["dawn"]:
            state["ended_by"] = "dawn"
        elif not state["round_activity"]:
            state["ended_by"] = "stall"
            events.append(
                M_("A whole round went by in which nobody could do anything, so the night ends here.")
            )
        if state["ended_by"]:
            end_game(state, events)
            return
        state["round"] += 1
        state["round_activity"] = False
    state["current"] = following
    state["decision"] += 1
    start_turn(state, events)
