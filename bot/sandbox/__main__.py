"""`python -m bot.sandbox`, the same as `python -m bot sandbox`."""

from __future__ import annotations

import sys

from bot.sandbox import main

sys.exit(main(sys.argv[1:]))
