"""The `/game` commands at an Italian table: what they post in the thread (the board's waiting
line, a kick's handover, a cancel, the lobby message) is in the table's language whoever runs
them, and what they answer privately is in the caller's. SimCord sends ``en-US``, so Italian
comes from ``/play language`` and ``/settings language``."""

from __future__ import annotations

import pytest

from tests.drivers.helpers import all_text, components, game_thread, refresh, said

PACE = 3600


def labels(message) -> list[str]:
    return [c.label for c in components(message) if getattr(c, "label", None)]


@pytest.mark.simcord(strict_sync=True)
async def test_commands_post_in_the_tables_language_and_answer_in_the_callers(simcord_env):
    env = simcord_env
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    bea, cy = (guild.add_member(env.create_user(name)) for name in ("bea", "cy"))
    await bea.slash(channel, "play", game="star-gazers", language="it", pace=PACE)
    lobby = channel.last_message
    await cy.click(refresh(channel, lobby), label="Unisciti")
    await bea.click(refresh(channel, lobby), label="Inizia")
    thread = game_thread(channel)

    # /game status posted in the thread (public): its waiting line is the table's Italian.
    status = said(await cy.slash(thread, "game status", public=True))
    assert "Si aspetta: bea (scade <t:" in status and "Waiting for" not in status  # paced: when due

    # /game log answers privately: English bea reads English, cy once he chose Italian.
    assert "Page 1 of 1" in said(await bea.slash(thread, "game log"))
    assert "Impostazioni salvate" in said(await cy.slash(channel, "settings", language="it"))
    log = said(await cy.slash(thread, "game log"))
    assert "Pagina 1 di 1" in log and "Page 1 of" not in log

    # A kick: the host (English) is answered in English, the thread hears it in Italian.
    assert "The bot now plays cy's seat." in said(await bea.slash(thread, "game kick", player=cy))
    handover = thread.last_message
    assert "bea ha dato il tuo posto al bot" in all_text(handover)
    assert labels(handover) == ["Riprendi il posto"]
    status = said(await bea.slash(thread, "game status", public=True))
    assert "cy (gioca il bot)" in status and "premi **Riprendi il posto**" in status

    # Cancel: the host's "done" is English, the thread and the lobby message are Italian.
    assert "Done: the game is closed." in said(await bea.slash(thread, "game cancel"))
    closing = all_text(thread.last_message)
    assert "bea ha annullato la partita. Nella partita #1 non si possono più fare mosse." in closing
    assert "bea ha annullato la partita." in all_text(refresh(channel, lobby))
    assert "cancelled the game" not in closing + all_text(refresh(channel, lobby))
