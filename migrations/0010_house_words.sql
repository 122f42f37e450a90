-- 0010_house_words: word cards a server writes for A Sky of Stars (`/words`).
--
-- One row a card: its five words as a JSON list, in the order they were given. The server's
-- deck is its rows in id order (`/words list` numbers them so); a game copies the deck into
-- its options when it starts, so removing a card never changes a game already dealt.
CREATE TABLE house_words (
    id       INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    words    TEXT    NOT NULL,
    added_by INTEGER NOT NULL,
    added_at REAL    NOT NULL
);

CREATE INDEX house_words_guild ON house_words (guild_id, id);
