"""What every game's art shares: the theme and fonts, text and shape helpers, headers and the
PNG encoder. Each game's own drawing lives in ``bot/faces/<game>/art/``.

Nothing here touches Discord, storage or the event loop, so callers can run it in a thread
and tests can call it directly.
"""
