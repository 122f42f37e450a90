-- 0005_shared_play (PostgreSQL): click keys and timer claims for several bot processes.
-- Mirrors migrations/0005_shared_play.sql.
ALTER TABLE actions ADD COLUMN click TEXT;
CREATE UNIQUE INDEX actions_click ON actions (game_id, click) WHERE click IS NOT NULL;

CREATE TABLE timer_claims (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL,
    seat        INTEGER NOT NULL,
    key         BIGINT  NOT NULL,
    fire_ms     BIGINT  NOT NULL,
    owner       TEXT    NOT NULL,
    lease_until DOUBLE PRECISION NOT NULL,
    done        INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
    PRIMARY KEY (game_id, kind, seat, key, fire_ms)
);
-- The due-job query looks pending deadlines up by time.
CREATE INDEX games_deadline_at ON games (deadline_at) WHERE status = 'active';
