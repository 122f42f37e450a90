-- 0008_text_boards: a `/settings` choice to read boards as text (images anyone can read).
--
-- user_settings.text_boards: 1 when the player wants their panels and `/game status` or
-- `/game sheet` answers to carry the picture's full description as text beside it (a screen
-- reader reads it); 0, the default, gives the description only as the picture's alt text.
ALTER TABLE user_settings ADD COLUMN text_boards INTEGER NOT NULL DEFAULT 0 CHECK (text_boards IN (0, 1));
