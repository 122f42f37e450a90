"""Every statement of the tournament storage (``bot.storage.tournaments``), in one place."""

from __future__ import annotations

from typing import Final

LIVE_STATUSES: Final = ("signup", "running", "paused")

_COLUMNS = (
    "id, guild_id, channel_id, organiser_id, organiser_name, game, options, seats, format, rounds,"
    " pace, round_seconds, language, role_id, signup_closes, seed, status, round_no, due_at,"
    " paused_left, card_message_id, event_id"
)
SQL_INSERT_TOURNAMENT = """
INSERT INTO tournaments (guild_id, channel_id, organiser_id, organiser_name, game, options, seats,
                         format, rounds, pace, round_seconds, language, role_id, signup_closes, seed,
                         status, due_at, created_at)
VALUES (:guild_id, :channel_id, :organiser_id, :organiser_name, :game, :options, :seats, :format,
        :rounds, :pace, :round_seconds, :language, :role_id, :signup_closes, :seed, 'signup',
        :signup_closes, :now)
"""
SQL_SELECT_TOURNAMENT = f"SELECT {_COLUMNS} FROM tournaments WHERE id = :tournament_id"
SQL_SELECT_GUILD_TOURNAMENTS = f"""
SELECT {_COLUMNS} FROM tournaments
WHERE guild_id = :guild_id AND status IN ('signup', 'running', 'paused') ORDER BY id
"""
SQL_SELECT_LATEST_IN_CHANNEL = f"""
SELECT {_COLUMNS} FROM tournaments WHERE channel_id = :channel_id ORDER BY id DESC LIMIT 1
"""
SQL_SELECT_USER_TOURNAMENTS = f"""
SELECT {", ".join("t." + c.strip() for c in _COLUMNS.split(","))} FROM tournaments t
JOIN tournament_entrants e ON e.tournament_id = t.id
WHERE e.user_id = :user_id AND t.guild_id = :guild_id AND t.status IN ('signup', 'running', 'paused')
ORDER BY t.id
"""
SQL_SELECT_DUE_TOURNAMENTS = f"""
SELECT {_COLUMNS} FROM tournaments
WHERE status IN ('signup', 'running') AND due_at IS NOT NULL ORDER BY due_at, id
"""
SQL_CLAIM_TOURNAMENT = """
UPDATE tournaments SET claimed_until = :until
WHERE id = :tournament_id AND status IN ('signup', 'running')
  AND (claimed_until IS NULL OR claimed_until < :now)
"""
SQL_RELEASE_TOURNAMENT = "UPDATE tournaments SET claimed_until = NULL WHERE id = :tournament_id"
SQL_UPDATE_TOURNAMENT_CARD = "UPDATE tournaments SET card_message_id = :message_id WHERE id = :tournament_id"
SQL_UPDATE_TOURNAMENT_EVENT = "UPDATE tournaments SET event_id = :event_id WHERE id = :tournament_id"
SQL_UPDATE_TOURNAMENT_DUE = """
UPDATE tournaments SET due_at = :due_at WHERE id = :tournament_id AND status = :status
"""
SQL_UPDATE_SIGNUP_CLOSES = """
UPDATE tournaments SET signup_closes = :due_at, due_at = :due_at
WHERE id = :tournament_id AND status = 'signup'
"""
# The open round moves on only from the round the caller paired after, and only once that round
# is closed: one process opens it, and never while the round before is still played.
SQL_ADVANCE_ROUND = """
UPDATE tournaments SET round_no = :round_no, status = 'running', due_at = :due_at, claimed_until = NULL
WHERE id = :tournament_id AND round_no = :after AND status IN ('signup', 'running')
  AND (round_no = 0 OR EXISTS (SELECT 1 FROM tournament_rounds r
                               WHERE r.tournament_id = tournaments.id AND r.round_no = tournaments.round_no
                                 AND r.closed_at IS NOT NULL))
"""
SQL_END_TOURNAMENT = """
UPDATE tournaments SET status = :status, due_at = NULL, claimed_until = NULL, paused_left = NULL
WHERE id = :tournament_id AND status IN ('signup', 'running', 'paused')
"""
SQL_PAUSE_TOURNAMENT = """
UPDATE tournaments SET status = 'paused', paused_left = :left, due_at = NULL
WHERE id = :tournament_id AND status = 'running'
"""
SQL_RESUME_TOURNAMENT = """
UPDATE tournaments SET status = 'running', due_at = :due_at, paused_left = NULL
WHERE id = :tournament_id AND status = 'paused'
"""
SQL_INSERT_ENTRANT = """
INSERT INTO tournament_entrants (tournament_id, user_id, name, rating, joined_at)
VALUES (:tournament_id, :user_id, :name, :rating, :now)
"""
SQL_SELECT_ENTRANTS = """
SELECT user_id, name, rating, status FROM tournament_entrants
WHERE tournament_id = :tournament_id ORDER BY joined_at, user_id
"""
SQL_SELECT_ENTRANT = """
SELECT user_id, name, rating, status FROM tournament_entrants
WHERE tournament_id = :tournament_id AND user_id = :user_id
"""
SQL_DELETE_ENTRANT = (
    "DELETE FROM tournament_entrants WHERE tournament_id = :tournament_id AND user_id = :user_id"
)
SQL_UPDATE_ENTRANT_STATUS = """
UPDATE tournament_entrants SET status = :status
WHERE tournament_id = :tournament_id AND user_id = :user_id AND status = 'in'
"""
SQL_UPDATE_ENTRANT_RATING = """
UPDATE tournament_entrants SET rating = :rating WHERE tournament_id = :tournament_id AND user_id = :user_id
"""
SQL_LOCK_SIGNUP = "SELECT status FROM tournaments WHERE id = :tournament_id"
SQL_INSERT_ROUND = """
INSERT INTO tournament_rounds (tournament_id, round_no, opened_at, deadline_at)
VALUES (:tournament_id, :round_no, :now, :due_at)
"""
SQL_SELECT_ROUNDS = """
SELECT round_no, opened_at, deadline_at, closed_at FROM tournament_rounds
WHERE tournament_id = :tournament_id ORDER BY round_no
"""
SQL_CLOSE_ROUND = """
UPDATE tournament_rounds SET closed_at = :now
WHERE tournament_id = :tournament_id AND round_no = :round_no AND closed_at IS NULL
"""
SQL_EXTEND_ROUND = """
UPDATE tournament_rounds SET deadline_at = :due_at
WHERE tournament_id = :tournament_id AND round_no = :round_no AND closed_at IS NULL
"""
_TABLE_COLUMNS = "id, tournament_id, round_no, position, players, why, status, game_id, places, scores, late"
SQL_INSERT_TABLE = """
INSERT INTO tournament_tables (tournament_id, round_no, position, players, why, status, places, scores)
VALUES (:tournament_id, :round_no, :position, :players, :why, :status, :places, :scores)
"""
SQL_SELECT_TABLES = f"""
SELECT {_TABLE_COLUMNS} FROM tournament_tables WHERE tournament_id = :tournament_id
ORDER BY round_no, position
"""
SQL_SELECT_TABLE = f"SELECT {_TABLE_COLUMNS} FROM tournament_tables WHERE id = :table_id"
SQL_SELECT_TABLE_OF_GAME = f"SELECT {_TABLE_COLUMNS} FROM tournament_tables WHERE game_id = :game_id"
SQL_CLAIM_TABLE = """
UPDATE tournament_tables SET claimed_until = :until
WHERE id = :table_id AND status IN ('waiting', 'playing') AND (claimed_until IS NULL OR claimed_until < :now)
"""
SQL_RELEASE_TABLE = "UPDATE tournament_tables SET claimed_until = NULL WHERE id = :table_id"
# A table's game is linked once: a second process's game for it is rolled back.
SQL_LINK_TABLE_GAME = """
UPDATE tournament_tables SET game_id = :game_id, status = 'playing'
WHERE id = :table_id AND game_id IS NULL AND status = 'waiting'
"""
SQL_FINISH_TABLE = """
UPDATE tournament_tables SET status = 'finished', places = :places, scores = :scores
WHERE id = :table_id AND status = 'playing'
"""
SQL_MARK_LATE = "UPDATE tournament_tables SET late = :late WHERE id = :table_id"
SQL_UPDATE_TABLE_PLAYERS = """
UPDATE tournament_tables SET players = :players, status = :status, why = :why
WHERE id = :table_id AND status = 'waiting'
"""
SQL_SELECT_ORGANISER_ROLE = "SELECT role_id FROM tournament_organisers WHERE guild_id = :guild_id"
SQL_DELETE_ORGANISER_ROLE = "DELETE FROM tournament_organisers WHERE guild_id = :guild_id"
SQL_INSERT_ORGANISER_ROLE = (
    "INSERT INTO tournament_organisers (guild_id, role_id) VALUES (:guild_id, :role_id)"
)
