-- A game's posts in order (PostgreSQL). Keep in lockstep with ../sqlite/0008_outbox_in_order.sql.
-- A waiting post goes out only once every earlier post of its game is done: the delivery loop
-- looks up a game's earlier waiting posts, which this index finds without reading them all.
CREATE INDEX outbox_game_waiting ON outbox (game_id, platform, delivered_at, dropped);
