-- A server's settings (postgres). Keep in lockstep with ../sqlite/0015_place_settings.sql.
-- Its moderators change them with /settings; a server without a row uses the defaults.
CREATE TABLE place_settings (
    server_id    TEXT PRIMARY KEY,
    -- Post a game's replay (an animated GIF) in its thread when it ends: 1 yes, 0 no.
    replays      BIGINT NOT NULL,
    -- Who set them last, and when (milliseconds since 1970).
    set_by       TEXT NOT NULL,
    set_at       BIGINT NOT NULL
);
