"""Tournaments' pure logic: pairing (``pairing``), points and standings (``standings``). No
Discord, no database: the commands (``bot.commands.tournament*``) and storage
(``bot.storage.tournaments``) call these with what they stored, so a round is the same from the
same seed in any process."""
