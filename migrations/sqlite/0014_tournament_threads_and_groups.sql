-- Tournament threads and Catalonia's duplicate groups (sqlite). Keep in lockstep with
-- ../postgres/0014_tournament_threads_and_groups.sql.

-- Where a tournament's news (its rounds and standings) is posted: the thread the adapter
-- opened from its announcement (Discord, Matrix). NULL: the tournament's place itself.
ALTER TABLE tournaments ADD COLUMN news_place TEXT;

-- A duplicate event's group (Catalonia): the players who named the same group play one game
-- together. NULL before the start means a group of one; the start writes every group's name.
-- A duplicate board's white column holds its group's name, and black is empty.
ALTER TABLE tournament_players ADD COLUMN team TEXT;
