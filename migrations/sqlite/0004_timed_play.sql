-- Timed play (sqlite). Keep in lockstep with ../postgres/0004_timed_play.sql.
-- A game's timing (time per move or decision, reminders, what a timeout does, team votes) is
-- one JSON value on the game; NULL for an untimed game.
ALTER TABLE games ADD COLUMN timing TEXT;

-- The timers of the side that must act: a reminder at half its time, another with an hour
-- left, and the deadline. Rows, not memory, so they survive restarts; a scheduler loop in each
-- bot process fires the due ones. A change that starts a new turn replaces a game's timers;
-- any other change keeps them, moved to the game's new version.
CREATE TABLE timers (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id       BIGINT NOT NULL REFERENCES games (id),
    -- The game's version the timer belongs to; a timer whose game has moved on is dropped.
    version       BIGINT NOT NULL,
    -- half-time, last-hour, deadline.
    kind          TEXT NOT NULL,
    -- When it fires (milliseconds since 1970). A vacation moves it later by its length.
    due_at        BIGINT NOT NULL,
    -- A process is firing it until this time (0: nobody); a crashed process's claim runs out.
    claimed_until BIGINT NOT NULL
);
CREATE UNIQUE INDEX timers_of_game ON timers (game_id, kind);
CREATE INDEX timers_due ON timers (due_at);

-- Team votes (games with vote=on): a member's move is their vote for the side's move. One vote
-- per person and game; a vote counts only while the game is at the version it was cast on.
-- seq orders the proposals (a tie goes to the move proposed first).
CREATE TABLE votes (
    game_id   BIGINT NOT NULL REFERENCES games (id),
    user_id   TEXT NOT NULL,
    version   BIGINT NOT NULL,
    notation  TEXT NOT NULL,
    seq       BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- Per person: how to be mentioned (all, turn, off; NULL: turn) and the last vacation (its start
-- and its end, moved earlier when it is ended early).
ALTER TABLE players ADD COLUMN notify TEXT;
ALTER TABLE players ADD COLUMN vacation_start BIGINT;
ALTER TABLE players ADD COLUMN vacation_end BIGINT;
