"""An Italian player and an English player at one table: each reads their own language in private
(welcome DM, refusals, DM panels, the copy opened from the thread, even when someone else's move
edits it), while everything public follows the table's language, whoever's click sent it. A table
opened with ``/play language:Italiano``, or in a server whose language is Italian, speaks Italian.

SimCord always sends ``en-US``, so Italian is reached through ``/settings language`` and
``/play language`` (and a server's preferred locale). The texts asserted are the core's own (the
lobby, the service's and delivery's lines, the panels' jump link); the games' texts are their own
engineers' and are checked in their tests.
"""

from __future__ import annotations

import pytest

from bot.core.table import names_of
from bot.games import get_game
from bot.i18n import Language, speaking
from tests.drivers.helpers import (
    all_text,
    components,
    controls,
    dm_history,
    game_thread,
    latest_panel,
    refresh,
    said,
    texts,
)

GAME = get_game("star-gazers")
HOUR = 3600  # a paced game: every panel carries its jump link to the game
CLOSED_DM = {"status": 403, "code": 50007, "message": "Cannot send messages to this user"}
JUMP_EN, JUMP_IT = "[Jump to the game](", "[Vai alla partita]("
OPEN_EN, OPEN_IT = "Open my panel", "Apri il mio pannello"


async def table(env, *names, **guild_options):
    await env.bot.tree.sync()
    guild = env.create_guild(**guild_options)
    channel = guild.create_text_channel("games")
    return guild, channel, [guild.add_member(env.create_user(name)) for name in names]


def labels(message) -> list[str]:
    return [component.label for component in components(message) if getattr(component, "label", None)]


def thread_text(thread) -> str:
    return "\n".join(all_text(message) + " " + " ".join(labels(message)) for message in thread.history())


def panel_text(env, record, seat: int, language: Language) -> str:
    """What the game's face says on a seat's panel in ``language`` (its own texts are the game
    engineer's: this checks whose language the copy is in, whatever the catalog holds today)."""
    presenter = env.bot.service.presenter(record)
    with speaking(language):
        return presenter.panel(GAME.view(record.state, seat), names_of(record), record.id).content


async def keep_journal(player, record_id: int, panel) -> None:
    keep = next(
        c.custom_id
        for c in controls(panel)
        if c.custom_id.startswith(f"sg:do:{record_id}:") and ":K" in c.custom_id
    )
    actor = player.user if panel.guild is None else player
    await actor.click(panel, custom_id=keep)


@pytest.mark.simcord(strict_sync=True)
async def test_each_player_reads_their_own_language_in_private_and_the_thread_the_tables(simcord_env):
    env = simcord_env
    guild, channel, (ada, bea) = await table(env, "ada", "bea")
    chosen = said(await ada.slash(channel, "settings", language="it"))
    assert "Impostazioni salvate" in chosen and "**Lingua:** Italiano" in chosen and "Settings" not in chosen
    assert "**Language:**" in said(await bea.slash(channel, "settings"))

    await ada.slash(channel, "play", game="star-gazers", pace=HOUR)  # Italian ada opens an English table
    lobby = channel.last_message
    assert "Press **Join** to take a seat." in all_text(lobby) and "Premi" not in all_text(lobby)
    assert labels(lobby)[0] == "Join"
    welcome = all_text(dm_history(ada)[-1])
    assert "Hai preso posto in **" in welcome and "** (partita #1)." in welcome  # the title is the game's
    assert "You joined" not in welcome

    refused = await ada.click(refresh(channel, lobby), label="Join")  # she hosts it already
    assert refused.followups[-1].message.content == "Sei già in questa lobby."
    assert "Press **Join**" in all_text(refresh(channel, lobby))  # her click edited it in English
    joined = await bea.click(refresh(channel, lobby), label="Join")
    assert "You're in! Watch your DMs once the game starts." in said(joined)
    assert "You joined **Star Gazers** (game #1)." in all_text(dm_history(bea)[-1])
    started = await bea.click(refresh(channel, lobby), label="Start")
    assert "Only the host can start the game." in said(started)

    await ada.click(refresh(channel, lobby), label="Start")  # an Italian click sends English public output
    thread = game_thread(channel)
    assert thread.name == "Star Gazers #1"
    public = thread_text(thread)
    assert OPEN_EN in public and OPEN_IT not in public
    assert "The game has started in" in all_text(refresh(channel, lobby))

    ada_panel, bea_panel = latest_panel(ada), latest_panel(bea)
    assert JUMP_IT in all_text(ada_panel) and JUMP_EN not in all_text(ada_panel)
    assert JUMP_EN in all_text(bea_panel) and JUMP_IT not in all_text(bea_panel)

    # Ada opens her panel from the thread: an Italian copy, and her DM copy retires in Italian.
    card = next(m for m in thread.history() if OPEN_EN in labels(m))
    opened = await ada.click(card, label=OPEN_EN)
    copy = opened.followups[-1].message if opened.followups else opened.response.message
    record = (await env.bot.storage.active_games())[0]
    shown = texts(copy)[0]
    due = next(d for d in await env.bot.storage.deadlines(record.id) if d.seat == 0)
    # a paced game's panel ends with when the move is due (issue 20), in the player's language
    assert shown.endswith(
        "\n"
        + panel_text(env, record, 0, Language.ITALIAN)
        + f"\n⏳ La tua mossa scade <t:{int(due.due_at)}:R>."
    ), shown
    retired = refresh(ada.user.dm_channel, ada_panel)
    assert not controls(retired)
    assert "Your panel moved" not in all_text(retired) and "pannello" in all_text(retired)

    # Bea's move ends the step: Ada's copy is edited in place by Bea's (English) click, in Italian.
    await keep_journal(ada, record.id, refresh(thread, copy, viewer=ada))
    before = all_text(refresh(thread, copy, viewer=ada))
    await keep_journal(bea, record.id, bea_panel)
    after = refresh(thread, copy, viewer=ada)
    assert all_text(after) != before, "the next step should edit Ada's copy"
    assert JUMP_IT in all_text(after) and JUMP_EN not in all_text(after)
    assert OPEN_IT not in thread_text(thread)


@pytest.mark.simcord(strict_sync=True)
async def test_a_table_opened_in_italian_speaks_italian_to_everyone_in_public(simcord_env):
    env = simcord_env
    guild, channel, (bea, cy) = await table(env, "bea", "cy")
    await bea.slash(channel, "play", game="star-gazers", language="it", pace=HOUR)
    lobby = channel.last_message
    text = all_text(lobby)
    assert "Premi **Unisciti** per prendere un posto." in text and "Press **Join**" not in text
    assert "Ogni giocatore ha" in text and "Each player has" not in text
    assert labels(lobby) == ["Unisciti", "Esci", "Aggiungi bot", "Inizia", "Annulla"]
    assert "You joined **Star Gazers** (game #1)." in all_text(dm_history(bea)[-1])  # private: hers

    env.inject_error("POST", f"/channels/{cy.user.dm_channel.id}/messages", times=None, **CLOSED_DM)
    joined = await cy.click(refresh(channel, lobby), label="Unisciti")
    assert "You're in!" in said(joined)  # English cy, in private
    await bea.click(refresh(channel, lobby), label="Inizia")
    thread = game_thread(channel)
    public = thread_text(thread)
    assert "non riesco a mandarti messaggi privati" in public  # said to English cy, in public
    assert "I can't send you direct messages" not in public
    assert OPEN_IT in public and OPEN_EN not in public
    assert "La partita è iniziata in" in all_text(refresh(channel, lobby))
    assert JUMP_EN in all_text(latest_panel(bea))  # her own panel stays English
    record = (await env.bot.storage.active_games())[0]
    assert record.language is Language.ITALIAN


@pytest.mark.simcord(strict_sync=True)
async def test_a_server_whose_language_is_italian_opens_italian_tables_unless_told(simcord_env):
    env = simcord_env
    guild, channel, (ada,) = await table(env, "ada", preferred_locale="it")
    await ada.slash(channel, "play", game="starry-night-sky")
    assert "Premi **Unisciti**" in all_text(channel.last_message)
    await ada.slash(channel, "play", game="starry-night-sky", language="en")
    assert "Press **Join**" in all_text(channel.last_message)
    languages = [game.language for game in await env.bot.storage.open_games_in_channel(channel.id)]
    assert sorted(language.value for language in languages) == ["en", "it"]


@pytest.mark.simcord(strict_sync=True)
async def test_the_locale_seen_is_remembered_once_and_follow_discord_undoes_a_choice(simcord_env):
    env = simcord_env
    guild, channel, (ada,) = await table(env, "ada")
    storage = env.bot.storage
    writes = []
    remember = storage.set_discord_locale

    async def counted(user_id, locale):
        writes.append((user_id, locale))
        await remember(user_id, locale)

    storage.set_discord_locale = counted
    for _round in range(3):
        await ada.slash(channel, "settings")
    assert writes == [(ada.user.id, "en-US")]  # written when first seen, not on every interaction
    assert (await storage.user_settings(ada.user.id)).discord_locale == "en-US"

    assert "Impostazioni salvate" in said(await ada.slash(channel, "settings", language="it"))
    assert "Le tue impostazioni" in said(await ada.slash(channel, "settings"))
    back = said(await ada.slash(channel, "settings", language="discord"))
    assert "Settings saved" in back and "**Language:** as your Discord app (English)" in back
    assert (await storage.user_settings(ada.user.id)).language is None


@pytest.mark.simcord(strict_sync=True)
async def test_the_table_language_picks_options_of_its_own_stored_with_the_game(simcord_env):
    env = simcord_env
    guild, channel, players = await table(env, "ada", "bea", "cy")
    await players[0].slash(channel, "play", game="sky-of-stars", language="it")
    lobby = channel.last_message
    for player in players[1:]:
        await player.click(refresh(channel, lobby), label="Unisciti")
    await players[0].click(refresh(channel, lobby), label="Inizia")
    record = (await env.bot.storage.active_games())[0]
    assert record.options["deck"] == "it"  # A Sky of Stars' Italian cards, chosen by the table
    assert "deck" not in all_text(refresh(channel, lobby))  # not a lobby option to show
