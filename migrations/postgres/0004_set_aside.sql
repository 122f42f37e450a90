-- 0004_set_aside (PostgreSQL): why a game that can't be loaded was set aside; NULL if it loads.
-- Mirrors migrations/0004_set_aside.sql.
ALTER TABLE games ADD COLUMN set_aside TEXT;
