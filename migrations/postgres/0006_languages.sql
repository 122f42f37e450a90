-- 0006_languages (PostgreSQL): the table's language and each player's language settings.
-- Mirrors migrations/0006_languages.sql.
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

ALTER TABLE user_settings ADD COLUMN language TEXT;
ALTER TABLE user_settings ADD COLUMN discord_locale TEXT;
