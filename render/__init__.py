"""Images for the bot: pure functions from a game view (a plain dict) to PNG bytes.

Nothing here touches Discord, storage or the event loop, so callers can run it in a thread
and tests can call it directly.
"""
