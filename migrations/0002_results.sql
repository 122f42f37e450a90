-- 0002_results: the final result of every finished game, one row per seat, for /stats and
-- /leaderboard. The game itself (seed, options, seats, action log) stays in `games`/`actions`;
-- the guild and the game slug are read from `games` rather than copied here.
--
-- Rows are written once, when the game finishes (Storage.record_results), and never updated.

CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,                    -- the seat's name when the game ended
    score       INTEGER NOT NULL,
    place       INTEGER NOT NULL CHECK (place >= 1), -- 1 for every winner; shared places allowed
    won         INTEGER NOT NULL CHECK (won IN (0, 1)),
    -- 1 when any seat of the game was a bot seat (seats.is_bot, added by 0003); the same on
    -- every row of a game. Defaults to 0, so results written before bot seats stay valid.
    with_bots   INTEGER NOT NULL DEFAULT 0 CHECK (with_bots IN (0, 1)),
    finished_at REAL    NOT NULL,                    -- epoch seconds of the final action
    PRIMARY KEY (game_id, seat)
);

-- Stats and leaderboards filter games by server and game, then join their results.
CREATE INDEX games_guild_game ON games (guild_id, game, status);
-- One player's stats (and their latest name) look results up by user.
CREATE INDEX results_user_id ON results (user_id, game_id);
