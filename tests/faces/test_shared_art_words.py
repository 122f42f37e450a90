"""The words the shared art draws (render/headers.py, render/common.py) in Italian, measured in their box."""

from __future__ import annotations

from PIL import Image

from bot.i18n import Language, speaking
from render import theme
from render.common import name_of, to_png
from render.headers import PHASES, SEP, header, phase_words
from tests.faces.text_boxes import drawn_texts, misfits

ITALIAN = Language.ITALIAN


def test_phase_words_and_the_player_fallback_follow_the_language() -> None:
    with speaking(ITALIAN):
        assert phase_words("over") == "Partita finita"
        assert phase_words("final") == "Ultime linee dopo lo STOP"
        assert phase_words("later") == "Later"  # an unknown phase is shown as it is
        assert name_of(["Ada", "   "], 1) == "Giocatore 2"
    assert phase_words("over") == "Game over" and name_of([], 0) == "Player 1"
    with speaking(ITALIAN):
        italian = {phase_words(phase) for phase in PHASES}
    assert not italian & set(PHASES.values()), "an Italian phase is still in English"


def band(phase: str) -> bytes:
    """The header band as A Sky of Stars draws it (its Italian title): round, game and phase, the die."""
    image = Image.new("RGB", (theme.WIDTH, 200))
    header(
        image,
        [("Round 3", theme.INK), (" of 4", theme.MUTED)],
        [("Un cielo di stelle" + SEP, theme.MUTED), (phase_words(phase), theme.ACCENT)],
        roll={"face": "5", "count": 12},
    )
    return to_png(image)


def test_every_italian_phase_fits_the_header_band_beside_the_die() -> None:
    for phase in PHASES:
        texts = drawn_texts(lambda phase=phase: band(phase), ITALIAN)
        shown = [t.shown for t in texts]
        assert "Tiro 12" in shown, shown
        with speaking(ITALIAN):
            assert phase_words(phase) in shown, shown
        assert not misfits(texts), misfits(texts)
