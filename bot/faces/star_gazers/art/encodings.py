"""How each Star Gazers picture is encoded, chosen by measurement (issue 31, third pass).

Every kind went out as a 64-colour lossless WebP at method 1 (``WAS``): the smallest files, but
30-90 ms of encoding where drawing takes 2-11 ms. A palette PNG at zlib level 6 over the same 64
colours decodes to the very same pixels in 6-17 ms, for 60-110 % more bytes (``docs/benchmarks.md``,
"Issue 31, third pass: Star Gazers"). The pictures sent once or a few times a game (the Journal
choice, the opening board, a Mural sheet, the results) take it: their bytes barely move a
player's game. The panel (about 55 a player a game) and the thread's turn board (48 a 3-player
game, every player downloads each) are most of a player's 3 MB
(``python -m bench --only image-bytes --title star-gazers``), so they are chosen together: the
panel, where most of the time goes, as a 32-colour PNG (4-4.5x faster, a quarter more bytes than
its WebP), the turn board as a 32-colour WebP (a third fewer bytes than a PNG: 15 KB), which
leaves a 3-player game within 3 MB a player. At 32 colours a few close shades merge (the sky's
gradient, a hex token's dark fill); labels and token colours stay.
"""

from __future__ import annotations

from render.encode import Encoding, Format

COLOURS = 64  # no visible change from 256 on this flat art (the sky's gradient bands a little)
WAS = Encoding(COLOURS, Format.WEBP, 1)  # every kind before issue 31: method 1, as small as 4 here

KEEP = Encoding(COLOURS, Format.PNG, 6)
BOARD = Encoding(COLOURS, Format.PNG, 6)
SHEET = Encoding(COLOURS, Format.PNG, 6)
RESULTS = Encoding(COLOURS, Format.PNG, 6)  # 76-77 KB for a 3- or 4-player game (budget 100)
TURN_BOARD = Encoding(32, Format.WEBP, 1)  # 15 KB (a 32-colour PNG: 22 KB, 48 boards a game)
PANEL = Encoding(32, Format.PNG, 6)  # 42-47 KB; zlib 5: 10 % more bytes for 3 ms less
