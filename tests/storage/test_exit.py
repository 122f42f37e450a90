"""A process exits when a bot was replaced and never closed (SimCord's ``restart_bot(new)`` in a
test or an embedder that forgets the old bot): the database thread of an unclosed SQLite storage
does not hold the interpreter open, and its connection is closed cleanly on the way out."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# The old bot is replaced and forgotten; only the new one is closed.
REPLACED = """
import asyncio, sys
import simcord
from bot.app import create_bot

async def main(db):
    old = create_bot(db_path=db)
    env = simcord.Env(old)
    await env.start()
    new = create_bot(db_path=db)
    await env.restart_bot(new)
    await env.shutdown()
    await new.close()
    print("done", flush=True)

asyncio.run(main(sys.argv[1]))
"""


def test_a_replaced_bot_nobody_closed_does_not_keep_the_process_alive(tmp_path: Path) -> None:
    db = tmp_path / "astrolabe.sqlite3"
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASTROLABE_")}
    child = subprocess.Popen(
        [sys.executable, "-c", REPLACED, str(db)],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        out, err = child.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
        raise AssertionError(f"the process hung at exit after {out!r}; stderr: {err[-2000:]}") from None
    assert child.returncode == 0 and out.strip() == "done", err
    assert "Traceback" not in err, err
    assert not Path(f"{db}-wal").exists(), "the forgotten connection was closed, not abandoned"
