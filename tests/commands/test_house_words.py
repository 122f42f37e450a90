"""House words through the real discord.py code: a manager uploads a deck (a bad file is refused
and keeps nothing), adds a card with the form, lists and removes; a non-manager is refused
privately; and a game opened with `/play words` is dealt from the server's deck and replays."""

from __future__ import annotations

import discord
import pytest

from bot.games.replay import replay
from bot.games.sky_of_stars.flow import card_words
from tests.drivers.helpers import all_text, current_record, latest_panel, refresh, said
from tests.drivers.sky_driver import GAME, Table, open_lobby, play_until

GOOD = """# our own words
teapot, lighthouse, kite, snail, violin
rocket; cactus; umbrella; whale; bridge

  saturn ,  comet , owl , frying pan , anchor
tulip\tcrab\tbell\tharp\tpenguin
"""
BAD = """teapot, lighthouse, kite, snail, violin
rocket, cactus, umbrella, whale
<@123>, comet, owl, frying pan, anchor
tulip, crab, bell, harp, teapot
"""
DECK = [
    ("teapot", "lighthouse", "kite", "snail", "violin"),
    ("rocket", "cactus", "umbrella", "whale", "bridge"),
    ("saturn", "comet", "owl", "frying pan", "anchor"),
    ("tulip", "crab", "bell", "harp", "penguin"),
]


async def words(guild, env) -> list[tuple[str, ...]]:
    return [card.words for card in await env.bot.storage.house_words(guild.id)]


async def a_manager(env, guild, name="boss"):
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user(name), roles=[mods])


@pytest.mark.simcord(strict_sync=True)
async def test_managers_keep_the_deck_and_a_bad_upload_keeps_nothing(simcord_env):
    env = simcord_env
    guild, channel, (ada, bea, _) = await open_lobby(env)
    boss = await a_manager(env, guild)

    refused = await ada.slash(channel, "words upload", file=("words.txt", GOOD.encode()))
    assert refused.ephemeral and "Manage Server" in said(refused)
    assert "Manage Server" in said(await ada.slash(channel, "words add"))
    assert await words(guild, env) == []

    bad = await boss.slash(channel, "words upload", file=("words.txt", BAD.encode()))
    text = said(bad)
    assert bad.ephemeral and "Nothing was added: 3 cards have a problem" in text
    assert "Line 2: a card needs exactly five words; this one has 4." in text
    assert "Line 3: '<@123>' has a character a word can't have ('<')" in text
    assert "Line 4: teapot is already on line 1." in text
    assert "Line 1" not in text
    assert await words(guild, env) == [], "a partly bad upload keeps no card"
    latin1 = await boss.slash(channel, "words upload", file=("w.txt", "été, a, b, c, d".encode("latin-1")))
    assert "not UTF-8 text" in said(latin1)
    assert "has no cards" in said(await boss.slash(channel, "words upload", file=("w.txt", b"# only\n\n")))

    done = await boss.slash(channel, "words upload", file=("words.txt", GOOD.encode()))
    assert "Added 4 cards. The server's deck has 4 cards." in said(done)
    assert await words(guild, env) == DECK

    # the form: one card, checked against the deck
    shown = await boss.slash(channel, "words add")
    fields = {f"word{n}": word for n, word in enumerate(["moth", "Kite", "drum", "fern", "yak"], 1)}
    clash = await boss.submit_modal(shown, fields)
    assert "This card was not added: Kite is already on card 1 of the server's deck." in said(clash)
    shown = await boss.slash(channel, "words add")
    added = await boss.submit_modal(shown, {**fields, "word2": " paper   boat "})
    assert "Added card 5: moth, paper boat, drum, fern, yak." in said(added)

    # anyone lists them, with the deck as a file to edit and upload again
    listed = await bea.slash(channel, "words list")
    message = listed.followups[-1].message if listed.followups else listed.response.message
    assert "**5.** moth, paper boat, drum, fern, yak" in all_text(message)
    assert message.attachments and message.attachments[0].filename == "house-words.txt"
    assert "Manage Server" in said(await bea.slash(channel, "words remove", card=5))
    removed = await boss.slash(channel, "words remove", card=5)
    assert "Removed card 5: moth, paper boat, drum, fern, yak." in said(removed)
    assert "There is no card 9" in said(await boss.slash(channel, "words remove", card=9))
    assert await words(guild, env) == DECK

    # replace swaps the whole deck
    again = await boss.slash(channel, "words upload", file=("w.txt", b"a, b, c, d, e\n"), replace=True)
    assert "Added 1 card. The server's deck has 1 card." in said(again)


@pytest.mark.simcord(strict_sync=True)
async def test_a_game_is_dealt_from_the_house_deck_and_replays(simcord_env):
    env = simcord_env
    guild, channel, (_, bea, cy) = await open_lobby(env)
    boss = await a_manager(env, guild)

    none_yet = await boss.slash(channel, "play", game="sky-of-stars", words=1)
    assert none_yet.ephemeral and "no house words yet" in said(none_yet)
    assert channel.last_message is None or "lobby" not in all_text(channel.last_message).lower()

    await boss.slash(channel, "words upload", file=("words.txt", GOOD.encode()))
    await boss.slash(channel, "play", game="sky-of-stars", words=1, reveal_pause=0)
    lobby = channel.last_message
    assert "The word cards are the server's house words." in all_text(lobby)
    for player in (bea, cy):
        await player.click(refresh(channel, lobby), label="Join")
    # cards removed while the lobby waits: Start is refused before any thread opens
    for _ in range(2):
        await boss.slash(channel, "words remove", card=1)
    too_few = await boss.click(refresh(channel, lobby), label="Start")
    assert "The server's deck has 2 cards; a game needs at least 3." in said(too_few)
    assert not channel.threads and await current_record(env) is None
    await boss.slash(channel, "words upload", file=("words.txt", GOOD.encode()), replace=True)
    await boss.click(refresh(channel, lobby), label="Start")

    record = await current_record(env)
    assert record.options["house"] == [list(card) for card in DECK], "the game stores the deck it dealt"
    first = card_words(record.state)
    assert tuple(first) in DECK
    panel = all_text(latest_panel(boss))
    assert sum(word in panel for word in first) >= 1, "the panel shows the house card's word"

    # a card removed now changes nothing for the game already dealt
    await boss.slash(channel, "words remove", card=1)
    table = Table(env, channel, [boss, bea, cy], closed=set())
    dealt = {tuple(first)}

    def note(view):
        if view.get("card"):
            dealt.add(tuple(view["card"]))
        return False

    assert await play_until(env, table, note) is None, "the game ran to its end"
    assert len(dealt) == 3 and dealt <= set(DECK)
    stored = await env.bot.storage.load(record.id)
    log = await env.bot.storage.actions(record.id)
    assert stored.status == "finished"
    rebuilt = replay(GAME, len(stored.seats), stored.options, stored.seed, [(a.seat, a.action) for a in log])
    assert rebuilt == stored.state


@pytest.mark.simcord(strict_sync=True)
async def test_house_words_speak_italian(simcord_env):
    env = simcord_env
    guild, channel, _ = await open_lobby(env)
    boss = await a_manager(env, guild)
    await boss.slash(channel, "settings", language="it")
    bad = await boss.slash(channel, "words upload", file=("words.txt", BAD.encode()))
    text = said(bad)
    assert "Non ho aggiunto nulla" in text and "Riga 2" in text, text
    assert "Riga 4: teapot c'è già (riga 1)." in text, text
    assert await words(guild, env) == []


@pytest.mark.simcord(strict_sync=True)
async def test_look_alike_and_full_width_words_count_as_the_same_word(simcord_env):
    """What a manager types is read in NFKC, and compared by its look (UTS #39's skeleton): a
    "teаpot" with a Cyrillic а is the deck's "teapot", a full-width "ｋｉｔｅ" is stored as "kite"."""
    env = simcord_env
    guild, channel, _players = await open_lobby(env)
    boss = await a_manager(env, guild)
    done = await boss.slash(channel, "words upload", file=("words.txt", GOOD.encode()))
    assert "Added 4 cards." in said(done)

    look_alike = "moth, te\u0430pot, drum, fern, yak\n"
    refused = await boss.slash(channel, "words upload", file=("more.txt", look_alike.encode()))
    assert "te\u0430pot is already on card 1 of the server's deck" in said(refused), said(refused)
    shown = await boss.slash(channel, "words add")
    fields = {f"word{n}": word for n, word in enumerate(["moth", "drum", "fern", "yak", "tea\u0440ot"], 1)}
    assert "is already on card 1" in said(await boss.submit_modal(shown, fields))
    twice = await boss.slash(
        channel, "words upload", file=("w.txt", "moth, drum, fern, yak, m\u043eth\n".encode())
    )
    assert "is on the card twice" in said(twice), said(twice)
    assert len(await words(guild, env)) == 4

    wide = await boss.slash(
        channel, "words upload", file=("w.txt", "ｍｏｔｈ, drum, fern, yak, bee\n".encode())
    )
    assert "Added 1 card." in said(wide)
    assert (await words(guild, env))[-1] == ("moth", "drum", "fern", "yak", "bee")
