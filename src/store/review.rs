//! Engine reviews of finished games, kept once made (`/review`): the service writes and reads
//! their body as it likes; the store keeps which version of the game and which search budget
//! each was made at.

use sqlx::Row;

use super::{Store, StoreError};

/// A kept review.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct StoredReview {
    /// The game's version it reviewed.
    pub version: i64,
    /// The nodes each position's search was given.
    pub budget: i64,
    pub body: String,
}

impl Store {
    /// The review kept for game `game_id`, if any.
    pub async fn review(&self, game_id: i64) -> Result<Option<StoredReview>, StoreError> {
        let row = sqlx::query("SELECT version, budget, body FROM reviews WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(self.pool())
            .await?;
        row.map(|row| {
            Ok(StoredReview {
                version: row.try_get("version")?,
                budget: row.try_get("budget")?,
                body: row.try_get("body")?,
            })
        })
        .transpose()
    }

    /// Keeps the review of game `game_id`, replacing any earlier one.
    pub async fn save_review(&self, game_id: i64, review: &StoredReview) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO reviews (game_id, version, budget, body, made_at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game_id) DO UPDATE SET \
             version = excluded.version, budget = excluded.budget, body = excluded.body, \
             made_at = excluded.made_at",
        )
        .bind(game_id)
        .bind(review.version)
        .bind(review.budget)
        .bind(&review.body)
        .bind(super::now_ms())
        .execute(self.pool())
        .await?;
        Ok(())
    }
}
