-- Finding an opponent (SQLite). Keep in lockstep with ../postgres/0012_seeks.sql.
-- server_id is the service's server (a Discord guild, a Matrix Space or room, the console);
-- times are milliseconds since 1970.

-- Open offers to play any of several games (/seek). A seek is never deleted: it ends paired
-- (with the game it became), withdrawn, replaced by the person's next seek, or past expires_at.
CREATE TABLE seeks (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id   TEXT NOT NULL,
    -- The channel, thread or room it was made in: where its game is played.
    place_id    TEXT NOT NULL,
    user_id     TEXT NOT NULL,
    -- The games' ids in the order the person gave them, comma-separated.
    games       TEXT NOT NULL,
    -- 1: the game it becomes is rated; 0: casual.
    rated       BIGINT NOT NULL,
    -- The game's time per move in milliseconds; NULL: untimed.
    per_turn_ms BIGINT,
    state       TEXT NOT NULL,
    game_id     BIGINT,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    ended_at    BIGINT
);
CREATE INDEX seeks_open ON seeks (server_id, state, expires_at);

-- Who wants to hear of new seeks (and tournaments) in a game (/subscribe).
CREATE TABLE subscriptions (
    server_id  TEXT NOT NULL,
    variant    TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (server_id, variant, user_id)
);

-- A role a server's moderators chose to mention for new seeks in a game (Discord).
CREATE TABLE subscription_roles (
    server_id TEXT NOT NULL,
    variant   TEXT NOT NULL,
    role_id   TEXT NOT NULL,
    set_by    TEXT NOT NULL,
    set_at    BIGINT NOT NULL,
    PRIMARY KEY (server_id, variant)
);
