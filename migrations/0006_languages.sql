-- 0006_languages: whose language each text is in (English and Italian, see docs/translating.md).
--
-- games.language: the table's language, a catalog code ('en', 'it'); every public message of
-- the game (lobby, thread, board images) is in it. Chosen with `/play language`, else the
-- server's language; games from before this migration were played in English.
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

-- user_settings.language: a `/settings language` choice; NULL follows the Discord client.
-- user_settings.discord_locale: the locale last seen on the user's interactions (such as
-- 'it' or 'en-US'), for the DMs sent when someone else moved (no interaction of theirs then).
ALTER TABLE user_settings ADD COLUMN language TEXT;
ALTER TABLE user_settings ADD COLUMN discord_locale TEXT;
