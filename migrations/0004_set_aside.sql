-- 0004_set_aside: a game whose stored state can't be loaded is set aside instead of stopping
-- every other game. `set_aside` is why (for the operator and the game's thread); NULL is a game
-- that loads. A set-aside game keeps its status, state and log untouched, so it can be repaired
-- by hand (fix the state, then clear the column) and picked up again at the next start-up.
ALTER TABLE games ADD COLUMN set_aside TEXT;
