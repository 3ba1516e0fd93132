-- Messages handled once across a crash (PostgreSQL). Keep in lockstep with
-- ../sqlite/0009_handled_messages.sql.
-- A platform that may hand the bot a message again after a crash (Matrix resumes from the last
-- sync position the bot saved, which is older than the last one it saw) names each command by
-- the message that gave it. A command's writes record the message here in their own
-- transaction, and the adapter records a message once it has answered it: a message found here
-- is not handled again.
CREATE TABLE handled_messages (
    -- The platform's id of the message, with the platform's name in front ("matrix:$abc").
    source     TEXT PRIMARY KEY,
    -- When (milliseconds since 1970); rows older than any position a platform resumes from
    -- are forgotten.
    handled_at BIGINT NOT NULL
);
CREATE INDEX handled_messages_at ON handled_messages (handled_at);

-- Where a chat account resumes reading its events after a restart, saved only once every event
-- before it was handled (Matrix: a sync token).
CREATE TABLE resume_positions (
    account  TEXT PRIMARY KEY,
    position TEXT NOT NULL,
    saved_at BIGINT NOT NULL
);
