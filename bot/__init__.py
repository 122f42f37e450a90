"""Astrolabe: a Discord bot for four star-themed tabletop games."""
