-- 0008_text_boards (PostgreSQL): a player's `/settings` choice to read boards as text.
-- Mirrors migrations/0008_text_boards.sql.
ALTER TABLE user_settings ADD COLUMN text_boards INTEGER NOT NULL DEFAULT 0 CHECK (text_boards IN (0, 1));
