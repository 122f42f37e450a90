"""A star list that fits one select (25 options) is one select; only longer ones split by half."""

from __future__ import annotations

from bot.faces.sky_of_stars.panels import pick_selects


def test_a_short_list_across_both_halves_is_one_select() -> None:
    selects = pick_selects(1, 2, "start", ["E2", "A1", "H6"])
    assert len(selects) == 1
    assert [o.value for o in selects[0].item.options] == ["A1", "E2", "H6"]
    assert selects[0].item.custom_id == "sky:pick:1:2:start:w"
    assert "columns" not in selects[0].item.placeholder


def test_a_long_list_is_split_by_vault_half() -> None:
    stars = [f"{c}{r}" for c in "ABCDEFGH" for r in range(1, 5)]  # 32 stars
    selects = pick_selects(1, 2, "start", stars)
    assert [len(s.item.options) for s in selects] == [16, 16]
