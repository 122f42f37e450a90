-- 0001_initial: games, their seats and the append-only action log.
--
-- Migrations run inside a transaction opened by bot/storage.py, so they must not contain
-- BEGIN / COMMIT / ROLLBACK themselves (DDL is transactional in SQLite: a failure undoes it all).

-- One row per game, from lobby to the end. `state` is a snapshot of the state after `version`
-- actions; the `actions` log is the source of truth and replaying it must give this snapshot.
CREATE TABLE games (
    id                INTEGER PRIMARY KEY,
    game              TEXT    NOT NULL,
    guild_id          INTEGER,
    channel_id        INTEGER NOT NULL,
    thread_id         INTEGER,
    host_id           INTEGER NOT NULL,
    status            TEXT    NOT NULL
                      CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    options           TEXT    NOT NULL,                          -- JSON object
    seed              INTEGER,
    state             TEXT,                                      -- JSON object
    version           INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    lobby_message_id  INTEGER,
    status_message_id INTEGER,
    deadline_at       REAL,                                      -- epoch seconds, NULL if none
    created_at        REAL    NOT NULL,
    updated_at        REAL    NOT NULL
);

CREATE INDEX games_channel_id ON games (channel_id);
CREATE INDEX games_thread_id ON games (thread_id);
CREATE INDEX games_status ON games (status);

CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL CHECK (seat >= 0),
    user_id INTEGER NOT NULL,
    name    TEXT    NOT NULL,
    dm_open INTEGER NOT NULL DEFAULT 1 CHECK (dm_open IN (0, 1)),
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

-- "Which games am I in?" looks seats up by user.
CREATE INDEX seats_user_id ON seats (user_id);

-- Append-only: seq runs 1..games.version without gaps. NOT NULL on the key columns because
-- SQLite otherwise allows NULLs in a composite primary key.
CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    seat       INTEGER,                                          -- NULL for system actions
    action     TEXT    NOT NULL,                                 -- JSON object
    events     TEXT    NOT NULL,                                 -- JSON list of sentences
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'actions are append-only');
END;

-- Deleting a whole game (DELETE FROM games) still cascades to its log: by the time the
-- cascade reaches `actions` the game row is gone, so the WHEN clause lets it through. Any
-- other DELETE of a row whose game still exists is refused.
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
WHEN EXISTS (SELECT 1 FROM games WHERE id = OLD.game_id)
BEGIN
    SELECT RAISE(ABORT, 'actions are append-only');
END;
