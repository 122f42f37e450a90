-- 0009_ratings (PostgreSQL): fair ratings per server, game and season, and the seats the bot
-- played at some point. Mirrors migrations/0009_ratings.sql.
ALTER TABLE seats ADD COLUMN handed_over INTEGER NOT NULL DEFAULT 0 CHECK (handed_over IN (0, 1));
UPDATE seats SET handed_over = 1 WHERE autopilot = 1 OR left_game = 1;

CREATE TABLE rating_seasons (
    guild_id   BIGINT  NOT NULL,
    game       TEXT    NOT NULL,
    season     INTEGER NOT NULL CHECK (season >= 1),
    started_at DOUBLE PRECISION NOT NULL,
    started_by BIGINT,
    PRIMARY KEY (guild_id, game, season)
);

CREATE TABLE ratings (
    guild_id   BIGINT  NOT NULL,
    game       TEXT    NOT NULL,
    season     INTEGER NOT NULL,
    track      TEXT    NOT NULL CHECK (track IN ('people', 'solo')),
    user_id    BIGINT  NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    games      INTEGER NOT NULL CHECK (games >= 1),
    best       INTEGER,
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, game, season, track, user_id),
    FOREIGN KEY (guild_id, game, season) REFERENCES rating_seasons (guild_id, game, season)
);

CREATE INDEX ratings_board ON ratings (guild_id, game, season, track, games);

CREATE TABLE rating_history (
    game_id      BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id      BIGINT  NOT NULL,
    guild_id     BIGINT  NOT NULL,
    game         TEXT    NOT NULL,
    season       INTEGER NOT NULL,
    track        TEXT    NOT NULL CHECK (track IN ('people', 'solo')),
    mu_before    DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu           DOUBLE PRECISION NOT NULL,
    sigma        DOUBLE PRECISION NOT NULL,
    finished_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE INDEX rating_history_player ON rating_history (guild_id, game, season, track, user_id, finished_at);
