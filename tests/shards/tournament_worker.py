"""One OS process of the tournament race: pairs the next round of a tournament from the shared
PostgreSQL database with the bot's own pairing (``pair_round``), tries to open it, then tries to
make the game of every waiting table, as each process of a sharded bot would at the same moment.

Prints ``ready`` once connected, reads the start time on stdin, then one JSON line with what it
opened and made.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time

from bot.commands.tournament_pairs import pair_round
from bot.storage.open import open_storage
from bot.storage.tournaments import NewTable


async def main(url: str, tournament_id: int) -> None:
    storage = await open_storage(url)
    try:
        print(json.dumps({"event": "ready"}), flush=True)
        start_at = float(sys.stdin.readline())
        await asyncio.sleep(max(0.0, start_at - time.time()))
        state = await storage.tournament_state(tournament_id)
        assert state is not None
        t, entrants, tables = state
        pairings = pair_round(t, entrants, [e for e in entrants if e.status == "in"], tables)
        pairings = pairings or []  # a late process finds the last round open already: nothing to pair
        new = [NewTable(p.players, p.why.value) for p in pairings]
        opened = bool(new) and await storage.open_round(t.id, t.round_no, new, deadline=time.time() + 3600)
        names = {e.user_id: e.name for e in entrants}
        made = []
        for table in await storage.tournament_tables(t.id):
            if table.round_no != t.round_no + 1 or table.status != "waiting":
                continue
            record = await storage.create_table_game(
                table.id,
                game=t.game,
                guild_id=t.guild_id,
                channel_id=t.channel_id,
                players=[(p, names[p]) for p in table.players],
                options=t.options,
                pace=t.pace,
                language=t.language,
            )
            if record is not None:
                made.append([table.id, record.id])
        print(
            json.dumps(
                {
                    "event": "done",
                    "after": t.round_no,
                    "opened": opened,
                    "made": made,
                    "pairings": [list(p.players) for p in pairings],
                }
            ),
            flush=True,
        )
    finally:
        await storage.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
