"""The one place counts are put into words ("1 point", "2 points").

Rules' event texts and the Discord faces both say counts, so this lives beside the rules and is
pure. Kept to one function so it can later be swapped for a gettext/Babel plural lookup.
"""

from __future__ import annotations


def counted(count: int | float, singular: str, plural: str | None = None) -> str:
    """``count`` with the noun in the right number: ``counted(1, "point")`` is "1 point"."""
    noun = singular if abs(count) == 1 else (plural or f"{singular}s")
    shown = int(count) if isinstance(count, float) and count.is_integer() else count
    return f"{shown} {noun}"
