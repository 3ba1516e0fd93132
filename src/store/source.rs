//! Which message's command the current task is handling (see `handled`): a leaf, so that the
//! records that carry it along and the store that writes it both import it without a cycle.

use std::future::Future;

tokio::task_local! {
    static HANDLING: String;
}

/// Runs `work` as the handling of the message `source` (when there is one): the game writes it
/// makes record the source in their transaction.
pub async fn handling<F: Future>(source: Option<String>, work: F) -> F::Output {
    match source {
        Some(source) => HANDLING.scope(source, work).await,
        None => work.await,
    }
}

/// The message whose command this task is handling, if any. Read when a write is prepared (a
/// commit may be written by another task's group commit, so it carries its source along).
pub(crate) fn current_source() -> Option<String> {
    HANDLING.try_with(Clone::clone).ok()
}
