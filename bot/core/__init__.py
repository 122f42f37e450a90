"""The platform without Discord: time, settings, quiet hours, facts about a table, the move core.

Nothing here imports ``discord``: the multi-process worker, the benches and the tests drive games
through this layer alone (``tests/test_imports.py`` keeps it so).
"""
