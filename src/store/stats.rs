//! A player's record in one server and game, for `/rating`: every value their rating took (the
//! `rating_history` table, one row per rated game, written with the rating), the opponents
//! they beat with those opponents' ratings at the time, and how long they took over each move.
//! Every read is of one server: a place's data belongs to that place.

use sqlx::Row;

use super::{Store, StoreError, records::RatingRow};
use crate::rules::GameId;

/// One value a player's rating took: after game `game_id`, or where the history starts for a
/// rating older than it (`None`).
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    pub game_id: Option<i64>,
    pub rating: f64,
    pub deviation: f64,
    /// When it changed (milliseconds since 1970).
    pub at: i64,
}

/// An opponent beaten in a rated game, with their rating just before it.
#[derive(Clone, Debug, PartialEq)]
pub struct Beaten {
    pub game_id: i64,
    pub finished_at: i64,
    pub user_id: String,
    pub name: String,
    /// Their rating before the game; `None` when they had none (a first game).
    pub rating_before: Option<f64>,
}

/// Writes the history row of `r`'s new rating, caused by `game_id`, inside the transaction
/// that writes the rating itself.
pub(super) async fn record(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    r: &RatingRow,
    game_id: i64,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO rating_history (server_id, variant, user_id, game_id, rating, deviation, \
         at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&r.server_id)
    .bind(r.variant.slug())
    .bind(&r.user_id)
    .bind(game_id)
    .bind(r.rating)
    .bind(r.deviation)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl Store {
    /// Every value `user_id`'s rating in `variant` took on `server_id`, oldest first.
    pub async fn rating_history(
        &self,
        server_id: &str,
        variant: GameId,
        user_id: &str,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        let rows = sqlx::query(
            "SELECT game_id, rating, deviation, at FROM rating_history \
             WHERE server_id = $1 AND variant = $2 AND user_id = $3 ORDER BY id",
        )
        .bind(server_id)
        .bind(variant.slug())
        .bind(user_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|row| {
                Ok(RatingPoint {
                    game_id: row.try_get("game_id")?,
                    rating: row.try_get("rating")?,
                    deviation: row.try_get("deviation")?,
                    at: row.try_get("at")?,
                })
            })
            .collect()
    }

    /// The opponents `user_id` beat in rated games of `variant` on `server_id` (each member of
    /// a beaten team), with their ratings before each game, by game. Games rated before the
    /// history was kept are not among them: nobody's rating at the time is known.
    pub async fn beaten(
        &self,
        server_id: &str,
        variant: GameId,
        user_id: &str,
    ) -> Result<Vec<Beaten>, StoreError> {
        let rows = sqlx::query(
            "SELECT res.game_id AS game_id, res.finished_at AS finished_at, \
             o.user_id AS user_id, COALESCE(pl.name, o.user_id) AS name, \
             (SELECT h.rating FROM rating_history h \
              WHERE h.server_id = res.server_id AND h.variant = res.variant \
              AND h.user_id = o.user_id AND h.id < oh.id \
              ORDER BY h.id DESC LIMIT 1) AS rating_before \
             FROM results res \
             JOIN participants me ON me.game_id = res.game_id AND me.user_id = $3 \
             AND me.side = res.winner \
             JOIN participants o ON o.game_id = res.game_id AND o.side <> me.side \
             JOIN rating_history oh ON oh.game_id = res.game_id AND oh.user_id = o.user_id \
             AND oh.server_id = res.server_id AND oh.variant = res.variant \
             LEFT JOIN players pl ON pl.user_id = o.user_id \
             WHERE res.server_id = $1 AND res.variant = $2 AND res.kind = 'win' \
             ORDER BY res.game_id, o.user_id",
        )
        .bind(server_id)
        .bind(variant.slug())
        .bind(user_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|row| {
                Ok(Beaten {
                    game_id: row.try_get("game_id")?,
                    finished_at: row.try_get("finished_at")?,
                    user_id: row.try_get("user_id")?,
                    name: row.try_get("name")?,
                    rating_before: row.try_get("rating_before")?,
                })
            })
            .collect()
    }

    /// How long `user_id` took over each of their moves in games of `variant` on
    /// `server_id` (rated or not, over or not), in milliseconds: from the line of the log
    /// before the move to the move.
    pub async fn move_times(
        &self,
        server_id: &str,
        variant: GameId,
        user_id: &str,
    ) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query(
            "SELECT m.at - p.at AS took FROM game_log m \
             JOIN game_log p ON p.game_id = m.game_id AND p.seq = m.seq - 1 \
             JOIN games g ON g.id = m.game_id \
             WHERE g.server_id = $1 AND g.variant = $2 AND m.user_id = $3 AND m.kind = 'move'",
        )
        .bind(server_id)
        .bind(variant.slug())
        .bind(user_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|row| Ok(row.try_get::<i64, _>("took")?))
            .collect()
    }
}
