-- Every write of a game counts (PostgreSQL). Keep in lockstep with ../sqlite/0006_game_revision.sql.
-- A game's version is the length of its log, so a write that adds no line (a game moved to its
-- thread, an offer made) left it as it was: a write prepared before such a change still found
-- the version it read and put the old values back. Writes now check the revision, which every
-- write bumps; the version still names a board, so buttons stay good across such changes.
ALTER TABLE games ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
