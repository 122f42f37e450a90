-- 0014_next_timers: a restart and the timer horizon read only the deadlines due soon.
--
-- deadlines.next_at: the earliest moment the row has a job for (its deadline, a reminder still
-- to send, or the wake-up of a panel held back by quiet hours), kept by every write of the row.
-- The scheduler reads the rows with next_at by its horizon through the index, not every row of
-- every paced game. 0 (the default) means "not known": such a row is always read, never missed.
ALTER TABLE deadlines ADD COLUMN next_at REAL NOT NULL DEFAULT 0;
-- Existing rows: the earlier of the deadline and the first reminder. A wake-up (it comes before
-- both) needs the player's quiet hours, which SQL cannot read: a step opened within the last day
-- may still have one pending, so its row keeps 0 until its next write.
UPDATE deadlines
SET next_at = MIN(due_at, COALESCE((SELECT MIN(value) FROM json_each(deadlines.reminders)), due_at))
WHERE opened_at <= unixepoch() - 86400;
CREATE INDEX deadlines_next_at ON deadlines (next_at);
-- A restart settles the games a bot seat plays: few, found through this small index instead of
-- a look at every seat of every running game.
CREATE INDEX seats_bot_played ON seats (game_id) WHERE is_bot = 1 OR autopilot = 1;
-- The countdowns due by the horizon (PostgreSQL has had this index since 0005).
CREATE INDEX games_deadline_at ON games (deadline_at) WHERE status = 'active';
