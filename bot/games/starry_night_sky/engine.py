"""``StarryNightSky``: the Game contract. Every action is checked on a copy before the turn moves.

Only the seat whose turn it is acts. ``decision_id`` is bumped once per turn, so the panel is
edited in place through the turn's sub-steps and a new one opens for the next player.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.base import Action, Game, IllegalAction, Move, State, View, malformed
from bot.games.outcome import Outcome
from bot.games.rng import Rng
from bot.games.starry_night_sky import bot_player, deal, moves, secrets, turn, views
from bot.games.starry_night_sky.actions import TRADE_STEPS, ActionKind, Step
from bot.games.starry_night_sky.components import COLOURS, START, load_map
from bot.games.starry_night_sky.model import MAX_SEATS, MIN_SEATS, POOL_CAP, SLUG, TITLE, empty_spots
from bot.games.starry_night_sky.phrases import colour_word, sky_name
from bot.games.starry_night_sky.scoring import outcome_of
from bot.i18n.msg import M_, MN_, N_


def _pool(action: Action) -> int:
    pool = action.get("pool")
    if type(pool) is not int or not 0 <= pool < 3:
        raise malformed(M_("`pool` must be 0, 1 or 2."))
    return pool


class StarryNightSky(Game):
    slug = SLUG
    title = TITLE
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    action_kinds = ActionKind
    over_text = N_("The night is over; the game has ended.")

    def setup(self, seats: int, options: dict[str, Any], seed: int) -> State:
        self.check_seat_count(seats)
        return deal.new_game(seats, self.validate_options(options), seed)

    def to_act(self, state: State) -> list[int]:
        return [] if state["phase"] == "over" else [state["current"]]

    def disguise(self, state: State, viewer: int | None) -> State:
        return secrets.disguise(state, viewer)

    def outcome(self, state: State) -> Outcome | None:
        return outcome_of(state) if state["phase"] == "over" else None

    def _view(self, state: State, seat: int | None) -> View:
        if seat is None:
            return views.public_view(state)
        return views.seat_view(state, seat, self.legal_actions(state, seat))

    def _legal_actions(self, state: State, seat: int) -> list[Action]:
        if state["phase"] == "over" or seat != state["current"]:
            return []
        t = state["turn"]
        step = Step(t["step"])
        out: list[Action] = []
        if step is Step.ASSIGN:
            out += [
                {"kind": ActionKind.ASSIGN.value, "pools": o["pools"]} for o in turn.assignment_options(state)
            ]
        elif step in (Step.MOVE, Step.BONUS_MOVE):
            reach = moves.destinations(state, seat)
            out += [{"kind": ActionKind.MOVE.value, "to": cid} for cid in reach]
            if not reach:  # only trades could open a move, and trading is optional
                out.append({"kind": ActionKind.END.value})
        elif step in (Step.PLACE, Step.BONUS_PLACE):
            player = state["players"][seat]
            empty = empty_spots(state, player["at"])
            for i, pool in enumerate(player["pools"]):
                out += [
                    {"kind": ActionKind.PLACE.value, "pool": i, "stars": s}
                    for s in moves.placements(pool, empty)
                ]
        if step in TRADE_STEPS:
            out += [
                {"kind": ActionKind.TRADE.value, "goal": o["goal"], "colour": c, "pool": p}
                for o in turn.trade_options(state, seat)
                for c in o["colours"]
                for p in o["pools"]
            ]
        if step is Step.END:
            out.append({"kind": ActionKind.END.value})
        return out

    def bot_action(self, state: State, seat: int, rng: Rng) -> Action | None:
        if state["phase"] == "over" or seat != state["current"]:
            return None
        return bot_player.choose(self, state, seat, rng)

    def _moves(self) -> Mapping[ActionKind, Move]:
        return _MOVES

    def _refuse_out_of_turn(self, state: State, seat: int, kind: ActionKind) -> None:
        if seat != state["current"]:
            raise IllegalAction(M_("It is not your turn yet; your panel will open when it is."))


def _step(state: State) -> Step:
    return Step(state["turn"]["step"])


def _need(state: State, allowed: tuple[Step, ...], refusal: str) -> None:
    """``refusal`` says what the player tried (marked with ``N_``); ``{hint}`` what to do instead."""
    if _step(state) not in allowed:
        raise IllegalAction(M_(refusal, hint=M_(_STEP_HINT[_step(state)])))


_STEP_HINT = {
    Step.ASSIGN: N_("first put each newly drawn star into a different pool."),
    Step.MOVE: N_("move your telescope first (or trade a goal for a star)."),
    Step.BONUS_MOVE: N_("take your bonus exploration: move your telescope again."),
    Step.PLACE: N_("place at least one star on the constellation you moved to."),
    Step.BONUS_PLACE: N_("place at least one star on the constellation you moved to."),
    Step.END: N_("you can trade goals for stars or end your turn."),
}


def _assign(state: State, seat: int, action: Action, events: list[str]) -> None:
    _need(state, (Step.ASSIGN,), N_("You can't assign stars right now; {hint}"))
    pools = action.get("pools")
    drawn = state["turn"]["drawn"]
    if not isinstance(pools, list) or len(pools) != len(drawn) or any(type(p) is not int for p in pools):
        raise malformed(
            MN_(
                "`pools` must list one pool number for each of the {n} drawn star.",
                "`pools` must list one pool number for each of the {n} drawn stars.",
                len(drawn),
            )
        )
    if len(set(pools)) != len(pools):
        raise IllegalAction(M_("Each new star has to go into a different pool."))
    for p in pools:
        if not 0 <= p < 3:
            raise malformed(M_("pools are numbered 0, 1 and 2."))
        if len(state["players"][seat]["pools"][p]) >= POOL_CAP:
            raise IllegalAction(M_("Pool {pool} is full (4 stars); pick a pool with room.", pool=p + 1))
    turn.assign(state, pools, events)


def _move(state: State, seat: int, action: Action, events: list[str]) -> None:
    _need(state, (Step.MOVE, Step.BONUS_MOVE), N_("You can't move right now; {hint}"))
    to = action.get("to")
    sky = load_map()
    if to == START:
        raise IllegalAction(
            M_("Your telescope can pass over START but never stop there; pick a constellation.")
        )
    if not isinstance(to, str) or to not in sky.constellations:
        raise malformed(M_("`to` must be a constellation id such as c07."))
    here = state["players"][seat]["at"]
    if to == here:
        raise IllegalAction(M_("You have to end your move somewhere other than where you started."))
    if all(state["board"][to]["filled"]):
        raise IllegalAction(
            M_("{place} is fully mapped; you can jump over it but not stop there.", place=sky_name(to))
        )
    reach = moves.destinations(state, seat)
    if to not in reach:
        if to not in moves.routes(state, seat):
            raise IllegalAction(
                M_(
                    "{place} is out of reach: a move only carries on past START and fully "
                    "mapped constellations.",
                    place=sky_name(to),
                )
            )
        raise IllegalAction(
            M_(
                "None of your pools has a star matching an empty spot of {place}; "
                "pick another constellation (or trade a goal for a star first).",
                place=sky_name(to),
            )
        )
    turn.move(state, to, reach[to], events)


def _place(state: State, seat: int, action: Action, events: list[str]) -> None:
    _need(state, (Step.PLACE, Step.BONUS_PLACE), N_("You can't place stars right now; {hint}"))
    pool = _pool(action)
    stars = action.get("stars")
    if (
        not isinstance(stars, dict)
        or set(stars) - set(COLOURS)
        or any(type(v) is not int or v < 0 for v in stars.values())
    ):
        raise malformed(M_("`stars` maps red/blue/yellow to counts."))
    stars = {c: stars.get(c, 0) for c in COLOURS}
    if not sum(stars.values()):
        raise IllegalAction(M_("Place at least one star."))
    player = state["players"][seat]
    have = player["pools"][pool]
    empty = empty_spots(state, player["at"])
    for c in COLOURS:
        if stars[c] > have.count(c):
            raise IllegalAction(
                MN_(
                    "Pool {pool} has only {n} {colour} star; "
                    "all stars placed in one exploration come from a single pool.",
                    "Pool {pool} has only {n} {colour} stars; "
                    "all stars placed in one exploration come from a single pool.",
                    have.count(c),
                    pool=pool + 1,
                    colour=colour_word(c, have.count(c)),
                )
            )
        if stars[c] > empty[c]:
            raise IllegalAction(
                MN_(
                    "{place} has only {n} empty {colour} spot; a star must match the colour of the spot it "
                    "goes on.",
                    "{place} has only {n} empty {colour} spots; a star must match the colour of the spot it "
                    "goes on.",
                    empty[c],
                    place=sky_name(player["at"]),
                    colour=colour_word(c, empty[c]),
                )
            )
    turn.place(state, pool, stars, events)


def _explore(state: State, seat: int, action: Action, events: list[str]) -> None:
    """A move, then a place there, then (``end``) the end of the turn: one confirm in a panel.
    Each part is checked as the action it stands for; ``apply`` works on a copy, so a refused
    part leaves the game as it was."""
    end = action.get("end", False)
    if type(end) is not bool:
        raise malformed(M_("`end` must be true or false."))
    decision = state["decision"]
    _move(state, seat, {"kind": ActionKind.MOVE.value, "to": action.get("to")}, events)
    _place(
        state,
        seat,
        {"kind": ActionKind.PLACE.value, "pool": action.get("pool"), "stars": action.get("stars")},
        events,
    )
    if not end or state["decision"] != decision:
        return  # (the turn may have ended by itself: nothing left to trade)
    if _step(state) in (Step.MOVE, Step.BONUS_MOVE):
        raise IllegalAction(M_("A bonus exploration follows this one, so your turn can't end yet."))
    if _step(state) is Step.END:
        turn.finish_turn(state, events)


def _trade(state: State, seat: int, action: Action, events: list[str]) -> None:
    if _step(state) not in TRADE_STEPS:
        raise IllegalAction(M_("Goals can be traded for stars once your new stars are in your pools."))
    pool = _pool(action)
    gid, colour = action.get("goal"), action.get("colour")
    if colour not in COLOURS:
        raise malformed(M_("`colour` must be red, blue or yellow."))
    held: list[str] = state["players"][seat]["goals"]
    if gid not in held:
        raise IllegalAction(M_("You don't hold that goal card."))
    if not state["bag"][colour]:
        raise IllegalAction(
            M_("The bag has no {colour} stars left; choose another colour.", colour=colour_word(colour, 2))
        )
    if len(state["players"][seat]["pools"][pool]) >= POOL_CAP:
        raise IllegalAction(M_("Pool {pool} is full (4 stars); choose a pool with room.", pool=pool + 1))
    turn.trade(state, gid, colour, pool, events)


def _end(state: State, seat: int, action: Action, events: list[str]) -> None:
    if _step(state) in (Step.MOVE, Step.BONUS_MOVE) and not moves.destinations(state, seat):
        turn.skip_exploring(state, events)  # only a trade could open a move, and trading is optional
        return
    _need(state, (Step.END,), N_("You can't end your turn right now; {hint}"))
    turn.finish_turn(state, events)


_MOVES: dict[ActionKind, Move] = {
    ActionKind.ASSIGN: _assign,
    ActionKind.MOVE: _move,
    ActionKind.PLACE: _place,
    ActionKind.EXPLORE: _explore,
    ActionKind.TRADE: _trade,
    ActionKind.END: _end,
}
