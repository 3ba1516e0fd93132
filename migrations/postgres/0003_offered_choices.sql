-- Choices offered as reactions (postgres). Keep in lockstep with ../sqlite/0003_offered_choices.sql.
-- On Matrix a message's choices (accept, promotion, draw answers …) are a numbered list the bot
-- pre-reacts to with keys (1️⃣ 2️⃣ …, ✅ ❌): a person's reaction with a key is the click. The
-- mapping lives here so that it survives restarts; `!click N` takes the newest list of a place.

CREATE TABLE offered_choices (
    -- The bot's message that offers the choices.
    message_id TEXT NOT NULL,
    -- 1, 2, … in the order listed.
    position   BIGINT NOT NULL,
    -- The reaction key that picks it.
    reaction   TEXT NOT NULL,
    -- Where the message is (a room, or a thread in it).
    place_id   TEXT NOT NULL,
    -- The choice's id (service::Choice::encode), a command bound to a board version.
    choice     TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (message_id, position)
);
CREATE INDEX offered_choices_place ON offered_choices (place_id, created_at);
