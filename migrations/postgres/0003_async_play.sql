-- 0003_async_play (PostgreSQL): paced games, per-seat deadlines, bot control of seats and ping
-- settings. Mirrors migrations/0003_async_play.sql.

ALTER TABLE games ADD COLUMN pace INTEGER NOT NULL DEFAULT 0 CHECK (pace >= 0);

ALTER TABLE seats ADD COLUMN is_bot INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1));
ALTER TABLE seats ADD COLUMN autopilot INTEGER NOT NULL DEFAULT 0 CHECK (autopilot IN (0, 1));
ALTER TABLE seats ADD COLUMN left_game INTEGER NOT NULL DEFAULT 0 CHECK (left_game IN (0, 1));
ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0 CHECK (timeouts >= 0);

CREATE TABLE deadlines (
    game_id   BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    decision  BIGINT  NOT NULL,
    opened_at DOUBLE PRECISION NOT NULL,
    due_at    DOUBLE PRECISION NOT NULL,
    reminders TEXT    NOT NULL DEFAULT '[]',                     -- JSON list of epoch seconds
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX deadlines_due_at ON deadlines (due_at);

CREATE TABLE user_settings (
    user_id     BIGINT  PRIMARY KEY,
    ping        TEXT    NOT NULL DEFAULT 'both' CHECK (ping IN ('both', 'dm', 'mention', 'none')),
    timezone    TEXT    NOT NULL DEFAULT 'UTC',
    quiet_start INTEGER CHECK (quiet_start BETWEEN 0 AND 23),
    quiet_end   INTEGER CHECK (quiet_end BETWEEN 0 AND 23)
);
