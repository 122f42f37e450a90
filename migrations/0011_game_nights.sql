-- 0011_game_nights: a planned evening (`/gamenight`): a Discord scheduled event, a native poll
-- for the game, and the lobby the bot opens at the start.
--
-- games: the candidate games' slugs as a JSON list, in the host's order (a tie the host leaves
-- unanswered goes to the first of the tied games in this order). status: 'planned' until the
-- start, 'tie' while the host picks among tied games, then 'opened' (game_id: the lobby) or
-- 'cancelled'. due_at: when the bot acts next (the start, or the end of the host's pick), NULL
-- once nothing is left to do. claimed_until: a lease, so one process opens the lobby.
CREATE TABLE game_nights (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    host_id         INTEGER NOT NULL,
    host_name       TEXT    NOT NULL,
    games           TEXT    NOT NULL,
    language        TEXT    NOT NULL DEFAULT 'en',
    starts_at       REAL    NOT NULL,
    due_at          REAL,
    status          TEXT    NOT NULL CHECK (status IN ('planned', 'tie', 'opened', 'cancelled')),
    event_id        INTEGER NOT NULL,
    poll_message_id INTEGER NOT NULL,
    tie_message_id  INTEGER,
    game_id         INTEGER REFERENCES games (id) ON DELETE SET NULL,
    claimed_until   REAL,
    created_at      REAL    NOT NULL
);

CREATE INDEX game_nights_channel_status ON game_nights (channel_id, status);
CREATE INDEX game_nights_due_at ON game_nights (due_at);
