-- 0012_tournaments: a server's competition (`/tournament`), paired and run by the bot.
--
-- tournaments: one per competition. options: the title's lobby options as JSON (the step timer
-- and house words included); pace: seconds per move of a game over days (0: live). status:
-- 'signup' until sign-up closes, then 'running' ('paused' while the organiser holds it), then
-- 'finished' or 'cancelled'. round_no: the round open now (0 before the first): a round opens
-- by moving it on from the round before, so only one process can. due_at: when the bot acts
-- next (sign-up's close, or the open round's deadline), NULL while nothing is due; paused_left:
-- the seconds a paused round had left. claimed_until: a lease, so one process acts on it.
CREATE TABLE tournaments (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    organiser_id    INTEGER NOT NULL,
    organiser_name  TEXT    NOT NULL,
    game            TEXT    NOT NULL,
    options         TEXT    NOT NULL,
    seats           INTEGER NOT NULL,
    format          TEXT    NOT NULL CHECK (format IN ('swiss', 'round-robin', 'elimination')),
    rounds          INTEGER NOT NULL DEFAULT 0,
    pace            INTEGER NOT NULL DEFAULT 0,
    round_seconds   REAL    NOT NULL,
    language        TEXT    NOT NULL DEFAULT 'en',
    role_id         INTEGER,
    signup_closes   REAL    NOT NULL,
    seed            INTEGER NOT NULL,
    status          TEXT    NOT NULL
                    CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
    round_no        INTEGER NOT NULL DEFAULT 0,
    due_at          REAL,
    paused_left     REAL,
    claimed_until   REAL,
    card_message_id INTEGER,
    event_id        INTEGER,
    created_at      REAL    NOT NULL
);

CREATE INDEX tournaments_guild_status ON tournaments (guild_id, status);
CREATE INDEX tournaments_due_at ON tournaments (due_at);

-- Who signed up. rating: the player's rating in the title when sign-up closed (the seeding).
-- status: 'in', or why they stopped: 'withdrawn', 'removed' (by the organiser) or 'left' (the
-- server); their past results stay.
CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    rating        REAL    NOT NULL DEFAULT 1500,
    status        TEXT    NOT NULL DEFAULT 'in' CHECK (status IN ('in', 'withdrawn', 'removed', 'left')),
    joined_at     REAL    NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);

-- One row per round, written by the process that opened it (the key keeps it to one).
CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round_no      INTEGER NOT NULL,
    opened_at     REAL    NOT NULL,
    deadline_at   REAL    NOT NULL,
    closed_at     REAL,
    PRIMARY KEY (tournament_id, round_no)
);

-- A round's tables, in order. players: user ids as JSON, in seat order (one: a bye); why: the
-- pairing's reason, for the standings. status: 'waiting' until its game exists, 'playing',
-- 'finished' or 'bye'. places, scores: JSON lists in the order of players once finished; late:
-- the players the bot finished for at the round's deadline.
CREATE TABLE tournament_tables (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round_no      INTEGER NOT NULL,
    position      INTEGER NOT NULL,
    players       TEXT    NOT NULL,
    why           TEXT    NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('waiting', 'playing', 'finished', 'bye')),
    game_id       INTEGER UNIQUE REFERENCES games (id) ON DELETE SET NULL,
    places        TEXT,
    scores        TEXT,
    late          TEXT    NOT NULL DEFAULT '[]',
    claimed_until REAL,
    UNIQUE (tournament_id, round_no, position)
);

-- The role a server lets create tournaments besides Manage Server and Manage Events.
CREATE TABLE tournament_organisers (
    guild_id INTEGER PRIMARY KEY,
    role_id  INTEGER NOT NULL
);
