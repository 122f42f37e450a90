-- 0005_shared_play: what several bot processes sharing one database need (the same columns on
-- SQLite keep one storage interface; a single process simply never contends).
--
-- actions.click: the key of the click (Discord interaction id) that caused the action, NULL for
-- bot and system moves. Unique per game, so one click delivered twice is logged once.
ALTER TABLE actions ADD COLUMN click TEXT;
CREATE UNIQUE INDEX actions_click ON actions (game_id, click) WHERE click IS NOT NULL;

-- One row per timed job (countdown, reminder, deadline, wake-up) that a process has claimed.
-- A claim is a lease: `owner` fires the job before `lease_until`; a process that dies holding
-- it loses the lease when it runs out, and another process claims the job then. `done` marks a
-- job that fired, so it never fires again.
CREATE TABLE timer_claims (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL,
    seat        INTEGER NOT NULL,                                -- -1 for a game's own countdown
    key         INTEGER NOT NULL,                                -- game version or decision id
    fire_ms     INTEGER NOT NULL,                                -- when it is due, epoch milliseconds
    owner       TEXT    NOT NULL,
    lease_until REAL    NOT NULL,
    done        INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
    PRIMARY KEY (game_id, kind, seat, key, fire_ms)
);
