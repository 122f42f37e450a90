"""A server's house words in storage (0010): kept per server in the order added, added all at once
or not at all, replaced, and removed one card at a time."""

from __future__ import annotations

import pytest

from bot.storage import Storage

SKY = [("sun", "moon", "comet", "owl", "kite"), ("frying pan", "anchor", "tulip", "crab", "bell")]


async def test_cards_are_kept_per_server_in_the_order_they_were_added(storage: Storage) -> None:
    assert await storage.house_words(1) == []
    deck = await storage.add_house_words(1, SKY, added_by=7)
    assert [card.words for card in deck] == SKY
    assert {card.added_by for card in deck} == {7}
    await storage.add_house_words(2, [("a", "b", "c", "d", "e")], added_by=8)
    more = await storage.add_house_words(1, [("l'été", "ça", "über", "x", "y")], added_by=9)
    assert [card.words for card in more] == [*SKY, ("l'été", "ça", "über", "x", "y")]
    assert [card.words for card in await storage.house_words(2)] == [("a", "b", "c", "d", "e")]


async def test_replace_swaps_the_whole_deck_and_remove_takes_one_card(storage: Storage) -> None:
    first = await storage.add_house_words(1, SKY, added_by=7)
    await storage.add_house_words(2, SKY, added_by=7)
    replaced = await storage.add_house_words(1, [("a", "b", "c", "d", "e")], added_by=7, replace=True)
    assert [card.words for card in replaced] == [("a", "b", "c", "d", "e")]
    assert not await storage.remove_house_card(1, first[0].id)  # already gone
    other = await storage.house_words(2)
    assert not await storage.remove_house_card(1, other[0].id)  # another server's card
    assert await storage.remove_house_card(2, other[0].id)
    assert [card.words for card in await storage.house_words(2)] == SKY[1:]
    assert len(await storage.house_words(1)) == 1


async def test_a_failed_add_keeps_none_of_its_cards(storage: Storage) -> None:
    await storage.add_house_words(1, SKY[:1], added_by=7)
    broken = [SKY[1], None]  # fails after the old deck is deleted: the deletion must not stay
    with pytest.raises(TypeError):
        await storage.add_house_words(1, broken, added_by=7, replace=True)  # type: ignore[list-item]
    assert [card.words for card in await storage.house_words(1)] == SKY[:1]
