"""Every statement the PostgreSQL backend runs, so its whole data access is reviewable at once.

They mirror the SQLite statements in ``bot.storage`` one for one, with PostgreSQL's spelling:
``$n`` parameters, ``IS NOT DISTINCT FROM`` for a nullable equality, ``= ANY($1)`` for a list,
and averages cast to float8 (PostgreSQL averages integers as numeric).
"""

from __future__ import annotations

from typing import Final

# Any constant works; it only has to be the same in every process migrating this database.
MIGRATION_LOCK_KEY: Final = 0x417374726F6C  # "Astrol"

SQL_CREATE_SCHEMA_VERSION = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at DOUBLE PRECISION NOT NULL
)
"""
SQL_MIGRATION_LOCK = "SELECT pg_advisory_xact_lock($1)"
SQL_SELECT_SCHEMA_VERSIONS = "SELECT version, name FROM schema_version ORDER BY version"
SQL_SELECT_SCHEMA_VERSION_EXISTS = "SELECT 1 FROM schema_version WHERE version = $1"
SQL_INSERT_SCHEMA_VERSION = "INSERT INTO schema_version (version, name, applied_at) VALUES ($1, $2, $3)"
# The health check's write: rewrites the newest migration's row unchanged (a real tuple write).
SQL_TOUCH_SCHEMA_VERSION = (
    "UPDATE schema_version SET name = name WHERE version = (SELECT MAX(version) FROM schema_version)"
)
SQL_COUNT_GAMES_BY_STATUS = "SELECT game, status, COUNT(*) AS n FROM games GROUP BY game, status"

_GAME_COLUMNS = (
    "g.id, g.game, g.guild_id, g.channel_id, g.thread_id, g.host_id, g.status, g.options, g.seed,"
    " g.state, g.version, g.lobby_message_id, g.status_message_id, g.deadline_at, g.created_at,"
    " g.updated_at, g.pace, g.set_aside, g.language"
)

SQL_INSERT_GAME = """
INSERT INTO games (game, guild_id, channel_id, host_id, status, options, version, created_at,
                   updated_at, pace, language)
VALUES ($1, $2, $3, $4, 'lobby', $5, 0, $6, $6, $7, $8)
RETURNING id
"""
SQL_SELECT_GAME = f"SELECT {_GAME_COLUMNS} FROM games g WHERE g.id = $1"
SQL_SELECT_GAME_STATUS = "SELECT status, version FROM games WHERE id = $1"
# The per-game serialisation point across processes: whoever holds this row lock writes next.
SQL_LOCK_GAME = "SELECT status, version FROM games WHERE id = $1 FOR UPDATE"
SQL_SELECT_ACTIVE_GAMES = f"""
SELECT {_GAME_COLUMNS} FROM games g WHERE g.status = 'active' AND g.set_aside IS NULL ORDER BY g.id
"""
SQL_UPDATE_GAME_SET_ASIDE = """
UPDATE games SET set_aside = $2, updated_at = $3 WHERE id = $1 AND set_aside IS NULL
"""
SQL_SELECT_FINISHED_WITHOUT_RESULTS = f"""
SELECT {_GAME_COLUMNS} FROM games g
WHERE g.status = 'finished' AND g.set_aside IS NULL
  AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id)
ORDER BY g.id
"""
SQL_SELECT_GAME_IN_CHANNEL = f"""
SELECT {_GAME_COLUMNS} FROM games g
WHERE g.status IN ('lobby', 'active') AND (g.thread_id = $1 OR g.channel_id = $1)
ORDER BY (g.thread_id IS NOT DISTINCT FROM $1) DESC, g.created_at DESC, g.id DESC
LIMIT 1
"""
SQL_SELECT_OPEN_GAMES_IN_CHANNEL = f"""
SELECT {_GAME_COLUMNS} FROM games g
WHERE g.status IN ('lobby', 'active') AND (g.thread_id = $1 OR g.channel_id = $1)
ORDER BY (g.thread_id IS NOT DISTINCT FROM $1) DESC, g.created_at DESC, g.id DESC
"""
SQL_SELECT_GAMES_FOR_USER = f"""
SELECT {_GAME_COLUMNS} FROM games g JOIN seats s ON s.game_id = g.id
WHERE s.user_id = $1 AND g.status IN ('lobby', 'active')
  AND ($2::bigint IS NULL OR g.guild_id = $2)
ORDER BY g.created_at DESC, g.id DESC
"""
SQL_UPDATE_GAME_TOUCH = "UPDATE games SET updated_at = $2 WHERE id = $1"
SQL_UPDATE_GAME_MESSAGES = """
UPDATE games SET
    lobby_message_id  = CASE WHEN $2 THEN $3::bigint ELSE lobby_message_id  END,
    status_message_id = CASE WHEN $4 THEN $5::bigint ELSE status_message_id END,
    thread_id         = CASE WHEN $6 THEN $7::bigint ELSE thread_id         END,
    updated_at = $8
WHERE id = $1
"""
SQL_UPDATE_GAME_START = """
UPDATE games SET status = 'active', seed = $2, state = $3, version = 0, deadline_at = $4, updated_at = $5,
                 options = COALESCE($6, options)
WHERE id = $1 AND status = 'lobby'
"""
SQL_UPDATE_GAME_AFTER_ACTION = """
UPDATE games SET state = $3, version = version + 1, deadline_at = $4,
                 status = CASE WHEN $5 THEN 'finished' ELSE status END, updated_at = $6
WHERE id = $1 AND version = $2 AND status = 'active'
"""
SQL_UPDATE_LOBBY_OPTIONS = """
UPDATE games SET options = $2, updated_at = $3 WHERE id = $1 AND status = 'lobby'
"""
SQL_UPDATE_GAME_STATUS = """
UPDATE games SET status = $2, updated_at = $3
WHERE id = $1 AND status IN ('lobby', 'active')
"""

_SEAT_COLUMNS = "game_id, seat, user_id, name, dm_open, is_bot, autopilot, left_game, timeouts"
SQL_SELECT_SEATS = f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = $1 ORDER BY seat"
SQL_SELECT_SEATS_FOR_GAMES = f"""
SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ANY($1::bigint[]) ORDER BY game_id, seat
"""
SQL_SELECT_NEXT_SEAT = "SELECT COALESCE(MAX(seat) + 1, 0) FROM seats WHERE game_id = $1"
SQL_INSERT_SEAT = "INSERT INTO seats (game_id, seat, user_id, name, dm_open) VALUES ($1, $2, $3, $4, 1)"
SQL_DELETE_SEAT = "DELETE FROM seats WHERE game_id = $1 AND user_id = $2"
SQL_SHIFT_SEATS_UP = "UPDATE seats SET seat = seat + $3 WHERE game_id = $1 AND seat > $2"
SQL_SHIFT_SEATS_DOWN = "UPDATE seats SET seat = seat - ($2 + 1) WHERE game_id = $1 AND seat >= $2"
SQL_UPDATE_SEAT_DM_OPEN = "UPDATE seats SET dm_open = $3 WHERE game_id = $1 AND user_id = $2"
SQL_INSERT_BOT_SEAT = """
INSERT INTO seats (game_id, seat, user_id, name, dm_open, is_bot) VALUES ($1, $2, -($2 + 1), $3, 0, 1)
"""
SQL_UPDATE_SEAT_CONTROL = """
UPDATE seats SET autopilot = COALESCE($3, autopilot), left_game = COALESCE($4, left_game),
                 timeouts = COALESCE($5, timeouts)
WHERE game_id = $1 AND seat = $2
"""
SQL_UPDATE_SEAT_PLAYER = """
UPDATE seats SET user_id = $3, name = $4, dm_open = 1, autopilot = 0, left_game = 0, timeouts = 0
WHERE game_id = $1 AND seat = $2 AND is_bot = 0
"""

SQL_SELECT_DEADLINES = "SELECT game_id, seat, decision, opened_at, due_at, reminders FROM deadlines"
SQL_SELECT_GAME_DEADLINES = SQL_SELECT_DEADLINES + " WHERE game_id = $1"
SQL_DELETE_GAME_DEADLINES = "DELETE FROM deadlines WHERE game_id = $1"
SQL_DELETE_DEADLINE = "DELETE FROM deadlines WHERE game_id = $1 AND seat = $2 AND decision = $3"
SQL_UPSERT_DEADLINE = """
INSERT INTO deadlines (game_id, seat, decision, opened_at, due_at, reminders)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (game_id, seat) DO UPDATE SET decision = excluded.decision, opened_at = excluded.opened_at,
    due_at = excluded.due_at, reminders = excluded.reminders
"""
SQL_UPDATE_DEADLINE_REMINDERS = """
UPDATE deadlines SET reminders = $4 WHERE game_id = $1 AND seat = $2 AND decision = $3
"""
SQL_SELECT_USER_SETTINGS = """
SELECT user_id, ping, timezone, quiet_start, quiet_end, language, discord_locale, text_boards
FROM user_settings
WHERE user_id = $1
"""
SQL_UPSERT_USER_SETTINGS = """
INSERT INTO user_settings (user_id, ping, timezone, quiet_start, quiet_end, language, text_boards)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (user_id) DO UPDATE SET ping = excluded.ping, timezone = excluded.timezone,
    quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, language = excluded.language,
    text_boards = excluded.text_boards
"""
SQL_UPSERT_DISCORD_LOCALE = """
INSERT INTO user_settings (user_id, discord_locale) VALUES ($1, $2)
ON CONFLICT (user_id) DO UPDATE SET discord_locale = excluded.discord_locale
"""

SQL_INSERT_ACTION = """
INSERT INTO actions (game_id, seq, seat, action, events, created_at, click)
VALUES ($1, $2, $3, $4, $5, $6, $7)
"""
SQL_SELECT_ACTIONS = """
SELECT seq, seat, action, events, created_at FROM actions WHERE game_id = $1 ORDER BY seq
"""
SQL_SELECT_LAST_ACTIONS = """
SELECT seq, seat, action, events, created_at FROM (
    SELECT seq, seat, action, events, created_at FROM actions WHERE game_id = $1
    ORDER BY seq DESC LIMIT $2
) AS last ORDER BY seq
"""

SQL_SELECT_OPEN_GAMES_IN_GUILD = f"""
SELECT {_GAME_COLUMNS} FROM games g
WHERE g.guild_id IS NOT DISTINCT FROM $1 AND g.status IN ('lobby', 'active')
ORDER BY g.status = 'active' DESC, g.updated_at DESC, g.id DESC
"""
SQL_SELECT_LATEST_GAME_IN_CHANNEL = f"""
SELECT {_GAME_COLUMNS} FROM games g
WHERE g.thread_id = $1 OR g.channel_id = $1
ORDER BY (g.thread_id IS NOT DISTINCT FROM $1) DESC, g.created_at DESC, g.id DESC
LIMIT 1
"""
SQL_COUNT_LOG_ENTRIES = "SELECT COUNT(*) FROM actions WHERE game_id = $1 AND events != '[]'"
SQL_SELECT_LOG_ENTRIES = """
SELECT seq, seat, action, events, created_at FROM (
    SELECT seq, seat, action, events, created_at FROM actions WHERE game_id = $1 AND events != '[]'
    ORDER BY seq DESC LIMIT $2 OFFSET $3
) AS page ORDER BY seq
"""

SQL_SELECT_RESULTS_EXIST = "SELECT 1 FROM results WHERE game_id = $1 LIMIT 1"
SQL_SELECT_FINISHED_AT = """
SELECT COALESCE((SELECT created_at FROM actions WHERE game_id = $1 ORDER BY seq DESC LIMIT 1),
                (SELECT updated_at FROM games WHERE id = $1))
"""
SQL_INSERT_RESULT = """
INSERT INTO results (game_id, seat, user_id, name, score, place, won, with_bots, finished_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
"""
SQL_SELECT_RESULTS = """
SELECT game_id, seat, user_id, name, score, place, won, with_bots, finished_at
FROM results WHERE game_id = $1 ORDER BY seat
"""
SQL_SELECT_STATS = """
SELECT g.game AS game, COUNT(DISTINCT r.game_id) AS played, COUNT(DISTINCT r.user_id) AS players,
       SUM(r.won) AS wins, MAX(r.score) AS best, AVG(r.score)::float8 AS average,
       COUNT(DISTINCT CASE WHEN r.with_bots = 1 THEN r.game_id END) AS with_bots
FROM results r JOIN games g ON g.id = r.game_id
JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat AND s.is_bot = 0
WHERE g.guild_id IS NOT DISTINCT FROM $1
  AND ($2::text IS NULL OR g.game = $2)
  AND ($3::bigint IS NULL OR r.user_id = $3)
GROUP BY g.game
ORDER BY g.game
"""
SQL_SELECT_LEADERBOARD = """
SELECT r.user_id AS user_id,
       (SELECT r2.name FROM results r2 JOIN games g2 ON g2.id = r2.game_id
        WHERE r2.user_id = r.user_id AND g2.guild_id IS NOT DISTINCT FROM $1 AND g2.game = $2
        ORDER BY r2.finished_at DESC, r2.game_id DESC LIMIT 1) AS name,
       COUNT(DISTINCT r.game_id) AS played, SUM(r.won) AS wins, MAX(r.score) AS best,
       AVG(r.score)::float8 AS average,
       COUNT(DISTINCT CASE WHEN r.with_bots = 1 THEN r.game_id END) AS with_bots
FROM results r JOIN games g ON g.id = r.game_id
JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat AND s.is_bot = 0
WHERE g.guild_id IS NOT DISTINCT FROM $1 AND g.game = $2
GROUP BY r.user_id
ORDER BY wins DESC, average DESC, played DESC, r.user_id
LIMIT $3
"""
SQL_SELECT_SOLO_BEST = """
SELECT MAX(r.score) AS best, COUNT(*) AS played
FROM results r JOIN games g ON g.id = r.game_id
WHERE g.guild_id IS NOT DISTINCT FROM $1 AND g.game = $2 AND r.user_id = $3 AND r.game_id != $4
  AND (SELECT COUNT(*) FROM results r2 WHERE r2.game_id = r.game_id) = 1
"""

# ---- clicks and timer claims (0005) ---------------------------------------------------------

SQL_SELECT_CLICK_LOGGED = "SELECT 1 FROM actions WHERE game_id = $1 AND click = $2"
SQL_SELECT_COUNTDOWNS = """
SELECT id AS game_id, version, deadline_at FROM games
WHERE status = 'active' AND set_aside IS NULL AND deadline_at IS NOT NULL AND deadline_at <= $1
"""
SQL_SELECT_TIMED_DEADLINES = """
SELECT d.game_id, d.seat, d.decision, d.opened_at, d.due_at, d.reminders,
       u.timezone, u.quiet_start, u.quiet_end
FROM deadlines d
JOIN games g ON g.id = d.game_id AND g.status = 'active' AND g.set_aside IS NULL
JOIN seats s ON s.game_id = d.game_id AND s.seat = d.seat
LEFT JOIN user_settings u ON u.user_id = s.user_id
"""
SQL_CLAIM_TIMER = """
INSERT INTO timer_claims (game_id, kind, seat, key, fire_ms, owner, lease_until, done)
VALUES ($1, $2, $3, $4, $5, $6, $7, 0)
ON CONFLICT (game_id, kind, seat, key, fire_ms) DO UPDATE
SET owner = excluded.owner, lease_until = excluded.lease_until
WHERE timer_claims.done = 0 AND timer_claims.lease_until < $8
"""
SQL_FINISH_TIMER = """
UPDATE timer_claims SET done = $7, lease_until = 0
WHERE game_id = $1 AND kind = $2 AND seat = $3 AND key = $4 AND fire_ms = $5 AND owner = $6
"""
SQL_SELECT_HELD_CLAIMS = """
SELECT game_id, kind, seat, key, fire_ms FROM timer_claims WHERE done = 1 OR lease_until > $1
"""

# ---- where each player's live panel is, and the paced games' "Your move" posts (0007) ----
SQL_SELECT_PANEL_COPIES = """
SELECT game_id, user_id, kind, channel_id, message_id, language FROM panel_copies WHERE game_id = $1
"""
SQL_SELECT_PANEL_COPY = SQL_SELECT_PANEL_COPIES.strip() + " AND user_id = $2"
SQL_UPSERT_PANEL_COPY = """
INSERT INTO panel_copies (game_id, user_id, kind, channel_id, message_id, language)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (game_id, user_id) DO UPDATE SET kind = excluded.kind, channel_id = excluded.channel_id,
    message_id = excluded.message_id, language = excluded.language
"""
SQL_DELETE_PANEL_COPY = "DELETE FROM panel_copies WHERE game_id = $1 AND user_id = $2 AND message_id = $3"
SQL_DELETE_GAME_PANEL_COPIES = "DELETE FROM panel_copies WHERE game_id = $1"
SQL_SELECT_MOVE_PINGS = """
SELECT game_id, message_id, channel_id, decision, user_ids FROM move_pings WHERE game_id = $1
ORDER BY message_id
"""
SQL_INSERT_MOVE_PING = """
INSERT INTO move_pings (game_id, message_id, channel_id, decision, user_ids)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (game_id, message_id) DO NOTHING
"""
SQL_DELETE_MOVE_PING = "DELETE FROM move_pings WHERE game_id = $1 AND message_id = $2"
