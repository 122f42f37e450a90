-- 0013_seat_holders: since when a seat's player holds it.
--
-- seats.held_from: the game's version (its count of logged actions, so the replay step) when the
-- seat's current player got it; 0 for a player seated from the start. `/game replace` sets it.
-- A running game's replay shows a seat's private view to its player only from that step on: the
-- earlier steps were another person's hand.
ALTER TABLE seats ADD COLUMN held_from INTEGER NOT NULL DEFAULT 0 CHECK (held_from >= 0);
