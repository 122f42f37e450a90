"""Tests for bot/storage/ (both backends)."""
