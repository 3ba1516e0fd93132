-- A server's own variants (sqlite). Keep in lockstep with ../postgres/0017_variants.sql.
-- /variant new saves a definition under a name; saving the name again adds a version, so every
-- version stays readable (a game carries its own copy of the definition it began with).
CREATE TABLE variants (
    server_id    TEXT NOT NULL,
    -- The name as people type it: lower case, spaces as hyphens (nightrider-chess).
    name_key     TEXT NOT NULL,
    version      BIGINT NOT NULL,
    -- The name as its author wrote it (Nightrider chess).
    name         TEXT NOT NULL,
    -- The canonical text of the definition, as the rules read it back.
    definition   TEXT NOT NULL,
    author       TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    -- When /variant delete removed it (milliseconds since 1970); NULL while it is offered.
    deleted_at   BIGINT,
    PRIMARY KEY (server_id, name_key, version)
);
