"""How each Star Gazers picture is encoded, chosen by measurement (issue 31, third pass).

Every kind went out as a 64-colour lossless WebP at method 1 (``WAS``): the smallest files, but
30-90 ms of encoding where drawing takes 2-11 ms. A palette PNG at zlib level 6 over the same 64
colours decodes to the very same pixels in 6-17 ms, for 60-110 % more bytes (``docs/benchmarks.md``,
"Issue 31, third pass: Star Gazers"). The pictures sent once or a few times a game (the Journal
choice, the opening board, a Mural sheet, the results) take it: their bytes barely move a
player's game. The panel and the thread's turn board, sent every turn, are most of a player's
3 MB (``python -m bench --only image-bytes --title star-gazers``): the turn board takes a
32-colour PNG (as small as its WebP, a few shades merged); the panel keeps its WebP, as a PNG at
any colour count or zlib level that stays legible is 20 % or more larger and took a 3-player game
to 3.18 MB a player.
"""

from __future__ import annotations

from render.encode import Encoding, Format

COLOURS = 64  # no visible change from 256 on this flat art (the sky's gradient bands a little)
WAS = Encoding(COLOURS, Format.WEBP, 1)  # every kind before issue 31: method 1, as small as 4 here

KEEP = Encoding(COLOURS, Format.PNG, 6)
BOARD = Encoding(COLOURS, Format.PNG, 6)
SHEET = Encoding(COLOURS, Format.PNG, 6)
RESULTS = Encoding(COLOURS, Format.PNG, 6)  # 76 KB for a 3-player game's results (budget 100)
TURN_BOARD = Encoding(32, Format.PNG, 5)  # 19 KB a board in a game (WebP 16), 48 boards a game
PANEL = WAS  # a 32-colour PNG: 4-4.6x faster, but 25 % more bytes on 57 panels a player
