"""Tests for bot/storage.py."""
