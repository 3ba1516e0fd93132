//! What an adapter needs to resume after a crash without losing or repeating a command: which
//! messages were handled (a command's writes record its message in their own transaction, see
//! `store::handling`), and where its account resumes reading events. Old records are forgotten
//! after [`HANDLED_KEPT`].

use std::time::Duration;

use super::base::Service;
use crate::store::StoreError;

/// How long a handled message is remembered: far longer than any gap between a position saved
/// and the events after it being handled, so only messages no platform can hand over again
/// are forgotten. Counted by the wall clock, as the records' times are (not the service's
/// clock, which tests move by hand).
pub const HANDLED_KEPT: Duration = Duration::from_secs(7 * 24 * 3600);

impl Service {
    /// Whether the message `source` was handled already. A database that cannot answer counts
    /// as "no": the message is handled, rather than lost.
    pub async fn was_handled(&self, source: &str) -> bool {
        match self.store.was_handled(source).await {
            Ok(handled) => handled,
            Err(error) => {
                tracing::warn!(%error, "cannot tell whether a message was handled");
                false
            }
        }
    }

    /// Records that the message `source` was answered (a command that wrote has recorded it
    /// with its change already).
    pub async fn mark_handled(&self, source: &str) {
        if let Err(error) = self.store.mark_handled(source).await {
            tracing::warn!(%error, "cannot record a handled message");
        }
    }

    /// Where `account` resumes reading its events, when it saved a position.
    pub async fn resume_position(&self, account: &str) -> Result<Option<String>, StoreError> {
        self.store.resume_position(account).await
    }

    /// Saves where `account` resumes: every event before `position` was handled.
    pub async fn save_resume_position(
        &self,
        account: &str,
        position: &str,
    ) -> Result<(), StoreError> {
        self.store.save_resume_position(account, position).await
    }

    /// Forgets the messages handled longer ago than `HANDLED_KEPT` (a week).
    pub async fn forget_old_handled(&self) -> Result<u64, StoreError> {
        let kept = i64::try_from(HANDLED_KEPT.as_millis()).unwrap_or(i64::MAX);
        let before = crate::store::now_ms().saturating_sub(kept);
        self.store.forget_handled_before(before).await
    }
}
