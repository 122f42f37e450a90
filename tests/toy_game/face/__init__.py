"""High Card's Discord face: text cards and one button per card in hand (custom_id prefix ``toy:``)."""

from __future__ import annotations

from tests.toy_game.face.presenter import HighCardPresenter

PRESENTER = HighCardPresenter()
