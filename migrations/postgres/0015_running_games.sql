-- 0015_running_games (PostgreSQL): a restart counts the running games and looks for the few it
-- must settle in a small index instead of the games table. Mirrors migrations/0015_running_games.sql.
CREATE INDEX games_running ON games (pace, deadline_at) WHERE status = 'active' AND set_aside IS NULL;
