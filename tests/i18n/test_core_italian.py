"""The shared Discord layer in Italian: what waits, the log, the lists, the cards, the refusals.

Each text is built inside ``speaking(Language.ITALIAN)`` and compared with the same call in
English: the Italian must be real Italian (known words, accents), and English stays as it was.
"""

from __future__ import annotations

import discord
import pytest

from bot.commands.game import log_lines
from bot.commands.overview import describe_game, rating_line, stats_line
from bot.commands.ratings import rating_row_line
from bot.commands.which_game import table_name
from bot.core.table import and_list, describe_waiting
from bot.games import GAMES
from bot.i18n import Language, speaking
from bot.i18n.msg import M_, MN_, to_stored
from bot.storage import GameRecord, GameStats, PlayerRating, RatingRow
from bot.storage.records import ActionRecord, SeatRecord
from bot.tell.pacing import pace_text
from bot.tell.panel_copies import PanelCopies, PanelCopy, Where
from bot.tell.status_card import countdown_line
from bot.ui.copies import CopyKind
from bot.ui.interactions import Refusal
from bot.ui.typed_square import parse_square

ITALIAN = Language.ITALIAN


def record(
    slug: str = "star-gazers",
    names: tuple[str, ...] = ("Ada", "Bea"),
    *,
    status: str = "active",
    autopilot: tuple[int, ...] = (),
    left: tuple[int, ...] = (),
) -> GameRecord:
    game = GAMES[slug]
    seats = [
        SeatRecord(
            game_id=7,
            seat=i,
            user_id=100 + i,
            name=name,
            dm_open=True,
            autopilot=i in autopilot or i in left,
            left_game=i in left,
        )
        for i, name in enumerate(names)
    ]
    state = game.setup(len(names), game.validate_options({}), 7) if status == "active" else None
    return GameRecord(
        id=7,
        game=slug,
        guild_id=1,
        channel_id=2,
        thread_id=3,
        host_id=100,
        status=status,
        options={},
        seed=7,
        state=state,
        version=1,
        lobby_message_id=None,
        status_message_id=None,
        deadline_at=None,
        created_at=0.0,
        updated_at=0.0,
        seats=seats,
    )


def both(build) -> tuple[str, str]:
    """The same text built in English and in Italian."""
    with speaking(Language.ENGLISH):
        english = build()
    with speaking(ITALIAN):
        italian = build()
    return english, italian


def test_describe_waiting_says_who_and_who_the_bot_plays_for() -> None:
    table = record(names=("Ada", "Bea", "Cy"), autopilot=(1,), left=(2,))
    english, italian = both(lambda: describe_waiting(table))
    assert english == (
        "Waiting for: Ada, Bea (played by the bot), Cy (played by the bot)\n"
        "The bot is playing for: Bea (played by the bot), Cy (left the game). "
        "Bea: press **Reclaim seat** to play again."
    )
    assert italian == (
        "Si aspetta: Ada, Bea (gioca il bot), Cy (gioca il bot)\n"
        "Il bot gioca al posto di: Bea (gioca il bot), Cy (ha lasciato la partita). "
        "Bea: premi **Riprendi il posto** per tornare a giocare."
    )


def test_lists_of_names_follow_the_language() -> None:
    assert both(lambda: and_list(["Ada", "Bea", "Cy"])) == ("Ada, Bea, and Cy", "Ada, Bea e Cy")
    assert both(lambda: and_list(["Ada", "Bea"])) == ("Ada and Bea", "Ada e Bea")


def move(seq: int, seat: int | None, *events: object) -> ActionRecord:
    return ActionRecord(seq=seq, seat=seat, action={}, events=list(events), created_at=0.0)


def test_log_lines_translate_each_event_for_the_reader() -> None:
    ran_out = M_("{seat} ran out of time, so the bot made that move for them.", seat="{1}")
    entries = [
        move(1, 1, to_stored(ran_out)),  # as the action log stores it
        move(2, 0, "{1} took a goal."),  # an old log line: plain English, said as it is
        move(3, 0, M_("Round {round} scores: {listed}.", round=2, listed="Ada 3")),  # where the game is
        move(4, 1, MN_("{n} game", "{n} games", 2)),  # names nobody: said with who moved
    ]
    english, italian = both(lambda: log_lines(entries, ["Ada", "Bea"], GAMES["sky-of-stars"]))
    assert english == [
        "Bea ran out of time, so the bot made that move for them.",
        "Bea took a goal.",
        "Round 2 scores: Ada 3.",
        "Bea: 2 games",
    ]
    assert italian == [
        "Il tempo di Bea è scaduto, quindi il bot ha fatto quella mossa al posto suo.",
        "Bea took a goal.",
        "Punti della manche 2: Ada 3.",
        "Bea: 2 partite",
    ]


def test_overview_lines_in_italian() -> None:
    table = record()
    english, italian = both(lambda: describe_game(table, viewer=100))
    assert english.startswith("**[Star Gazers #7]")
    assert "· 2 seated: Ada, Bea\n⏳ **Your move** (also waiting on Bea)" in english
    assert "· 2 al tavolo: Ada, Bea\n⏳ **Tocca a te** (si aspetta anche Bea)" in italian
    lobby = record(names=("Ada",), status="lobby")
    english, italian = both(lambda: describe_game(lobby))
    assert english.endswith("Lobby: needs 1 more player") and italian.endswith("Lobby: manca 1 giocatore")

    row = GameStats(game="star-gazers", played=3, players=2, wins=1, best=9, average=6.5, with_bots=1)
    english, italian = both(lambda: stats_line(row))
    assert english == (
        "Played **3** · won **1** (33%) · best score **9** · average **6.5**\n"
        "🤖 1 of these games had bot seats"
    )
    assert italian == (
        "Giocate **3** · vinte **1** (33%) · miglior punteggio **9** · media **6,5**\n"
        "🤖 1 di queste partite aveva dei bot al tavolo"
    )
    leader = RatingRow(rank=1, user_id=1, name="Ada", mu=30.0, sigma=4.5, games=1, wins=2)
    english, italian = both(lambda: rating_row_line(leader))
    assert english == "**1.** Ada: rating **1660** · 1 game · 2 wins"
    assert italian == "**1.** Ada: valutazione **1660** · 1 partita · 2 vittorie"
    mine = PlayerRating("star-gazers", 2, "people", 30.0, 4.5, 2, None, trend=-1.25, trend_games=2)
    english, italian = both(lambda: rating_line(mine))
    assert english == (
        "⭐ Rating **1660?** (season 2, 2 rated games) · last 2 games: **−50** · "
        "? provisional until 3 rated games"
    )
    assert italian == (
        "⭐ Valutazione **1660?** (stagione 2, 2 partite valutate) · variazione nelle ultime 2 partite: "
        "**−50** · ? provvisoria fino a 3 partite valutate"
    )
    solo = PlayerRating("observatory", 1, "solo", 25.0, 8.0, 1, 41, trend=0.0, trend_games=1)
    english, italian = both(lambda: rating_line(solo))
    assert english == (
        "🌙 Solo rating against the personal best **1040?** (best 41; season 1, 1 rated game) · "
        "last 1 game: **±0** · ? provisional until 3 rated games"
    )
    assert italian.startswith("🌙 Valutazione in solitario contro il record personale **1040?** (record 41;")


def test_game_names_in_lists_and_autocomplete() -> None:
    lobby = record(status="lobby")
    english, italian = both(lambda: table_name(lobby))
    assert english == "Star Gazers #7 · hosted by Ada · lobby"
    assert italian.endswith("#7 · host: Ada · lobby")


def test_status_card_and_pace_words(monkeypatch) -> None:
    sky = record("sky-of-stars", ("Ada", "Bea", "Cy"))
    sky.deadline_at = 1000.0
    monkeypatch.setattr(GAMES["sky-of-stars"], "countdown", lambda state: 30.0)  # as while guessing
    english, italian = both(lambda: countdown_line(sky))
    assert (english, italian) == ("Time runs out <t:1000:R>.", "Il tempo scade <t:1000:R>.")
    assert both(lambda: pace_text(12 * 3600)) == ("12 hours", "12 ore")
    assert both(lambda: pace_text(0)) == ("live", "in tempo reale")


@pytest.mark.parametrize(
    "text, english, italian",
    [
        ("", "The form was empty.", "Il modulo era vuoto."),
        (
            "Z9",
            "Z9 is off the board: columns run A–D and rows 1–4.",
            "Z9 è fuori dalla griglia: le colonne vanno da A a D e le righe da 1 a 4.",
        ),
        ("hello", "“hello” isn't a square name.", "“hello” non è il nome di una casella."),
    ],
)
def test_a_typed_square_is_refused_in_the_players_language(text: str, english: str, italian: str) -> None:
    def refusal() -> str:
        with pytest.raises(Refusal) as refused:
            parse_square(text, "ABCD", 4)
        return refused.value.text

    said_english, said_italian = both(refusal)
    assert said_english.startswith(english) and "like **C3**" in said_english
    assert said_italian.startswith(italian) and "per esempio **C3**" in said_italian


async def test_a_retired_panel_copy_speaks_the_language_it_was_shown_in() -> None:
    edits: list[dict] = []

    async def edit(**data) -> None:
        edits.append(data)

    copies = PanelCopies()
    with speaking(ITALIAN):  # the panel went out to an Italian player
        await copies.adopt(7, 100, PanelCopy(CopyKind.DM, 1, edit))
    with speaking(Language.ENGLISH):  # retired while someone else's click is answered in English
        await copies.retire_game(7, Where.OVER)
    said = [i.content for i in edits[0]["view"].walk_children() if isinstance(i, discord.ui.TextDisplay)]
    assert said == ["Questa partita è finita: qui non c'è più niente da giocare."]
