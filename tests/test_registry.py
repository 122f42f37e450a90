"""Every playable game plugs into the platform the same way: rules, presenter, lobby options."""

from __future__ import annotations

import re

from bot.commands.lobby import play_command
from bot.faces import PRESENTERS
from bot.games import GAMES
from bot.ui.clicks import items_of


def test_every_game_has_a_presenter_and_every_presenter_a_game() -> None:
    assert set(GAMES) == set(PRESENTERS)
    for slug, presenter in PRESENTERS.items():
        assert presenter.slug == slug
        assert len(presenter.rules_summary) > 200, f"{slug} needs a real rules summary"


def test_component_templates_of_different_games_never_overlap() -> None:
    """A custom_id must reach exactly one game's component, even after a restart."""
    prefixes: dict[str, str] = {}
    for slug, presenter in PRESENTERS.items():
        for item in items_of(presenter.controls) + presenter.dynamic_items:
            pattern = item.__discord_ui_compiled_template__.pattern  # type: ignore[attr-defined]
            prefix = re.match(r"[a-z]+:", pattern)
            assert prefix, f"{item.__name__} needs a short game prefix"
            owner = prefixes.setdefault(prefix.group(), slug)
            assert owner == slug, f"{slug} and {owner} share the prefix {prefix.group()}"


def test_play_offers_every_lobby_option_of_every_game() -> None:
    params = {param.name for param in play_command.parameters}
    for game in GAMES.values():
        for spec in game.options:
            assert spec.name in params, f"/play has no `{spec.name}` parameter for {game.title}"


def test_player_counts_are_sane() -> None:
    for game in GAMES.values():
        assert 1 <= game.min_seats <= game.max_seats <= 25
        assert game.min_humans <= game.max_seats
