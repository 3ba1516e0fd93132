//! Team votes (games with `vote=on`, see `migrations/*/0004_timed_play.sql`): each member's
//! current vote for their side's move.

use super::{Store, StoreError};

/// One member's vote.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Vote {
    pub user_id: String,
    pub notation: String,
    /// The order votes were cast in, per game.
    pub seq: i64,
}

impl Store {
    /// Records `user_id`'s vote for `notation` in game `game_id` at `version`, replacing any
    /// earlier vote of theirs.
    pub async fn cast_vote(
        &self,
        game_id: i64,
        version: i64,
        user_id: &str,
        notation: &str,
    ) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO votes (game_id, user_id, version, notation, seq) VALUES ($1, $2, $3, $4, \
             (SELECT COALESCE(MAX(seq), 0) + 1 FROM votes WHERE game_id = $1)) \
             ON CONFLICT (game_id, user_id) DO UPDATE SET version = excluded.version, \
             notation = excluded.notation, seq = excluded.seq",
        )
        .bind(game_id)
        .bind(user_id)
        .bind(version)
        .bind(notation)
        .execute(self.pool())
        .await?;
        super::wrote();
        Ok(())
    }

    /// The votes cast on game `game_id` while it is at `version`, in the order they were cast.
    pub async fn votes_of(&self, game_id: i64, version: i64) -> Result<Vec<Vote>, StoreError> {
        let rows: Vec<(String, String, i64)> = sqlx::query_as(
            "SELECT user_id, notation, seq FROM votes WHERE game_id = $1 AND version = $2 \
             ORDER BY seq, user_id",
        )
        .bind(game_id)
        .bind(version)
        .fetch_all(self.pool())
        .await?;
        Ok(rows
            .into_iter()
            .map(|(user_id, notation, seq)| Vote {
                user_id,
                notation,
                seq,
            })
            .collect())
    }
}
