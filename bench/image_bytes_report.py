"""The image-bytes bench's tables: what each player downloaded, per turn, per image kind, and why.

Kept apart from the playing (``bench.image_bytes_bench``), which takes minutes per game, so the
tables can be read and changed without it; they only read the ``Played`` records it returns.
"""

from __future__ import annotations

import re
import statistics
from collections import defaultdict

from bench.image_bytes_bench import PLAYERS, Played
from bench.image_ledger import Upload
from bench.stats import percentile, table
from bench.turn_taps import OUTSIDE, TARGETS, summary
from bot.faces.sky_of_stars.art.animation import MAX_ANIMATION_BYTES
from bot.games import get_game
from render.common import MAX_IMAGE_BYTES

SKY_TARGET_BYTES = 3_000_000  # issue 13: per player, a whole 3-player game of A Sky of Stars
# A picture named by what it draws (``vault-<digest>.png``, ``panel-<digest>.webp``) is one kind of
# file: the table groups them under ``vault.png``, ``panel.webp``.
DIGEST = re.compile(r"-[0-9a-f]{16}\.")
CAUSES = ("answer to a click", "new message", "edit by the bot")  # see bench.image_ledger.why


def is_animation(upload: Upload) -> bool:
    """A GIF has its own, larger budget (``MAX_ANIMATION_BYTES``) than a still image."""
    return upload.filename.endswith(".gif")


def mb(n_bytes: float) -> str:
    return f"{n_bytes / 1_000_000:.2f}"


def kb(n_bytes: float) -> str:
    return f"{n_bytes / 1000:.0f}"


def seated(games: list[Played]) -> tuple[str, ...]:
    """The players of the games (each game seats the same ones: ``--seats``)."""
    return games[0].players if games else PLAYERS


def players_table(games: list[Played]) -> str:
    rows = []
    for game in games:
        by_place, counts = game.bytes_by_place(), game.images_by_place()
        own = [by_place.get(p, 0) for p in game.players]
        thread = by_place.get("thread", 0)
        images = " / ".join(str(counts.get(p, 0)) for p in game.players)
        made = " / ".join(str(game.interactions.get(p, 0)) for p in game.players)
        rows.append(
            [
                game.name,
                " / ".join(mb(b) for b in own),
                " / ".join(mb(b + thread) for b in own),
                images,
                made,
                f"{mb(thread)} ({counts.get('thread', 0)})",
                kb(by_place.get("channel", 0)),
                mb(max(own) + thread),
                str(game.thread_messages),
                f"{game.seconds:.0f}",
            ]
        )
    headers = [
        f"game ({len(seated(games))} players)",
        f"MB per player: DMs + own ephemerals ({' / '.join(seated(games))})",
        "MB per player, own + thread",
        "images per player",
        "interactions per player (game)",
        "thread MB (images)",
        "channel KB",
        "most per player incl. thread MB",
        "thread messages",
        "wall s",
    ]
    return table(headers, rows)


def turns_table(games: list[Played]) -> str:
    """Interactions per player-turn, by kind of turn (A Sky of Stars: per roll), beside the game's
    interactions per player, and the issue's budget where it sets one."""
    rows = []
    for game in games:
        made = " / ".join(str(game.interactions.get(p, 0)) for p in game.players)
        for kind, taps in game.turns.items():
            if kind == OUTSIDE:
                continue
            median, most = summary(taps)
            target = TARGETS.get((game.slug, kind))
            within = bool(taps) and target is not None and statistics.median(taps) <= target
            verdict = "-" if target is None else f"≤ {target}: " + ("within" if within else "over")
            rows.append([game.name, kind, str(len(taps)), median, most, str(sum(taps)), verdict, made])
        outside = sum(game.turns.get(OUTSIDE, []))
        rows.append([game.name, OUTSIDE, "-", "-", "-", str(outside), "-", made])
    headers = [
        "game",
        "turn",
        "player-turns",
        "interactions median",
        "max",
        "all",
        "budget (median)",
        f"interactions per player in the game ({' / '.join(seated(games))})",
    ]
    return table(headers, rows, "ll" + "r" * 5 + "l")


def kinds_table(games: list[Played]) -> str:
    """Bytes and render time per drawing function, largest share first."""
    rows = []
    for game in games:
        sent: dict[tuple[str, str, str], list[Upload]] = defaultdict(list)
        for upload in game.uploads:
            where = "thread" if game.place(upload) in ("thread", "channel") else "players"
            sent[game.kind(upload), DIGEST.sub(".", upload.filename), where].append(upload)
        times: dict[str, list[float]] = defaultdict(list)
        for render in game.renders:
            times[render.kind].append(render.seconds * 1000)
        total = sum(u.size for u in game.uploads) or 1
        largest_first = sorted(sent.items(), key=lambda item: -sum(u.size for u in item[1]))
        for (kind, filename, where), uploads in largest_first:
            sizes = [u.size for u in uploads]
            took = times.get(kind, [])
            rows.append(
                [
                    game.name,
                    kind,
                    filename,
                    where,
                    str(len(sizes)),
                    mb(sum(sizes)),
                    f"{100 * sum(sizes) / total:.0f}%",
                    kb(statistics.mean(sizes)),
                    kb(max(sizes)),
                    str(len(took)),
                    f"{statistics.median(took):.0f}" if took else "-",
                    f"{percentile(took, 95):.0f}" if took else "-",
                ]
            )
    headers = [
        "game",
        "image",
        "file",
        "sent to",
        "uploads",
        "MB",
        "share",
        "mean KB",
        "max KB",
        "renders",
        "render med ms",
        "render p95 ms",
    ]
    return table(headers, rows, "llll" + "r" * 8)


def causes_table(games: list[Played]) -> str:
    """Why the players' own images were sent, and how many repeat a picture that player already has."""
    rows = []
    for game in games:
        mine = [u for u in game.uploads if game.place(u) in game.players]
        by_cause: dict[str, list[int]] = defaultdict(list)
        seen: set[tuple[str, bytes]] = set()
        again: list[int] = []
        for upload in mine:
            by_cause[upload.why].append(upload.size)
            key = (game.place(upload), upload.digest)
            if key in seen:
                again.append(upload.size)
            seen.add(key)
        cells = [f"{len(by_cause.get(c, []))} / {mb(sum(by_cause.get(c, [])))}" for c in CAUSES]
        other = [s for c, sizes in by_cause.items() if c not in CAUSES for s in sizes]
        rows.append(
            [game.name, *cells, f"{len(other)} / {mb(sum(other))}", f"{len(again)} / {mb(sum(again))}"]
        )
    headers = [
        "game",
        *(f"{c} (n / MB)" for c in CAUSES),
        "other (n / MB)",
        "a picture that player already had (n / MB)",
    ]
    return table(headers, rows)


def verdicts(games: list[Played]) -> list[str]:
    lines = []
    for game in games:
        for budget, what in ((MAX_IMAGE_BYTES, "image"), (MAX_ANIMATION_BYTES, "animation")):
            over = [u for u in game.uploads if u.size > budget and is_animation(u) == (what == "animation")]
            if over:
                kinds = sorted({f"{game.kind(u)} ({u.filename})" for u in over})
                lines.append(
                    f"- {game.name}: {len(over)} of {len(game.uploads)} uploads over the "
                    f"{kb(budget)} KB {what} budget, up to {kb(max(u.size for u in over))} KB: "
                    f"{', '.join(kinds)}."
                )
        if game.unplaced:
            lines.append(
                f"- {game.name}: {len(game.unplaced)} uploaded files found in no message "
                f"({kb(sum(s for _, s in game.unplaced))} KB), not counted above."
            )
        if game.title != get_game("sky-of-stars").title:
            continue
        by_place = game.bytes_by_place()
        worst = max(by_place.get(p, 0) for p in game.players)
        with_thread = worst + by_place.get("thread", 0)
        verdict = "within" if worst <= SKY_TARGET_BYTES else f"OVER by {mb(worst - SKY_TARGET_BYTES)} MB"
        lines.append(
            f"- {game.name}: at most {mb(worst)} MB to one player, {verdict} "
            f"the {mb(SKY_TARGET_BYTES)} MB target; {mb(with_thread)} MB with the thread's images."
        )
    return lines


def report(games: list[Played]) -> str:
    title = (
        f"### Image bytes per player, one complete game of each title ({len(seated(games))} players, "
        f"every move through a panel; MB = 1,000,000 bytes)"
    )
    turns = (
        "Interactions per player-turn (a turn as the game's state says: the turn the player owed "
        "when they clicked; A Sky of Stars per roll, Observatory per night's turn for the roller and "
        "for the others; lobby clicks and commands are outside a turn):"
    )
    kinds = "Per image kind (bytes as sent; render = draw + encode in the bot's worker thread):"
    causes = (
        "The players' own images (all the players together), by the request that carried them "
        "(the answer to their own click or select, a new DM, the bot editing a DM):"
    )
    return "\n\n".join(
        [
            title,
            players_table(games),
            turns,
            turns_table(games),
            kinds,
            kinds_table(games),
            causes,
            causes_table(games),
            "\n".join(verdicts(games)),
        ]
    )
