-- Limits per person in each server (SQLite). Keep in lockstep with ../postgres/0005_place_limits.sql.
-- A server's moderators may change the defaults with /limits; a server without a row uses the
-- bot's defaults. server_id is the service's server (a Discord guild, a Matrix Space or room,
-- the console).
CREATE TABLE place_limits (
    server_id        TEXT PRIMARY KEY,
    -- Open challenges and group games still gathering that one person may have at once.
    open_challenges  BIGINT NOT NULL,
    -- Games one person may start in a minute (challenges, group games, bot games, rematches).
    games_per_minute BIGINT NOT NULL,
    -- Games against the bot one person may play at once.
    bot_games        BIGINT NOT NULL,
    -- Who set them last, and when (milliseconds since 1970).
    set_by           TEXT NOT NULL,
    set_at           BIGINT NOT NULL
);

-- Counting a person's games in a server, for the limits.
CREATE INDEX games_creator ON games (server_id, creator, state);
