-- Timed play (postgres). Keep in lockstep with ../sqlite/0004_timers.sql.
-- A game's timing (time per move or decision, reminders, what a timeout does, team votes) is
-- one JSON value on the game; NULL for an untimed game.
ALTER TABLE games ADD COLUMN timing TEXT;

-- The timers of the side that must act: a reminder at half its time, another with an hour
-- left, and the deadline. Rows, not memory, so they survive restarts; a scheduler loop in each
-- bot process fires the due ones. A change that starts a new turn replaces a game's timers;
-- any other change keeps them, moved to the game's new version.
CREATE TABLE timers (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id       BIGINT NOT NULL REFERENCES games (id),
    -- The game's version the timer belongs to; a timer whose game has moved on is dropped.
    version       BIGINT NOT NULL,
    -- half-time, last-hour, deadline.
    kind          TEXT NOT NULL,
    -- When it fires; NULL while paused (everyone who must act is on vacation).
    due_at        BIGINT,
    -- While paused: how long it still had to run.
    paused_left   BIGINT,
    -- A process is firing it until this time (0: nobody); a crashed process's claim runs out.
    claimed_until BIGINT NOT NULL
);
CREATE UNIQUE INDEX timers_of_game ON timers (game_id, kind);
CREATE INDEX timers_due ON timers (due_at);
