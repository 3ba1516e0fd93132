-- A list of choices seen from two places (SQLite). Keep in lockstep with
-- ../postgres/0007_choices_seen_from_the_room.sql.
-- On Matrix a game's thread starts from its challenge, which stays in the room's timeline too:
-- "!click 1" typed under it there must find its list, as it does in the thread.
ALTER TABLE offered_choices ADD COLUMN also_place_id TEXT;
CREATE INDEX offered_choices_also_place ON offered_choices (also_place_id, created_at);
