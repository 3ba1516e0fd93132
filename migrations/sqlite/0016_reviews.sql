-- Engine reviews of finished games (sqlite). Keep in lockstep with ../postgres/0016_reviews.sql.
-- A review is made once, the first time someone asks (/review), and kept: asking again costs
-- nothing. It belongs to the game's version it reviewed.
CREATE TABLE reviews (
    game_id      BIGINT PRIMARY KEY,
    version      BIGINT NOT NULL,
    -- The search budget a position got, in nodes: a review made with another budget is redone.
    budget       BIGINT NOT NULL,
    -- The review itself (JSON: each position's evaluation, each move's loss and the engine's move).
    body         TEXT NOT NULL,
    made_at      BIGINT NOT NULL
);
