"""Every statement storage runs, once, for both databases, so the whole data access is
reviewable at once.

Written with ``:name`` parameters and standard SQL that both SQLite and PostgreSQL accept
(``IS NOT DISTINCT FROM`` for a nullable equality, ``CAST`` where PostgreSQL must know a
parameter's type); each dialect (``bot.storage.sqlite``, ``bot.storage.postgres``) translates
the spelling it needs and holds the few statements that truly differ.
"""

from __future__ import annotations

from bot.storage.records import _SEAT_SHIFT

SQL_CREATE_SCHEMA_VERSION = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at DOUBLE PRECISION NOT NULL
)
"""
SQL_SELECT_SCHEMA_VERSIONS = "SELECT version, name FROM schema_version ORDER BY version"
SQL_SELECT_SCHEMA_VERSION_EXISTS = "SELECT 1 FROM schema_version WHERE version = :version"
SQL_INSERT_SCHEMA_VERSION = """
INSERT INTO schema_version (version, name, applied_at) VALUES (:version, :name, :now)
"""
# The health check's write: rewrites the newest migration's row unchanged (a real page write).
SQL_TOUCH_SCHEMA_VERSION = (
    "UPDATE schema_version SET name = name WHERE version = (SELECT MAX(version) FROM schema_version)"
)
SQL_COUNT_GAMES_BY_STATUS = "SELECT game, status, COUNT(*) AS n FROM games GROUP BY game, status"

_GAME_COLUMNS = (
    "g.id, g.game, g.guild_id, g.channel_id, g.thread_id, g.host_id, g.status, g.options, g.seed,"
    " g.state, g.version, g.lobby_message_id, g.status_message_id, g.deadline_at, g.created_at,"
    " g.updated_at, g.pace, g.set_aside, g.language"
)

# Each dialect returns the new row's id its own way (``Tx.insert``).
SQL_INSERT_GAME = """
INSERT INTO games (game, guild_id, channel_id, host_id, status, options, version, created_at,
                   updated_at, pace, language)
VALUES (:game, :guild_id, :channel_id, :host_id, 'lobby', :options, 0, :now, :now, :pace, :language)
"""
SQL_SELECT_GAME = f"SELECT {_GAME_COLUMNS} FROM games g WHERE g.id = :game_id"
# A move's dialect appends its row lock to this (``Dialect.row_lock``): whoever holds it writes next.
SQL_SELECT_GAME_STATUS = "SELECT status, version FROM games WHERE id = :game_id"
# Set-aside games (0004) are left out: they cannot be resumed until someone repairs them.
SQL_SELECT_ACTIVE_GAMES = f"""
SELECT {_GAME_COLUMNS} FROM games g WHERE g.status = 'active' AND g.set_aside IS NULL ORDER BY g.id
"""
# Only a game not marked yet: the first process to find the problem marks it and says so.
SQL_UPDATE_GAME_SET_ASIDE = """
UPDATE games SET set_aside = :reason, updated_at = :now WHERE id = :game_id AND set_aside IS NULL
"""
# Finished games whose results rows are missing (a crash between the final move and its results
# under older code): backfilled at start-up.
SQL_SELECT_FINISHED_WITHOUT_RESULTS = f"""
SELECT {_GAME_COLUMNS} FROM games g
WHERE g.status = 'finished' AND g.set_aside IS NULL
  AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id)
ORDER BY g.id
"""
# A thread match beats a parent-channel match: a lobby may sit in the channel while its game is
# played in a thread of it. Then newest first. Every open game of a channel (or the one of a
# thread): a channel may run several tables at once, each in its own thread.
SQL_SELECT_OPEN_GAMES_IN_CHANNEL = f"""
SELECT {_GAME_COLUMNS} FROM games g
WHERE g.status IN ('lobby', 'active') AND (g.thread_id = :channel_id OR g.channel_id = :channel_id)
ORDER BY (g.thread_id IS NOT DISTINCT FROM :channel_id) DESC, g.created_at DESC, g.id DESC
"""
SQL_SELECT_GAME_IN_CHANNEL = SQL_SELECT_OPEN_GAMES_IN_CHANNEL + "LIMIT 1"
SQL_SELECT_GAMES_FOR_USER = f"""
SELECT {_GAME_COLUMNS} FROM games g JOIN seats s ON s.game_id = g.id
WHERE s.user_id = :user_id AND g.status IN ('lobby', 'active')
  AND (CAST(:guild_id AS BIGINT) IS NULL OR g.guild_id = :guild_id)
ORDER BY g.created_at DESC, g.id DESC
"""
SQL_UPDATE_GAME_TOUCH = "UPDATE games SET updated_at = :now WHERE id = :game_id"
SQL_UPDATE_GAME_MESSAGES = """
UPDATE games SET
    lobby_message_id  = CASE WHEN :set_lobby THEN CAST(:lobby_message_id AS BIGINT) ELSE lobby_message_id END,
    status_message_id = CASE WHEN :set_status THEN CAST(:status_message_id AS BIGINT)
                             ELSE status_message_id END,
    thread_id         = CASE WHEN :set_thread THEN CAST(:thread_id AS BIGINT) ELSE thread_id END,
    updated_at = :now
WHERE id = :game_id
"""
SQL_UPDATE_GAME_START = """
UPDATE games SET status = 'active', seed = :seed, state = :state, version = 0,
                 options = COALESCE(:options, options), deadline_at = :deadline_at, updated_at = :now
WHERE id = :game_id AND status = 'lobby'
"""
# The WHERE clause is the optimistic lock: zero rows means someone else moved first.
SQL_UPDATE_GAME_AFTER_ACTION = """
UPDATE games SET state = :state, version = version + 1, deadline_at = :deadline_at,
                 status = CASE WHEN :finished THEN 'finished' ELSE status END, updated_at = :now
WHERE id = :game_id AND version = :expected_version AND status = 'active'
"""
# A practice game's guide moves on while the game runs (``bot.storage.practice``).
SQL_UPDATE_ACTIVE_OPTIONS = """
UPDATE games SET options = :options, updated_at = :now WHERE id = :game_id AND status = 'active'
"""
SQL_UPDATE_LOBBY_OPTIONS = """
UPDATE games SET options = :options, updated_at = :now WHERE id = :game_id AND status = 'lobby'
"""
SQL_UPDATE_LOBBY_PACE = """
UPDATE games SET pace = :pace, updated_at = :now WHERE id = :game_id AND status = 'lobby'
"""
# Finished and cancelled are terminal: a late "cancel" must not resurrect or relabel a game.
SQL_UPDATE_GAME_STATUS = """
UPDATE games SET status = :status, updated_at = :now
WHERE id = :game_id AND status IN ('lobby', 'active')
"""

SEAT_COLUMNS = "game_id, seat, user_id, name, dm_open, is_bot, autopilot, left_game, timeouts, held_from"
SQL_SELECT_SEATS = f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = :game_id ORDER BY seat"
SQL_SELECT_NEXT_SEAT = "SELECT COALESCE(MAX(seat) + 1, 0) FROM seats WHERE game_id = :game_id"
SQL_INSERT_SEAT = """
INSERT INTO seats (game_id, seat, user_id, name, dm_open) VALUES (:game_id, :seat, :user_id, :name, 1)
"""
SQL_DELETE_SEAT = "DELETE FROM seats WHERE game_id = :game_id AND user_id = :user_id"
# SQLite checks (game_id, seat) uniqueness row by row, in no guaranteed order, so closing the
# gap with "seat - 1" could collide. Shift the seats above the gap out of range, then back down.
SQL_SHIFT_SEATS_UP = f"UPDATE seats SET seat = seat + {_SEAT_SHIFT} WHERE game_id = :game_id AND seat > :seat"
SQL_SHIFT_SEATS_DOWN = (
    f"UPDATE seats SET seat = seat - {_SEAT_SHIFT + 1} WHERE game_id = :game_id AND seat >= {_SEAT_SHIFT}"
)
SQL_UPDATE_SEAT_DM_OPEN = (
    "UPDATE seats SET dm_open = :dm_open WHERE game_id = :game_id AND user_id = :user_id"
)
SQL_INSERT_BOT_SEAT = """
INSERT INTO seats (game_id, seat, user_id, name, dm_open, is_bot)
VALUES (:game_id, :seat, -(:seat + 1), :name, 0, 1)
"""
# handed_over (0009) stays 1 once the bot has played the seat: such a game is not rated.
SQL_UPDATE_SEAT_CONTROL = """
UPDATE seats SET autopilot = COALESCE(:autopilot, autopilot), left_game = COALESCE(:left_game, left_game),
                 timeouts = COALESCE(:timeouts, timeouts),
                 handed_over = CASE WHEN COALESCE(:autopilot, autopilot) = 1 THEN 1 ELSE handed_over END
WHERE game_id = :game_id AND seat = :seat
"""
# held_from (0013): the new player holds the seat from the game's current step on.
SQL_UPDATE_SEAT_PLAYER = """
UPDATE seats SET user_id = :user_id, name = :name, dm_open = 1, autopilot = 0, left_game = 0, timeouts = 0,
                 held_from = (SELECT version FROM games WHERE id = :game_id)
WHERE game_id = :game_id AND seat = :seat AND is_bot = 0
"""
# The columns are Deadline's fields, in order.
SQL_SELECT_DEADLINES = "SELECT game_id, seat, decision, opened_at, due_at, reminders FROM deadlines"
SQL_SELECT_GAME_DEADLINES = SQL_SELECT_DEADLINES + " WHERE game_id = :game_id"
SQL_DELETE_GAME_DEADLINES = "DELETE FROM deadlines WHERE game_id = :game_id"
SQL_DELETE_DEADLINE = (
    "DELETE FROM deadlines WHERE game_id = :game_id AND seat = :seat AND decision = :decision"
)
# next_at (0014): the row's earliest job, so the timers read only the rows due soon
# (SQL_SELECT_TIMED_DEADLINES_BY); every write of a row keeps it (``bot.storage.tables.next_at``).
SQL_UPSERT_DEADLINE = """
INSERT INTO deadlines (game_id, seat, decision, opened_at, due_at, reminders, next_at)
VALUES (:game_id, :seat, :decision, :opened_at, :due_at, :reminders, :next_at)
ON CONFLICT (game_id, seat) DO UPDATE SET decision = excluded.decision, opened_at = excluded.opened_at,
    due_at = excluded.due_at, reminders = excluded.reminders, next_at = excluded.next_at
"""
# A reminder sent: the row's next job is the next reminder (:next_reminder, FAR if none) or its
# deadline, whichever comes first (a wake-up comes before the first reminder, so it is past).
SQL_UPDATE_DEADLINE_REMINDERS = """
UPDATE deadlines
SET reminders = :reminders,
    next_at = CASE WHEN :next_reminder < due_at THEN :next_reminder ELSE due_at END
WHERE game_id = :game_id AND seat = :seat AND decision = :decision
"""
SQL_SELECT_USER_SETTINGS = """
SELECT user_id, ping, timezone, quiet_start, quiet_end, language, discord_locale, text_boards
FROM user_settings
WHERE user_id = :user_id
"""
# The locale seen on interactions is written apart (SQL_UPSERT_DISCORD_LOCALE), so /settings
# never overwrites a newer one and remembering it never overwrites a /settings choice.
SQL_UPSERT_USER_SETTINGS = """
INSERT INTO user_settings (user_id, ping, timezone, quiet_start, quiet_end, language, text_boards)
VALUES (:user_id, :ping, :timezone, :quiet_start, :quiet_end, :language, :text_boards)
ON CONFLICT (user_id) DO UPDATE SET ping = excluded.ping, timezone = excluded.timezone,
    quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, language = excluded.language,
    text_boards = excluded.text_boards
"""
SQL_UPSERT_DISCORD_LOCALE = """
INSERT INTO user_settings (user_id, discord_locale) VALUES (:user_id, :locale)
ON CONFLICT (user_id) DO UPDATE SET discord_locale = excluded.discord_locale
"""

SQL_INSERT_ACTION = """
INSERT INTO actions (game_id, seq, seat, action, events, created_at, click)
VALUES (:game_id, :seq, :seat, :action, :events, :now, :click)
"""
# A click's key (its Discord interaction id) is logged with the action it caused (0005), so the
# same click delivered twice, to one process or two, is recognised and applied once.
SQL_SELECT_CLICK_LOGGED = "SELECT 1 FROM actions WHERE game_id = :game_id AND click = :click"
SQL_SELECT_ACTIONS = """
SELECT seq, seat, action, events, created_at FROM actions WHERE game_id = :game_id ORDER BY seq
"""
SQL_SELECT_LAST_ACTIONS = """
SELECT seq, seat, action, events, created_at FROM (
    SELECT seq, seat, action, events, created_at FROM actions WHERE game_id = :game_id
    ORDER BY seq DESC LIMIT :limit
) AS recent ORDER BY seq
"""

# ---- overview: open games of a server, any game of a channel, the public log in pages ----

# Running games first (they wait on someone), then lobbies; most recently moved first.
SQL_SELECT_OPEN_GAMES_IN_GUILD = f"""
SELECT {_GAME_COLUMNS} FROM games g
WHERE g.guild_id IS NOT DISTINCT FROM :guild_id AND g.status IN ('lobby', 'active')
ORDER BY g.status = 'active' DESC, g.updated_at DESC, g.id DESC
"""
# Like SQL_SELECT_GAME_IN_CHANNEL, but finished and cancelled games count too (their log).
SQL_SELECT_LATEST_GAME_IN_CHANNEL = f"""
SELECT {_GAME_COLUMNS} FROM games g
WHERE g.thread_id = :channel_id OR g.channel_id = :channel_id
ORDER BY (g.thread_id IS NOT DISTINCT FROM :channel_id) DESC, g.created_at DESC, g.id DESC
LIMIT 1
"""
# The games a member may replay in a server (`/game replay`'s list): every finished or cancelled
# game of the server that started (a seed), and the running games the member sits in; with the
# member's own games of no server (their practice tables: ``Reads.replayable_games`` keeps those
# only). Their running games first, then their own ended ones, then everyone's, the most recently
# ended (or moved) first. ``games``: only these slugs, comma-joined (None: any); ``number``: only
# ids whose digits contain it (None: any).
SQL_SELECT_REPLAYABLE_GAMES = f"""
SELECT {_GAME_COLUMNS} FROM games g
WHERE (g.guild_id = :guild_id OR (g.guild_id IS NULL AND g.host_id = :user_id)) AND g.seed IS NOT NULL
  AND (g.status IN ('finished', 'cancelled')
       OR (g.status = 'active'
           AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = :user_id)))
  AND (CAST(:games AS TEXT) IS NULL OR ',' || CAST(:games AS TEXT) || ',' LIKE '%,' || g.game || ',%')
  AND (CAST(:number AS TEXT) IS NULL OR CAST(g.id AS TEXT) LIKE '%' || CAST(:number AS TEXT) || '%')
ORDER BY g.status = 'active' DESC,
         EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = :user_id) DESC,
         g.updated_at DESC, g.id DESC
LIMIT :limit
"""
# The public log is the actions that produced events ('[]' is how an empty list is stored).
SQL_COUNT_LOG_ENTRIES = "SELECT COUNT(*) FROM actions WHERE game_id = :game_id AND events != '[]'"
SQL_SELECT_LOG_ENTRIES = """
SELECT seq, seat, action, events, created_at FROM (
    SELECT seq, seat, action, events, created_at FROM actions WHERE game_id = :game_id AND events != '[]'
    ORDER BY seq DESC LIMIT :limit OFFSET :offset
) AS page ORDER BY seq
"""

# ---- results, stats and leaderboards -------------------------------------------------------

SQL_SELECT_RESULTS_EXIST = "SELECT 1 FROM results WHERE game_id = :game_id LIMIT 1"
# When the game ended: its last logged action, else (no action at all) its last update.
SQL_SELECT_FINISHED_AT = """
SELECT COALESCE((SELECT created_at FROM actions WHERE game_id = :game_id ORDER BY seq DESC LIMIT 1),
                (SELECT updated_at FROM games WHERE id = :game_id))
"""
SQL_INSERT_RESULT = """
INSERT INTO results (game_id, seat, user_id, name, score, place, won, with_bots, finished_at)
VALUES (:game_id, :seat, :user_id, :name, :score, :place, :won, :with_bots, :finished_at)
"""
SQL_SELECT_RESULTS = """
SELECT game_id, seat, user_id, name, score, place, won, with_bots, finished_at
FROM results WHERE game_id = :game_id ORDER BY seat
"""
# One row per game slug. Scores of different games are not comparable, so never mixed.
# Bot seats' results are stored with the game but count in no one's stats. PostgreSQL averages
# integers as numeric, hence the cast. The columns are GameStats' fields, in order.
SQL_SELECT_STATS = """
SELECT g.game AS game, COUNT(DISTINCT r.game_id) AS played, COUNT(DISTINCT r.user_id) AS players,
       SUM(r.won) AS wins, MAX(r.score) AS best, CAST(AVG(r.score) AS DOUBLE PRECISION) AS average,
       COUNT(DISTINCT CASE WHEN r.with_bots = 1 THEN r.game_id END) AS with_bots
FROM results r JOIN games g ON g.id = r.game_id
JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat AND s.is_bot = 0
WHERE g.guild_id IS NOT DISTINCT FROM :guild_id
  AND (CAST(:game AS TEXT) IS NULL OR g.game = :game)
  AND (CAST(:user_id AS BIGINT) IS NULL OR r.user_id = :user_id)
GROUP BY g.game
ORDER BY g.game
"""
# A player's best score in solo games (games with one seat) of one game on one server. The game
# that just finished can be left out, to say whether it beat the previous best.
SQL_SELECT_SOLO_BEST = """
SELECT MAX(r.score) AS best, COUNT(*) AS played
FROM results r JOIN games g ON g.id = r.game_id
WHERE g.guild_id IS NOT DISTINCT FROM :guild_id AND g.game = :game AND r.user_id = :user_id
  AND r.game_id != :exclude AND (SELECT COUNT(*) FROM results r2 WHERE r2.game_id = r.game_id) = 1
"""

# ---- timed jobs and their claims (0005; see bot.storage.timers) ------------------------------

SQL_SELECT_COUNTDOWNS = """
SELECT id AS game_id, version, deadline_at FROM games
WHERE status = 'active' AND set_aside IS NULL AND deadline_at IS NOT NULL AND deadline_at <= :before
"""
# The deadline rows with a job by :before (and overdue ones), through the deadlines_next_at
# index (0014): what a restart, the horizon's refill and the overdue poll read, not every paced
# game's rows. PostgreSQL's planner finds the index from its statistics; SQLite keeps none, so
# its dialect spells the join order out (``bot.storage.sqlite``).
TIMED_DEADLINE_COLUMNS = """
SELECT d.game_id, d.seat, d.decision, d.opened_at, d.due_at, d.reminders
"""
SQL_SELECT_TIMED_DEADLINES = (
    TIMED_DEADLINE_COLUMNS
    + """FROM deadlines d
JOIN games g ON g.id = d.game_id AND g.status = 'active' AND g.set_aside IS NULL
WHERE d.next_at <= :before
"""
)
# The quiet hours of the players of those rows, read apart: only players who saved settings
# have any, and joining every due row to its seat and settings cost a restart more than
# reading the rows themselves. Keyed by (game_id, seat) in ``Timers.timed_jobs``.
QUIET_SEAT_COLUMNS = """
SELECT s.game_id, s.seat, u.timezone, u.quiet_start, u.quiet_end
"""
SQL_SELECT_QUIET_SEATS = (
    QUIET_SEAT_COLUMNS
    + """FROM user_settings u
JOIN seats s ON s.user_id = u.user_id
JOIN deadlines d ON d.game_id = s.game_id AND d.seat = s.seat
WHERE d.next_at <= :before
"""
)
SQL_CLAIM_TIMER = """
INSERT INTO timer_claims (game_id, kind, seat, key, fire_ms, owner, lease_until, done)
VALUES (:game_id, :kind, :seat, :key, :fire_ms, :owner, :lease_until, 0)
ON CONFLICT (game_id, kind, seat, key, fire_ms) DO UPDATE
SET owner = excluded.owner, lease_until = excluded.lease_until
WHERE timer_claims.done = 0 AND timer_claims.lease_until < :now
"""
SQL_FINISH_TIMER = """
UPDATE timer_claims SET done = :done, lease_until = 0
WHERE game_id = :game_id AND kind = :kind AND seat = :seat AND key = :key AND fire_ms = :fire_ms
  AND owner = :owner
"""
SQL_SELECT_HELD_CLAIMS = """
SELECT game_id, kind, seat, key, fire_ms FROM timer_claims WHERE done = 1 OR lease_until > :now
"""
SQL_COUNT_RUNNING_GAMES = "SELECT COUNT(*) FROM games WHERE status = 'active' AND set_aside IS NULL"
# The running games a restart settles one by one, found without reading any state: a seat the
# bot plays (it may owe a move; the seats_bot_played index, 0014), or a paced game with no
# countdown and no deadline row at all (its step's rows were lost in a crash). Rows of an older
# step are repaired when they fire.
SQL_SELECT_GAMES_TO_SETTLE = """
SELECT g.id FROM games g
WHERE g.status = 'active' AND g.set_aside IS NULL
  AND (g.id IN (SELECT s.game_id FROM seats s WHERE s.is_bot = 1 OR s.autopilot = 1)
       OR (g.pace > 0 AND g.deadline_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM deadlines d WHERE d.game_id = g.id)))
ORDER BY g.id
"""

# ---- where each player's live panel is, and the paced games' "Your move" posts (0007) ----

SQL_SELECT_PANEL_COPIES = """
SELECT game_id, user_id, kind, channel_id, message_id, language FROM panel_copies WHERE game_id = :game_id
"""
SQL_SELECT_PANEL_COPY = SQL_SELECT_PANEL_COPIES.strip() + " AND user_id = :user_id"
SQL_UPSERT_PANEL_COPY = """
INSERT INTO panel_copies (game_id, user_id, kind, channel_id, message_id, language)
VALUES (:game_id, :user_id, :kind, :channel_id, :message_id, :language)
ON CONFLICT (game_id, user_id) DO UPDATE SET kind = excluded.kind, channel_id = excluded.channel_id,
    message_id = excluded.message_id, language = excluded.language
"""
SQL_DELETE_PANEL_COPY = """
DELETE FROM panel_copies WHERE game_id = :game_id AND user_id = :user_id AND message_id = :message_id
"""
SQL_DELETE_GAME_PANEL_COPIES = "DELETE FROM panel_copies WHERE game_id = :game_id"
SQL_SELECT_MOVE_PINGS = """
SELECT game_id, message_id, channel_id, decision, user_ids FROM move_pings WHERE game_id = :game_id
ORDER BY message_id
"""
SQL_INSERT_MOVE_PING = """
INSERT INTO move_pings (game_id, message_id, channel_id, decision, user_ids)
VALUES (:game_id, :message_id, :channel_id, :decision, :user_ids)
ON CONFLICT (game_id, message_id) DO NOTHING
"""
SQL_DELETE_MOVE_PING = "DELETE FROM move_pings WHERE game_id = :game_id AND message_id = :message_id"

# ---- house words (0010): a server's own word cards for A Sky of Stars ----------------------
SQL_SELECT_HOUSE_WORDS = """
SELECT id, words, added_by, added_at FROM house_words WHERE guild_id = :guild_id ORDER BY id
"""
SQL_INSERT_HOUSE_CARD = """
INSERT INTO house_words (guild_id, words, added_by, added_at) VALUES (:guild_id, :words, :added_by, :now)
"""
SQL_DELETE_HOUSE_CARD = "DELETE FROM house_words WHERE guild_id = :guild_id AND id = :card_id"
SQL_DELETE_HOUSE_WORDS = "DELETE FROM house_words WHERE guild_id = :guild_id"
