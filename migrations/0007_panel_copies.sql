-- 0007_panel_copies: where each player's one live panel is, and the paced games' "Your move"
-- posts, so both are retired or edited after a restart (or by another process) as before it.
--
-- panel_copies: the live copy of a player's panel of a game. A DM copy keeps its DM channel and
-- message, which the bot can edit at any time. An ephemeral copy (opened in the thread) keeps
-- only its message id: Discord edits it through the interaction's token, a credential valid for
-- 15 minutes that is never stored, so after a restart it can no longer be edited.
CREATE TABLE panel_copies (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('dm', 'ephemeral')),
    channel_id INTEGER,                                         -- the DM channel; NULL: ephemeral
    message_id INTEGER NOT NULL,
    language   TEXT    NOT NULL DEFAULT 'en',                   -- the copy's; its retirement line's
    CHECK ((kind = 'dm') = (channel_id IS NOT NULL)),
    PRIMARY KEY (game_id, user_id)
);

-- move_pings: a paced game's "Your move" post in its thread (it carries Open my panel), until
-- the players it pinged no longer owe the decision it was posted for.
CREATE TABLE move_pings (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    message_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    decision   INTEGER NOT NULL,
    user_ids   TEXT    NOT NULL,                                -- JSON list of the pinged players
    PRIMARY KEY (game_id, message_id)
);
