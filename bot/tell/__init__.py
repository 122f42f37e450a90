"""Telling players: the Discord side of a move, panels, the thread's card, deadlines and timers."""
