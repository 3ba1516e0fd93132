//! What `chatrang export` reads: the finished games, of one server or of all.

use super::{Store, StoreError};

impl Store {
    /// The games that are over (`cancelled` challenges never started and are left out) in
    /// `server`, or in every server for `None`, oldest first.
    pub async fn finished_game_ids(&self, server: Option<&str>) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT id FROM games WHERE state = 'over' AND ($1 = '' OR server_id = $1) \
             ORDER BY id",
        )
        .bind(server.unwrap_or(""))
        .fetch_all(self.pool())
        .await?)
    }

    /// The servers that have finished games, with how many, in the order of their ids.
    pub async fn servers_with_finished_games(&self) -> Result<Vec<(String, i64)>, StoreError> {
        let rows: Vec<(String, i64)> = sqlx::query_as(
            "SELECT server_id, COUNT(*) FROM games WHERE state = 'over' GROUP BY server_id \
             ORDER BY server_id",
        )
        .fetch_all(self.pool())
        .await?;
        Ok(rows)
    }

    /// When game `id`'s result was written, if it has one.
    pub async fn finished_at(&self, id: i64) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT finished_at FROM results WHERE game_id = $1")
                .bind(id)
                .fetch_optional(self.pool())
                .await?,
        )
    }
}
