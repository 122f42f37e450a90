-- 0009_ratings: fair ratings, a multiplayer skill rating per server, game and season
-- (bot/storage/ratings.py; how it is computed: docs/ratings.md).
--
-- Every row here can be rebuilt from `results` and `seats` (Storage.rebuild_ratings): the
-- ratings are a cache of a pure function of the stored results, kept in the same transaction
-- as the results that change them.

-- handed_over: the bot played this human's seat at some point (a handover after missed
-- deadlines, a kick or a leave). Unlike `autopilot` it stays 1 after the seat is reclaimed, so
-- a finished game still knows it was not played by its people alone, and is not rated.
ALTER TABLE seats ADD COLUMN handed_over INTEGER NOT NULL DEFAULT 0 CHECK (handed_over IN (0, 1));
UPDATE seats SET handed_over = 1 WHERE autopilot = 1 OR left_game = 1;

-- A season of one game on one server: the rated games that finished from `started_at` until
-- the next season's start. Season 1 starts at 0 (the beginning) and is written by the first
-- rated game; a server manager starts the next ones (`/game season`). Old seasons stay readable.
CREATE TABLE rating_seasons (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    season     INTEGER NOT NULL CHECK (season >= 1),
    started_at REAL    NOT NULL,                 -- epoch seconds; games finished from then on
    started_by INTEGER,                          -- the manager who started it; NULL for season 1
    PRIMARY KEY (guild_id, game, season)
);

-- A player's rating in a season: PlackettLuce's mu and sigma (the conservative estimate shown
-- and ranked is mu - 3 sigma), and how many rated games it took. The `solo` track holds the
-- ratings of solo games against the player's own best (`best`: that best score), never mixed
-- with the `people` track of games between people.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    season     INTEGER NOT NULL,
    track      TEXT    NOT NULL CHECK (track IN ('people', 'solo')),
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL CHECK (sigma > 0),
    games      INTEGER NOT NULL CHECK (games >= 1),
    best       INTEGER,                          -- the solo track's personal best; NULL for people
    updated_at REAL    NOT NULL,                 -- finished_at of the last game rated
    PRIMARY KEY (guild_id, game, season, track, user_id),
    FOREIGN KEY (guild_id, game, season) REFERENCES rating_seasons (guild_id, game, season)
);

-- The leaderboard ranks one season's track by the conservative estimate.
CREATE INDEX ratings_board ON ratings (guild_id, game, season, track, games);

-- Every rating change, one row per rated seat: the trend on /stats reads a player's last ones.
CREATE TABLE rating_history (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    guild_id     INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    season       INTEGER NOT NULL,
    track        TEXT    NOT NULL CHECK (track IN ('people', 'solo')),
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    finished_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE INDEX rating_history_player ON rating_history (guild_id, game, season, track, user_id, finished_at);
