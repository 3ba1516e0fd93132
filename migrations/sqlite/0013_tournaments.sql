-- Tournaments (sqlite). Keep in lockstep with ../postgres/0013_tournaments.sql.
-- server_id is the service's server (a Discord guild, a Matrix Space or room, the console);
-- user ids are the platform's; times are milliseconds since 1970. Nothing is deleted: a
-- tournament's rounds, boards and byes are its record, and its games are ordinary games.

CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id   TEXT NOT NULL,
    -- The channel, thread or room it is announced in, and where its games are played.
    place_id    TEXT NOT NULL,
    creator     TEXT NOT NULL,
    variant     TEXT NOT NULL,
    -- 'round-robin' or 'swiss'.
    format      TEXT NOT NULL,
    -- Swiss: the rounds asked for; round robin: 0 until the start fixes them.
    rounds      BIGINT NOT NULL,
    -- 1: a double round robin (every pairing with both colours).
    double_rr   BIGINT NOT NULL,
    rated       BIGINT NOT NULL,
    -- The time per move of every game; NULL: untimed.
    per_turn_ms BIGINT,
    -- When it starts by itself; NULL: when its creator (or a moderator) starts it.
    start_at    BIGINT,
    -- 'open' (taking entries), 'running', 'over' or 'cancelled'.
    state       TEXT NOT NULL,
    -- The round being played; 0 before the start.
    round       BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    ended_at    BIGINT
);
CREATE INDEX tournaments_by_state ON tournaments (state, server_id);

-- Who entered. The pairing number is given at the start (by rating, then name); a late
-- joiner gets the next one. A player who leaves keeps their row, with the first round they
-- are no longer paired in.
CREATE TABLE tournament_players (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    user_id       TEXT NOT NULL,
    name          TEXT NOT NULL,
    number        BIGINT,
    rating        BIGINT NOT NULL,
    -- The first round they can be paired in.
    joined_round  BIGINT NOT NULL,
    left_round    BIGINT,
    joined_at     BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);

-- One row per round paired: the key makes a round paired once, whichever process tries.
CREATE TABLE tournament_rounds (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    round         BIGINT NOT NULL,
    paired_at     BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, round)
);

-- The boards of each round, each an ordinary game.
CREATE TABLE tournament_boards (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    round         BIGINT NOT NULL,
    board         BIGINT NOT NULL,
    white         TEXT NOT NULL,
    black         TEXT NOT NULL,
    game_id       BIGINT NOT NULL UNIQUE REFERENCES games (id),
    PRIMARY KEY (tournament_id, round, board)
);

-- The players of a round without an opponent, and why: 'bye' (the pairing's, a point),
-- 'absent' (no points) or 'withdrawn'.
CREATE TABLE tournament_byes (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    round         BIGINT NOT NULL,
    user_id       TEXT NOT NULL,
    absence       TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round, user_id)
);
