-- Every rating change is kept (SQLite). Keep in lockstep with
-- ../postgres/0011_rating_history.sql.
-- `ratings` holds each player's rating now; this table holds every value it took: one row per
-- player and rated game, written in the transaction that finishes the game, with the rating
-- and deviation after it. `/rating` draws it and finds the best win in it (an opponent's
-- rating at the time is their row before the game's).
CREATE TABLE rating_history (
    -- The order of a player's rows (their ratings change one game at a time).
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id TEXT NOT NULL,
    variant   TEXT NOT NULL,
    user_id   TEXT NOT NULL,
    -- The game that caused the change; NULL for a starting row (below).
    game_id   BIGINT,
    rating    DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    at        BIGINT NOT NULL
);
CREATE INDEX rating_history_player ON rating_history (server_id, variant, user_id, id);
CREATE INDEX rating_history_game ON rating_history (game_id);

-- Ratings from before this table start with one row: their value when it last changed.
INSERT INTO rating_history (server_id, variant, user_id, game_id, rating, deviation, at)
SELECT server_id, variant, user_id, NULL, rating, deviation, updated_at
FROM ratings ORDER BY updated_at, server_id, variant, user_id;
