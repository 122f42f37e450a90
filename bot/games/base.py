"""The contract every game's rules implement.

Rules are pure: a game is a set of functions over a JSON-serialisable state (a plain ``dict``
that includes the RNG state). The Discord layer, storage, renderers, benchmarks and tests all
talk to a game only through this contract, so a new game plugs in without touching them.
"""

from __future__ import annotations

import marshal
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeVar

from bot.games.outcome import Outcome
from bot.games.rng import Rng
from bot.i18n.msg import M_, N_, Msg

State = dict[str, Any]
Action = dict[str, Any]
View = dict[str, Any]


class IllegalAction(Exception):
    """An action the rules refuse. ``str(error)`` is written for the player who tried it: a
    ``Msg`` (``M_``), which the Discord layer says in that player's language."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


K = TypeVar("K", bound=Enum)


def malformed(detail: str) -> IllegalAction:
    """An action no panel would send (a forged or outdated custom id, a broken stored log).

    ``detail`` may be a ``Msg`` (translated with the sentence) or a plain text."""
    return IllegalAction(M_("Malformed action: {detail}", detail=detail))


def action_kind(action: Any, kinds: type[K]) -> K:
    """The action's kind as one of the game's ``kinds``, or a ``malformed`` refusal."""
    if not isinstance(action, dict):
        raise malformed(M_("expected an object with a `kind`."))
    try:
        return kinds(action.get("kind"))
    except (ValueError, TypeError):
        raise malformed(M_("unknown kind {kind}.", kind=repr(str(action.get("kind"))[:20]))) from None


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, scalars), so ``apply`` never edits its input.

    ``marshal`` copies in C, two to three times as fast as a Python walk; a state never holds one
    list in two places, so nothing is shared in the copy that was not shared before."""
    return marshal.loads(marshal.dumps(value))


def check_seat(state: State, seat: Any) -> int:
    """``seat`` if it is one of the game's seats (``state["seats"]`` is the seat count).

    An ``int`` that is not a ``bool``, from 0 to the seat count minus one: anything else would
    index a list the wrong way (``-1`` is the last seat) or pass a flag for a seat.
    """
    if type(seat) is not int or not 0 <= seat < state["seats"]:
        raise malformed(M_("that seat is not in this game."))
    return seat


@dataclass(frozen=True)
class Applied:
    """The result of a legal action.

    ``events`` are public sentences about what happened, safe to post anywhere: they never
    carry a secret. Seats are written as ``{0}``, ``{1}``… so the caller can fill in names.
    """

    state: State
    events: list[str]


@dataclass(frozen=True)
class OptionSpec:
    """One lobby option: its name, allowed values and default, for slash-command choices."""

    name: str
    description: str
    choices: tuple[int, ...]
    default: int
    # How the lobby says the chosen value as a sentence: one text with ``{value}``, or for an
    # on/off option two texts (off, on). Empty: "description: value". The game marks
    # ``description`` and ``says`` with ``N_``; the sentence is a ``Msg`` the lobby translates.
    says: tuple[str, ...] = ()
    # How ``/play`` offers it (English; the command translator says it in the player's language):
    # the parameter's description and a name per choice. Empty: "<game>: <description> (default
    # <default>)" and the bare numbers; an on/off option (choices 0 and 1) is a yes/no parameter.
    command: str = ""
    choice_names: tuple[str, ...] = ()

    def sentence(self, value: int) -> Msg:
        if len(self.says) == 2 and set(self.choices) == {0, 1}:
            return Msg(self.says[1 if value else 0])
        if len(self.says) == 1:
            return Msg(self.says[0], {"value": value})
        if len(self.says) == len(self.choices) > 2 and value in self.choices:  # one text per choice
            return Msg(self.says[self.choices.index(value)])
        return M_("{description}: {value}", description=Msg(self.description), value=value)


def renamed(value: Any, names: dict[str, str]) -> Any:
    """A copy of a JSON ``value`` with every string in ``names`` replaced by its new name (hidden
    card ids), for ``Game.disguise``: a view that shows one of them gives a different answer."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [renamed(item, names) for item in value]
    if isinstance(value, dict):
        return {key: renamed(item, names) for key, item in value.items()}
    return value


def marked(ids: set[str]) -> dict[str, str]:
    """New names for ``renamed`` that no card has (for views that never look a hidden card up)."""
    return {ident: f"{ident}?" for ident in ids}


Move = Callable[[State, int, Action, list[str]], "State | None"]
"""One kind of a seat's action (``Game._moves``): it checks the action against the state ``apply``
copied for it, plays it on that copy and appends the public events. It returns ``None``, or the
state it built instead (a move made of other moves, or one that needed a fuller copy)."""
SystemMove = Callable[[State, Action, list[str]], "State | None"]
"""One kind of the bot's own action (seat ``None``: a countdown running out), as ``Move``."""

RNG_FLIP = 0x5DEECE66D
"""XORed into a disguised state's RNG: the future draws and rolls are secret from everyone."""

_CHECKED_ENTRY_POINTS = ("view", "legal_actions")
# Lobby options the table keeps for itself, not for the rules: stored with the game's options,
# passed over by ``validate_options`` (so ``setup`` and a replay never see them). ``practice``
# and ``guide`` mark a `/learn` table and its guide's progress (``bot.tell.guide``).
TABLE_OPTIONS = ("step_timer", "practice", "guide")
HOUSE_WORDS = "house"
"""Options key of the word cards a server wrote (``/words``), added when a game that wants them
starts (``Game.wants_house_words``)."""


class EventKind(Enum):
    """The kind of moment an event tells, where a face or the log must know it (a reveal makes
    one message with its picture; a round's line is said in the log without a player's name).
    The rules tag their events by message id (``Game.event_kinds``), so nothing outside them
    reads a sentence to recognise one, and rewording a sentence changes no face."""

    ROUND = "round"  # where the game is: a round's or a roll's line
    ROUND_BEGINS = "round-begins"  # a round's opening line
    GAME_OVER = "game-over"
    ROLLED = "rolled"  # a seat rolled the dice
    REVEALED = "revealed"  # a hidden drawing was shown with its answer
    STOP_CALLED = "stop-called"
    LAST_LINES = "last-lines"  # drawing ended: only a last line is left

    @property
    def milestone(self) -> bool:
        """Whether it says where the game is (the log shows it as it is, with no one's name)."""
        return self in (EventKind.ROUND, EventKind.ROUND_BEGINS, EventKind.GAME_OVER)


class Game(ABC):
    """One game's rules. Implementations hold no per-game data: everything is in ``state``."""

    slug: str
    title: str
    min_seats: int
    max_seats: int
    options: tuple[OptionSpec, ...] = ()
    allows_bot_seats: bool = True
    """Whether the lobby offers **Add bot** (a game of hidden drawings has nothing for a bot to do)."""
    min_humans: int = 1
    """Below this many human players left, a game ends instead of handing seats to the bot."""
    live_timer: int = 120
    """Seconds a live table gives each step by default (the host may change it in the lobby):
    a turn for turn games, a simultaneous step for games where everyone acts at once."""
    action_kinds: type[Enum]
    """The kinds of action the game takes (``action["kind"]``); ``apply`` refuses any other."""
    over_text: str = N_("The game is over.")
    """What ``apply`` says to an action sent after the game ended."""
    event_kinds: Mapping[str, EventKind] = {}
    """The kind of each event a face or the log recognises, by its message id (``Msg.id``, the
    English text with its fields unfilled: the singular of a counted text)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Engines implement ``_view``/``_legal_actions``; the checked entry points stay shared."""
        super().__init_subclass__(**kwargs)
        for name in _CHECKED_ENTRY_POINTS:
            if name in vars(cls):
                raise TypeError(
                    f"{cls.__name__} must implement _{name}, not override {name}: "
                    "the shared one checks the seat first."
                )

    def event_kind(self, event: str) -> EventKind | None:
        """What kind of moment ``event`` (one of this game's events) tells, if any is tagged."""
        message_id = getattr(event, "id", None)
        return None if message_id is None else self.event_kinds.get(message_id)

    def check_seat_count(self, seats: Any) -> int:
        """``seats`` if this game can be played by that many; ``setup`` calls it first."""
        if type(seats) is not int or not self.min_seats <= seats <= self.max_seats:
            raise IllegalAction(
                M_(
                    "{title} needs {min} to {max} players.",
                    title=Msg(self.title),
                    min=self.min_seats,
                    max=self.max_seats,
                )
            )
        return seats

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Fill defaults and refuse unknown or out-of-range values with a readable message."""
        known = {spec.name: spec for spec in self.options}
        unknown = set(options) - set(known) - set(TABLE_OPTIONS)
        if unknown:
            names = ", ".join(f"`{name}`" for name in sorted(unknown))
            raise IllegalAction(
                M_(
                    "{title} has no {names} option. Leave it out and run `/play` again.",
                    title=Msg(self.title),
                    names=names,
                )
            )
        clean: dict[str, Any] = {}
        for name, spec in known.items():
            value = options.get(name, spec.default)
            if value not in spec.choices:
                allowed = ", ".join(str(c) for c in spec.choices)
                raise IllegalAction(M_("`{name}` must be one of {allowed}.", name=name, allowed=allowed))
            clean[name] = value
        return clean

    def table_options(self, language: str) -> dict[str, Any]:
        """Options the table's language decides, not the lobby (``language`` is a code: "en", "it").

        Merged into the lobby's options when the game starts, so they are stored with the game
        and a replay uses the same ones. The default: none. A game whose components are words
        (A Sky of Stars' cards) picks the deck for the table's language here.
        """
        return {}

    def wants_house_words(self, options: dict[str, Any]) -> bool:
        """Whether a game with these options deals word cards the server wrote (``/words``).

        The rules never read storage: when such a game starts, the Discord side puts the
        server's cards in its options under ``HOUSE_WORDS``, so they are stored with the game
        and a replay deals the same cards. The default: never.
        """
        return False

    @abstractmethod
    def setup(self, seats: int, options: dict[str, Any], seed: int) -> State:
        """A fresh game for ``seats`` players. Everything random derives from ``seed``."""

    @abstractmethod
    def to_act(self, state: State) -> list[int]:
        """Seats that must decide now: one for a turn, several for a simultaneous step."""

    def decision_id(self, state: State) -> int:
        """A number that changes whenever a new decision point opens; by default the state's
        ``decision``, which the game's rules count up.

        Buttons carry it, so a click on a panel from an earlier step is recognised as stale.
        """
        return state["decision"]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it has nothing to decide).

        Only a real seat index is accepted (see ``check_seat``): a bool, a negative or
        out-of-range index or a string is refused as malformed before the game looks at it.
        """
        return self._legal_actions(state, check_seat(state, seat))

    @abstractmethod
    def _legal_actions(self, state: State, seat: int) -> list[Action]:
        """``legal_actions`` for a seat already checked to be one of the game's seats."""

    def apply(self, state: State, seat: int | None, action: Action) -> Applied:
        """Apply one action and return the new state; ``state`` itself is left untouched.

        ``seat`` is ``None`` for system actions such as a countdown running out. Raises
        ``IllegalAction`` with a message for the player when the action is not allowed.

        Every game takes the same steps, in this order (the first refusal is the one a player
        reads): the kind (``action_kinds``), the seat (``_actor``), the game's end, the turn
        (``_refuse_out_of_turn``), a copy to work on (``_copy_for``), then the kind's move
        (``_moves``, or ``_system_moves`` for the bot's own actions) on that copy.
        """
        kind = action_kind(action, self.action_kinds)
        actor = self._actor(state, seat, kind)
        if self.is_over(state):
            raise IllegalAction(M_(self.over_text))
        if actor is not None:
            self._refuse_out_of_turn(state, actor, kind)
        new = self._copy_for(state, actor, kind)
        events: list[str] = []
        if actor is None:
            built = self._system_moves()[kind](new, action, events)
        else:
            built = self._moves()[kind](new, actor, action, events)
        return Applied(new if built is None else built, events)

    @abstractmethod
    def _moves(self) -> Mapping[Any, Move]:
        """The move that plays each kind of a seat's action (keyed by ``action_kinds``)."""

    def _system_moves(self) -> Mapping[Any, SystemMove]:
        """The move that plays each kind of the bot's own actions; by default there are none."""
        return {}

    def _actor(self, state: State, seat: Any, kind: Any) -> int | None:
        """The seat acting, checked (``check_seat``); ``None`` only for a kind the game lets the
        bot itself play (``_system_moves``). By default every action comes from a seat."""
        return check_seat(state, seat)

    def _refuse_out_of_turn(self, state: State, seat: int, kind: Any) -> None:
        """Raise ``IllegalAction`` when ``seat`` may not act now; by default its moves say so."""
        return None

    def _copy_for(self, state: State, seat: int | None, kind: Any) -> State:
        """What the move edits: by default a deep copy of the whole state. A game whose moves
        touch little may copy only that, as long as the move never edits what it shares."""
        return copy_json(state)

    def view(self, state: State, seat: int | None) -> View:
        """What one seat may know (``seat``) or what everyone may know (``None``).

        Anything else is refused as malformed: ``-1`` must never index the last seat's secrets,
        ``True`` must not pass for seat 1.
        """
        return self._view(state, None if seat is None else check_seat(state, seat))

    @abstractmethod
    def _view(self, state: State, seat: int | None) -> View:
        """``view`` for ``None`` or a seat already checked to be one of the game's seats."""

    @abstractmethod
    def disguise(self, state: State, viewer: int | None) -> State:
        """A copy of ``state`` with every secret ``viewer`` may not know changed (``None``: what the
        public may not know): other seats' hands and drafts, the order of decks, the RNG.

        Secrets leave the rules only through views, so a view cannot tell the copy from the real
        state: ``view(disguise(s, v), v) == view(s, v)`` for every seat and the public, which the
        conformance suite (``tests/games/test_conformance.py``) checks for every registered game.
        The copy need not be a position play could reach; only a view that reads a secret notices.
        """

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """The final result once the game is over, else ``None``."""

    def bot_action(self, state: State, seat: int, rng: Rng) -> Action | None:
        """The move the game's bot player makes for ``seat`` (timeouts, handed-over seats, bot seats).

        ``None`` means the bot leaves this decision alone (it then ends by the game's own rules,
        e.g. a countdown). The default picks a random legal action; games override it with a
        heuristic that plays clearly better than random.
        """
        actions = self.legal_actions(state, seat)
        return rng.choice(actions) if actions else None

    def timeout_action(self, state: State, seat: int, rng: Rng) -> Action | None:
        """The move made for a seat whose deadline passed; by default the bot player's.

        Consulted only when ``missed_deadline`` has nothing for the seat.
        """
        return self.bot_action(state, seat, rng)

    def missed_deadline(self, state: State, seat: int) -> Action | None:
        """A system action (applied with seat ``None``) that closes ``seat``'s decision when its
        deadline passes, without choosing anything for it; ``None`` (the default) lets
        ``timeout_action`` decide for the seat instead. For choices that belong to the player alone."""
        return None

    def countdown(self, state: State) -> float | None:
        """Seconds the current step allows before a ``{"kind": "timeout"}`` system action."""
        return None

    def is_over(self, state: State) -> bool:
        return self.outcome(state) is not None
