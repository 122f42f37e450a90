"""Views: the documented keys are there, secrets stay in seat views, the end reveals Journals."""

from __future__ import annotations

import json

from sg_helpers import GAME, act, keep_all, new_game

from bot.games.rng import Rng
from bot.games.star_gazers.secrets import hidden_cards
from bot.games.star_gazers.simulate import play_game, random_action

PUBLIC_KEYS = {
    "game",
    "phase",
    "seats",
    "decision",
    "round",
    "rounds",
    "pick",
    "picks_per_round",
    "first",
    "order",
    "turn",
    "waiting",
    "universe",
    "centre",
    "supply",
    "stacks_left",
    "bag_left",
    "journal_board",
    "constellations",
    "shuttle_spaces",
    "players",
    "outcome",
}
SEAT_KEYS = {
    "you",
    "journal",
    "dealt",
    "kept",
    "preview",
    "choice",
    "queue",
    "reserve_playable",
    "can_undo",
    "can_confirm",
}
PLAYER_KEYS = {
    "seat",
    "mural",
    "reserve",
    "shuttles",
    "tile_move_used",
    "tiles",
    "journal_count",
    "discarded",
    "photos",
    "journal",
    "score",
}


def test_schema_keys() -> None:
    state = new_game(3, 2)
    public = GAME.view(state, None)
    assert set(public) == PUBLIC_KEYS
    assert set(public["players"][0]) == PLAYER_KEYS
    assert set(public["players"][0]["mural"]) == {"squares", "completed", "unmatched"}
    mine = GAME.view(state, 1)
    assert set(mine) == PUBLIC_KEYS | SEAT_KEYS
    assert set(mine["preview"]) == PLAYER_KEYS | {"universe", "centre", "supply", "journal_board"}
    assert mine["choice"] == {"kind": "keep", "cards": state["dealt"][1]}
    assert [c["id"] for c in mine["dealt"]] == state["dealt"][1]
    assert public["universe"][0]["tile"]["edges"] and public["universe"][0]["token"]["shape"] == "circle"
    assert public["order"] == [] and public["turn"] is None and public["waiting"] == [0, 1, 2]


def test_secrets_stay_out_of_the_public_view_and_other_seats() -> None:
    state = keep_all(new_game(4, 8))
    hidden = hidden_cards(state, None)
    assert hidden
    public = json.dumps(GAME.view(state, None))
    assert not any(f'"{c}"' in public for c in hidden)
    for seat in range(4):
        own = set(state["players"][seat]["journal"])
        mine = json.dumps(GAME.view(state, seat))
        assert all(f'"{c}"' in mine for c in own)
        others = hidden - own
        assert not any(f'"{c}"' in mine for c in others)
    assert all(p["journal"] is None and p["journal_count"] == 1 for p in GAME.view(state, None)["players"])
    assert all(p["score"]["telescopes"]["count"] == 0 for p in GAME.view(state, None)["players"])
    # The bag order and the face-down stacks are never shown, only their sizes.
    assert state["bag"][0] not in public and state["stacks"][0][0] not in public


def test_draft_in_progress_is_private_until_confirmed() -> None:
    state = keep_all(new_game(2, 4))
    seat = GAME.to_act(state)[0]
    before = GAME.view(state, None)
    drafted = act(state, seat, {"kind": "pick", "square": 2})
    assert GAME.view(drafted, None) == before
    assert GAME.view(drafted, 1 - seat)["preview"]["universe"][2] is not None
    mine = GAME.view(drafted, seat)
    assert mine["can_undo"] and not mine["can_confirm"] and mine["choice"]["kind"] == "tile"
    assert mine["choice"]["cells"] == list(range(16)) and mine["choice"]["rotations"] == [0, 1, 2, 3]


def test_the_end_reveals_journals_and_the_outcome() -> None:
    state, _ = play_game(3, 5, 6)
    public = GAME.view(state, None)
    outcome = GAME.outcome(state)
    assert public["phase"] == "over" and public["outcome"]["scores"] == outcome.scores
    for seat, player in enumerate(public["players"]):
        assert [c["id"] for c in player["journal"]] == state["players"][seat]["journal"]
        assert all(isinstance(c["complete"], bool) for c in player["journal"])
        assert player["score"] == outcome.breakdown[seat]
    assert all(GAME.view(state, s)["choice"] is None for s in range(3))


def test_seat_view_options_are_exactly_the_legal_actions() -> None:
    """Every option the panel offers applies, for a sample of states along a random game."""
    state = keep_all(new_game(3, 13))
    rng = Rng(4)
    for _ in range(120):
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        legal = GAME.legal_actions(state, seat)
        kinds = {a["kind"] for a in legal}
        assert ("undo" in kinds) == view["can_undo"] and ("confirm" in kinds) == view["can_confirm"]
        assert sorted(a["index"] for a in legal if a["kind"] == "reserve") == view["reserve_playable"]
        choice = view["choice"]
        if choice["kind"] == "token":
            assert len([a for a in legal if a["kind"] == "token"]) == len(choice["targets"])
        if choice["kind"] == "tile":
            assert len([a for a in legal if a["kind"] == "tile"]) == 4 * len(choice["cells"])
        state = act(state, seat, random_action(GAME, state, seat, rng))
        if GAME.outcome(state):
            break
