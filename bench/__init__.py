"""Benchmarks for A Sky of Stars: rendering, the engine, SimCord round trips and storage.

Run ``.venv/bin/python -m bench`` from the repository root. This is a script that prints
figures, not a timed test: timings depend on the machine, so nothing here asserts a limit.
"""
