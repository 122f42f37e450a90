"""Speeds you can see: the lobby offers quick, normal and relaxed (live step timers, or the time
per move of a game over days), keeps an exact value the host set, and says how long the game
should take for the seats taken so far, in the table's language."""

from __future__ import annotations

import pytest

from bot.core.lengths import duration_text, estimate
from bot.games import get_game
from bot.i18n import Language, speaking
from tests.drivers.helpers import all_text, find_component, refresh, said

HOUR = 3600


async def open_lobby(env, game, names=("ada", "bea", "cy"), **options):
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in names]
    await players[0].slash(channel, "play", game=game, **options)
    return channel, channel.last_message, players


def expected(game, seats, clock, paced=False, language=Language.ENGLISH, **options) -> str:
    """The length the lobby must show, in words (the estimate's own unit test checks its figures)."""
    length = estimate(game, seats, clock, paced, options)
    assert length is not None
    with speaking(language):
        return duration_text(length.expected)


def speed_values(message) -> tuple[list[str], list[str]]:
    """The speed select's values and the one selected."""
    select = find_component(message, "lobby:timer:") or find_component(message, "lobby:pace:")
    return [o.value for o in select.options], [o.value for o in select.options if o.default]


@pytest.mark.simcord(strict_sync=True)
async def test_a_live_lobby_offers_speeds_and_its_length_follows_seats_and_speed(simcord_env):
    env = simcord_env
    channel, lobby, (ada, bea, cy) = await open_lobby(env, "star-gazers")
    shown = all_text(lobby)
    assert "Speed: **normal**" in shown and "each step has 2 minutes on the clock" in shown
    values, selected = speed_values(lobby)
    assert values == ["60", "120", "300", "0"] and selected == ["120"], "quick, normal, relaxed, no timer"
    labels = [o.label for o in find_component(lobby, "lobby:timer:").options]
    assert labels[:3] == [
        "Quick: 1 minute per step",
        "Normal: 2 minutes per step",
        "Relaxed: 5 minutes per step",
    ]
    two = f"Expected length with 2 players: about **{expected('star-gazers', 2, 120)}**"
    assert two in shown, "a lobby of one is estimated for the fewest players the game needs"
    assert "33 decisions" in shown and "at most 65 minutes" in shown

    await bea.click(refresh(channel, lobby), label="Join")
    await cy.click(refresh(channel, lobby), label="Join")
    shown = all_text(refresh(channel, lobby))
    three = f"Expected length with 3 players: about **{expected('star-gazers', 3, 120)}**"
    assert three in shown and two not in shown, "the estimate follows the seats"

    refused = await bea.select(refresh(channel, lobby), ["60"], custom_id="lobby:timer:1")
    assert "Only the host" in said(refused)
    await ada.select(refresh(channel, lobby), ["60"], custom_id="lobby:timer:1")
    shown = all_text(refresh(channel, lobby))
    assert "Speed: **quick**" in shown and "each step has 1 minute on the clock" in shown
    quick = f"Expected length with 3 players: about **{expected('star-gazers', 3, 60)}**"
    assert quick in shown and quick != three, "the estimate follows the speed"
    assert "at most 50 minutes" in shown
    assert speed_values(refresh(channel, lobby))[1] == ["60"]

    await ada.select(refresh(channel, lobby), ["0"], custom_id="lobby:timer:1")
    shown = all_text(refresh(channel, lobby))
    assert (
        "Speed: played without timers" in shown and "with no time limit" in shown and "at most" not in shown
    )

    await bea.click(refresh(channel, lobby), label="Leave")
    assert "Expected length with 2 players" in all_text(refresh(channel, lobby))
    await ada.click(refresh(channel, lobby), label="Start")
    assert "Expected length" not in all_text(refresh(channel, lobby)), "said in the lobby only"


@pytest.mark.simcord(strict_sync=True)
async def test_an_exact_timer_stays_possible_and_is_said_as_such(simcord_env):
    env = simcord_env
    channel, lobby, (ada, *_) = await open_lobby(env, "observatory", names=("ada",), timer=600)
    shown = all_text(lobby)
    assert "Speed: an exact value set by the host" in shown and "10 minutes on the clock" in shown
    values, selected = speed_values(lobby)
    assert values == ["90", "180", "300", "0", "600"] and selected == ["600"]
    assert "Exact: 10 minutes per step" in [o.label for o in find_component(lobby, "lobby:timer:").options]
    assert f"Expected length with 1 player: about **{expected('observatory', 1, 600)}**" in shown
    await ada.select(refresh(channel, lobby), ["180"], custom_id="lobby:timer:1")
    shown = all_text(refresh(channel, lobby))
    assert "Speed: **normal**" in shown and "Exact:" not in str(speed_values(refresh(channel, lobby)))
    assert "600" not in speed_values(refresh(channel, lobby))[0], "a preset picked, the exact value goes"


@pytest.mark.simcord(strict_sync=True)
async def test_the_speed_option_of_play_picks_a_preset_live_or_over_days(simcord_env):
    env = simcord_env
    channel, lobby, (ada, *_) = await open_lobby(env, "sky-of-stars", names=("ada",), speed="live-quick")
    assert "Speed: **quick**" in all_text(lobby) and "each step has 30 seconds" in all_text(lobby)
    await ada.slash(channel, "play", game="starry-night-sky", speed="paced-relaxed")
    paced = channel.last_message
    assert "Each player has 72 hours per move." in all_text(paced) and "Speed: **relaxed**" in all_text(paced)
    refused = await ada.slash(channel, "play", game="observatory", speed="live-quick", timer=60)
    assert "not both" in said(refused)


@pytest.mark.simcord(strict_sync=True)
async def test_a_paced_lobby_offers_times_per_move_and_estimates_days(simcord_env):
    env = simcord_env
    channel, lobby, (ada, bea, _) = await open_lobby(env, "starry-night-sky", pace=HOUR)
    shown = all_text(lobby)
    assert "Speed: an exact value set by the host" in shown and "1 hour per move" in shown
    assert find_component(lobby, "lobby:timer:") is None
    values, selected = speed_values(lobby)
    assert values == [str(12 * HOUR), str(24 * HOUR), str(72 * HOUR), str(HOUR)] and selected == [str(HOUR)]
    refused = await bea.select(refresh(channel, lobby), [str(24 * HOUR)], custom_id="lobby:pace:1")
    assert "Only the host" in said(refused)
    await ada.select(refresh(channel, lobby), [str(24 * HOUR)], custom_id="lobby:pace:1")
    shown = all_text(refresh(channel, lobby))
    assert "Speed: **normal**" in shown and "Each player has 24 hours per move." in shown
    days = expected("starry-night-sky", 2, 24 * HOUR, paced=True)
    assert f"Expected length with 2 players: about **{days}**" in shown and "days" in days
    assert (await env.bot.storage.load(1)).pace == 24 * HOUR
    await bea.click(refresh(channel, lobby), label="Join")
    await ada.click(refresh(channel, lobby), label="Start")
    deadlines = await env.bot.storage.deadlines(1)
    assert deadlines and all(d.due_at - d.opened_at == 24 * HOUR for d in deadlines), "the pace picked"


@pytest.mark.simcord(strict_sync=True)
@pytest.mark.parametrize("game", ["sky-of-stars", "observatory", "star-gazers", "starry-night-sky"])
async def test_speeds_and_length_in_italian(simcord_env, game):
    env = simcord_env
    rules = get_game(game)
    channel, lobby, (ada, bea, _) = await open_lobby(env, game, language="it")
    shown = all_text(lobby)
    seats = rules.min_seats
    giocatori = f"{seats} giocatore" if seats == 1 else f"{seats} giocatori"
    length = expected(game, seats, rules.live_timer, language=Language.ITALIAN)
    assert "Velocità: **normale**" in shown, shown
    assert f"Durata prevista con {giocatori}: circa **{length}**" in shown, shown
    assert "decisioni" in shown and "al massimo" in shown
    assert "Expected" not in shown and "Speed" not in shown
    labels = [o.label for o in find_component(lobby, "lobby:timer:").options]
    assert labels[0].startswith("Rapida: ") and labels[2].startswith("Tranquilla: ")
    assert labels[3] == "Nessun timer"
    relaxed = speed_values(lobby)[0][2]
    await ada.select(refresh(channel, lobby), [relaxed], custom_id="lobby:timer:1")
    shown = all_text(refresh(channel, lobby))
    assert "Velocità: **tranquilla**" in shown
    longer = expected(game, seats, int(relaxed), language=Language.ITALIAN)
    assert f"Durata prevista con {giocatori}: circa **{longer}**" in shown
