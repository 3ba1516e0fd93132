-- Chatrang's first schema (PostgreSQL). Keep in lockstep with ../sqlite/0001_init.sql.
-- Flags are BIGINT, times are unix milliseconds, options are JSON text (the sqlx Any driver
-- carries only integers, floats, text and blobs).

CREATE TABLE players (
    user_id    TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE games (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    variant          TEXT NOT NULL,
    server_id        TEXT NOT NULL,
    place_id         TEXT NOT NULL,
    options          TEXT NOT NULL,
    seed             BIGINT NOT NULL,
    initial_position TEXT NOT NULL,
    position         TEXT NOT NULL,
    version          BIGINT NOT NULL,
    state            TEXT NOT NULL,
    group_game       BIGINT NOT NULL,
    creator          TEXT NOT NULL,
    challenged       TEXT,
    pending          TEXT,
    outcome          TEXT,
    rematch_of       BIGINT,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL
);
CREATE INDEX games_place ON games (place_id, state);

CREATE TABLE game_log (
    game_id     BIGINT NOT NULL REFERENCES games (id),
    seq         BIGINT NOT NULL,
    kind        TEXT NOT NULL,
    user_id     TEXT NOT NULL,
    side        TEXT,
    notation    TEXT,
    description TEXT NOT NULL,
    at          BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE participants (
    game_id   BIGINT NOT NULL REFERENCES games (id),
    user_id   TEXT NOT NULL,
    side      TEXT NOT NULL,
    joined_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX participants_user ON participants (user_id);

CREATE TABLE results (
    game_id     BIGINT PRIMARY KEY REFERENCES games (id),
    server_id   TEXT NOT NULL,
    variant     TEXT NOT NULL,
    kind        TEXT NOT NULL,
    winner      TEXT,
    points      BIGINT,
    reason      TEXT NOT NULL,
    finished_at BIGINT NOT NULL
);
CREATE INDEX results_board ON results (server_id, variant, kind);

CREATE TABLE ratings (
    server_id  TEXT NOT NULL,
    variant    TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      BIGINT NOT NULL,
    wins       BIGINT NOT NULL,
    draws      BIGINT NOT NULL,
    losses     BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (server_id, variant, user_id)
);
