"""The load bench's parts: SimCord in real time (``live``), live tables (``tables``), paced games
(``paced``), what is measured (``measure``) and one bot process (``worker``)."""
