-- 0003_async_play: paced games, per-seat deadlines, bot control of seats and ping settings.

-- Seconds each decision may take; 0 is a live game with no deadlines.
ALTER TABLE games ADD COLUMN pace INTEGER NOT NULL DEFAULT 0 CHECK (pace >= 0);

-- is_bot: a bot seat added in the lobby (its user_id is negative, so it never matches a person).
-- autopilot: the bot plays this human's seat (after timeouts, a kick or a leave) until reclaimed.
-- left_game: the player left for good; the seat cannot be reclaimed.
-- timeouts: deadlines missed in a row; reset by any move the player makes.
ALTER TABLE seats ADD COLUMN is_bot INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1));
ALTER TABLE seats ADD COLUMN autopilot INTEGER NOT NULL DEFAULT 0 CHECK (autopilot IN (0, 1));
ALTER TABLE seats ADD COLUMN left_game INTEGER NOT NULL DEFAULT 0 CHECK (left_game IN (0, 1));
ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0 CHECK (timeouts >= 0);

-- One pending deadline per seat that owes a decision in a paced game. `decision` ties it to
-- the step it was opened for: a row whose step has passed is stale and never fires.
CREATE TABLE deadlines (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    decision  INTEGER NOT NULL,
    opened_at REAL    NOT NULL,
    due_at    REAL    NOT NULL,
    reminders TEXT    NOT NULL DEFAULT '[]',                     -- JSON list of epoch seconds
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX deadlines_due_at ON deadlines (due_at);

CREATE TABLE user_settings (
    user_id     INTEGER PRIMARY KEY,
    ping        TEXT    NOT NULL DEFAULT 'both' CHECK (ping IN ('both', 'dm', 'mention', 'none')),
    timezone    TEXT    NOT NULL DEFAULT 'UTC',
    quiet_start INTEGER CHECK (quiet_start BETWEEN 0 AND 23),
    quiet_end   INTEGER CHECK (quiet_end BETWEEN 0 AND 23)
);
