-- 0002_results (PostgreSQL): the final result of every finished game, one row per seat.
-- Mirrors migrations/0002_results.sql.

CREATE TABLE results (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    user_id     BIGINT  NOT NULL,
    name        TEXT    NOT NULL,
    score       INTEGER NOT NULL,
    place       INTEGER NOT NULL CHECK (place >= 1),
    won         INTEGER NOT NULL CHECK (won IN (0, 1)),
    with_bots   INTEGER NOT NULL DEFAULT 0 CHECK (with_bots IN (0, 1)),
    finished_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX games_guild_game ON games (guild_id, game, status);
CREATE INDEX results_user_id ON results (user_id, game_id);
