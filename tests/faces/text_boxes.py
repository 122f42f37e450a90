"""Measuring drawn text in a language: every text inside the image and within its allowed width,
and none shortened with an ellipsis except players' own names (which can be any length)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bot.i18n import Language, speaking
from render.common import DrawnText, clean, recording_texts


def drawn_texts(render: Callable[[], bytes], language: Language) -> list[DrawnText]:
    """Render in ``language`` and return every text drawn, as measured on the image."""
    with speaking(language), recording_texts() as seen:
        render()
    return seen


def misfits(texts: Iterable[DrawnText], names: Iterable[str] = ()) -> list[str]:
    """What does not fit, in words a failing test can print."""
    allowed_cuts = {clean(name) for name in names}
    problems = []
    for drawn in texts:
        if not drawn.inside_image:
            problems.append(f"{drawn.shown!r} leaves the image: {drawn.bbox} in {drawn.image_size}")
        if not drawn.within_width:
            problems.append(f"{drawn.shown!r} is wider than its {drawn.max_width} px")
        if drawn.cut and clean(drawn.asked) not in allowed_cuts:
            problems.append(f"{drawn.asked!r} was cut to {drawn.shown!r}")
    return problems


def assert_texts_fit(render: Callable[[], bytes], language: Language, names: Iterable[str] = ()) -> int:
    """Fail with every misfit; returns how many texts were measured (a test should check it is > 0)."""
    texts = drawn_texts(render, language)
    problems = misfits(texts, names)
    assert not problems, "\n".join(problems)
    return len(texts)
