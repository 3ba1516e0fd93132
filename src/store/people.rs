//! Players (a user id and the name to show) and the participants of each game.

use sqlx::Row;

use super::{
    Store, StoreError,
    records::{Participant, parse_side},
};

impl Store {
    /// Records a user's current display name (adapters call this on every command).
    pub async fn upsert_player(&self, user_id: &str, name: &str) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO players (user_id, name, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, \
             updated_at = excluded.updated_at",
        )
        .bind(user_id)
        .bind(name)
        .bind(super::now_ms())
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// The name to show for a user, if the store has seen them.
    pub async fn player_name(&self, user_id: &str) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT name FROM players WHERE user_id = $1")
                .bind(user_id)
                .fetch_optional(self.pool())
                .await?,
        )
    }

    /// The people in a game, in the order they joined.
    pub async fn participants(&self, game_id: i64) -> Result<Vec<Participant>, StoreError> {
        let rows = sqlx::query(
            "SELECT p.user_id AS user_id, COALESCE(pl.name, p.user_id) AS name, p.side AS side \
             FROM participants p LEFT JOIN players pl ON pl.user_id = p.user_id \
             WHERE p.game_id = $1 ORDER BY p.joined_at, p.user_id",
        )
        .bind(game_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|row| {
                let side: String = row.try_get("side")?;
                Ok(Participant {
                    user_id: row.try_get("user_id")?,
                    name: row.try_get("name")?,
                    side: parse_side(&side).ok_or_else(|| {
                        StoreError::Corrupt(format!("side \"{side}\" in game {game_id}"))
                    })?,
                })
            })
            .collect()
    }
}
