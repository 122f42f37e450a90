"""A Sky of Stars art: pure functions from a view to a picture (PIL, ``render`` and the standard
library only, so callers can run them in a thread and tests can call them directly)."""
