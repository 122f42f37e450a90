"""Where a seat's panel is shown, in the words faces and the telling layer share.

The telling layer keeps the copies (``bot.tell.panel_copies``); a face only needs to know which
kind of copy a click came from and which message it sits on, so those two facts live here.
"""

from __future__ import annotations

import enum


class CopyKind(enum.Enum):
    DM = "dm"
    EPHEMERAL = "ephemeral"
