-- 0007_panel_copies (PostgreSQL): where each player's live panel is, and the paced games'
-- "Your move" posts. Mirrors migrations/0007_panel_copies.sql (an ephemeral copy's token is
-- never stored).
CREATE TABLE panel_copies (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    BIGINT  NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('dm', 'ephemeral')),
    channel_id BIGINT,
    message_id BIGINT  NOT NULL,
    language   TEXT    NOT NULL DEFAULT 'en',
    CHECK ((kind = 'dm') = (channel_id IS NOT NULL)),
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE move_pings (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    message_id BIGINT  NOT NULL,
    channel_id BIGINT  NOT NULL,
    decision   BIGINT  NOT NULL,
    user_ids   TEXT    NOT NULL,
    PRIMARY KEY (game_id, message_id)
);
