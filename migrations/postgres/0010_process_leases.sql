-- Claims held by live processes only (PostgreSQL). Keep in lockstep with
-- ../sqlite/0010_process_leases.sql.
-- A post or a timer is claimed for as long as handling it may take (a post two minutes: a slow
-- upload, a command's own answer). A process that died kept its claims that long, and a board
-- waited that long after a restart. Now each bot process has a lease here, which it renews
-- every two seconds and removes when it stops cleanly; a claim names its process, and another
-- process takes it when its time runs out or as soon as that process's lease does.
CREATE TABLE processes (
    -- Never reused: a restarted process is a new owner, whose predecessor's claims are free.
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    started_at  BIGINT NOT NULL,
    -- The process is alive until this time (by the service's clock), unless it renews.
    alive_until BIGINT NOT NULL
);

-- The process whose claim `claimed_until` is (NULL: none, or a claim made before this table).
ALTER TABLE outbox ADD COLUMN claimed_by BIGINT;
ALTER TABLE timers ADD COLUMN claimed_by BIGINT;
