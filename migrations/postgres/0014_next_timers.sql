-- 0014_next_timers (PostgreSQL): a restart and the timer horizon read only the deadlines due
-- soon. Mirrors migrations/0014_next_timers.sql (games_deadline_at exists here since 0005).
ALTER TABLE deadlines ADD COLUMN next_at DOUBLE PRECISION NOT NULL DEFAULT 0;
UPDATE deadlines
SET next_at = LEAST(
    due_at, (SELECT MIN(value::DOUBLE PRECISION) FROM json_array_elements_text(reminders::JSON) AS value)
)
WHERE opened_at <= EXTRACT(EPOCH FROM now()) - 86400;
CREATE INDEX deadlines_next_at ON deadlines (next_at);
CREATE INDEX seats_bot_played ON seats (game_id) WHERE is_bot = 1 OR autopilot = 1;
