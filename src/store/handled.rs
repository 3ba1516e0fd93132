//! Messages handled once, across a crash too. A platform that may hand the bot a message again
//! (Matrix resumes after a crash from the last sync position the bot saved, which is older than
//! the last one it saw) names each command by the message that gave it, its *source*. The
//! service runs the command inside `handling` (see `source`), and every write the command
//! makes records the source in the same transaction: after a crash the source is recorded
//! exactly when the command's change is. The adapter records a message once it has answered it
//! too (a command that writes nothing, a bare word that was no move), and skips a message found
//! recorded.
//!
//! Where an account resumes reading its events is kept here as well
//! ([`Store::resume_position`]): it moves on only once every event before it was handled.

use super::{Store, StoreError};

/// Records `source` as handled inside `tx`. A command that writes twice records it once.
pub(crate) async fn record(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    source: &str,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO handled_messages (source, handled_at) VALUES ($1, $2) \
         ON CONFLICT (source) DO NOTHING",
    )
    .bind(source)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl Store {
    /// Whether the message `source` was handled (its command's change written, or its answer
    /// given).
    pub async fn was_handled(&self, source: &str) -> Result<bool, StoreError> {
        let found: Option<i64> =
            sqlx::query_scalar("SELECT handled_at FROM handled_messages WHERE source = $1")
                .bind(source)
                .fetch_optional(self.pool())
                .await?;
        Ok(found.is_some())
    }

    /// Records that the message `source` was answered.
    pub async fn mark_handled(&self, source: &str) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        record(&mut tx, source, super::now_ms()).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Forgets the messages handled before `before` (milliseconds since 1970): none of them
    /// can be handed over again once the positions saved since are past them.
    pub async fn forget_handled_before(&self, before: i64) -> Result<u64, StoreError> {
        let _turn = self.write_turn().await;
        let done = sqlx::query("DELETE FROM handled_messages WHERE handled_at < $1")
            .bind(before)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected())
    }

    /// Where `account` resumes reading its events, when a position was saved.
    pub async fn resume_position(&self, account: &str) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT position FROM resume_positions WHERE account = $1")
                .bind(account)
                .fetch_optional(self.pool())
                .await?,
        )
    }

    /// Saves where `account` resumes: every event before `position` was handled.
    pub async fn save_resume_position(
        &self,
        account: &str,
        position: &str,
    ) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO resume_positions (account, position, saved_at) VALUES ($1, $2, $3) \
             ON CONFLICT (account) DO UPDATE SET position = excluded.position, \
             saved_at = excluded.saved_at",
        )
        .bind(account)
        .bind(position)
        .bind(super::now_ms())
        .execute(self.pool())
        .await?;
        Ok(())
    }
}
