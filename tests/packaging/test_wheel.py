"""A regular install starts: the wheel, built from exactly the files the Dockerfile copies, is
installed into a fresh venv outside the repository and runs the bot in SimCord from there. It
ships every catalog compiled (``.mo``) and speaks Italian from them.

The venv gets the project only from the wheel and its dependencies from the package registry
(pip's wheel cache keeps that quick), and runs with a working directory outside the repository,
so nothing of the source tree can stand in for a file the wheel forgot.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PIP_SECONDS = 600

# Runs inside the fresh venv: start the installed bot in SimCord and report what it did.
PROBE = r"""
import asyncio, importlib.resources, json, sqlite3, sys, sysconfig

import simcord

import bot
import bot.i18n.catalogs as catalogs
from bot.app import create_bot
from bot.i18n import Language, _, speaking
from bot.tell.service import NOT_RUNNING


def names(folder):
    return sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".sql"))


async def main(db_path):
    client = create_bot(db_path=db_path)
    try:
        async with simcord.run(client) as env:
            await env.bot.tree.sync()
            guild = env.create_guild()
            channel = guild.create_text_channel("games")
            ada = guild.add_member(env.create_user("ada"))
            result = await ada.slash(channel, "play", game="sky-of-stars")
            lobby = channel.last_message
            played = {"acknowledged": result.acknowledged,
                      "lobby": lobby.embeds[0].title if lobby is not None and lobby.embeds else None,
                      "buttons": [getattr(c, "label", None) for row in lobby.components
                                  for c in row.children]}
            await ada.slash(channel, "play", game="sky-of-stars", language="it")
            italian = channel.last_message
            played["italian_buttons"] = [getattr(c, "label", None) for row in italian.components
                                          for c in row.children]
            schema = await env.bot.storage.schema_version()
    finally:
        await client.close()
    with sqlite3.connect(db_path) as conn:
        applied = [row[0] for row in conn.execute("SELECT name FROM schema_version ORDER BY version")]
    bundled = importlib.resources.files("bot.migrations")
    compiled = []  # a missing .mo would be compiled in memory from its .po: record which are read
    read_mo = catalogs._compiled

    def spy(place, language):
        folder = place.folder() / language.value / "LC_MESSAGES"
        if (folder / f"{place.domain}.mo").is_file():
            compiled.append(place.domain)
        return read_mo(place, language)

    catalogs._compiled = spy
    catalogs.translations.cache_clear()
    with speaking(Language.ITALIAN):
        said = _(NOT_RUNNING)
    print(json.dumps({
        "site_packages": sysconfig.get_paths()["purelib"],
        "bot_file": bot.__file__,
        "migrations_folder": str(bundled),
        "migrations": names(bundled),
        "postgres": names(bundled.joinpath("postgres")) if bundled.joinpath("postgres").is_dir() else [],
        "applied": applied,
        "schema_version": schema,
        "play": played,
        "italian": said,
        "compiled": compiled,
        "domains": [place.domain for place in catalogs.places()],
    }))


asyncio.run(main(sys.argv[1]))
"""


def dockerfile_sources() -> list[str]:
    """The paths the Dockerfile's build stage copies into the image before building the wheel."""
    text = (REPO / "Dockerfile").read_text(encoding="utf-8")
    build_stage = text.split("FROM ", 2)[1]
    sources: list[str] = []
    for line in build_stage.splitlines():
        match = re.match(r"COPY\s+(?!--from)(.+)\s+\S+$", line.strip())
        if match:
            sources += match.group(1).split()
    assert sources, "the Dockerfile's build stage should copy the sources"
    return sources


def source_copy(target: Path) -> Path:
    """The files the Dockerfile builds from, without caches or earlier build output."""
    target.mkdir()
    for name in dockerfile_sources():
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(source, target / name)
    return target


def run(command: list[str], cwd: Path, timeout: float) -> subprocess.CompletedProcess[str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME"} and not key.startswith("ASTROLABE_")
    }
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, f"{' '.join(command)} failed:\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(python of a fresh venv with the project installed from its wheel, a folder outside the repo)."""
    root = tmp_path_factory.mktemp("wheel")
    assert not root.is_relative_to(REPO)
    source = source_copy(root / "src")
    dist = root / "dist"
    run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(dist), str(source)],
        cwd=root,
        timeout=PIP_SECONDS,
    )
    wheels = list(dist.glob("astrolabe-*.whl"))
    assert len(wheels) == 1, wheels
    venv = root / "venv"
    run([sys.executable, "-m", "venv", str(venv)], cwd=root, timeout=120)
    python = venv / "bin" / "python"
    simcord = next(
        line
        for line in (REPO / "pyproject.toml").read_text().splitlines()
        if line.strip().startswith('"simcord[pytest]==')
    )
    simcord_pin = simcord.strip().strip(",").strip('"').replace("[pytest]", "")
    run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            str(wheels[0]),
            simcord_pin,
        ],
        cwd=root,
        timeout=PIP_SECONDS,
    )
    return python, root


@pytest.fixture(scope="module")
def report(installed: tuple[Path, Path]) -> dict:
    """What the probe saw, run once in the installed venv."""
    python, outside = installed
    probe = outside / "probe.py"
    probe.write_text(PROBE, encoding="utf-8")
    result = run([str(python), str(probe), str(outside / "astrolabe.sqlite3")], cwd=outside, timeout=180)
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_installed_wheel_starts_the_bot(report: dict) -> None:

    site = Path(report["site_packages"])
    assert Path(report["bot_file"]).is_relative_to(site), "the bot must come from the wheel"
    assert Path(report["migrations_folder"]).is_relative_to(site)
    source = sorted(path.name for path in (REPO / "migrations").glob("*.sql"))
    assert report["migrations"] == source
    assert report["postgres"] == sorted(path.name for path in (REPO / "migrations").glob("postgres/*.sql"))
    assert report["applied"] == [name.removesuffix(".sql") for name in source]
    assert report["schema_version"] == len(source)
    assert report["play"]["acknowledged"]
    assert report["play"]["lobby"] and "Join" in report["play"]["buttons"]


def test_the_installed_wheel_speaks_italian_from_compiled_catalogs(report: dict) -> None:
    assert report["italian"] == "Questa partita non è più in corso."
    assert report["compiled"] == report["domains"] and "astrolabe" in report["domains"]
    assert "Unisciti" in report["play"]["italian_buttons"] and "Join" not in report["play"]["italian_buttons"]


# `pip install .` (not -e), then the bot started from inside the clone: the clone's bot/ comes
# first on sys.path and shadows the installed package, bot.migrations included.
FROM_THE_CLONE = r"""
import asyncio, json, sys
import bot
from bot.storage import SqliteStorage, bundled_migrations

async def main(path):
    storage = await SqliteStorage.open(path)
    await storage.close()
    print(json.dumps({"bot_file": bot.__file__, "migrations_folder": str(bundled_migrations())}))

asyncio.run(main(sys.argv[1]))
"""


def test_the_clone_runs_beside_the_installed_wheel(installed: tuple[Path, Path]) -> None:
    python, outside = installed
    clone = outside / "src"  # the source copy the wheel was built from
    result = run(
        [str(python), "-c", FROM_THE_CLONE, str(outside / "from-clone.sqlite3")], cwd=clone, timeout=180
    )
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert Path(seen["bot_file"]).is_relative_to(clone), "the clone's bot/ is the one imported"
    assert Path(seen["migrations_folder"]) == clone / "migrations"
