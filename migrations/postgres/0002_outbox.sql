-- The outbox (postgres). Keep in lockstep with ../sqlite/0002_outbox.sql.
-- Everything the bot must post in a chat (a board after a move, later a reminder) is a row
-- here, written in the same transaction as the change that causes it. A delivery loop posts
-- the rows that are due and marks each delivered once; a failed post is retried with backoff
-- (due_at moves on), and a post whose channel is gone is dropped with the reason.

CREATE TABLE outbox (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- The chat platform that posts it (discord, matrix): each bot process delivers its own.
    platform      TEXT NOT NULL,
    game_id       BIGINT NOT NULL REFERENCES games (id),
    -- The game's version the post shows; a post for a version the game has left is posted
    -- without its (stale) board and buttons.
    version       BIGINT NOT NULL,
    kind          TEXT NOT NULL,
    -- What happened, as the people in the channel read it.
    text          TEXT NOT NULL,
    -- The user ids to mention, as a JSON list; NULL: whoever must act at that version.
    notify        TEXT,
    with_board    BIGINT NOT NULL,
    -- Not before this time (the backoff after a failure, or a reminder's time).
    due_at        BIGINT NOT NULL,
    -- A process is posting it until this time (0: nobody); a crashed poster's claim runs out.
    claimed_until BIGINT NOT NULL,
    attempts      BIGINT NOT NULL,
    last_error    TEXT,
    delivered_at  BIGINT,
    dropped       TEXT,
    created_at    BIGINT NOT NULL
);
CREATE UNIQUE INDEX outbox_post ON outbox (game_id, version, kind);
CREATE INDEX outbox_waiting ON outbox (platform, delivered_at, dropped, due_at);
