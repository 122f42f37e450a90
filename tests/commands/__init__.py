"""Behaviour tests of the slash commands (bot/commands), through SimCord."""
