-- 0013_seat_holders (PostgreSQL): since when a seat's player holds it.
-- Mirrors migrations/0013_seat_holders.sql.
ALTER TABLE seats ADD COLUMN held_from INTEGER NOT NULL DEFAULT 0 CHECK (held_from >= 0);
