-- 0015_running_games: a restart counts the running games and looks for the few it must settle
-- in a small index, instead of reading the games table itself (each row carries its game's
-- whole state: counting 100,000 running games read every page of it). The index holds what the
-- start-up query tests (pace, countdown); the partial WHERE is the running games' condition.
CREATE INDEX games_running ON games (pace, deadline_at) WHERE status = 'active' AND set_aside IS NULL;
