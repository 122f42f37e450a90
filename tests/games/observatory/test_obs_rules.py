"""Turn rules: the rulebook's dice example, Lens and Drive, research bonuses, steps and refills."""

from __future__ import annotations

import pytest
from obs_helpers import GAME, act, fill, give_stars, refused, rolled, started

from bot.games.observatory import flow
from bot.games.observatory.components import load_cards
from bot.games.observatory.model import cell_name, col_label, row_label


def test_rulebook_example_two_players_use_3_4_6_differently() -> None:
    state = rolled(started(2), [3, 4, 6])
    # Player A: 3 and 4 plot a star, 6 researches; player B: 3 and 6 plot, 4 researches.
    a = act(state, 0, {"kind": "plot", "dice": [0, 1], "cell": "C4"})
    a = act(a, 0, {"kind": "research", "die": 2, "track": "funding", "space": 6})
    b = act(a, 1, {"kind": "plot", "dice": [0, 2], "cell": "F3"})
    b = act(b, 1, {"kind": "research", "die": 1, "track": "lens", "space": 4})
    assert b["sheets"][0]["research"]["funding"] == [6]
    assert b["sheets"][1]["research"]["lens"] == [4]
    # The same cell is reachable either way round: row 3 column 4 or row 4 column 3.
    assert {row_label(c) for c in b["sheets"][0]["stars"]} | {
        col_label(c) for c in b["sheets"][0]["stars"]
    } == {3, 4}
    assert refused(state, 0, {"kind": "plot", "dice": [0, 1], "cell": "F3"}).startswith("Those dice")
    assert "printed 6" in refused(state, 1, {"kind": "research", "die": 2, "track": "lens", "space": 4})


def test_plot_cells_follow_both_orders_and_wild() -> None:
    state = rolled(started(2), [3, 4, 1])
    view = GAME.view(state, 0)["choice"]
    by_pair = {tuple(p["dice"]): set(p["cells"]) for p in view["plots"]}
    expected = {cell_name(c) for c in range(144) if {row_label(c), col_label(c)} == {3, 4}}
    assert by_pair[(0, 1)] == expected and len(expected) == 8
    assert len(by_pair[(0, 2)]) == 44  # a row or a column labelled 3 (wild partner)


def test_research_die_cannot_also_plot_and_needs_matching_space() -> None:
    state = rolled(started(2), [3, 4, 6])
    state = act(state, 0, {"kind": "research", "die": 2, "track": "drive", "space": 6})
    assert "already used" in refused(state, 0, {"kind": "plot", "dice": [1, 2], "cell": "D6"})
    fresh = rolled(started(2), [3, 4, 6])
    assert "printed 6" in refused(fresh, 0, {"kind": "research", "die": 2, "track": "drive", "space": 5})


def test_done_requires_using_the_dice_then_closes_the_step_once() -> None:
    state = rolled(started(2), [3, 4, 6])
    decision = GAME.decision_id(state)
    assert "Plot a star" in refused(state, 0, {"kind": "done"})
    s = act(state, 0, {"kind": "plot", "dice": [0, 1], "cell": "C4"})
    assert GAME.decision_id(s) == decision  # sub-actions keep the decision id
    s = act(s, 0, {"kind": "research", "die": 2, "track": "finder", "space": 6})
    s = act(s, 0, {"kind": "done"})
    assert GAME.to_act(s) == [1] and GAME.decision_id(s) == decision
    s = act(s, 1, {"kind": "plot", "dice": [0, 1], "cell": "D3"})
    s = act(s, 1, {"kind": "research", "die": 2, "track": "finder", "space": 6})
    s = act(s, 1, {"kind": "done"})
    assert s["phase"] == "roll" and GAME.decision_id(s) == decision + 1
    assert s["active"] != state["active"]


def test_undo_takes_back_the_last_sub_action() -> None:
    state = rolled(started(2), [3, 4, 6])
    s = act(state, 0, {"kind": "plot", "dice": [0, 1], "cell": "C4"})
    s = act(s, 0, {"kind": "undo"})
    assert s["sheets"][0]["stars"] == [] and s["sheets"][0]["turn"]["plot"] is None
    assert "nothing to take back" in refused(s, 0, {"kind": "undo"})


def test_lens_changes_one_die_for_me_only_and_2_to_1_is_wild() -> None:
    state = rolled(started(2), [2, 4, 6])
    fill(state, 0, "lens", [2, 3, 4, 5, 6])
    assert "Lens works once" in refused(state, 1, {"kind": "lens", "die": 0, "delta": -1})
    s = act(state, 0, {"kind": "lens", "die": 0, "delta": -1})
    dice = GAME.view(s, 0)["choice"]["dice"]
    assert dice[0]["value"] == 1 and dice[0]["wild"] and dice[0]["lens"] == -1
    assert GAME.view(s, 1)["choice"]["dice"][0]["wild"] is False  # the other player's die is unchanged
    # the wild die now reaches any cell in a row or column labelled 4
    s2 = act(s, 0, {"kind": "plot", "dice": [0, 1], "cell": "A4"})
    assert s2["sheets"][0]["stars"]
    assert "already used the Lens" in refused(s, 0, {"kind": "lens", "die": 1, "delta": 1})


def test_lens_reaching_the_drive_number_makes_a_wild_die() -> None:
    state = rolled(started(2), [3, 5, 6])
    fill(state, 0, "lens", [2, 3, 4, 5, 6])
    fill(state, 0, "drive", [2, 3, 4, 5, 6])
    state["sheets"][0]["drive_value"] = 4
    s = act(state, 0, {"kind": "lens", "die": 0, "delta": 1})
    die = GAME.view(s, 0)["choice"]["dice"][0]
    assert die["value"] == 4 and die["wild"]
    s = act(s, 0, {"kind": "research", "die": 0, "track": "finder", "space": 2})  # wild: any space
    assert s["sheets"][0]["research"]["finder"] == [2]


def test_drive_number_is_wild_when_rolled_and_set_after_completion() -> None:
    state = rolled(started(2), [4, 5, 6])
    fill(state, 0, "drive", [2, 3, 4, 5])
    s = act(state, 0, {"kind": "research", "die": 2, "track": "drive", "space": 6})
    assert GAME.view(s, 0)["choice"]["drive_values"] == [2, 3, 4, 5, 6]
    assert "Drive number is 2 to 6" in refused(s, 0, {"kind": "set_drive", "value": 1})
    s = act(s, 0, {"kind": "set_drive", "value": 4})
    assert GAME.view(s, 0)["choice"]["dice"][0]["wild"]
    assert "already written" in refused(s, 0, {"kind": "set_drive", "value": 5})


def test_wild_die_refuses_lens() -> None:
    state = rolled(started(2), [1, 5, 6])
    fill(state, 0, "lens", [2, 3, 4, 5, 6])
    assert all(o["die"] != 0 for o in GAME.view(state, 0)["choice"]["lens"])


def test_research_bonus_unlocks_at_three_and_can_fill_the_same_track() -> None:
    state = rolled(started(2), [3, 4, 6])
    fill(state, 0, "finder", [2, 3])
    s = act(state, 0, {"kind": "research", "die": 2, "track": "finder", "space": 6})
    sheet = s["sheets"][0]
    assert sheet["bonuses"]["finder"] == "open"
    grant = next(g for g in sheet["grants"] if g["source"] == "track")
    s = act(s, 0, {"kind": "free_research", "grant": grant["id"], "track": "finder", "space": 4})
    assert s["sheets"][0]["bonuses"]["finder"] == "used"
    assert s["sheets"][0]["research"]["finder"] == [2, 3, 4, 6]
    # a kept bonus is optional: done is allowed while it stays open
    fill(state, 1, "lens", [2, 3])
    t = act(state, 1, {"kind": "research", "die": 1, "track": "lens", "space": 4})
    t = act(t, 1, {"kind": "plot", "dice": [0, 2], "cell": "F3"})
    t = act(t, 1, {"kind": "done"})
    assert t["sheets"][1]["bonuses"]["lens"] == "open"


def test_finder_gives_four_free_stars() -> None:
    state = rolled(started(2), [3, 4, 6])
    fill(state, 0, "finder", [2, 3, 4, 5])
    s = act(state, 0, {"kind": "research", "die": 2, "track": "finder", "space": 6})
    finder = [g for g in s["sheets"][0]["grants"] if g["source"] == "finder"]
    assert len(finder) == 4
    entry = next(g for g in GAME.view(s, 0)["choice"]["grants"] if g["source"] == "finder")
    assert entry["count"] == 4 and len(entry["cells"]) == 144 - 0
    s = act(s, 0, {"kind": "free_star", "grant": entry["id"], "cell": "L12"})
    assert GAME.view(s, 0)["sheet"]["finder_left"] == 3


def test_shooting_star_is_only_for_the_active_player() -> None:
    state = rolled(started(2), [3, 4, 6], shooting=5)
    active, other = state["active"], 1 - state["active"]
    assert "Only the player who rolled" in refused(state, other, {"kind": "shooting_star", "cell": "E1"})
    assert "row or column" in refused(state, active, {"kind": "shooting_star", "cell": "A1"})
    s = act(state, active, {"kind": "shooting_star", "cell": "E1"})
    assert "already used the Shooting Star" in refused(s, active, {"kind": "shooting_star", "cell": "E2"})


def test_solo_rolls_the_shooting_star_every_turn_for_12_turns() -> None:
    state = started(1)
    view = GAME.view(state, None)
    assert view["nights"] == 12 and view["total_turns"] == 12 and view["bonus_nights"] == [4, 7, 10]
    s = rolled(state, [3, 4, 6], shooting=1)
    assert len(GAME.view(s, 0)["choice"]["shooting"]["cells"]) == 144


@pytest.mark.parametrize(
    ("seats", "nights", "bonus"), [(2, 7, [3, 5, 7]), (3, 6, [3, 5]), (4, 5, [3, 5]), (5, 4, [3])]
)
def test_night_board_per_player_count(seats: int, nights: int, bonus: list[int]) -> None:
    view = GAME.view(started(seats), None)
    assert (view["nights"], view["bonus_nights"], view["turns_per_night"]) == (nights, bonus, seats)


def test_completion_bonus_must_be_used_and_filter_doubles_it() -> None:
    state = rolled(started(2, seed=5), [3, 4, 6])
    sheet = state["sheets"][0]
    target = next(
        c for c in load_cards().values() if c.bonus and c.bonus["kind"] == "free_star" and len(c.stars) == 2
    )
    sheet["goals"][0] = target.id
    names = [cell_name((r + 6) * 12 + c + 6) for r, c in target.stars]
    give_stars(state, 0, *names)
    fill(state, 0, "filter", [2, 3, 4, 5, 6])
    placement = GAME.view(state, 0)["choice"]["placements"][target.id][0]
    s = act(state, 0, {"kind": "complete", "card": target.id, "placement": placement["id"]})
    grants = s["sheets"][0]["grants"]
    assert [g["source"] for g in grants].count("completion") == 2
    s = act(s, 0, {"kind": "plot", "dice": [0, 1], "cell": "C4"})
    s = act(s, 0, {"kind": "research", "die": 2, "track": "funding", "space": 6})
    assert "bonus of the constellation" in refused(s, 0, {"kind": "done"})
    required = next(g for g in s["sheets"][0]["grants"] if g["required"])
    s = act(s, 0, {"kind": "free_star", "grant": required["id"], "cell": "A1"})
    s = act(s, 0, {"kind": "done"})  # the Filter copy is optional
    assert s["sheets"][0]["completed"] == [target.id]


def test_refill_in_turn_order_from_sky_or_deck() -> None:
    state = rolled(started(2, seed=5), [3, 4, 6])
    target = next(c for c in load_cards().values() if len(c.stars) == 2 and not c.bonus)
    for seat in (0, 1):
        state["sheets"][seat]["goals"][0] = target.id
        give_stars(state, seat, *[cell_name((r + 6) * 12 + c + 6) for r, c in target.stars])
    for seat in (0, 1):
        pid = GAME.view(state, seat)["choice"]["placements"][target.id][0]["id"]
        state = act(state, seat, {"kind": "complete", "card": target.id, "placement": pid})
        state = act(state, seat, {"kind": "plot", "dice": [0, 1], "cell": "C4"})
        state = act(state, seat, {"kind": "research", "die": 2, "track": "funding", "space": 6})
        decision = GAME.decision_id(state)
        state = act(state, seat, {"kind": "done"})
    assert state["phase"] == "refill"
    assert GAME.to_act(state) == [state["active"]] and GAME.decision_id(state) == decision + 1
    first = state["active"]
    sky_card = state["sky"]["small"][0]
    deck_top = state["decks"]["small"][0]
    s = act(state, first, {"kind": "take", "source": "sky", "card": sky_card})
    assert sky_card in s["sheets"][first]["goals"] and deck_top in s["sky"]["small"]
    assert GAME.to_act(s) == [1 - first]
    s = act(s, 1 - first, {"kind": "take", "source": "deck", "deck": "large"})
    assert s["phase"] == "roll" and len(s["sheets"][1 - first]["goals"]) == 4


def test_empty_deck_stays_empty() -> None:
    state = started(2)
    state["decks"]["large"] = []
    state["phase"] = "refill"
    state["refill"] = {"queue": [0]}
    state["sheets"][0]["goals"].pop()
    assert "deck is empty" in refused(state, 0, {"kind": "take", "source": "deck", "deck": "large"})
    assert all(a.get("deck") != "large" for a in GAME.legal_actions(state, 0))


def test_keep_four_of_six_is_secret_until_everyone_chose() -> None:
    state = GAME.setup(3, {}, 9)
    assert state["phase"] == "keep" and GAME.to_act(state) == [0, 1, 2]
    hand = state["hands"][0]
    assert len(hand) == 6 and len(GAME.legal_actions(state, 0)) == 15
    s = act(state, 0, {"kind": "keep", "cards": hand[:4]})
    public = GAME.view(s, None)
    text = str(public)
    assert all(cid not in text for cid in hand)
    assert "Keep exactly four" in refused(s, 1, {"kind": "keep", "cards": hand[:4]})
    for seat in (1, 2):
        s = act(s, seat, {"kind": "keep", "cards": s["hands"][seat][1:5]})
    assert s["phase"] == "roll"
    assert GAME.view(s, None)["sheets"][0]["goals"] == hand[:4]
    assert hand[4] in s["decks"][("large" if hand[4].startswith("LG") else "small")][-4:]
    assert len(s["sky"]["large"]) == 3 and len(s["sky"]["small"]) == 3


def test_first_game_deals_one_large_three_small_and_skips_keep() -> None:
    state = started(3, first_game=1)
    for sheet in state["sheets"]:
        assert [g[:2] for g in sheet["goals"]] == ["LG", "SM", "SM", "SM"]


def test_night_bonus_step_opens_night_3() -> None:
    state = started(2)
    state["night"], state["turn"] = 2, 2
    # finish the current step quickly by scripting a turn end
    events: list[str] = []
    flow._advance(state, events)
    assert state["phase"] == "night_bonus" and state["night"] == 3
    assert GAME.to_act(state) == [0, 1]
    grant = GAME.view(state, 0)["choice"]["grants"][0]
    assert grant["source"] == "night" and grant["kind"] == "either"
    s = act(state, 0, {"kind": "free_star", "grant": grant["id"], "cell": "B2"})
    s = act(s, 0, {"kind": "done"})
    s = act(s, 1, {"kind": "done"})  # the night bonus is optional
    assert s["phase"] == "roll" and s["sheets"][1]["grants"] == []


def test_drafts_stay_private_until_the_step_resolves() -> None:
    state = rolled(started(2), [3, 4, 6])
    s = act(state, 0, {"kind": "plot", "dice": [0, 1], "cell": "C4"})
    assert GAME.view(s, 0)["sheet"]["stars"] == ["C4"]
    assert GAME.view(s, None)["sheets"][0]["stars"] == []
    assert GAME.view(s, 1)["sheets"][0]["stars"] == []
    s = act(s, 0, {"kind": "research", "die": 2, "track": "funding", "space": 6})
    s = act(s, 0, {"kind": "done"})
    assert GAME.view(s, None)["done"] == [0]
    s = act(s, 1, {"kind": "plot", "dice": [0, 1], "cell": "D3"})
    s = act(s, 1, {"kind": "research", "die": 2, "track": "funding", "space": 6})
    applied = GAME.apply(s, 1, {"kind": "done"})
    public = GAME.view(applied.state, None)
    assert public["sheets"][0]["stars"] == ["C4"] and public["sheets"][1]["stars"] == ["D3"]
    assert any("{0} plotted C4" in e for e in applied.events)


def test_seat_view_lists_only_legal_options() -> None:
    state = rolled(started(2), [3, 4, 6])
    choice = GAME.view(state, 0)["choice"]
    legal = GAME.legal_actions(state, 0)
    plots = {(tuple(a["dice"]), a["cell"]) for a in legal if a["kind"] == "plot"}
    listed = {(tuple(p["dice"]), c) for p in choice["plots"] for c in p["cells"]}
    assert plots == listed
    for die, cell in list(listed)[:5]:
        act(state, 0, {"kind": "plot", "dice": list(die), "cell": cell})
    assert choice["can_done"] is False and choice["blockers"]
